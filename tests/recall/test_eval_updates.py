"""The updates-dev protocol (current@1, stale@3) and the per-set dispatch on a hand-made snapshot."""

import json
from datetime import timedelta

import polars as pl
import pytest

from pipelines.recall.eval import QuestionFileError
from pipelines.recall.eval_sets import format_report, read_question_set, score_question_set, summary_line
from pipelines.recall.eval_updates import current_at_1, stale_at_k
from pipelines.recall.reader import MemoryReader
from tests.support.eval_cli import eval_json
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row

AGENT = "assistant-1"
MOVED = RECORDED + timedelta(days=20)
LATER = RECORDED + timedelta(days=60)


def story(content, user, message_ids, **fields):
    return {**row(content, user=user, agent=AGENT, **fields), "source_message_ids": list(message_ids)}


AUSTIN = story("User lives in Austin.", "upd-en-001", ["en1:s1"], topic="residence")
DENVER = story("User lives in Denver.", "upd-en-001", ["en1:s3"], topic="residence", valid_from=MOVED)
MEMORIES = [
    {**AUSTIN, "valid_to": MOVED, "superseded_by": DENVER["memory_id"]},
    DENVER,
    # one memory citing the new and the old statement
    story("User works at Hooli, formerly Initech.", "upd-en-002", ["en2:new", "en2:old"], topic="employer"),
    # the distractor ranks second (strength 0.3 outweighs any rank difference of the fusion)
    story("User drinks green tea.", "upd-en-003", ["en3:tea"]),
    story("User's sister drinks black coffee.", "upd-en-003", ["en3:sister"], strength=0.3),
    # another agent's memory of the same user: outside the story
    row("User now lives in Shenzhen.", user="upd-zh-002", agent="bot", topic="residence", message_id="zh2:bot"),
    story("User lives in Hangzhou.", "upd-zh-002", ["zh2:s1"], topic="residence"),
    story("User plays chess.", "upd-zh-003", ["zh3:chess"]),
    story("User plays the piano.", "upd-zh-003", ["zh3:piano"], strength=0.5),
]
# (question_id, question, category, evidence, stale, asked_at, as_of) and what the top 3 scores
PROBES = [
    # asked before the move (an inconsistent asked_at on purpose): no as_of means now, not asked_at
    ("upd-en-001:q1", "Where does the user live now?", "update", ["en1:s3"], ["en1:s1"], RECORDED, None),  # 1 0
    ("upd-en-001:q2", "Where did the user live?", "as_of", ["en1:s1"], ["en1:s3"], LATER, RECORDED),  # 1 0
    ("upd-en-002:q1", "Where does the user work?", "update", ["en2:new"], ["en2:old"], LATER, None),  # 0 1
    ("upd-en-003:q1", "What does the user drink?", "distractor", ["en3:tea"], ["en3:sister"], LATER, None),  # 1 1
    ("upd-zh-001:q1", "用户现在住在哪里？", "retraction", ["zh1:s2"], ["zh1:s1"], LATER, None),  # no memories: 0 0
    ("upd-zh-002:q1", "Where does the user live?", "distractor", ["zh2:s1"], ["zh2:bot"], LATER, None),  # 1 0
    ("upd-zh-003:q1", "What does the user play?", "multi_valued", ["zh3:chess", "zh3:piano"], [], LATER, None),  # 1 0
]


def probes_file(folder, probes=PROBES, extra=None):
    folder.mkdir(parents=True, exist_ok=True)
    columns = {
        "user_id": [p[0].split(":")[0] for p in probes],
        "question_id": [p[0] for p in probes],
        "question": [p[1] for p in probes],
        "category": [p[2] for p in probes],
        "evidence_message_ids": [p[3] for p in probes],
        "stale_message_ids": [p[4] for p in probes],
        "asked_at": [p[5] for p in probes],
        "as_of": [p[6] for p in probes],
        "answer": ["x"] * len(probes),
        **(extra or {}),
    }
    path = folder / "questions.parquet"
    pl.DataFrame(
        columns, schema_overrides={"evidence_message_ids": pl.List(pl.String), "stale_message_ids": pl.List(pl.String)}
    ).write_parquet(path)
    return path


