"""Candidate rows as the extract stage emits them, turned into memory rows: resolution tested without extraction."""

from __future__ import annotations

import polars as pl

from pipelines.core.schemas import CANDIDATE_SCHEMA
from pipelines.nightly import as_memories
from tests.support.raw_logs import MAR


def candidate(content, topic, kind="fact", day=1, session="s1", message_id=None, source="chat", confidence=0.9):
    return {
        "agent_id": "bot",
        "user_id": "u1",
        "kind": kind,
        "topic": topic,
        "content": content,
        "keywords": [],
        "confidence": confidence,
        "source": source,
        "session_id": session,
        "source_message_ids": [message_id or f"{session}:{day}"],
        "valid_from": MAR(day),
        "expires_at": None,
        "retraction": False,
        "extractor": "test@1",
    }


def memories(rows, recorded=MAR(11)):
    given = pl.DataFrame(rows)
    frame = given.select([name for name in CANDIDATE_SCHEMA.names() if name in given.columns]).with_columns(
        pl.lit(None, pl.Array(pl.Float32, 384)).alias("embedding")
    )
    return as_memories(
        frame.cast({"valid_from": pl.Datetime("us", "UTC"), "expires_at": pl.Datetime("us", "UTC")}, strict=False),
        recorded,
    )
