"""Time in one representation: timezone-aware UTC datetimes (naive input is taken as UTC, as the raw
contract says), and the one Polars/Arrow timestamp type every stored time column uses."""

from __future__ import annotations

from datetime import UTC, datetime

UTC = UTC


def utc(moment: datetime) -> datetime:
    """`moment` as an aware UTC datetime; a naive one is read as UTC, an aware one is converted."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def now_utc() -> datetime:
    return datetime.now(UTC)


def parse_utc(text: str) -> datetime:
    """An ISO 8601 date or timestamp as aware UTC (raises ValueError for anything else)."""
    return utc(datetime.fromisoformat(text.strip()))


def iso_seconds(moment: datetime) -> str:
    """`moment` as people read it everywhere the CLI prints a time: ISO 8601 in UTC, to the second, with its
    offset (2026-03-11T12:00:00+00:00), so every line compares and sorts alike."""
    return utc(moment).isoformat(timespec="seconds")
