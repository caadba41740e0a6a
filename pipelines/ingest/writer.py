"""`SessionLogWriter`: how an agent process appends its messages to the raw folder the nightly job reads.

Rows are checked as they are added and buffered; each flush writes one new Parquet file atomically.
"""

from __future__ import annotations

import os
import re
import secrets
import socket
import threading
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from pipelines.core.atomic import fsync_dir, write_atomic
from pipelines.core.clock import now_utc, utc
from pipelines.ingest.session_rows import RAW_SESSION_SCHEMA, check_row


class SessionLogWriter:
    """Appends session-log rows to `raw_root`; safe to use from many processes (and threads) at once.

    Each flush writes `<raw_root>/date=YYYY-MM-DD/<host>-<pid>-<UTC time>-<random>.parquet` (the flush's UTC
    day; flat under `raw_root` with `daily_folders=False`) under a dot-prefixed temp name first, fsyncs it and
    renames it into place, so the nightly job (which skips dot-files and files not ending in `.parquet`) sees
    a whole file or none. Names never repeat, so no writer replaces another's file. The buffer is flushed when
    it holds `max_rows` rows, on `flush()`, and on `close()` or leaving a `with` block; rows still buffered when
    the process dies without either are lost.
    """

    def __init__(
        self,
        raw_root: Path | str,
        *,
        agent_id: str | None = None,
        user_id: str | None = None,
        source: str | None = None,
        max_rows: int = 1000,
        daily_folders: bool = True,
        clock: Callable[[], datetime] = now_utc,
    ) -> None:
        if max_rows < 1:
            raise ValueError(f"max_rows={max_rows}: a flush needs at least 1 row")
        self.raw_root = Path(raw_root)
        # the defaults a row takes when it does not name its own (a row's None leaves the nightly defaults)
        self.defaults = {"agent_id": agent_id, "user_id": user_id, "source": source}
        self.max_rows = max_rows
        self.daily_folders = daily_folders
        self.written: list[Path] = []
        self._clock = clock
        self._rows: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._closed = False
        self._process = f"{re.sub(r'[^A-Za-z0-9_.-]', '_', socket.gethostname())}-{os.getpid()}"

    def append(
        self,
        session_id: str,
        msg_seq: int,
        role: str,
        content: str,
        ts: datetime | None = None,
        *,
        agent_id: str | None = None,
        user_id: str | None = None,
        message_id: str | None = None,
        source: str | None = None,
        speaker: str | None = None,
    ) -> None:
        """One message (`ts` defaults to now); raises SessionLogRowError naming a field that breaks the contract."""
        self.append_row(
            {
                "session_id": session_id,
                "msg_seq": msg_seq,
                "role": role,
                "content": content,
                "ts": ts if ts is not None else self._clock(),
                "agent_id": agent_id,
                "user_id": user_id,
                "message_id": message_id,
                "source": source,
                "speaker": speaker,
            }
        )

    def append_row(self, row: Mapping[str, Any]) -> None:
        """One message as a mapping named like the raw contract's columns (README, Raw session-log contract)."""
        filled = {**row, **{name: value for name, value in self.defaults.items() if row.get(name) is None}}
        checked = check_row(filled)
        with self._lock:
            if self._closed:
                raise ValueError(f"SessionLogWriter({self.raw_root}) is closed; open a new one to append")
            self._rows.append(checked)
            full = len(self._rows) >= self.max_rows
        if full:
            self.flush()

    def flush(self) -> Path | None:
        """Writes the buffered rows as one new file and returns its path (None when nothing is buffered).

        A flush that fails (a full disk) leaves no file and keeps its rows buffered for the next flush.
        """
        with self._lock:
            if not self._rows:
                return None
            table = pa.Table.from_pylist(self._rows, schema=RAW_SESSION_SCHEMA)
            target = self._new_file()
            write_atomic(target, lambda tmp: pq.write_table(table, tmp))
            self._rows = []
            self.written.append(target)
            return target

    def _new_file(self) -> Path:
        moment = utc(self._clock())
        folder = self.raw_root / f"date={moment:%Y-%m-%d}" if self.daily_folders else self.raw_root
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            fsync_dir(folder.parent)  # the new folder's entry must survive a crash as its file will
        return folder / f"{self._process}-{moment:%Y%m%dT%H%M%S%fZ}-{secrets.token_hex(4)}.parquet"

    @property
    def buffered(self) -> int:
        return len(self._rows)

    def close(self) -> None:
        """Flushes what is buffered; appending afterwards is an error. Closing twice is harmless."""
        with self._lock:
            self._closed = True
        self.flush()

    def __enter__(self) -> SessionLogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        # rows added before an error were checked when added: they are the conversation so far, keep them
        self.close()
