"""Row checks of the validate stage: a bad row goes to quarantine with its file, row and reason.

The run goes on without it; files that break the contract as a whole fail earlier (pipelines.ingest.read).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import polars as pl
import pyarrow as pa

from pipelines.core.redaction import mask_secrets
from pipelines.core.schemas import MESSAGE_KEY, QUARANTINE_SCHEMA, ROLES, UTC_DATETIME
from pipelines.ingest.instructions import INSTRUCTION, is_instruction

# A sender's clock may run a little fast; a row further ahead is a wrong clock or zone, and left in it would
# stand as the user's current state until that date (one row dated 9999 hid every later statement).
FUTURE_SKEW = timedelta(minutes=10)
# Before this a time is a zero or missing epoch (or year 1), not when a chat message was written.
EARLIEST = datetime(1970, 1, 2, tzinfo=UTC)


def _blank(name: str) -> pl.Expr:
    return pl.col(name).is_null() | (pl.col(name).str.strip_chars() == "")


def row_problems(now: datetime) -> pl.Expr:
    """Reason a row cannot be used, or null when it is fine; first failing rule wins."""
    return (
        pl.when(_blank("session_id"))
        .then(pl.lit("null or empty session_id"))
        .when(_blank("agent_id") | _blank("user_id"))
        .then(pl.lit("empty agent_id or user_id: a memory needs its tenant"))
        .when(_blank("message_id"))
        .then(pl.lit("empty message_id"))
        .when(pl.col("msg_seq").is_null())
        .then(pl.lit("null msg_seq"))
        .when(_blank("content"))
        .then(pl.lit("null or empty content"))
        .when(pl.col("ts").is_null())
        .then(pl.lit("null ts"))
        .when(pl.col("ts") < EARLIEST)
        .then(pl.lit("ts before 1970-01-02: a zero or missing epoch, not a message time"))
        .when(pl.col("ts") > now + FUTURE_SKEW)
        .then(pl.lit("ts in the future (after the run time + 10 minutes): a wrong clock or time zone"))
        .when(~pl.col("role").is_in(sorted(ROLES)) | pl.col("role").is_null())
        .then(pl.lit("unknown role: ") + pl.col("role").fill_null("null"))
        .when((pl.col("role") == "user") & pl.col("content").map_elements(is_instruction, return_dtype=pl.Boolean))
        .then(pl.lit(INSTRUCTION))
        .otherwise(pl.lit(None, pl.String))
    )


def validate(raw: pl.DataFrame, known_episodes: pl.DataFrame, now: datetime) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Split conformed rows into (valid messages, quarantine).

    `known_episodes` (agent_id, user_id, message_id, content) are messages already in the snapshot: a message
    id that comes back from the same tenant with other words is a conflict, not an update. Another tenant's
    message with the same id is another message (MESSAGE_KEY).
    """
    checked = raw.with_columns(row_problems(now).alias("reason"))
    checked = checked.with_columns(
        pl.when(pl.col("reason").is_null() & (pl.col("content").n_unique().over(MESSAGE_KEY) > 1))
        .then(pl.lit("message_id seen with different content in this batch"))
        .otherwise(pl.col("reason"))
        .alias("reason")
    )
    # Secrets are masked before anything is written (staging, quarantine, the LLM backlog all hold this text);
    # the in-batch conflict check above compared the words as sent.
    checked = checked.with_columns(pl.col("content").map_elements(mask_secrets, return_dtype=pl.String))
    known = known_episodes.rename({"content": "known_content"})
    checked = checked.join(known, on=MESSAGE_KEY, how="left").with_columns(
        pl.when(
            pl.col("reason").is_null()
            & pl.col("known_content").is_not_null()
            # stored episodes hold the masked text too, so this compares like with like
            & (pl.col("known_content") != pl.col("content"))
        )
        .then(pl.lit("message_id already stored with different content"))
        .otherwise(pl.col("reason"))
        .alias("reason")
    )
    bad = checked.filter(pl.col("reason").is_not_null())
    quarantine = bad.select(
        "input_file",
        "input_row",
        "message_id",
        "reason",
        "content",
        pl.lit(now).cast(UTC_DATETIME).alias("quarantined_at"),
        "agent_id",
        "user_id",
    )
    good = (
        checked.filter(pl.col("reason").is_null())
        .drop("reason", "known_content")
        .unique(subset=MESSAGE_KEY, keep="first", maintain_order=True)
    )
    return good, quarantine.cast(empty_frame(QUARANTINE_SCHEMA).schema)


def empty_frame(schema: pa.Schema) -> pl.DataFrame:
    return pl.DataFrame(schema.empty_table())