@pytest.fixture
def scored(tmp_path):
    publish(tmp_path / "store", MEMORIES)
    question_set = read_question_set(probes_file(tmp_path / "updates-dev"))
    return score_question_set(MemoryReader(tmp_path / "store", HashingEmbedder()), question_set, [1, 10])


def test_current_at_1_needs_evidence_and_no_stale_message_in_the_top_memory():
    assert current_at_1(["e"], ["s"], [["e"], ["s"]]) == 1
    assert current_at_1(["e"], ["s"], [["e", "s"]]) == 0  # citing both fails
    assert current_at_1(["e"], ["s"], [["x"], ["e"]]) == 0  # only the first result counts
    assert current_at_1(["e"], [], []) == 0  # no first result


def test_stale_at_3_counts_any_of_the_top_three_through_every_cited_message():
    assert stale_at_k(["s"], [["e"], ["x"], ["y", "s"]]) == 1
    assert stale_at_k(["s"], [["e"], ["x"], ["y"], ["s"]]) == 0  # the fourth is not read
    assert stale_at_k([], [["e"], ["s"]]) == 0  # multi_valued probes have no stale messages
    assert stale_at_k(["s"], []) == 0  # an empty result


def test_each_probe_is_scored_on_its_own_top_three(scored):
    assert scored["protocol"] == "updates" and scored["set"] == "updates-dev"
    assert scored["questions"] == 7
    assert scored["current@1"] == pytest.approx(round(5 / 7, 4))
    assert scored["stale@3"] == pytest.approx(round(2 / 7, 4))
    assert scored["per_category"]["update"] == {
        "questions": 2,
        "current@1": 0.5,
        "stale@3": 0.5,
        "R@1": 1.0,
        "R@10": 1.0,
        "chars@10": (len(DENVER["content"]) + len(MEMORIES[2]["content"])) / 2,
    }


def test_an_empty_result_scores_zero_on_both(scored):
    assert scored["per_category"]["retraction"] == {
        "questions": 1,
        "current@1": 0.0,
        "stale@3": 0.0,
        "R@1": 0.0,
        "R@10": 0.0,
        "chars@10": 0.0,
    }


def test_a_memory_citing_evidence_and_stale_fails_current_and_counts_as_stale(scored):
    assert scored["per_category_language"]["update:en"]["current@1"] == 0.5  # q1 passes, en-002 fails
    assert scored["per_category_language"]["update:en"]["stale@3"] == 0.5


def test_as_of_probes_recall_that_valid_time_and_the_others_now(scored):
    assert scored["per_category"]["as_of"]["current@1"] == 1.0  # Austin, true as of RECORDED
    assert scored["per_category"]["as_of"]["stale@3"] == 0.0  # Denver was not yet true then
    assert scored["per_category_language"]["update:en"]["current@1"] == 0.5  # q1 (asked before the move) sees Denver


def test_probes_recall_only_the_story_agent(scored):
    assert scored["per_category_language"]["distractor:zh"] == {
        "questions": 1,
        "current@1": 1.0,
        "stale@3": 0.0,
        "R@1": 1.0,
        "R@10": 1.0,
        "chars@10": float(len("User lives in Hangzhou.")),
    }


def test_figures_split_by_the_story_language_and_category(scored):
    assert list(scored["per_category"]) == ["update", "retraction", "distractor", "multi_valued", "as_of"]
    assert {lang: (f["questions"], f["current@1"], f["stale@3"]) for lang, f in scored["per_language"].items()} == {
        "en": (4, 0.75, 0.5),
        "zh": (3, 0.6667, 0.0),
    }
    assert list(scored["per_category_language"]) == [
        "update:en",
        "retraction:zh",
        "distractor:en",
        "distractor:zh",
        "multi_valued:zh",
        "as_of:en",
    ]
    assert scored["per_category_language"]["distractor:en"]["stale@3"] == 1.0  # the sister's coffee, second
    assert scored["per_category_language"]["multi_valued:zh"]["R@1"] == 0.5  # one of two held values on top
    assert scored["R@1"] == pytest.approx(round(5.5 / 7, 4)) and scored["R@10"] == pytest.approx(round(6 / 7, 4))


