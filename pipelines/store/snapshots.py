"""The snapshot store: immutable memory versions over user-shard files, their manifests, and the `CURRENT` pointer.

Layout: `<root>/shards/<shard>/<version written>/{memories,postings,turns}.parquet` (a user's rows live in one
shard, pipelines.store.shards), `<root>/segments/<version>/{quarantine,inputs}.parquet` (what one night quarantined
and read), `<root>/snapshots/<version>/manifest.json` and `<root>/CURRENT`. A version is its manifest: it refers to
the shard files it wrote and reuses its parent's for every shard nobody touched, so a night costs the shards its
users live in, not the store. Readers only follow the pointer; a crash before the pointer swap leaves the previous
version live. A version is *published* once the pointer has pointed at it: `CURRENT` holds the version and the
moment of its swap, and the version's `PUBLISHED` marker copies that moment after the swap (so a kill between the
two never counts a version that readers never saw). Each reference keeps its file's size, sha256 and row count;
data is read only from files that still match (pipelines.store.integrity).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from pipelines.core.atomic import fsync_dir, fsync_file, remove_paths, write_text_atomic
from pipelines.core.clock import iso_seconds, now_utc
from pipelines.core.config import LocationSettings
from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA, TURN_SCHEMA
from pipelines.resolve.decay import DecayParams, decay
from pipelines.store.integrity import (
    StoreCorruptError,
    embedding_problems,
    file_problems,
    file_record,
    row_count_problems,
)
from pipelines.store.lease import StoreLockedError, folder_lock, live_holder, locked_error, read_lease
from pipelines.store.location import StoreLocation, is_remote
from pipelines.store.pins import exclusive_unless_pinned
from pipelines.store.shard_files import (
    INPUTS,
    INPUTS_SCHEMA,
    MEMORIES,
    POSTINGS,
    QUARANTINE,
    TURNS,
    empty_tables,
    shard_tables,
    write_folder,
)
from pipelines.store.shards import (
    SEGMENT_KINDS,
    next_expiry,
    referenced_paths,
    row_counts,
    shard_name,
    shard_of,
    split_by_shard,
    summed_counts,
)

POINTER = "CURRENT"
MANIFEST = "manifest.json"
PUBLISHED = "PUBLISHED"  # marker written just after the pointer swap; transaction time of the version
SHARDS = "shards"
SEGMENTS = "segments"
EMPTY = "empty"  # `shards/empty/`: the tables of a shard nobody lives in yet, written once per store
__all__ = ["MANIFEST", "MEMORIES", "POINTER", "POSTINGS", "PUBLISHED", "QUARANTINE", "TURNS", "SnapshotStore"]


class Current:
    """The store's current version, whichever it is when a version is written (the default parent)."""


CURRENT = Current()


class SnapshotNotFoundError(LookupError):
    """The store has no published snapshot (or not the version asked for)."""


class VersionRejectedError(StoreCorruptError):
    """A freshly written version failed verification; the pointer did not move."""


class LegacyStoreError(StoreCorruptError):
    """A store written before user shards: refused by every command until `memory migrate` converts it."""


def version_dir_name(version: int) -> str:
    return f"{version:08d}"


