"""The ETL benchmark's harness: its work folder, the store its third night runs over, one tiny end-to-end run."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bench.etl_bench import prepared_work
from bench.etl_night import dagster_home, run_night
from bench.synthetic_store import MULTI_VALUED_TOPICS, generate
from pipelines.resolve.invariants import one_current_per_single_topic
from pipelines.store.snapshots import SnapshotStore

ROOT = Path(__file__).resolve().parents[2]


def test_the_work_folder_is_cleared_of_a_previous_run_but_never_of_anything_else(tmp_path):
    (tmp_path / "raw" / "date=2026-02-01").mkdir(parents=True)
    (tmp_path / "night1.log").write_text("published version 1")
    assert prepared_work(tmp_path) == tmp_path and list(tmp_path.iterdir()) == []
    (tmp_path / "store").mkdir()
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SystemExit, match=r"notes\.txt"):
        prepared_work(tmp_path)
    assert (tmp_path / "notes.txt").exists() and (tmp_path / "store").exists()


def test_the_night_over_a_generated_store_starts_from_a_store_as_resolution_leaves_it(tmp_path):
    generate(tmp_path / "settled", total=3000, target=1000, per_user=1000, topics=MULTI_VALUED_TOPICS)
    assert one_current_per_single_topic(SnapshotStore(tmp_path / "settled").read_memories()).passed
    generate(tmp_path / "recall", total=3000, target=1000, per_user=1000)  # the recall bench's: conflicts left
    assert not one_current_per_single_topic(SnapshotStore(tmp_path / "recall").read_memories()).passed


@pytest.mark.slow
def test_a_night_that_fails_says_why_and_times_only_what_ran(tmp_path):
    (tmp_path / "raw").mkdir()
    night = run_night(
        tmp_path / "raw",
        tmp_path / "store",
        dagster_home(tmp_path),
        datetime(2026, 2, 2, 2, tzinfo=UTC),
        0,
        tmp_path / "night.log",
    )
    assert night.error is not None and night.error.startswith("exit 2: memory:") and "no Parquet files" in night.error
    assert list(night.stages) == ["outside_run"] and night.stages["outside_run"] == night.seconds > 0


@pytest.mark.slow
def test_the_bench_runs_three_tiny_nights_and_prints_its_lines(tmp_path):
    command = [sys.executable, str(ROOT / "bench" / "etl_bench.py"), "--messages", "80", "--users", "8"]
    command += ["--store-memories", "3000", "--store-per-user", "1000", "--store-messages", "40"]
    out = subprocess.run([*command, "--out", str(tmp_path / "etl")], capture_output=True, text=True, check=True).stdout
    lines = out.strip().splitlines()
    etl_line = next((line for line in lines if line.startswith("etl ")), "")  # printed before the store night
    store_line, naive_line = lines[-2:]
    etl = re.fullmatch(r"etl msgs_per_min=(\d+) night2_s=([\d.]+) night2_share=([\d.]+) peak_rss_mb=(\d+)", etl_line)
    assert etl and all(float(figure) > 0 for figure in etl.groups()), out
    store = re.fullmatch(
        r"etl_1m night_s=([\d.]+) peak_rss_mb=(\d+) new_msgs=40 store_memories=3000 per_user=1000 "
        r"store_s=([\d.]+) embed_s=([\d.]+)",
        store_line,
    )
    assert store and all(float(figure) > 0 for figure in store.groups()), out
    assert float(store[3]) + float(store[4]) == pytest.approx(float(store[1]), abs=0.2), out
    naive = re.fullmatch(
        r"etl_1m_naive resolve_s=([\d.]+) naive_resolve_s=([\d.]+) ratio=([\d.]+) naive_peak_rss_mb=(\d+)", naive_line
    )
    assert naive and all(float(figure) > 0 for figure in naive.groups()), out
    # each night's seconds per stage come from its run's event log: its assets in turn, their checks summed
    breakdowns = [dict(re.findall(r"(\w+)=([\d.]+)", line)) for line in re.findall(r"seconds per stage: (.*)", out)]
    assert len(breakdowns) == 3, out
    for stages in breakdowns:
        assert {"outside_run", "raw_messages", "memory_candidates", "between_steps"} <= stages.keys(), out
        assert float(stages["checks"]) > 0 and not [s for s in stages for t in stages if s.startswith(t + "_")], out


@pytest.mark.slow
def test_the_store_only_run_prints_the_store_night_alone(tmp_path):
    command = [sys.executable, str(ROOT / "bench" / "etl_bench.py"), "--store-only", "--store-memories", "200"]
    command += ["--store-per-user", "100", "--store-messages", "6", "--out", str(tmp_path / "etl")]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert "night1" not in out and "etl msgs_per_min" not in out, out
    assert re.search(r"^etl_1m night_s=[\d.]+ .*new_msgs=6 store_memories=200 per_user=100 ", out, re.M), out
    assert re.search(r"^etl_1m_naive resolve_s=[\d.]+ naive_resolve_s=[\d.]+ ", out, re.M), out
