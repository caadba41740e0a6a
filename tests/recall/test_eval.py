"""The eval protocol on a tiny hand-made question set whose answers are known."""

from datetime import timedelta

import polars as pl
import pytest

from pipelines.cli import main
from pipelines.recall.eval import evaluate, question_recall, read_questions
from pipelines.recall.reader import MemoryReader
from tests.support.eval_cli import eval_json
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row

LATER = RECORDED + timedelta(days=30)
MEMORIES = [
    row("User likes green tea.", message_id="m1"),
    row("User lives in Boston.", topic="residence", message_id="m2"),
    row("User plays chess on Sundays.", message_id="m3"),
    row("User bought a copper kettle.", message_id="m4", valid_from=RECORDED + timedelta(days=10)),
]


def questions_file(tmp_path):
    rows = [
        ("q1", "What tea does the user like?", 4, ["m1"], LATER),
        ("q2", "Which game does the user play?", 1, ["m3"], LATER),
        ("q3", "green tea and which pet?", 1, ["m1", "m9"], LATER),
        ("q4", "What kettle did the user buy?", 2, ["m4"], RECORDED + timedelta(days=5)),  # asked before it happened
        ("q5", "Adversarial, not scored", 5, ["m1"], LATER),
        ("q6", "No evidence, not scored", 3, [], LATER),
    ]
    frame = pl.DataFrame(
        {
            "user_id": ["u1"] * len(rows),
            "question_id": [r[0] for r in rows],
            "question": [r[1] for r in rows],
            "answer": ["x"] * len(rows),
            "category": [r[2] for r in rows],
            "evidence_message_ids": [r[3] for r in rows],
            "asked_at": [r[4] for r in rows],
        },
        schema_overrides={"evidence_message_ids": pl.List(pl.String)},
    )
    path = tmp_path / "questions.parquet"
    frame.write_parquet(path)
    return path


def test_recall_at_k_is_the_evidence_share_in_the_provenance_union():
    assert question_recall(["a", "b"], [["x"], ["b", "a"]], 1) == 0.0
    assert question_recall(["a", "b"], [["x"], ["b", "a"]], 2) == 1.0
    assert question_recall(["a", "b"], [["a"]], 10) == 0.5


def test_eval_scores_categories_one_to_four_as_of_each_question(tmp_path):
    publish(tmp_path / "store", MEMORIES)
    questions = read_questions(questions_file(tmp_path))
    assert questions["question_id"].to_list() == ["q1", "q2", "q3", "q4"]
    report = evaluate(MemoryReader(tmp_path / "store", HashingEmbedder()), questions, ks=[1, 10])
    assert report["questions"] == 4
    assert report["R@1"] == pytest.approx((1 + 1 + 0.5 + 0) / 4)
    assert report["R@10"] == pytest.approx((1 + 1 + 0.5 + 0) / 4)
    visible_then = sum(len(m["content"]) for m in MEMORIES[:3])  # q4 cannot see the kettle yet
    assert report["chars@10"] == pytest.approx((3 * (visible_then + len(MEMORIES[3]["content"])) + visible_then) / 4)
    assert report["per_category"]["2:temporal"] == {"questions": 1, "R@1": 0.0, "R@10": 0.0, "chars@10": visible_then}
    assert report["per_category"]["1:multi-hop"]["R@1"] == pytest.approx(0.75)


@pytest.mark.slow
def test_eval_command_prints_the_json_figures(tmp_path, capsys):
    from pipelines.embed.e5 import E5Embedder

    publish(tmp_path / "store", MEMORIES, embedder=E5Embedder())
    report = eval_json(capsys, tmp_path / "store", questions_file(tmp_path), "-k", "1,5,10")
    assert {"questions", "R@1", "R@5", "R@10", "chars@10", "per_category"} <= report.keys()
    assert report["questions"] == 4 and report["R@10"] == pytest.approx(0.625)


def test_eval_command_names_a_bad_questions_file(tmp_path, capsys):
    publish(tmp_path / "store", MEMORIES)
    bad = tmp_path / "bad.parquet"
    pl.DataFrame({"question": ["x"]}).write_parquet(bad)
    assert main(["eval", "--store", str(tmp_path / "store"), "--questions", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "missing column(s) user_id" in err
