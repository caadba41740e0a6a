"""Stage progress from real runs: Dagster log events and metadata, plain lines on a non-terminal stderr, silence
with --quiet, and a redrawn line on a pseudo-terminal that stays out of the run's compute logs."""

import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest

from assets.definitions import build_resources, defs
from pipelines.cli import main as memory_cli
from tests.support.raw_logs import MAR, message, write_raw

pytestmark = pytest.mark.slow  # every test here starts a Dagster run

REPO = Path(__file__).resolve().parents[2]
NIGHT = "2026-03-11T02:00:00+00:00"
STAGES = ["validate", "extract", "embed", "resolve", "decay", "publish"]
DONE = re.compile(r"(\w+): done, ([\d,]+ \w+) in [\d.:]+ s?, [\d.,]+ \w+/s")  # stage, count and unit


@pytest.fixture
def raw(tmp_path) -> Path:
    """Three messages in two sessions, in two files."""
    folder = tmp_path / "raw"
    write_raw(
        folder / "date=2026-03-01/part-0.parquet",
        [message("s1", 1, "I live in Boston", MAR(1)), message("s1", 2, "Noted.", MAR(1), role="assistant")],
    )
    write_raw(folder / "date=2026-03-02/part-0.parquet", [message("s2", 1, "我喜欢用表格回答", MAR(2), user="u2")])
    return folder


def test_a_run_logs_each_stage_and_its_metadata_carries_seconds_and_rate(raw, tmp_path):
    with dg.instance_for_test() as instance:
        result = defs.resolve_job_def("nightly_memory_job").execute_in_process(
            resources=build_resources(store=str(tmp_path / "store"), raw_path=str(raw), run_as_of=NIGHT),
            instance=instance,
        )
        logged = [e.user_message for e in instance.all_logs(result.run_id) if e.dagster_event is None]
    assert result.success
    assert [line for line in logged if line.endswith("started") or "started," in line] == [
        "validate: started, 3 messages to do",
        "extract: started, 2 sessions to do",
        "embed: started",
        "resolve: started",
        "decay: started",
        "publish: started",
    ]
    done = {match[1]: match[2] for line in logged if (match := DONE.fullmatch(line))}
    candidates = result.asset_materializations_for_node("memory_candidates")[-1].metadata
    snapshot = result.asset_materializations_for_node("memory_snapshot")[-1].metadata
    assert list(done) == STAGES
    assert done["validate"] == "3 messages" and done["extract"] == "2 sessions"
    assert done["embed"] == f"{candidates['embedded'].value} texts"  # what the cache did not have
    assert done["publish"] == f"{snapshot['dagster/row_count'].value} memories"
    validated = result.asset_materializations_for_node("raw_messages")[-1].metadata
    assert {"validate_seconds", "messages_per_second"} <= validated.keys()
    assert validated["messages_per_second"].value > 0
    assert {"extract_seconds", "sessions_per_second", "embed_seconds", "texts_per_second"} <= candidates.keys()
    for node in ("resolved_memories", "decayed_memories", "memory_snapshot"):
        assert "memories_per_second" in result.asset_materializations_for_node(node)[-1].metadata


def materialize_args(raw: Path, store: Path) -> list[str]:
    return ["materialize", "--raw", str(raw), "--store", str(store), "--run-as-of", NIGHT]


def test_materialize_prints_plain_progress_lines_when_stderr_is_not_a_terminal(raw, tmp_path, capsys):
    assert memory_cli(materialize_args(raw, tmp_path / "store")) == 0
    out, err = capsys.readouterr()
    assert out.startswith("published version 1")
    lines = err.splitlines()
    assert all(line.startswith("memory: ") for line in lines) and "\r" not in err and "\x1b" not in err
    assert lines[0] == "memory: validate: started, 3 messages to do"
    assert lines[1].startswith("memory: validate: done, 3 messages in ")
    assert [line.split(":")[1].strip() for line in lines if ": done," in line] == STAGES


def test_quiet_materialize_prints_only_the_summary(raw, tmp_path, capsys):
    assert memory_cli([*materialize_args(raw, tmp_path / "store"), "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("published version 1") and err == ""


def test_on_a_terminal_the_line_is_redrawn_in_place_and_stays_out_of_the_compute_logs(raw, tmp_path):
    home = tmp_path / "home"  # an instance with compute logs: Dagster points descriptor 2 at them during a step
    home.mkdir()
    shutil.copy(REPO / "dagster.yaml", home / "dagster.yaml")
    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "pipelines.cli", *materialize_args(raw, tmp_path / "store")]
    env = {**os.environ, "DAGSTER_HOME": str(home), "COLUMNS": "100"}
    child = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, cwd=REPO, env=env)
    os.close(follower)
    shown = read_until_closed(leader)
    assert child.wait() == 0, shown
    for stage in STAGES:
        assert re.search(rf"\r{stage} +\[?[#. 0-9a-z%/\]]*", shown), stage
    assert re.search(r"\rvalidate  3 messages in [\d.]+ s, [\d.,]+ messages/s\x1b\[K\r\n", shown)
    assert "published version 1" in shown
    compute_logs = [path.read_text() for path in home.rglob("compute_logs/*") if path.is_file()]
    assert compute_logs and not any("validate" in text or "\r" in text for text in compute_logs)


def read_until_closed(leader: int) -> str:
    """All a pseudo-terminal showed until every process holding its other end exited (Linux then answers EIO)."""
    chunks = []
    try:
        while chunk := os.read(leader, 65536):
            chunks.append(chunk)
    except OSError:
        pass
    os.close(leader)
    return b"".join(chunks).decode(errors="replace")