def test_summary_line_per_set():
    updates = {"set": "updates-dev", "protocol": "updates", "questions": 69, "current@1": 0.6087, "stale@3": 0.5362}
    assert summary_line(updates) == "eval set=updates-dev questions=69 current@1=0.609 stale@3=0.536"
    locomo = {
        "set": "locomo-dev",
        "protocol": "locomo",
        "questions": 760,
        "R@1": 0.3921,
        "R@5": 0.6523,
        "R@10": 0.7304,
        "chars@10": 1262.6,
        "per_category": {},
    }
    assert summary_line(locomo) == "eval set=locomo-dev questions=760 R@1=0.392 R@5=0.652 R@10=0.730 chars@10=1263"


def test_the_report_names_its_set_protocol_and_ends_with_the_summary(scored):
    text = format_report(scored)
    assert text.splitlines()[0].startswith("set=updates-dev protocol=updates")
    assert (
        text.splitlines()[-1] == scored["summary"] == "eval set=updates-dev questions=7 current@1=0.714 stale@3=0.286"
    )
    assert "multi_valued:zh" in text


def test_the_columns_choose_the_protocol_and_json_lines_times_are_parsed(tmp_path):
    rows = [
        {
            "user_id": "upd-en-001",
            "question_id": "upd-en-001:q2",
            "question": "Where?",
            "category": "as_of",
            "evidence_message_ids": ["a"],
            "stale_message_ids": [],
            "asked_at": "2026-05-01T00:00:00",
            "as_of": "2026-03-02T00:00:00",
        }
    ]
    path = tmp_path / "probes.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows))
    question_set = read_question_set(path, name="mine")
    assert (question_set.name, question_set.protocol) == ("mine", "updates")
    assert question_set.questions["as_of"].dtype == pl.Datetime("us", "UTC")
    locomo = tmp_path / "locomo-dev" / "questions.parquet"
    locomo.parent.mkdir()
    pl.DataFrame({k: [v] for k, v in rows[0].items() if k not in {"stale_message_ids", "as_of"}}).with_columns(
        category=pl.lit(4)
    ).write_parquet(locomo)
    assert (read_question_set(locomo).name, read_question_set(locomo).protocol) == ("locomo-dev", "locomo")


def test_a_user_id_without_a_language_is_named(tmp_path):
    path = probes_file(tmp_path, [("story-7:q1", "Where?", "update", ["a"], [], LATER, None)])
    with pytest.raises(QuestionFileError, match=r"probe story-7:q1: user_id 'story-7' does not name"):
        read_question_set(path)


@pytest.mark.slow  # loads the e5 model
def test_eval_command_prints_the_updates_json(tmp_path, capsys):
    from pipelines.embed.e5 import E5Embedder

    publish(tmp_path / "store", MEMORIES, embedder=E5Embedder())
    report = eval_json(capsys, tmp_path / "store", probes_file(tmp_path / "updates-dev"))
    assert report.keys() == {
        "set",
        "protocol",
        "questions",
        "current@1",
        "stale@3",
        "R@1",
        "R@5",
        "R@10",
        "chars@10",
        "per_category",
        "per_language",
        "per_category_language",
        "distractors",
        "summary",
    }
    assert (report["set"], report["protocol"], report["questions"]) == ("updates-dev", "updates", 7)
    assert (report["current@1"], report["stale@3"]) == (round(5 / 7, 4), round(2 / 7, 4))
    assert report["per_language"]["zh"]["current@1"] == 0.6667
    assert report["summary"] == "eval set=updates-dev questions=7 current@1=0.714 stale@3=0.286"


def test_an_agent_id_column_names_each_probes_agent(tmp_path):
    publish(tmp_path / "store", MEMORIES)
    probe = [p for p in PROBES if p[0] == "upd-zh-002:q1"]
    path = probes_file(tmp_path / "updates-dev", probe, extra={"agent_id": ["bot"]})
    report = score_question_set(MemoryReader(tmp_path / "store", HashingEmbedder()), read_question_set(path), [1])
    assert (report["current@1"], report["stale@3"]) == (0.0, 1.0)  # the bot's memory is the stale statement


