"""The `raw_messages` asset: new raw session-log files validated, bad rows quarantined."""

import dagster as dg
import polars as pl

from assets import columns
from assets.preview import markdown_preview
from assets.progress import stage_progress
from assets.resources import MemorySettingsResource, MemoryStoreResource, RawLogResource
from assets.runs import run_key, staged, tag_run_process
from pipelines.core.schemas import MESSAGE_KEY
from pipelines.nightly import stage_validate


class RawScope(dg.Config):
    """Which raw files a run reads: every new one (the nightly run), or one day's `date=YYYY-MM-DD` folder."""

    day: str | None = None


@dg.asset(
    group_name="memory",
    pool="memory_writer",
    description="Raw session-log Parquet not yet folded into the store, validated against the contract "
    "(config `day`: only that day's date=YYYY-MM-DD folder).",
    metadata={"dagster/column_schema": columns.MESSAGES},
)
def raw_messages(
    context: dg.AssetExecutionContext,
    config: RawScope,
    raw_log: RawLogResource,
    store: MemoryStoreResource,
    settings: MemorySettingsResource,
) -> dg.MaterializeResult:
    tag_run_process(context)
    progress = stage_progress(context)
    report = stage_validate(
        raw_log.path,
        store.path,
        raw_log.defaults(),
        settings.now(),
        run_key=run_key(context),
        day=config.day,
        expiry_grace_days=settings.expiry_grace_days,
        progress=progress,
    )
    quarantine = staged(context, store).read_frame("quarantine")
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": report.messages,
            **report.figures(),
            **progress.metadata(),
            "quarantine_preview": dg.MetadataValue.md(
                markdown_preview(quarantine.select("input_file", "input_row", "reason"))
            ),
        }
    )


@dg.asset_check(
    asset=raw_messages, blocking=True, description="Every staged message has ids, content, a UTC ts and a known role."
)
def staged_messages_complete(context: dg.AssetCheckExecutionContext, store: MemoryStoreResource) -> dg.AssetCheckResult:
    messages = staged(context, store).read_frame("messages")
    required = ["message_id", "agent_id", "user_id", "session_id", "content", "ts", "role"]
    nulls = {name: messages[name].null_count() for name in required if messages[name].null_count()}
    unique = messages.select(MESSAGE_KEY).n_unique() == messages.height  # ids are unique per tenant only
    return dg.AssetCheckResult(
        passed=not nulls and unique and messages.schema["ts"] == pl.Datetime("us", "UTC"),
        metadata={"null_counts": str(nulls), "message_ids_unique": unique},
    )
