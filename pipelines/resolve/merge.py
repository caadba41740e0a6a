"""Near-duplicate merging of state-like memories (fact, preference, skill) into one survivor each.

Recomputed from the whole memory set on every run, so the result never depends on arrival order:
members stay in the table as stated, with `merged_into` pointing at the earliest statement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import polars as pl

from pipelines.core.schemas import STATE_KINDS
from pipelines.core.timeline import TIMELINE_GROUP, on_timeline, timeline_order
from pipelines.core.topics import SINGLE_VALUED_TOPICS
from pipelines.resolve.close_pairs import Statements, close_pairs, consecutive_cosines, statements
from pipelines.resolve.components import smallest_member

_WORD = re.compile(r"[a-z0-9]+|[\u3400-\u9fff]")
# What Python's str.strip() removes (str.isspace); polars' default set differs (it keeps \x1c-\x1f).
PYTHON_WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
GROUP_KEYS = ["agent_id", "user_id", "kind", "topic"]
_SOURCE_ROW = "_merge_source_row"  # each row's position in the input while the vectors are left behind


@dataclass(frozen=True)
class MergeParams:
    # e5 puts "用户住在北京" and "用户住在上海" at 0.98, so cosine alone never decides: see same_value().
    similarity_threshold: float = 0.9


# Words that rank a title below the one without them: "店长助理" then "店长", "assistant manager" then "manager" is a
# promotion, though the later title adds no word
_RANK_WORDS = r"助理|副|实习|见习|代理|\b(?:assistant|associate|deputy|vice|junior|trainee|intern|acting)\b"


def _ranks(text: str) -> set[str]:
    return set(re.findall(_RANK_WORDS, text.lower()))


def content_tokens(text: str) -> frozenset[str]:
    """Lowercase latin words and single CJK characters: enough to tell 北京 from 上海."""
    return frozenset(_WORD.findall(text.lower()))


def same_value(a_text: str, b_text: str, cosine: float, params: MergeParams, in_order: bool = False) -> bool:
    """Two statements of one value: close embeddings AND one's words all appear in the other.

    The word test keeps "User lives in Beijing." apart from "User lives in Shanghai." (cosine 0.94)
    while "User knows Rust." and "User knows Rust programming." merge. `in_order`: `a` was said first and `b`
    may not add words to it, as on a single-valued timeline, where more words are a new value ("用户的职位是产品经理"
    then "用户的职位是高级产品经理" is a promotion), nor drop a word that ranks it (_RANK_WORDS). This is the rule for
    one pair; `same_values` applies it to many pairs at once.
    """
    if a_text.strip() == b_text.strip():
        return True
    if in_order and _ranks(a_text) - _ranks(b_text):
        return False
    a, b = content_tokens(a_text), content_tokens(b_text)
    shorter, longer = (b, a) if in_order or len(b) < len(a) else (a, b)
    return cosine >= params.similarity_threshold and bool(shorter) and shorter <= longer


def statement_facts(memories: pl.DataFrame) -> pl.DataFrame:
    """Per memory, what same_value reads: the stripped content and the set of content_tokens."""
    return memories.select(
        pl.col("content").str.strip_chars(PYTHON_WHITESPACE).alias("stripped"),
        pl.col("content").str.to_lowercase().str.extract_all(_WORD.pattern).list.unique().alias("tokens"),
    )


def same_values(
    facts: pl.DataFrame,
    left: np.ndarray,
    right: np.ndarray,
    cosine: np.ndarray,
    params: MergeParams,
    in_order: bool = False,
) -> np.ndarray:
    """same_value for each pair of rows (left[k], right[k]) of `facts`, as a boolean numpy array."""
    pairs = pl.DataFrame(
        {
            "a": facts["stripped"].gather(left),
            "b": facts["stripped"].gather(right),
            "ta": facts["tokens"].gather(left),
            "tb": facts["tokens"].gather(right),
            "cosine": cosine,
        }
    )
    a_len, b_len = pl.col("ta").list.len(), pl.col("tb").list.len()
    a_in_b = pl.col("ta").list.set_difference("tb").list.len() == 0
    b_in_a = pl.col("tb").list.set_difference("ta").list.len() == 0
    contained = (
        ((b_len > 0) & b_in_a)
        if in_order
        else pl.when(a_len <= b_len).then((a_len > 0) & a_in_b).otherwise((b_len > 0) & b_in_a)
    )
    if in_order:
        ranks = [pl.col(side).str.to_lowercase().str.extract_all(_RANK_WORDS) for side in ("a", "b")]
        contained = contained & (ranks[0].list.set_difference(ranks[1]).list.len() == 0)
    same = (pl.col("a") == pl.col("b")) | ((pl.col("cosine") >= params.similarity_threshold) & contained)
    return pairs.select(same.fill_null(False))[:, 0].to_numpy()


def _timeline_runs(
    groups: pl.DataFrame, facts: pl.DataFrame, rows: Statements, params: MergeParams
) -> tuple[np.ndarray, ...]:
    """Single-valued topics: a statement joins the one before it on the timeline when neither is a retraction
    and both state one value (Beijing, Beijing, Shanghai, Beijing is three periods), the later adding no word."""
    follows = groups.select(
        pl.col("single")
        & ~pl.col("new_group")
        & ~pl.col("retraction")
        & ~pl.col("retraction").shift(1)
        # no statement of another kind (an asserting episode) between them: Tyrell, "…", Tyrell is three periods
        & (pl.col("others_before") == pl.col("others_before").shift(1))
    )
    right = np.flatnonzero(follows.to_series().fill_null(False).to_numpy())
    left = right - 1
    same = same_values(facts, left, right, consecutive_cosines(rows)[right], params, in_order=True)
    return left[same], right[same]


def _value_components(
    groups: pl.DataFrame, facts: pl.DataFrame, rows: Statements, params: MergeParams
) -> tuple[np.ndarray, ...]:
    """Multi-valued topics: every pair of statements of one value, whatever their order (the components of
    these edges are a function of the set). Equal contents pair up whatever their vectors."""
    starts = np.flatnonzero(groups["new_group"].to_numpy())
    sizes = np.diff(np.append(starts, groups.height))
    multi = ~groups["single"].to_numpy()[starts]
    left, right, cosine = close_pairs(rows, starts[multi], sizes[multi], params.similarity_threshold)
    same = same_values(facts, left, right, cosine, params)
    equal = (
        pl.concat([groups.select("group", "row", "single"), facts.select("stripped")], how="horizontal")
        .filter(~pl.col("single"))
        .with_columns(pl.col("row").first().over("group", "stripped").alias("first"))
        .filter(pl.col("row") != pl.col("first"))
    )
    left = np.concatenate([left[same], equal["first"].to_numpy()])
    return left, np.concatenate([right[same], equal["row"].to_numpy()])


def _restatement_labels(candidates: pl.DataFrame, embeddings: pl.Series, params: MergeParams) -> np.ndarray:
    """Per candidate row (sorted by group, then timeline), the first row of the restatements it belongs to."""
    first = pl.int_range(pl.len()) == 0
    changed = pl.any_horizontal([pl.col(key).ne_missing(pl.col(key).shift(1)) for key in GROUP_KEYS])
    groups = candidates.select(
        pl.int_range(pl.len()).alias("row"),
        (first | changed).alias("new_group"),
        pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS)).fill_null(False).alias("single"),
        pl.col("retraction").fill_null(False),
        pl.col("others_before"),
    ).with_columns(pl.col("new_group").cum_sum().alias("group"))
    facts = statement_facts(candidates)
    rows = statements(embeddings, facts["tokens"])
    run_left, run_right = _timeline_runs(groups, facts, rows, params)
    value_left, value_right = _value_components(groups, facts, rows, params)
    left, right = np.concatenate([run_left, value_left]), np.concatenate([run_right, value_right])
    return smallest_member(candidates.height, left, right)


def _fold(candidates: pl.DataFrame, labels: np.ndarray) -> pl.DataFrame:
    """The earliest statement survives; the others point at it and keep their own values.

    Stored rows stay as stated so the next run can regroup them from scratch; readers present a
    survivor with its group's union of provenance and highest confidence (see pipelines.recall.reader).
    Rows come out group by group, groups in the order of their first row.
    """
    by_age = ["valid_from", "memory_id", "_row"]
    survivor_row = pl.col("_row").sort_by(by_age).first().over("_group")
    survivor = pl.col("memory_id").sort_by(by_age).first().over("_group")
    folded = candidates.with_columns(pl.Series("_group", labels), pl.int_range(pl.len()).alias("_row"))
    folded = folded.with_columns(
        pl.when(pl.col("_row") != survivor_row).then(survivor).otherwise(pl.col("merged_into")).alias("merged_into")
    )
    return folded.sort("_group", "_row").drop("_group", "_row")


def merge_near_duplicates(memories: pl.DataFrame, params: MergeParams) -> pl.DataFrame:
    """Sets `merged_into` on every restatement (from scratch: earlier runs' merges are not trusted)."""
    folded = folded_without_vectors(memories, params, _SOURCE_ROW)
    vectors = memories["embedding"].gather(folded[_SOURCE_ROW])
    return folded.with_columns(vectors).select(merged_columns(memories))


def merged_columns(memories: pl.DataFrame) -> list[str]:
    """The columns merge_near_duplicates returns, in order: the memories' own, plus `merged_into` if missing."""
    return list(dict.fromkeys([*memories.columns, "merged_into"]))


def folded_without_vectors(memories: pl.DataFrame, params: MergeParams, source_row: str) -> pl.DataFrame:
    """merge_near_duplicates' rows in its order, without the `embedding` column: `source_row` holds each row's
    position in `memories`, so a caller takes the vectors (most of the bytes) once, where it needs them."""
    rows = memories.drop("embedding").with_row_index(source_row)
    rows = rows.with_columns(pl.lit(None, pl.String).alias("merged_into"))
    is_state = pl.col("kind").is_in(STATE_KINDS)
    crowded = pl.len().over(GROUP_KEYS) > 1
    candidates = rows.filter(is_state & crowded).sort([*GROUP_KEYS, *timeline_order()])
    if candidates.is_empty():
        return rows
    candidates = candidates.join(_others_before(rows), on="memory_id", how="left").with_columns(
        pl.col("others_before").fill_null(0)
    )
    labels = _restatement_labels(candidates, memories["embedding"].gather(candidates[source_row]), params)
    return pl.concat([rows.filter(~(is_state & crowded)), _fold(candidates, labels).drop("others_before")])


def _others_before(memories: pl.DataFrame) -> pl.DataFrame:
    """Per statement on a single-valued timeline, how many statements of other kinds come before it on that
    timeline (pipelines.core.timeline): two restatements of one value join only when none lies between."""
    if "mood" not in memories.columns:  # no episode states anything: only distilled memories are on the timeline
        memories = memories.with_columns(pl.lit(None, pl.String).alias("mood"))
    timeline = memories.filter(on_timeline()).sort([*TIMELINE_GROUP, *timeline_order()])
    position = pl.int_range(pl.len()).over(TIMELINE_GROUP)
    within_kind = pl.int_range(pl.len()).over([*TIMELINE_GROUP, "kind"])
    return timeline.select("memory_id", (position - within_kind).alias("others_before"))
