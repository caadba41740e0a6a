"""Which raw files a run reads: every Parquet file under the raw path, identified by its SHA-256.

A file already folded into the store (even renamed) is skipped, which makes reruns idempotent.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq


class RawLogError(ValueError):
    """The raw log breaks the contract in a way no row-level quarantine can absorb."""


@dataclass(frozen=True)
class InputFile:
    path: str
    sha256: str
    rows: int


def list_input_files(raw: Path | str) -> list[Path]:
    """A single Parquet file, or every Parquet file under a folder (hive `date=...` folders included)."""
    raw = Path(raw)
    if raw.is_file():
        return [raw]
    if not raw.is_dir():
        raise RawLogError(f"{raw}: raw input path does not exist; point --raw at a Parquet file or folder")
    return sorted(p for p in raw.rglob("*.parquet") if p.is_file() and not p.name.startswith("."))


def day_folder(raw: Path | str, day: str) -> Path:
    """The hive-style folder of one day's files (`date=YYYY-MM-DD`), as SessionLogWriter and the sample write."""
    return Path(raw) / f"date={day}"


def day_input_files(raw: Path | str, day: str) -> list[Path]:
    """The Parquet files of one day's folder; none when the day has no folder (a day without messages, which a
    backfill over a range meets: a run with nothing new, not a failure)."""
    if not Path(raw).is_dir():
        raise RawLogError(f"{raw}: raw input folder does not exist; point the raw path at the folder of date= folders")
    folder = day_folder(raw, day)
    return list_input_files(folder) if folder.is_dir() else []


def file_checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def new_input_files(files: list[Path], processed_checksums: set[str]) -> list[InputFile]:
    """Files whose content has not been folded in yet; identity is the checksum, so a renamed copy is skipped."""
    fresh, seen = [], set(processed_checksums)
    for path in files:
        checksum = file_checksum(path)
        if checksum not in seen:
            seen.add(checksum)
            fresh.append(InputFile(path=str(path), sha256=checksum, rows=_row_count(path)))
    return fresh


def _row_count(path: Path) -> int:
    """Rows from the footer; a file that is not Parquet (or was cut short while copying) fails naming it."""
    try:
        return pq.ParquetFile(path).metadata.num_rows
    except Exception as exc:  # pyarrow raises ArrowInvalid, OSError, ... for a missing or broken footer
        first_line = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise RawLogError(
            f"{path}: not a readable Parquet file, or truncated ({first_line}); rewrite or remove it"
        ) from exc
