"""The bundled eval set (data/eval-sample, `make eval`'s default) loads in the shared/eval locomo format and scores
with the embedded defaults (rules extractor, bundled e5) to the same figures every time."""

import json

import polars as pl
import pytest

from data.generate_eval import question_rows, session_rows
from pipelines.cli import main as memory_cli

SET = "data/eval-sample"


def test_the_bundled_files_are_what_the_generator_writes():
    log = pl.read_parquet(f"{SET}/session_log.parquet")
    questions = pl.read_parquet(f"{SET}/questions.parquet")
    assert log.to_dicts() == session_rows() and questions.to_dicts() == question_rows()
    assert set(log["user_id"]) == {"u_mei", "u_tom"} and questions.height == 10
    evidence = {message_id for ids in questions["evidence_message_ids"] for message_id in ids}
    assert evidence <= set(log["message_id"])


@pytest.mark.slow
def test_the_bundled_set_scores(tmp_path, capsys):
    store = str(tmp_path / "store")
    assert memory_cli(["materialize", "--raw", f"{SET}/session_log.parquet", "--store", store]) == 0
    capsys.readouterr()
    assert memory_cli(["eval", "--store", store, "--questions", f"{SET}/questions.parquet", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["set"] == "eval-sample" and report["protocol"] == "locomo" and report["questions"] == 10
    # floors, not exact figures: one commit (f3ff113) scored R@5 0.7 on one machine and 0.65 on another, where the
    # model's float arithmetic flips a near tie; possessive employers lifted R@1 from 0.45
    assert report["R@1"] >= 0.55 and report["R@5"] >= 0.65 and report["R@10"] >= 0.9
