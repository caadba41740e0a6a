"""Raw session-log rows as the contract describes them, written to Parquet under a test's tmp_path.

Also the fixed clock the pipeline tests run at (NIGHT) and a March 2026 timestamp builder (MAR).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

UTC = UTC
NIGHT = datetime(2026, 3, 11, 2, 0, tzinfo=UTC)
MAR = lambda day, hour=9: datetime(2026, 3, day, hour, tzinfo=UTC)  # noqa: E731


def message(
    session: str,
    seq: int,
    content: str,
    ts: datetime,
    user: str = "u1",
    role: str = "user",
    agent: str = "bot",
    source: str = "chat",
) -> dict:
    return {
        "agent_id": agent,
        "user_id": user,
        "session_id": session,
        "msg_seq": seq,
        "message_id": f"{session}:{seq}",
        "role": role,
        "speaker": user,
        "content": content,
        "ts": ts,
        "source": source,
    }


def write_raw(path: Path, rows: list[dict], schema: pa.Schema | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    table = pa.Table.from_pylist(rows, schema=schema) if schema else pa.Table.from_pylist(rows)
    pq.write_table(table, path)
    return path
