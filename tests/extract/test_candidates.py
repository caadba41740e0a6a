from datetime import datetime

import polars as pl

from pipelines.core.schemas import MESSAGE_SCHEMA, ExtractedMemory, Kind
from pipelines.extract.candidates import extract, session_count
from pipelines.extract.rules.engine import RulesExtractor
from tests.support.raw_logs import UTC, message

T = datetime(2026, 3, 3, 10, tzinfo=UTC)


def messages(rows):
    frame = pl.DataFrame([r | {"input_file": "f.parquet", "input_row": i} for i, r in enumerate(rows)])
    return frame.select(MESSAGE_SCHEMA.names).cast(pl.from_arrow(MESSAGE_SCHEMA.empty_table()).schema)


class OneFactPerSession:
    name = "fake@1"

    def extract_session(self, session):
        first = session[0]
        good = ExtractedMemory(
            kind=Kind.FACT,
            topic="residence",
            content="User lives in Oslo.",
            confidence=0.9,
            valid_from=first.ts,
            source_message_ids=[first.message_id],
        )
        foreign = good.model_copy(update={"content": "stolen", "source_message_ids": ["other-session:1"]})
        return [good, foreign]


def test_every_user_and_assistant_message_becomes_an_episode_and_outcomes_cover_every_message():
    frame = messages(
        [
            message("s1", 1, "I live in Oslo", T),
            message("s1", 2, "Noted. Try the Vigeland park.", T, role="assistant"),
            message("s1", 3, '{"weather": "rain"}', T, role="tool"),
            message("s2", 1, "hello", T, user="u2"),
        ]
    )
    candidates, outcomes = extract(frame, OneFactPerSession())
    episodes = candidates.filter(pl.col("kind") == "episode").sort("content")
    assert episodes.select("content", "role").rows() == [
        ("I live in Oslo", "user"),
        ("Noted. Try the Vigeland park.", "assistant"),  # what the assistant said is recallable
        ("hello", "user"),
    ]  # tool output is no conversation
    assert candidates.filter(pl.col("kind") != "episode")["role"].is_null().all()
    assert "stolen" not in candidates["content"].to_list()  # cites a message outside its session
    facts = candidates.filter(pl.col("kind") == "fact")
    assert facts["user_id"].to_list() == ["u1", "u2"]  # each session's fact belongs to that session's user
    assert dict(outcomes.select("message_id", "outcome").iter_rows()) == {
        "s1:1": "extracted",
        "s1:2": "extracted",
        "s1:3": "no_memory",
        "s2:1": "extracted",
    }
    assert candidates.filter(pl.col("kind") == "episode")["extractor"].unique().to_list() == ["verbatim@1"]


def test_pasted_text_past_the_clause_cap_is_kept_as_its_episode_and_nothing_else():
    pasted = "I live in Boston " + "and more " * 2_000  # one unpunctuated clause of 18 017 characters
    frame = messages([message("s1", 1, pasted, T), message("s1", 2, "I live in Oslo.", T)])
    candidates, outcomes = extract(frame, RulesExtractor())
    assert sorted(candidates.select("kind", "content").rows()) == [
        ("episode", pasted),
        ("episode", "I live in Oslo."),
        ("fact", "User lives in Oslo."),
    ]
    assert dict(outcomes.select("message_id", "memories").iter_rows()) == {"s1:1": 1, "s1:2": 2}


def test_a_value_given_a_night_after_its_change_completes_it_and_stored_turns_are_not_extracted_again():
    from datetime import timedelta

    night_one = messages(
        [
            message("s1", 1, "I live in Oslo. My number changed.", T),
            message("s1", 2, "What's the new one?", T, role="assistant"),
        ]
    )
    night_two = messages([message("s1", 3, "It's 555-0142", T + timedelta(hours=5))])
    facts_one = extract(night_one, RulesExtractor())[0].filter(pl.col("kind") == "fact")
    candidates, outcomes = extract(night_two, RulesExtractor(), earlier_turns=night_one)
    facts_two = candidates.filter(pl.col("kind") == "fact")
    assert facts_one["content"].to_list() == ["User lives in Oslo."]
    # the phone fact cites both turns and arrives with the later; Oslo, stored last night, is not found again
    assert facts_two.select("content", "source_message_ids").rows() == [
        ("User's phone number is 555-0142.", ["s1:1", "s1:3"])
    ]
    assert dict(outcomes.select("message_id", "outcome").iter_rows()) == {"s1:3": "extracted"}
    # the same messages in one night give the same phone fact
    together = extract(pl.concat([night_one, night_two]), RulesExtractor())[0].filter(pl.col("topic") == "phone")
    assert (
        together.select("content", "source_message_ids", "valid_from").rows()
        == facts_two.select("content", "source_message_ids", "valid_from").rows()
    )


def test_outcomes_of_two_users_sharing_a_message_id_are_each_their_own():
    frame = messages(
        [
            message("1", 1, "I live in Oslo", T, user="a"),
            message("1", 1, '{"ok": true}', T, user="b", role="tool"),
        ]
    )
    _, outcomes = extract(frame, RulesExtractor())
    assert sorted(outcomes.select("user_id", "message_id", "outcome").rows()) == [
        ("a", "1:1", "extracted"),
        ("b", "1:1", "no_memory"),
    ]


class SeenTexts:
    """Records what the extractor was shown of each message."""

    name = "seen@1"

    def __init__(self):
        self.seen: list[str] = []

    def extract_session(self, session):
        self.seen += [m.content for m in session]
        return []


def test_a_message_past_the_cap_is_extracted_from_its_first_characters_and_kept_whole():
    pasted = "I live in Oslo. " + "x" * 5_000
    frame = messages([message("s1", 1, pasted, T), message("s1", 2, "and I like tea", T)])
    seen = SeenTexts()
    candidates, outcomes = extract(frame, seen, max_chars=100)
    assert seen.seen == [pasted[:100], "and I like tea"]
    episodes = candidates.filter(pl.col("kind") == "episode").sort("content")
    assert episodes["content"].to_list() == ["I live in Oslo. " + "x" * 5_000, "and I like tea"]
    assert episodes["context"].to_list() == [None, "u1: " + pasted[:100]]  # the next turn's context is cut too
    assert outcomes["outcome"].to_list() == ["extracted", "extracted"]


def test_each_session_is_reported_as_its_extraction_is_done():
    frame = messages(
        [
            message("s1", 1, "I live in Oslo", T),
            message("s1", 2, "Noted.", T, role="assistant"),
            message("s2", 1, "我喜欢用表格回答", T, user="u2"),
            message("s3", 1, "hello", T),
        ]
    )
    events: list[str] = []

    class Recording(OneFactPerSession):
        def extract_session(self, session):
            events.append(f"extract {session[0].session_id}")
            return super().extract_session(session)

    extract(frame, Recording(), on_session=lambda: events.append("done"))
    assert events == ["extract s1", "done", "extract s3", "done", "extract s2", "done"]  # by user, then session
    assert session_count(frame) == 3
    assert session_count(frame.clear()) == 0