def test_the_report_audits_what_the_distractor_messages_did(tmp_path):
    sister = story("User's sister lives in Paris.", "upd-en-004", ["en4:sister"], topic="residence")
    home = story("User lives in Lyon.", "upd-en-004", ["en4:home"], topic="residence", valid_from=MOVED)
    publish(tmp_path / "store", [*MEMORIES, {**home, "valid_to": LATER, "superseded_by": sister["memory_id"]}, sister])
    probe = ("upd-en-004:q1", "Where does the user live?", "distractor", ["en4:home"], ["en4:sister"], LATER, None)
    question_set = read_question_set(probes_file(tmp_path / "updates-dev", [*PROBES, probe]))
    report = score_question_set(MemoryReader(tmp_path / "store", HashingEmbedder()), question_set, [1])
    # en3:sister (an episode-like memory, no single-valued topic) changed nothing; en4:sister closed Lyon
    assert report["distractors"] == {"messages": 3, "statements": 1, "tentative": 0, "closed_older": 1}
    assert "distractor messages 3: 1 became a statement, 0 a tentative one, 1 closed an older value" in format_report(
        report
    )


def test_failures_list_each_failed_probe_with_what_its_top_three_cites(tmp_path):
    publish(tmp_path / "store", MEMORIES)
    question_set = read_question_set(probes_file(tmp_path / "updates-dev"))
    reader = MemoryReader(tmp_path / "store", HashingEmbedder())
    report = score_question_set(reader, question_set, [1, 10], failures=True)
    misses = {miss["question_id"]: miss for miss in report["failures"]}
    # current@1 = 0 (a memory citing the old and the new employer), stale@3 = 1 (the sister), no result at all
    assert set(misses) == {"upd-en-002:q1", "upd-en-003:q1", "upd-zh-001:q1"}
    assert [r["cites"] for r in misses["upd-en-002:q1"]["top"]] == ["stale"]
    assert [r["cites"] for r in misses["upd-en-003:q1"]["top"]] == ["evidence", "stale"]
    assert misses["upd-zh-001:q1"]["top"] == [] and misses["upd-zh-001:q1"]["stale_message_ids"] == ["zh1:s1"]
    text = format_report(report)
    assert "failed probes: 3" in text and "  S fact/employer (en2:new, en2:old) User works at Hooli" in text
    assert "  (no result)" in text
    # without the flag the report keeps its documented keys
    assert "failures" not in score_question_set(reader, question_set, [1, 10])


def test_failures_of_a_set_without_stale_ids_are_refused_in_one_line(tmp_path, capsys):
    from pipelines.cli import main

    publish(tmp_path / "store", MEMORIES)
    questions = tmp_path / "locomo" / "questions.parquet"
    questions.parent.mkdir()
    pl.DataFrame(
        {
            "user_id": ["upd-en-001"],
            "question_id": ["q1"],
            "question": ["Where does the user live?"],
            "answer": ["Denver"],
            "category": [4],
            "evidence_message_ids": [["en1:s3"]],
            "asked_at": [LATER],
        }
    ).write_parquet(questions)
    args = ["eval", "--store", str(tmp_path / "store"), "--questions", str(questions), "--failures"]
    assert main(args) == 2
    assert "--failures lists failed probes of knowledge-update sets only" in capsys.readouterr().err


def test_users_scores_only_the_matching_stories_and_refuses_a_bad_pattern_in_one_line(tmp_path, capsys):
    from pipelines.cli import main
    from pipelines.embed.e5 import E5Embedder

    publish(tmp_path / "store", MEMORIES, embedder=E5Embedder())
    questions = probes_file(tmp_path / "updates-dev")
    zh = eval_json(capsys, tmp_path / "store", questions, "--users", "upd-zh-.*")
    assert zh["questions"] == 3 and set(zh["per_language"]) == {"zh"}
    # matched whole: "upd-en-00" names no user
    store = str(tmp_path / "store")
    assert main(["eval", "--store", store, "--questions", str(questions), "--users", "upd-en-00"]) == 2
    assert "no question's user_id matches --users 'upd-en-00'" in capsys.readouterr().err
    assert main(["eval", "--store", store, "--questions", str(questions), "--users", "upd-(en"]) == 2
    assert "is no regular expression" in capsys.readouterr().err
