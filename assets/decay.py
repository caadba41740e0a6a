"""The `decayed_memories` asset: strengths as of today, from stored anchors (never compounded)."""

import dagster as dg

from assets import columns
from assets.checks import check_result
from assets.progress import stage_progress
from assets.resolution import resolved_memories
from assets.resources import MemorySettingsResource, MemoryStoreResource
from assets.runs import run_key, staged, tag_run_process
from pipelines.nightly import stage_decay
from pipelines.resolve.invariants import strength_in_bounds


@dg.asset(
    group_name="memory",
    deps=[resolved_memories],
    pool="memory_writer",
    description="Daily decay: strength = max(floor, base * rate^days since last access or recording).",
    metadata={"dagster/column_schema": columns.MEMORIES},
)
def decayed_memories(
    context: dg.AssetExecutionContext, store: MemoryStoreResource, settings: MemorySettingsResource
) -> dg.MaterializeResult:
    tag_run_process(context)
    progress = stage_progress(context)
    with progress.stage("decay", "memories"):
        report = stage_decay(store.path, settings.today(), settings.decay_params(), run_key=run_key(context))
        progress.advance(report.rows)
    return dg.MaterializeResult(metadata={"dagster/row_count": report.rows, **report.figures(), **progress.metadata()})


@dg.asset_check(asset=decayed_memories, blocking=True, description="Every strength lies in [floor, 1].")
def strength_bounded(
    context: dg.AssetCheckExecutionContext, store: MemoryStoreResource, settings: MemorySettingsResource
) -> dg.AssetCheckResult:
    decayed = staged(context, store).read_frame("decayed")
    return check_result(strength_in_bounds(decayed, settings.decay_floor))
