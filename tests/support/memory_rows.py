"""Hand-made memory rows written straight into a snapshot, so recall scoring is tested without the pipeline."""

from __future__ import annotations

import hashlib
from datetime import datetime

import polars as pl

from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA
from pipelines.store.snapshots import SnapshotStore
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import UTC

RECORDED = datetime(2026, 3, 1, tzinfo=UTC)


def row(
    content: str,
    *,
    user: str = "u1",
    kind: str = "fact",
    topic: str = "likes",
    valid_from: datetime = RECORDED,
    strength: float = 1.0,
    confidence: float = 0.9,
    expires_at: datetime | None = None,
    keywords=(),
    context: str | None = None,
    message_id: str | None = None,
    agent: str = "bot",
    mood: str | None = None,
    role: str | None = None,
    mentions: list[str] | None = None,
) -> dict:
    memory_id = hashlib.sha256(f"{user}|{kind}|{topic}|{content}|{message_id}".encode()).hexdigest()[:32]
    return {
        "memory_id": memory_id,
        "agent_id": agent,
        "user_id": user,
        "kind": kind,
        "topic": topic,
        "content": content,
        "keywords": list(keywords),
        "confidence": confidence,
        "source": "chat",
        "session_id": "s1",
        "source_message_ids": [message_id or memory_id[:8]],
        "valid_from": valid_from,
        "valid_to": None,
        "recorded_at": RECORDED,
        "recorded_version": 1,
        "retired_version": None,
        "superseded_by": None,
        "merged_into": None,
        "retraction": False,
        "expires_at": expires_at,
        "strength": strength,
        "strength_at_access": None,
        "access_count": 0,
        "last_accessed": None,
        "embedding": None,
        "extractor": "test@1",
        "context": context,
        "mood": mood,
        "role": role if role is not None else ("user" if kind == "episode" else None),
        "mentions": mentions,
    }


def publish(root, rows: list[dict], manifest: dict | None = None, embedder=None) -> SnapshotStore:
    embedder = embedder or HashingEmbedder()
    vectors = embedder.embed_passages([r["content"] for r in rows])
    filled = [{**r, "embedding": vec.tolist()} for r, vec in zip(rows, vectors, strict=True)]
    frame = pl.from_arrow(
        pl.DataFrame(filled, schema_overrides={"merged_into": pl.String, "retired_version": pl.Int64})
        .to_arrow()
        .select(MEMORY_SCHEMA.names)
        .cast(MEMORY_SCHEMA)
    )
    store = SnapshotStore(root)
    version = store.write_version(
        frame,
        pl.from_arrow(QUARANTINE_SCHEMA.empty_table()),
        manifest if manifest is not None else {"embedding_model": embedder.name},
    )
    store.publish(version)
    return store
