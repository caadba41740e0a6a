"""Reinforcement folded per event depth in numpy gives exactly the per-event loop's anchors (row_by_row)."""

from hypothesis import given, settings
from polars.testing import assert_frame_equal

from pipelines.resolve.decay import DecayParams, reinforce
from tests.support import row_by_row
from tests.support.random_memories import access_histories


@settings(max_examples=150, deadline=None)
@given(access_histories())
def test_reinforce_gives_the_per_event_frame(history):
    memories, events = history
    for params in (DecayParams(), DecayParams(rate=0.8, floor=0.1, access_boost=0.3)):
        expected = row_by_row.reinforce(memories, events, params)
        assert_frame_equal(reinforce(memories, events, params), expected, check_exact=True)
