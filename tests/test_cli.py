"""The `memory` commands besides recall (tests/recall/test_cli_recall.py): one line and exit 2 for what the user
can fix, a line on stderr beside an empty answer, ISO times to the second, help on every flag."""

import argparse
import json
import re

import pytest

from assets.run import NightlyReport
from pipelines.cli import build_parser, main

ISO = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00"


def _one_line_exit_2(argv, capsys) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and captured.err.startswith("memory: ")
    return captured.err


@pytest.mark.parametrize(
    "command", [["snapshots"], ["doctor"], ["forget", "--user", "u1"], ["history", "--user", "u1", "--topic", "x"]]
)
def test_a_missing_store_is_one_line_and_creates_nothing(tmp_path, capsys, command):
    missing = tmp_path / "typo"
    err = _one_line_exit_2([*command, "--store", str(missing)], capsys)
    assert f"{missing}: no such store folder" in err
    assert not missing.exists()  # forget wrote a tombstone into a new folder, and left the real store alone


def test_snapshots_of_an_empty_folder_is_an_error(tmp_path, capsys):
    err = _one_line_exit_2(["snapshots", "--store", str(tmp_path)], capsys)
    assert "no snapshot versions yet; run `memory materialize` first" in err


def test_snapshots_table_has_iso_times_and_explains_its_mark(store, capsys):
    assert main(["snapshots", "--store", str(store)]) == 0
    header, row, legend = capsys.readouterr().out.splitlines()
    assert header.split() == ["version", "parent", "created_at", "published_at", "rows", "current", "new", "files"]
    assert re.fullmatch(rf"\s+1\s+-\s+{ISO}\s+{ISO}\s+12\s+9\s+2  \*", row), row
    assert legend.startswith("* the current version: what recall reads")


def test_snapshots_json_times_are_iso_seconds(store, capsys):
    assert main(["snapshots", "--store", str(store), "--json"]) == 0
    (listing,) = json.loads(capsys.readouterr().out)
    assert listing["created_at"] == listing["published_at"] == "2026-03-11T02:00:00+00:00"


def test_history_prints_iso_times(store, capsys):
    assert main(["history", "--store", str(store), "--user", "u1", "--topic", "residence"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("2026-03-01T09:00:00+00:00 → 2026-03-03T09:00:00+00:00  superseded")
    assert "[recorded 2026-03-11T02:00:00+00:00 (v1, retired v1); from s1:1]" in lines[1]
    assert main(["history", "--store", str(store), "--user", "u1", "--topic", "residence", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["valid_to"] == "2026-03-03T09:00:00+00:00"


def test_history_of_an_unknown_topic_lists_the_users_topics(store, capsys):
    assert main(["history", "--store", str(store), "--user", "u1", "--topic", "residance"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "history user=u1 topic=residance\n"
    assert captured.err == (
        "memory: user 'u1' has no memories on topic 'residance'; their topics: output_format, reminder, residence\n"
    )


def test_history_of_an_unknown_user_says_so(store, capsys):
    assert main(["history", "--store", str(store), "--user", "u9", "--topic", "residence", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == []
    assert captured.err == f"memory: user 'u9' has no memories in version 1 of {store} (user ids match exactly)\n"


def test_materialize_on_a_folder_without_parquet_runs_nothing(tmp_path, capsys):
    (tmp_path / "raw").mkdir()
    (tmp_path / "raw/notes.txt").write_text("not a log")
    err = _one_line_exit_2(["materialize", "--raw", str(tmp_path / "raw"), "--store", str(tmp_path / "s")], capsys)
    assert "no Parquet files here (searched recursively)" in err
    assert not (tmp_path / "s").exists()


def test_materialize_refuses_a_run_time_that_is_not_iso(store, capsys):
    argv = ["materialize", "--raw", str(store.parent / "raw"), "--store", str(store), "--run-as-of", "tonight"]
    assert "--run-as-of 'tonight' is not an ISO time" in _one_line_exit_2(argv, capsys)


def test_the_materialize_summary_is_readable_lines(store):
    checks = {"conservation": True, "unique_memory_id": True}
    assert NightlyReport(True, store, 1, checks).describe().splitlines() == [
        f"published version 1 (the first version) in {store}",
        "  memories: 12 rows, 9 current, 2 superseded",
        "  current per kind: episode 6, fact 1, preference 1, task 1",
        "  input: 2 new files, 0 rows quarantined",
        "  asset checks: 2/2 passed",
    ]
    quiet = NightlyReport(True, store, 1, checks, published=False, nothing_new="nothing new: no new input files")
    assert quiet.describe().splitlines()[0] == (
        f"nothing new: no new input files: nothing published, version 1 stays current in {store}"
    )


def _actions(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _actions(sub)
        elif not isinstance(action, argparse._HelpAction):
            yield action


def test_every_flag_has_help_and_every_command_an_example():
    parser = build_parser()
    assert [a.option_strings for a in _actions(parser) if not a.help] == []
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert all(f"  memory {name} " in sub.epilog for name, sub in commands.items())
