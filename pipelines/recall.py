"""Recall for agent processes: read-only DuckDB over the latest published snapshot.

One query ranks a user's visible memories twice (cosine to the query vector, BM25 over the snapshot's
postings), fuses the ranks (RRF) and weights them by strength, confidence and freshness; docs/recall.md.
"""
from __future__ import annotations

import functools
import logging
import os
import threading
from collections import OrderedDict
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

import duckdb
import numpy as np
import pyarrow as pa

from pipelines.access import AccessLog
from pipelines.schemas import EMBEDDING_DIM
from pipelines.store import SnapshotStore
from pipelines.tokens import terms
from pipelines.topics import SINGLE_VALUED_TOPICS

log = logging.getLogger(__name__)
RECORD_ACCESS_ENV = "MEMORY_RECORD_ACCESS"


class EmbeddingModelMismatchError(RuntimeError):
    """The query would be embedded by another model than the snapshot's vectors."""


@dataclass(frozen=True)
class RecallParams:
    half_life_days: float = 30.0
    # Share of the weight that freshness controls: recency reorders near ties instead of burying an
    # old but exact answer (0 = ignore age, 1 = score halves every half-life); docs/recall.md measures it.
    recency_weight: float = 0.05
    min_confidence: float = 0.0
    # A raw message scores below the distilled memory it produced when both match a query equally.
    episode_weight: float = 0.8
    # Reciprocal rank fusion constant (Cormack et al. 2009 use 60 for many runs); with two lists a smaller
    # one keeps the head of each list decisive (docs/recall.md: 10-30 measured alike, 60 lower).
    rrf_k: float = 20.0
    bm25_k1: float = 1.2
    bm25_b: float = 0.75
    # Factor for an episode whose speaker the query names (docs/recall.md measures 1.1-1.5 alike).
    speaker_boost: float = 1.25
    # How deep each ranked list goes before fusion; a memory below it on both lists is not recalled.
    candidates: int = 200
    # Maximal marginal relevance over the fused top candidates; None keeps the fused order.
    mmr_lambda: float | None = None
    mmr_pool: int = 4


@dataclass(frozen=True)
class RecalledMemory:
    memory_id: str
    kind: str
    topic: str
    content: str
    score: float
    similarity: float | None
    relevance: float | None
    strength: float
    freshness: float
    confidence: float
    valid_from: datetime
    valid_to: datetime | None
    expires_at: datetime | None
    source_message_ids: list[str]
    agent_id: str
    user_id: str
    keyword: float = 0.0
    fused: float = 0.0

    def to_json(self) -> dict[str, Any]:
        row = asdict(self)
        for key in ("valid_from", "valid_to", "expires_at"):
            row[key] = row[key].isoformat() if row[key] else None
        return row


# What a recall may see; the kind and agent tests are left out when the caller does not filter on them.
# Times are epoch seconds (`*_s` columns, precomputed when the user is loaded; a missing end is +infinity).
_VISIBLE = """m.confidence >= $min_confidence{kind_filter}{agent_filter}
      AND m.valid_from_s <= $at AND m.expires_s > $at"""
# As of a moment: the memories true then, one per single-valued topic (the one that became true last).
_VISIBLE_AS_OF_CTE = """shadowed AS (
    SELECT rid FROM {memories} m
    WHERE m.single_slot AND m.merged_into IS NULL AND {visible} AND m.valid_to_s > $at
    QUALIFY row_number() OVER (PARTITION BY m.agent_id, m.topic ORDER BY m.valid_from DESC, m.confidence DESC, m.memory_id) > 1
), visible AS MATERIALIZED (
    SELECT rid FROM {memories} m
    WHERE m.merged_into IS NULL AND {visible} AND m.valid_to_s > $at AND m.rid NOT IN (SELECT rid FROM shadowed)
)"""
# Now: the current state, its shadowing precomputed when the user was loaded (_USER_TABLE_SQL).
_VISIBLE_NOW_CTE = """visible AS MATERIALIZED (
    SELECT rid FROM {memories} m WHERE m.current_visible AND {visible}
)"""
_KIND_FILTER = "\n      AND list_contains($kinds, m.kind)"
_AGENT_FILTER = "\n      AND m.agent_id = $agent"

