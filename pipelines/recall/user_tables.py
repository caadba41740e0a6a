"""One user's rows of a snapshot version, loaded once for recall: the numpy columns and postings that rank
them, their unit vectors as a matrix, what a result shows as an Arrow table, all indexed by `rid`."""

from __future__ import annotations

from dataclasses import dataclass

import duckdb
import numpy as np
import polars as pl
import pyarrow as pa

from pipelines.core.schemas import EMBEDDING_DIM, MEMORY_SCHEMA
from pipelines.index.tokens import terms
from pipelines.recall.params import RecallParams
from pipelines.recall.query_dates import SAYS_WHEN
from pipelines.recall.ranking import MENTION_TOPICS, Postings, RankColumns, follow_ups
from pipelines.recall.sql import DETAIL_COLUMNS, LOAD_USER_SQL, POSTING_WEIGHTS_SQL, RANK_COLUMNS_SQL
from pipelines.store.snapshots import SnapshotStore


@dataclass(frozen=True)
class UserTables:
    """One user's rows of one version: the columns and postings that rank them, the term ids of `postings`,
    the unit vectors and what a result shows (DETAIL_COLUMNS) by rid, the speakers' ids by their index terms."""

    columns: RankColumns
    postings: Postings
    term_ids: dict[str, int]
    matrix: np.ndarray
    details: pa.Table
    speakers: dict[frozenset[str], int]
    people: frozenset[int]  # the speakers who spoke as users (not as the assistant)


def load_user_tables(
    con: duckdb.DuckDBPyConnection,
    store: SnapshotStore,
    version: int,
    user_id: str,
    agent_id: str | None,
    params: RecallParams,
) -> UserTables:
    """Loads one user's rows of `version` (only `agent_id`'s when given) through `con`."""
    where = {"path": str(store.memories_path(version, user_id=user_id)), "user": user_id, "agent": agent_id}
    rows = _decayed(con.sql(LOAD_USER_SQL, params=where).to_arrow_table(), store, version)
    # versions written before episodes carried their mood, their speaker's role and what they state in passing
    for optional in ("mood", "role", "mentions"):
        if optional not in rows.column_names:
            rows = rows.append_column(optional, pa.nulls(rows.num_rows, MEMORY_SCHEMA.field(optional).type))
    speaker_ids, speakers, people = _speakers(rows)
    con.register("recalled_rows", rows.append_column("speaker_id", speaker_ids))
    try:
        ranked = con.sql(
            RANK_COLUMNS_SQL.format(rows="recalled_rows"),
            params={
                "single_topics": MENTION_TOPICS,  # (sorted: a topic's place is its bit in mention_bits)
                "episode_weight": params.episode_weight,
                "says_when": SAYS_WHEN,
            },
        ).to_arrow_table()
        term_ids, postings, own_terms = _postings(
            con, store, version, user_id, rows.num_rows, params.bm25_k1, params.bm25_b
        )
    finally:
        con.unregister("recalled_rows")
    columns = rank_columns(ranked, _brevity(ranked, own_terms, params.brief_terms))
    return UserTables(columns, postings, term_ids, _unit_matrix(rows), _details_by_rid(rows), speakers, people)


def _brevity(ranked: pa.Table, own_terms: np.ndarray, brief_terms: float) -> np.ndarray:
    """Per rid, the share of an episode's weight its words earn: a message of fewer than `brief_terms` telling
    terms ("cool", "好 晚点发") says less than its context, which its vector carries (RecallParams.brief_terms)."""
    if brief_terms <= 0:
        return np.ones(len(own_terms))
    episodes = ranked.column("kind").to_numpy(zero_copy_only=False) == "episode"
    return np.where(episodes, np.minimum(1.0, own_terms / brief_terms), 1.0)


