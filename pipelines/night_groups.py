"""The nightly job fanned out over shard groups: one plan, one writer per group (in parallel), one publisher.

The plan validates and claims the store as the one-writer night does and reserves the version number (on an object
store, claimed there: SnapshotStore.reserve_version); each group extracts, resolves and decays its users' rows with
pipelines.nightly's stage functions and writes its shards' files for that version; the publisher gathers every
group's file references into the version's manifest and swaps the pointer, only when every group wrote (a failed
group leaves the previous version current). Steps may run on different hosts: their hand-off is a shared
StagingArea (on the object store for an `s3://` store), and each checks the store is still its run's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.core.schemas import MEMORY_SCHEMA, MESSAGE_KEY
from pipelines.embed.e5 import Embedder
from pipelines.extract.interface import Extractor
from pipelines.nightly import (
    MAX_MESSAGE_CHARS,
    _all_turns,
    _decay,
    _extract,
    _resolve,
    base_version,
    night_shards,
    require_base_current,
    stage_publish,
    with_night_vectors,
    with_version_stamps,
)
from pipelines.progress import Progress
from pipelines.reports import DecayReport, ExtractionReport, PublishReport, ResolutionReport
from pipelines.resolve.decay import DecayParams
from pipelines.resolve.invariants import table_invariants
from pipelines.resolve.resolution import ResolutionParams
from pipelines.shard_groups import group_keys, rows_of_shards, shards_of_group
from pipelines.store.lease import release, run_stage
from pipelines.store.location import work_folder
from pipelines.store.snapshots import SnapshotStore, VersionRejectedError
from pipelines.store.staging import LOCAL_RUN, StagingArea

PLAN, WRITTEN = "plan", "written"  # the plan's reservation; a group's file references


def group_area(store_root: Path | str, run_key: str, key: str) -> StagingArea:
    """A group's hand-off files: beside the run's own, removed with them when the night publishes."""
    return StagingArea(store_root, f"{run_key}.{key}", shared=True)


def stage_plan(store_root: Path | str, group_count: int, *, run_key: str = LOCAL_RUN) -> dict[str, Any]:
    """After the run's validate stage (pipelines.nightly.stage_validate, `shared`): reserve the version the groups
    write for, and record the store's shard count and the groups; returns that plan."""
    with run_stage(work_folder(store_root), run_key, "night_plan"):
        store, staging = SnapshotStore(store_root), StagingArea(store_root, run_key, shared=True)
        base = base_version(staging)
        count = int(store.manifest(base)["shard_count"]) if base is not None else store.shard_count
        version = store.reserve_version(run_key, base)
        plan = {"version": version, "shard_count": count, "groups": group_keys(group_count)}
        staging.write_json(PLAN, plan)
        if store.location.remote:  # the claim holds the run on every host from here; a host's lease would outlive it
            release(work_folder(store_root), run_key)
        return plan


@dataclass(frozen=True)
class GroupWork:
    """What a group writer runs with: the stages' models, clock and parameters."""

    extractor: Extractor
    embedder: Embedder
    now: datetime
    today: date
    resolution: ResolutionParams = ResolutionParams()
    decay: DecayParams = DecayParams()
    max_message_chars: int = MAX_MESSAGE_CHARS


@dataclass(frozen=True)
class GroupReport:
    """One group's night: the shards it rewrote (none when no user of it wrote or expired) and its stages."""

    key: str
    shards: list[int]
    extraction: ExtractionReport | None = None
    resolution: ResolutionReport | None = None
    decay: DecayReport | None = None
    written_files: dict[str, Any] = field(default_factory=dict)


def stage_write_group(
    store_root: Path | str, key: str, work: GroupWork, *, run_key: str = LOCAL_RUN, progress: Progress | None = None
) -> GroupReport:
    """Group `key`'s writer: its users' messages through extract, resolve and decay, then its shards' files
    written for the planned version (checked against every table invariant first); their references staged."""
    night, store = StagingArea(store_root, run_key, shared=True), SnapshotStore(store_root)
    require_base_current(store, night)  # no other run published since the plan: this run can still publish
    plan, area = night.read_json(PLAN), group_area(store_root, run_key, key)
    store.require_reservation(plan["version"], run_key)  # and no other run took the store or the number over
    count, groups = plan["shard_count"], len(plan["groups"])
    shards = shards_of_group(key, night_shards(night), count, groups)
    area.write_json("base", {"version": base_version(night), "shards": sorted(shards)})
    if not shards:
        area.write_json(WRITTEN, {"shards": {}})
        return GroupReport(key, [])
    for name in ("messages", "access_events"):
        area.write_frame(name, rows_of_shards(night.read_frame(name), shards, count))
    progress = progress or Progress()
    extraction = _extract(store_root, work.extractor, work.embedder, work.max_message_chars, area, progress)
    resolution = _resolve(store_root, work.now, work.resolution, area)
    decay = _decay(store_root, work.today, work.decay, area)
    written = _write_shards(store, area, plan["version"], count, shards)
    area.write_json(WRITTEN, {"shards": written})
    return GroupReport(key, sorted(shards), extraction, resolution, decay, written)


