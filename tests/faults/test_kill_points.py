"""kill -9 at points spread over a whole night, then an unattended next run: it succeeds, and the snapshot
equals the one an uninterrupted night makes. Between the two, readers always find a sound version."""

import shutil
import subprocess
import sys

import pytest

from pipelines.store.doctor import diagnose
from pipelines.store.snapshots import SnapshotStore
from tests.faults.conftest import REPO, snapshot_rows
from tests.support.fault_night import run_night

pytestmark = pytest.mark.slow


def _night_process(raw, store, run_key, *flags):
    command = [sys.executable, "-m", "tests.support.fault_night", str(raw), str(store), run_key, *flags]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)


def _kill_points(total: int, wanted: int = 24) -> list[int]:
    return sorted({1 + round(i * (total - 1) / (wanted - 1)) for i in range(wanted)})


def test_a_night_killed_anywhere_is_finished_by_the_next_run(two_nights, tmp_path):
    probe = tmp_path / "probe"
    shutil.copytree(two_nights["after_first"], probe)
    counted = _night_process(two_nights["second_raw"], probe, "count", "--count")
    assert counted.returncode == 0, counted.stderr
    points = _kill_points(int(counted.stdout))
    assert len(points) >= 20
    expected = snapshot_rows(SnapshotStore(two_nights["reference"]).read_memories())
    for point in points:
        store = tmp_path / f"killed-{point}"
        shutil.copytree(two_nights["after_first"], store)
        killed = _night_process(two_nights["second_raw"], store, f"killed-{point}", "--kill-at", str(point))
        assert killed.returncode == -9, (point, killed.stderr[-500:])
        snapshots = SnapshotStore(store)
        assert snapshots.current_version() in (1, 2) and snapshots.read_memories().height > 0, point
        assert all("left by a killed writer" in line for line in diagnose(snapshots)), (point, diagnose(snapshots))
        run_night(two_nights["second_raw"], store, f"next-{point}")  # unattended: nobody repairs anything
        assert snapshot_rows(SnapshotStore(store).read_memories()) == expected, point
        assert diagnose(SnapshotStore(store)) == [], point
