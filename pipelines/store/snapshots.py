"""The snapshot store: immutable memory versions, their manifests, and the atomic `CURRENT` pointer.

Layout: `<root>/snapshots/<version>/{memories,postings,quarantine}.parquet + manifest.json`, `<root>/CURRENT`.
Readers only follow the pointer; a crash before the pointer swap leaves the previous version live. A version is
*published* once the pointer has pointed at it: `CURRENT` holds the version and the moment of its swap, and the
version's `PUBLISHED` marker copies that moment after the swap (so a kill between the two never counts a
version that readers never saw). Each manifest keeps its files' sizes, sha256 and row counts; data is read only
from a version whose files still match (pipelines.store.integrity).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.parquet as pq

from pipelines.core.atomic import fsync_dir, fsync_file, remove_paths, write_text_atomic
from pipelines.core.clock import iso_seconds, now_utc
from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA, TURN_SCHEMA
from pipelines.index.postings import build_postings
from pipelines.store.integrity import (
    StoreCorruptError,
    embedding_problems,
    file_problems,
    file_record,
    row_count_problems,
)
from pipelines.store.lease import folder_lock, live_holder, locked_error
from pipelines.store.pins import exclusive_unless_pinned

POINTER = "CURRENT"
MEMORIES = "memories.parquet"
QUARANTINE = "quarantine.parquet"
MANIFEST = "manifest.json"
PUBLISHED = "PUBLISHED"  # marker written just after the pointer swap; transaction time of the version
POSTINGS = "postings.parquet"
TURNS = "turns.parquet"
DATA_FILES = (MEMORIES, POSTINGS, QUARANTINE, TURNS)
# Small row groups let DuckDB skip every group outside the (agent_id, user_id) being recalled.
ROW_GROUP_SIZE = 8192


class SnapshotNotFoundError(LookupError):
    """The store has no published snapshot (or not the version asked for)."""


class VersionRejectedError(StoreCorruptError):
    """A freshly written version failed verification; the pointer did not move."""


def version_dir_name(version: int) -> str:
    return f"{version:08d}"


class SnapshotStore:
    """Versions of the memory table under one root folder; the batch job is its only writer."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.snapshots = self.root / "snapshots"
        self._sound: set[int] = set()  # versions whose files this instance has checked against their manifest

    @property
    def repair_hint(self) -> str:
        return f"run `memory doctor --store {self.root}` to see what is wrong and `--repair` to roll back"

    # --- reading -------------------------------------------------------------------------------
    def _pointer_lines(self) -> list[str] | None:
        path = self.root / POINTER
        try:
            return path.read_bytes().decode("utf-8", errors="replace").split()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreCorruptError(f"{path}: unreadable pointer ({exc}); {self.repair_hint}") from exc

    def current_version(self) -> int | None:
        """The version readers see; None only for a store that never published. A missing or broken pointer
        beside published versions is an error, never a fresh start (the next run would drop their memories)."""
        path = self.root / POINTER
        lines = self._pointer_lines()
        if lines is None:
            published = [v for v in self.versions() if (self.version_path(v) / PUBLISHED).exists()]
            if published:
                raise StoreCorruptError(
                    f"{path}: missing, but version(s) {', '.join(map(str, published))} were published; "
                    f"{self.repair_hint} to the last sound one"
                )
            return None
        try:
            version = int(lines[0])
        except (IndexError, ValueError):
            shown = " ".join(lines)[:40]
            raise StoreCorruptError(f"{path}: unreadable pointer {shown!r}; {self.repair_hint}") from None
        if not (self.version_path(version) / MANIFEST).exists():
            raise StoreCorruptError(f"{path}: points at version {version}, which is missing; {self.repair_hint}")
        return version

    def pointer_published_at(self) -> datetime | None:
        """The moment of the last pointer swap, as `CURRENT` records it (None for a pointer written before)."""
        lines = self._pointer_lines() or []
        try:
            return datetime.fromisoformat(lines[1]) if len(lines) > 1 else None
        except ValueError:
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
        return self.sound_file(MEMORIES, version)

    def postings_path(self, version: int | None = None) -> Path:
        return self.sound_file(POSTINGS, version)

    def sound_file(self, name: str, version: int | None = None) -> Path:
        """A data file of a version whose files match its manifest (checked once per version and instance)."""
        chosen = self.require_version(version)
        if chosen not in self._sound:
            problems = self.problems(chosen, deep=False)
            if problems:
                raise StoreCorruptError(f"{problems[0]} [version {chosen}]; {self.repair_hint}")
            self._sound.add(chosen)
        return self.version_path(chosen) / name

    def read_memories(self, version: int | None = None) -> pl.DataFrame:
        """The memory table of a version (the current one by default); empty when nothing is published."""
        if version is None and self.current_version() is None:
            return pl.DataFrame(MEMORY_SCHEMA.empty_table())
        return pl.DataFrame(_read(self.memories_path(version), MEMORY_SCHEMA))

    def read_quarantine(self, version: int | None = None) -> pl.DataFrame:
        if version is None and self.current_version() is None:
            return pl.DataFrame(QUARANTINE_SCHEMA.empty_table())
        return pl.DataFrame(_read(self.sound_file(QUARANTINE, version), QUARANTINE_SCHEMA))

    def read_turns(self, version: int | None = None) -> pl.DataFrame:
        """Every session turn folded into a version (empty before anything is published, or for a version
        written before turns were kept)."""
        if version is None and self.current_version() is None:
            return pl.DataFrame(TURN_SCHEMA.empty_table())
        path = self.sound_file(TURNS, version)
        return pl.DataFrame(_read(path, TURN_SCHEMA)) if path.exists() else pl.DataFrame(TURN_SCHEMA.empty_table())

    def manifest(self, version: int | None = None) -> dict[str, Any]:
        path = self.version_path(self.require_version(version)) / MANIFEST
        try:
            manifest = json.loads(path.read_bytes())
        except (ValueError, OSError) as exc:
            raise StoreCorruptError(f"{path}: not a readable manifest ({exc}); {self.repair_hint}") from exc
        if not isinstance(manifest, dict):
            raise StoreCorruptError(f"{path}: not a readable manifest (not a JSON object); {self.repair_hint}")
        return manifest

    def problems(self, version: int, deep: bool = True) -> list[str]:
        """What is wrong with a version, one line each (empty when sound). Shallow: files against the manifest's
        sizes and sha256; deep also row counts and finite, unit-length vectors."""
        folder = self.version_path(version)
        try:
            manifest = self.manifest(version)
        except StoreCorruptError as exc:
            return [str(exc).split("; run `memory doctor")[0]]
        files = manifest.get("files")
        if files is None:  # written before manifests kept checksums: at least the files must be there
            present = [name for name in (MEMORIES, POSTINGS, QUARANTINE) if (folder / name).exists()]
            problems = [f"{folder / name}: missing" for name in (MEMORIES, POSTINGS, QUARANTINE) if name not in present]
            files = {name: None for name in present}
        else:
            problems = file_problems(folder, files)
        if deep and not problems:
            listed = {name: record for name, record in files.items() if record is not None}
            problems += row_count_problems(folder, listed) + embedding_problems(folder / MEMORIES)
        marker = self.marker_problem(version)
        return problems + ([marker] if marker else [])

    def marker_problem(self, version: int) -> str | None:
        marker = self.version_path(version) / PUBLISHED
        if marker.exists() and self._marker_time(marker) is None:
            return f"{marker}: unreadable publication marker (`memory doctor --repair` restamps it from its mtime)"
        return None

    def version_known_at(self, moment: datetime) -> int:
        """The newest retained version published by `moment`: what the system knew then."""
        published = [(v, at) for v in self.versions() if (at := self.published_at(v)) is not None]
        known = [v for v, at in published if at <= moment]
        if not known:
            raise SnapshotNotFoundError(
                f"{self.root}: no retained snapshot was published by {iso_seconds(moment)} "
                f"({self._known_at_hint(published)})"
            )
        return known[-1]

    def _known_at_hint(self, published: list[tuple[int, datetime]]) -> str:
        """What to ask instead: older history was pruned, or the store simply did not exist yet."""
        if not published:
            return "nothing is published yet; run `memory materialize` first"
        oldest, at = published[0]
        if self.manifest(oldest).get("parent") is not None:  # versions before it were pruned
            return (
                f"the oldest retained one, version {oldest}, was published at {iso_seconds(at)}; raise "
                "MEMORY_KEEP_VERSIONS to keep more history"
            )
        return (
            f"the first version, {oldest}, was published at {iso_seconds(at)}: ask for a later time, or build "
            "the store night by night with `memory materialize --run-as-of` to have history in the past"
        )

    def published_at(self, version: int) -> datetime | None:
        """When the pointer first swapped to `version` (None for a version readers never saw, or whose marker is
        unreadable: `memory doctor` reports that)."""
        stamped = self.published_at_marker(version)
        if stamped is None and version == self.current_version():
            return self.pointer_published_at()  # killed between the swap and the marker
        return stamped

    def published_at_marker(self, version: int) -> datetime | None:
        """The moment in the version's own PUBLISHED marker (None when it has none or it is unreadable)."""
        marker = self.version_path(version) / PUBLISHED
        return self._marker_time(marker) if marker.exists() else None

    @staticmethod
    def _marker_time(marker: Path) -> datetime | None:
        try:
            return datetime.fromisoformat(marker.read_bytes().decode("utf-8").strip())
        except (ValueError, OSError):
            return None

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
        try:
            files = _write_tables(staging, memories, quarantine, turns)
            full_manifest = {"version": version, "parent": self.current_version(), **manifest, "files": files}
            _seal(staging, full_manifest)
            staging.rename(self.version_path(version))
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)  # a full disk: give the space back, never half a version
            raise
        fsync_dir(self.snapshots)
        return version

    def replace_version(
        self,
        folder: Path,
        memories: pl.DataFrame,
        quarantine: pl.DataFrame,
        turns: pl.DataFrame,
        manifest: dict[str, Any],
    ) -> None:
        """Rewrite a version folder's tables under the same number (`memory forget`), manifest resealed.

        The new folder is complete and fsynced before two renames swap it in; a kill between them leaves
        `.forget-*` folders that `memory doctor --repair` (or the next forget) settles.
        """
        fresh = self.snapshots / f".forget-new-{folder.name}-{os.getpid()}"
        old = self.snapshots / f".forget-old-{folder.name}-{os.getpid()}"
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.mkdir()
        files = _write_tables(fresh, memories, quarantine, turns)
        if (folder / PUBLISHED).exists():
            shutil.copy2(folder / PUBLISHED, fresh / PUBLISHED)
        _seal(fresh, {**manifest, "files": files})
        folder.rename(old)
        fresh.rename(folder)
        fsync_dir(folder.parent)
        shutil.rmtree(old)
        if folder.name.isdigit():
            self._sound.discard(int(folder.name))

    def publish(self, version: int, at: datetime | None = None) -> None:
        """Verify `version` as written on disk, then point readers at it: swap the pointer (which records the
        moment), then stamp the PUBLISHED marker with it. Raises VersionRejectedError, pointer unmoved."""
        self.require_version(version)
        problems = self.problems(version, deep=True)
        if problems:
            raise VersionRejectedError(f"version {version} not published: {problems[0]}")
        self._stamp_current()
        stamp = (at or now_utc()).isoformat()
        write_text_atomic(self.root / POINTER, f"{version}\n{stamp}\n")
        write_text_atomic(self.version_path(version) / PUBLISHED, stamp + "\n")

    def _stamp_current(self) -> None:
        """Give the current version its marker if a kill between its swap and its marker left it without."""
        current = self.current_version()
        if current is None:
            return
        marker = self.version_path(current) / PUBLISHED
        stamp = self.pointer_published_at()
        if stamp is not None and (not marker.exists() or self._marker_time(marker) is None):
            write_text_atomic(marker, stamp.isoformat() + "\n")

    def clean_stale_temp(self) -> list[Path]:
        """Remove what killed writers left: temp version folders and temp pointer/marker files (call only while
        holding the writer lock: then no temp file belongs to a live write)."""
        stale = [*self.snapshots.glob(".tmp-*"), *self.root.glob(f".{POINTER}.*.tmp")]
        stale += [*self.snapshots.glob(f"*/.{PUBLISHED}.*.tmp")]
        remove_paths(stale)
        return stale

    def prune(self, keep: int) -> list[int]:
        """Delete all but the newest `keep` versions (never the current one, never one a reader pins: it goes
        at a later prune); returns what was removed."""
        current = self.current_version()
        doomed = [v for v in self.versions()[:-keep] if v != current] if keep > 0 else []
        removed = []
        for version in doomed:
            with exclusive_unless_pinned(self.version_path(version) / MANIFEST) as free:
                if free:
                    shutil.rmtree(self.version_path(version))
                    removed.append(version)
        self.clean_stale_temp()  # crashed writes: never published, never read
        return removed

    @contextmanager
    def writer_lock(self, holder: str) -> Iterator[None]:
        """Exclusive write access outside a nightly run (`doctor --repair`, `forget`): the folder lock, refused
        while a live run owns the store (its publish would bring back what was changed underneath it)."""
        with folder_lock(self.root, holder):
            owner = live_holder(self.root)
            if owner is not None:
                raise locked_error(self.root, owner)
            yield