def _write_shards(
    store: SnapshotStore, area: StagingArea, version: int, count: int, shards: set[int]
) -> dict[str, dict[str, Any] | None]:
    """The group's shard files for `version` (None for a shard left without rows); nothing is written when its
    rows break an invariant (they are per user, so a group's rows are checked whole)."""
    stamped = with_version_stamps(area.read_frame("decayed"), version)
    memories = with_night_vectors(store, base_version(area), shards, stamped, area.read_frame("new_vectors"))
    for invariant in table_invariants():
        verdict = invariant(memories)
        if not verdict.passed:
            examples = f" (e.g. {', '.join(verdict.examples)})" if verdict.examples else ""
            raise VersionRejectedError(f"shards {sorted(shards)[:5]}: {verdict.summary}{examples}; nothing written")
    return store.write_shards(version, memories, _all_turns(store, area), count, shards)


def stage_publish_groups(
    store_root: Path | str,
    now: datetime,
    today: date,
    keep_versions: int,
    settings: dict[str, Any],
    *,
    run_key: str = LOCAL_RUN,
) -> PublishReport:
    """Gather every group's staged rows and outcomes into the night's hand-off files, then publish through
    pipelines.nightly.stage_publish, whose version is the groups' files under one manifest. A group that did not
    write refuses the publish: the previous version stays current."""
    night = StagingArea(store_root, run_key, shared=True)
    require_base_current(SnapshotStore(store_root), night)  # before reading hand-off files another run removed
    plan = night.read_json(PLAN)
    areas = [group_area(store_root, run_key, key) for key in plan["groups"]]
    written: dict[str, dict[str, Any] | None] = {}
    for key, area in zip(plan["groups"], areas, strict=True):
        try:
            written.update(area.read_json(WRITTEN)["shards"])
        except FileNotFoundError:
            raise VersionRejectedError(
                f"nothing published: shard group {key} wrote nothing in run {run_key}; re-execute its step "
                "(or the whole job): the previous version stays current"
            ) from None
    _gather(night, [area for area in areas if area.read_json("base")["shards"]], today)

    def gathered_version(store: SnapshotStore, staging: StagingArea, _: pl.DataFrame, manifest: dict[str, Any]) -> int:
        if store.has_manifest(plan["version"]):  # the groups' files carry the planned number
            raise VersionRejectedError(f"nothing published: version {plan['version']} was written since the plan")
        store.require_reservation(plan["version"], run_key)
        quarantine = staging.read_frame("quarantine")
        return store.assemble_version(plan["version"], written, manifest, quarantine, manifest["input_files"])

    return stage_publish(store_root, now, keep_versions, settings, run_key=run_key, write=gathered_version, shared=True)


def _gather(night: StagingArea, areas: list[StagingArea], today: date) -> None:
    """The groups' decayed rows, outcomes and embedding model as the night's own (what the publish checks:
    conservation, and whether anything changed), and the decay day (a new day alone is reason to publish)."""
    if areas:
        for name in ("decayed", "outcomes"):
            night.write_frame(name, pl.concat([area.read_frame(name) for area in areas], how="vertical_relaxed"))
        night.write_json("embedding", areas[0].read_json("embedding"))
    else:  # nobody's shard this night (so no message): nothing extracted, no memory rewritten
        night.write_frame("decayed", pl.DataFrame(MEMORY_SCHEMA.empty_table()))
        outcomes = night.read_frame("messages").select(MESSAGE_KEY).with_columns(pl.lit("no_memory").alias("outcome"))
        night.write_frame("outcomes", outcomes)
    night.write_json("decay", {"day": today.isoformat()})