# Vector list: one call of a vectorised UDF with the visible rows' ids; numpy ranks them by cosine (stored
# and query vectors are unit length, so one matrix-vector product) and returns the top $depth with ranks.
_VECTOR_HITS = """vector_hits AS (
    SELECT unnest(vector_top(list(rid), $depth), recursive := true) FROM visible
)"""
# Keyword list: BM25 (Robertson & Zaragoza 2009) from the postings of the query's terms; each posting's
# term weight was computed when the user was loaded, `{term_ids}` are the query terms' ids in {terms}.
_KEYWORD_HITS = """keyword_hits AS (
    SELECT rid, keyword, row_number() OVER (ORDER BY keyword DESC, rid) AS keyword_rank
    FROM (SELECT rid, sum(weight) AS keyword
          FROM (SELECT unnest(rids) AS rid, unnest(weights) AS weight FROM {terms} WHERE term_id IN ({term_ids}))
          WHERE rid IN (SELECT rid FROM visible)
          GROUP BY rid ORDER BY keyword DESC, rid LIMIT $depth)
)"""
# Reciprocal rank fusion (Cormack et al. 2009) of the lists the query has.
_FUSED = {
    (True, True): """fused AS (
    SELECT rid, v.similarity, coalesce(k.keyword, 0.0) AS keyword,
           coalesce(1.0 / ($rrf_k + v.vector_rank), 0) + coalesce(1.0 / ($rrf_k + k.keyword_rank), 0) AS fused
    FROM vector_hits v FULL OUTER JOIN keyword_hits k USING (rid)
)""",
    (True, False): """fused AS (
    SELECT rid, similarity, 0.0 AS keyword, 1.0 / ($rrf_k + vector_rank) AS fused FROM vector_hits
)""",
    (False, True): """fused AS (
    SELECT rid, NULL::FLOAT AS similarity, keyword, 1.0 / ($rrf_k + keyword_rank) AS fused FROM keyword_hits
)""",
}
# The ranked rows' ids and scores; what a result shows besides (content, provenance, times) is read from
# the user's rows by rid in Python, which measured ≈1.5 ms less than carrying it through the joins.
_SCORED = """
SELECT rid,
       f.fused * m.prior * (1 - $recency + $recency * {freshness}){speaker} AS score,
       f.similarity,
       -- cosine rescaled above the embedder's background level: e5 puts unrelated text near 0.8
       greatest(f.similarity - $floor, 0) / (1 - $floor) AS relevance,
       {freshness} AS freshness, f.keyword, f.fused
FROM fused f JOIN {memories} m USING (rid)
ORDER BY score DESC, m.memory_id LIMIT $limit
"""
# A query naming who said an episode ("what did Caroline research?") favours what they said.
_SPEAKER = "\n           * (CASE WHEN list_contains($speakers, m.speaker_id) THEN $speaker_boost ELSE 1 END)"
_FRESHNESS = "pow(0.5, greatest($at - m.valid_from_s, 0) / 86400.0 / $half_life)"


def recall_sql(memories: str, terms: str, term_ids: Sequence[int], as_of: bool, use_vectors: bool,
               kinds: bool, agent: bool, speakers: bool) -> str:
    """The recall statement for one user's tables and the query's shape (only the lists it has)."""
    visible = _VISIBLE.format(kind_filter=_KIND_FILTER if kinds else "", agent_filter=_AGENT_FILTER if agent else "")
    ctes = [(_VISIBLE_AS_OF_CTE if as_of else _VISIBLE_NOW_CTE).format(memories=memories, visible=visible)]
    use_keywords = bool(term_ids) or not use_vectors
    if use_vectors:
        ctes.append(_VECTOR_HITS)
    if use_keywords:
        ctes.append(_KEYWORD_HITS.format(terms=terms, term_ids=", ".join(str(int(i)) for i in term_ids) or "NULL"))
    ctes.append(_FUSED[(use_vectors, use_keywords)])
    return "WITH " + ",\n".join(ctes) + _SCORED.format(memories=memories, freshness=_FRESHNESS,
                                                         speaker=_SPEAKER if speakers else "")


