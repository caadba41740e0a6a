"""Recall for agent processes: read-only DuckDB over the latest published snapshot.

One query ranks a user's visible memories twice (cosine to the query vector, BM25 over the snapshot's
postings), fuses the ranks (RRF) and weights them by strength, confidence and freshness; docs/recall.md.
"""
from __future__ import annotations

import logging
import os
from collections import OrderedDict
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

import duckdb

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
    # old but exact answer (0 = ignore age, 1 = score halves every half-life).
    recency_weight: float = 0.25
    min_confidence: float = 0.0
    # A raw message scores below the distilled memory it produced when both match a query equally.
    episode_weight: float = 0.8
    # Reciprocal rank fusion constant (Cormack et al. 2009): flattens the gap between neighbouring ranks.
    rrf_k: float = 60.0
    bm25_k1: float = 1.2
    bm25_b: float = 0.75
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


_RECALL_SQL = f"""
WITH visible AS (
    SELECT memory_id, kind, topic, content, strength, confidence, valid_from, valid_to, expires_at,
        source_message_ids, agent_id, user_id, embedding,
        array_cosine_similarity(embedding, $query::FLOAT[{EMBEDDING_DIM}]) AS similarity,
        pow(0.5, greatest(epoch($at) - epoch(valid_from), 0) / 86400.0 / $half_life) AS freshness
    FROM {{memories}}
    WHERE ($agent IS NULL OR agent_id = $agent)
      AND confidence >= $min_confidence
      AND list_contains($kinds, kind)
      AND valid_from <= $at
      AND (CASE WHEN $as_of IS NULL THEN valid_to IS NULL ELSE valid_to IS NULL OR valid_to > $as_of END)
      AND (expires_at IS NULL OR expires_at > $at)
    -- one memory per single-valued topic: the one that became true last
    QUALIFY NOT list_contains($single_topics, topic) OR kind = 'episode'
        OR row_number() OVER (PARTITION BY agent_id, topic ORDER BY valid_from DESC, confidence DESC, memory_id) = 1
), keyword AS (
    -- BM25 (Robertson & Zaragoza 2009); idf and doc_len/avgdl were computed when the user was loaded
    SELECT memory_id, sum(idf * tf * ($k1 + 1) / (tf + $k1 * (1 - $b + $b * len_norm))) AS bm25
    FROM {{postings}} WHERE list_contains($terms, term) GROUP BY memory_id
), ranked AS (
    SELECT v.*, coalesce(k.bm25, 0.0) AS keyword,
        -- cosine rescaled above the embedder's background level: e5 puts unrelated text near 0.8
        greatest(v.similarity - $floor, 0) / (1 - $floor) AS relevance,
        CASE WHEN v.similarity IS NOT NULL THEN row_number() OVER (ORDER BY v.similarity DESC NULLS LAST, v.memory_id) END AS vector_rank,
        CASE WHEN k.bm25 > 0 THEN row_number() OVER (ORDER BY k.bm25 DESC NULLS LAST, v.memory_id) END AS keyword_rank
    FROM visible v LEFT JOIN keyword k USING (memory_id)
), fused AS (
    SELECT *, coalesce(1.0 / ($rrf_k + vector_rank), 0) + coalesce(1.0 / ($rrf_k + keyword_rank), 0) AS fused
    FROM ranked WHERE vector_rank IS NOT NULL OR keyword_rank IS NOT NULL
), scored AS (
    SELECT *, fused * strength * confidence * (1 - $recency + $recency * freshness)
        * (CASE WHEN kind = 'episode' THEN $episode_weight ELSE 1 END) AS score
    FROM fused
)
SELECT memory_id, kind, topic, content, score, similarity, relevance, strength, freshness, confidence,
       valid_from, valid_to, expires_at, source_message_ids, agent_id, user_id, keyword, fused,
       CASE WHEN $with_vectors THEN embedding END AS embedding
FROM scored ORDER BY score DESC, memory_id LIMIT $limit
"""

ALL_KINDS = ("fact", "preference", "skill", "task", "decision", "episode")


_LOAD_USER_SQL = f"""
CREATE TABLE {{memories}} AS
SELECT * REPLACE (embedding::FLOAT[{EMBEDDING_DIM}] AS embedding)
FROM read_parquet($path) WHERE user_id = $user
"""

