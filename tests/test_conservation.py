"""Conservation counted from the data, and the gate before the pointer swap: both can fail, and a failure
publishes nothing."""

import polars as pl
import pytest

from pipelines.conservation import night_conservation
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.resolve.decay import DecayParams
from pipelines.store.snapshots import SnapshotStore, VersionRejectedError
from pipelines.store.staging import StagingArea
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import ScriptedExtractor


@pytest.fixture
def staged(store, embedder):
    """A second night staged up to decay on top of the scripted store: a repeat, a quarantined row, new messages."""
    raw = store.parent / "raw"
    rows = [
        message("n1", 1, "I prefer tables", MAR(9)),
        message("n1", 1, "I prefer tables", MAR(9)),  # the same message delivered twice
        message("n1", 2, "Sure.", MAR(9, 10), role="assistant"),
        message("n2", 1, "", MAR(9)),  # quarantined: empty content
    ]
    write_raw(raw / "date=2026-03-09/c.parquet", rows)
    stage_validate(raw, store, IngestDefaults(), NIGHT)
    stage_extract(store, ScriptedExtractor(), embedder)
    stage_resolve(store, NIGHT)
    stage_decay(store, NIGHT.date(), DecayParams())
    return store


def test_every_input_row_is_accounted_for_from_the_tables(staged):
    verdict = night_conservation(staged)
    assert verdict.passed, verdict.summary
    assert (
        "rows_in=4 (counted from the files) = messages 2 + quarantined 1 + repeats 1 + forgotten 0" in verdict.summary
    )


def test_a_message_dropped_without_a_trace_fails_conservation_and_publishes_nothing(staged):
    staging = StagingArea(staged)
    dropped = staging.read_frame("messages").filter(pl.col("message_id") == "n1:2")
    staging.write_frame("messages", staging.read_frame("messages").filter(pl.col("message_id") != "n1:2"))
    staging.write_frame("outcomes", staging.read_frame("outcomes").filter(pl.col("message_id") != "n1:2"))
    verdict = night_conservation(staged)
    assert not verdict.passed and "1 rows unaccounted" in verdict.summary
    with pytest.raises(VersionRejectedError, match="input rows not accounted for"):
        stage_publish(staged, NIGHT, 14, {})
    assert SnapshotStore(staged).current_version() == 1 and dropped.height == 1


def test_a_row_called_a_repeat_must_repeat_a_kept_message(staged):
    staging = StagingArea(staged)
    messages = staging.read_frame("messages")
    staging.write_frame("messages", messages.filter(pl.col("message_id") != "n1:1"))
    staging.write_frame(
        "repeats",
        pl.concat(
            [
                staging.read_frame("repeats"),
                messages.filter(pl.col("message_id") == "n1:1").select(
                    "input_file", "input_row", "agent_id", "user_id", "message_id"
                ),
            ]
        ),
    )
    verdict = night_conservation(staged)
    assert not verdict.passed and "repeat no kept message" in verdict.summary


def test_an_outcome_for_no_message_fails(staged):
    staging = StagingArea(staged)
    extra = pl.DataFrame(
        {"agent_id": ["a"], "user_id": ["u"], "message_id": ["ghost:1"], "outcome": ["extracted"], "memories": [1]}
    )
    staging.write_frame(
        "outcomes", pl.concat([staging.read_frame("outcomes"), extra.cast(staging.read_frame("outcomes").schema)])
    )
    assert "1 outcomes of no message" in night_conservation(staged).summary


def test_a_version_breaking_an_invariant_is_written_but_never_published(staged):
    staging = StagingArea(staged)
    decayed = staging.read_frame("decayed")
    staging.write_frame("decayed", pl.concat([decayed, decayed.head(1)]))  # a duplicated memory_id
    with pytest.raises(VersionRejectedError, match="version 2 not published: 1 duplicated memory_id"):
        stage_publish(staged, NIGHT, 14, {})
    store = SnapshotStore(staged)
    assert store.current_version() == 1 and store.published_at(2) is None
