"""A way of writing called off after its name, a script of Chinese as an answer language of its own, a wish only
weighed for later, and the posts and languages of trades the rules did not know."""

from __future__ import annotations

from datetime import datetime

import pytest

from pipelines.core.schemas import Kind
from pipelines.extract.rules.engine import extract_message
from tests.support.messages import user_message


def _said(text: str) -> list[tuple[str, str, str, bool]]:
    found = extract_message(user_message(text, datetime(2025, 10, 14)))
    return [(m.kind.value, m.topic, m.content, m.retracts) for m in found if m.kind is not Kind.TASK]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("那个 表格还是别用了 我都是手机上看 左右划来划去烦死了", "用户不再需要用表格回答"),
        ("表格不用再做了哈，学校这学期不让用PPT了，全改板书😂 你就随便正常回答就行", "用户不再需要用表格回答"),
        (
            "tables aren't needed anymore, I read everything on my phone",
            "User no longer wants answers written with tables.",
        ),
        ("I don't need the bullet points anymore, thanks", "User no longer wants answers written with bullet points."),
    ],
)
def test_a_way_of_writing_named_and_then_called_off_ends_it_and_is_no_wish_for_it(text, ended):
    assert _said(text) == [("preference", "output_format", ended, True)]


@pytest.mark.parametrize(
    "text",
    [
        "以后回答表格不用太复杂",  # a table still wanted, only simpler
        "以后回答尽量做成表格吧，我好直接贴进PPT里",
    ],
)
def test_a_table_still_wanted_is_still_a_wish_for_tables(text):
    assert _said(text) == [("preference", "output_format", "用户偏好表格形式的回答", False)]


def test_a_way_of_writing_not_needed_for_one_answer_is_no_retraction():
    assert _said("I don't need tables for this one") == []


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("我来香港上班快一个月了，同事写东西全是繁体。以后你回我就用繁体中文吧，当练习", "用户希望用繁体中文回答"),
        ("以后用繁体回我", "用户希望用繁体回答"),
        ("from now on reply in traditional Chinese please", "User wants answers in traditional Chinese."),
    ],
)
def test_a_script_of_chinese_is_an_answer_language_of_its_own(text, wanted):
    # (a wish for "中文" before it is another value, which this one supersedes)
    assert ("preference", "language", wanted, False) in _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "我打算下个月报个英语班 到时候可能让你全用英文回我 逼自己一把 哈哈 不晓得能坚持几天",
        "maybe once the course starts I'll have you answer in Spanish, we'll see",
    ],
)
def test_a_wish_for_an_answer_language_only_weighed_for_later_is_no_wish_yet(text):
    assert not [said for said in _said(text) if said[1] == "language"]


@pytest.mark.parametrize(
    ("text", "post"),
    [
        ("我就是个普通坐席 一线接电话的 在一个汽车品牌的400热线 想问问周报怎么写", "用户的职位是普通坐席"),
        ("我是个焊工，在工地上干了五年", "用户的职位是焊工"),
    ],
)
def test_the_posts_of_call_centres_and_sites_are_job_titles(text, post):
    assert ("fact", "job_title", post, False) in _said(text)


def test_the_home_tongues_of_china_are_languages_the_user_speaks():
    said = _said("我是水手长，厦门人，普通话闽南话都溜，英语凑合能跟菲律宾兄弟聊。")
    assert ("skill", "languages", "用户会说普通话和闽南话", False) in said


@pytest.mark.parametrize(
    "text",
    [
        # a post someone else heard of for the user's next contract is a rumour
        "老李说他听机务讲，下个合同要提我当轮机长。我觉得悬，文件没下来都是瞎扯",
        # what a crowd congratulated the user on, the user denies
        "笑死 我发了张照片到朋友圈，一堆人来恭喜我结婚，我没结婚啊！！是陪闺蜜试纱顺手试了一件",
    ],
)
def test_what_others_say_of_the_user_is_no_fact_of_the_users(text):
    assert not [said for said in _said(text) if said[1] in ("job_title", "relationship_status")]


def test_the_answer_language_named_bare_and_dropped_ends_it_and_a_class_dropped_does_not():
    assert _said("ok mom flew back to Bogotá yesterday so you can drop the spanish, no need anymore 🙏") == [
        ("preference", "language", "User no longer wants answers in Spanish.", True)
    ]
    assert _said("I might drop the spanish class next term") == []
