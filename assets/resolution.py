"""The `resolved_memories` asset: candidates merged into the snapshot by key, valid time resolved."""

import dagster as dg

from assets.checks import check_result
from assets.extraction import memory_candidates
from assets.resources import MemorySettingsResource, MemoryStoreResource
from pipelines import invariants
from pipelines.nightly import stage_resolve
from pipelines.staging import StagingArea
from pipelines.store import SnapshotStore


@dg.asset(
    group_name="memory",
    deps=[memory_candidates],
    pool="memory_writer",
    description="Dedup by idempotency key against the current snapshot, then bitemporal resolution.",
)
def resolved_memories(
    context: dg.AssetExecutionContext, store: MemoryStoreResource, settings: MemorySettingsResource
) -> dg.MaterializeResult:
    with SnapshotStore(store.path).writer_lock(f"run {context.run_id} resolved_memories"):
        stats = stage_resolve(store.path, settings.now(), settings.resolution_params())
    return dg.MaterializeResult(metadata={"dagster/row_count": stats["rows"], **stats})


def _resolved(store: MemoryStoreResource):
    return StagingArea(store.path).read_frame("resolved")


@dg.asset_check(asset=resolved_memories, blocking=True, description="No memory_id appears twice.")
def unique_memory_ids(store: MemoryStoreResource) -> dg.AssetCheckResult:
    return check_result(invariants.unique_memory_ids(_resolved(store)))


@dg.asset_check(asset=resolved_memories, blocking=True,
                description="At most one current memory per (agent, user, single-valued topic).")
def one_current_per_topic(store: MemoryStoreResource) -> dg.AssetCheckResult:
    return check_result(invariants.one_current_per_single_topic(_resolved(store)))


@dg.asset_check(asset=resolved_memories, blocking=True, description="valid_from <= valid_to on every memory.")
def valid_intervals_ordered(store: MemoryStoreResource) -> dg.AssetCheckResult:
    return check_result(invariants.valid_interval_ordered(_resolved(store)))


@dg.asset_check(asset=resolved_memories, blocking=True,
                description="No two values of a single-valued topic are true at the same time.")
def no_overlapping_valid_intervals(store: MemoryStoreResource) -> dg.AssetCheckResult:
    return check_result(invariants.no_overlapping_intervals(_resolved(store)))


@dg.asset_check(asset=resolved_memories, blocking=True,
                description="Every superseded_by and merged_into points at an existing memory.")
def successors_exist(store: MemoryStoreResource) -> dg.AssetCheckResult:
    return check_result(invariants.successors_exist(_resolved(store)))


@dg.asset_check(asset=resolved_memories, blocking=True,
                description="Current memories have null valid_to; closed ones were superseded, expired or merged.")
def closed_only_with_reason(store: MemoryStoreResource) -> dg.AssetCheckResult:
    return check_result(invariants.closed_only_with_reason(_resolved(store)))


@dg.asset_check(asset=resolved_memories, blocking=True, description="The table matches the memory record schema.")
def memory_schema(store: MemoryStoreResource) -> dg.AssetCheckResult:
    return check_result(invariants.schema_matches(_resolved(store)))
