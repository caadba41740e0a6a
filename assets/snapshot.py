"""The `memory_snapshot` asset: the checked memories published as a new immutable version.

A run that changed nothing (no new input, the same memories and decay day) publishes nothing and says so.
"""

from typing import Any

import dagster as dg
import pyarrow.compute as pc

from assets import columns
from assets.checks import check_result
from assets.decay import decayed_memories
from assets.preview import markdown_preview
from assets.progress import stage_progress
from assets.resources import EmbedderResource, ExtractorResource, MemorySettingsResource, MemoryStoreResource
from assets.runs import run_key, tag_run_process
from pipelines.night_scope import LIGHT_COLUMNS
from pipelines.nightly import stage_publish
from pipelines.reports import PublishReport
from pipelines.resolve.invariants import table_invariants
from pipelines.resolve.resolution import is_current
from pipelines.store.snapshots import SnapshotStore, version_dir_name
from pipelines.store.version_figures import version_figures

FIGURE_COLUMNS = [
    "kind", "valid_to", "merged_into", "superseded_by", "recorded_version", "retired_version",
    "expires_at", "strength", "strength_at_access", "last_accessed", "recorded_at",
]  # fmt: skip


@dg.asset(
    group_name="memory",
    deps=[decayed_memories],
    pool="memory_writer",
    description="A new snapshot version under <store>/snapshots/, then the CURRENT pointer swapped atomically.",
    metadata={"dagster/column_schema": columns.MEMORIES},
)
def memory_snapshot(
    context: dg.AssetExecutionContext,
    store: MemoryStoreResource,
    settings: MemorySettingsResource,
    extractor: ExtractorResource,
    embedder: EmbedderResource,
) -> dg.MaterializeResult:
    snapshots = SnapshotStore(store.path)
    run_settings = publish_settings(context, extractor, embedder, settings)
    tag_run_process(context)
    progress = stage_progress(context)
    with progress.stage("publish", "memories"):
        report = stage_publish(store.path, settings.now(), store.keep_versions, run_settings, run_key=run_key(context))
        progress.advance(report.rows.total)
    if not report.published:  # a rerun without anything new: the run succeeds, its metadata says so
        return dg.MaterializeResult(metadata={**unpublished_metadata(report), **progress.metadata()})
    return dg.MaterializeResult(metadata={**published_metadata(snapshots, report), **progress.metadata()})


def publish_settings(
    context: dg.AssetExecutionContext,
    extractor: ExtractorResource,
    embedder: EmbedderResource,
    settings: MemorySettingsResource,
) -> dict[str, Any]:
    """What a published version's manifest records of the run that made it."""
    return {
        "extractor": extractor.kind,
        "embedder": embedder.kind,
        "decay": settings.decay_params().__dict__,
        "dagster_run_id": context.run_id,
    }


def unpublished_metadata(report: PublishReport) -> dict[str, Any]:
    return {
        "dagster/row_count": report.rows.total,
        "published": False,
        "nothing_published": report.reason,
        "version": report.version if report.version is not None else "none",
        "pruned_versions": str(report.pruned),
    }


def published_metadata(snapshots: SnapshotStore, report: PublishReport) -> dict[str, Any]:
    assert report.version is not None  # a published report names its version
    # every shard's rows, without vectors or words, for the figures; what this night wrote for the preview
    memories = snapshots.read_memories(report.version, columns=FIGURE_COLUMNS)
    written = [int(shard) for shard in snapshots.manifest(report.version)["written_shards"]]
    shown = ["user_id", "kind", "topic", "content", "strength", "strength_at_access", "last_accessed", "recorded_at"]
    columns, statements = [*shown, "valid_to", "merged_into"], pc.field("kind") != "episode"
    current = snapshots.read_memories(report.version, written, columns=columns, where=statements).filter(is_current())
    rows = report.rows
    return {
        "dagster/row_count": rows.total,
        "published": True,
        "version": report.version,
        "parent": str(report.parent),
        "current": rows.current,
        "superseded": rows.superseded,
        **version_figures(memories, report.version),  # numbers: the UI plots each over the versions
        "pruned_versions": str(report.pruned),
        "path": dg.MetadataValue.path(snapshots.location.url(f"snapshots/{version_dir_name(report.version)}")),
        "preview": dg.MetadataValue.md(
            markdown_preview(
                current.select("user_id", "kind", "topic", "content", "strength"),
                rows=10,
            )
        ),
    }


@dg.asset_check(
    asset=memory_snapshot,
    description="The pointer serves a sound version (the files it wrote match the manifest, vectors unit length, "
    "every invariant). The same verification gates the pointer swap inside the asset; this confirms what readers "
    "see.",
)
def published_snapshot_sound(store: MemoryStoreResource) -> dg.AssetCheckResult:
    snapshots = SnapshotStore(store.path)
    if snapshots.current_version() is None:  # a first night without input publishes nothing: nothing to serve
        return dg.AssetCheckResult(passed=True, metadata={"summary": "no snapshot published yet"})
    version = snapshots.require_version()
    # checksums only: publish read these very bytes deep (rows, unit vectors) before it swapped the pointer
    problems = snapshots.problems(version, deep=False, written_only=True)
    if problems:
        return dg.AssetCheckResult(passed=False, metadata={"summary": problems[0], "problems": len(problems)})
    # invariants hold per user: the shards the version wrote are the ones to check (the rest were, when written)
    written = [int(s) for s in snapshots.manifest(version)["written_shards"]]
    # the vectors were checked by `problems` above: the invariants read the rest
    memories = snapshots.read_memories(version, written, columns=LIGHT_COLUMNS)
    for invariant in table_invariants(with_vectors=False):
        verdict = invariant(memories)
        if not verdict.passed:
            return check_result(verdict)
    return dg.AssetCheckResult(passed=True, metadata={"rows": memories.height})
