"""Nights over the sample run by one writer or fanned out over shard groups (pipelines.night_groups), each step of a
grouped night optionally on a "host" of its own (its own work folder, as a pod or a worker on another machine has).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import timedelta
from pathlib import Path

from pipelines.extract.rules.engine import RulesExtractor
from pipelines.ingest.read import IngestDefaults
from pipelines.night_groups import GroupWork, stage_plan, stage_publish_groups, stage_write_group
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.resolve.decay import DecayParams
from pipelines.store.snapshots import SnapshotStore
from tests.support.raw_logs import NIGHT
from tests.support.seaweed import environment

SAMPLE = Path("data/sample")
GROUPS = 3  # over 8 shards: u_bob's shard 2 in g000, u_li's 3 in g001, u_alice's 6 and u_wang's 7 in g002
SNAPSHOT = ["memory_id", "content", "valid_from", "valid_to", "superseded_by", "merged_into", "recorded_version"]

# The context a step runs in, by step name ("plan", a group key, "publish"): one host for all by default
Host = Callable[[str], AbstractContextManager[object]]


def one_host(step: str) -> AbstractContextManager[object]:
    return nullcontext()


def hosts_under(folder: Path) -> Host:
    """Each step on a host of its own: its work folder (staging, lease, copies, caches) `folder/<step>`."""
    return lambda step: environment({"MEMORY_WORK_DIR": str(folder / step)})


def one_writer_night(raw, store, embedder, now):
    stage_validate(raw, store, IngestDefaults(), now)
    stage_extract(store, RulesExtractor(), embedder)
    stage_resolve(store, now)
    stage_decay(store, now.date(), DecayParams())
    return stage_publish(store, now, 14, {})


def grouped_night(raw, store, embedder, now, extractors=None, host: Host = one_host, run_key: str = "local"):
    with host("plan"):
        stage_validate(raw, store, IngestDefaults(), now, run_key=run_key, shared=True)
        plan = stage_plan(store, GROUPS, run_key=run_key)
    for key in plan["groups"]:
        extractor = (extractors or {}).get(key, RulesExtractor())
        with host(key):
            stage_write_group(store, key, GroupWork(extractor, embedder, now, now.date()), run_key=run_key)
    with host("publish"):
        return stage_publish_groups(store, now, now.date(), 14, {}, run_key=run_key)


def copy_days(raw: Path, first: int, last: int) -> None:
    """Days `first`..`last` (1-based, inclusive) of the sample into `raw`."""
    for folder in sorted(SAMPLE.iterdir())[first - 1 : last]:
        shutil.copytree(folder, raw / folder.name)


def two_nights(tmp_path, night, embedder, name, store: Path | str | None = None):
    """Days 1-5 of the sample, then days 6-10 a night later, into store `name` (8 shards) or `store`."""
    raw, store = tmp_path / f"raw-{name}", store or tmp_path / name
    copy_days(raw, 1, 5)
    night(raw, store, embedder, NIGHT)
    copy_days(raw, 6, 10)
    night(raw, store, embedder, NIGHT + timedelta(days=1))
    return SnapshotStore(store)


def assert_same_snapshot(mine: SnapshotStore, theirs: SnapshotStore, version: int | None = None) -> None:
    """Both stores hold the same version: memory ids, contents and valid times, turns, quarantine, and the figures
    and inputs their manifests record."""
    memories = [s.read_memories(version).select(SNAPSHOT).sort("memory_id") for s in (mine, theirs)]
    assert memories[0].height > 50 and memories[0].equals(memories[1])
    turns = [s.read_turns(version).sort("message_id") for s in (mine, theirs)]
    assert turns[0].equals(turns[1])
    assert mine.read_quarantine(version).height == theirs.read_quarantine(version).height
    for key in ("rows", "written_shards", "decay_day", "access_consumed", "embedding_model"):
        assert mine.manifest(version)[key] == theirs.manifest(version)[key], key
    checksums = [[f["sha256"] for f in s.manifest(version)["input_files"]] for s in (mine, theirs)]
    assert checksums[0] == checksums[1] != []
