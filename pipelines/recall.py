"""Recall for agent processes: read-only DuckDB over the latest published snapshot.

score = relevance × strength × freshness (half-life from valid_from, seed article 004) × kind weight,
where relevance is cosine similarity rescaled above the embedder's background level; confidence,
expiry, supersession and per-topic de-duplication are applied in the same query.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

import duckdb

from pipelines.schemas import EMBEDDING_DIM
from pipelines.store import SnapshotStore
from pipelines.topics import SINGLE_VALUED_TOPICS


@dataclass(frozen=True)
class RecallParams:
    half_life_days: float = 30.0
    min_confidence: float = 0.0
    # A raw message scores below the distilled memory it produced when both match a query equally.
    episode_weight: float = 0.8


@dataclass(frozen=True)
class RecalledMemory:
    memory_id: str
    kind: str
    topic: str
    content: str
    score: float
    similarity: float
    relevance: float
    strength: float
    freshness: float
    confidence: float
    valid_from: datetime
    valid_to: datetime | None
    expires_at: datetime | None
    source_message_ids: list[str]
    agent_id: str
    user_id: str

    def to_json(self) -> dict[str, Any]:
        row = asdict(self)
        for key in ("valid_from", "valid_to", "expires_at"):
            row[key] = row[key].isoformat() if row[key] else None
        return row


_RECALL_SQL = f"""
WITH visible AS (
    SELECT *,
        array_cosine_similarity(embedding, $query::FLOAT[{EMBEDDING_DIM}]) AS similarity,
        pow(0.5, greatest(epoch($at) - epoch(valid_from), 0) / 86400.0 / $half_life) AS freshness
    FROM {{table}}
    WHERE ($agent IS NULL OR agent_id = $agent)
      AND merged_into IS NULL
      AND confidence >= $min_confidence
      AND list_contains($kinds, kind)
      AND valid_from <= $at
      AND (CASE WHEN $as_of IS NULL THEN valid_to IS NULL ELSE valid_to IS NULL OR valid_to > $as_of END)
      AND (expires_at IS NULL OR expires_at > $at)
), relevant AS (
    -- cosine rescaled above the embedder's background level: e5 puts unrelated text near 0.8
    SELECT *, greatest(similarity - $floor, 0) / (1 - $floor) AS relevance FROM visible
), scored AS (
    SELECT *, relevance * strength * freshness * (CASE WHEN kind = 'episode' THEN $episode_weight ELSE 1 END) AS score
    FROM relevant
    -- one memory per single-valued topic: the one that became true last
    QUALIFY NOT list_contains($single_topics, topic) OR kind = 'episode'
        OR row_number() OVER (PARTITION BY agent_id, topic ORDER BY valid_from DESC, confidence DESC, memory_id) = 1
)
SELECT memory_id, kind, topic, content, score, similarity, relevance, strength, freshness, confidence,
       valid_from, valid_to, expires_at, source_message_ids, agent_id, user_id
FROM scored ORDER BY score DESC, memory_id LIMIT $k
"""

ALL_KINDS = ("fact", "preference", "skill", "task", "decision", "episode")


# A survivor of near-duplicate merging is presented with its group's union of provenance and highest
# confidence; the stored rows stay as stated (pipelines.merge).
_LOAD_USER_SQL = f"""
CREATE TABLE {{table}} AS
WITH mine AS (SELECT * FROM read_parquet($path) WHERE user_id = $user),
groups AS (
    SELECT coalesce(merged_into, memory_id) AS memory_id,
           list_sort(list_distinct(flatten(list(source_message_ids)))) AS group_sources,
           max(confidence) AS group_confidence
    FROM mine GROUP BY ALL
)
SELECT mine.* REPLACE (
    embedding::FLOAT[{EMBEDDING_DIM}] AS embedding,
    coalesce(groups.group_sources, mine.source_message_ids) AS source_message_ids,
    coalesce(groups.group_confidence, mine.confidence) AS confidence)
FROM mine LEFT JOIN groups USING (memory_id)
"""


class MemoryReader:
    """Recall from a store; follows the `CURRENT` pointer and never writes to the store.

    Each user's rows of the current version are loaded once into an in-memory DuckDB table (the file
    is sorted by user, so DuckDB reads only that user's row groups); a new version drops the cache.
    """

    def __init__(self, store_root: Path | str, embedder: Any | None = None, params: RecallParams = RecallParams(),
                 cached_users: int = 64):
        self.store = SnapshotStore(store_root)
        self.params = params
        self._embedder = embedder
        self._con = duckdb.connect(":memory:")
        self._tables: OrderedDict[tuple[int, str], str] = OrderedDict()
        self._cached_users = cached_users
        self._next_table = 0

    @property
    def embedder(self) -> Any:
        if self._embedder is None:
            from pipelines.embedding import E5Embedder

            self._embedder = E5Embedder()
        return self._embedder

    def snapshot_path(self, version: int | None = None) -> str:
        """Path of the version to read; re-reads the pointer so a newly published version is picked up."""
        return str(self.store.memories_path(version))

    def _user_table(self, version: int, user_id: str) -> str:
        key = (version, user_id)
        if key in self._tables:
            self._tables.move_to_end(key)
            return self._tables[key]
        table = f"user_memories_{self._next_table}"
        self._next_table += 1
        self._con.execute(_LOAD_USER_SQL.format(table=table),
                          {"path": str(self.store.memories_path(version)), "user": user_id})
        self._tables[key] = table
        while len(self._tables) > self._cached_users:
            self._con.execute(f"DROP TABLE {self._tables.popitem(last=False)[1]}")
        return table

    def _drop_other_versions(self, version: int) -> None:
        for key in [key for key in self._tables if key[0] != version]:
            self._con.execute(f"DROP TABLE {self._tables.pop(key)}")

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
    ) -> list[RecalledMemory]:
        """The k best memories of one user (optionally one agent) for `query`."""
        at = as_of or datetime.now(timezone.utc)
        chosen = self.store.require_version(version)
        if version is None:
            self._drop_other_versions(chosen)
        table = self._user_table(chosen, user_id)
        params = {
            "query": self.embedder.embed_query(query).tolist(),
            "agent": agent_id,
            "kinds": list(kinds or ALL_KINDS),
            "at": _utc(at),
            "as_of": _utc(as_of) if as_of else None,
            "half_life": self.params.half_life_days,
            "floor": getattr(self.embedder, "similarity_floor", 0.0),
            "episode_weight": self.params.episode_weight,
            "min_confidence": self.params.min_confidence if min_confidence is None else min_confidence,
            "single_topics": sorted(SINGLE_VALUED_TOPICS),
            "k": k,
        }
        rows = self._con.execute(_RECALL_SQL.format(table=table), params).fetchall()
        return [RecalledMemory(*row) for row in rows]


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
