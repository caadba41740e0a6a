"""A disk that fills up during a night: at every durable write (injected), and for real on a small tmpfs.
The night fails with the disk's error, the previous version stays current and sound, and once space is
back the next run makes the snapshot an uninterrupted night makes."""

import errno
import os
import shutil
import subprocess
import uuid

import pytest

from pipelines.store.doctor import diagnose
from pipelines.store.snapshots import SnapshotStore
from tests.faults.conftest import snapshot_rows
from tests.support.fault_night import FsyncFault, _disk_full, run_night

pytestmark = pytest.mark.slow


def _writes_in_a_night(two_nights, tmp_path) -> int:
    probe = tmp_path / "probe"
    shutil.copytree(two_nights["after_first"], probe)
    counter = FsyncFault(0, _disk_full)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", counter)
        run_night(two_nights["second_raw"], probe, "count")
    return counter.calls


def _assert_previous_version_serves(store) -> None:
    snapshots = SnapshotStore(store)
    assert snapshots.current_version() in (1, 2) and snapshots.read_memories().height > 0
    assert all("left by a killed writer" in line for line in diagnose(snapshots)), diagnose(snapshots)


def test_a_full_disk_at_every_write_loses_nothing(two_nights, tmp_path):
    expected = snapshot_rows(SnapshotStore(two_nights["reference"]).read_memories())
    writes = _writes_in_a_night(two_nights, tmp_path)
    assert writes >= 20
    for point in range(1, writes + 1):
        store = tmp_path / f"full-{point}"
        shutil.copytree(two_nights["after_first"], store)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(os, "fsync", FsyncFault(point, _disk_full))
            with pytest.raises(OSError) as failure:
                run_night(two_nights["second_raw"], store, f"full-{point}")
        assert failure.value.errno == errno.ENOSPC, point
        _assert_previous_version_serves(store)
        run_night(two_nights["second_raw"], store, f"after-{point}")
        assert snapshot_rows(SnapshotStore(store).read_memories()) == expected, point
        shutil.rmtree(store)


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MiB tmpfs (root may mount one here; skipped where it may not)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", str(mount)], check=True)


def _fill(mount, leave_bytes: int):
    ballast = mount / f"ballast-{uuid.uuid4().hex}"
    free = shutil.disk_usage(mount).free
    with open(ballast, "wb") as handle:
        handle.write(b"\0" * max(free - leave_bytes, 0))
    return ballast


@pytest.mark.parametrize("leave_kib", [0, 8, 32, 64, 96, 128, 192])
def test_a_really_full_disk(two_nights, small_disk, leave_kib):
    store = small_disk / "store"
    shutil.copytree(two_nights["after_first"], store)
    ballast = _fill(small_disk, leave_kib * 1024)
    try:
        run_night(two_nights["second_raw"], store, "on-a-full-disk")
    except Exception as exc:  # the disk's error, whichever library met it first
        assert "No space left on device" in str(exc) or getattr(exc, "errno", None) == errno.ENOSPC, exc
        _assert_previous_version_serves(store)
    ballast.unlink()
    run_night(two_nights["second_raw"], store, "space-again")
    expected = snapshot_rows(SnapshotStore(two_nights["reference"]).read_memories())
    assert snapshot_rows(SnapshotStore(store).read_memories()) == expected
