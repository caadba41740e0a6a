"""Asserting episodes are their topic's statements: they supersede and are superseded; asides change nothing."""

import polars as pl

from pipelines.core.timeline import on_timeline
from pipelines.resolve.dedup import collapse_by_id
from pipelines.resolve.invariants import closed_only_with_reason, no_overlapping_intervals, one_current_per_single_topic
from pipelines.resolve.resolution import is_current, resolve
from tests.support.candidate_rows import candidate, memories
from tests.support.raw_logs import MAR


def episode(text, day, session, topic="episode", mood=None):
    return candidate(text, topic, kind="episode", day=day, session=session, message_id=f"{session}:1") | {"mood": mood}


def resolved(*rows):
    return resolve(collapse_by_id(memories(list(rows))), MAR(20))


def _current(frame, topic):
    """The topic's current statement (asides and tentative statements stay current but are not on the timeline)."""
    return frame.filter(is_current() & on_timeline() & (pl.col("topic") == topic))["content"].to_list()


def test_an_asserting_episode_supersedes_the_older_fact_and_stands_as_the_topic_statement():
    fact = candidate("User lives in Shanghai.", "residence", day=1, session="a", message_id="a:1")
    said = episode("我住上海", 1, "a")
    moved = episode("上个月底已经把家搬到北京朝阳区了，快递都寄北京", 5, "b", "residence", "assertion")
    history = resolved(fact, said, moved)
    assert _current(history, "residence") == [moved["content"]]
    old = history.filter(pl.col("content") == "User lives in Shanghai.").row(0, named=True)
    new = history.filter(pl.col("content") == moved["content"]).row(0, named=True)
    assert old["valid_to"] == MAR(5) and old["superseded_by"] == new["memory_id"]
    # the old message follows its fact; the invariants hold with episodes on the timeline
    assert history.filter(pl.col("content") == "我住上海")["valid_to"].to_list() == [MAR(5)]
    for invariant in (one_current_per_single_topic, no_overlapping_intervals, closed_only_with_reason):
        assert invariant(history).passed


def test_an_aside_changes_nothing_and_a_tentative_statement_never_closes_an_older_one():
    fact = candidate("User lives in Toronto.", "residence", day=1, session="a", message_id="a:1")
    trip = episode("Was in Tokyo last week for a conference", 3, "b", "residence", "past")
    hint = episode("rent here went up again", 4, "c", "residence", "tentative")
    history = resolved(fact, trip, hint)
    assert _current(history, "residence") == ["User lives in Toronto."]
    assert history.filter(pl.col("valid_to").is_not_null()).is_empty()


def test_a_tentative_statement_closes_when_the_topic_next_changes():
    hint = episode("I work in marketing at Vandelay", 1, "a", "employer", "tentative")
    left = episode("Handed in my notice at Vandelay, no new job lined up", 6, "b", "employer", "assertion")
    history = resolved(hint, left)
    closed = history.filter(pl.col("content") == hint["content"]).row(0, named=True)
    statement = history.filter(pl.col("content") == left["content"]).row(0, named=True)
    assert closed["valid_to"] == MAR(6) and closed["superseded_by"] == statement["memory_id"]
    assert statement["valid_to"] is None


def test_a_tentative_statement_closes_at_the_next_tentative_one_but_never_a_statement():
    first = episode("My boyfriend Dan and I are doing a cooking night", 1, "a", "relationship_status", "tentative")
    again = episode("can't believe my husband ate sardines every day", 4, "b", "relationship_status", "tentative")
    fact = candidate("User works at Acme.", "employer", day=1, session="c", message_id="c:1")
    aside = episode("the commute to Acme is brutal lately", 5, "d", "employer", "tentative")
    history = resolved(first, again, fact, aside)
    closed = history.filter(pl.col("content") == first["content"]).row(0, named=True)
    later = history.filter(pl.col("content") == again["content"]).row(0, named=True)
    assert closed["valid_to"] == MAR(4) and closed["superseded_by"] == later["memory_id"]
    assert later["valid_to"] is None
    assert _current(history, "employer") == ["User works at Acme."]  # a tentative one closes no statement
    assert closed_only_with_reason(history).passed


def test_a_value_restated_after_another_statement_starts_a_new_period():
    """Tyrell, an asserting episode on the same topic, Tyrell again: three periods, never a restatement that
    would take the first period's end (its valid time would close before it starts)."""
    first = candidate("User works at Tyrell.", "employer", day=1, session="a", message_id="a:1")
    between = episode("work keeps getting in the way", 2, "b", "employer", "assertion")
    again = candidate("User works at Tyrell.", "employer", day=7, session="c", message_id="c:1")
    history = resolved(first, between, again)
    assert history["merged_into"].is_null().all()
    assert _current(history, "employer") == ["User works at Tyrell."]
    periods = history.filter(on_timeline()).sort("valid_from")
    assert periods["valid_to"].to_list() == [MAR(2), MAR(7), None]
    for invariant in (one_current_per_single_topic, no_overlapping_intervals, closed_only_with_reason):
        assert invariant(history).passed


