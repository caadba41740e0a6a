"""`memory forget`: after two nights, recalls, caches and a backlog, no file of the store holds the user's words
or id; another user's recall is unchanged; a re-ingest of their raw rows is dropped and counted."""

from __future__ import annotations

from datetime import timedelta

import dagster as dg
import duckdb
import polars as pl
import pytest

from assets.forget import forget_user_job
from assets.preview import markdown_preview
from assets.resources import MemoryStoreResource
from pipelines.cli import main
from pipelines.core.schemas import ExtractedMemory, Kind
from pipelines.extract.llm.answer_cache import ExtractionCache
from pipelines.extract.llm.backlog import BACKLOG_SCHEMA
from pipelines.recall.reader import MemoryReader
from pipelines.store.doctor import diagnose
from pipelines.store.snapshots import SnapshotStore
from tests.support.forget_nights import HER_WORDS, ZOE, two_nights_of_zoe, zoe_rows
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly


@pytest.fixture
def lived_in(tmp_path, embedder):
    """Two nights of Zoe and u2, recalls recorded between them, a cached model answer and a backlog row each."""
    raw, store = tmp_path / "raw", tmp_path / "store"
    two_nights_of_zoe(raw, store, embedder)
    cache = ExtractionCache(store / "cache" / "extractions.parquet")
    for sid, user_text in (("z1:1", "User lives in Timbuktu."), ("s1:1", "User lives in Beijing.")):
        memory = ExtractedMemory(
            kind=Kind.FACT,
            topic="residence",
            content=user_text,
            confidence=0.9,
            valid_from=MAR(2),
            source_message_ids=[sid],
        )
        cache.put("m", "p1", f"hash-{sid}", [memory], 10, 5)
    cache.save()
    backlog = pl.DataFrame(
        [_backlog_row(ZOE, "z1:1", "Timbuktu window"), _backlog_row("u2", "s1:1", "Beijing window")],
        schema=BACKLOG_SCHEMA,
    )
    (store / "llm").mkdir()
    backlog.write_parquet(store / "llm" / "pending_windows.parquet")
    return store


def _backlog_row(user: str, message_id: str, text: str) -> dict:
    return {
        "window_hash": f"w-{message_id}",
        "agent_id": "bot",
        "user_id": user,
        "session_id": message_id.split(":")[0],
        "message_ids": [message_id],
        "status": "deferred",
        "reason": "run cap",
        "raw_answer": "",
        "attempts": 0,
        "first_seen": NIGHT,
        "last_tried": NIGHT,
        "window_json": f'{{"text": "{text}"}}',
    }


def _recall_u2(store) -> list[tuple]:
    found = MemoryReader(store, HashingEmbedder()).recall("u2", "where do I live and how do I like answers", k=5)
    return [(m.memory_id, m.content, round(m.score, 6)) for m in found]


def _traces_left(store, words: list[str]) -> list[str]:
    """Every file of the store whose raw bytes, or (for Parquet) whose decoded rows, contain one of `words`."""
    found = []
    for path in sorted(p for p in store.rglob("*") if p.is_file()):
        data = path.read_bytes()
        text = data.decode("utf-8", errors="replace")
        if path.suffix == ".parquet":
            rows = duckdb.sql(f"SELECT * FROM read_parquet('{path}')").fetchall()
            text += repr(rows)
        found += [f"{path.relative_to(store)}: {word}" for word in words if word.encode() in data or word in text]
    return found


def test_forget_leaves_no_trace_and_other_users_unchanged(lived_in, capsys):
    store = lived_in
    assert _traces_left(store, HER_WORDS)  # the search finds her before the forget: it can fail
    before = _recall_u2(store)
    assert main(["forget", "--store", str(store), "--user", ZOE]) == 0
    out = capsys.readouterr().out
    # her one quarantined row is kept once for both versions (a night's quarantine is a segment they share)
    assert "versions rewritten [1, 2]" in out and "access events 2" in out and "quarantined rows 1" in out
    assert _traces_left(store, HER_WORDS) == []
    assert _recall_u2(store) == before
    assert diagnose(SnapshotStore(store)) == []  # manifests resealed: every checksum matches
    snapshots = SnapshotStore(store)
    assert snapshots.read_memories(1).filter(pl.col("user_id") == "u2").height > 0
    assert pl.read_parquet(store / "cache" / "extractions.parquet")["window_hash"].to_list() == ["hash-s1:1"]
    assert pl.read_parquet(store / "llm" / "pending_windows.parquet")["user_id"].to_list() == ["u2"]


def test_a_reader_open_across_the_forget_stops_serving_her(lived_in):
    reader = MemoryReader(lived_in, HashingEmbedder())
    assert reader.recall(ZOE, "where do I live", k=3)  # her rows are loaded and cached
    assert main(["forget", "--store", str(lived_in), "--user", ZOE]) == 0
    assert reader.recall(ZOE, "where do I live", k=3) == []
    assert reader.recall("u2", "where do I live", k=3)  # the rewritten version still serves everyone else
    reader.close()


def test_a_reingest_of_her_raw_rows_is_dropped_and_counted(lived_in, embedder):
    assert main(["forget", "--store", str(lived_in), "--user", ZOE]) == 0
    raw = lived_in.parent / "raw"
    write_raw(raw / "backfill.parquet", [*zoe_rows(" again"), message("s9", 1, "I prefer tea", MAR(9), user="u2")])
    nightly(raw, lived_in, embedder, now=NIGHT + timedelta(days=2))
    store = SnapshotStore(lived_in)
    assert store.manifest()["forgotten_rows_this_run"] == 3
    assert store.read_memories().filter(pl.col("user_id") == ZOE).is_empty()
    assert store.read_memories().filter(pl.col("content").str.contains("tea")).height > 0
    assert _traces_left(lived_in, HER_WORDS) == []


def test_forget_under_one_agent_keeps_her_rows_under_another(tmp_path, embedder):
    raw, root = tmp_path / "raw", tmp_path / "store"
    write_raw(
        raw / "a.parquet",
        [
            message("a1", 1, "Timbuktu here", MAR(2), user=ZOE),
            message("b1", 1, "Quokka there", MAR(2), user=ZOE, agent="other"),
        ],
    )
    nightly(raw, root, embedder)
    assert main(["forget", "--store", str(root), "--user", ZOE, "--agent", "bot"]) == 0
    left = SnapshotStore(root).read_memories()["content"].to_list()
    assert left == ["Quokka there"]


def test_the_dagster_job_forgets(lived_in):
    result = forget_user_job.execute_in_process(
        run_config={"ops": {"forget_tenant": {"config": {"user_id": ZOE}}}},
        resources={"store": MemoryStoreResource(root=str(lived_in))},
        instance=dg.DagsterInstance.ephemeral(),
    )
    assert result.success
    assert _traces_left(lived_in, HER_WORDS[:4]) == []


def test_previews_mask_ids_emails_and_phones():
    frame = pl.DataFrame(
        {"user_id": [ZOE], "content": ["Mail zoe.w@example.org or call +1 (555) 010-4477, not 2026"], "topic": ["x"]}
    )
    shown = markdown_preview(frame)
    assert ZOE not in shown and "zoe.w@example.org" not in shown and "010-4477" not in shown
    assert "[email]" in shown and "[phone]" in shown and "2026" in shown and "id:" in shown
