"""Whose a value is and what words name it: a relative's or a colleague's change, a wish said inside its own ending,
a word of another sense ("lab reports", "住院医") is no fact of the user's; titles, endings and courtships said the
way people say them are."""

from __future__ import annotations

from datetime import datetime

import pytest

from pipelines.extract.rules.engine import extract_message
from tests.support.messages import user_message


def _said(text: str) -> list[tuple[str, str, bool]]:
    return [(m.topic, m.content, m.retracts) for m in extract_message(user_message(text, datetime(2025, 10, 14)))]


@pytest.mark.parametrize(
    "text",
    [
        "而且公婆上个月从乐山搬来成都了，就住我们隔壁小区，以后带娃有帮手了",
        "我们班主任换邮箱了，新的是 li.teacher@example.org，以后发给她得用这个。",
        "我们这儿的助理小何换邮箱了，新的是xiaohe@example.org，给客户发个通知",
        "My son was here Sunday, and he says I ought to have you write me long, detailed explanations.",
        "as a TA for intro CS i have 40 lab reports to grade this weekend",
        "这周末去看了问界M7，差点就定了，老婆说再等等",
        "住院医第三年，24小时值下来脑子糊的",
        "yesterday was my last day of vacation",
    ],
)
def test_someone_elses_value_or_a_word_of_another_sense_is_no_memory(text):
    assert _said(text) == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # a wish said inside its own ending is what the ending ends
        ("以后就不用英文回答了。", ("language", "用户不再需要用英文回答", True)),
        ("以后用英文回答吧", ("language", "用户希望用英文回答", False)),
        # titles given, the way people say it
        ("我三月份被提成产品总监，整个部门的事都压过来。", ("job_title", "用户的职位是产品总监", False)),
        ("上礼拜社区换届，大伙儿选我当了会长", ("job_title", "用户的职位是会长", False)),
        ("我升PM了", ("job_title", "用户的职位是PM", False)),
        ("会上宣布主治聘上了，下个月开始带一个组", ("job_title", "用户的职位是主治", False)),
        # a job ended, the way people say it
        ("last Friday was my final day at the library.", ("employer", "User left their job.", True)),
        ("辞了，去了家私立", ("employer", "用户已离职", True)),
        # a company named with a shout after it, or by its team
        ("first week at Spotify DONE. onboarding was intense", ("employer", "User works at Spotify.", False)),
        ("I've been on Shopify's payments team for 3 yrs.", ("employer", "User works at Shopify.", False)),
        # a courtship said the old way
        (
            "I've been stepping out with Leonard, a retired mailman",
            ("relationship_status", "User is in a relationship.", False),
        ),
        # the controls: the same words of the user's own
        ("we have two dogs lol", ("pets", "User has two dogs.", False)),
        ("那就用方案B吧", ("plan", "用户决定用方案B", False)),
    ],
)
def test_what_the_user_says_of_their_own(text, said):
    assert said in _said(text)


def test_a_rank_given_to_someone_else_is_no_title_of_the_users():
    assert all(topic != "job_title" for topic, _, _ in _said("我老公副教授评上了"))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # a home given back, or none now
        ("gave back the keys, everything's in a storage unit", ("residence", "User has no fixed home now.", True)),
        ("Handed the keys back last week, so no flat anywhere now", ("residence", "User has no fixed home now.", True)),
        (
            "Doing the slow travel thing for a year, no fixed address.",
            ("residence", "User has no fixed home now.", True),
        ),
        ("living out of two backpacks.", ("residence", "User has no fixed home now.", True)),
        # where the user is now, after a move told before it
        (
            "we've left Arizona altogether, so now we're in Santa Fe, little casita",
            ("residence", "User lives in Santa Fe.", False),
        ),
        # a name asked for, said short, or printed on the new papers (an emoji closing the clause is punctuation)
        ("Would you mind using Mimi with me as well?", ("name", "User's name is Mimi.", False)),
        ("the unit started calling me DJ. just go with DJ, Dee feels weird now", ("name", "User's name is DJ.", False)),
        ("我去派出所把名字改了，现在身份证上是陈知夏了🎉", ("name", "用户的名字是陈知夏", False)),
        # answers in a language put aside
        ("英文那事先放一放吧，不用再英文回我了。", ("language", "用户不再需要用英文回答", True)),
        # the organisation named with the user's department
        ("帮我写个换班申请发给护士长，我在仁和医院心内科，下周六想换个班", ("employer", "用户在仁和医院工作", False)),
        # where to reach the user, whoever reaches
        ("people can text me at 206-555-0178 for swaps", ("phone", "User's phone number is 206-555-0178.", False)),
    ],
)
def test_what_the_user_says_of_their_own_in_chat(text, said):
    assert said in _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "now I'm in Denver for the weekend",
        "my sister gave back the keys",
        "just go with Tuesday.",
        "我妈在仁和医院心内科",
        "my sister's number is 206-555-0178",
        "switching carriers next wk n getting a new number, 206-555-0178",
        "A personal issue at the shop. Luis, my presser for 9 years, just got divorced and he is a mess",
        "还有个事，对门老邓两口子把房子卖了，搬到海口养老去了",
        "我家老头子换了个新号，188 0000 6610，你也帮他记一下",
        "我妈换了个新号 139 0000 5521",
    ],
)
def test_a_stay_someone_elses_value_or_a_plan_is_no_memory_in_chat(text):
    assert _said(text) == []


def test_a_way_of_answering_someone_else_wants_is_no_preference_of_the_users():
    text = (
        "lol my manager saw me using you and said I should make you answer in flowing paragraphs because "
        "'numbered lists are for children'. she can get her own assistant."
    )
    assert all(topic != "output_format" for topic, _, _ in _said(text))
    assert ("output_format", "User prefers answers formatted as numbered lists.", False) in _said(
        "can you use numbered lists from now on"
    )