# Corpus statistics are the user's own (recall never crosses users): N and df count every memory of the
# user in the version, avgdl is their mean weighted length; sorting by term lets the scan skip blocks.
_LOAD_POSTINGS_SQL = """
CREATE TABLE {postings} AS
WITH mine AS (SELECT memory_id, term, tf, doc_len FROM read_parquet($path) WHERE user_id = $user),
stats AS (SELECT count(DISTINCT memory_id) AS n, avg(doc_len) AS avgdl FROM (SELECT DISTINCT memory_id, doc_len FROM mine)),
df AS (SELECT term, count(*) AS df FROM mine GROUP BY term)
SELECT memory_id, term, tf, doc_len / stats.avgdl AS len_norm,
       ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5)) AS idf
FROM mine JOIN df USING (term), stats
ORDER BY term
"""


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
        self._con = duckdb.connect(":memory:")
        self._tables: OrderedDict[tuple[int, str], tuple[str, str]] = OrderedDict()
        self._cached_users = cached_users
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

    def _user_tables(self, version: int, user_id: str) -> tuple[str, str]:
        key = (version, user_id)
        if key in self._tables:
            self._tables.move_to_end(key)
            return self._tables[key]
        memories, postings = f"user_memories_{self._next_table}", f"user_postings_{self._next_table}"
        self._next_table += 1
        self._con.execute(_LOAD_USER_SQL.format(memories=memories),
                          {"path": str(self.store.memories_path(version)), "user": user_id})
        self._load_postings(version, user_id, postings)
        self._tables[key] = (memories, postings)
        while len(self._tables) > self._cached_users:
            for table in self._tables.popitem(last=False)[1]:
                self._con.execute(f"DROP TABLE {table}")
        return memories, postings

    def _load_postings(self, version: int, user_id: str, table: str) -> None:
        path = self.store.postings_path(version)
        if path.exists():
            self._con.execute(_LOAD_POSTINGS_SQL.format(postings=table), {"path": str(path), "user": user_id})
        else:  # a version written before postings existed: vector recall only
            self._con.execute(f"CREATE TABLE {table} (memory_id VARCHAR, term VARCHAR, tf FLOAT, len_norm DOUBLE, idf DOUBLE)")

    def _drop_other_versions(self, version: int) -> None:
        for key in [key for key in self._tables if key[0] != version]:
            for table in self._tables.pop(key):
                self._con.execute(f"DROP TABLE {table}")

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
        stored = self.store.manifest(version).get("embedding_model")
        if stored and stored != embedder.name:
            raise EmbeddingModelMismatchError(
                f"{self.store.version_path(version)}: memories were embedded with '{stored}' but the query "
                f"embedder is '{embedder.name}'; recall with that embedder, pass use_embeddings=False for "
                "keyword-only recall, or rebuild the store with the new model"
            )
        return embedder.embed_query(query).tolist()

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
        memories, postings = self._user_tables(chosen, user_id)
        vector = list(query_vector) if query_vector is not None else self.query_vector(query, chosen)
        mmr = self.params.mmr_lambda is not None and vector is not None
        rows = self._con.execute(_RECALL_SQL.format(memories=memories, postings=postings),
                                 self._sql_params(query, vector, at, as_of, agent_id, kinds, min_confidence, k, mmr)).fetchall()
        if mmr:
            rows = maximal_marginal_relevance(rows, vector, k, self.params.mmr_lambda)
        found = [RecalledMemory(*row[:-1]) for row in rows[:k]]
        if self.access_log is not None and found:
            self.access_log.append(user_id, agent_id, [m.memory_id for m in found])
        return found

    def _sql_params(self, query: str, vector: list[float] | None, at: datetime, as_of: datetime | None,
                    agent_id: str | None, kinds: Sequence[str] | None, min_confidence: float | None,
                    k: int, mmr: bool) -> dict[str, Any]:
        p = self.params
        return {
            "query": vector,
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
            "single_topics": sorted(SINGLE_VALUED_TOPICS),
            "rrf_k": p.rrf_k, "k1": p.bm25_k1, "b": p.bm25_b,
            "with_vectors": mmr,
            "limit": k * p.mmr_pool if mmr else k,
        }


def maximal_marginal_relevance(rows: list[tuple], query: Sequence[float], k: int, lam: float) -> list[tuple]:
    """Greedy MMR (Carbonell & Goldstein 1998) over fused candidates: relevance is the fused score
    rescaled to [0, 1], redundancy the cosine to what is already chosen; rows end with their vector."""
    import numpy as np

    if not rows:
        return rows
    scores = np.array([row[4] for row in rows], dtype=np.float64)
    relevance = scores / scores.max() if scores.max() > 0 else scores
    vectors = np.array([row[-1] for row in rows], dtype=np.float32)
    chosen: list[int] = []
    remaining = list(range(len(rows)))
    while remaining and len(chosen) < k:
        if chosen:
            redundancy = (vectors[remaining] @ vectors[chosen].T).max(axis=1)
        else:
            redundancy = np.zeros(len(remaining))
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