def test_talk_about_a_change_right_after_its_value_does_not_close_the_value():
    renamed = candidate("用户的名字是语桐", "name", day=5, session="b", message_id="b:1")
    paperwork = episode("改名手续真的跑断腿，银行卡社保还得一个个改", 5, "b", "name", "assertion") | {
        "source_message_ids": ["b:3"],
        "valid_from": MAR(5, 10),
    }
    history = resolved(renamed, paperwork)
    assert _current(history, "name") == ["用户的名字是语桐"]
    assert history.filter(pl.col("content") == paperwork["content"])["mood"].to_list() == ["tentative"]
    # a day later the same words are a statement of their own and close the value
    later = paperwork | {"source_message_ids": ["c:1"], "session_id": "c", "valid_from": MAR(7)}
    assert _current(resolved(renamed, later), "name") == [later["content"]]


def said_later(text, topic, session="b", message="b:3", context=None):
    """An asserting episode on `topic` said the same day, an hour after `episode(..., 5, session)`."""
    return episode(text, 5, session, topic, "assertion") | {
        "source_message_ids": [message],
        "valid_from": MAR(5, 10),
        "context": context,
    }


def test_talk_after_a_statement_in_its_conversation_does_not_close_it_unless_it_shows_the_value():
    promoted = episode("ever since the promotion to senior PM my calendar is chaos", 5, "b", "job_title", "assertion")
    aside = said_later("I have 4 direct reports now too", "job_title")
    history = resolved(promoted, aside)
    assert _current(history, "job_title") == [promoted["content"]]
    assert history.filter(pl.col("content") == aside["content"])["mood"].to_list() == ["tentative"]
    # the same words in the next conversation are a statement of their own
    later = aside | {"source_message_ids": ["c:1"], "session_id": "c", "valid_from": MAR(7)}
    assert _current(resolved(promoted, later), "job_title") == [later["content"]]
    evening = aside | {"source_message_ids": ["d:1"], "session_id": "d", "valid_from": MAR(5, 20)}
    assert _current(resolved(promoted, evening), "job_title") == [evening["content"]]
    # a reply that shows its topic's value is the value, not talk about the change: it closes the first
    lost = episode("so my phone took a swim in the lake on saturday. rip", 5, "b", "phone", "assertion")
    number = said_later("yeah it's 773 555 0192 now, the old one is gone", "phone")
    assert _current(resolved(lost, number), "phone") == [number["content"]]
    reminders = episode("最近调到夜班了，整个人都是懵的", 5, "b", "contact_time", "assertion")
    window = said_later("所以提醒时间也改一下，下午四点以后再发", "contact_time")
    assert _current(resolved(reminders, window), "contact_time") == [window["content"]]


def test_an_answer_to_the_assistants_question_in_that_conversation_is_the_value_not_talk():
    notice = episode("so I handed in my notice today. feels weird", 5, "b", "employer", "assertion")
    asked = "assistant: That's a big step! Do you have something lined up, or are you taking a break?"
    answer = said_later("lined up yeah, Tamsin Health, I start on the 15th", "employer", context=asked)
    assert _current(resolved(notice, answer), "employer") == [answer["content"]]
    # without the question, what follows a value in its conversation is talk about it
    started = episode("so I started at Brightwater today. feels weird", 5, "b", "employer", "assertion")
    told = answer | {"context": "assistant: Congratulations on the new job, that's a big step."}
    assert _current(resolved(started, told), "employer") == [started["content"]]


def test_what_follows_a_retraction_in_its_conversation_is_the_new_value_not_talk():
    left = candidate("User no longer works at Halvorsen.", "employer", day=5, session="b", message_id="b:1") | {
        "retraction": True
    }
    answer = said_later("Brightwater Health, the hospital network. analytics again", "employer")
    assert _current(resolved(left, answer), "employer") == [answer["content"]]
    # after a value, the same words are talk about it
    joined = left | {"content": "User works at Halvorsen.", "retraction": False}
    assert _current(resolved(joined, answer), "employer") == ["User works at Halvorsen."]
    # ... and after a message that only ended the old one, they are the new value, asked or not
    notice = episode("so I handed in my notice today. feels weird", 5, "b", "employer", "assertion")
    assert _current(resolved(notice, answer), "employer") == [answer["content"]]
    # ... though what follows the new value is talk about it again
    after = said_later("the commute to Brightwater is rough though", "employer", message="b:5") | {
        "valid_from": MAR(5, 11)
    }
    assert _current(resolved(notice, answer, after), "employer") == [answer["content"]]
    # ... as is a change named after talk that gave no value ("anyway picked up a 2021 Outback")
    wreck = episode(
        "so remember the civic? the insurer is still dragging its feet on it", 5, "b", "vehicle", "assertion"
    )
    bought = said_later("the irony lol. anyway picked up a certified pre-owned 2021 Outback yesterday", "vehicle")
    assert _current(resolved(wreck, bought), "vehicle") == [bought["content"]]


def test_what_the_user_drinks_now_supersedes_their_old_order_and_someone_elses_order_does_not():
    black = episode("我一般只喝冰美式 不加糖不加奶", 1, "a", "drink", "assertion")
    friend = episode("同事最近迷上生椰拿铁了 天天一杯", 3, "b", "drink", "third_party")
    oolong = episode("咖啡已经彻底戒了！现在在办公室泡一壶乌龙", 6, "c", "drink", "assertion")
    assert _current(resolved(black, friend), "drink") == [black["content"]]
    assert _current(resolved(black, friend, oolong), "drink") == [oolong["content"]]
