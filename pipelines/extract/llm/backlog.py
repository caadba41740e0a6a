"""Windows waiting for the model: quarantined (failed or invalid after retries) or deferred by the run cap.

Kept in `<store>/llm/pending_windows.parquet` with the reason and the raw answer; every run retries them
first, so a window is never silently dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import polars as pl

from pipelines.core.atomic import write_atomic
from pipelines.core.redaction import mask_secrets
from pipelines.core.schemas import UTC_DATETIME
from pipelines.extract.llm.windows import Window

QUARANTINED = "quarantined"
DEFERRED = "deferred"
BACKLOG_SCHEMA = pl.Schema(
    {
        "window_hash": pl.String(),
        "agent_id": pl.String(),
        "user_id": pl.String(),
        "session_id": pl.String(),
        "message_ids": pl.List(pl.String),
        "status": pl.String(),
        "reason": pl.String(),
        "raw_answer": pl.String(),
        "attempts": pl.Int64(),
        "first_seen": UTC_DATETIME,
        "last_tried": UTC_DATETIME,
        "window_json": pl.String(),
    }
)


@dataclass
class PendingWindow:
    window: Window
    status: str
    reason: str
    raw_answer: str
    attempts: int
    first_seen: datetime
    last_tried: datetime

    def row(self) -> dict:
        first = self.window.first
        return {
            "window_hash": self.window.content_hash(),
            "agent_id": first.agent_id,
            "user_id": first.user_id,
            "session_id": first.session_id,
            "message_ids": [m.message_id for m in self.window.messages],
            "status": self.status,
            "reason": self.reason,
            "raw_answer": mask_secrets(self.raw_answer),  # a model may echo what it was shown
            "attempts": self.attempts,
            "first_seen": self.first_seen,
            "last_tried": self.last_tried,
            "window_json": self.window.to_json(),
        }


class WindowBacklog:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)

    def read_frame(self) -> pl.DataFrame:
        return pl.read_parquet(self.path) if self.path.exists() else pl.DataFrame(schema=BACKLOG_SCHEMA)

    def load(self) -> list[PendingWindow]:
        return [
            PendingWindow(
                Window.from_json(row["window_json"]),
                row["status"],
                row["reason"],
                row["raw_answer"],
                row["attempts"],
                row["first_seen"],
                row["last_tried"],
            )
            for row in self.read_frame().iter_rows(named=True)
        ]

    def replace(self, pending: list[PendingWindow]) -> None:
        """The backlog becomes exactly `pending` (windows that succeeded this run are gone)."""
        frame = pl.DataFrame([p.row() for p in pending], schema=BACKLOG_SCHEMA)
        frame = frame.unique("window_hash", keep="first", maintain_order=True)
        write_atomic(self.path, frame.write_parquet)
