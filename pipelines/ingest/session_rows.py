"""The raw session-log contract checked one row at a time, as an agent process writes it (SessionLogWriter).

A row that the nightly job would refuse or quarantine for its shape fails here instead, naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import pyarrow as pa

from pipelines.core.clock import utc
from pipelines.core.schemas import RAW_OPTIONAL, RAW_REQUIRED, ROLES
from pipelines.ingest.validate import EARLIEST

# The columns a writer emits, required ones first, typed as the nightly job reads them (pipelines.ingest.read).
RAW_SESSION_SCHEMA = pa.schema([*RAW_REQUIRED.items(), *RAW_OPTIONAL.items()])
# Left empty, each of these sends the row to quarantine (pipelines.ingest.validate): refuse it while the caller
# still knows which message it was.
NOT_BLANK = ("session_id", "content", "agent_id", "user_id", "message_id")
INT64_RANGE = range(-(2**63), 2**63)


class SessionLogRowError(ValueError):
    """A row breaks the raw session-log contract; `field` names the column."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"session-log field '{field}': {problem}")
        self.field = field


def check_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """`row` as the raw contract's columns (every column present, absent optional ones null, `ts` aware UTC).

    Raises SessionLogRowError naming the first field that is unknown, missing, of the wrong type or empty.
    """
    unknown = sorted(set(row) - set(RAW_SESSION_SCHEMA.names))
    if unknown:
        raise SessionLogRowError(
            unknown[0], f"not a column of the raw contract (columns: {', '.join(RAW_SESSION_SCHEMA.names)})"
        )
    checked: dict[str, Any] = {}
    for field in RAW_SESSION_SCHEMA:
        value = row.get(field.name)
        if value is None:
            if field.name in RAW_REQUIRED:
                raise SessionLogRowError(field.name, "required, and missing or None")
            checked[field.name] = None
            continue
        checked[field.name] = _typed(field.name, field.type, value)
    if checked["role"] not in ROLES:
        raise SessionLogRowError("role", f"{checked['role']!r} is no role; use {', '.join(sorted(ROLES))}")
    if checked["ts"] < EARLIEST:
        raise SessionLogRowError("ts", f"{checked['ts'].isoformat()} is before 1970-01-02: a zero or missing epoch")
    return checked


def _typed(name: str, kind: pa.DataType, value: Any) -> Any:
    got = f"got {type(value).__name__} {value!r:.40}"
    if pa.types.is_string(kind):
        if not isinstance(value, str):
            raise SessionLogRowError(name, f"must be a str, {got}")
        if name in NOT_BLANK and not value.strip():
            raise SessionLogRowError(name, "must not be empty (the nightly job would quarantine the row)")
        return value
    if pa.types.is_int64(kind):
        # bool is an int to Python, but True as a message's position is a caller's mistake
        if isinstance(value, bool) or not isinstance(value, int) or value not in INT64_RANGE:
            raise SessionLogRowError(name, f"must be an int (64-bit), {got}")
        return value
    if not isinstance(value, datetime):
        # epoch numbers are ambiguous (seconds? milliseconds?), as the nightly job says of whole columns
        raise SessionLogRowError(name, f"must be a datetime (naive ones are taken as UTC), {got}")
    return utc(value)
