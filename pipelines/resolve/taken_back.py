"""A change taken back in a later conversation: "big news, I'm transferring to Waterloo in the fall!!", and two
weeks later "scrap the whole waterloo thing … staying put at UofT".

The taking back (called_off.calls_off) seldom states the value it keeps, and it comes in another conversation, which
the labelling of one conversation never sees (called_off.called_off voids a change within its own). Resolution sees
the whole history, so the message becomes the statement of the topic whose change it takes back: it closes the
change, whichever night either of them arrived, and answers for the topic from then on.
"""

from __future__ import annotations

from datetime import timedelta

import polars as pl

from pipelines.core.schemas import MESSAGE_KEY
from pipelines.core.topics import SINGLE_VALUED_TOPICS
from pipelines.extract.signals.called_off import CALLS_OFF_ROUGHLY, calls_off
from pipelines.extract.signals.endings import name_words
from pipelines.extract.signals.lexicon import names_a_change, says_from_now_on
from pipelines.extract.signals.mood import ASSERTION, NEGATED, PLAN, QUESTION, TENTATIVE

_ROW = "_taken_back_row"
# How long after a change its taking back may come: plans are called off and diets dropped within weeks.
TAKE_BACK_WINDOW = timedelta(days=90)


def _may_take_back() -> pl.Expr:
    """A user's episode that is no question (the words that call a change off are looked for in these only: the
    regex is by far the dearest test)."""
    return (
        (pl.col("kind") == "episode")
        & (pl.col("role").is_null() | (pl.col("role") == "user"))
        & (pl.col("mood").is_null() | (pl.col("mood") != QUESTION))
        & pl.col("merged_into").is_null()
    ).fill_null(False)


def _said() -> pl.Expr:
    """What a change may be: a distilled value on a single-valued topic, or an episode that asserts, plans or
    denies one, or reads as one only weakly ("决定了，下个月搬北京！"); a denial here is a change already taken
    back in its own conversation."""
    return (
        pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS))
        & pl.col("merged_into").is_null()
        & ~pl.col("retraction").fill_null(False)
        & ((pl.col("kind") != "episode") | pl.col("mood").is_in([ASSERTION, TENTATIVE, PLAN, NEGATED]))
    ).fill_null(False)


def _statements(indexed: pl.DataFrame) -> pl.DataFrame:
    """Every row that may be a change (_said), with its message's words (a distilled memory's are its episode's) and
    whether a value of its topic was stated before it."""
    episodes = indexed.filter(pl.col("kind") == "episode").select(
        "agent_id", "user_id", pl.col("source_message_ids").list.first().alias("message_id"),
        pl.col("content").alias("words"),
    ).unique(MESSAGE_KEY)  # fmt: skip
    said = indexed.filter(_said()).with_columns(pl.col("source_message_ids").list.first().alias("message_id"))
    stated = pl.col("mood").is_null() | (pl.col("mood") == ASSERTION)
    first_value = pl.col("valid_from").filter(stated).min().over("agent_id", "user_id", "topic")
    return (
        said.join(episodes, on=MESSAGE_KEY, how="left")
        .select(
            "agent_id", "user_id", "topic", "mood",
            pl.col("valid_from").alias("stated_from"),
            pl.coalesce("words", "content").alias("words"),
            (pl.col("valid_from") > first_value).fill_null(False).alias("follows_a_value"),
            (pl.col("mood") == TENTATIVE).fill_null(False).alias("weak"),
        )
    )  # fmt: skip


def _is_a_change(mood: str | None, words: str, follows_a_value: bool) -> bool:
    """Whether a statement changed its topic's value: a plan, a value after another, or words of a change."""
    return mood == PLAN or follows_a_value or names_a_change(words) or says_from_now_on(words)


def _echoes(taker_topics: set[str], taker_words: frozenset[str], topic: str, words: str) -> bool:
    """Whether a message that calls a change off speaks of a statement: it reads the same topic (as its own or in
    passing), or names a thing the statement named ("Phoenix is off" after "I'm moving to Phoenix")."""
    return topic in taker_topics or bool(taker_words & name_words(words))


def _taken_back_topic(taker: dict, earlier: list[dict]) -> str | None:
    """The topic whose change `taker` takes back: that of the latest statement it echoes, when that statement is a
    change not taken back already (`earlier` sorted newest first)."""
    topics = {taker["topic"], *(taker["mentions"] or [])}
    words = name_words(taker["content"])
    for said in earlier:
        if not _echoes(topics, words, said["topic"], said["words"]):
            continue
        if said["mood"] == NEGATED:
            return None
        changed = _is_a_change(said["mood"], said["words"], said["follows_a_value"])
        return said["topic"] if changed else None
    return None


def _pairs(takers: pl.DataFrame, statements: pl.DataFrame) -> pl.DataFrame:
    """Each message that calls a change off beside every statement of its user's made within TAKE_BACK_WINDOW before
    it, newest first, and of one message's statements the weak readings last ("决定了！月底搬去男朋友江宁那套房子" is a
    move, distilled, before it is a relationship, read weakly)."""
    return (
        takers.select(_ROW, "agent_id", "user_id", "valid_from", "topic", "mentions", "content")
        .join(statements.rename({"topic": "said_topic"}), on=["agent_id", "user_id"])
        .filter(
            (pl.col("stated_from") < pl.col("valid_from"))
            & (pl.col("stated_from") >= pl.col("valid_from") - TAKE_BACK_WINDOW)
        )
        .sort(_ROW, "stated_from", "weak", descending=[False, True, False])
    )


def _chosen_topics(pairs: pl.DataFrame) -> dict[int, str]:
    """Per message that calls a change off (by its row), the topic whose change it takes back (_taken_back_topic)."""
    chosen: dict[int, str] = {}
    for (row,), group in pairs.group_by(_ROW, maintain_order=True):
        earlier = [
            {"topic": topic, "mood": mood, "words": words, "follows_a_value": follows}
            for topic, mood, words, follows in group.select(
                "said_topic", "mood", "words", "follows_a_value"
            ).iter_rows()
        ]
        topic = _taken_back_topic(group.row(0, named=True), earlier)
        if topic is not None:
            chosen[int(row)] = topic
    return chosen


def taken_back(memories: pl.DataFrame) -> pl.DataFrame:
    """`memories` with each user's message that calls off a change said in an earlier conversation (within
    TAKE_BACK_WINDOW) relabelled as an assertion of that change's topic, so it closes the change."""
    indexed = memories.with_row_index(_ROW)
    takers = indexed.filter(_may_take_back()).filter(pl.col("content").str.contains(CALLS_OFF_ROUGHLY))
    if takers.is_empty():
        return memories
    takers = takers.filter(pl.Series([calls_off(text) for text in takers["content"]], dtype=pl.Boolean))
    statements = _statements(indexed)
    if takers.is_empty() or statements.is_empty():
        return memories
    chosen = _chosen_topics(_pairs(takers, statements))
    if not chosen:
        return memories
    topics = pl.DataFrame(
        {_ROW: list(chosen), "_taken_back_topic": list(chosen.values())},
        schema={_ROW: indexed.schema[_ROW], "_taken_back_topic": pl.String()},
    )
    relabelled = indexed.join(topics, on=_ROW, how="left", maintain_order="left")
    was_taken_back = pl.col("_taken_back_topic").is_not_null()
    return relabelled.with_columns(
        pl.coalesce("_taken_back_topic", "topic").alias("topic"),
        pl.when(was_taken_back).then(pl.lit(ASSERTION)).otherwise(pl.col("mood")).alias("mood"),
    ).select(memories.columns)
