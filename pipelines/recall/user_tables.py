"""One user's rows of a snapshot version, loaded once for recall: DuckDB tables that rank them, their
unit vectors as a numpy matrix, what a result shows as an Arrow table, all indexed by `rid`."""

from __future__ import annotations

from dataclasses import dataclass

import duckdb
import numpy as np
import pyarrow as pa

from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.core.topics import SINGLE_VALUED_TOPICS
from pipelines.index.tokens import terms
from pipelines.recall.sql import DETAIL_COLUMNS, LOAD_TERMS_SQL, LOAD_USER_SQL, USER_TABLE_SQL
from pipelines.store.snapshots import SnapshotStore


@dataclass(frozen=True)
class UserTables:
    """One user's rows of one version: the DuckDB tables that rank them, the term ids of `terms`, the unit
    vectors and what a result shows (DETAIL_COLUMNS) by rid, the speakers' ids by their index terms."""

    memories: str
    terms: str
    term_ids: dict[str, int]
    matrix: np.ndarray
    details: pa.Table
    speakers: dict[frozenset[str], int]
    # per rid, the rids of the episode's previous and next turn in its session (-1: none; distilled memories)
    turns: np.ndarray


def load_user_tables(
    con: duckdb.DuckDBPyConnection,
    store: SnapshotStore,
    version: int,
    user_id: str,
    agent_id: str | None,
    n: int,
    episode_weight: float,
    bm25_k1: float,
    bm25_b: float,
) -> UserTables:
    """Loads one user's rows of `version` (only `agent_id`'s when given) into tables suffixed `n` on `con`
    (the caller drops them)."""
    memories, terms_table = f"user_memories_{n}", f"user_terms_{n}"
    params = {"path": str(store.memories_path(version)), "user": user_id, "agent": agent_id}
    rows = con.sql(LOAD_USER_SQL, params=params).to_arrow_table()
    for optional in ("mood", "role"):  # versions written before episodes carried their mood and their speaker's role
        if optional not in rows.column_names:
            rows = rows.append_column(optional, pa.nulls(rows.num_rows, pa.string()))
    speaker_ids, speakers = _speakers(rows)
    con.register(f"user_rows_{n}", rows.append_column("speaker_id", speaker_ids))
    con.execute(
        USER_TABLE_SQL.format(memories=memories, rows=f"user_rows_{n}"),
        {"single_topics": sorted(SINGLE_VALUED_TOPICS), "episode_weight": episode_weight},
    )
    con.unregister(f"user_rows_{n}")
    term_ids = _load_terms(con, store, version, user_id, terms_table, memories, bm25_k1, bm25_b)
    turns = con.execute(
        f"SELECT coalesce(prev_turn, -1) AS prev, coalesce(next_turn, -1) AS next FROM {memories} ORDER BY rid"
    ).fetchnumpy()
    neighbours = np.stack([np.asarray(turns["prev"]), np.asarray(turns["next"])], axis=1).astype(np.int64)
    return UserTables(memories, terms_table, term_ids, _unit_matrix(rows), _details_by_rid(rows), speakers, neighbours)


def drop_user_tables(con: duckdb.DuckDBPyConnection, tables: UserTables) -> None:
    con.execute(f"DROP TABLE {tables.memories}")
    con.execute(f"DROP TABLE {tables.terms}")


def _load_terms(
    con: duckdb.DuckDBPyConnection,
    store: SnapshotStore,
    version: int,
    user_id: str,
    table: str,
    memories: str,
    k1: float,
    b: float,
) -> dict[str, int]:
    path = store.postings_path(version)
    if path.exists():
        con.execute(
            LOAD_TERMS_SQL.format(terms=table, memories=memories),
            {"path": str(path), "user": user_id, "k1": k1, "b": b},
        )
    else:  # a version written before postings existed: vector recall only
        con.execute(f"CREATE TABLE {table} (term_id INTEGER, term VARCHAR, rids INTEGER[], weights DOUBLE[])")
    return dict(con.execute(f"SELECT term, term_id FROM {table}").fetchall())


def _speakers(rows: pa.Table) -> tuple[pa.Array, dict[frozenset[str], int]]:
    """Who said each episode as an id (distilled memories: null), and the ids by the speaker's index terms.

    An episode's first keyword is its speaker; a query containing all of the speaker's terms favours it.
    """
    kinds, keywords = rows.column("kind").to_pylist(), rows.column("keywords").to_pylist()
    ids: dict[frozenset[str], int] = {}
    column = []
    for kind, words in zip(kinds, keywords, strict=True):
        speaker = frozenset(terms(words[0])) if kind == "episode" and words else frozenset()
        column.append(ids.setdefault(speaker, len(ids)) if speaker else None)
    return pa.array(column, type=pa.int32()), ids


def _details_by_rid(rows: pa.Table) -> pa.Table:
    """What a result shows, row i being rid i (so `take(rids)` reads a result's row)."""
    return rows.select(["rid", *DETAIL_COLUMNS]).sort_by("rid").drop_columns(["rid"]).combine_chunks()


def _unit_matrix(rows: pa.Table) -> np.ndarray:
    """The user's vectors as a (rows, dim) float32 matrix indexed by rid, each row L2-normalised."""
    rids = rows.column("rid").to_numpy()
    flat = rows.column("embedding").combine_chunks()
    vectors = (
        flat.values.to_numpy(zero_copy_only=False).reshape(len(flat), EMBEDDING_DIM).astype(np.float32, copy=False)
    )
    norms = np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    matrix = np.empty_like(vectors)
    matrix[rids] = vectors / norms
    return matrix
