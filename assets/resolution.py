"""The `resolved_memories` asset: candidates merged into the snapshot by key, valid time resolved."""

import dagster as dg

from assets import columns
from assets.checks import check_result
from assets.extraction import memory_candidates
from assets.progress import stage_progress
from assets.resources import MemorySettingsResource, MemoryStoreResource
from assets.runs import run_key, staged, tag_run_process
from pipelines.nightly import stage_resolve
from pipelines.resolve import invariants


@dg.asset(
    group_name="memory",
    deps=[memory_candidates],
    pool="memory_writer",
    description="Dedup by idempotency key against the current snapshot, then bitemporal resolution.",
    metadata={"dagster/column_schema": columns.MEMORIES},
)
def resolved_memories(
    context: dg.AssetExecutionContext, store: MemoryStoreResource, settings: MemorySettingsResource
) -> dg.MaterializeResult:
    tag_run_process(context)
    progress = stage_progress(context)
    with progress.stage("resolve", "memories"):
        report = stage_resolve(store.path, settings.now(), settings.resolution_params(), run_key=run_key(context))
        progress.advance(report.rows)
    return dg.MaterializeResult(metadata={"dagster/row_count": report.rows, **report.figures(), **progress.metadata()})


# (check name, what it guarantees, the invariant it runs); all block the publish.
INVARIANTS = [
    ("unique_memory_ids", "No memory_id appears twice.", invariants.unique_memory_ids),
    (
        "one_current_per_topic",
        "At most one current memory per (agent, user, single-valued topic).",
        invariants.one_current_per_single_topic,
    ),
    (
        "no_overlapping_valid_intervals",
        "No two values of a single-valued topic are true at the same time.",
        invariants.no_overlapping_intervals,
    ),
    (
        "successors_exist",
        "Every superseded_by and merged_into points at an existing memory.",
        invariants.successors_exist,
    ),
    (
        "closed_only_with_reason",
        "Current memories have null valid_to; closed ones were superseded, expired or merged.",
        invariants.closed_only_with_reason,
    ),
    ("valid_intervals_ordered", "valid_from <= valid_to on every memory.", invariants.valid_interval_ordered),
    (
        "memory_schema",
        "The table matches the memory record schema (but for the vectors, which join at publish).",
        invariants.staged_schema_matches,
    ),
]


def _invariant_check(name: str, description: str, invariant) -> dg.AssetChecksDefinition:
    @dg.asset_check(asset=resolved_memories, name=name, blocking=True, description=description)
    def _check(context: dg.AssetCheckExecutionContext, store: MemoryStoreResource) -> dg.AssetCheckResult:
        return check_result(invariant(staged(context, store).read_frame("resolved")))

    return _check


resolved_memory_checks = [_invariant_check(*spec) for spec in INVARIANTS]
