"""Shared fixtures: tiny raw logs written to tmp_path, a deterministic fake embedder, a fixed clock."""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

UTC = timezone.utc
NIGHT = datetime(2026, 3, 11, 2, 0, tzinfo=UTC)


class HashingEmbedder:
    """Bag of character bigrams hashed into 384 dims: similar strings get similar vectors, no model needed."""

    name = "hashing-test@1"
    dim = 384
    similarity_floor = 0.0

    def __init__(self) -> None:
        self.calls = 0

    def _vector(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        text = text.lower()
        for i in range(max(len(text) - 1, 1)):
            gram = text[i:i + 2]
            vec[int(hashlib.md5(gram.encode()).hexdigest(), 16) % self.dim] += 1.0
        norm = np.linalg.norm(vec)
        return vec / norm if norm else vec

    def embed_passages(self, texts):
        self.calls += len(texts)
        return np.stack([self._vector(t) for t in texts]) if texts else np.empty((0, self.dim), np.float32)

    def embed_query(self, text):
        return self._vector(text)


@pytest.fixture
def embedder() -> HashingEmbedder:
    return HashingEmbedder()


def message(session: str, seq: int, content: str, ts: datetime, user: str = "u1", role: str = "user",
            agent: str = "bot", source: str = "chat") -> dict:
    return {"agent_id": agent, "user_id": user, "session_id": session, "msg_seq": seq,
            "message_id": f"{session}:{seq}", "role": role, "speaker": user, "content": content,
            "ts": ts, "source": source}


def write_raw(path: Path, rows: list[dict], schema: pa.Schema | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    table = pa.Table.from_pylist(rows, schema=schema) if schema else pa.Table.from_pylist(rows)
    pq.write_table(table, path)
    return path
