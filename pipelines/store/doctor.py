"""`memory doctor`: what is wrong with a store, one line each, and the repair that rolls back to the last sound
version. Damaged versions are moved to `<store>/damaged/`, never deleted; raw files they had folded in are
read again by the next run, because the version rolled back to does not list them as processed.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from pipelines.core.atomic import remove_paths, write_text_atomic
from pipelines.core.clock import now_utc
from pipelines.store.integrity import StoreCorruptError
from pipelines.store.snapshots import POINTER, PUBLISHED, SnapshotStore

DAMAGED = "damaged"


def stale_temp_files(store: SnapshotStore) -> list[Path]:
    return [
        *store.snapshots.glob(".tmp-*"),
        *store.root.glob(f".{POINTER}.*.tmp"),
        *store.snapshots.glob(f"*/.{PUBLISHED}.*.tmp"),
        *store.snapshots.glob(".forget-*"),
        *store.root.glob("shards/*/.tmp-*"),
        *store.root.glob("segments/.tmp-*"),
        *store.root.glob("shards/*/*/.forget-*"),
        *store.root.glob("segments/*/.forget-*"),
    ]


def diagnose(store: SnapshotStore) -> list[str]:
    """Every problem of the store, one line each; empty when it is sound."""
    problems = [f"{path}: left by a killed writer (--repair removes it)" for path in stale_temp_files(store)]
    try:
        store.current_version()
    except StoreCorruptError as exc:
        problems.append(str(exc))
    for version in store.versions():
        problems += store.problems(version, deep=True)
    return problems


def repair(store: SnapshotStore) -> list[str]:
    """Roll the store back to its last sound published version; returns what was done, one line each.

    Raises StoreCorruptError when no sound published version is left (nothing to roll back to).
    """
    if store.location.remote:  # no rename there: the pointer goes back by a commit record
        from pipelines.store.object_doctor import repair_object_store
        from pipelines.store.object_snapshots import ObjectSnapshotStore

        assert isinstance(store, ObjectSnapshotStore)
        return repair_object_store(store)
    actions = []
    with store.writer_lock("memory doctor --repair"):
        for path in store.clean_stale_temp() + _clean_forget_leftovers(store):
            actions.append(f"removed {path} (left by a killed writer)")
        moved = False
        for version in store.versions():
            if store.problems(version, deep=True) != ([m] if (m := store.marker_problem(version)) else []):
                actions.append(_move_aside(store, version))
                moved = True
            elif m:
                actions.append(_restamp(store, version))
        actions += _repoint(store, moved)
    return actions


def _clean_forget_leftovers(store: SnapshotStore) -> list[Path]:
    """A forget killed mid-swap: its rewritten folder or file is incomplete, or the old folder is still there."""
    found = [*store.snapshots.glob(".forget-*"), *store.root.glob("*/*/*/.forget-*"), *store.root.glob("*/*/.forget-*")]
    remove_paths(found)
    return found


def _move_aside(store: SnapshotStore, version: int) -> str:
    first = store.problems(version, deep=True)[0]
    target = store.root / DAMAGED / f"{store.version_path(version).name}-{now_utc():%Y%m%dT%H%M%S}"
    target.parent.mkdir(parents=True, exist_ok=True)
    store.version_path(version).rename(target)
    return f"moved version {version} to {target} ({first})"


def _restamp(store: SnapshotStore, version: int) -> str:
    marker = store.version_path(version) / PUBLISHED
    stamp = datetime.fromtimestamp(os.stat(marker).st_mtime, UTC)
    write_text_atomic(marker, stamp.isoformat() + "\n")
    return f"restamped {marker} with its modification time {stamp.isoformat()}"


def _repoint(store: SnapshotStore, moved: bool) -> list[str]:
    """Keep a sound current version; else point at the newest sound version that was published."""
    try:
        current = store.current_version()
    except StoreCorruptError:
        current = None
    if current is not None:
        return []
    published = [v for v in store.versions() if store.published_at_marker(v) is not None]
    if not published:
        if moved or (store.root / POINTER).exists():  # there was a published state, and none of it is sound
            raise StoreCorruptError(
                f"{store.root}: no sound published version is left to roll back to; restore the store from a "
                "backup, or move it aside and rebuild it from the raw logs with `memory materialize`"
            )
        return []
    target = published[-1]
    stamp = store.published_at_marker(target)
    assert stamp is not None
    write_text_atomic(store.root / POINTER, f"{target}\n{stamp.isoformat()}\n")
    return [f"pointed {store.root / POINTER} at version {target}, the newest sound published version"]
