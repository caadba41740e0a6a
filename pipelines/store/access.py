"""The access log: recall appends which memories it returned; the nightly decay consolidates them.

`<store>/access/<YYYY-MM-DD>/<host>-<pid>.jsonl`, one file per process and UTC day, append-only, never
inside a snapshot. What a run consumed is tracked as a byte offset per file in the manifest.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import polars as pl

from pipelines.core.clock import now_utc, parse_utc, utc
from pipelines.core.schemas import UTC_DATETIME
from pipelines.store.location import StoreLocation

ACCESS_DIR = "access"
# user_id says which shard holds the memory (pipelines.store.shards): the night rewrites only those.
EVENT_SCHEMA = pl.Schema(
    {
        "memory_id": pl.String(),
        "accessed_at": UTC_DATETIME,
        "process": pl.String(),
        "agent_id": pl.String(),
        "user_id": pl.String(),
    }
)


class AccessLog:
    """Appends access events for one process; safe beside other processes (one file each)."""

    def __init__(self, store_root: Path | str) -> None:
        self.location = StoreLocation(store_root)
        self.root = self.location.work / ACCESS_DIR
        self.process = f"{socket.gethostname()}-{os.getpid()}"
        self._appended = 0

    def path_for(self, day: str) -> Path:
        return self.root / day / f"{self.process}.jsonl"

    def append(self, user_id: str, agent_id: str | None, memory_ids: Sequence[str], at: datetime | None = None) -> Path:
        moment = utc(at or now_utc())
        line = json.dumps(
            {
                "at": moment.isoformat(),
                "process": self.process,
                "user_id": user_id,
                "agent_id": agent_id,
                "memory_ids": list(memory_ids),
            },
            ensure_ascii=False,
        )
        if self.location.remote:
            # objects cannot be appended to: one small object per recall, named by process and count
            self._appended += 1
            key = f"{ACCESS_DIR}/{moment.date().isoformat()}/{self.process}-{self._appended:08d}.jsonl"
            self.location.write_bytes(key, (line + "\n").encode("utf-8"))
            return Path(key)
        path = self.path_for(moment.date().isoformat())
        path.parent.mkdir(parents=True, exist_ok=True)
        # One write of a whole line on an O_APPEND handle: a reader never sees half an event.
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        return path


def read_new_events(store_root: Path | str, consumed: dict[str, int]) -> tuple[pl.DataFrame, dict[str, int]]:
    """Events after each file's consumed byte offset, and the offsets after them.

    Only whole lines count: a line still being written is left for the next run.
    """
    location = StoreLocation(store_root)
    rows: list[dict] = []
    offsets = dict(consumed)
    for found, size in sorted(location.sizes(ACCESS_DIR).items()):
        key = found[len(ACCESS_DIR) + 1 :]
        start = consumed.get(key, 0)
        if key.count("/") != 1 or not key.endswith(".jsonl") or size <= start:
            continue  # nothing new: not read at all (S3 refuses a range that starts at the end)
        path = location.url(found)
        data = location.read_bytes(found, start)
        complete = data[: data.rfind(b"\n") + 1]
        for number, raw in enumerate(complete.splitlines()):
            try:
                event = json.loads(raw)
                at = parse_utc(event["at"])
            except (ValueError, KeyError) as exc:
                raise ValueError(
                    f"{path}: unreadable access event after byte {start}, line {number + 1}: {exc}; "
                    "move the file aside and rerun"
                ) from exc
            tenant = {
                "process": event.get("process"),
                "agent_id": event.get("agent_id"),
                "user_id": event.get("user_id"),
            }
            rows.extend({"memory_id": m, "accessed_at": at, **tenant} for m in event["memory_ids"])
        offsets[key] = start + len(complete)
    return pl.DataFrame(rows, schema=EVENT_SCHEMA), offsets
