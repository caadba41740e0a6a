"""`sharded_nightly_job` on the sample with the multiprocess executor: its shard groups run in their own processes
and publish the snapshot `nightly_memory_job` publishes from the same input."""

import dagster as dg
import pytest

from assets.definitions import build_defs, build_resources
from assets.origin import sharded_job
from assets.run import resource_config
from pipelines.store.snapshots import SnapshotStore

SAMPLE = "data/sample"
NIGHT = "2026-03-11T02:00:00+00:00"
SNAPSHOT = ["memory_id", "content", "valid_from", "valid_to", "superseded_by", "merged_into", "recorded_version"]
GROUP_STEPS = {"memory_shards__g000", "memory_shards__g001", "memory_shards__g002"}

pytestmark = pytest.mark.slow  # two Dagster runs, the bundled e5 model loaded in each step's process


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("sharded")
    with pytest.MonkeyPatch.context() as env, dg.instance_for_test() as instance:
        env.setenv("MEMORY_SHARDS", "8")  # u_bob, u_li, u_alice + u_wang: shards 2, 3, 6 + 7, in groups 0, 1, 2
        env.setenv("MEMORY_SHARD_GROUPS", "3")
        alone = (
            build_defs()
            .resolve_job_def("nightly_memory_job")
            .execute_in_process(
                resources=build_resources(str(root / "alone"), SAMPLE, run_as_of=NIGHT), instance=instance
            )
        )
        config = {**resource_config(SAMPLE, root / "sharded", run_as_of=NIGHT), "execution": {"config": {}}}
        with dg.execute_job(dg.reconstructable(sharded_job), instance=instance, run_config=config) as sharded:
            events = sharded.all_events
            assert alone.success and sharded.success
    return root, events


def test_the_groups_run_in_processes_of_their_own(runs):
    _, events = runs
    starts = {e.step_key: e.pid for e in events if e.event_type == dg.DagsterEventType.STEP_START}
    assert set(starts) >= GROUP_STEPS and {"night_plan", "sharded_memory_snapshot"} <= set(starts)
    assert len({starts[step] for step in GROUP_STEPS}) == 3  # one process per group step


def test_sharded_run_publishes_the_one_writer_snapshot(runs):
    root, _ = runs
    alone, sharded = SnapshotStore(root / "alone"), SnapshotStore(root / "sharded")
    assert sharded.current_version() == alone.current_version() == 1
    mine, theirs = (store.read_memories().select(SNAPSHOT).sort("memory_id") for store in (sharded, alone))
    assert mine.height > 50 and mine.equals(theirs)
    assert (
        sharded.manifest()["written_shards"] == alone.manifest()["written_shards"] == ["0002", "0003", "0006", "0007"]
    )
    assert sharded.manifest()["rows"] == alone.manifest()["rows"]
    assert sharded.read_quarantine().height == alone.read_quarantine().height == 2


def test_the_llm_extractor_is_refused_before_anything_is_read(tmp_path):
    job = build_defs().resolve_job_def("sharded_nightly_job")
    resources = build_resources(str(tmp_path / "store"), SAMPLE, extractor="llm", run_as_of=NIGHT)
    with dg.instance_for_test() as instance:
        result = job.execute_in_process(resources=resources, instance=instance, raise_on_error=False)
    assert not result.success
    (failure,) = [e for e in result.all_events if e.is_step_failure]
    error = failure.step_failure_data.error.cause
    assert failure.step_key == "night_plan" and error.cls_name == "SettingsError"
    assert "runs the rules extractor only, not 'llm'" in error.message
    assert not (tmp_path / "store").exists()
