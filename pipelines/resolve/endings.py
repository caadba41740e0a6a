"""A thing ended by its name: an episode that says a thing named in its topic's latest statement has ended ("I
hung up the green apron at Fernleaf" after "I work Tuesday to Thursday at Fernleaf Nursery") is that topic's
retraction.

The message carries no word of the topic, so no rule reads it; only the statement before it tells which topic the
name belongs to. Resolution sees the whole history, so the statement may have arrived on any night.
"""

from __future__ import annotations

from datetime import timedelta

import polars as pl

from pipelines.core.timeline import TIMELINE_GROUP
from pipelines.core.topics import SINGLE_VALUED_TOPICS
from pipelines.extract.signals.endings import ANY_ENDING, ENDED_BY_TOPIC, ended_names, name_words
from pipelines.extract.signals.lexicon import cue_hits
from pipelines.extract.signals.mood import ASSERTION, TENTATIVE
from pipelines.extract.signals.topic_signal import heard_mood

_ROW = "_ending_row"
# How long before its ending an episode read as no topic may be the statement it ends.
VAGUE_WINDOW = timedelta(days=365)
_STATED = "_vaguely_stated"
# The moods of a statement that names the user's own thing (not a question, plan or someone else's news).
_OWN_MOODS = [ASSERTION, TENTATIVE]


def _may_end() -> pl.Expr:
    """An episode of the user's that is no statement of a single-valued topic yet and holds an ending word. Its mood
    does not matter: the message's mood is its label's ("she moved out sunday"), and ended_names reads the mood of
    the clause that ends ("tanya and me called it quits")."""
    return (
        (pl.col("kind") == "episode")
        & (pl.col("role").is_null() | (pl.col("role") == "user"))
        & ~(pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS)) & (pl.col("mood") == ASSERTION)).fill_null(False)
        & pl.col("content").str.contains(ANY_ENDING)
    ).fill_null(False)


def _statements() -> pl.Expr:
    """The rows that name a value of a topic a thing of which can end: a distilled memory, or an episode that
    asserts it (strongly or tentatively)."""
    return (
        pl.col("topic").is_in(sorted(ENDED_BY_TOPIC))
        & ((pl.col("kind") != "episode") | pl.col("mood").is_in(_OWN_MOODS))
        & ~pl.col("retraction")
    ).fill_null(False)


def _endings(candidates: pl.DataFrame) -> pl.DataFrame:
    """One row per candidate and topic it says ended, with the name words said with the ending."""
    rows = [
        {_ROW: row, "agent_id": agent, "user_id": user, "topic": topic, "valid_from": start, "names": sorted(words)}
        for row, agent, user, start, content in candidates.select(
            _ROW, "agent_id", "user_id", "valid_from", "content"
        ).iter_rows()
        for topic, words in ended_names(content).items()
    ]
    schema: dict[str, pl.DataType] = {_ROW: pl.UInt32(), "agent_id": pl.String(), "user_id": pl.String()}
    schema |= {"topic": pl.String(), "valid_from": candidates.schema["valid_from"], "names": pl.List(pl.String)}
    return pl.DataFrame(rows, schema=schema)


def ended_by_name(memories: pl.DataFrame) -> pl.DataFrame:
    """`memories` with each episode that ends a thing named by its topic's latest earlier statement relabelled as
    that topic's retraction (an asserted episode with `retraction` set). Of two topics, the later statement wins. An
    ending no statement answers may name an episode read as no topic (_vaguely_stated)."""
    indexed = memories.with_row_index(_ROW)
    candidates = indexed.filter(_may_end())
    if candidates.is_empty():
        return memories
    endings = _endings(candidates).sort("valid_from")
    if endings.is_empty():
        return memories
    ended = _ended_statements(indexed, endings)
    vague = _vaguely_stated(indexed, endings.filter(~pl.col(_ROW).is_in(ended[_ROW].implode())))
    chosen = pl.concat([ended.with_columns(pl.lit(False).alias(_STATED)), vague])
    if chosen.is_empty():
        return memories
    chosen = chosen.unique(_ROW, keep="first", maintain_order=True)
    relabelled = indexed.join(chosen, on=_ROW, how="left", maintain_order="left")
    was_ended = pl.col("_ended_topic").is_not_null()
    return relabelled.with_columns(
        pl.coalesce("_ended_topic", "topic").alias("topic"),
        pl.when(was_ended).then(pl.lit(ASSERTION)).otherwise(pl.col("mood")).alias("mood"),
        pl.when(was_ended & ~pl.col(_STATED)).then(True).otherwise(pl.col("retraction")).alias("retraction"),
    ).select(memories.columns)


