"""The `memory_candidates` asset: memories extracted and embedded from the staged messages."""

import dagster as dg

from assets.checks import check_result
from assets.preview import markdown_preview
from assets.raw import raw_messages
from assets.resources import EmbedderResource, ExtractorResource, MemoryStoreResource
from pipelines.resolve.invariants import conservation
from pipelines.nightly import stage_extract
from pipelines.store.staging import StagingArea
from pipelines.store.snapshots import SnapshotStore


@dg.asset(
    group_name="memory",
    deps=[raw_messages],
    pool="memory_writer",
    description="Candidate memories (extracted + verbatim episodes) with embeddings, and each message's outcome.",
)
def memory_candidates(
    context: dg.AssetExecutionContext,
    store: MemoryStoreResource,
    extractor: ExtractorResource,
    embedder: EmbedderResource,
) -> dg.MaterializeResult:
    with SnapshotStore(store.path).writer_lock(f"run {context.run_id} memory_candidates"):
        stats = stage_extract(store.path, extractor.build(store.path), embedder.build(store.path))
    candidates = StagingArea(store.path).read_frame("candidates")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": stats["candidates"],
            **{f"kind/{kind}": count for kind, count in stats["per_kind"].items()},
            "messages_extracted": stats["messages_extracted"],
            "messages_no_memory": stats["messages_no_memory"],
            "embedded": stats["embedded"],
            "embedding_cache_hits": stats["embedding_cache_hits"],
            "extractor": stats["extractor"],
            "embedder": stats["embedder"],
            **llm_metadata(stats.get("llm")),
            "preview": dg.MetadataValue.md(
                markdown_preview(candidates.filter(candidates["kind"] != "episode").select("user_id", "kind", "topic", "content"))
            ),
        }
    )


def llm_metadata(figures: dict | None) -> dict:
    """What an operator scans for after an LLM night: model vs cache, tokens, failures, what waits."""
    if not figures:
        return {}
    keys = ["sessions", "sessions_to_model", "sessions_from_cache", "windows", "windows_to_model",
            "windows_from_cache", "tokens_in", "tokens_out", "http_calls", "http_retries", "invalid_answers",
            "rejected_memories", "quarantined", "deferred", "recovered_from_backlog", "backlog"]
    rejected = "\n".join(f"- {reason}" for reason in figures["rejection_examples"]) or "none"
    return {**{f"llm/{key}": figures[key] for key in keys}, "llm/rejected_examples": dg.MetadataValue.md(rejected)}


@dg.asset_check(
    asset=memory_candidates,
    blocking=True,
    description="Conservation: every input row is quarantined, a repeated row, extracted, or judged memory-free.",
)
def every_message_accounted_for(store: MemoryStoreResource) -> dg.AssetCheckResult:
    staging = StagingArea(store.path)
    inputs = staging.read_json("inputs")
    verdict = conservation(inputs["rows_in"], inputs["quarantined"], inputs["duplicate_rows"], staging.read_frame("outcomes"))
    return check_result(verdict)