def _read(path: Path, schema: Any) -> Any:
    """A version's Parquet file as `schema`; an unreadable file is a StoreCorruptError naming it."""
    try:
        return pq.read_table(path, schema=schema)
    except (OSError, ValueError) as exc:
        raise StoreCorruptError(f"{path}: not readable as the stored table ({exc})") from exc


def _write_tables(
    folder: Path, memories: pl.DataFrame, quarantine: pl.DataFrame, turns: pl.DataFrame | None
) -> dict[str, dict[str, Any]]:
    """A version's Parquet files in `folder`; returns each file's manifest record (size, sha256, rows)."""
    table = memories.sort(["agent_id", "user_id"]).to_arrow().select(MEMORY_SCHEMA.names).cast(MEMORY_SCHEMA)
    pq.write_table(table, folder / MEMORIES, row_group_size=ROW_GROUP_SIZE, compression="zstd")
    # Keyword postings are derived from the same rows, so every version carries its own BM25 index.
    pq.write_table(
        build_postings(pl.DataFrame(table.drop_columns(["embedding"]))),
        folder / POSTINGS,
        row_group_size=8 * ROW_GROUP_SIZE,
        compression="zstd",
    )
    quarantine_table = quarantine.to_arrow().select(QUARANTINE_SCHEMA.names).cast(QUARANTINE_SCHEMA)
    pq.write_table(quarantine_table, folder / QUARANTINE, compression="zstd")
    if turns is None:
        turns = pl.DataFrame(TURN_SCHEMA.empty_table())
    turns_table = turns.sort(["agent_id", "user_id", "session_id", "msg_seq"]).to_arrow()
    pq.write_table(turns_table.select(TURN_SCHEMA.names).cast(TURN_SCHEMA), folder / TURNS, compression="zstd")
    return {name: file_record(folder / name) for name in DATA_FILES}


def _seal(folder: Path, manifest: dict[str, Any]) -> None:
    """Write the manifest, then make every file of the folder durable before it is renamed into place."""
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False, default=str))
    for name in (*DATA_FILES, MANIFEST):
        fsync_file(folder / name)
    fsync_dir(folder)