VECTOR_TOP_TYPE = "STRUCT(rid INTEGER, similarity FLOAT, vector_rank INTEGER)[]"
VECTOR_TOP_ARROW_TYPE = pa.list_(pa.struct([("rid", pa.int32()), ("similarity", pa.float32()),
                                            ("vector_rank", pa.int32())]))
# The statement shares its CTEs by hand and joins a few hundred rows: these passes cost more planning time
# than they save (common_subplan alone was ≈4 ms a query); docs/recall.md.
RECALL_DISABLED_OPTIMIZERS = ",".join([
    "common_subplan", "join_order", "statistics_propagation", "common_subexpressions", "projection_pullup",
    "self_join_aggregate", "window_self_join", "aggregate_reuse", "duplicate_groups",
])

ALL_KINDS = ("fact", "preference", "skill", "task", "decision", "episode")


# A survivor of near-duplicate merging is presented with its group's union of provenance and highest
# confidence; the stored rows stay as stated (pipelines.merge).
_LOAD_USER_SQL = f"""
WITH mine AS (SELECT * FROM read_parquet($path) WHERE user_id = $user),
groups AS (
    SELECT coalesce(merged_into, memory_id) AS memory_id,
           list_sort(list_distinct(flatten(list(source_message_ids)))) AS group_sources,
           max(confidence) AS group_confidence
    FROM mine GROUP BY ALL
)
SELECT (row_number() OVER () - 1)::INTEGER AS rid, mine.* REPLACE (
    embedding::FLOAT[{EMBEDDING_DIM}] AS embedding,
    coalesce(groups.group_sources, mine.source_message_ids) AS source_message_ids,
    coalesce(groups.group_confidence, mine.confidence) AS confidence)
FROM mine LEFT JOIN groups USING (memory_id)
"""

# The ranking columns of the user's rows. `current_visible` precomputes the current state's shadowing: a
# current memory, and on a single-valued topic the newest current one (after resolution there is only one;
# see pipelines.invariants). Times become epoch seconds (an open end is +infinity); `prior` is the part of
# the weight that does not depend on the query: strength × confidence × the episode weight.
_USER_TABLE_SQL = """
CREATE TABLE {memories} AS
WITH flagged AS (
    SELECT rid, memory_id, agent_id, kind, topic, confidence, merged_into, speaker_id,
        kind <> 'episode' AND list_contains($single_topics, topic) AS single_slot,
        valid_to IS NULL AND merged_into IS NULL AS is_current,
        valid_from,
        epoch(valid_from) AS valid_from_s,
        coalesce(epoch(valid_to), 'infinity'::DOUBLE) AS valid_to_s,
        coalesce(epoch(expires_at), 'infinity'::DOUBLE) AS expires_s,
        strength * confidence * (CASE WHEN kind = 'episode' THEN $episode_weight ELSE 1 END) AS prior
    FROM {rows}
)
SELECT * EXCLUDE (is_current), is_current AND (NOT single_slot OR row_number() OVER (
        PARTITION BY agent_id, topic, is_current, single_slot
        ORDER BY valid_from DESC, confidence DESC, memory_id) = 1) AS current_visible
FROM flagged
"""
DETAIL_COLUMNS = ["memory_id", "kind", "topic", "content", "strength", "confidence", "valid_from", "valid_to",
                  "expires_at", "source_message_ids", "agent_id", "user_id"]

