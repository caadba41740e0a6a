"""The `decayed_memories` asset: strengths as of today, from stored anchors (never compounded)."""

import dagster as dg

from assets.checks import check_result
from assets.resolution import resolved_memories
from assets.resources import MemorySettingsResource, MemoryStoreResource
from pipelines.nightly import stage_decay
from pipelines.resolve.invariants import strength_in_bounds
from pipelines.store.snapshots import SnapshotStore
from pipelines.store.staging import StagingArea


@dg.asset(
    group_name="memory",
    deps=[resolved_memories],
    pool="memory_writer",
    description="Daily decay: strength = max(floor, base * rate^days since last access or recording).",
)
def decayed_memories(
    context: dg.AssetExecutionContext, store: MemoryStoreResource, settings: MemorySettingsResource
) -> dg.MaterializeResult:
    with SnapshotStore(store.path).writer_lock(f"run {context.run_id} decayed_memories"):
        report = stage_decay(store.path, settings.today(), settings.decay_params())
    return dg.MaterializeResult(metadata={"dagster/row_count": report.rows, **report.figures()})


@dg.asset_check(asset=decayed_memories, blocking=True, description="Every strength lies in [floor, 1].")
def strength_bounded(store: MemoryStoreResource, settings: MemorySettingsResource) -> dg.AssetCheckResult:
    decayed = StagingArea(store.path).read_frame("decayed")
    return check_result(strength_in_bounds(decayed, settings.decay_floor))
