"""`sharded_nightly_job` with the multiprocess executor on an `s3://` store (SeaweedFS on loopback): two nights
publish the snapshot `nightly_memory_job` publishes into a local folder from the same raw files."""

from datetime import timedelta

import dagster as dg
import pytest

from assets.definitions import build_defs, build_resources
from assets.origin import sharded_job
from assets.run import resource_config
from pipelines.store.snapshots import SnapshotStore
from tests.support.grouped_nights import assert_same_snapshot, copy_days
from tests.support.raw_logs import NIGHT

pytestmark = pytest.mark.slow  # four Dagster runs, the bundled e5 model loaded in each step's process


def test_the_sharded_job_on_s3_publishes_the_local_nightly_snapshot(s3_root, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMORY_SHARDS", "8")  # u_bob, u_li, u_alice + u_wang: shards 2, 3, 6 + 7, in groups 0, 1, 2
    monkeypatch.setenv("MEMORY_SHARD_GROUPS", "3")
    raw, local = tmp_path / "raw", tmp_path / "local"
    nightly = build_defs().resolve_job_def("nightly_memory_job")
    with dg.instance_for_test() as instance:
        for first, last, night in ((1, 5, NIGHT), (6, 10, NIGHT + timedelta(days=1))):
            copy_days(raw, first, last)
            alone = nightly.execute_in_process(
                resources=build_resources(str(local), str(raw), run_as_of=night.isoformat()), instance=instance
            )
            config = {**resource_config(raw, s3_root, run_as_of=night.isoformat()), "execution": {"config": {}}}
            with dg.execute_job(dg.reconstructable(sharded_job), instance=instance, run_config=config) as sharded:
                assert alone.success and sharded.success
    on_s3, in_folder = SnapshotStore(s3_root), SnapshotStore(local)
    assert on_s3.versions() == in_folder.versions() == [1, 2] and on_s3.current_version() == 2
    assert_same_snapshot(on_s3, in_folder, 1)
    assert_same_snapshot(on_s3, in_folder, 2)
    assert on_s3.problems(2) == []
    staged = [key for key in on_s3.location.find("staging") if key.endswith((".parquet", ".json"))]
    assert staged == []  # the runs' hand-off lay on the object store, and went with each publish
    assert not list((tmp_path / "work").rglob("staging/*/*.parquet"))  # never in this host's work folder
