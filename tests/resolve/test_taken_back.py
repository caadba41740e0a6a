"""A change taken back in a later conversation becomes the topic's statement and closes the change."""

from datetime import UTC, datetime

import polars as pl

from pipelines.core.timeline import on_timeline
from pipelines.resolve.dedup import collapse_by_id
from pipelines.resolve.invariants import closed_only_with_reason, no_overlapping_intervals, one_current_per_single_topic
from pipelines.resolve.resolution import is_current, resolve
from tests.support.candidate_rows import candidate, memories
from tests.support.raw_logs import MAR


def episode(text, day, session, topic="episode", mood=None, user="u1", mentions=None):
    row = candidate(text, topic, kind="episode", day=day, session=session, message_id=f"{session}:1")
    return row | {"mood": mood, "user_id": user, "mentions": mentions}


def resolved(*rows, now=MAR(30)):
    return resolve(collapse_by_id(memories(list(rows))), now)


def _row(history, content):
    return history.filter(pl.col("content") == content).row(0, named=True)


def _current(history, topic):
    return history.filter(is_current() & on_timeline() & (pl.col("topic") == topic))["content"].to_list()


STUDIES = "third year history at Leeds, essays are killing me"
TRANSFERS = "huge news, I'm transferring to Glasgow in september!!"
SCRAPS = "scrap the whole glasgow thing, the funding didn't come through. staying at Leeds"


def test_a_change_called_off_in_a_later_conversation_is_closed_by_the_take_back():
    history = resolved(
        episode(STUDIES, 1, "a", "school", "assertion"),
        episode(TRANSFERS, 5, "b", "school", "assertion"),
        episode(SCRAPS, 12, "c", "employer", "assertion"),  # misread as a job; the change it calls off tells
    )
    scrapped = _row(history, SCRAPS)
    assert (scrapped["topic"], scrapped["mood"]) == ("school", "assertion")
    assert _row(history, TRANSFERS)["valid_to"] == MAR(12)
    assert _current(history, "school") == [SCRAPS]
    for invariant in (one_current_per_single_topic, no_overlapping_intervals, closed_only_with_reason):
        assert invariant(history).passed


def test_a_plan_called_off_by_its_name_and_a_distilled_change_called_off_on_its_topic_in_chinese():
    plan = episode("差不多定了，八月搬去昆明，那边学校给了我offer", 3, "b", "residence", "plan")
    off = "昆明那边泡汤了，学校编制冻结了，继续在贵阳待着"
    history = resolved(plan, episode(off, 20, "c", "episode", "third_party"))
    assert (_row(history, off)["topic"], _row(history, off)["mood"]) == ("residence", "assertion")
    car = candidate("用户开一辆老捷达", "vehicle", day=1, session="a", message_id="a:1")
    new_car = candidate("用户开比亚迪海豹", "vehicle", day=4, session="b", message_id="b:1")
    kept = "车没换成，定金退了，捷达再凑合两年"
    history = resolved(car, new_car, episode(kept, 9, "c", "vehicle", "third_party"))
    assert _current(history, "vehicle") == [kept]
    assert _row(history, "用户开比亚迪海豹")["valid_to"] == MAR(9)


def test_a_take_back_speaks_to_the_change_by_a_topic_it_mentions_in_passing():
    lives = episode("moved to Halifax last month, still unpacking", 2, "a", "residence", "assertion")
    plan = episode("signing a lease on a flat in Moncton next week", 6, "b", "residence", "plan")
    off = "never mind all that, the job there froze its hiring, staying put with my team"
    history = resolved(lives, plan, episode(off, 10, "c", "employer", "tentative", mentions=["residence"]))
    assert (_row(history, off)["topic"], _row(history, off)["mood"]) == ("residence", "assertion")


def test_a_change_read_only_weakly_is_called_off_too():
    lives = episode("我在成都开了个小工作室，十几个人", 1, "a", "residence", "assertion")
    weak = episode("决定了，下个月搬昆明！那边客户多", 5, "b", "residence", "tentative")
    off = "昆明不去了😂 团队一大半人不想离开成都"
    history = resolved(lives, weak, episode(off, 9, "c"))
    assert (_row(history, off)["topic"], _row(history, off)["mood"]) == ("residence", "assertion")