# Corpus statistics are the user's own (recall never crosses users): N and df count every memory of the
# user in the version, avgdl is their mean weighted length. One row per term with its postings as two
# aligned lists: a query reads a handful of rows instead of filtering every posting.
_LOAD_TERMS_SQL = """
CREATE TABLE {terms} AS
WITH mine AS (SELECT r.rid, p.term, p.tf, p.doc_len
              FROM read_parquet($path) p JOIN {memories} r ON r.memory_id = p.memory_id
              WHERE p.user_id = $user),
stats AS (SELECT count(*) AS n, avg(doc_len) AS avgdl FROM (SELECT DISTINCT rid, doc_len FROM mine)),
df AS (SELECT term, count(*) AS df FROM mine GROUP BY term),
weighted AS (
    SELECT rid, term,
           ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))  -- idf
             * tf * ($k1 + 1) / (tf + $k1 * (1 - $b + $b * doc_len / stats.avgdl)) AS weight
    FROM mine JOIN df USING (term), stats
)
SELECT (row_number() OVER (ORDER BY term) - 1)::INTEGER AS term_id, term,
       list(rid ORDER BY rid) AS rids, list(weight ORDER BY rid) AS weights
FROM weighted GROUP BY term
"""


def _one_at_a_time(method):
    """One recall at a time per reader: DuckDB connections and the query's similarity vector are shared."""
    @functools.wraps(method)
    def locked(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)
    return locked


