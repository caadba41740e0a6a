"""The night fanned out over shard groups: the same snapshot as one writer, and a failed group publishes nothing."""

import json
from dataclasses import asdict
from datetime import timedelta

import pytest

from pipelines.extract.rules.engine import RulesExtractor
from pipelines.ingest.read import IngestDefaults
from pipelines.night_groups import GroupWork, stage_plan, stage_publish_groups, stage_write_group
from pipelines.nightly import stage_validate
from pipelines.shard_groups import group_keys, group_of_shard, shards_of_group
from pipelines.store.lease import LEASE, Lease, StoreLockedError
from pipelines.store.shards import referenced_paths
from pipelines.store.snapshots import VersionRejectedError
from tests.support.grouped_nights import (
    GROUPS,
    SNAPSHOT,
    assert_same_snapshot,
    grouped_night,
    one_writer_night,
    two_nights,
)
from tests.support.raw_logs import MAR, NIGHT, message, write_raw

USERS = ["u_bob", "u_li", "u_alice", "u_wang"]


@pytest.fixture
def eight_shards(monkeypatch):
    monkeypatch.setenv("MEMORY_SHARDS", "8")


def test_groups_cover_every_shard_once():
    owners = [group_of_shard(shard, 256, 8) for shard in range(256)]
    assert owners == sorted(owners) and set(owners) == set(range(8))
    assert [len(shards_of_group(key, range(256), 256, 8)) for key in group_keys(8)] == [32] * 8
    assert set().union(*(shards_of_group(key, range(5), 5, 8) for key in group_keys(8))) == set(range(5))


def test_grouped_nights_publish_the_one_writer_snapshot(tmp_path, embedder, eight_shards):
    alone = two_nights(tmp_path, one_writer_night, embedder, "alone")
    grouped = two_nights(tmp_path, grouped_night, embedder, "grouped")
    assert grouped.current_version() == alone.current_version() == 2
    assert_same_snapshot(grouped, alone)
    assert grouped.problems(2) == []


class BrokenExtractor(RulesExtractor):
    def extract_session(self, messages):
        raise RuntimeError("the model server went away")


def test_a_failed_group_publishes_nothing(tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, grouped_night, embedder, "store")
    before = store.read_memories().select(SNAPSHOT).sort("memory_id")
    raw = tmp_path / "raw-store"
    said = [message(f"s-{user}-99", 1, "I moved to Shenzhen", MAR(11), user=user) for user in USERS]
    write_raw(raw / "date=2026-03-11/all.parquet", said)  # a new file for every user
    with pytest.raises(RuntimeError, match="went away"):
        grouped_night(raw, store.root, embedder, NIGHT + timedelta(days=2), {"g002": BrokenExtractor()})
    with pytest.raises(VersionRejectedError, match="shard group g002 wrote nothing"):
        stage_publish_groups(store.root, NIGHT, NIGHT.date(), 14, {})
    assert store.current_version() == 2
    assert store.read_memories().select(SNAPSHOT).sort("memory_id").equals(before)
    # what "re-execute from failure" runs: the failed group again, then the publisher (same run key, same staging)
    now = NIGHT + timedelta(days=2)
    stage_write_group(store.root, "g002", GroupWork(RulesExtractor(), embedder, now, now.date()))
    stage_publish_groups(store.root, now, now.date(), 14, {})
    assert store.current_version() == 3 and store.problems(3) == []
    referenced = {ref.rsplit("/", 1)[0] for v in store.versions() for ref in referenced_paths(store.manifest(v))}
    referenced = {folder for folder in referenced if folder.startswith("shards/")}
    on_disk = {p.relative_to(store.root).as_posix() for p in (store.root / "shards").glob("*/[0-9]*")}
    assert on_disk == referenced  # the failed night's files were rewritten or pruned, none left behind


def test_a_night_of_one_user_writes_one_group(tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, grouped_night, embedder, "store")
    raw = tmp_path / "raw-store"
    write_raw(raw / "date=2026-03-12/li.parquet", [message("s-li-99", 1, "我搬到深圳了", MAR(12), user="u_li")])
    now = NIGHT + timedelta(days=2)
    stage_validate(raw, store.root, IngestDefaults(), now, shared=True)
    work = GroupWork(RulesExtractor(), embedder, now, now.date())
    reports = [stage_write_group(store.root, key, work) for key in stage_plan(store.root, GROUPS)["groups"]]
    assert [r.shards for r in reports] == [[], [3], []]  # u_li's shard, group g001's: the others read nothing
    assert reports[0].extraction is None and reports[1].extraction is not None
    stage_publish_groups(store.root, now, now.date(), 14, {})
    assert store.manifest()["written_shards"] == ["0003"]
    assert store.manifest()["rows"]["total"] > store.manifest(2)["rows"]["total"]
    assert not list((store.root / "staging").glob("local.g*"))  # the groups' hand-off files go with the publish


def test_a_group_of_a_run_that_lost_the_store_writes_nothing(tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, grouped_night, embedder, "store")
    stage_validate(tmp_path / "raw-store", store.root, IngestDefaults(), NIGHT, run_key="late", shared=True)
    stage_plan(store.root, GROUPS, run_key="late")
    # another run took the store over (this run's plan process was gone): its lease, not this run's
    (store.root / LEASE).write_text(json.dumps(asdict(Lease.mine("newer", "raw_messages"))))
    work = GroupWork(RulesExtractor(), embedder, NIGHT, NIGHT.date())
    with pytest.raises(StoreLockedError, match=r"this run \(late\) no longer owns the store"):
        stage_write_group(store.root, "g001", work, run_key="late")


def test_a_night_with_nothing_new_publishes_nothing(tmp_path, embedder, eight_shards):
    store = two_nights(tmp_path, grouped_night, embedder, "store")
    report = grouped_night(tmp_path / "raw-store", store.root, embedder, NIGHT + timedelta(days=1))  # night 2 again
    assert not report.published and report.reason.startswith("nothing new") and store.current_version() == 2
    assert not list((store.root / "shards").glob("*/00000003")) and not (store.root / "snapshots/00000003").exists()
