"""Facts whose value is in another turn: a change announced without a value, then given; "there"/"那边"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pipelines.core.schemas import Message
from pipelines.extract.rules.engine import RulesExtractor

T0 = datetime(2026, 3, 3, 10, 0, tzinfo=UTC)


def session(*turns: tuple[str, str]) -> list[Message]:
    return [
        Message(
            message_id=f"s1:{i}",
            agent_id="bot",
            user_id="u1",
            session_id="s1",
            msg_seq=i,
            role=role,
            content=text,
            ts=T0 + timedelta(minutes=i),
        )
        for i, (role, text) in enumerate(turns, 1)
    ]


def facts(*turns: tuple[str, str]) -> list[tuple[str, str, list[str]]]:
    return [(m.topic, m.content, m.source_message_ids) for m in RulesExtractor().extract_session(session(*turns))]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the value in the next user turn, after the assistant asked for it
        (
            [
                ("user", "Heads up, my number changed."),
                ("assistant", "What's the new one?"),
                ("user", "It's 555-0142."),
            ],
            [("phone", "User's phone number is 555-0142.", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "我换号了"), ("assistant", "新号码是多少？"), ("user", "199 0000 1234")],
            [("phone", "用户的电话是199 0000 1234", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "We finally moved last month!"), ("assistant", "Congrats! Where to?"), ("user", "Lisbon")],
            [("residence", "User lives in Lisbon.", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "我搬家了"), ("assistant", "搬到哪了？"), ("user", "杭州")],
            [("residence", "用户住在杭州", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "I changed jobs"), ("assistant", "Where are you now?"), ("user", "At Globex now")],
            [("employer", "User works at Globex.", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "我跳槽了"), ("assistant", "去哪家了？"), ("user", "美团")],
            [("employer", "用户在美团工作", ["s1:1", "s1:3"])],
        ),
        # a value with its own cue needs no question; the same message's next clause counts
        (
            [("user", "I got a new email"), ("assistant", "Okay."), ("user", "sam.lee@example.org")],
            [("email", "User's email is sam.lee@example.org.", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "My number changed, it's (555) 010-4477")],
            [("phone", "User's phone number is (555) 010-4477.", ["s1:1"])],
        ),
        # a number lost with the phone, given two user turns later
        (
            [
                ("user", "dropped my phone in the lake. new phone, new number, ugh"),
                ("assistant", "Oh no! Tell me the new number when you have it."),
                ("user", "hang on, it's in my other tab"),
                ("assistant", "No rush."),
                ("user", "628-555-0193"),
            ],
            [("phone", "User's phone number is 628-555-0193.", ["s1:1", "s1:5"])],
        ),
        (
            [
                ("user", "new sim and they couldn't port the old number"),
                ("assistant", "Sorry!"),
                ("user", "ok it's 503 555 0187"),
            ],
            [("phone", "User's phone number is 503 555 0187.", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "手机掉水里了，旧号码没能保留"), ("assistant", "新号是多少？"), ("user", "138 0000 5521")],
            [("phone", "用户的电话是138 0000 5521", ["s1:1", "s1:3"])],
        ),
        # "there" / "那边" is the place or company named just before, by either speaker
        (
            [
                ("user", "My sister lives in Lisbon."),
                ("assistant", "Nice city."),
                ("user", "I moved there last month."),
            ],
            [("residence", "User lives in Lisbon.", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "我姐姐住在杭州。"), ("assistant", "好地方"), ("user", "我上个月也搬到那边了")],
            [("residence", "用户住在杭州", ["s1:1", "s1:3"])],
        ),
        (
            [("user", "My friend works at Stripe."), ("user", "I just started there too!")],
            [("employer", "User works at Stripe.", ["s1:1", "s1:2"])],
        ),
    ],
)
def test_a_value_said_in_another_turn_completes_the_change(turns, expected):
    assert [f for f in facts(*turns) if f[0] != "plan"] == expected


@pytest.mark.parametrize(
    "turns",
    [
        # someone else's move, a plan, a reply that is not a value, a value with no question or cue, a moved meeting
        [("user", "My sister moved last week"), ("assistant", "Where to?"), ("user", "Denver")],
        [("user", "I might move next year"), ("assistant", "Where to?"), ("user", "Denver")],
        [("user", "我搬家了"), ("assistant", "恭喜！"), ("user", "累死了")],
        [("user", "我搬家了"), ("assistant", "搬到哪了？"), ("user", "还没定呢")],
        [("user", "We finally moved last month!"), ("assistant", "Congrats!"), ("user", "Lisbon is lovely")],
        [("user", "I moved the meeting"), ("assistant", "To when?"), ("user", "to Friday")],
        # the value comes too late: two more user turns went by
        [
            ("user", "I moved!"),
            ("user", "so tired"),
            ("user", "boxes everywhere"),
            ("assistant", "Where?"),
            ("user", "Denver"),
        ],
        # "there" with nothing named before it
        [("user", "I moved there last month.")],
    ],
)
def test_what_does_not_complete_a_change_states_nothing(turns):
    assert facts(*turns) == []


def test_a_turn_that_states_its_own_value_is_not_completed_from_the_next():
    found = facts(("user", "I moved to Porto"), ("assistant", "Where exactly?"), ("user", "Lisbon"))
    assert found == [("residence", "User lives in Porto.", ["s1:1"])]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # nothing opened the topic: the assistant's question does, and the answer leads the next user turn
        (
            [
                ("user", "flew in yesterday, the movers bring our stuff thursday"),
                ("assistant", "Congrats on the move! Which city did you end up in?"),
                ("user", "halifax, north end. its gorgeous"),
            ],
            [("residence", "User lives in halifax.", ["s1:3"])],
        ),
        (
            [
                ("user", "they couldnt port my old number so its a different one now"),
                ("assistant", "That's annoying! What's the new number?"),
                ("user", "(520) 555-0193"),
            ],
            [("phone", "User's phone number is (520) 555-0193.", ["s1:3"])],
        ),
        (
            [
                ("user", "我那个号不用了"),
                ("assistant", "明白，那新号码是多少？"),
                ("user", "159 0000 8312，以后都打这个"),
            ],
            [("phone", "用户的电话是159 0000 8312", ["s1:3"])],
        ),
        # a reply that opens with a filler answers in its first clause that says something
        (
            [
                ("user", "what's a good weekend hike near here?"),
                ("assistant", "Where are you based these days, so I can suggest something in range?"),
                ("user", "oh right, Halifax, moved in may"),
            ],
            [("residence", "User lives in Halifax.", ["s1:3"])],
        ),
        # "headed" fits a move and a job: the talk before it was about work
        (
            [
                ("user", "hit 3 years and put in my two weeks, leaving the company"),
                ("assistant", "Nice timing! Where are you headed next?"),
                ("user", "Fennimore Health, the hospital group. data analyst there."),
            ],
            [("employer", "User works at Fennimore Health.", ["s1:3"])],
        ),
        # "address" fits a home and an inbox: the answer's shape says which
        (
            [
                ("user", "heads up, the old one is going away"),
                ("assistant", "Thanks! What address should I use instead?"),
                ("user", "m.ito@example.net from now on"),
            ],
            [("email", "User's email is m.ito@example.net.", ["s1:3"])],
        ),
    ],
)
def test_the_assistants_question_opens_the_topic_its_answer_completes(turns, expected):
    assert [f for f in facts(*turns) if f[0] != "plan"] == expected


@pytest.mark.parametrize(
    "turns",
    [
        [("user", "just got back"), ("assistant", "Which city did you end up in?"), ("user", "not sure yet")],
        [("user", "long day"), ("assistant", "Where are you headed next?"), ("user", "Boston")],  # a move or a job?
        # the answer must lead the very next user turn
        [
            ("user", "new job soon"),
            ("assistant", "Which company?"),
            ("user", "can't say yet"),
            ("assistant", "ok"),
            ("user", "Initech"),
        ],
    ],
)
def test_no_value_without_a_clear_answer_to_a_clear_question(turns):
    assert [f for f in facts(*turns) if f[0] in ("residence", "employer")] == []


def test_what_comes_next_after_an_ending_asks_for_the_ended_topic():
    left = ("user", "so today was my last day, the team did a whole goodbye lunch. six years man")
    answer = ("user", "brightwater health, analytics team. starting monday")
    assert facts(left, ("assistant", "Six years is a long stretch. What's next for you?"), answer) == [
        ("employer", "User left their job.", ["s1:1"]),
        ("employer", "User works at brightwater health.", ["s1:3"]),
    ]
    # "where are you headed next?" fits a move and a job: the job the user just left decides, even when the talk's
    # words are as much about a move
    asked = ("assistant", "Big change! Are you moving too, new apartment and all? Where are you headed next?")
    assert facts(left, asked, answer)[-1] == ("employer", "User works at brightwater health.", ["s1:3"])
    tied = ("assistant", "Are you moving too? New city? Where are you headed next?")  # as many words of each
    assert facts(left, tied, answer)[-1] == ("employer", "User works at brightwater health.", ["s1:3"])
    # with nothing ended, "what's next?" asks for no topic, even after a value was stated
    assert facts(("user", "wrapped up the quarterly report"), ("assistant", "Nice! What's next?"), answer) == []
    said = facts(("user", "I work at Acme and love it"), ("assistant", "Nice! What's next?"), answer)
    assert said == [("employer", "User works at Acme.", ["s1:1"])]
    zh = facts(
        ("user", "今天最后一天，散伙饭吃完了"),
        ("assistant", "辛苦啦！接下来打算干啥？"),
        ("user", "蓝鲸物流，下周一报到"),
    )
    assert zh[-1] == ("employer", "用户在蓝鲸物流工作", ["s1:3"])
    # ... and so does a guess at it: "So you're heading to Tessaro next?" — "yep, tessaro health, I start tuesday"
    guessed = facts(
        ("user", "farewell lunch, the team got me a cake that said 'dont forget us when ur rich at Tessaro'"),
        ("assistant", "Seven years is a long run! So you're heading to Tessaro next?"),
        ("user", "yep, tessaro health, I start tuesday. data analyst on their claims team"),
    )
    assert guessed[-1] == ("employer", "User works at tessaro health.", ["s1:3"])


def test_where_the_user_is_off_to_asks_for_the_ended_job_or_the_move_the_talk_is_about():
    left = ("user", "they did a going away lunch for me today and someone made a cake shaped like a forklift")
    off = ("assistant", "A forklift cake is top-tier send-off material. So where are you off to next?")
    answer = ("user", "corvane health! ops scheduling for their clinic network. start monday")
    assert facts(left, off, answer)[-1] == ("employer", "User works at corvane health.", ["s1:3"])
    packing = ("user", "ok the uhaul is booked for the 14th and i still have like 40 boxes left")
    headed = ("assistant", "Stand plates on edge like records. Where are you headed — long drive?")
    moved = facts(packing, headed, ("user", "tucson!! 20 hrs with a cat in the passenger seat"))
    assert moved == [("residence", "User lives in tucson.", ["s1:3"])]
    off_to = ("assistant", "Stand plates on edge like records. So where are you off to?")
    assert facts(packing, off_to, ("user", "tucson!! 20 hrs with a cat"))[-1][:2] == (
        "residence",
        "User lives in tucson.",
    )


def test_whats_next_after_a_send_off_is_answered_by_a_role_at_a_company_or_a_start_there():
    lunch = ("user", "they did a farewell lunch for me today at the taco place and i actually teared up")
    tacos = ("user", "the crew took me out for tacos today for my last day, gonna miss those clowns")
    asked = ("assistant", "That sounds like a sweet send-off. What's next for you?")
    role = ("user", "billing coordinator at Brightwater Pediatrics, starting monday!!")
    start = ("user", "starting monday at Corvane Health on the analytics team. fine, everyone starts somewhere")
    assert facts(lunch, asked, role)[-1] == ("employer", "User works at Brightwater Pediatrics.", ["s1:3"])
    assert facts(tacos, asked, start) == [
        ("employer", "User left their job.", ["s1:1"]),
        ("employer", "User works at Corvane Health.", ["s1:3"]),
    ]
    # with nothing ended, a lunch somewhere answers no job
    assert (
        facts(("user", "long day"), ("assistant", "Where are you headed next?"), ("user", "lunch at Olive Garden"))
        == []
    )


def test_a_move_told_then_asked_after_is_answered_by_the_next_turn_only():
    moved = [("user", "搬家累死了😭 腰快断了"), ("assistant", "辛苦了！搬去哪儿啦？")]
    # the answer with the move's own words before the place
    answered = facts(*moved, ("user", "终于把东西都搬到杭州滨江了，男朋友在这边上班我就跟过来了"))
    assert ("residence", "用户住在杭州滨江", ["s1:1", "s1:3"]) in answered
    # a bare clause two turns on is small talk, no answer: "杭州夏天也太热了吧"
    late = facts(*moved, ("user", "东西还没拆完呢"), ("assistant", "慢慢来。"), ("user", "杭州夏天也太热了吧"))
    assert [fact for fact in late if fact[0] == "residence"] == []
