"""A night publishes a version only when it changes something: new input files, other memories or another decay
day; a rerun without any of them (or a first night without input) leaves the store as it was."""

from datetime import timedelta

from pipelines.store.snapshots import SnapshotStore
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