class MemoryReader:
    """Recall from a store; follows the `CURRENT` pointer and never writes to the snapshot.

    Each user's rows and postings of the current version are loaded once into in-memory DuckDB tables
    (the files are sorted by user, so DuckDB reads only that user's row groups); a new version drops
    the cache. With `record_access` (or MEMORY_RECORD_ACCESS=1) every recall appends the returned ids
    to `<store>/access/`, which the nightly decay consolidates; it is off by default.
    """

    def __init__(self, store_root: Path | str, embedder: Any | None = None, params: RecallParams = RecallParams(),
                 cached_users: int = 64, record_access: bool | None = None, use_embeddings: bool = True):
        self.store = SnapshotStore(store_root)
        self.params = params
        self._embedder = embedder
        self._use_embeddings = use_embeddings
        self._lock = threading.Lock()
        self._con = duckdb.connect(":memory:")
        self._recall_settings()
        self._con.create_function("vector_top", self._vector_top, ["INTEGER[]", "BIGINT"], VECTOR_TOP_TYPE,
                                  type="arrow", side_effects=False)
        # cosine of every row of the user being recalled to the query (one matrix-vector product per query;
        # gathering the visible rows' vectors first copied megabytes and took longer)
        self._similarities = np.zeros(0, dtype=np.float32)
        self._tables: OrderedDict[tuple[int, str], _UserTables] = OrderedDict()
        self._cached_users = cached_users
        self._models: dict[int, str | None] = {}
        self._next_table = 0
        if record_access is None:
            record_access = os.environ.get(RECORD_ACCESS_ENV, "").lower() in {"1", "true", "yes", "on"}
        self.access_log = AccessLog(store_root) if record_access else None

    def _recall_settings(self) -> None:
        # A recall touches a few thousand rows (the cosine is numpy's): one thread beats scheduling pipelines
        # over two, and the optimizer passes listed cost more planning time than they save on a plan this
        # small (docs/recall.md); loading a user's rows from Parquet uses every core and every pass.
        self._con.execute("SET threads = 1")
        self._con.execute(f"SET disabled_optimizers = '{RECALL_DISABLED_OPTIMIZERS}'")

    def _load_settings(self) -> None:
        self._con.execute(f"SET threads = {os.cpu_count() or 1}")
        self._con.execute("SET disabled_optimizers = 'common_subplan'")

    @property
    def embedder(self) -> Any:
        if self._embedder is None:
            from pipelines.embedding import E5Embedder

            self._embedder = E5Embedder()
        return self._embedder

    def snapshot_path(self, version: int | None = None) -> str:
        """Path of the version to read; re-reads the pointer so a newly published version is picked up."""
        return str(self.store.memories_path(version))

    def _user_tables(self, version: int, user_id: str) -> _UserTables:
        key = (version, user_id)
        if key in self._tables:
            self._tables.move_to_end(key)
            return self._tables[key]
        n = self._next_table
        self._next_table += 1
        self._load_settings()
        try:
            tables = self._load_user(version, user_id, n)
        finally:
            self._recall_settings()
        self._tables[key] = tables
        while len(self._tables) > self._cached_users:
            self._drop(self._tables.popitem(last=False)[1])
        return tables

    def _load_user(self, version: int, user_id: str, n: int) -> _UserTables:
        memories, terms = f"user_memories_{n}", f"user_terms_{n}"
        rows = self._con.sql(_LOAD_USER_SQL, params={"path": str(self.store.memories_path(version)),
                                                     "user": user_id}).to_arrow_table()
        speaker_ids, speakers = _speakers(rows)
        self._con.register(f"user_rows_{n}", rows.append_column("speaker_id", speaker_ids))
        self._con.execute(_USER_TABLE_SQL.format(memories=memories, rows=f"user_rows_{n}"),
                          {"single_topics": sorted(SINGLE_VALUED_TOPICS), "episode_weight": self.params.episode_weight})
        self._con.unregister(f"user_rows_{n}")
        return _UserTables(memories, terms, self._load_terms(version, user_id, terms, memories), _unit_matrix(rows),
                           _details_by_rid(rows), speakers)

    def _load_terms(self, version: int, user_id: str, table: str, memories: str) -> dict[str, int]:
        path = self.store.postings_path(version)
        if path.exists():
            self._con.execute(_LOAD_TERMS_SQL.format(terms=table, memories=memories),
                              {"path": str(path), "user": user_id, "k1": self.params.bm25_k1, "b": self.params.bm25_b})
        else:  # a version written before postings existed: vector recall only
            self._con.execute(f"CREATE TABLE {table} (term_id INTEGER, term VARCHAR, rids INTEGER[], weights DOUBLE[])")
        return dict(self._con.execute(f"SELECT term, term_id FROM {table}").fetchall())

    def _drop(self, tables: _UserTables) -> None:
        self._con.execute(f"DROP TABLE {tables.memories}")
        self._con.execute(f"DROP TABLE {tables.terms}")

    def _drop_other_versions(self, version: int) -> None:
        for key in [key for key in self._tables if key[0] != version]:
            self._drop(self._tables.pop(key))

    def query_vector(self, query: str, version: int) -> list[float] | None:
        """The query's embedding, or None (keyword-only recall) when no embedder can be loaded.

        Raises EmbeddingModelMismatchError when the snapshot was embedded by another model.
        """
        if not self._use_embeddings:
            return None
        try:
            embedder = self.embedder
        except (ImportError, OSError, RuntimeError) as exc:
            log.warning("memory recall: no query embedder (%s); falling back to keyword recall", exc)
            self._use_embeddings = False
            return None
        if version not in self._models:  # the manifest lists every processed file: read it once per version
            self._models[version] = self.store.manifest(version).get("embedding_model")
        stored = self._models[version]
        if stored and stored != embedder.name:
            raise EmbeddingModelMismatchError(
                f"{self.store.version_path(version)}: memories were embedded with '{stored}' but the query "
                f"embedder is '{embedder.name}'; recall with that embedder, pass use_embeddings=False for "
                "keyword-only recall, or rebuild the store with the new model"
            )
        return embedder.embed_query(query).tolist()

    @_one_at_a_time
    def recall(
        self,
        user_id: str,
        query: str,
        k: int = 5,
        agent_id: str | None = None,
        kinds: Sequence[str] | None = None,
        as_of: datetime | None = None,
        min_confidence: float | None = None,
        version: int | None = None,
        query_vector: Sequence[float] | None = None,
    ) -> list[RecalledMemory]:
        """The k best memories of one user (optionally one agent) for `query`.

        `query_vector` skips embedding the query (callers that embed in batches, the benchmark).
        """
        at = as_of or datetime.now(timezone.utc)
        chosen = self.store.require_version(version)
        if version is None:
            self._drop_other_versions(chosen)
        tables = self._user_tables(chosen, user_id)
        vector = (np.asarray(query_vector, dtype=np.float32) if query_vector is not None
                  else self.query_vector(query, chosen))
        query_terms = set(terms(query))
        speakers = [i for speaker, i in tables.speakers.items() if speaker <= query_terms]
        sql = recall_sql(tables.memories, tables.terms, sorted(tables.term_ids[t] for t in query_terms
                                                               if t in tables.term_ids),
                         as_of=as_of is not None, use_vectors=vector is not None, kinds=bool(kinds),
                         agent=agent_id is not None, speakers=bool(speakers))
        mmr = self.params.mmr_lambda is not None and vector is not None
        if vector is not None:
            self._similarities = tables.matrix @ np.asarray(vector, dtype=np.float32)
        params = self._sql_params(speakers, vector is not None, at, agent_id, kinds, min_confidence, k, mmr)
        ranked = self._con.execute(sql, {key: value for key, value in params.items() if f"${key}" in sql}).fetchall()
        if mmr:
            ranked = self._diversify(ranked, vector, tables.matrix, k)
        found = _recalled(tables.details, ranked[:k])
        if self.access_log is not None and found:
            self.access_log.append(user_id, agent_id, [m.memory_id for m in found])
        return found

    def _vector_top(self, rids: pa.Array | pa.ChunkedArray, depth: pa.Array | pa.ChunkedArray) -> pa.Array:
        """vector_top(list of visible rids, depth): the `depth` most similar as (rid, similarity, vector_rank)."""
        if isinstance(rids, pa.ChunkedArray):
            rids, depth = rids.combine_chunks(), depth.combine_chunks()
        ranked = [_rank_by_similarity(self._similarities, visible, int(limit))
                  for visible, limit in zip(rids.to_numpy(zero_copy_only=False), depth.to_numpy(zero_copy_only=False))]
        offsets = np.cumsum([0] + [len(top) for top, _ in ranked], dtype=np.int32)
        top = np.concatenate([top for top, _ in ranked] or [np.zeros(0, np.int32)]).astype(np.int32)
        similarities = np.concatenate([sims for _, sims in ranked] or [np.zeros(0, np.float32)]).astype(np.float32)
        ranks = np.concatenate([np.arange(1, len(t) + 1, dtype=np.int32) for t, _ in ranked] or [np.zeros(0, np.int32)])
        items = pa.StructArray.from_arrays([pa.array(top), pa.array(similarities), pa.array(ranks)],
                                           fields=list(VECTOR_TOP_ARROW_TYPE.value_type))
        return pa.ListArray.from_arrays(pa.array(offsets), items)

    def _diversify(self, ranked: list[tuple], vector: np.ndarray, matrix: np.ndarray, k: int) -> list[tuple]:
        return maximal_marginal_relevance(ranked, [matrix[row[0]] for row in ranked], vector, k,
                                          self.params.mmr_lambda)

    def _sql_params(self, speakers: list[int], use_vectors: bool, at: datetime, agent_id: str | None,
                    kinds: Sequence[str] | None, min_confidence: float | None, k: int, mmr: bool) -> dict[str, Any]:
        p = self.params
        return {
            "speakers": speakers,
            "agent": agent_id,
            "kinds": list(kinds or ALL_KINDS),
            "at": _utc(at).timestamp(),
            "half_life": p.half_life_days,
            "recency": p.recency_weight,
            "floor": getattr(self._embedder, "similarity_floor", 0.0) if use_vectors else 0.0,
            "min_confidence": p.min_confidence if min_confidence is None else min_confidence,
            "rrf_k": p.rrf_k,
            "speaker_boost": p.speaker_boost,
            "limit": k * p.mmr_pool if mmr else k,
            "depth": max(p.candidates, k * p.mmr_pool if mmr else k),
        }


