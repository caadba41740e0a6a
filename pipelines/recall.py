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
_VISIBLE = """m.merged_into IS NULL AND m.confidence >= $min_confidence{kind_filter}{agent_filter}
      AND m.valid_from <= $at AND (m.expires_at IS NULL OR m.expires_at > $at)"""
_TRUE_AS_OF = "(m.valid_to IS NULL OR m.valid_to > $as_of)"
# As of a moment: the memories true then, one per single-valued topic (the one that became true last).
_VISIBLE_AS_OF_CTE = """shadowed AS (
    SELECT rid FROM {memories} m
    WHERE m.single_slot AND {visible} AND {true_as_of}
    QUALIFY row_number() OVER (PARTITION BY m.agent_id, m.topic ORDER BY m.valid_from DESC, m.confidence DESC, m.memory_id) > 1
), visible AS MATERIALIZED (
    SELECT rid FROM {memories} m WHERE {visible} AND {true_as_of} AND m.rid NOT IN (SELECT rid FROM shadowed)
"""
# Now: the current state, its shadowing precomputed when the user was loaded (_USER_TABLE_SQL).
_VISIBLE_NOW_CTE = """visible AS MATERIALIZED (
    SELECT rid FROM {memories} m WHERE m.current_visible AND {visible}
"""
_KIND_FILTER = "\n      AND list_contains($kinds, m.kind)"
_AGENT_FILTER = "\n      AND m.agent_id = $agent"

# {memories}: the user's rows without vectors (DuckDB table, `rid` = row number); {postings}: (rid, term,
# BM25 weight of the term in that memory); query_similarity(rid): cosine of that row's vector to the query.
_RECALL_SQL = """
WITH {visible_cte}), similarities AS (
    -- cosine by numpy inside the plan (a vectorised UDF over rid): stored and query vectors are unit
    -- length, so it is one matrix-vector product; DuckDB's array functions took 3x longer here
    SELECT rid, query_similarity(rid) AS similarity FROM visible WHERE $use_vectors
), vector_hits AS (
    SELECT rid, similarity, row_number() OVER (ORDER BY similarity DESC, rid) AS vector_rank
    FROM (SELECT rid, similarity FROM similarities ORDER BY similarity DESC, rid LIMIT $depth)
), keyword_hits AS (
    -- BM25 (Robertson & Zaragoza 2009): each posting's term weight was computed when the user was loaded
    SELECT rid, keyword, row_number() OVER (ORDER BY keyword DESC, rid) AS keyword_rank
    FROM (SELECT p.rid, sum(p.weight) AS keyword
          FROM {postings} p
          WHERE p.term IN (SELECT unnest($terms)) AND p.rid IN (SELECT rid FROM visible)
          GROUP BY p.rid ORDER BY keyword DESC, p.rid LIMIT $depth)
), fused AS (
    -- reciprocal rank fusion (Cormack et al. 2009) of the two candidate lists
    SELECT rid, v.similarity, coalesce(k.keyword, 0.0) AS keyword,
           coalesce(1.0 / ($rrf_k + v.vector_rank), 0) + coalesce(1.0 / ($rrf_k + k.keyword_rank), 0) AS fused
    FROM vector_hits v FULL OUTER JOIN keyword_hits k USING (rid)
), scored AS (
    SELECT m.*, f.similarity, f.keyword, f.fused,
        -- cosine rescaled above the embedder's background level: e5 puts unrelated text near 0.8
        greatest(f.similarity - $floor, 0) / (1 - $floor) AS relevance,
        pow(0.5, greatest(epoch($at) - epoch(m.valid_from), 0) / 86400.0 / $half_life) AS freshness
    FROM fused f JOIN {memories} m USING (rid)
)
SELECT memory_id, kind, topic, content,
       fused * strength * confidence * (1 - $recency + $recency * freshness)
           * (CASE WHEN kind = 'episode' THEN $episode_weight ELSE 1 END)
           -- a query naming who said an episode ("what did Caroline research?") favours what they said
           * (CASE WHEN len(speaker_terms) > 0 AND list_has_all($terms, speaker_terms) THEN $speaker_boost ELSE 1 END)
           AS score,
       similarity, relevance, strength, freshness, confidence,
       valid_from, valid_to, expires_at, source_message_ids, agent_id, user_id, keyword, fused, rid
FROM scored ORDER BY score DESC, memory_id LIMIT $limit
"""

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

