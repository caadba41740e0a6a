"""A night publishes a version only when it changes something: new input files, other memories or another decay
day; a rerun without any of them (or a first night without input) leaves the store as it was."""

from datetime import timedelta

import polars as pl

from pipelines.store.snapshots import SnapshotStore
from pipelines.store.staging import StagingArea
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly


def test_a_rerun_the_same_day_publishes_nothing_and_says_why(store, embedder):
    report = nightly(store.parent / "raw", store, embedder)
    assert not report.published and report.version == 1 and report.parent is None
    assert report.reason == (
        "nothing new: no new input files, and the memories and their decay day (2026-03-11) are version 1's"
    )
    assert SnapshotStore(store).versions() == [1] and SnapshotStore(store).current_version() == 1
    assert not (store / "writer.lease").exists()  # the store is given back all the same


def test_a_new_decay_day_publishes_and_records_its_day(store, embedder):
    report = nightly(store.parent / "raw", store, embedder, NIGHT + timedelta(days=1))
    assert report.published and report.version == 2
    assert SnapshotStore(store).manifest(2)["decay_day"] == "2026-03-12"
    assert not nightly(store.parent / "raw", store, embedder, NIGHT + timedelta(days=1, hours=5)).published


def test_a_new_file_publishes_even_when_it_only_repeats_stored_messages(store, embedder):
    write_raw(store.parent / "raw/date=2026-03-06/again.parquet", [message("s3", 1, "I prefer tables", MAR(3, 11))])
    report = nightly(store.parent / "raw", store, embedder)
    assert report.published and report.version == 2  # its checksum is recorded: it is not read every night
    assert SnapshotStore(store).read_memories(2).height == SnapshotStore(store).read_memories(1).height


def test_a_first_night_without_input_publishes_no_empty_version(tmp_path, embedder):
    (tmp_path / "raw").mkdir()
    report = nightly(tmp_path / "raw", tmp_path / "store", embedder)
    assert not report.published and report.version is None
    assert report.reason == "nothing new: no input files and no snapshot yet"
    assert SnapshotStore(tmp_path / "store").versions() == []


def test_a_change_taken_back_in_its_conversation_leaves_no_memory_of_it(tmp_path, embedder):
    from pipelines.extract.rules.engine import RulesExtractor
    from pipelines.ingest.read import IngestDefaults
    from pipelines.nightly import stage_extract, stage_resolve, stage_validate
    from pipelines.resolve.resolution import is_current

    raw = write_raw(
        tmp_path / "raw/date=2026-03-05/log.parquet",
        [
            message("s1", 1, "hey keep my email on file for invoices, it's mara.wilde.studio@example.com", MAR(2)),
            message(
                "s2", 1, "ok I'm rebranding!! new email is marawilde.ink@example.net, use that from now on", MAR(4)
            ),
            message("s2", 2, "Got it.", MAR(4, 10), role="assistant"),
            message(
                "s2", 3, "wait no. scratch that. keep the studio one, forget the ink thing ever happened", MAR(4, 11)
            ),
        ],
    )
    store = tmp_path / "store"
    stage_validate(raw.parent.parent, store, IngestDefaults(), NIGHT)
    stage_extract(store, RulesExtractor(), embedder)  # the memories left and their vectors still pair up
    stage_resolve(store, NIGHT)
    memories = StagingArea(store).read_frame("resolved").filter(pl.col("topic") == "email")
    stated = memories.filter(is_current() & ((pl.col("kind") != "episode") | (pl.col("mood") == "assertion")))
    assert stated["content"].str.contains("mara.wilde.studio@example.com").all() and stated.height >= 1
    ink = memories.filter(pl.col("content").str.contains("marawilde.ink"))
    assert ink.select("kind", "mood").rows() == [("episode", "negated")]  # the rules' fact from it is gone