def test_of_one_messages_statements_the_take_back_closes_the_one_read_surely():
    lives = candidate("用户住在苏州园区", "residence", day=1, session="a", message_id="a:1")
    move = "决定了！月底搬去男朋友吴江那套房子，一起住～ 搬家要准备啥"
    moved = candidate("用户住在男朋友吴江那套房子", "residence", day=5, session="b", message_id="b:1")
    couple = episode(move, 5, "b", "relationship_status", "tentative")
    off = "搬家取消了。冷静下来觉得还是先各住各的，我继续住园区这边"
    history = resolved(lives, moved, couple, episode(off, 9, "c", "relationship_status", "tentative"))
    assert _row(history, off)["topic"] == "residence"
    assert _row(history, "用户住在男朋友吴江那套房子")["valid_to"] == MAR(9)


def test_a_take_back_that_speaks_to_nothing_the_change_said_changes_nothing():
    lives = episode("moved to Halifax last month, still unpacking", 2, "a", "residence", "assertion")
    pizza = "never mind the pizza, the oven died"
    history = resolved(lives, episode(pizza, 9, "b"))
    assert _row(history, pizza)["topic"] == "episode"
    assert _current(history, "residence") == [lives["content"]]


def test_only_a_change_can_be_called_off():
    first = episode("I live in Denver, it's lovely", 2, "a", "residence", "assertion")  # the first value stated
    game = "the Denver game got called off, snow"
    history = resolved(first, episode(game, 9, "b"))
    assert _row(history, game)["topic"] == "episode"
    assert _current(history, "residence") == [first["content"]]


def test_a_change_already_taken_back_in_its_conversation_is_not_taken_back_again():
    lives = episode("moved to Halifax last month, still unpacking", 2, "a", "residence", "assertion")
    voided = episode("thinking of moving to Moncton actually", 6, "b", "residence", "negated")
    again = "yeah Moncton is off, forget it"
    history = resolved(lives, voided, episode(again, 10, "c"))
    assert _row(history, again)["topic"] == "episode"
    assert _current(history, "residence") == [lives["content"]]


def test_a_take_back_long_after_the_change_or_of_another_user_or_asked_changes_nothing():
    studies, transfers = (
        episode(STUDIES, 1, "a", "school", "assertion"),
        episode(TRANSFERS, 3, "b", "school", "assertion"),
    )
    late = episode(SCRAPS, 12, "c") | {"valid_from": datetime(2026, 7, 1, 9, tzinfo=UTC)}
    history = resolved(studies, transfers, late, now=datetime(2026, 7, 2, tzinfo=UTC))
    assert _row(history, SCRAPS)["topic"] == "episode" and _current(history, "school") == [TRANSFERS]
    other = resolved(studies, transfers, episode(SCRAPS, 12, "c", user="u2"))
    assert _row(other, SCRAPS)["topic"] == "episode"
    asked = "should I scrap the whole glasgow thing?"
    history = resolved(studies, transfers, episode(asked, 12, "c", "school", "question"))
    assert _row(history, asked)["mood"] == "question" and _current(history, "school") == [TRANSFERS]


def _school_after(transfer, taker):
    """The current school after "2nd year at Berklee", a transfer and, a week later, a message misread as a home."""
    return _current(
        resolved(
            episode("2nd year at Berklee, film scoring major", 1, "a", "school", "assertion"),
            episode(transfer, 5, "b", "school", "assertion"),
            episode(taker, 12, "c", "residence", "assertion"),
        ),
        "school",
    )


def test_a_change_named_by_three_capitals_is_called_off_by_them():
    moves = "decision made: transferring to NEC in the fall. their composition faculty is unreal"
    stays = "ok scratch the NEC thing. Berklee came through with a bigger scholarship. staying put"
    assert _school_after(moves, stays) == [stays]
    # chat in capitals names nothing
    moves = "decision made: transferring to Tufts in the fall OMG"
    assert _school_after(moves, "ok scratch that OMG thing, staying put") == [moves]
