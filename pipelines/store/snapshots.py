"""The snapshot store: immutable memory versions, their manifests, and the atomic `CURRENT` pointer.

Layout: `<root>/snapshots/<version>/{memories,postings,quarantine}.parquet + manifest.json`, `<root>/CURRENT`.
Readers only follow the pointer; a crash before the pointer swap leaves the previous version live.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.parquet as pq

from pipelines.core.atomic import fsync_dir, fsync_file, write_text_atomic
from pipelines.core.clock import now_utc
from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA, TURN_SCHEMA
from pipelines.index.postings import build_postings

POINTER = "CURRENT"
MEMORIES = "memories.parquet"
QUARANTINE = "quarantine.parquet"
MANIFEST = "manifest.json"
PUBLISHED = "PUBLISHED"  # marker written just before the pointer swap; transaction time of the version
POSTINGS = "postings.parquet"
TURNS = "turns.parquet"
# Small row groups let DuckDB skip every group outside the (agent_id, user_id) being recalled.
ROW_GROUP_SIZE = 8192


class StoreLockedError(RuntimeError):
    """Another writer holds the store."""


class SnapshotNotFoundError(LookupError):
    """The store has no published snapshot (or not the version asked for)."""


def version_dir_name(version: int) -> str:
    return f"{version:08d}"


class SnapshotStore:
    """Versions of the memory table under one root folder; the batch job is its only writer."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.snapshots = self.root / "snapshots"

    # --- reading -------------------------------------------------------------------------------
    def current_version(self) -> int | None:
        try:
            return int((self.root / POINTER).read_text().strip())
        except FileNotFoundError:
            return None

    def version_path(self, version: int) -> Path:
        return self.snapshots / version_dir_name(version)

    def require_version(self, version: int | None = None) -> int:
        chosen = self.current_version() if version is None else version
        if chosen is None:
            raise SnapshotNotFoundError(f"{self.root}: no snapshot published yet; run `memory materialize` first")
        if not (self.version_path(chosen) / MANIFEST).exists():
            raise SnapshotNotFoundError(
                f"{self.root}: snapshot version {chosen} does not exist (see `memory snapshots`)"
            )
        return chosen

    def memories_path(self, version: int | None = None) -> Path:
        return self.version_path(self.require_version(version)) / MEMORIES

    def postings_path(self, version: int | None = None) -> Path:
        return self.version_path(self.require_version(version)) / POSTINGS

    def read_memories(self, version: int | None = None) -> pl.DataFrame:
        """The memory table of a version (the current one by default); empty when nothing is published."""
        if version is None and self.current_version() is None:
            return pl.DataFrame(MEMORY_SCHEMA.empty_table())
        return pl.DataFrame(pq.read_table(self.memories_path(version), schema=MEMORY_SCHEMA))

    def read_quarantine(self, version: int | None = None) -> pl.DataFrame:
        if version is None and self.current_version() is None:
            return pl.DataFrame(QUARANTINE_SCHEMA.empty_table())
        path = self.version_path(self.require_version(version)) / QUARANTINE
        return pl.DataFrame(pq.read_table(path, schema=QUARANTINE_SCHEMA))

    def read_turns(self, version: int | None = None) -> pl.DataFrame:
        """Every session turn folded into a version (empty before anything is published, or for a version
        written before turns were kept)."""
        if version is None and self.current_version() is None:
            return pl.DataFrame(TURN_SCHEMA.empty_table())
        path = self.version_path(self.require_version(version)) / TURNS
        return (
            pl.DataFrame(pq.read_table(path, schema=TURN_SCHEMA))
            if path.exists()
            else pl.DataFrame(TURN_SCHEMA.empty_table())
        )

    def manifest(self, version: int | None = None) -> dict[str, Any]:
        path = self.version_path(self.require_version(version)) / MANIFEST
        return json.loads(path.read_text())

    def version_known_at(self, moment: datetime) -> int:
        """The newest retained version published by `moment`: what the system knew then."""
        known = [v for v in self.versions() if (at := self.published_at(v)) is not None and at <= moment]
        if not known:
            oldest = self.versions()[0] if self.versions() else None
            hint = f"the oldest retained version is {oldest}" if oldest else "nothing is published"
            raise SnapshotNotFoundError(
                f"{self.root}: no retained snapshot was published by {moment.isoformat()} ({hint}; "
                "raise MEMORY_KEEP_VERSIONS to keep more history)"
            )
        return known[-1]

    def published_at(self, version: int) -> datetime | None:
        """When `version` became current (None for a version written but never published)."""
        marker = self.version_path(version) / PUBLISHED
        return datetime.fromisoformat(marker.read_text().strip()) if marker.exists() else None

    def versions(self) -> list[int]:
        """Every complete version on disk (published or not), ascending."""
        if not self.snapshots.exists():
            return []
        found = [int(p.name) for p in self.snapshots.iterdir() if p.name.isdigit() and (p / MANIFEST).exists()]
        return sorted(found)

    def processed_files(self) -> list[dict[str, Any]]:
        """Every raw file (path, sha256, rows) already folded into the current version."""
        if self.current_version() is None:
            return []
        return list(self.manifest().get("processed_files", []))

    # --- writing -------------------------------------------------------------------------------
    def next_version(self) -> int:
        """The number the next write_version will use (stable while the writer lock is held)."""
        if not self.snapshots.exists():
            return 1
        return max((int(p.name) for p in self.snapshots.iterdir() if p.name.isdigit()), default=0) + 1

    def write_version(
        self,
        memories: pl.DataFrame,
        quarantine: pl.DataFrame,
        manifest: dict[str, Any],
        turns: pl.DataFrame | None = None,
    ) -> int:
        """Write a complete, unpublished version and return its number; the pointer does not move."""
        self.snapshots.mkdir(parents=True, exist_ok=True)
        version = self.next_version()
        staging = self.snapshots / f".tmp-{version_dir_name(version)}-{os.getpid()}"
        staging.mkdir()
        table = memories.sort(["agent_id", "user_id"]).to_arrow().select(MEMORY_SCHEMA.names).cast(MEMORY_SCHEMA)
        pq.write_table(table, staging / MEMORIES, row_group_size=ROW_GROUP_SIZE, compression="zstd")
        # Keyword postings are derived from the same rows, so every version carries its own BM25 index.
        pq.write_table(
            build_postings(pl.DataFrame(table.drop_columns(["embedding"]))),
            staging / POSTINGS,
            row_group_size=8 * ROW_GROUP_SIZE,
            compression="zstd",
        )
        quarantine_table = quarantine.to_arrow().select(QUARANTINE_SCHEMA.names).cast(QUARANTINE_SCHEMA)
        pq.write_table(quarantine_table, staging / QUARANTINE, compression="zstd")
        if turns is None:
            turns = pl.DataFrame(TURN_SCHEMA.empty_table())
        turns_table = turns.sort(["agent_id", "user_id", "session_id", "msg_seq"]).to_arrow()
        pq.write_table(turns_table.select(TURN_SCHEMA.names).cast(TURN_SCHEMA), staging / TURNS, compression="zstd")
        full_manifest = {"version": version, "parent": self.current_version(), **manifest}
        (staging / MANIFEST).write_text(json.dumps(full_manifest, indent=2, ensure_ascii=False, default=str))
        for name in (MEMORIES, POSTINGS, QUARANTINE, TURNS, MANIFEST):
            fsync_file(staging / name)
        fsync_dir(staging)
        staging.rename(self.version_path(version))
        fsync_dir(self.snapshots)
        return version

    def publish(self, version: int, at: datetime | None = None) -> None:
        """Point readers at `version`: stamp its PUBLISHED marker, then swap the pointer (both atomic)."""
        self.require_version(version)
        stamp = (at or now_utc()).isoformat()
        write_text_atomic(self.version_path(version) / PUBLISHED, stamp + "\n")
        write_text_atomic(self.root / POINTER, f"{version}\n")

    def prune(self, keep: int) -> list[int]:
        """Delete all but the newest `keep` versions (never the current one); returns what was removed."""
        current = self.current_version()
        doomed = [v for v in self.versions()[:-keep] if v != current] if keep > 0 else []
        for version in doomed:
            shutil.rmtree(self.version_path(version))
        for leftover in self.snapshots.glob(".tmp-*"):  # crashed writes: never published, never read
            shutil.rmtree(leftover, ignore_errors=True)
        return doomed

    @contextmanager
    def writer_lock(self, holder: str) -> Iterator[None]:
        """Exclusive writer lock (flock on `<root>/writer.lock`); fails at once when another run holds it."""
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / "writer.lock"
        handle = open(path, "a+")  # noqa: SIM115 (held across the yield: the flock lives as long as the handle)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            who = handle.read().strip() or "unknown holder"
            handle.close()
            raise StoreLockedError(
                f"{self.root}: the store is locked by another writer ({who}); "
                "wait for that run to finish — only one batch run may write a store at a time"
            ) from None
        try:
            handle.seek(0)
            handle.truncate()
            stamp = now_utc().isoformat(timespec="seconds")
            handle.write(f"{holder} pid={os.getpid()} host={socket.gethostname()} since={stamp}")
            handle.flush()
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
            handle.close()
