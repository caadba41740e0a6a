"""`sharded_nightly_job`: the night fanned out over shard groups (pipelines/night_groups.py) as an asset graph:
a plan, one writer asset per static group key (`memory_shards/g000`, ...) that the executor runs in parallel, and
the publisher of the version gathering their files.

Its steps run in separate processes or pods, so none tags the run with its pid (assets/runs.py would take a
finished step's process for a dead run): Dagster's run monitoring watches these runs.
"""

import dagster as dg
from dagster._core.definitions.unresolved_asset_job_definition import UnresolvedAssetJobDefinition

from assets import columns
from assets.progress import stage_progress
from assets.raw import RawScope
from assets.resources import (
    EmbedderResource,
    ExtractorResource,
    MemorySettingsResource,
    MemoryStoreResource,
    RawLogResource,
)
from assets.runs import run_key
from assets.snapshot import publish_settings, published_metadata, unpublished_metadata
from pipelines.core.config import SettingsError
from pipelines.night_groups import GroupWork, stage_plan, stage_publish_groups, stage_write_group
from pipelines.nightly import stage_validate
from pipelines.shard_groups import group_keys
from pipelines.store.snapshots import SnapshotStore

GROUP = "memory_sharded"
SHARD_GROUP_PREFIX = "memory_shards"


def night_plan_asset(group_count: int) -> dg.AssetsDefinition:
    @dg.asset(
        name="night_plan",
        group_name=GROUP,
        pool="memory_writer",
        description="New raw files validated (as raw_messages), the store claimed and the version reserved that "
        f"the {group_count} shard groups write for.",
        metadata={"dagster/column_schema": columns.MESSAGES},
    )
    def night_plan(
        context: dg.AssetExecutionContext,
        config: RawScope,
        raw_log: RawLogResource,
        store: MemoryStoreResource,
        extractor: ExtractorResource,
        settings: MemorySettingsResource,
    ) -> dg.MaterializeResult:
        if extractor.kind != "rules":
            raise SettingsError(  # its backlog and answer cache are one file per store, read whole by every writer
                f"sharded_nightly_job runs the rules extractor only, not '{extractor.kind}': the llm extractor's "
                "retry backlog spans every user; run nightly_memory_job (or set MEMORY_EXTRACTOR=rules)"
            )
        key = run_key(context)
        report = stage_validate(
            raw_log.path, store.path, raw_log.defaults(), settings.now(), run_key=key, day=config.day,
            expiry_grace_days=settings.expiry_grace_days, shared=True,
        )  # fmt: skip
        plan = stage_plan(store.path, group_count, run_key=key)
        figures = {"reserved_version": plan["version"], "shard_count": plan["shard_count"]}
        return dg.MaterializeResult(metadata={"dagster/row_count": report.messages, **report.figures(), **figures})

    return night_plan


def shard_group_asset(key: str) -> dg.AssetsDefinition:
    @dg.asset(
        name=key,
        key_prefix=SHARD_GROUP_PREFIX,
        group_name=GROUP,
        deps=[dg.AssetKey("night_plan")],
        description=f"Shard group {key}: its users' new messages extracted, embedded, resolved and decayed, and its "
        "shards' files written for the reserved version (not yet published).",
        metadata={"dagster/column_schema": columns.MEMORIES},
    )
    def shard_group(
        context: dg.AssetExecutionContext,
        store: MemoryStoreResource,
        extractor: ExtractorResource,
        embedder: EmbedderResource,
        settings: MemorySettingsResource,
    ) -> dg.MaterializeResult:
        work = GroupWork(
            extractor.build(store.path), embedder.build(store.path), settings.now(), settings.today(),
            settings.resolution_params(), settings.decay_params(), settings.max_message_chars,
        )  # fmt: skip
        report = stage_write_group(store.path, key, work, run_key=run_key(context), progress=stage_progress(context))
        stages = [s for s in (report.extraction, report.resolution, report.decay) if s is not None]
        figures = {name: value for stage in stages for name, value in stage.figures().items()}
        return dg.MaterializeResult(metadata={"shards": str(report.shards), **figures})

    return shard_group


def sharded_snapshot_asset(group_count: int) -> dg.AssetsDefinition:
    @dg.asset(
        name="sharded_memory_snapshot",
        group_name=GROUP,
        pool="memory_writer",
        deps=[dg.AssetKey([SHARD_GROUP_PREFIX, key]) for key in group_keys(group_count)],
        description="Every shard group's files under one new version's manifest, then the CURRENT pointer swapped; "
        "nothing is published unless every group wrote.",
        metadata={"dagster/column_schema": columns.MEMORIES},
    )
    def sharded_memory_snapshot(
        context: dg.AssetExecutionContext,
        store: MemoryStoreResource,
        settings: MemorySettingsResource,
        extractor: ExtractorResource,
        embedder: EmbedderResource,
    ) -> dg.MaterializeResult:
        run_settings = publish_settings(context, extractor, embedder, settings)
        report = stage_publish_groups(
            store.path, settings.now(), settings.today(), store.keep_versions, run_settings, run_key=run_key(context)
        )
        if not report.published:
            return dg.MaterializeResult(metadata=unpublished_metadata(report))
        return dg.MaterializeResult(metadata=published_metadata(SnapshotStore(store.path), report))

    return sharded_memory_snapshot


def sharded_assets(group_count: int) -> list[dg.AssetsDefinition]:
    groups = [shard_group_asset(key) for key in group_keys(group_count)]
    return [night_plan_asset(group_count), *groups, sharded_snapshot_asset(group_count)]


def sharded_nightly_job(executor: dg.ExecutorDefinition) -> UnresolvedAssetJobDefinition:
    return dg.define_asset_job(
        name="sharded_nightly_job",
        selection=dg.AssetSelection.groups(GROUP),
        description="The nightly job fanned out over shard groups (MEMORY_SHARD_GROUPS) run in parallel by the "
        "executor (MEMORY_EXECUTOR); publishes the same snapshot as nightly_memory_job.",
        executor_def=executor,
    )