def rank_columns(ranked: pa.Table, brevity: np.ndarray) -> RankColumns:
    """RANK_COLUMNS_SQL's rows (ordered by rid) as numpy arrays, strings as codes; `brevity` scales the prior."""
    kind, kinds = _codes(ranked.column("kind"))
    agent, agents = _codes(ranked.column("agent_id"))
    topic, topics = _codes(ranked.column("topic"))
    is_assistant = _flags(ranked, "is_assistant")
    turns = np.stack(
        [_numbers(ranked, name, np.int64, -1) for name in ("prev_turn", "next_turn", "prev_turn_2", "next_turn_2")],
        axis=1,
    )
    return RankColumns(
        confidence=_numbers(ranked, "confidence", np.float64, -np.inf),
        kind=kind,
        kinds=kinds,
        agent=agent,
        agents=agents,
        topic=topic,
        topics=topics,
        mood=_numbers(ranked, "mood_code", np.int8, 0),
        is_assistant=is_assistant,
        says_when=_flags(ranked, "says_when"),
        valid_from=_numbers(ranked, "valid_from_s", np.float64, np.inf),
        valid_to=_numbers(ranked, "valid_to_s", np.float64, np.inf),
        expires=_numbers(ranked, "expires_s", np.float64, np.inf),
        current_visible=_flags(ranked, "current_visible"),
        said_before=_flags(ranked, "said_before"),
        single_slot=_flags(ranked, "single_slot"),
        retraction=_flags(ranked, "retraction"),
        unmerged=ranked.column("merged_into").is_null().to_numpy(zero_copy_only=False),
        timeline_rank=_numbers(ranked, "timeline_rank", np.int64, 0),
        slot_group=_numbers(ranked, "slot_group", np.int64, 0),
        prior=_numbers(ranked, "prior", np.float64, 0.0) * brevity,
        speaker=_numbers(ranked, "speaker_id", np.int64, -1),
        id_order=_numbers(ranked, "id_order", np.int64, 0),
        turns=turns,
        follow_up=follow_ups(is_assistant, turns, topic == topics.get("episode", -1)),
        mentions=_numbers(ranked, "mention_bits", np.int64, 0),
    )


def _decayed(rows: pa.Table, store: SnapshotStore, version: int) -> pa.Table:
    """The rows with strength as of the version's decay day (a shard a night did not rewrite keeps its anchors)."""
    if rows.num_rows == 0:
        return rows
    frame = store.decayed(pl.from_arrow(rows), version)  # type: ignore[arg-type]
    return rows.set_column(rows.schema.get_field_index("strength"), "strength", frame["strength"].to_arrow())


def _postings(
    con: duckdb.DuckDBPyConnection, store: SnapshotStore, version: int, user_id: str, rows: int, k1: float, b: float
) -> tuple[dict[str, int], Postings, np.ndarray]:
    """The user's BM25 postings as a CSR index, each term's index into it, and per rid how many telling terms its
    own words have (a context term counts 0.5, pipelines.index.postings)."""
    path = store.postings_path(version, user_id=user_id)
    if not path.exists():  # a version written before postings existed: vector recall only
        return {}, Postings(np.zeros(1, np.int64), np.zeros(0, np.int64), np.zeros(0)), np.zeros(rows)
    flat = con.sql(
        POSTING_WEIGHTS_SQL.format(rows="recalled_rows"), params={"path": str(path), "user": user_id, "k1": k1, "b": b}
    ).to_arrow_table()
    flat = flat.filter(flat.column("telling"))
    term_of_posting, words = _codes(flat.column("term"))  # in term order, so each term's postings are contiguous
    starts = np.searchsorted(term_of_posting, np.arange(len(words) + 1))
    rids = _numbers(flat, "rid", np.int64, -1)
    own = _numbers(flat, "tf", np.float64, 0.0) >= 1
    own_terms = np.bincount(rids[own], weights=_numbers(flat, "word_share", np.float64, 1.0)[own], minlength=rows)
    return words, Postings(starts, rids, _numbers(flat, "weight", np.float64, 0.0)), own_terms


def _codes(column: pa.ChunkedArray) -> tuple[np.ndarray, dict[str, int]]:
    """Each value's code, and the codes by value (dictionary order: first appearance)."""
    encoded = column.combine_chunks().dictionary_encode()
    codes = encoded.indices.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)
    return codes, {value: i for i, value in enumerate(encoded.dictionary.to_pylist())}


def _numbers(table: pa.Table, name: str, dtype: type, missing: float) -> np.ndarray:
    return table.column(name).fill_null(missing).to_numpy().astype(dtype)


def _flags(table: pa.Table, name: str) -> np.ndarray:
    return table.column(name).fill_null(False).to_numpy(zero_copy_only=False).astype(bool)


def _speakers(rows: pa.Table) -> tuple[pa.Array, dict[frozenset[str], int], frozenset[int]]:
    """Who said each episode as an id (distilled memories: null), the ids by the speaker's index terms, and the
    ids of those who spoke as users.

    An episode's first keyword is its speaker; a query containing all of the speaker's terms favours it.
    """
    kinds, keywords = rows.column("kind").to_pylist(), rows.column("keywords").to_pylist()
    roles = rows.column("role").to_pylist()
    ids: dict[frozenset[str], int] = {}
    column, people = [], set()
    for kind, words, role in zip(kinds, keywords, roles, strict=True):
        speaker = frozenset(terms(words[0])) if kind == "episode" and words else frozenset()
        column.append(ids.setdefault(speaker, len(ids)) if speaker else None)
        if speaker and role != "assistant":
            people.add(ids[speaker])
    return pa.array(column, type=pa.int32()), ids, frozenset(people)


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