def _ended_statements(indexed: pl.DataFrame, endings: pl.DataFrame) -> pl.DataFrame:
    """Per ending (_ROW), the topic of the latest earlier statement of a topic it ends that names the thing ended."""
    statements = (
        indexed.filter(_statements())
        .select("agent_id", "user_id", "topic", pl.col("valid_from").alias("stated_from"), "content")
        .sort("stated_from")
    )
    if statements.is_empty():
        return pl.DataFrame(schema={_ROW: indexed.schema[_ROW], "_ended_topic": pl.String()})
    named = endings.join_asof(
        statements, left_on="valid_from", right_on="stated_from", by=TIMELINE_GROUP,
        strategy="backward", allow_exact_matches=False,
        check_sortedness=False,  # both sides are sorted by time; polars cannot check it per group
    ).filter(pl.col("content").is_not_null())  # fmt: skip
    echoed = [bool(set(names) & name_words(content)) for names, content in named.select("names", "content").iter_rows()]
    return (
        named.filter(pl.Series(echoed, dtype=pl.Boolean))
        .sort(_ROW, "stated_from")
        .group_by(_ROW, maintain_order=True)
        .last()
        .select(_ROW, pl.col("topic").alias("_ended_topic"))
    )


def _vaguely_stated(indexed: pl.DataFrame, endings: pl.DataFrame) -> pl.DataFrame:
    """The endings no statement of their topic answers, with the user's earlier episode they end: one read as no
    topic that names the ended thing and holds a word of the topic, said as the user's own ("我在迷城沉浸式剧场演
    女二" before "迷城上周官宣闭店了，我们全体就地解散"). The ending tells what the episode was about: both rows come
    back (_ROW, _ended_topic), the episode to be a statement of the topic and the ending its retraction."""
    schema = {_ROW: indexed.schema[_ROW], "_ended_topic": pl.String(), _STATED: pl.Boolean()}
    if endings.is_empty():
        return pl.DataFrame(schema=schema)
    episodes = indexed.filter(
        (pl.col("kind") == "episode") & ~pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS))
        & (pl.col("role").is_null() | (pl.col("role") == "user")) & ~pl.col("retraction").fill_null(False)
    ).select(_ROW, "agent_id", "user_id", pl.col("valid_from").alias("said_from"), "content")  # fmt: skip
    # (a first pass in Polars: the episode's text holds a name word as it is written, most of them a stem's prefix)
    pairs = (
        endings.join(episodes, on=["agent_id", "user_id"], suffix="_said")
        .filter(
            (pl.col("said_from") < pl.col("valid_from")) & (pl.col("said_from") >= pl.col("valid_from") - VAGUE_WINDOW)
        )
        .with_columns(pl.col("names").alias("_name"))
        .explode("_name")
        .filter(pl.col("content").str.to_lowercase().str.contains(pl.col("_name"), literal=True))
        .unique([_ROW, "topic", f"{_ROW}_said"])
        .sort(_ROW, "said_from", f"{_ROW}_said", descending=[False, True, True])
    )
    rows: list[dict] = []
    for (row,), group in pairs.group_by(_ROW, maintain_order=True):
        ended = set(group["topic"])  # (an ending of two topics ends one episode: the latest that names the thing)
        said = group.unique(f"{_ROW}_said", keep="first", maintain_order=True)
        for said_row, names, content in said.select(f"{_ROW}_said", "names", "content").iter_rows():
            cued = sorted(ended & set(cue_hits(content))) if set(names) & name_words(content) else []
            if cued:
                if heard_mood(content) in _OWN_MOODS:
                    rows.append({_ROW: row, "_ended_topic": cued[0], _STATED: False})
                    rows.append({_ROW: said_row, "_ended_topic": cued[0], _STATED: True})
                break  # (only the latest episode that names the thing may be the one ended)
    return pl.DataFrame(rows, schema=schema).unique(_ROW, keep="first", maintain_order=True)
