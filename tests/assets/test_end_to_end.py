"""The sample log through the real Dagster job (rules extractor, bundled e5 model), then recall and CLI."""

import json
import shutil
from datetime import datetime
from pathlib import Path

import dagster as dg
import polars as pl
import pytest

from assets.definitions import build_resources, defs
from assets.run import run_nightly
from pipelines.cli import main as memory_cli
from pipelines.recall.reader import MemoryReader
from pipelines.store.snapshots import SnapshotStore
from tests.support.raw_logs import UTC, message, write_raw

SAMPLE = "data/sample"
NIGHT = "2026-03-11T02:00:00+00:00"

pytestmark = pytest.mark.slow  # every test here starts a Dagster run or reads the store one built


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    root = tmp_path_factory.mktemp("e2e") / "store"
    with dg.instance_for_test() as instance:
        result = defs.resolve_job_def("nightly_memory_job").execute_in_process(
            resources=build_resources(store=str(root), raw_path=SAMPLE, run_as_of=NIGHT), instance=instance
        )
    assert result.success
    checks = result.get_asset_check_evaluations()
    assert len(checks) >= 8 and all(c.passed for c in checks), [(c.check_name, c.passed) for c in checks]
    return root


@pytest.fixture(scope="module")
def reader(store):
    return MemoryReader(store)


def test_recall_answers_beijing_not_shanghai(reader):
    found = reader.recall("u_li", "我现在住在哪里？", k=5)
    contents = " | ".join(m.content for m in found)
    assert "北京" in found[0].content, contents
    assert "上海" not in contents


def test_as_of_before_the_move_answers_shanghai(reader):
    found = reader.recall("u_li", "我住在哪里？", k=1, kinds=["fact"], as_of=datetime(2026, 3, 2, tzinfo=UTC))
    assert "上海" in found[0].content


def test_two_invoice_requests_stay_two_memories(store):
    memories = SnapshotStore(store).read_memories()
    invoices = memories.filter((pl.col("user_id") == "u_li") & (pl.col("topic") == "invoice"))
    assert invoices.height == 2
    assert set(invoices["session_id"]) == {"s-li-03", "s-li-04"}


def test_message_written_twice_is_one_episode(store):
    episodes = SnapshotStore(store).read_memories().filter(pl.col("kind") == "episode")
    assert episodes.filter(pl.col("source_message_ids").list.contains("s-alice-03:1")).height == 1


def test_bad_rows_are_quarantined_with_file_row_and_reason(store):
    quarantine = SnapshotStore(store).read_quarantine()
    assert sorted(quarantine["reason"].to_list()) == ["null or empty content", "unknown role: narrator"]
    assert all("data/sample/date=" in f for f in quarantine["input_file"])


def test_rerun_on_same_input_publishes_nothing_new(store, tmp_path, capsys):
    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    assert memory_cli(["materialize", "--raw", SAMPLE, "--store", str(copy), "--run-as-of", NIGHT]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "nothing new: no new input files, and the memories and their decay day (2026-03-11) are version 1's: "
        f"nothing published, version 1 stays current in {copy}",
        "  asset checks: 11/11 passed",
    ]
    assert SnapshotStore(copy).versions() == [1] and not (copy / "writer.lease").exists()
    report = run_nightly(raw=SAMPLE, store=copy, run_as_of="2026-03-12T02:00:00+00:00")  # the next night decays
    assert report.success and report.published and report.version == 2
    again = SnapshotStore(copy)
    assert again.manifest()["input_files"] == [] and again.manifest()["decay_day"] == "2026-03-12"
    unchanged = pl.exclude("strength")
    assert again.read_memories(2).select(unchanged).equals(again.read_memories(1).select(unchanged))


def test_a_first_night_without_input_succeeds_and_publishes_nothing(tmp_path):
    (tmp_path / "raw").mkdir()
    resources = build_resources(store=str(tmp_path / "store"), raw_path=str(tmp_path / "raw"), run_as_of=NIGHT)
    with dg.instance_for_test() as instance:  # as the schedule or the UI runs it on an empty raw folder
        result = defs.resolve_job_def("nightly_memory_job").execute_in_process(resources=resources, instance=instance)
    assert result.success and all(check.passed for check in result.get_asset_check_evaluations())
    metadata = result.asset_materializations_for_node("memory_snapshot")[-1].metadata
    assert metadata["published"].value is False
    assert metadata["nothing_published"].value == "nothing new: no input files and no snapshot yet"
    assert SnapshotStore(tmp_path / "store").versions() == []


def test_recall_on_a_read_only_copy(store, tmp_path):
    copy = tmp_path / "ro"
    shutil.copytree(store, copy, ignore=shutil.ignore_patterns("staging", "cache", "writer.lock"))
    for path in [*copy.rglob("*"), copy]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    assert "北京" in MemoryReader(copy).recall("u_li", "我住在哪里", k=1)[0].content


