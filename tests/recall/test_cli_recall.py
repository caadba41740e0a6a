"""`memory recall` refuses what it cannot answer in one line (exit 2) and stops quietly when its reader leaves."""

import io
import json
import os
import re
import sys

import pytest

from pipelines import cli
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row


@pytest.fixture
def recall_args(tmp_path, monkeypatch):
    store = publish(tmp_path, [row("User likes green tea."), row("User plays chess.")])
    monkeypatch.setattr(cli, "_recall_embedder", HashingEmbedder)
    return ["recall", "--store", str(store.root), "--user", "u1", "--query", "tea", "--as-of", RECORDED.isoformat()]


@pytest.mark.parametrize(
    "extra, message",
    [
        (["-k", "-3"], "memory: -k -3: ask for at least 1 memory"),
        (
            ["--kinds", "facts"],
            "memory: --kinds 'facts': facts is no kind; use fact, preference, skill, task, decision, episode",
        ),
        (["--json", "--prompt"], "memory: --json and --prompt print different things: choose one"),
    ],
)
def test_a_request_recall_cannot_answer_is_one_line_and_exit_2(recall_args, capsys, extra, message):
    assert cli.main([*recall_args, *extra]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", message + "\n")


def test_valid_kinds_still_filter(recall_args, capsys):
    assert cli.main([*recall_args, "--kinds", "fact, preference", "--json"]) == 0
    assert '"User likes green tea."' in capsys.readouterr().out


def test_a_reader_that_leaves_early_is_no_error(recall_args, monkeypatch):
    read_end, write_end = os.pipe()
    os.close(read_end)  # `memory recall ... | head` after head has exited
    pipe = io.TextIOWrapper(os.fdopen(write_end, "wb"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", pipe)
    assert cli.main([*recall_args, "--json"]) == 0


def test_the_version_is_the_installed_packages(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith("memory 0.")


def _recall(store, *extra: str) -> list[str]:
    return ["recall", "--store", str(store), "--user", "u1", *extra]


def test_json_of_a_result_without_keyword_hit_is_plain_numbers(recall_args, capsys):
    # a query sharing no term with any memory: every result's keyword part is the SQL literal 0.0 (a DECIMAL
    # in DuckDB unless cast), which json.dumps refused
    recall_args[recall_args.index("tea")] = "quokka"
    assert cli.main([*recall_args, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(type(row["keyword"]) is float and row["keyword"] == 0.0 for row in rows)


def test_text_lines_align_scores_and_print_iso_times_and_kinds_once(store, monkeypatch, capsys):
    monkeypatch.setattr(cli, "_recall_embedder", HashingEmbedder)
    assert cli.main(_recall(store, "--query", "Beijing Shanghai", "-k", "4")) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    assert len(lines) == 4
    assert len({line.index("[") for line in lines}) == 1  # the scores end in one column
    assert all(re.search(r"\d\.\d{4}  \[", line) for line in lines)
    assert any("[episode]" in line for line in lines) and not any("episode/episode" in line for line in lines)
    assert all(re.search(r"since 2026-03-\d\dT\d\d:\d\d:\d\d\+00:00,", line) for line in lines)


def test_an_unknown_user_says_so_on_stderr(store, monkeypatch, capsys):
    monkeypatch.setattr(cli, "_recall_embedder", HashingEmbedder)
    assert cli.main(["recall", "--store", str(store), "--user", "u_nobody", "--query", "where", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == []
    assert captured.err == (
        f"memory: user 'u_nobody' has no memories in version 1 of {store} (user ids match exactly)\n"
    )


def test_filters_that_leave_nothing_say_so_on_stderr(store, monkeypatch, capsys):
    monkeypatch.setattr(cli, "_recall_embedder", HashingEmbedder)
    assert cli.main(_recall(store, "--query", "where", "--as-of", "2020-01-01")) == 0
    captured = capsys.readouterr()
    assert captured.out == "recall user=u1 query='where' (0 memories)\n"
    assert captured.err.startswith("memory: no memory of user 'u1' matches; loosen --kinds, --as-of")


def test_memory_store_is_the_default_store_and_store_overrides_it(store, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "_recall_embedder", HashingEmbedder)
    monkeypatch.setenv("MEMORY_STORE", str(store))
    assert cli.main(["recall", "--user", "u1", "--query", "where do I live", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)
    monkeypatch.setenv("MEMORY_STORE", str(tmp_path / "elsewhere"))
    assert cli.main(["recall", "--store", str(store), "--user", "u1", "--query", "where", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)


def test_without_store_or_memory_store_recall_stops_in_one_line(capsys):
    assert cli.main(["recall", "--user", "u1", "--query", "where"]) == 2
    assert capsys.readouterr().err == "memory: no store given: pass --store DIR or set MEMORY_STORE\n"


@pytest.mark.parametrize("moment", ["2026-03-11T12:00Z", "2026-03-11T12:00:00+00:00", "2026-03-12"])
def test_known_at_takes_short_iso_forms(store, monkeypatch, capsys, moment):
    monkeypatch.setattr(cli, "_recall_embedder", HashingEmbedder)
    assert cli.main(_recall(store, "--query", "where do I live", "--known-at", moment, "--json")) == 0
    assert json.loads(capsys.readouterr().out)


def test_known_at_before_the_first_version_says_when_it_was_published(store, capsys):
    assert cli.main(_recall(store, "--query", "where", "--known-at", "2026-03-10")) == 2
    assert capsys.readouterr().err == (
        f"memory: {store}: no retained snapshot was published by 2026-03-10T00:00:00+00:00 (the first version, 1, "
        "was published at 2026-03-11T02:00:00+00:00: ask for a later time, or build the store night by night "
        "with `memory materialize --run-as-of` to have history in the past)\n"
    )


def test_a_time_that_is_not_iso_names_its_flag(store, capsys):
    assert cli.main(_recall(store, "--query", "where", "--known-at", "last tuesday")) == 2
    assert capsys.readouterr().err.startswith("memory: --known-at 'last tuesday' is not an ISO time")


def test_recall_help_shows_a_real_call(capsys):
    with pytest.raises(SystemExit):
        cli.main(["recall", "--help"])
    shown = capsys.readouterr().out
    assert "examples:\n  memory recall --store .store --user u_li --query" in shown