@dataclass(frozen=True)
class _UserTables:
    """One user's rows of one version: the DuckDB tables that rank them, the term ids of `terms`, the unit
    vectors and what a result shows (DETAIL_COLUMNS) by rid, the speakers' ids by their index terms."""
    memories: str
    terms: str
    term_ids: dict[str, int]
    matrix: np.ndarray
    details: pa.Table
    speakers: dict[frozenset[str], int]


_RANKED = ("rid", "score", "similarity", "relevance", "freshness", "keyword", "fused")


def _recalled(details: pa.Table, ranked: list[tuple]) -> list[RecalledMemory]:
    """The results of the ranked rows (rid, score, ...) in their order, with what each memory shows."""
    shown = details.take(pa.array([row[0] for row in ranked], type=pa.int64())).to_pylist()
    return [RecalledMemory(**detail, **dict(zip(_RANKED[1:], row[1:]))) for detail, row in zip(shown, ranked)]


def _rank_by_similarity(all_similarities: np.ndarray, visible: np.ndarray | None,
                        depth: int) -> tuple[np.ndarray, np.ndarray]:
    """The `depth` visible rids most similar to the query, best first (ties: lower rid), and their cosines."""
    if visible is None or len(visible) == 0:
        return np.zeros(0, np.int32), np.zeros(0, np.float32)
    similarities = all_similarities[visible]
    top = np.argpartition(-similarities, depth - 1)[:depth] if len(visible) > depth else np.arange(len(visible))
    order = top[np.lexsort((visible[top], -similarities[top]))]
    return visible[order], similarities[order]


