"""The snapshot store on S3-compatible object storage: the local layout under `s3://bucket/prefix`, published by
the commit log (pipelines.store.commit_log) instead of the `CURRENT` rename, which object storage does not have.

Files are written into the local work folder as for a local store, uploaded under a version number this writer
claimed with a conditional put, then committed; readers copy the files they read into their own work folder once,
checked against the manifest's sha256, so a version is downloaded once per host, never once per query.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.core.clock import now_utc
from pipelines.store.commit_log import CommitLog
from pipelines.store.doctor import DAMAGED
from pipelines.store.integrity import file_problems
from pipelines.store.lease import StoreLockedError
from pipelines.store.location import VersionTakenError
from pipelines.store.shards import referenced_paths
from pipelines.store.snapshots import (
    CURRENT,
    MANIFEST,
    SEGMENTS,
    SHARDS,
    Current,
    SnapshotStore,
    VersionRejectedError,
    _references,
    version_dir_name,
)

CLAIM = "claim.json"  # `snapshots/<version>/claim.json`: the writer that owns the number, created once


class ObjectSnapshotStore(SnapshotStore):
    """SnapshotStore whose published files live under an `s3://` URI (self.root is the local work folder)."""

    def __init__(self, root: Path | str, shard_count: int | None = None) -> None:
        super().__init__(root, shard_count)
        self.log = CommitLog(self.location)
        self._claimed: int | None = None
        self._stored_sizes: dict[str, int] | None = None  # object sizes listed once per publish

    @property
    def repair_hint(self) -> str:
        return f"run `memory doctor --store {self.uri}` to see what is wrong"

    # --- reading -------------------------------------------------------------------------------
    def current_version(self) -> int | None:
        """The newest commit's version; a reader takes the head it saw within `pointer_check_seconds`."""
        head = self.log.head(max_age=self.pointer_check_seconds)
        return head.version if head is not None else None

    def pointer_published_at(self) -> datetime | None:
        head = self.log.head()
        return head.published_at if head is not None else None

    def published_at_marker(self, version: int) -> datetime | None:
        """When the pointer first moved to `version`: its first commit record."""
        return next((c.published_at for c in self.log.commits() if c.version == version), None)

    def problems(self, version: int, deep: bool = True, written_only: bool = False) -> list[str]:
        """SnapshotStore.problems over the local copies, each fetched first when absent or stale (`written_only`:
        only the version's own files, which a sharded night's groups wrote on other hosts; the reused ones are
        checked on the store by size)."""
        if self.has_manifest(version):
            for ref in _references(self.manifest(version)):
                local = self.root / ref["path"]
                if written_only and ref.get("written") != version:
                    continue  # checked on the store by size: _reused_file_problems
                if file_problems(local.parent, {local.name: ref}):
                    with suppress(FileNotFoundError):  # reported by the check, naming the file
                        self.location.download(ref["path"], local)
        return super().problems(version, deep, written_only)

    def _reused_file_problems(self, ref: dict[str, Any]) -> list[str]:
        if self._stored_sizes is None:  # listed once per publish: a request per file would cost seconds a night
            self._stored_sizes = self.location.sizes(SHARDS) | self.location.sizes(SEGMENTS)
        if self._stored_sizes.get(ref["path"]) != ref["bytes"]:
            return [f"{self.location.url(ref['path'])}: missing or resized (the manifest lists it)"]
        return []

    def marker_problem(self, version: int) -> str | None:
        return None  # the commit record is the marker; an unreadable one is a StoreCorruptError when listed

    def has_manifest(self, version: int) -> bool:
        """Whether the version exists, its manifest copied into the work folder on first sight (manifests are
        written once, so the copy stays good)."""
        local = self.version_path(version) / MANIFEST
        if local.exists():
            return True
        try:
            self.location.download(self._manifest_key(version), local)
        except FileNotFoundError:
            return False
        return True

    def versions(self) -> list[int]:
        names = {key.split("/")[1] for key in self.location.find("snapshots") if key.endswith(f"/{MANIFEST}")}
        return sorted(int(name) for name in names if name.isdigit())

    def shard_file(self, name: str, version: int | None = None, *, user_id: str) -> Path:
        self.ensure_empty_tables()  # written locally: a shard nobody lives in has nothing to download
        return super().shard_file(name, version, user_id=user_id)

    def memories_paths(self, version: int | None = None) -> list[Path]:
        self.ensure_empty_tables()
        return super().memories_paths(version)

    def _sound_path(self, ref: dict[str, Any], version: int) -> Path:
        """The local copy of a referenced file, downloaded when absent or not the manifest's bytes."""
        local = self.root / ref["path"]
        if ref["path"] not in self._sound and file_problems(local.parent, {local.name: ref}):
            with suppress(FileNotFoundError):  # reported by the check below, naming the file
                self.location.download(ref["path"], local)
        return super()._sound_path(ref, version)

    def uris(self, name: str, version: int | None = None, shards: Iterable[int] | None = None) -> list[str]:
        """The `s3://` URIs of table `name` of a version, for DuckDB (pipelines.store.location.register_with) or
        Polars to read in place."""
        paths = self.table_paths(name, version, shards)
        return [self.location.url(path.relative_to(self.root).as_posix()) for path in paths]

    # --- writing -------------------------------------------------------------------------------
    def next_version(self) -> int:
        """The claimed number during a write; else one past every number a manifest or a claim took."""
        if self._claimed is not None:
            return self._claimed
        names = {key.split("/")[1] for key in self.location.find("snapshots")}
        return max((int(n) for n in names if n.isdigit()), default=0) + 1

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
        """SnapshotStore.write_version under a number first claimed with a conditional put: a writer on another
        host that picked the same number is refused before either uploads a file."""
        parent = self._built_on(base)
        self._claimed = self._claim(None, parent)
        try:
            return super().write_version(memories, quarantine, manifest, turns, shards, input_files, base=parent)
        finally:
            self._claimed = None

    def reserve_version(self, run_key: str, base: int | None) -> int:
        """The next number, claimed on the object store for run `run_key` built on `base`: a writer on any host
        takes another number, and the run's groups (on any host) and its publisher check the claim is theirs."""
        return self._claim(run_key, base)

    def _claim(self, run_key: str | None, parent: int | None) -> int:
        version = self.next_version()
        claim = {"claimed_at": now_utc().isoformat(), "parent": parent, "run_key": run_key}
        try:
            self.location.create(self._claim_key(version), json.dumps(claim).encode())
        except VersionTakenError:
            raise StoreLockedError(
                f"{self.uri}: version {version} is being written by another writer (a run on another host); "
                "nothing was changed: run the job again once that run has finished"
            ) from None
        return version

    def require_reservation(self, version: int, run_key: str) -> None:
        """Refuse (StoreLockedError) a step of run `run_key` unless version `version` is claimed by it and the
        version it builds on is still current: the object store says so to every host, a host's lease cannot."""
        try:
            claim = json.loads(self.location.read_bytes(self._claim_key(version)))
        except FileNotFoundError:
            claim = {}
        if claim.get("run_key") != run_key:
            raise StoreLockedError(
                f"{self.uri}: version {version} is not claimed by this run ({run_key}); run the whole job again"
            )
        current = self.current_version()
        if current != claim["parent"]:
            raise StoreLockedError(
                f"{self.uri}: this run ({run_key}) no longer owns the store: it builds on version {claim['parent']}, "
                f"but version {current} was published since by another writer; run the whole job again, its raw "
                "files are still unprocessed"
            )

    def write_shards(
        self, version: int, memories: pl.DataFrame, turns: pl.DataFrame, count: int, shards: set[int] | None
    ) -> dict[str, dict[str, Any] | None]:
        """SnapshotStore.write_shards, the files uploaded as soon as they are written: a sharded night's groups
        write them on other hosts than its publisher's, which finds them on the object store."""
        written = super().write_shards(version, memories, turns, count, shards)
        paths = [ref["path"] for tables in written.values() if tables is not None for ref in tables.values()]
        self.location.upload({path: self.root / path for path in paths})
        return written

    def _write_manifest(self, version: int, manifest: dict[str, Any]) -> None:
        """Upload the segments the version wrote (its shards' files are already: write_shards), then its
        manifest: the version exists once the manifest does."""
        refs = _references(manifest)
        written = [r["path"] for r in refs if r.get("written") == version and r["path"].startswith(f"{SEGMENTS}/")]
        self.location.upload({path: self.root / path for path in written})
        body = json.dumps(manifest, indent=1, ensure_ascii=False, default=str).encode()
        self.location.create(self._manifest_key(version), body)
        super()._write_manifest(version, manifest)

    def publish(self, version: int, at: datetime | None = None) -> None:
        """Verify `version` (its local files in full, its uploaded ones by size), then append its commit record:
        refused whole (StoreLockedError) when another writer published since its parent."""
        self.require_version(version)
        # a version built on a stale parent can never be committed: say so before verifying anything
        self.log.require_head(self.manifest(version)["parent"], version)
        self._stored_sizes = None
        problems = self.problems(version, deep=True, written_only=True) + self._upload_problems(version)
        if problems:
            raise VersionRejectedError(f"version {version} not published: {problems[0]}")
        self.log.append(version, self.manifest(version)["parent"], at or now_utc())

    def _upload_problems(self, version: int) -> list[str]:
        refs = [r for r in _references(self.manifest(version)) if r.get("written") == version]
        if self._stored_sizes is None:
            self._stored_sizes = self.location.sizes(SHARDS) | self.location.sizes(SEGMENTS)
        return [
            f"{self.location.url(r['path'])}: missing or resized on the object store (the manifest lists it)"
            for r in refs
            if self._stored_sizes.get(r["path"]) != r["bytes"]
        ]

    @contextmanager
    def writer_lock(self, holder: str) -> Iterator[None]:
        """`memory migrate` rewrites published versions in place, which this release does only on a local store:
        refused before anything is written (`memory forget` and `doctor --repair` move the pointer by a commit
        record instead: pipelines.forget_remote, pipelines.store.object_doctor)."""
        raise StoreLockedError(
            f"{self.uri}: {holder.strip()} works on a local store only in this release; copy the store to a folder "
            "(`aws s3 sync`), run it there, and copy the result back while no nightly run writes"
        )
        yield  # a generator, as the local lock is

    def prune(self, keep: int) -> list[int]:
        """Delete all but the newest `keep` versions (never the current one) from the object store and the work
        folder, then the files no remaining manifest refers to. No reader pins a version here: a reader on another
        host holds the copies it already read, and follows the pointer to a retained version for the rest."""
        current = self.current_version()
        doomed = [v for v in self.versions()[:-keep] if v != current] if keep > 0 else []
        for version in doomed:
            self.location.delete(self.location.find(f"snapshots/{version_dir_name(version)}"))
            shutil.rmtree(self.version_path(version), ignore_errors=True)
        self.clean_stale_temp()
        return doomed

    def clean_stale_temp(self) -> list[Path]:
        """The local leftovers, and the shard and segment objects of versions that never got a manifest (a writer
        killed mid-upload) or were pruned; folders of versions newer than every manifest may be a live write."""
        stale = super().clean_stale_temp()
        manifests = self.versions()
        referenced: set[str] = set()
        for version in manifests:
            referenced |= {p.rsplit("/", 1)[0] for p in referenced_paths(self.manifest(version))}
        for key in self.location.find(DAMAGED):  # moved aside by `memory doctor --repair`: kept for inspection
            if key.endswith(f"/{MANIFEST}"):
                referenced |= {p.rsplit("/", 1)[0] for p in referenced_paths(json.loads(self.location.read_bytes(key)))}
        newest = max(manifests, default=0)
        doomed = [
            key
            for key in self.location.find(SHARDS) + self.location.find(SEGMENTS)
            if (folder := key.rsplit("/", 1)[0]) not in referenced
            and folder.rsplit("/", 1)[-1].isdigit()
            and int(folder.rsplit("/", 1)[-1]) < newest
        ]
        self.location.delete(doomed)
        return stale + [Path(key) for key in doomed]

    @staticmethod
    def _claim_key(version: int) -> str:
        return f"snapshots/{version_dir_name(version)}/{CLAIM}"

    @staticmethod
    def _manifest_key(version: int) -> str:
        return f"snapshots/{version_dir_name(version)}/{MANIFEST}"