# `current_visible` precomputes the current state's shadowing once per user: a current memory, and on a
# single-valued topic the newest current one (after resolution there is only one; see pipelines.invariants).
_USER_TABLE_SQL = """
CREATE TABLE {memories} AS
WITH flagged AS (
    SELECT * EXCLUDE (embedding),
        kind <> 'episode' AND list_contains($single_topics, topic) AS single_slot,
        valid_to IS NULL AND merged_into IS NULL AS is_current
    FROM {rows}
)
SELECT *, is_current AND (NOT single_slot OR row_number() OVER (
        PARTITION BY agent_id, topic, is_current, single_slot
        ORDER BY valid_from DESC, confidence DESC, memory_id) = 1) AS current_visible
FROM flagged
"""

# Corpus statistics are the user's own (recall never crosses users): N and df count every memory of the
# user in the version, avgdl is their mean weighted length; sorting by term lets the scan skip blocks.
_LOAD_POSTINGS_SQL = """
CREATE TABLE {postings} AS
WITH mine AS (SELECT r.rid, p.term, p.tf, p.doc_len
              FROM read_parquet($path) p JOIN {memories} r ON r.memory_id = p.memory_id
              WHERE p.user_id = $user),
stats AS (SELECT count(*) AS n, avg(doc_len) AS avgdl FROM (SELECT DISTINCT rid, doc_len FROM mine)),
df AS (SELECT term, count(*) AS df FROM mine GROUP BY term)
SELECT rid, term,
       ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))  -- idf
         * tf * ($k1 + 1) / (tf + $k1 * (1 - $b + $b * doc_len / stats.avgdl)) AS weight
FROM mine JOIN df USING (term), stats
ORDER BY term
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
        # The statement's CTEs are already shared by hand; DuckDB's search for common subplans cost
        # more (≈4 ms a query in the profile) than the whole vector scan.
        self._con.execute("SET disabled_optimizers = 'common_subplan'")
        # A recall touches a few thousand rows (the cosine is numpy's): one thread beats scheduling pipelines
        # over two (p50 13.5 → 12.9 ms in bench); loading a user's rows from Parquet uses every core.
        self._con.execute("SET threads = 1")
        self._con.create_function("query_similarity", self._query_similarity, ["INTEGER"], "FLOAT", type="arrow",
                                  side_effects=False)
        self._similarities = np.zeros(0, dtype=np.float32)
        self._matrices: dict[str, np.ndarray] = {}
        self._tables: OrderedDict[tuple[int, str], tuple[str, str, str]] = OrderedDict()
        self._cached_users = cached_users
        self._models: dict[int, str | None] = {}
        self._next_table = 0
        if record_access is None:
            record_access = os.environ.get(RECORD_ACCESS_ENV, "").lower() in {"1", "true", "yes", "on"}
        self.access_log = AccessLog(store_root) if record_access else None

    @property
    def embedder(self) -> Any:
        if self._embedder is None:
            from pipelines.embedding import E5Embedder

            self._embedder = E5Embedder()
        return self._embedder

    def snapshot_path(self, version: int | None = None) -> str:
        """Path of the version to read; re-reads the pointer so a newly published version is picked up."""
        return str(self.store.memories_path(version))

    def _user_tables(self, version: int, user_id: str) -> tuple[str, str, str]:
        key = (version, user_id)
        if key in self._tables:
            self._tables.move_to_end(key)
            return self._tables[key]
        n = self._next_table
        self._next_table += 1
        self._con.execute(f"SET threads = {os.cpu_count() or 1}")
        try:
            return self._load_user(version, user_id, n, key)
        finally:
            self._con.execute("SET threads = 1")

    def _load_user(self, version: int, user_id: str, n: int, key: tuple[int, str]) -> tuple[str, str, str]:
        names = (f"user_memories_{n}", f"user_vectors_{n}", f"user_postings_{n}")
        rows = self._con.sql(_LOAD_USER_SQL, params={"path": str(self.store.memories_path(version)),
                                                     "user": user_id}).to_arrow_table()
        self._con.register(f"user_rows_{n}", rows.append_column("speaker_terms", _speaker_terms(rows)))
        self._con.execute(_USER_TABLE_SQL.format(memories=names[0], rows=f"user_rows_{n}"),
                          {"single_topics": sorted(SINGLE_VALUED_TOPICS)})
        self._con.unregister(f"user_rows_{n}")
        self._matrices[names[1]] = _unit_matrix(rows)
        self._load_postings(version, user_id, names[2], names[0])
        self._tables[key] = names
        while len(self._tables) > self._cached_users:
            self._drop(self._tables.popitem(last=False)[1])
        return names

    def _drop(self, names: tuple[str, str, str]) -> None:
        memories, vectors, postings = names
        self._matrices.pop(vectors, None)
        self._con.execute(f"DROP TABLE {memories}")
        self._con.execute(f"DROP TABLE {postings}")

    def _load_postings(self, version: int, user_id: str, table: str, memories: str) -> None:
        path = self.store.postings_path(version)
        if path.exists():
            self._con.execute(_LOAD_POSTINGS_SQL.format(postings=table, memories=memories),
                              {"path": str(path), "user": user_id, "k1": self.params.bm25_k1, "b": self.params.bm25_b})
        else:  # a version written before postings existed: vector recall only
            self._con.execute(f"CREATE TABLE {table} (rid INTEGER, term VARCHAR, weight DOUBLE)")

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
        memories, vectors, postings = self._user_tables(chosen, user_id)
        vector = (np.asarray(query_vector, dtype=np.float32).tolist() if query_vector is not None
                  else self.query_vector(query, chosen))
        mmr = self.params.mmr_lambda is not None and vector is not None
        visible = _VISIBLE.format(kind_filter=_KIND_FILTER if kinds else "",
                                  agent_filter=_AGENT_FILTER if agent_id is not None else "")
        visible_cte = (_VISIBLE_AS_OF_CTE if as_of is not None else _VISIBLE_NOW_CTE).format(
            memories=memories, visible=visible, true_as_of=_TRUE_AS_OF)
        sql = _RECALL_SQL.format(visible_cte=visible_cte, memories=memories, postings=postings)
        if vector is not None:
            self._similarities = self._matrices[vectors] @ np.asarray(vector, dtype=np.float32)
        params = self._sql_params(query, vector, at, as_of, agent_id, kinds, min_confidence, k, mmr)
        rows = self._con.execute(sql, {key: value for key, value in params.items() if f"${key}" in sql}).fetchall()
        if mmr:
            rows = self._diversify(rows, vector, vectors, k)
        found = [RecalledMemory(*row[:-1]) for row in rows[:k]]
        if self.access_log is not None and found:
            self.access_log.append(user_id, agent_id, [m.memory_id for m in found])
        return found

    def _query_similarity(self, rids: pa.Array) -> pa.Array:
        return pa.array(self._similarities[rids.to_numpy(zero_copy_only=False)], type=pa.float32())

    def _diversify(self, rows: list[tuple], vector: list[float], vectors: str, k: int) -> list[tuple]:
        matrix = self._matrices[vectors]
        return maximal_marginal_relevance(rows, [matrix[row[-1]] for row in rows], vector, k, self.params.mmr_lambda)

    def _sql_params(self, query: str, vector: list[float] | None, at: datetime, as_of: datetime | None,
                    agent_id: str | None, kinds: Sequence[str] | None, min_confidence: float | None,
                    k: int, mmr: bool) -> dict[str, Any]:
        p = self.params
        return {
            "use_vectors": vector is not None,
            "terms": sorted(set(terms(query))),
            "agent": agent_id,
            "kinds": list(kinds or ALL_KINDS),
            "at": _utc(at),
            "as_of": _utc(as_of) if as_of else None,
            "half_life": p.half_life_days,
            "recency": p.recency_weight,
            "floor": getattr(self._embedder, "similarity_floor", 0.0) if vector is not None else 0.0,
            "episode_weight": p.episode_weight,
            "min_confidence": p.min_confidence if min_confidence is None else min_confidence,
            "rrf_k": p.rrf_k,
            "speaker_boost": p.speaker_boost,
            "limit": k * p.mmr_pool if mmr else k,
            "depth": max(p.candidates, k * p.mmr_pool if mmr else k),
        }


def _speaker_terms(rows: pa.Table) -> pa.Array:
    """Index terms of who said each episode (its first keyword); empty for distilled memories."""
    kinds, keywords = rows.column("kind").to_pylist(), rows.column("keywords").to_pylist()
    return pa.array([terms(words[0]) if kind == "episode" and words else [] for kind, words in zip(kinds, keywords)],
                    type=pa.list_(pa.string()))


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
    """Greedy MMR (Carbonell & Goldstein 1998) over fused candidates: relevance is the fused score
    rescaled to [0, 1], redundancy the cosine to what is already chosen."""
    if not rows:
        return rows
    scores = np.array([row[4] for row in rows], dtype=np.float64)
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
