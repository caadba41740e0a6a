"""The nightly Dagster job with `extractor=llm` against a loopback chat-completions server, as an operator runs it."""

from datetime import datetime

import dagster as dg
import polars as pl
import pytest

from assets.definitions import build_resources, defs
from pipelines.cli import main as memory_cli
from pipelines.store.snapshots import SnapshotStore
from tests.support.chat_server import ChatServer
from tests.support.raw_logs import UTC, message, write_raw

NIGHT = "2026-03-11T02:00:00+00:00"
T = datetime(2026, 3, 10, 9, tzinfo=UTC)


@pytest.fixture
def llm_env(monkeypatch):
    with ChatServer() as server:
        monkeypatch.setenv("MEMORY_LLM_BASE_URL", server.url)
        monkeypatch.setenv("MEMORY_LLM_MODEL", "scripted-model")
        monkeypatch.setenv("MEMORY_LLM_API_KEY", "key-from-env")
        yield server


def candidates_metadata(result: dg.ExecuteInProcessResult) -> dict:
    events = result.asset_materializations_for_node("memory_candidates")
    return {key: value.value for key, value in events[0].metadata.items()}


@pytest.mark.slow
def test_llm_night_publishes_model_memories_and_reports_its_figures(tmp_path, llm_env):
    raw, store = tmp_path / "raw", tmp_path / "store"
    write_raw(
        raw / "part-0.parquet",
        [
            message("s1", 1, "I moved to Boston last week", T),
            message("s1", 2, "Noted.", T, role="assistant"),
            message("s2", 1, "我喜欢用表格回答", T, user="u2"),
        ],
    )
    resources = build_resources(store=str(store), raw_path=str(raw), extractor="llm", run_as_of=NIGHT)
    with dg.instance_for_test() as instance:
        result = defs.resolve_job_def("nightly_memory_job").execute_in_process(resources=resources, instance=instance)
    assert result.success and all(c.passed for c in result.get_asset_check_evaluations())
    figures = candidates_metadata(result)
    assert (figures["llm/sessions_to_model"], figures["llm/windows_to_model"], figures["llm/windows_from_cache"]) == (
        2,
        2,
        0,
    )
    assert (figures["llm/tokens_in"], figures["llm/tokens_out"], figures["llm/quarantined"]) == (200, 40, 0)
    assert llm_env.headers[0]["Authorization"] == "Bearer key-from-env"  # the key came through the EnvVar

    memories = SnapshotStore(store).read_memories()
    llm_rows = memories.filter(pl.col("extractor") == "llm:scripted-model@extract-v9")
    assert sorted(llm_rows["user_id"]) == ["u1", "u2"]

    write_raw(raw / "part-1.parquet", [message("s3", 1, "I play the cello", T, user="u3")])
    assert (
        memory_cli(
            ["materialize", "--raw", str(raw), "--store", str(store), "--extractor", "llm", "--run-as-of", NIGHT]
        )
        == 0
    )
    assert len(llm_env.requests) == 3  # only the new session went to the model
    assert SnapshotStore(store).read_memories().filter(pl.col("user_id") == "u3").height == 2


def test_llm_extractor_without_settings_fails_saying_which_variables_to_set(tmp_path, monkeypatch):
    monkeypatch.delenv("MEMORY_LLM_BASE_URL", raising=False)
    resources = build_resources(store=str(tmp_path / "store"), raw_path="data/sample", extractor="llm")
    with pytest.raises(ValueError, match="MEMORY_LLM_BASE_URL"):
        resources["extractor"].build(tmp_path / "store")


@pytest.mark.slow  # a Dagster run
def test_materialize_with_llm_but_no_server_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("MEMORY_LLM_BASE_URL", raising=False)
    write_raw(tmp_path / "raw/part-0.parquet", [message("s1", 1, "I live in Oslo", T)])
    argv = ["materialize", "--raw", str(tmp_path / "raw"), "--store", str(tmp_path / "store"), "--extractor", "llm"]
    assert memory_cli([*argv, "--run-as-of", NIGHT]) == 2
    captured = capsys.readouterr()
    *progress, error = captured.err.splitlines()  # the validate stage ran: its progress lines come first
    assert captured.out == "" and all(line.startswith("memory: validate: ") for line in progress)
    assert error.startswith("memory: the llm extractor needs MEMORY_LLM_BASE_URL")
