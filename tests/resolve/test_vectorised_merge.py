"""The vectorised merge and resolution give exactly the frames the row-by-row ones gave (tests/support/row_by_row)."""

import numpy as np
import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from pipelines.resolve.close_pairs import BATCH, close_pairs, statements
from pipelines.resolve.components import smallest_member
from pipelines.resolve.merge import (
    PYTHON_WHITESPACE,
    MergeParams,
    content_tokens,
    merge_near_duplicates,
    statement_facts,
)
from pipelines.resolve.resolution import ResolutionParams, resolve
from tests.support import row_by_row
from tests.support.random_memories import memory_tables
from tests.support.raw_logs import MAR

THRESHOLDS = st.sampled_from([0.9, 0.95, 0.0])


@settings(max_examples=120, deadline=None)
@given(memory_tables(), THRESHOLDS)
def test_merge_gives_the_row_by_row_frame(memories, threshold):
    params = MergeParams(similarity_threshold=threshold)
    expected = row_by_row.merge_near_duplicates(memories, params)
    assert_frame_equal(merge_near_duplicates(memories, params), expected, check_exact=True)


@settings(max_examples=50, deadline=None)
@given(memory_tables(), THRESHOLDS)
def test_resolve_gives_the_row_by_row_frame(memories, threshold):
    params = ResolutionParams(merge=MergeParams(similarity_threshold=threshold))
    expected = row_by_row.resolve(memories, MAR(20), params)
    assert_frame_equal(resolve(memories, MAR(20), params), expected, check_exact=True)


def test_restatements_fold_into_the_earliest_whatever_the_pairing_order():
    """Rust ~ Rust programming ~ Rust programming daily: one component even though the first and last pair is
    the only one found last, on a multi-valued topic; a single-valued one splits at the retraction."""
    texts = ["User knows Rust programming daily.", "User knows Rust.", "User knows Rust programming."]
    vector = [1.0] + [0.0] * 383
    frame = pl.DataFrame(
        {
            "memory_id": ["c", "a", "b"],
            "agent_id": "bot",
            "user_id": "u1",
            "kind": "skill",
            "topic": "skills",
            "content": texts,
            "valid_from": [MAR(3), MAR(1), MAR(2)],
            "confidence": 0.9,
            "source": "chat",
            "recorded_at": MAR(5),
            "retraction": False,
            "embedding": [vector] * 3,
        },
        schema_overrides={"embedding": pl.Array(pl.Float32, 384)},
    )
    merged = merge_near_duplicates(frame, MergeParams())
    assert dict(zip(merged["memory_id"], merged["merged_into"], strict=True)) == {"a": None, "b": "a", "c": "a"}
    timeline = frame.with_columns(pl.lit("residence").alias("topic"), (pl.col("memory_id") == "b").alias("retraction"))
    merged = merge_near_duplicates(timeline, MergeParams())
    assert merged["merged_into"].to_list() == [None, None, None]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_statement_facts_are_same_values_strip_and_tokens(text):
    facts = statement_facts(pl.DataFrame({"content": [text]}))
    assert facts["stripped"][0] == text.strip()
    assert frozenset(facts["tokens"][0]) == content_tokens(text)
    assert facts["tokens"].list.len()[0] == len(content_tokens(text))


def test_python_whitespace_is_what_str_strip_removes():
    assert sorted(PYTHON_WHITESPACE) == [c for c in map(chr, range(0x110000)) if c.isspace()]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(1, 40), min_size=1, max_size=6),
    st.integers(0, 2**32 - 1),
    st.sampled_from([BATCH, 64, 4]),
    st.sampled_from([0.9, 0.0, -1.0]),
)
def test_close_pairs_are_every_close_pair_of_a_group_with_contained_buckets(sizes, seed, batch, threshold):
    """Against one dot product and one bucket-set test per pair; small batches force the chunked and
    row-blocked paths. Words come from a vocabulary larger than the buckets, so buckets collide."""
    rng = np.random.default_rng(seed)
    rows = sum(sizes)
    vectors = rng.integers(-1, 2, size=(rows, 5)).astype(np.float32)  # small integers: exact sums, zero rows
    embeddings = pl.Series([None if rng.random() < 0.1 else v.tolist() for v in vectors], dtype=pl.Array(pl.Float32, 5))
    words = [sorted({f"w{w}" for w in rng.integers(0, 600, size=rng.integers(0, 4))}) for _ in range(rows)]
    found = statements(embeddings, pl.Series(words, dtype=pl.List(pl.String)))
    buckets = [set(np.flatnonzero(row)) for row in found.buckets]
    starts = np.cumsum(sizes) - sizes
    left, right, cosine = close_pairs(found, starts, np.array(sizes), threshold, batch=batch)
    expected = {}
    for start, size in zip(starts, sizes, strict=True):
        for i in range(start, start + size):
            for j in range(i + 1, start + size):
                x, y = found.vectors[i], found.vectors[j]
                norm = float(np.linalg.norm(x) * np.linalg.norm(y))
                value = float(x @ y) / norm if norm else 0.0
                shorter, longer = (i, j) if len(words[i]) <= len(words[j]) else (j, i)
                if value >= threshold and words[shorter] and buckets[shorter] <= buckets[longer]:
                    expected[(i, j)] = value
    assert dict(zip(zip(left.tolist(), right.tolist(), strict=True), cosine.tolist(), strict=True)) == expected
    assert len(left) == len(expected)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 30).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))))
    )
)
def test_components_are_labelled_by_their_smallest_row(graph):
    rows, edges = graph
    left, right = (np.array([e[k] for e in edges], dtype=np.int64) for k in (0, 1))
    reach = [{i} for i in range(rows)]
    for _ in range(rows):  # transitive closure, the slow obvious way
        for a, b in edges:
            reach[a] |= reach[b]
            reach[b] |= reach[a]
    assert smallest_member(rows, left, right).tolist() == [min(r) for r in reach]