def _speakers(rows: pa.Table) -> tuple[pa.Array, dict[frozenset[str], int]]:
    """Who said each episode as an id (distilled memories: null), and the ids by the speaker's index terms.

    An episode's first keyword is its speaker; a query containing all of the speaker's terms favours it.
    """
    kinds, keywords = rows.column("kind").to_pylist(), rows.column("keywords").to_pylist()
    ids: dict[frozenset[str], int] = {}
    column = []
    for kind, words in zip(kinds, keywords):
        speaker = frozenset(terms(words[0])) if kind == "episode" and words else frozenset()
        column.append(ids.setdefault(speaker, len(ids)) if speaker else None)
    return pa.array(column, type=pa.int32()), ids


def _details_by_rid(rows: pa.Table) -> pa.Table:
    """What a result shows, row i being rid i (so `take(rids)` reads a result's row)."""
    return rows.sort_by("rid").select(DETAIL_COLUMNS).combine_chunks()


def _unit_matrix(rows: pa.Table) -> np.ndarray:
    """The user's vectors as a (rows, dim) float32 matrix indexed by rid, each row L2-normalised."""
    rids = rows.column("rid").to_numpy()
    flat = rows.column("embedding").combine_chunks()
    vectors = flat.values.to_numpy(zero_copy_only=False).reshape(len(flat), EMBEDDING_DIM).astype(np.float32)
    matrix = np.zeros((len(rids), EMBEDDING_DIM), dtype=np.float32)
    matrix[rids] = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    return matrix


def maximal_marginal_relevance(rows: list[tuple], candidate_vectors: Sequence[Sequence[float]],
                               query: Sequence[float], k: int, lam: float) -> list[tuple]:
    """Greedy MMR (Carbonell & Goldstein 1998) over fused candidates (rows of rid, score, ...): relevance
    is the score rescaled to [0, 1], redundancy the cosine to what is already chosen."""
    if not rows:
        return rows
    scores = np.array([row[1] for row in rows], dtype=np.float64)
    relevance = scores / scores.max() if scores.max() > 0 else scores
    vectors = np.array(candidate_vectors, dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    chosen: list[int] = []
    remaining = list(range(len(rows)))
    while remaining and len(chosen) < k:
        redundancy = (vectors[remaining] @ vectors[chosen].T).max(axis=1) if chosen else np.zeros(len(remaining))
        best = remaining[int(np.argmax(lam * relevance[remaining] - (1 - lam) * redundancy))]
        chosen.append(best)
        remaining.remove(best)
    return [rows[i] for i in chosen]


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


def format_for_prompt(memories: Sequence[RecalledMemory], header: str = "What you remember about this user:") -> str:
    """Bullet list for a system prompt, newest facts first within the recalled set's ranking."""
    if not memories:
        return ""
    lines = [header]
    for memory in memories:
        when = memory.valid_from.date().isoformat()
        lines.append(f"- [{memory.kind}/{memory.topic}, since {when}] {memory.content}")
    return "\n".join(lines)
