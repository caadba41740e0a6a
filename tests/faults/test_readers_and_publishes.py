"""Readers in many processes while the nightly job publishes and prunes: no reader ever sees an error, and
pruning never deletes a version a reader has open."""

import json
import shutil
import subprocess
import sys
import time

import pytest

from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.recall.reader import MemoryReader
from pipelines.resolve.decay import DecayParams
from pipelines.store.snapshots import SnapshotStore
from tests.faults.conftest import REPO
from tests.support.fault_night import run_night
from tests.support.raw_logs import MAR, message, write_raw
from tests.support.scripted_night import ScriptedExtractor

READERS, PUBLISHES = 20, 10


def _a_move(raw, night: int) -> None:
    write_raw(raw / f"move-{night}.parquet", [message(f"m{night}", 1, f"我搬到城市{night}号了", MAR(11), user="u_li")])


@pytest.mark.slow
def test_twenty_readers_through_ten_publishes_see_no_error(two_nights, tmp_path):
    store, raw, stop = tmp_path / "store", tmp_path / "raw", tmp_path / "stop"
    shutil.copytree(two_nights["after_first"], store)
    shutil.copytree(two_nights["second_raw"], raw)
    readers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.support.recall_loop", str(store), str(stop)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(READERS)
    ]
    try:
        time.sleep(3)  # the readers are up and recalling
        pruned = []
        for night in range(PUBLISHES):
            _a_move(raw, night)
            pruned += run_night(raw, store, f"night-{night}").pruned
    finally:
        stop.touch()
        results = [json.loads(reader.communicate(timeout=120)[0]) for reader in readers]
    assert sum(r["error_count"] for r in results) == 0, [r["errors"] for r in results if r["errors"]]
    assert all(r["recalls"] > 0 for r in results)
    assert max(r["versions"] for r in results) >= 3  # they read across publishes
    assert len(SnapshotStore(store).versions()) <= 2 + READERS  # pruning went on, pinned versions aside
    assert pruned


def _night_keeping_one(raw, store, embedder, day: int) -> list[int]:
    now = MAR(day, 23)
    write_raw(raw / f"day-{day}.parquet", [message(f"d{day}", 1, "I prefer tables", MAR(day))])
    stage_validate(raw, store, IngestDefaults(), now)
    stage_extract(store, ScriptedExtractor(), embedder)
    stage_resolve(store, now)
    stage_decay(store, now.date(), DecayParams())
    return stage_publish(store, now, 1, {}).pruned


def test_prune_never_removes_a_version_a_reader_has_open(store, embedder):
    raw = store.parent / "raw"
    reader = MemoryReader(store, embedder=embedder)
    reader.recall("u1", "where do I live", k=1)  # serves version 1, and pins it
    for day in (12, 13, 14):
        _night_keeping_one(raw, store, embedder, day)
    assert SnapshotStore(store).versions() == [1, 4]  # 2 and 3 pruned; 1 is still being read
    assert reader.recall("u1", "where do I live", k=1)  # moves on to version 4 and lets go of 1
    assert _night_keeping_one(raw, store, embedder, 15) == [1]  # 4 is the one being read now
    reader.close()
    assert _night_keeping_one(raw, store, embedder, 16) == [4, 5]
