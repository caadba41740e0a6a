"""The `memory_candidates` asset: memories extracted and embedded from the staged messages."""

import dagster as dg

from assets import columns
from assets.checks import check_result
from assets.preview import markdown_preview
from assets.progress import stage_progress
from assets.raw import raw_messages
from assets.resources import EmbedderResource, ExtractorResource, MemorySettingsResource, MemoryStoreResource
from assets.runs import run_key, staged, tag_run_process
from pipelines.conservation import night_conservation
from pipelines.nightly import stage_extract
from pipelines.reports import LLMRunStats


@dg.asset(
    group_name="memory",
    deps=[raw_messages],
    pool="memory_writer",
    description="Candidate memories (extracted + verbatim episodes) with embeddings, and each message's outcome.",
    metadata={"dagster/column_schema": columns.CANDIDATES},
)
def memory_candidates(
    context: dg.AssetExecutionContext,
    store: MemoryStoreResource,
    extractor: ExtractorResource,
    embedder: EmbedderResource,
    settings: MemorySettingsResource,
) -> dg.MaterializeResult:
    tag_run_process(context)
    progress = stage_progress(context)
    report = stage_extract(
        store.path,
        extractor.build(store.path),
        embedder.build(store.path),
        settings.max_message_chars,
        run_key=run_key(context),
        progress=progress,
    )
    candidates = staged(context, store).read_frame("candidates")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": report.candidates,
            **report.figures(),
            **progress.metadata(),
            **rejection_examples(report.llm),
            "preview": dg.MetadataValue.md(
                markdown_preview(
                    candidates.filter(candidates["kind"] != "episode").select("user_id", "kind", "topic", "content")
                )
            ),
        }
    )


def rejection_examples(llm: LLMRunStats | None) -> dict[str, dg.MetadataValue]:
    """Why the model's memories were rejected (ids outside the window, another user), as a short list."""
    if llm is None:
        return {}
    rejected = "\n".join(f"- {reason}" for reason in llm.rejection_examples) or "none"
    return {"llm/rejected_examples": dg.MetadataValue.md(rejected)}


@dg.asset_check(
    asset=memory_candidates,
    blocking=True,
    description="Conservation counted from the data: every row of every input file is quarantined, a repeat of a "
    "kept message, forgotten, or a message extracted or judged memory-free.",
)
def every_message_accounted_for(
    context: dg.AssetCheckExecutionContext, store: MemoryStoreResource
) -> dg.AssetCheckResult:
    return check_result(night_conservation(store.path, staged(context, store)))
