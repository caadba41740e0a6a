"""Bitemporal resolution: which memory is current on each single-valued topic, decided by valid time.

The result is a function of the set of memories (and the clock, for expiry), never of arrival order:
every run recomputes merges, `valid_to` and `superseded_by` from scratch over the whole history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

import polars as pl

from pipelines.core.schemas import MESSAGE_KEY, UTC_DATETIME
from pipelines.core.timeline import TIMELINE_GROUP, on_timeline, timeline_order
from pipelines.core.topics import SINGLE_VALUED_TOPICS, VALUE_SHAPES
from pipelines.extract.signals.endings import ends_a_thing
from pipelines.extract.signals.lexicon import names_a_change
from pipelines.extract.signals.mood import TENTATIVE
from pipelines.resolve.endings import ended_by_name
from pipelines.resolve.merge import MergeParams, folded_without_vectors, merged_columns
from pipelines.resolve.taken_back import taken_back

# A column resolve adds while it works (each row's position in the merged input) and drops before returning.
_SOURCE_ROW = "_resolve_source_row"


@dataclass(frozen=True)
class ResolutionParams:
    merge: MergeParams = field(default_factory=MergeParams)
    # An expired task stays current (but unrecalled) this long, then its valid time closes at expires_at.
    expiry_grace_days: float = 7.0
    # A statement without a value this soon after a value on its topic is talk about that change ("改名手续跑断腿"
    # after "我改名叫语桐了", "the move wiped me out" after "moved to Austin"), not a retraction: it only counts as
    # tentative, so it cannot close the value just stated.
    afterword_hours: float = 24.0


def is_current() -> pl.Expr:
    """Still true in the world and not folded into another memory."""
    return pl.col("valid_to").is_null() & pl.col("merged_into").is_null()


def _close_single_valued(memories: pl.DataFrame) -> pl.DataFrame:
    """Each value (or retraction) on a single-valued topic holds until the next one starts."""
    slots = memories.filter(on_timeline()).sort([*TIMELINE_GROUP, *timeline_order()])
    slots = slots.with_columns(
        pl.col("valid_from").shift(-1).over(TIMELINE_GROUP).alias("valid_to"),
        pl.col("memory_id").shift(-1).over(TIMELINE_GROUP).alias("superseded_by"),
    )
    others = memories.filter(~on_timeline()).with_columns(
        pl.lit(None, UTC_DATETIME).alias("valid_to"), pl.lit(None, pl.String).alias("superseded_by")
    )
    return pl.concat([slots.select(memories.columns), others.select(memories.columns)])


def _afterwords_tentative(memories: pl.DataFrame, hours: float) -> pl.DataFrame:
    """An episode statement that follows a statement on its topic within `hours` becomes tentative: a distilled
    value's (not a retraction's), or an earlier episode statement's of the same session (the first says the change,
    what follows in that conversation talks about it: "I have 4 direct reports now too" after "since the promotion
    to senior PM"), unless it shows a value of its topic ("phone's gone, rip", then "it's 773 555 0192 now") or
    answers a question ("handed in my notice today" — "Do you have something lined up?" — "lined up yeah, Tamsin
    Health")."""
    statement = on_timeline() & (pl.col("kind") == "episode")
    talk = memories.filter(statement).sort("valid_from")
    if talk.is_empty():
        return memories
    # a retraction gives no value to talk about: what follows it may be the new one ("not at Halvorsen anymore" —
    # "Where did you end up?" — "Brightwater Health")
    values = memories.filter(on_timeline() & (pl.col("kind") != "episode") & ~pl.col("retraction").fill_null(False))
    after_value = _within(talk, values, TIMELINE_GROUP, hours, exact=True)
    # ... and neither does an episode that only ended the old one ("so keto's done", "so the civic's a write-off"):
    # the next statement of its conversation is the new value ("mediterranean style, fish, beans"), though what follows
    # that one is talk again; and a statement that names a change is one ("anyway picked up a 2021 Outback")
    conversation = [*TIMELINE_GROUP, "session_id"]
    texts = talk["content"].to_list()
    ends = pl.Series([ends_a_thing(text) for text in texts], dtype=pl.Boolean)
    changes = pl.Series([names_a_change(text) for text in texts], dtype=pl.Boolean)
    after_an_ending = (
        talk.with_columns((ends | pl.col("retraction").fill_null(False)).alias("_ends"))
        .select(pl.col("_ends").shift(1).over(conversation).fill_null(False))
        .to_series()
    )
    after_statement = (
        _within(talk, talk, conversation, hours, exact=False)
        & ~talk.select(_shows_its_value() | _answers_a_question()).to_series()
        & ~after_an_ending
        & ~changes
    )
    talk = talk.with_columns(
        pl.when(after_value | after_statement).then(pl.lit(TENTATIVE)).otherwise(pl.col("mood")).alias("mood")
    )
    return pl.concat([memories.filter(~statement), talk.select(memories.columns)])


def _shows_its_value() -> pl.Expr:
    """Whether an episode's text has the shape of a value of its topic (VALUE_SHAPES)."""
    shown = [
        (pl.col("topic") == topic) & pl.col("content").str.contains(shape) for topic, shape in VALUE_SHAPES.items()
    ]
    return pl.any_horizontal(shown).fill_null(False)


def _answers_a_question() -> pl.Expr:
    """Whether an episode replies to a question (its context, the turn before it, asks one)."""
    return pl.col("context").cast(pl.String).str.contains(r"[?？]").fill_null(False)


def _within(rows: pl.DataFrame, earlier: pl.DataFrame, group: list[str], hours: float, exact: bool) -> pl.Series:
    """For `rows` (sorted by valid_from), whether one of `earlier` in the same `group` began less than `hours`
    before it (or at the same moment, when `exact`)."""
    starts = earlier.select(*group, pl.col("valid_from").alias("earlier_from")).sort("earlier_from")
    if starts.is_empty():
        return pl.Series([False] * rows.height)
    found = rows.select(*group, "valid_from").join_asof(
        starts, left_on="valid_from", right_on="earlier_from", by=group, strategy="backward",
        allow_exact_matches=exact,
        check_sortedness=False,  # both sides are sorted by time; polars cannot check it per group
    )  # fmt: skip
    soon = (found["valid_from"] - found["earlier_from"]) < timedelta(hours=hours)
    return soon.fill_null(False)


def _members_follow_survivors(memories: pl.DataFrame) -> pl.DataFrame:
    """A folded restatement shares its survivor's fate (closed when the survivor closes)."""
    fate = memories.select(
        pl.col("memory_id").alias("merged_into"),
        pl.col("valid_to").alias("survivor_valid_to"),
        pl.col("superseded_by").alias("survivor_superseded_by"),
    )
    joined = memories.join(fate, on="merged_into", how="left")
    member = pl.col("merged_into").is_not_null()
    return joined.with_columns(
        pl.when(member).then(pl.col("survivor_valid_to")).otherwise(pl.col("valid_to")).alias("valid_to"),
        pl.when(member)
        .then(pl.col("survivor_superseded_by"))
        .otherwise(pl.col("superseded_by"))
        .alias("superseded_by"),
    ).select(memories.columns)


def _close_expired(memories: pl.DataFrame, now: datetime, grace_days: float) -> pl.DataFrame:
    """Past expires_at + grace, a memory's valid time ends at expires_at; it stays as history."""
    cutoff = now - timedelta(days=grace_days)
    expired = pl.col("valid_to").is_null() & pl.col("expires_at").is_not_null() & (pl.col("expires_at") <= cutoff)
    return memories.with_columns(
        pl.when(expired)
        .then(pl.max_horizontal("expires_at", "valid_from"))
        .otherwise(pl.col("valid_to"))
        .alias("valid_to")
    )


def _episodes_follow_facts(memories: pl.DataFrame) -> pl.DataFrame:
    """An episode whose message produced a superseded (or retracted) memory closes with it, and one whose message
    asked for a task expires with the task (unless the episode is its topic's statement itself: then its own
    timeline decides, whatever the task's deadline).

    Otherwise the old "I live in Shanghai" message resurfaces through recall of raw episodes. Episodes
    are resolved after expiry so an episode's inherited deadline is checked on the next run.
    """
    closed = (
        memories.filter((pl.col("kind") != "episode") & pl.col("superseded_by").is_not_null())
        .select("agent_id", "user_id", pl.col("source_message_ids").alias("message_id"), "valid_to", "superseded_by")
        .explode("message_id")
        .sort([*MESSAGE_KEY, "valid_to", "superseded_by"])
        .group_by(MESSAGE_KEY, maintain_order=True)
        .first()
        .rename({"valid_to": "closed_at", "superseded_by": "closed_by"})
    )
    deadlines = (
        memories.filter((pl.col("kind") != "episode") & pl.col("expires_at").is_not_null())
        .select(
            "agent_id",
            "user_id",
            pl.col("source_message_ids").alias("message_id"),
            pl.col("expires_at").alias("task_expires_at"),
        )
        .explode("message_id")
        .group_by(MESSAGE_KEY)
        .agg(pl.col("task_expires_at").min())
    )
    episodes = memories.filter(pl.col("kind") == "episode").with_columns(
        pl.col("source_message_ids").list.first().alias("message_id")
    )
    # message ids are unique per tenant only: another user's message "1:1" must not close this user's episode
    episodes = episodes.join(closed, on=MESSAGE_KEY, how="left").join(deadlines, on=MESSAGE_KEY, how="left")
    # an episode that is itself a topic's statement lives on that topic's timeline instead
    statement = on_timeline()
    episodes = episodes.with_columns(
        pl.when(statement).then(pl.col("valid_to")).otherwise(pl.col("closed_at")).alias("valid_to"),
        pl.when(statement).then(pl.col("superseded_by")).otherwise(pl.col("closed_by")).alias("superseded_by"),
        # the message that asked for a task expires with the task, or it resurfaces as a stale reminder; one that
        # states a topic's value as well keeps it past the deadline ("…business card literally says Chef de Cuisine
        # now. and I have to cost the entire winter menu by friday")
        pl.when(statement).then(pl.col("expires_at")).otherwise(pl.coalesce("expires_at", "task_expires_at")),
    )
    return pl.concat([memories.filter(pl.col("kind") != "episode"), episodes.select(memories.columns)])


def _tentative_before_statements(memories: pl.DataFrame) -> pl.DataFrame:
    """A tentative statement (too weak a signal to change anything) closes when the topic's next statement
    begins, or its next tentative one (two weak readings in a row: the later is the likelier state); it never
    closes a statement, so a misread aside cannot hide what is true."""
    tentative = (
        (pl.col("kind") == "episode")
        & (pl.col("mood") == TENTATIVE)
        & pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS))
    ).fill_null(False)
    weak = memories.filter(tentative).sort("valid_from")
    if weak.is_empty():
        return memories
    closed = _closed_by(_closed_by(weak, memories.filter(on_timeline()), exact=True), weak, exact=False)
    return pl.concat([memories.filter(~tentative), closed.select(memories.columns)])


