"""Guards of near-duplicate merging and of a topic's timeline order, each pinned by a test that fails without it."""

import numpy as np
import polars as pl
import pytest

from pipelines.resolve.merge import MergeParams, merge_near_duplicates
from pipelines.resolve.resolution import is_current
from tests.resolve.test_resolution import merge
from tests.support.candidate_rows import candidate, memories
from tests.support.raw_logs import MAR

SAME_VECTOR = (np.ones(384, dtype=np.float32) / np.sqrt(384)).tolist()


def _with_one_vector(frame: pl.DataFrame) -> pl.DataFrame:
    """Every row gets the same unit vector: cosine 1, so only the guards keep rows apart."""
    return frame.with_columns(
        pl.lit(pl.Series([SAME_VECTOR] * frame.height, dtype=pl.Array(pl.Float32, 384))).alias("embedding")
    )


def test_a_retraction_is_never_folded_into_the_statement_it_retracts():
    stated = candidate("User lives in Beijing.", "residence", day=1, session="a")
    retracted = {**candidate("User no longer lives in Beijing.", "residence", day=3, session="b"), "retraction": True}
    folded = merge_near_duplicates(_with_one_vector(memories([stated, retracted])), MergeParams())
    assert folded["merged_into"].to_list() == [None, None]


def test_identical_tasks_in_two_sessions_stay_two_tasks():
    tasks = [candidate("User must renew passport.", "reminder", kind="task", day=d, session=f"s{d}") for d in (1, 4)]
    folded = merge_near_duplicates(_with_one_vector(memories(tasks)), MergeParams())
    assert folded.height == 2 and folded["merged_into"].to_list() == [None, None]


@pytest.mark.parametrize("later", ["User lives in Beijing.", "User lives in Shanghai."])
def test_a_valid_from_tie_goes_to_the_later_recorded_statement(later):
    """Same valid_from, confidence and source: recorded_at decides, whichever memory_id sorts last."""
    earlier = "User lives in Shanghai." if later == "User lives in Beijing." else "User lives in Beijing."
    first = memories([candidate(earlier, "residence", day=2, session="a")], recorded=MAR(5))
    second = memories([candidate(later, "residence", day=2, session="b")], recorded=MAR(6))
    resolved = merge(first, second)
    assert resolved.filter(is_current())["content"].to_list() == [later]