def test_cli_recall_and_snapshots_json(store, capsys):
    assert (
        memory_cli(
            [
                "recall",
                "--store",
                str(store),
                "--user",
                "u_alice",
                "--query",
                "how should answers be formatted?",
                "--json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert (
        rows
        and {"memory_id", "kind", "topic", "content", "score", "valid_from", "valid_to", "source_message_ids"}
        <= rows[0].keys()
    )
    assert all(r["user_id"] == "u_alice" for r in rows)
    assert memory_cli(["snapshots", "--store", str(store), "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing[-1]["version"] == 1 and listing[-1]["parent"] is None and listing[-1]["rows"] > 150


def test_broken_file_fails_the_run_naming_file_and_column_and_keeps_previous(store, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    bad = write_raw(
        tmp_path / "raw/date=2026-03-12/bad.parquet",
        [{k: v for k, v in message("z", 1, "hi", datetime(2026, 3, 12, tzinfo=UTC)).items() if k != "ts"}],
    )
    report = run_nightly(raw=bad.parent.parent, store=copy, run_as_of=NIGHT)
    assert not report.success
    assert "bad.parquet: missing required column(s) ts" in report.error
    assert SnapshotStore(copy).current_version() == 1
    assert "北京" in MemoryReader(copy).recall("u_li", "我住在哪里", k=1)[0].content


def test_materialize_on_a_locked_store_is_one_line_and_verbose_shows_the_run_log(store, tmp_path, capsys):
    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    argv = ["materialize", "--raw", SAMPLE, "--store", str(copy), "--run-as-of", NIGHT]
    with SnapshotStore(copy).writer_lock("another nightly run"):  # the flock: caught inside the Dagster run
        assert memory_cli(argv) == 2
        quiet = capsys.readouterr()
        assert memory_cli([*argv, "--verbose"]) == 2
        verbose = capsys.readouterr().err
    assert quiet.out == "" and quiet.err.count("\n") == 1
    assert quiet.err.startswith(f"memory: {copy}: the store is locked by another writer (another nightly run")
    assert "Traceback" in verbose and verbose.endswith(quiet.err)


def test_locked_store_is_reported(store, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    with SnapshotStore(copy).writer_lock("another nightly run"):
        report = run_nightly(raw=SAMPLE, store=copy, run_as_of=NIGHT)
    assert not report.success and "locked by another writer (another nightly run" in report.error
    assert SnapshotStore(copy).current_version() == 1


def test_both_time_axes_and_topic_history(store, tmp_path, capsys):
    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    moved = datetime(2026, 3, 12, 9, tzinfo=UTC)
    raw = write_raw(
        tmp_path / "raw/date=2026-03-12/part-0.parquet",
        [message("s-li-09", 1, "我搬到深圳了", moved, user="u_li", agent="support_bot")],
    )
    # the night after the message (a row dated after the run's time is quarantined as a wrong clock)
    report = run_nightly(raw=raw.parent.parent, store=copy, run_as_of="2026-03-13T02:00:00+00:00")
    assert report.success and report.version == 2
    reader = MemoryReader(copy)
    assert "深圳" in reader.recall("u_li", "我住在哪里", k=1, kinds=["fact"])[0].content
    # valid time: what was true on 5 March; transaction time: what the system knew on 11 March
    assert (
        "北京"
        in reader.recall("u_li", "我住在哪里", k=1, kinds=["fact"], as_of=datetime(2026, 3, 5, tzinfo=UTC))[0].content
    )
    assert (
        memory_cli(
            [
                "recall",
                "--store",
                str(copy),
                "--user",
                "u_li",
                "--query",
                "我住在哪里",
                "-k",
                "1",
                "--kinds",
                "fact",
                "--known-at",
                "2026-03-11T12:00:00+00:00",
                "--json",
            ]
        )
        == 0
    )
    assert "北京" in json.loads(capsys.readouterr().out)[0]["content"]
    assert memory_cli(["history", "--store", str(copy), "--user", "u_li", "--topic", "residence", "--json"]) == 0
    timeline = json.loads(capsys.readouterr().out)
    assert [(r["content"], r["status"], r["recorded_version"], r["retired_version"]) for r in timeline] == [
        ("用户住在上海", "superseded", 1, 1),
        ("用户住在北京", "superseded", 1, 2),
        ("用户住在深圳", "current", 2, None),
    ]
    assert timeline[1]["valid_to"] == "2026-03-12T09:00:00+00:00"
    assert memory_cli(["history", "--store", str(copy), "--user", "u_li", "--topic", "residence"]) == 0
    printed = capsys.readouterr().out
    assert "2026-03-03T10:00:00+00:00 → 2026-03-12T09:00:00+00:00  superseded" in printed and "用户住在北京" in printed


def test_seed_story_shanghai_recorded_late_never_overrides_beijing(tmp_path):
    raw, root = tmp_path / "raw", tmp_path / "store"
    days = sorted(p.name for p in Path(SAMPLE).iterdir())
    for night, upto in enumerate(["date=2026-03-03", days[-1]], start=1):
        for day in days:
            if day <= upto and not (raw / day).exists():
                shutil.copytree(Path(SAMPLE) / day, raw / day)
        assert run_nightly(raw=raw, store=root, run_as_of=f"2026-03-1{night}T02:00:00+00:00").success
    residence = (
        SnapshotStore(root)
        .read_memories()
        .filter((pl.col("user_id") == "u_li") & (pl.col("topic") == "residence"))
        .sort("valid_from")
    )
    assert residence.select("content", "recorded_version", "valid_to").rows() == [
        ("用户住在上海", 2, datetime(2026, 3, 3, 10, tzinfo=UTC)),  # said first, recorded a night later
        ("用户住在北京", 1, None),
    ]
    reader = MemoryReader(root)
    assert "北京" in reader.recall("u_li", "我住在哪里", k=1, kinds=["fact"])[0].content
    assert (
        "上海"
        in reader.recall("u_li", "我住在哪里", k=1, kinds=["fact"], as_of=datetime(2026, 3, 2, tzinfo=UTC))[0].content
    )
