"""SessionLogWriter: rows checked at write time, one atomic file per flush, many writers at once, read by the night."""

from __future__ import annotations

import multiprocessing
import os
import socket
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest

from pipelines.ingest.files import list_input_files
from pipelines.ingest.read import IngestDefaults, read_raw_file
from pipelines.ingest.session_rows import RAW_SESSION_SCHEMA, SessionLogRowError
from pipelines.ingest.writer import SessionLogWriter
from pipelines.nightly import check_new_raw_files
from pipelines.recall import MemoryReader
from tests.support.raw_logs import MAR, UTC
from tests.support.scripted_night import nightly

REPO = Path(__file__).resolve().parents[2]
FLUSHED_AT = datetime(2026, 3, 10, 18, 30, 5, 123456, tzinfo=UTC)


def rows_on_disk(raw: Path) -> pl.DataFrame:
    """Every row the nightly job would read from `raw`, as it reads them."""
    tables = [read_raw_file(path, IngestDefaults()) for path in list_input_files(raw)]
    return pl.concat([pl.DataFrame(t) for t in tables]) if tables else pl.DataFrame()


def test_a_flush_is_one_file_in_the_days_folder_with_every_column(tmp_path):
    with SessionLogWriter(tmp_path / "raw", agent_id="bot", user_id="u1", clock=lambda: FLUSHED_AT) as log:
        log.append("s1", 1, "user", "I moved to Beijing", MAR(3))
        log.append("s1", 2, "assistant", "Noted.", datetime(2026, 3, 3, 17, 5), speaker="Ada")  # naive: UTC
        assert log.buffered == 2 and log.written == []
    (path,) = log.written
    assert path.parent == tmp_path / "raw" / "date=2026-03-10"
    host, pid, stamp, token = path.stem.rsplit("-", 3)
    assert (host, int(pid), stamp, len(token)) == (socket.gethostname(), os.getpid(), "20260310T183005123456Z", 8)
    assert list_input_files(tmp_path / "raw") == [path]
    table = pq.read_table(path, partitioning=None)
    assert table.schema == RAW_SESSION_SCHEMA
    assert table.to_pylist() == [
        {
            "session_id": "s1",
            "msg_seq": 1,
            "role": "user",
            "content": "I moved to Beijing",
            "ts": MAR(3),
            "agent_id": "bot",
            "user_id": "u1",
            "message_id": None,
            "source": None,
            "speaker": None,
        },
        {
            "session_id": "s1",
            "msg_seq": 2,
            "role": "assistant",
            "content": "Noted.",
            "ts": datetime(2026, 3, 3, 17, 5, tzinfo=UTC),
            "agent_id": "bot",
            "user_id": "u1",
            "message_id": None,
            "source": None,
            "speaker": "Ada",
        },
    ]


def test_flushes_at_the_same_instant_never_share_a_name(tmp_path):
    writers = [SessionLogWriter(tmp_path, user_id="u1", clock=lambda: FLUSHED_AT) for _ in range(2)]
    for n, log in enumerate(writers * 2):
        log.append("s1", n, "user", f"message {n}", MAR(3))
        log.flush()
    assert len({path.name for log in writers for path in log.written}) == 4
    assert len(list_input_files(tmp_path)) == 4


def test_flat_folder_auto_flush_and_nothing_to_flush(tmp_path):
    log = SessionLogWriter(tmp_path, user_id="u1", max_rows=2, daily_folders=False)
    assert log.flush() is None
    for seq in range(5):
        log.append("s1", seq, "user", f"message {seq}", MAR(3))
    assert [p.parent for p in log.written] == [tmp_path, tmp_path] and log.buffered == 1
    log.close()
    log.close()
    assert len(log.written) == 3
    assert sorted(rows_on_disk(tmp_path)["msg_seq"].to_list()) == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="is closed"):
        log.append("s1", 9, "user", "too late", MAR(3))


def test_leaving_the_block_on_an_error_keeps_the_rows_added_before_it(tmp_path):
    with pytest.raises(RuntimeError), SessionLogWriter(tmp_path, user_id="u1") as log:
        log.append("s1", 1, "user", "said before the crash", MAR(3))
        raise RuntimeError("the agent failed")
    assert rows_on_disk(tmp_path)["content"].to_list() == ["said before the crash"]


@pytest.mark.parametrize(
    "change, field, problem",
    [
        ({"msg_seq": "1"}, "msg_seq", "must be an int (64-bit), got str '1'"),
        ({"msg_seq": True}, "msg_seq", "must be an int"),
        ({"msg_seq": 2**63}, "msg_seq", "must be an int (64-bit)"),
        ({"ts": 1772528400}, "ts", "must be a datetime (naive ones are taken as UTC), got int"),
        ({"ts": "2026-03-03T09:00:00Z"}, "ts", "must be a datetime"),
        ({"ts": datetime(1970, 1, 1, tzinfo=UTC)}, "ts", "1970-01-01T00:00:00+00:00 is before 1970-01-02"),
        ({"content": None}, "content", "required, and missing or None"),
        ({"content": "  "}, "content", "must not be empty"),
        ({"session_id": 7}, "session_id", "must be a str, got int 7"),
        ({"role": "bot"}, "role", "'bot' is no role; use assistant, system, tool, user"),
        ({"user_id": ""}, "user_id", "must not be empty"),
        ({"speaker": 3}, "speaker", "must be a str"),
        ({"sessionid": "s1"}, "sessionid", "not a column of the raw contract (columns: session_id, msg_seq"),
    ],
)
def test_a_bad_row_is_refused_naming_its_field_and_nothing_is_buffered(tmp_path, change, field, problem):
    good = {"session_id": "s1", "msg_seq": 1, "role": "user", "content": "hi", "ts": MAR(3)}
    log = SessionLogWriter(tmp_path)
    with pytest.raises(SessionLogRowError) as refused:
        log.append_row({**good, **change})
    assert refused.value.field == field
    assert str(refused.value).startswith(f"session-log field '{field}': {problem}")
    assert log.buffered == 0
    log.append_row(good)
    assert log.buffered == 1


