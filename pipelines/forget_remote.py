"""`memory forget` on an object store: a version without the tenant, published as a night is (a claimed number, a
commit record on the head it was built on), then every retained version that still holds their rows dropped with
the files that hold them; their recall events and every run's shared hand-off on the store go too.

Published objects are never rewritten under readers on other hosts (each keeps the manifests and files it read),
so the tenant leaves by a version of its own; the history that held them goes (versions from before they arrived
stay, and an as-of question before the forget is answered from those).
"""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.forget import ForgetReport, Tenant, _event_is_theirs
from pipelines.store.access import ACCESS_DIR
from pipelines.store.integrity import file_problems
from pipelines.store.lease import StoreLockedError
from pipelines.store.shards import shard_name, shard_of
from pipelines.store.snapshots import MEMORIES, QUARANTINE, TURNS, SnapshotStore, _references, version_dir_name
from pipelines.store.staging import STAGING

RUN_KEY = "memory forget"  # what the version's claim names as its writer
# keys assemble_version writes, and the night's run id a forget's version was not made by
NOT_INHERITED = {"version", "parent", "shard_count", "rows", "shards", "written_shards", "quarantine", "inputs"}
NOT_INHERITED |= {"dagster_run_id"}


def their_rows(tenant: Tenant, name: str, ids: set[str]) -> pl.Expr:
    """The tenant's rows of a table: a quarantined row without tenant columns is theirs by its message id."""
    theirs = tenant.rows()
    if name == QUARANTINE:
        theirs = theirs | (pl.col("user_id").is_null() & pl.col("message_id").is_in(sorted(ids)))
    return theirs.fill_null(False)


def fetch(store: SnapshotStore, manifests: dict[int, dict[str, Any]], paths: set[str]) -> None:
    """Local copies of the referenced files `paths`, each checked against its reference (fetched once)."""
    refs = {ref["path"]: ref for manifest in manifests.values() for ref in _references(manifest)}
    for path in sorted(paths):
        local = store.root / path
        if file_problems(local.parent, {local.name: refs[path]}):
            store.location.download(path, local)


def forget_published(
    store: SnapshotStore,
    manifests: dict[int, dict[str, Any]],
    files: dict[str, str],
    tenant: Tenant,
    ids: set[str],
    at: datetime,
    report: ForgetReport,
) -> None:
    """`files` (path: table name) may hold the tenant's rows, their message ids `ids`: publish the current version
    without them, then drop every retained version and file that still holds them."""
    holding = {path: name for path, name in files.items() if _count_theirs(store, path, name, tenant, ids, report)}
    current = store.current_version()
    if current is not None and any(ref["path"] in holding for ref in _references(manifests[current])):
        version = _publish_without(store, manifests[current], holding, tenant, ids, at)
        report.versions_rewritten = [version]
    doomed = [v for v, m in manifests.items() if any(ref["path"] in holding for ref in _references(m))]
    for version in doomed:  # the versions first: no manifest is left referring to a file about to go
        store.location.delete(store.location.find(f"snapshots/{version_dir_name(version)}"))
        shutil.rmtree(store.version_path(version), ignore_errors=True)
    store.location.delete(sorted(holding))
    for path in holding:
        (store.root / path).unlink(missing_ok=True)
    store.clean_stale_temp()  # the files only the dropped versions used
    report.versions_dropped = doomed
    report.access_events = _delete_access_events(store, tenant)
    # a run in flight built on a version that is no longer current: it can never publish, and its hand-off has rows
    store.location.delete(store.location.find(STAGING))


def _count_theirs(
    store: SnapshotStore, path: str, name: str, tenant: Tenant, ids: set[str], report: ForgetReport
) -> int:
    gone = pl.scan_parquet(store.root / path).filter(their_rows(tenant, name, ids)).select(pl.len()).collect().item()
    if name == MEMORIES:
        report.memories += gone
    elif name == TURNS:
        report.turns += gone
    elif name == QUARANTINE:
        report.quarantined_rows += gone
    return int(gone)


def _publish_without(
    store: SnapshotStore,
    manifest: dict[str, Any],
    holding: dict[str, str],
    tenant: Tenant,
    ids: set[str],
    at: datetime,
) -> int:
    """The current version with the tenant's shard and the quarantine segments holding them rewritten without
    them, under a claimed number, published on the current head (refused whole if another writer moved it)."""
    count = int(manifest["shard_count"])
    shard = shard_of(tenant.user_id, count)
    refs = manifest["shards"].get(shard_name(shard), {})
    mine = any(ref["path"] in holding for ref in refs.values())  # else only quarantined rows are theirs
    kept = {name: _kept(store.root / refs[name]["path"], name, tenant, ids) for name in (MEMORIES, TURNS) if mine}
    quarantined = [ref["path"] for ref in manifest.get("quarantine", []) if ref["path"] in holding]
    quarantine = [_kept(store.root / path, QUARANTINE, tenant, ids) for path in quarantined]
    version = store.reserve_version(RUN_KEY, manifest["version"])
    written = store.write_shards(version, kept[MEMORIES], kept[TURNS], count, {shard}) if kept else {}
    inherited = {key: value for key, value in manifest.items() if key not in NOT_INHERITED}
    night = {"created_at": at.isoformat(), "input_files": [], "quarantined_this_run": 0, "forgotten_rows_this_run": 0}
    rows = pl.concat(quarantine, how="vertical_relaxed") if quarantine else pl.DataFrame()
    store.assemble_version(version, written, {**inherited, **night}, rows, [], replaced=quarantined)
    try:
        store.publish(version, at)
    except StoreLockedError:
        store.location.delete(store.location.find(f"snapshots/{version_dir_name(version)}"))  # never to be published
        raise StoreLockedError(
            f"{store.uri}: memory forget published nothing: another writer published a version since it began; "
            "run `memory forget` again (their tombstone is written: no night folds their raw rows back in)"
        ) from None
    return version


def _kept(path: Path, name: str, tenant: Tenant, ids: set[str]) -> pl.DataFrame:
    return pl.read_parquet(path).filter(~their_rows(tenant, name, ids))


def _delete_access_events(store: SnapshotStore, tenant: Tenant) -> int:
    """Their recall events: one object per recall on an object store (pipelines.store.access), deleted whole."""
    keys = [key for key in store.location.find(ACCESS_DIR) if key.endswith(".jsonl")]
    theirs = [key for key, data in store.location.read_many(keys).items() if _holds_theirs(data, tenant)]
    store.location.delete(theirs)
    return len(theirs)


def _holds_theirs(data: bytes, tenant: Tenant) -> bool:
    return any(_event_is_theirs(line, tenant) for line in data.splitlines(keepends=True))
