"""The extraction cache: a model's validated answer for a window, so a rerun makes no model calls.

One Parquet table `<store>/cache/extractions.parquet` keyed by (model, prompt version, window hash).
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import polars as pl

from pipelines.core.atomic import write_atomic
from pipelines.core.clock import now_utc
from pipelines.core.schemas import UTC_DATETIME, ExtractedMemory

CACHE_SCHEMA = pl.Schema(
    {
        "model": pl.String(),
        "prompt_version": pl.String(),
        "window_hash": pl.String(),
        "memories_json": pl.String(),
        "tokens_in": pl.Int64(),
        "tokens_out": pl.Int64(),
        "created_at": UTC_DATETIME,
    }
)


class ExtractionCache:
    """Validated memories per window; entries of other models and prompt versions are kept untouched."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._new: list[dict] = []
        self._entries: dict[tuple[str, str, str], str] = {}
        if self.path.exists():
            frame = pl.read_parquet(self.path)
            keys = zip(frame["model"], frame["prompt_version"], frame["window_hash"], strict=True)
            self._entries = dict(zip(keys, frame["memories_json"], strict=True))

    def get(self, model: str, prompt_version: str, window_hash: str) -> list[ExtractedMemory] | None:
        found = self._entries.get((model, prompt_version, window_hash))
        if found is None:
            return None
        return [ExtractedMemory.model_validate(item) for item in json.loads(found)]

    def put(
        self,
        model: str,
        prompt_version: str,
        window_hash: str,
        memories: list[ExtractedMemory],
        tokens_in: int,
        tokens_out: int,
    ) -> None:
        text = json.dumps([m.model_dump(mode="json") for m in memories], ensure_ascii=False)
        with self._lock:
            self._entries[(model, prompt_version, window_hash)] = text
            self._new.append(
                {
                    "model": model,
                    "prompt_version": prompt_version,
                    "window_hash": window_hash,
                    "memories_json": text,
                    "tokens_in": tokens_in,
                    "tokens_out": tokens_out,
                    "created_at": now_utc(),
                }
            )

    def save(self) -> None:
        """Append this run's answers atomically (temp file + rename)."""
        if not self._new:
            return
        fresh = pl.DataFrame(self._new, schema=CACHE_SCHEMA)
        frame = pl.concat([pl.read_parquet(self.path), fresh]) if self.path.exists() else fresh
        frame = frame.unique(["model", "prompt_version", "window_hash"], keep="last", maintain_order=True)
        write_atomic(self.path, frame.write_parquet)
        self._new = []
