"""A rule the user set for the assistant, named and dropped in one message, ends that preference."""

from __future__ import annotations

from datetime import datetime

import pytest

from pipelines.extract.rules.engine import extract_message
from tests.support.messages import user_message


def _said(text: str) -> list[tuple[str, str, bool]]:
    return [(m.topic, m.content, m.retracts) for m in extract_message(user_message(text, datetime(2025, 10, 14)))]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        # named in one clause, dropped in the next: the naming clause is no wish for short answers
        (
            "hey so that super-short-answers rule I gave you, drop it. I'm studying for the CFA now",
            ("answer_length", "User no longer wants a limit on answer length.", True),
        ),
        (
            "ok you can drop the 3 sentence thing btw, the watch died",
            ("answer_length", "User no longer wants a limit on answer length.", True),
        ),
        (
            "hey can we drop the spanish thing? the trip got pushed to next year",
            ("language", "User no longer wants answers in Spanish.", True),
        ),
        (
            "hey so about the spanish-only rule, let's drop it. work is insane right now",
            ("language", "User no longer wants answers in Spanish.", True),
        ),
        ("之前那个一百字的限制取消吧，有些问题一百字根本说不清", ("answer_length", "用户不再限制回答长度", True)),
        ("英文回复那个要求不用了", ("language", "用户不再需要用英文回答", True)),
        (
            "You don't have to stick to that short-reply rule anymore, "
            "just answer with however much the question needs.",
            ("answer_length", "User no longer wants a limit on answer length.", True),
        ),
        ("之前让你回答别超过100字，这个限制取消吧，有时候讲不清楚", ("answer_length", "用户不再限制回答长度", True)),
        # the rule pointed at as what was asked before
        ("之前让你回短点那个作废哈，最近在研究基金，正常回就行", ("answer_length", "用户不再限制回答长度", True)),
        # a way of writing dropped: it is no wish for it
        (
            "表格在手机上左右划好难受……之前说的那个都用表格的要求作废吧，你自己看着办就行",
            ("output_format", "用户不再需要用表格回答", True),
        ),
        ("表格就不用了，直接说结论", ("output_format", "用户不再需要用表格回答", True)),
        (
            "ok weird request but can you stop with the bullet points? they feel like reading a powerpoint",
            ("output_format", "User no longer wants answers written with bullet points.", True),
        ),
        # a bare "no" that closes its phrase
        ("no tables unless I ask", ("output_format", "User no longer wants answers written with tables.", True)),
        # the matter pointed at, and what the assistant need not do any more
        ("那个表格的事不用了哈 现在不用往群里发了 你正常回就行", ("output_format", "用户不再需要用表格回答", True)),
        (
            "grandma flew back to taipei. u dont have to do the chinese thing anymore btw, it was fun",
            ("language", "User no longer wants answers in Chinese.", True),
        ),
        # a time to be reached at, named as what was said before and let go
        (
            "厂里效益不行，我们车间停工了，这几个月都在家。之前说的九点以后那个不用管了，啥时候找我都行",
            ("contact_time", "用户不再限定联系时间", True),
        ),
        (
            "drop the after 9pm rule, I'm home all day now",
            ("contact_time", "User no longer has a preferred time to be contacted.", True),
        ),
        # a limit named by its lines, and no need to keep to it: no wish for short answers
        (
            "hired a second guy so I have time now. you can drop the 2-3 lines thing, "
            "no need to keep it that short anymore",
            ("answer_length", "User no longer wants a limit on answer length.", True),
        ),
    ],
)
def test_a_rule_named_and_dropped_ends_its_preference(text, ended):
    assert _said(text) == [ended]


def test_a_new_value_said_beside_the_dropped_rule_wins():
    said = "hey so about the spanish-only rule, let's drop it. reply in English again"
    assert _said(said) == [("language", "User wants answers in English.", False)]


@pytest.mark.parametrize(
    "text",
    [
        "should I drop the spanish thing?",
        "drop the kids thing",
        "we had to cancel the wedding thing",
        "should I stop with the bullet points?",
        "那个算了 不买了",
        "no tables needed for this one, just the number",
        "同事说搬家的事算了",
    ],
)
def test_a_rule_weighed_or_about_nothing_the_assistant_does_ends_nothing(text):
    assert _said(text) == []


def test_a_ceiling_in_characters_is_a_length_only_for_answers():
    assert _said("你回答太啰嗦了，以后控制在一百字以内") == [("answer_length", "用户偏好简洁的回答", False)]
    assert _said("这篇作文要写八百字以内") == []


def test_the_rule_named_next_to_its_dropping_is_the_one_dropped():
    # the evening is when the user reads now; the three lines are the rule
    said = "最近请了个徒弟看店，我晚上有空慢慢看了，之前说的三行那个限制就不用了"
    assert _said(said) == [("answer_length", "用户不再限制回答长度", True)]
    assert _said("之前让你回答别超过100字，这个限制取消吧") == [("answer_length", "用户不再限制回答长度", True)]
