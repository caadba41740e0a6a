"""The night fanned out over shard groups on a real S3 server (SeaweedFS on loopback), each step on a "host" of its
own: the hand-off and the shard files go through the object store, the version is claimed there, and a failed
group, another writer or a second sharded run never gets a half-gathered version published."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from pipelines.extract.rules.engine import RulesExtractor
from pipelines.ingest.read import IngestDefaults
from pipelines.night_groups import GroupWork, stage_plan, stage_publish_groups, stage_write_group
from pipelines.nightly import stage_validate
from pipelines.recall.reader import MemoryReader
from pipelines.store.lease import StoreLockedError
from pipelines.store.shards import referenced_paths
from pipelines.store.snapshots import SnapshotStore, VersionRejectedError
from tests.support.grouped_nights import (
    SNAPSHOT,
    assert_same_snapshot,
    grouped_night,
    hosts_under,
    one_writer_night,
    two_nights,
)
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly

USERS = ["u_bob", "u_li", "u_alice", "u_wang"]
THIRD = NIGHT + timedelta(days=2)


@pytest.fixture
def eight_shards(monkeypatch):
    monkeypatch.setenv("MEMORY_SHARDS", "8")


def _grouped_on_hosts(tmp_path, name="hosts", run_key="local", extractors=None):
    def night(raw, store, embedder, now):
        return grouped_night(raw, store, embedder, now, extractors, hosts_under(tmp_path / name), run_key)

    return night


def _claim(store: SnapshotStore, version: int) -> dict:
    return json.loads(store.location.read_bytes(f"snapshots/{version:08d}/claim.json"))


def _files(store: SnapshotStore, prefix: str) -> list[str]:
    """The files under `prefix` on the object store (SeaweedFS also lists a folder it made as an empty object)."""
    return [key for key in store.location.find(prefix) if key.endswith((".parquet", ".json"))]


def _shard_folders(store: SnapshotStore) -> tuple[set[str], set[str]]:
    """(the shard folders on the object store, those a manifest refers to)."""
    referenced = {ref.rsplit("/", 1)[0] for v in store.versions() for ref in referenced_paths(store.manifest(v))}
    stored = {key.rsplit("/", 1)[0] for key in _files(store, "shards") if not key.startswith("shards/empty/")}
    return stored, {folder for folder in referenced if folder.startswith("shards/")}


def _a_third_night_for_everyone(tmp_path, name: str) -> None:
    said = [message(f"s-{user}-99", 1, "I moved to Shenzhen", MAR(11), user=user) for user in USERS]
    write_raw(tmp_path / f"raw-{name}" / "date=2026-03-11/all.parquet", said)


def test_grouped_nights_on_s3_across_hosts_publish_the_local_one_writer_snapshot(
    s3_root, tmp_path, embedder, eight_shards
):
    alone = two_nights(tmp_path, one_writer_night, embedder, "alone")
    grouped = two_nights(tmp_path, _grouped_on_hosts(tmp_path), embedder, "s3", store=s3_root)
    assert grouped.current_version() == alone.current_version() == 2
    assert_same_snapshot(grouped, alone, 1)
    assert_same_snapshot(grouped, alone, 2)
    assert grouped.problems(2) == []  # read from this test's own work folder, which no step wrote into
    assert _claim(grouped, 2)["run_key"] == "local" and _claim(grouped, 2)["parent"] == 1
    assert _files(grouped, "staging") == []  # the run's hand-off went with its publish
    assert not list((tmp_path / "hosts").rglob("staging/*/*.parquet"))  # and never lay on a host's disk


class BrokenExtractor(RulesExtractor):
    def extract_session(self, messages):
        raise RuntimeError("the model server went away")


def test_a_failed_group_on_s3_leaves_the_previous_version_current(s3_root, tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, _grouped_on_hosts(tmp_path), embedder, "s3", store=s3_root)
    before = store.read_memories().select(SNAPSHOT).sort("memory_id")
    _a_third_night_for_everyone(tmp_path, "s3")
    failing = _grouped_on_hosts(tmp_path, run_key="failing", extractors={"g002": BrokenExtractor()})
    with pytest.raises(RuntimeError, match="went away"):
        failing(tmp_path / "raw-s3", s3_root, embedder, THIRD)
    with pytest.raises(VersionRejectedError, match="shard group g002 wrote nothing in run failing"):
        stage_publish_groups(s3_root, THIRD, THIRD.date(), 14, {}, run_key="failing")
    assert [key for key in _files(store, "shards") if "/00000003/" in key] != []  # g000's and g001's
    assert store.current_version() == 2 and store.versions() == [1, 2]
    assert store.read_memories().select(SNAPSHOT).sort("memory_id").equals(before)
    with MemoryReader(s3_root, embedder=embedder) as reader:
        assert reader.recall("u_li", "where do I live", k=1)  # the previous version answers
    # the next night (another run, another host) publishes; the failed run's files and hand-off are removed
    one_writer_night(tmp_path / "raw-s3", s3_root, embedder, THIRD)
    assert store.current_version() == 4 and store.problems(4) == []
    stored, referenced = _shard_folders(store)
    assert stored == referenced and not any(folder.endswith("/00000003") for folder in stored)
    assert _files(store, "staging") == []


def test_a_group_reexecuted_after_failing_on_s3_completes_the_night(s3_root, tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, _grouped_on_hosts(tmp_path), embedder, "s3", store=s3_root)
    _a_third_night_for_everyone(tmp_path, "s3")
    failing = _grouped_on_hosts(tmp_path, run_key="again", extractors={"g002": BrokenExtractor()})
    with pytest.raises(RuntimeError, match="went away"):
        failing(tmp_path / "raw-s3", s3_root, embedder, THIRD)
    with hosts_under(tmp_path / "retry")("g002"):  # "re-execute from failure": the group again, on another host
        stage_write_group(s3_root, "g002", GroupWork(RulesExtractor(), embedder, THIRD, THIRD.date()), run_key="again")
    with hosts_under(tmp_path / "retry")("publish"):
        stage_publish_groups(s3_root, THIRD, THIRD.date(), 14, {}, run_key="again")
    assert store.current_version() == 3 and store.problems(3) == []
    assert store.manifest()["written_shards"] == ["0002", "0003", "0006", "0007"]
    stored, referenced = _shard_folders(store)
    assert stored == referenced


def test_a_writer_that_published_in_between_refuses_the_sharded_steps(s3_root, tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, _grouped_on_hosts(tmp_path), embedder, "s3", store=s3_root)
    _a_third_night_for_everyone(tmp_path, "s3")
    raw, hosts = tmp_path / "raw-s3", hosts_under(tmp_path / "late")
    with hosts("plan"):
        stage_validate(raw, s3_root, IngestDefaults(), THIRD, run_key="late", shared=True)
        assert stage_plan(s3_root, 3, run_key="late")["version"] == 3
    work = GroupWork(RulesExtractor(), embedder, THIRD, THIRD.date())
    with hosts("g000"):
        stage_write_group(s3_root, "g000", work, run_key="late")
    with hosts_under(tmp_path / "other")("night"):  # a one-writer run on another host publishes first
        assert one_writer_night(raw, s3_root, embedder, THIRD).version == 4
    with hosts("g001"), pytest.raises(VersionRejectedError) as refused_group:
        stage_write_group(s3_root, "g001", work, run_key="late")
    with hosts("publish"), pytest.raises(VersionRejectedError) as refused_publish:
        stage_publish_groups(s3_root, THIRD, THIRD.date(), 14, {}, run_key="late")
    for refusal in (refused_group, refused_publish):
        text = str(refusal.value)
        assert "\n" not in text and "another run published since this one started" in text, text
    assert store.current_version() == 4 and store.published_at(3) is None and store.problems(4) == []


def test_two_sharded_runs_on_s3_never_both_publish(s3_root, tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, _grouped_on_hosts(tmp_path), embedder, "s3", store=s3_root)
    _a_third_night_for_everyone(tmp_path, "s3")
    raw = tmp_path / "raw-s3"
    runs = {"first": hosts_under(tmp_path / "first"), "second": hosts_under(tmp_path / "second")}
    for run_key, hosts in runs.items():  # both validate on version 2 and claim a number before either publishes
        with hosts("plan"):
            stage_validate(raw, s3_root, IngestDefaults(), THIRD, run_key=run_key, shared=True)
            stage_plan(s3_root, 3, run_key=run_key)
    assert (_claim(store, 3)["run_key"], _claim(store, 4)["run_key"]) == ("first", "second")
    work = GroupWork(RulesExtractor(), embedder, THIRD, THIRD.date())
    for run_key, hosts in runs.items():
        for key in ("g000", "g001", "g002"):
            with hosts(key):
                stage_write_group(s3_root, key, work, run_key=run_key)
    with runs["first"]("publish"):
        assert stage_publish_groups(s3_root, THIRD, THIRD.date(), 14, {}, run_key="first").version == 3
    with runs["second"]("publish"), pytest.raises(VersionRejectedError) as refused:
        stage_publish_groups(s3_root, THIRD, THIRD.date(), 14, {}, run_key="second")
    assert "\n" not in str(refused.value) and "run the job again" in str(refused.value)
    assert store.current_version() == 3 and store.versions() == [1, 2, 3] and store.problems(3) == []


def test_a_step_checks_the_claim_on_the_object_store_not_a_lease(s3_root, tmp_path, embedder, monkeypatch):
    raw = tmp_path / "raw"
    write_raw(raw / "date=2026-03-01/a.parquet", [message("s1", 1, "I live in Shanghai", MAR(1))])
    nightly(raw, s3_root, embedder, NIGHT)
    planner = SnapshotStore(s3_root)
    assert planner.reserve_version("mine", 1) == 2
    monkeypatch.setenv("MEMORY_WORK_DIR", str(tmp_path / "group-host"))  # no lease of any run on this host
    group = SnapshotStore(s3_root)
    group.require_reservation(2, "mine")
    with pytest.raises(StoreLockedError, match=r"version 2 is not claimed by this run \(theirs\)"):
        group.require_reservation(2, "theirs")
    rival = SnapshotStore(s3_root)
    monkeypatch.setattr(rival, "next_version", lambda: 2)  # it listed the numbers before the claim was made
    with pytest.raises(StoreLockedError, match="version 2 is being written by another writer"):
        rival.reserve_version("theirs", 1)
    write_raw(raw / "date=2026-03-02/b.parquet", [message("s2", 1, "I moved to Beijing", MAR(2))])
    nightly(raw, s3_root, embedder, NIGHT + timedelta(days=1))  # another writer: claims 3, publishes it
    with pytest.raises(StoreLockedError, match="builds on version 1, but version 3 was published since") as lost:
        group.require_reservation(2, "mine")
    assert "\n" not in str(lost.value)