def test_a_row_keeps_its_own_tenant_over_the_writers_defaults(tmp_path):
    with SessionLogWriter(tmp_path, agent_id="bot", user_id="u1", source="ticket") as log:
        log.append("s1", 1, "user", "mine", MAR(3), user_id="u2", message_id="m-1")
    assert rows_on_disk(tmp_path).select("agent_id", "user_id", "message_id", "source").rows() == [
        ("bot", "u2", "m-1", "ticket")
    ]


def test_a_failed_flush_leaves_no_file_and_keeps_its_rows(tmp_path, monkeypatch):
    log = SessionLogWriter(tmp_path, user_id="u1")
    log.append("s1", 1, "user", "kept for the next flush", MAR(3))

    def full_disk(table, where, **kwargs):
        Path(where).write_bytes(b"PAR1 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("pipelines.ingest.writer.pq.write_table", full_disk)
    with pytest.raises(OSError, match="No space left"):
        log.flush()
    assert list(tmp_path.rglob("*")) == [p for p in tmp_path.rglob("*") if p.is_dir()]  # no file, not even a temp
    monkeypatch.undo()
    assert log.flush() is not None
    assert rows_on_disk(tmp_path)["content"].to_list() == ["kept for the next flush"]


CRASHING_WRITER = """
import os, signal, sys
from datetime import datetime, timezone
import pyarrow.parquet as pq
import pipelines.core.atomic as atomic
from pipelines.ingest.writer import SessionLogWriter

point = sys.argv[2]
real_write, real_fsync = pq.write_table, atomic.fsync_file

def write_half_then_die(table, where, **kwargs):
    real_write(table, where, **kwargs)
    with open(where, "r+b") as handle:
        handle.truncate(os.path.getsize(where) // 2)
    os.kill(os.getpid(), signal.SIGKILL)

def die_before_the_rename(path):
    real_fsync(path)
    os.kill(os.getpid(), signal.SIGKILL)

if point == "writing":
    pq.write_table = write_half_then_die
else:
    atomic.fsync_file = die_before_the_rename
log = SessionLogWriter(sys.argv[1], user_id="u1")
for seq in range(200):
    log.append("s1", seq, "user", f"message {seq}", datetime(2026, 3, 3, tzinfo=timezone.utc))
log.flush()
"""


@pytest.mark.parametrize("point", ["writing", "before the rename"])
def test_a_process_killed_mid_flush_leaves_no_file_the_night_would_read(tmp_path, point):
    raw = tmp_path / "raw"
    killed = subprocess.run(
        [sys.executable, "-c", CRASHING_WRITER, str(raw), point], cwd=REPO, capture_output=True, text=True
    )
    assert killed.returncode == -9, killed.stderr
    (left,) = [p for p in raw.rglob("*") if p.is_file()]
    assert left.name.startswith(".") and left.name.endswith(".tmp")  # the killed flush's temp file, ignored
    assert list_input_files(raw) == []
    assert check_new_raw_files(raw, tmp_path / "store") == 0
    with SessionLogWriter(raw, user_id="u1") as log:
        log.append("s2", 1, "user", "after the crash", MAR(3))
    assert check_new_raw_files(raw, tmp_path / "store") == 1
    assert rows_on_disk(raw)["content"].to_list() == ["after the crash"]


ROWS_PER_WRITER = 150


def write_concurrently(raw: str, writer: int, start: multiprocessing.synchronize.Barrier) -> None:
    start.wait()
    with SessionLogWriter(raw, agent_id="bot", user_id=f"u{writer % 2}", max_rows=7) as log:
        for seq in range(ROWS_PER_WRITER):
            log.append(f"w{writer}", seq, "user", f"writer {writer} message {seq}", MAR(3) + timedelta(seconds=seq))


def test_writers_in_three_processes_at_once_deliver_every_row_exactly_once(tmp_path):
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(3)
    workers = [context.Process(target=write_concurrently, args=(str(tmp_path), n, start)) for n in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [worker.exitcode for worker in workers] == [0, 0, 0]
    files = list_input_files(tmp_path)
    assert len(files) == 3 * -(-ROWS_PER_WRITER // 7)  # every flush its own file: none replaced another
    assert [p for p in tmp_path.rglob("*") if p.is_file() and p not in files] == []
    rows = rows_on_disk(tmp_path)
    assert rows.height == 3 * ROWS_PER_WRITER
    assert sorted(rows.select("session_id", "msg_seq").rows()) == sorted(
        (f"w{n}", seq) for n in range(3) for seq in range(ROWS_PER_WRITER)
    )


def test_the_night_folds_in_what_the_writer_wrote(tmp_path, embedder):
    raw = tmp_path / "raw"
    with SessionLogWriter(raw, agent_id="bot", user_id="u1") as log:
        log.append("s1", 1, "user", "I live in Shanghai", MAR(1))
        log.flush()
        log.append("s2", 1, "user", "I moved to Beijing", MAR(3))
        log.append("s2", 2, "assistant", "Noted, Beijing it is.", MAR(3, 10))
    assert check_new_raw_files(raw, tmp_path / "store") == 2
    report = nightly(raw, tmp_path / "store", embedder)
    assert report.version == 1
    with MemoryReader(tmp_path / "store", embedder) as reader:
        assert [(m.content, m.status) for m in reader.history("u1", "residence")] == [
            ("User lives in Shanghai.", "superseded"),
            ("User lives in Beijing.", "current"),
        ]