class SnapshotStore:
    """Versions of the memory table under one root folder; the batch job is its only writer."""

    def __new__(cls, root: Path | str, shard_count: int | None = None) -> SnapshotStore:
        # every command, stage and reader opens a store by its URI: an `s3://` one is the object-storage store
        if cls is SnapshotStore and is_remote(root):
            from pipelines.store.object_snapshots import ObjectSnapshotStore

            return super().__new__(ObjectSnapshotStore)
        return super().__new__(cls)

    def __init__(self, root: Path | str, shard_count: int | None = None) -> None:
        self.location = StoreLocation(root)
        self.uri = self.location.uri  # what messages name: the store as the user gave it
        self.root = self.location.work  # the store folder itself, or an object store's local copies
        # how stale the pointer may be: a reader of an object store sets it (a local pointer is always read)
        self.pointer_check_seconds = 0.0
        self.snapshots = self.root / "snapshots"
        self._new_store_shards = shard_count  # only for a store that has no version yet
        self._sound: set[str] = set()  # files this instance has checked against their reference

    @property
    def repair_hint(self) -> str:
        return f"run `memory doctor --store {self.uri}` to see what is wrong and `--repair` to roll back"

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
        if not self.has_manifest(version):
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

    def has_manifest(self, version: int) -> bool:
        return (self.version_path(version) / MANIFEST).exists()

    def require_version(self, version: int | None = None) -> int:
        chosen = self.current_version() if version is None else version
        if chosen is None:
            raise SnapshotNotFoundError(f"{self.uri}: no snapshot published yet; run `memory materialize` first")
        if not self.has_manifest(chosen):
            raise SnapshotNotFoundError(
                f"{self.uri}: snapshot version {chosen} does not exist (see `memory snapshots`)"
            )
        return chosen

    @property
    def shard_count(self) -> int:
        """The store's number of user shards: fixed by its first version (MEMORY_SHARDS for a new store)."""
        current = self.current_version()
        if current is not None:
            return int(self.manifest(current)["shard_count"])
        return self._new_store_shards or LocationSettings.from_env().shards

    def shard_of(self, user_id: str, version: int | None = None) -> int:
        count = self.shard_count if version is None else int(self.manifest(version)["shard_count"])
        return shard_of(user_id, count)

    def shard_refs(self, version: int | None = None) -> dict[str, dict[str, dict[str, Any]]]:
        """Per shard name, the references of its tables in `version` (shards nobody lives in are absent)."""
        return self.manifest(version).get("shards", {})

    def shard_file(self, name: str, version: int | None = None, *, user_id: str) -> Path:
        """The sound file of the shard holding `user_id` (an empty table when nobody of that shard has rows)."""
        chosen = self.require_version(version)
        refs = self.shard_refs(chosen).get(shard_name(self.shard_of(user_id, chosen)))
        if refs is None:
            return self.root / SHARDS / EMPTY / name
        return self._sound_path(refs[name], chosen)

    def memories_path(self, version: int | None = None, *, user_id: str) -> Path:
        return self.shard_file(MEMORIES, version, user_id=user_id)

    def postings_path(self, version: int | None = None, *, user_id: str) -> Path:
        return self.shard_file(POSTINGS, version, user_id=user_id)

    def memories_paths(self, version: int | None = None) -> list[Path]:
        """Every shard's memories file of a version (the empty table's when nobody has rows yet)."""
        return self.table_paths(MEMORIES, version) or [self.root / SHARDS / EMPTY / MEMORIES]

    def table_paths(self, name: str, version: int | None = None, shards: Iterable[int] | None = None) -> list[Path]:
        """The sound files of table `name` (memories, postings, turns) over the given shards (all by default)."""
        chosen = self.require_version(version)
        wanted = None if shards is None else {shard_name(s) for s in shards}
        refs = self.shard_refs(chosen)
        return [self._sound_path(r[name], chosen) for s, r in sorted(refs.items()) if wanted is None or s in wanted]

    def _sound_path(self, ref: dict[str, Any], version: int) -> Path:
        """A referenced file, checked against its size and sha256 once per instance."""
        path = self.root / ref["path"]
        if ref["path"] not in self._sound:
            problems = file_problems(path.parent, {path.name: ref})
            if problems:
                raise StoreCorruptError(f"{problems[0]} [version {version}]; {self.repair_hint}")
            self._sound.add(ref["path"])
        return path

    def read_memories(
        self,
        version: int | None = None,
        shards: Iterable[int] | None = None,
        columns: list[str] | None = None,
        where: pc.Expression | None = None,
    ) -> pl.DataFrame:
        """The memory table of a version (the current one by default; only `shards`, `columns` and the rows
        `where` holds when given), strengths decayed to the version's decay day: a shard a night did not rewrite
        keeps its anchors, not its day (so `columns` with strength needs its anchors: strength_at_access,
        last_accessed, recorded_at). `where` is applied while each file is read, so rows it drops never fill
        memory."""
        schema = MEMORY_SCHEMA if columns is None else pa.schema([MEMORY_SCHEMA.field(c) for c in columns])
        if version is None and self.current_version() is None:
            return pl.DataFrame(schema.empty_table())
        chosen = self.require_version(version)
        memories = pl.DataFrame(_read_all(self.table_paths(MEMORIES, chosen, shards), schema, where))
        return self.decayed(memories, chosen) if "strength" in memories.columns else memories

    def decayed(self, memories: pl.DataFrame, version: int) -> pl.DataFrame:
        """`memories` of `version` with strength as of the version's decay day and decay settings."""
        manifest = self.manifest(version)
        day = manifest.get("decay_day")
        if day is None or memories.is_empty():
            return memories
        return decay(memories, date.fromisoformat(day), DecayParams(**manifest.get("decay", {})))

    def read_quarantine(self, version: int | None = None) -> pl.DataFrame:
        if version is None and self.current_version() is None:
            return pl.DataFrame(QUARANTINE_SCHEMA.empty_table())
        chosen = self.require_version(version)
        paths = [self._sound_path(ref, chosen) for ref in self.manifest(chosen).get("quarantine", [])]
        return pl.DataFrame(_read_all(paths, QUARANTINE_SCHEMA))

    def read_turns(self, version: int | None = None, shards: Iterable[int] | None = None) -> pl.DataFrame:
        """Every session turn folded into a version (only `shards` when given; empty before anything is
        published)."""
        if version is None and self.current_version() is None:
            return pl.DataFrame(TURN_SCHEMA.empty_table())
        return pl.DataFrame(_read_all(self.table_paths(TURNS, version, shards), TURN_SCHEMA))

    def manifest(self, version: int | None = None) -> dict[str, Any]:
        path = self.version_path(self.require_version(version)) / MANIFEST
        try:
            manifest = json.loads(path.read_bytes())
        except (ValueError, OSError) as exc:
            raise StoreCorruptError(f"{path}: not a readable manifest ({exc}); {self.repair_hint}") from exc
        if not isinstance(manifest, dict):
            raise StoreCorruptError(f"{path}: not a readable manifest (not a JSON object); {self.repair_hint}")
        if "shard_count" not in manifest:
            raise LegacyStoreError(
                f"{self.uri}: written by an earlier release (one file per version, before user shards), which "
                f"this one reads only after `memory migrate --store {self.uri}` (once; it keeps every version)"
            )
        return manifest

    def problems(self, version: int, deep: bool = True, written_only: bool = False) -> list[str]:
        """What is wrong with a version, one line each (empty when sound). Shallow: every referenced file against
        its size and sha256; deep also row counts and finite, unit-length vectors. `written_only`: only the files
        the version wrote itself are read (the others were checked when their own version was published), and
        the rest must be there with their size."""
        try:
            manifest = self.manifest(version)
        except LegacyStoreError:
            raise
        except StoreCorruptError as exc:
            return [str(exc).split("; run `memory doctor")[0]]
        problems: list[str] = []
        for ref in _references(manifest):
            path = self.root / ref["path"]
            if written_only and ref.get("written") != version:
                problems += self._reused_file_problems(ref)
                continue
            found = file_problems(path.parent, {path.name: ref})
            if deep and not found:
                found = row_count_problems(path.parent, {path.name: ref})
                found += embedding_problems(path) if path.name == MEMORIES else []
            problems += found
        marker = self.marker_problem(version)
        return problems + ([marker] if marker else [])

    def _reused_file_problems(self, ref: dict[str, Any]) -> list[str]:
        """A file an earlier version wrote must still be there with its size (its bytes were checked then)."""
        path = self.root / ref["path"]
        if not path.exists() or path.stat().st_size != ref["bytes"]:
            return [f"{path}: missing or resized (the manifest lists it)"]
        return []

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
                f"{self.uri}: no retained snapshot was published by {iso_seconds(moment)} "
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
        current = self.current_version()
        if current is None:
            return []
        paths = [self._sound_path(ref, current) for ref in self.manifest(current).get("inputs", [])]
        return pl.DataFrame(_read_all(paths, INPUTS_SCHEMA)).to_dicts()

    # --- writing -------------------------------------------------------------------------------
    def next_version(self) -> int:
        """The number the next write_version will use (stable while the writer lock is held)."""
        if not self.snapshots.exists():
            return 1
        return max((int(p.name) for p in self.snapshots.iterdir() if p.name.isdigit()), default=0) + 1

    def reserve_version(self, run_key: str, base: int | None) -> int:
        """The number a sharded run built on `base` has its groups write their files for (pipelines.night_groups):
        the next one, which the run's lease keeps free on a local store."""
        return self.next_version()

    def require_reservation(self, version: int, run_key: str) -> None:
        """Refuse (StoreLockedError) a step of run `run_key` once the store is no longer that run's to write
        `version` for: locally, once the run's lease is another's. Groups run in parallel, so they check the lease
        rather than take the store's stage lock, which would serialise them."""
        lease = read_lease(self.root)
        if lease is None or lease.run_key != run_key:
            holder = lease.describe() if lease is not None else "nobody"
            raise StoreLockedError(
                f"{self.uri}: this run ({run_key}) no longer owns the store (held by {holder}); run the whole job again"
            )

    def write_version(
        self,
        memories: pl.DataFrame,
        quarantine: pl.DataFrame,
        manifest: dict[str, Any],
        turns: pl.DataFrame | None = None,
        shards: Iterable[int] | None = None,
        input_files: list[dict[str, Any]] | None = None,
        base: int | Current | None = CURRENT,
    ) -> int:
        """Write a complete, unpublished version and return its number; the pointer does not move.

        `memories` and `turns` are the whole rows of the `shards` they touch (every shard when None: then they
        are the whole store); every other shard is the parent's, by reference. `quarantine` and `input_files`
        are what this night adds to the parent's. The parent is `base`, the version the rows were built on (the
        current one by default): publishing checks it is still current, so a writer that lost a race is refused
        instead of building on the winner's version without its memories."""
        version, parent = self.next_version(), self._built_on(base)
        before = self.manifest(parent) if parent is not None else {}
        count = int(before.get("shard_count") or self.shard_count)
        turns = turns if turns is not None else pl.DataFrame(TURN_SCHEMA.empty_table())
        touched = None if shards is None else set(shards)
        written = self.write_shards(version, memories, turns, count, touched)
        return self.assemble_version(
            version, written, manifest, quarantine, input_files, whole=touched is None, base=parent
        )

    def _built_on(self, base: int | Current | None) -> int | None:
        return self.current_version() if isinstance(base, Current) else base

    def write_shards(
        self, version: int, memories: pl.DataFrame, turns: pl.DataFrame, count: int, shards: set[int] | None
    ) -> dict[str, dict[str, Any] | None]:
        """The files of `shards` (every shard when None) for `version`, per shard name (None: a shard left
        without rows); not yet part of any manifest."""
        return {
            shard_name(shard): self.write_shard(shard, version, mine, said) if mine.height or said.height else None
            for shard, (mine, said) in split_by_shard(memories, turns, count, shards).items()
        }

    def assemble_version(
        self,
        version: int,
        written: dict[str, dict[str, Any] | None],
        manifest: dict[str, Any],
        quarantine: pl.DataFrame,
        input_files: list[dict[str, Any]] | None = None,
        whole: bool = False,
        replaced: Iterable[str] = (),
        base: int | Current | None = CURRENT,
    ) -> int:
        """The manifest of `version` over shard files already written for it (`written`: per shard name its
        references, None for a shard left without rows); every other shard is the parent's (`base`, the current
        version by default), unless `whole`, and so is every segment but the `replaced` ones (paths: `quarantine`
        holds what is kept of them)."""
        self.snapshots.mkdir(parents=True, exist_ok=True)
        parent = self._built_on(base)
        before = self.manifest(parent) if parent is not None else {}
        refs = {} if whole else dict(before.get("shards", {}))
        self.ensure_empty_tables()
        for name, tables in written.items():
            refs.pop(name, None)
            if tables is not None:
                refs[name] = tables
        full = {
            "version": version,
            "parent": parent,
            **manifest,
            "shard_count": int(before.get("shard_count") or self.shard_count),
            "rows": summed_counts(r[MEMORIES]["counts"] for r in refs.values()),
            "shards": dict(sorted(refs.items())),
            "written_shards": sorted(s for s, r in refs.items() if r[MEMORIES]["written"] == version),
            **self._segments(version, before, quarantine, input_files or [], set(replaced)),
        }
        self._write_manifest(version, full)
        return version

    def write_shard(
        self, shard: int, version: int, memories: pl.DataFrame, turns: pl.DataFrame
    ) -> dict[str, dict[str, Any]]:
        target = self.root / SHARDS / shard_name(shard) / version_dir_name(version)
        refs = write_folder(self.root, target, shard_tables(memories, turns))
        refs = {name: {**ref, "written": version} for name, ref in refs.items()}
        refs[MEMORIES]["counts"] = row_counts(memories)
        refs[MEMORIES]["next_expiry"] = next_expiry(memories)
        return refs

    def _segments(
        self,
        version: int,
        before: dict[str, Any],
        quarantine: pl.DataFrame,
        input_files: list[dict[str, Any]],
        replaced: set[str],
    ) -> dict[str, list[dict[str, Any]]]:
        """The parent's per-night segments (but the `replaced` ones), plus this night's quarantine and input files
        when it has any."""
        tables: dict[str, pa.Table] = {}
        if quarantine.height:
            tables[QUARANTINE] = quarantine.to_arrow().select(QUARANTINE_SCHEMA.names).cast(QUARANTINE_SCHEMA)
        if input_files:
            rows = [{"path": f["path"], "sha256": f["sha256"], "rows": f["rows"]} for f in input_files]
            tables[INPUTS] = pa.Table.from_pylist(rows, schema=INPUTS_SCHEMA)
        written = write_folder(self.root, self.root / SEGMENTS / version_dir_name(version), tables) if tables else {}
        segments = {kind: [r for r in before.get(kind, []) if r["path"] not in replaced] for kind in SEGMENT_KINDS}
        for kind, name in zip(SEGMENT_KINDS, (QUARANTINE, INPUTS), strict=True):
            if name in written:
                segments[kind].append({**written[name], "written": version})
        return segments

    def ensure_empty_tables(self) -> None:
        folder = self.root / SHARDS / EMPTY
        if not (folder / MEMORIES).exists():
            write_folder(self.root, folder, empty_tables())

    def _write_manifest(self, version: int, manifest: dict[str, Any]) -> None:
        """The version folder with its manifest, renamed into place once durable: the version now exists."""
        staging = self.snapshots / f".tmp-{version_dir_name(version)}-{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        try:
            write_text_atomic(staging / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False, default=str))
            staging.rename(self.version_path(version))
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        fsync_dir(self.snapshots)

    def rewrite_shard_files(
        self, rewritten: dict[str, pa.Table], version_paths: list[Path], counts: dict[str, dict[str, Any]]
    ) -> list[Path]:
        """Replace referenced files with new contents under the same paths (`memory forget`), then reseal every
        manifest of `version_paths` that refers to them (memories files with their new `counts`); returns the
        version folders resealed. Each file is swapped whole (write, fsync, rename)."""
        records: dict[str, dict[str, Any]] = {}
        for relative, table in rewritten.items():
            target = self.root / relative
            temp = target.parent / f".forget-{target.name}-{os.getpid()}"
            pq.write_table(table, temp, compression="zstd")
            fsync_file(temp)
            os.replace(temp, target)
            fsync_dir(target.parent)
            records[relative] = {**file_record(target), **({"counts": counts[relative]} if relative in counts else {})}
        resealed = []
        for folder in version_paths:
            manifest = json.loads((folder / MANIFEST).read_bytes())
            if _reseal(manifest, records):
                write_text_atomic(folder / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False, default=str))
                resealed.append(folder)
        self._sound.difference_update(records)
        return resealed

    def publish(self, version: int, at: datetime | None = None) -> None:
        """Verify `version` as written on disk, then point readers at it: swap the pointer (which records the
        moment), then stamp the PUBLISHED marker with it. Raises VersionRejectedError, pointer unmoved."""
        self.require_version(version)
        problems = self.problems(version, deep=True, written_only=True)
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
        """Remove what killed writers left: temp folders and files, and shard or segment folders no version
        refers to (call only while holding the writer lock: then none of them belongs to a live write)."""
        stale = [*self.snapshots.glob(".tmp-*"), *self.root.glob(f".{POINTER}.*.tmp")]
        stale += [*self.snapshots.glob(f"*/.{PUBLISHED}.*.tmp")]
        stale += [*self.root.glob(f"{SHARDS}/*/.tmp-*"), *self.root.glob(f"{SEGMENTS}/.tmp-*")]
        stale += self._unreferenced_folders()
        remove_paths(stale)
        return stale

    def _unreferenced_folders(self) -> list[Path]:
        """Shard and segment folders that no manifest on disk (published, pinned or damaged) refers to."""
        manifests = [p / MANIFEST for p in self.snapshots.iterdir()] if self.snapshots.exists() else []
        manifests += [*self.root.glob(f"damaged/*/{MANIFEST}")]
        referenced: set[str] = set()
        for path in manifests:
            try:
                manifest = json.loads(path.read_bytes())
            except (OSError, ValueError):
                return []  # unreadable: keep everything until doctor has looked at it
            referenced |= {p.rsplit("/", 1)[0] for p in referenced_paths(manifest)}
        folders = [*self.root.glob(f"{SHARDS}/*/[0-9]*"), *self.root.glob(f"{SEGMENTS}/[0-9]*")]
        return [f for f in folders if f.relative_to(self.root).as_posix() not in referenced]

    def prune(self, keep: int) -> list[int]:
        """Delete all but the newest `keep` versions (never the current one, never one a reader pins: it goes
        at a later prune), then the shard files no remaining version refers to; returns what was removed."""
        current = self.current_version()
        doomed = [v for v in self.versions()[:-keep] if v != current] if keep > 0 else []
        removed = []
        for version in doomed:
            with exclusive_unless_pinned(self.version_path(version) / MANIFEST) as free:
                if free:
                    shutil.rmtree(self.version_path(version))
                    removed.append(version)
        self.clean_stale_temp()  # crashed writes and the files only pruned versions used
        return removed

    @contextmanager
    def writer_lock(self, holder: str) -> Iterator[None]:
        """Exclusive write access outside a nightly run (`doctor --repair`, `forget`, `migrate`): the folder lock,
        refused while a live run owns the store (its publish would bring back what was changed underneath it)."""
        with self.host_lock(holder):
            yield

    @contextmanager
    def host_lock(self, holder: str) -> Iterator[None]:
        """The writer lock of this host's work folder (the store's own for a local store), refused while a live
        run of this host owns the store."""
        with folder_lock(self.root, holder):
            owner = live_holder(self.root)
            if owner is not None:
                raise locked_error(self.root, owner)
            yield


def _read_all(paths: list[Path], schema: pa.Schema, where: pc.Expression | None = None) -> pa.Table:
    """Referenced Parquet files as one table of `schema` (only the rows `where` holds); an unreadable file is a
    StoreCorruptError naming it."""
    tables = []
    for path in paths:
        try:
            tables.append(pq.read_table(path, schema=schema, columns=schema.names, filters=where))
        except (OSError, ValueError) as exc:
            raise StoreCorruptError(f"{path}: not readable as the stored table ({exc})") from exc
    return pa.concat_tables(tables) if tables else schema.empty_table()


def _references(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    refs = [ref for tables in manifest.get("shards", {}).values() for ref in tables.values()]
    return refs + [ref for kind in SEGMENT_KINDS for ref in manifest.get(kind, [])]


def _reseal(manifest: dict[str, Any], records: dict[str, dict[str, Any]]) -> bool:
    """Update the references of rewritten files in `manifest` (and its shard counts); whether any changed."""
    changed = False
    for ref in _references(manifest):
        if ref["path"] in records:
            ref.update(records[ref["path"]])
            changed = True
    if changed:
        manifest["rows"] = summed_counts(refs[MEMORIES]["counts"] for refs in manifest.get("shards", {}).values())
    return changed
