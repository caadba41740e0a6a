"""`memory_day_job` loads one day's raw folder per partition: the sample's days in a shuffled order, one of them twice
and a day without a folder, publish the memories one in-order nightly run publishes. The nightly run's snapshot
metadata is checked here too (numbers the UI plots)."""

import dagster as dg
import pytest

from assets.definitions import build_resources, defs
from pipelines.store.snapshots import SnapshotStore

SAMPLE = "data/sample"
NIGHT = "2026-03-11T02:00:00+00:00"
DAYS = ["2026-03-07", "2026-03-02", "2026-03-10", "2026-03-05", "2026-03-01", "2026-03-09", "2026-03-03", "2026-03-08"]
DAYS += ["2026-03-06", "2026-03-04", "2026-03-05", "2026-03-11"]  # 03-05 again; 03-11 has no folder
# transaction time differs by design: a day loaded later is recorded (and retired) in a later version
TRANSACTION = ["recorded_version", "retired_version"]

pytestmark = pytest.mark.slow  # Dagster runs over the sample with the bundled e5 model


def _run(job_name: str, store, instance, partition_key: str | None = None) -> dg.ExecuteInProcessResult:
    resources = build_resources(store=str(store), raw_path=SAMPLE, run_as_of=NIGHT)
    job = defs.resolve_job_def(job_name)
    result = job.execute_in_process(resources=resources, instance=instance, partition_key=partition_key)
    assert result.success and all(check.passed for check in result.get_asset_check_evaluations())
    return result


@pytest.fixture(scope="module")
def in_order(tmp_path_factory):
    store = tmp_path_factory.mktemp("in_order") / "store"
    with dg.instance_for_test() as instance:
        result = _run("nightly_memory_job", store, instance)
    return store, result.asset_materializations_for_node("memory_snapshot")[-1].metadata


def test_days_out_of_order_and_twice_publish_what_one_in_order_load_does(in_order, tmp_path):
    by_day = tmp_path / "store"
    with dg.instance_for_test() as instance:
        published = []
        for day in DAYS:
            result = _run("memory_day_job", by_day, instance, partition_key=day)
            assert result.dagster_run.tags["dagster/partition"] == day
            published.append(result.asset_materializations_for_node("memory_snapshot")[-1].metadata["published"].value)
    assert published == [True] * 10 + [False, False]  # a day loaded again, and one without files: nothing new
    expected = SnapshotStore(in_order[0]).read_memories().drop(TRANSACTION).sort("memory_id")
    assert SnapshotStore(by_day).read_memories().drop(TRANSACTION).sort("memory_id").equals(expected)
    assert SnapshotStore(by_day).read_quarantine().height == SnapshotStore(in_order[0]).read_quarantine().height


def test_the_snapshot_metadata_is_numbers_per_kind_per_night_and_strength(in_order):
    _store, metadata = in_order
    kinds = ["fact", "preference", "skill", "task", "decision", "episode"]
    numeric = [*(f"kind/{k}" for k in kinds), *(f"current/{k}" for k in kinds), "night/new", "night/superseded"]
    numeric += ["night/expired", "night/merged", "strength/mean", "strength/min", "strength/p10", "strength/p50"]
    numeric += ["strength/p90", "strength/0.3-0.5", "strength/0.5-0.7", "strength/0.7-0.9", "strength/0.9-1.0"]
    for key in numeric:
        assert isinstance(metadata[key], dg.IntMetadataValue | dg.FloatMetadataValue), key
    assert metadata["night/new"].value == metadata["dagster/row_count"].value  # the first night: every row is new
    # 10: "我用 DuckDB 分析过销售数据" three minutes after "我是产品经理" is talk, not a new title (afterword_hours);
    # one tentative employer reading ("抬头写公司名") closes at the next ("…周报发给老板")
    assert metadata["night/superseded"].value == 10
    assert sum(metadata[f"current/{k}"].value for k in kinds) == metadata["current"].value
    assert "@" not in metadata["preview"].value  # alice's address is in the sample: masked
    assert "[email]" in metadata["preview"].value


def test_every_asset_shows_its_column_schema():
    graph = defs.resolve_asset_graph()
    for key in graph.get_all_asset_keys():
        schema = graph.get(key).metadata["dagster/column_schema"]
        assert isinstance(schema, dg.TableSchema) and schema.columns, key
    memory_columns = [
        column.name for column in graph.get(dg.AssetKey("memory_snapshot")).metadata["dagster/column_schema"].columns
    ]
    assert memory_columns[:4] == ["memory_id", "agent_id", "user_id", "kind"] and "valid_to" in memory_columns
