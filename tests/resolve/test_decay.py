from datetime import date, datetime

import polars as pl
import pytest

from pipelines.resolve.decay import DecayParams, decay
from tests.support.raw_logs import UTC

RECORDED = datetime(2026, 3, 1, 22, 0, tzinfo=UTC)


def table(last_accessed=None, strength_at_access=None):
    return pl.DataFrame(
        {
            "recorded_at": [RECORDED],
            "last_accessed": [last_accessed],
            "strength_at_access": [strength_at_access],
            "strength": [1.0],
        },
        schema={
            "recorded_at": pl.Datetime("us", "UTC"),
            "last_accessed": pl.Datetime("us", "UTC"),
            "strength_at_access": pl.Float64,
            "strength": pl.Float64,
        },
    )


def test_never_accessed_decays_from_recorded_at():
    assert decay(table(), date(2026, 3, 11))["strength"][0] == pytest.approx(0.95**10)


def test_accessed_decays_from_the_strength_at_last_access():
    accessed = datetime(2026, 3, 5, 8, 0, tzinfo=UTC)
    assert decay(table(accessed, 0.9), date(2026, 3, 8))["strength"][0] == pytest.approx(0.9 * 0.95**3)


def test_floor_holds_after_a_long_silence():
    assert decay(table(), date(2026, 6, 1))["strength"][0] == 0.3
    assert decay(table(), date(2026, 6, 1), DecayParams(floor=0.1))["strength"][0] == pytest.approx(0.1)


def test_decay_does_not_compound_across_runs_or_skipped_days():
    # Seed article 000's UPDATE multiplies the already-decayed strength again on every run; ours does not.
    once = decay(table(), date(2026, 3, 6))
    twice = decay(decay(once, date(2026, 3, 6)), date(2026, 3, 6))
    assert twice["strength"][0] == once["strength"][0] == pytest.approx(0.95**5)
    nightly = table()
    for day in range(2, 12):
        nightly = decay(nightly, date(2026, 3, day))
    assert nightly["strength"][0] == pytest.approx(decay(table(), date(2026, 3, 11))["strength"][0])


def test_a_day_before_recording_never_raises_strength_above_one():
    assert decay(table(), date(2026, 2, 20))["strength"][0] == 1.0
