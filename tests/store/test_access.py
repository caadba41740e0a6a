"""Reinforcement from use: recall appends access events; the nightly decay folds each in exactly once."""

import json
from datetime import timedelta

import polars as pl
import pytest

from pipelines.recall.reader import MemoryReader
from pipelines.resolve.decay import DecayParams, decay, reinforce
from pipelines.store.access import AccessLog, read_new_events
from tests.support.memory_rows import RECORDED, publish, row
from tests.support.raw_logs import NIGHT
from tests.support.scripted_night import nightly


def test_access_recording_is_off_by_default_and_on_by_argument_or_env(tmp_path, embedder, monkeypatch):
    snapshot = publish(tmp_path, [row("User likes tables.")])
    monkeypatch.delenv("MEMORY_RECORD_ACCESS", raising=False)
    MemoryReader(tmp_path, embedder).recall("u1", "tables", as_of=RECORDED)
    assert not (tmp_path / "access").exists()

    found = MemoryReader(tmp_path, embedder, record_access=True).recall("u1", "tables")
    monkeypatch.setenv("MEMORY_RECORD_ACCESS", "1")
    MemoryReader(tmp_path, embedder).recall("u1", "tables")
    (path,) = (tmp_path / "access").glob("*/*.jsonl")  # one file per process and day
    events = [json.loads(line) for line in path.read_text().splitlines()]
    assert [e["memory_ids"] for e in events] == [[found[0].memory_id]] * 2
    assert events[0]["user_id"] == "u1" and events[0]["process"] == path.stem
    assert not list(snapshot.snapshots.rglob("*.jsonl"))  # never inside a snapshot


def test_each_access_decays_to_its_day_then_moves_strength_toward_one():
    memories = pl.DataFrame([row("a", message_id="a"), row("b", message_id="b")]).cast(
        {"strength_at_access": pl.Float64, "last_accessed": pl.Datetime("us", "UTC")}
    )
    day10 = RECORDED + timedelta(days=10, hours=5)
    events = pl.DataFrame(
        {"memory_id": [memories["memory_id"][0]] * 2, "accessed_at": [day10, day10], "process": ["p", "p"]}
    )
    out = reinforce(memories, events, DecayParams()).sort("source_message_ids")
    once = max(0.3, 0.95**10) * 0.95 + 0.05
    assert out["strength_at_access"][0] == pytest.approx(once * 0.95 + 0.05)
    assert out["access_count"].to_list() == [2, 0]
    assert out["last_accessed"][0] == day10
    assert out["strength_at_access"][1] is None
    later = decay(out, (day10 + timedelta(days=2)).date())
    assert later["strength"][0] == pytest.approx((once * 0.95 + 0.05) * 0.95**2)


def test_a_line_still_being_written_waits_for_the_next_read(tmp_path):
    log = AccessLog(tmp_path)
    path = log.append("u1", None, ["m1"], at=RECORDED)
    with open(path, "a") as handle:
        handle.write('{"at": "2026-03-01T00:00:00+00:00", "memory_ids": ["m2"')
    events, offsets = read_new_events(tmp_path, {})
    assert events["memory_id"].to_list() == ["m1"]
    with open(path, "a") as handle:
        handle.write("]}\n")
    events, _ = read_new_events(tmp_path, offsets)
    assert events["memory_id"].to_list() == ["m2"]


def test_nightly_decay_consolidates_access_events_exactly_once(store, embedder, tmp_path):
    reader = MemoryReader(store, embedder, record_access=True)
    (tables,) = reader.recall("u1", "tables", k=1, kinds=["preference"])
    AccessLog(store).append("u1", None, [tables.memory_id], at=NIGHT + timedelta(hours=1))
    for night in (1, 2):  # the second night finds no new events and must not count them again
        nightly(tmp_path / "raw", store, embedder, now=NIGHT + timedelta(days=night))
        current = reader.store.read_memories().filter(pl.col("memory_id") == tables.memory_id)
        assert current["access_count"].item() == 2
    manifest = reader.store.manifest()
    assert sum(manifest["access_consumed"].values()) == sum(
        p.stat().st_size for p in (store / "access").rglob("*.jsonl")
    )
    anchor = current["last_accessed"].item()
    assert anchor >= NIGHT  # the real-time recall of this test runs later than the fixed clock
    assert current["strength"].item() <= current["strength_at_access"].item() <= 1.0
