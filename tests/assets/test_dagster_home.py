"""Tests record their Dagster runs in a temporary instance, never in the $DAGSTER_HOME the developer exported.

`memory materialize` records its run in $DAGSTER_HOME's instance (assets/run.py), and `make test` exports the
repo's .dagster_home: the session fixture in tests/conftest.py must win over it.
"""

import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import dagster as dg
import pytest

from pipelines.cli import main as memory_cli
from tests.support.raw_logs import UTC, message, write_raw

REPO = Path(__file__).resolve().parents[2]


def _tree(root: Path | None) -> dict[str, tuple[int, int]]:
    if root is None or not root.exists():
        return {}
    return {p.relative_to(root).as_posix(): (p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*")}


@pytest.mark.slow
def test_cli_materialize_records_its_run_in_the_session_instance_only(tmp_path, dagster_home, outer_dagster_home):
    outer_before = _tree(outer_dagster_home)
    assert Path(os.environ["DAGSTER_HOME"]) == dagster_home != outer_dagster_home
    with dg.DagsterInstance.get() as instance:
        runs_before = instance.get_runs_count()
    raw = write_raw(
        tmp_path / "raw/date=2026-03-10/part-0.parquet",
        [message("s1", 1, "I live in Boston", datetime(2026, 3, 10, 9, tzinfo=UTC))],
    )
    assert (
        memory_cli(
            [
                "materialize",
                "--raw",
                str(raw.parent.parent),
                "--store",
                str(tmp_path / "store"),
                "--run-as-of",
                "2026-03-11T02:00:00+00:00",
            ]
        )
        == 0
    )
    with dg.DagsterInstance.get() as instance:
        assert Path(instance.root_directory) == dagster_home
        assert instance.get_runs_count() == runs_before + 1
    assert _tree(outer_dagster_home) == outer_before


@pytest.mark.slow
def test_a_dagster_home_exported_before_pytest_starts_is_left_untouched(tmp_path):
    exported = tmp_path / "exported_home"  # what `make test` exports: a home with the repo's dagster.yaml
    exported.mkdir()
    shutil.copy(REPO / "dagster.yaml", exported / "dagster.yaml")
    inner = f"{Path(__file__).relative_to(REPO)}::test_cli_materialize_records_its_run_in_the_session_instance_only"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--basetemp", str(tmp_path / "inner"), inner],
        cwd=REPO,
        env={**os.environ, "DAGSTER_HOME": str(exported)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
    assert sorted(p.name for p in exported.rglob("*")) == ["dagster.yaml"]
