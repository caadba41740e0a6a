"""`memory recall` refuses what it cannot answer in one line (exit 2) and stops quietly when its reader leaves."""

import io
import os
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
