"""`memory doctor --repair` on an object store: damaged versions' manifests moved to `damaged/` on the store, and the
commit log pointed back at the newest sound published version by a record of its own; no published file is
rewritten (readers on other hosts keep what they copied).

A damaged version's claim stays, so its number is never written again, and its files stay while `damaged/` refers
to them (ObjectSnapshotStore.clean_stale_temp); the raw files it had folded in are read again by the next night.
"""

from __future__ import annotations

import shutil

from pipelines.core.clock import now_utc
from pipelines.store.doctor import DAMAGED
from pipelines.store.integrity import StoreCorruptError
from pipelines.store.object_snapshots import ObjectSnapshotStore
from pipelines.store.snapshots import MANIFEST, version_dir_name


def repair_object_store(store: ObjectSnapshotStore) -> list[str]:
    """Roll an `s3://` store back to its last sound published version (pipelines.store.doctor.repair's contract)."""
    actions = []
    with store.host_lock("memory doctor --repair"):
        actions += [f"removed {path} (left by a killed writer)" for path in store.clean_stale_temp()]
        damaged = []
        for version in store.versions():
            problems = store.problems(version, deep=True)
            if problems:
                actions.append(_move_aside(store, version, problems[0]))
                damaged.append(version)
        actions += _repoint(store, damaged)
    return actions


def _move_aside(store: ObjectSnapshotStore, version: int, problem: str) -> str:
    manifest = f"snapshots/{version_dir_name(version)}/{MANIFEST}"
    folder = f"{DAMAGED}/{version_dir_name(version)}-{now_utc():%Y%m%dT%H%M%S}"
    store.location.write_bytes(f"{folder}/{MANIFEST}", store.location.read_bytes(manifest))
    store.location.delete([manifest])  # the version is gone from every listing; its claim keeps the number taken
    shutil.rmtree(store.version_path(version), ignore_errors=True)
    return f"moved version {version} to {store.location.url(folder)} ({problem})"


def _repoint(store: ObjectSnapshotStore, damaged: list[int]) -> list[str]:
    """A commit record naming the newest sound published version, when the current one was moved aside."""
    head = store.log.head()
    if head is None or head.version not in damaged:
        return []
    published = {commit.version for commit in store.log.commits()}
    sound = [version for version in store.versions() if version in published]
    if not sound:
        raise StoreCorruptError(
            f"{store.uri}: no sound published version is left to roll back to; restore the store from a backup, or "
            "rebuild it from the raw logs with `memory materialize` into a new prefix"
        )
    store.log.append(sound[-1], head.version, now_utc())
    return [f"pointed {store.location.url('log/')} at version {sound[-1]}, the newest sound published version"]