def _closed_by(rows: pl.DataFrame, closers: pl.DataFrame, exact: bool) -> pl.DataFrame:
    """`rows` (sorted by valid_from), each closed by the first of `closers` on its timeline that begins at or
    after it (`exact`) or strictly after it."""
    starts = closers.select(
        *TIMELINE_GROUP, pl.col("valid_from").alias("next_from"), pl.col("memory_id").alias("next_id")
    ).sort("next_from")
    if starts.is_empty():
        return rows
    return (
        rows.join_asof(
            starts,
            left_on="valid_from",
            right_on="next_from",
            by=TIMELINE_GROUP,
            strategy="forward",
            allow_exact_matches=exact,
            check_sortedness=False,  # both sides are sorted by time; polars cannot check it per group
        )
        .with_columns(
            pl.min_horizontal("valid_to", "next_from").alias("valid_to"),
            pl.when(
                pl.col("next_from").is_not_null()
                & ((pl.col("valid_to").is_null()) | (pl.col("next_from") < pl.col("valid_to")))
            )
            .then(pl.col("next_id"))
            .otherwise(pl.col("superseded_by"))
            .alias("superseded_by"),
        )
        .select(rows.columns)
    )


def resolve(memories: pl.DataFrame, now: datetime, params: ResolutionParams = ResolutionParams()) -> pl.DataFrame:
    """Recompute merges and both valid-time columns over the whole (key-deduplicated) memory set."""
    # No rule after the merge reads the vectors, by far the widest column: the joins and sorts run without
    # them and each row takes its vector once at the end (1M bench rows: 1.5 GB less peak memory).
    folded = folded_without_vectors(memories, params.merge, _SOURCE_ROW)
    resolved = _close_timelines(folded, now, params)
    vectors = memories["embedding"].gather(resolved[_SOURCE_ROW])
    return resolved.with_columns(vectors).select(merged_columns(memories))


def _close_timelines(merged: pl.DataFrame, now: datetime, params: ResolutionParams) -> pl.DataFrame:
    """Both valid-time columns of a memory set whose `merged_into` is already decided."""
    # (a take-back is relabelled after the afterwords: it may follow its change within hours, and still closes it)
    statements = taken_back(_afterwords_tentative(ended_by_name(merged), params.afterword_hours))
    closed = _members_follow_survivors(_close_single_valued(statements))
    resolved = _tentative_before_statements(
        _episodes_follow_facts(_close_expired(closed, now, params.expiry_grace_days))
    )
    return resolved.sort(["agent_id", "user_id", "kind", "topic", "valid_from", "memory_id"])
