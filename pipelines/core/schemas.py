"""Data contracts crossing module boundaries: raw session log, memory record, quarantine rows.

Every stage imports its schema from here so the Parquet files stay byte-compatible across versions.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import polars as pl
import pyarrow as pa
from pydantic import BaseModel, Field, field_validator

EMBEDDING_DIM = 384
# Every stored time: microseconds, UTC (pipelines.core.clock turns inputs into aware UTC datetimes).
TS = pa.timestamp("us", tz="UTC")
UTC_DATETIME = pl.Datetime("us", "UTC")


class Kind(str, Enum):
    FACT = "fact"
    PREFERENCE = "preference"
    SKILL = "skill"
    TASK = "task"
    DECISION = "decision"
    EPISODE = "episode"


ALL_KINDS = tuple(kind.value for kind in Kind)
# Event-like kinds never merge across sessions: two requests for an invoice are two requests.
EVENT_KINDS = frozenset({Kind.TASK.value, Kind.DECISION.value, Kind.EPISODE.value})
# State-like kinds describe how things are; near-duplicate statements of one merge (pipelines.resolve.merge).
STATE_KINDS = tuple(kind for kind in ALL_KINDS if kind not in EVENT_KINDS)
# What an extractor may state; episodes are the pipeline's own verbatim copies of user messages.
EXTRACTED_KINDS = tuple(kind for kind in ALL_KINDS if kind != Kind.EPISODE.value)
ROLES = frozenset({"user", "assistant", "system", "tool"})
# A message id is only unique within a tenant: two users' sessions may both be called "1". Every join, dedupe
# and set over messages uses this key, never message_id alone.
MESSAGE_KEY = ["agent_id", "user_id", "message_id"]

# Raw session-log contract (README "Raw session-log contract").
RAW_REQUIRED = {
    "session_id": pa.string(),
    "msg_seq": pa.int64(),
    "role": pa.string(),
    "content": pa.string(),
    "ts": TS,
}
RAW_OPTIONAL = {
    "agent_id": pa.string(),
    "user_id": pa.string(),
    "message_id": pa.string(),
    "source": pa.string(),
    "speaker": pa.string(),
}

MESSAGE_SCHEMA = pa.schema(
    [
        ("message_id", pa.string()),
        ("agent_id", pa.string()),
        ("user_id", pa.string()),
        ("session_id", pa.string()),
        ("msg_seq", pa.int64()),
        ("role", pa.string()),
        ("speaker", pa.string()),
        ("content", pa.string()),
        ("ts", TS),
        ("source", pa.string()),
        ("input_file", pa.string()),
        ("input_row", pa.int64()),
    ]
)

# Every validated message of every session (content masked), kept with each version so an episode's context
# (the turn before it) comes from the whole session, whichever night each turn arrived in.
TURN_SCHEMA = pa.schema([field for field in MESSAGE_SCHEMA if field.name not in ("input_file", "input_row")])

QUARANTINE_SCHEMA = pa.schema(
    [
        ("input_file", pa.string()),
        ("input_row", pa.int64()),
        ("message_id", pa.string()),
        ("reason", pa.string()),
        ("content", pa.string()),
        ("quarantined_at", TS),
        # whose row it was, so `memory forget` finds it (null in versions written before these columns)
        ("agent_id", pa.string()),
        ("user_id", pa.string()),
    ]
)

# What became of each valid input message: the conservation ledger.
OUTCOME_SCHEMA = pl.Schema(  # outcome: extracted | no_memory
    {
        "agent_id": pl.String(),
        "user_id": pl.String(),
        "message_id": pl.String(),
        "outcome": pl.String(),
        "memories": pl.Int64(),
    }
)

# A memory as an extractor found it, before ids, valid time resolution and embeddings (staged between stages).
CANDIDATE_SCHEMA = pl.Schema(
    {
        "agent_id": pl.String(),
        "user_id": pl.String(),
        "kind": pl.String(),
        "topic": pl.String(),
        "content": pl.String(),
        "keywords": pl.List(pl.String),
        "confidence": pl.Float64(),
        "source": pl.String(),
        "session_id": pl.String(),
        "source_message_ids": pl.List(pl.String),
        "valid_from": UTC_DATETIME,
        "expires_at": UTC_DATETIME,
        "retraction": pl.Boolean(),
        "extractor": pl.String(),
        # what surrounded an episode (see MEMORY_SCHEMA `context`), null when a producer has none
        "context": pl.String(),
        # an episode's mood toward its topic (pipelines.extract.signals.mood), null for distilled memories
        "mood": pl.String(),
        # who said an episode: `user` or `assistant` (see MEMORY_SCHEMA `role`)
        "role": pl.String(),
        # the topics an episode states in passing besides its own (see MEMORY_SCHEMA `mentions`)
        "mentions": pl.List(pl.String),
    }
)

MEMORY_SCHEMA = pa.schema(
    [
        ("memory_id", pa.string()),
        ("agent_id", pa.string()),
        ("user_id", pa.string()),
        ("kind", pa.string()),
        ("topic", pa.string()),
        ("content", pa.string()),
        ("keywords", pa.list_(pa.string())),
        ("confidence", pa.float64()),
        ("source", pa.string()),
        ("session_id", pa.string()),
        ("source_message_ids", pa.list_(pa.string())),
        ("valid_from", TS),
        ("valid_to", TS),
        ("recorded_at", TS),
        ("recorded_version", pa.int64()),
        ("retired_version", pa.int64()),
        ("superseded_by", pa.string()),
        ("merged_into", pa.string()),
        ("retraction", pa.bool_()),
        ("expires_at", TS),
        ("strength", pa.float64()),
        ("strength_at_access", pa.float64()),
        ("access_count", pa.int64()),
        ("last_accessed", TS),
        ("embedding", pa.list_(pa.float32(), EMBEDDING_DIM)),
        ("extractor", pa.string()),
        # What surrounded an episode (the previous turn, "speaker: text"): indexed for recall, never shown.
        ("context", pa.string()),
        # An episode that speaks to a single-valued topic carries that topic and its mood: an `assertion` is
        # the topic's statement (on its timeline, superseding and superseded), any other mood only mentions it.
        ("mood", pa.string()),
        # Who said an episode, `user` or `assistant`; null for distilled memories. What the assistant said is
        # recalled (what it suggested, promised, told) but never becomes a fact about the user.
        ("role", pa.string()),
        # The single-valued topics an episode also states as the user's, besides `topic`: "every monday I pull the
        # numbers for our depots at Tallgrass Logistics" asks for a format and says where the user works. A question
        # about a past moment when nothing stated the topic finds it there (pipelines.recall.ranking.topic_focus); it
        # closes nothing.
        ("mentions", pa.list_(pa.string())),
    ]
)


class Message(BaseModel):
    """One validated session-log message, as an extractor sees it."""

    message_id: str
    agent_id: str
    user_id: str
    session_id: str
    msg_seq: int
    role: str
    speaker: str | None = None
    content: str
    ts: datetime
    source: str = "chat"


class ExtractedMemory(BaseModel):
    """A memory an extractor found in a session; the pipeline adds ids, keys and embeddings."""

    kind: Kind
    topic: str = Field(min_length=1)
    content: str = Field(min_length=1)
    keywords: list[str] = Field(default_factory=list)
    confidence: float = Field(ge=0.0, le=1.0)
    valid_from: datetime
    expires_at: datetime | None = None
    source_message_ids: list[str] = Field(min_length=1)
    # A retraction ("I no longer live in Shanghai") closes the topic's current value without a successor.
    retracts: bool = False
    # Text that situates the memory without being part of it (see MEMORY_SCHEMA `context`).
    context: str | None = None

    @field_validator("topic")
    @classmethod
    def _normalise_topic(cls, topic: str) -> str:
        return topic.strip().lower().replace(" ", "_")
