"""One time representation: aware UTC datetimes; naive input is UTC, as the raw contract says."""

from datetime import datetime, timedelta, timezone

import pytest

from pipelines.core.clock import UTC, iso_seconds, parse_utc, utc


def test_naive_times_are_utc_and_aware_ones_are_converted():
    assert utc(datetime(2026, 3, 2, 9)) == datetime(2026, 3, 2, 9, tzinfo=UTC)
    shanghai = timezone(timedelta(hours=8))
    assert utc(datetime(2026, 3, 2, 9, tzinfo=shanghai)) == datetime(2026, 3, 2, 1, tzinfo=UTC)
    assert utc(datetime(2026, 3, 2, 9, tzinfo=shanghai)).tzinfo == UTC


def test_iso_dates_and_timestamps_parse_to_utc_and_nonsense_is_refused():
    assert parse_utc("2026-03-02") == datetime(2026, 3, 2, tzinfo=UTC)
    assert parse_utc(" 2026-03-02T12:00:00+08:00 ") == datetime(2026, 3, 2, 4, tzinfo=UTC)
    with pytest.raises(ValueError):
        parse_utc("last tuesday")


def test_times_print_to_the_second_in_utc_with_the_offset():
    shanghai = timezone(timedelta(hours=8))
    assert iso_seconds(datetime(2026, 3, 11, 20, 0, 5, 123456, tzinfo=shanghai)) == "2026-03-11T12:00:05+00:00"
