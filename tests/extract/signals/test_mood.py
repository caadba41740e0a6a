"""Clause moods: only the user's own assertions may change what is current, in English and Chinese."""

import pytest

from pipelines.extract.signals.mood import (
    ASSERTION,
    NEGATED,
    PAST,
    PLAN,
    QUESTION,
    REPORTED,
    THIRD_PARTY,
    clause_mood,
    clauses_with_moods,
    is_owned,
    split_clauses,
)


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("I just moved to Denver", ASSERTION),
        ("上个月底我已经把家搬到北京朝阳区了", ASSERTION),
        ("My sister just moved to Paris for her PhD", THIRD_PARTY),
        ("我们组长被腾讯挖走了", THIRD_PARTY),
        ("新公司大家都用英文名", THIRD_PARTY),
        ("Should I just move to Berlin?", QUESTION),
        ("北京这周会下雨吗", QUESTION),
        ("Can you answer me in Spanish from now on?", ASSERTION),  # a request about how to treat the user
        ("ok so i got promoted to team lead??", ASSERTION),  # surprise, not a question
        ("I'm thinking about moving to Austin", PLAN),
        ("我们在考虑搬去苏州", PLAN),
        ("Had a couple of chats with a recruiter from Ledgerly", PLAN),
        ("Was in Tokyo last week for a conference", PAST),
        ("上周去东京出差", PAST),
        ("She introduced me as Samuel", THIRD_PARTY),
        ("我妈又念叨让我回去考公务员", THIRD_PARTY),
        ("还让我表哥给我介绍税务局的工作", REPORTED),
        ("no offer", NEGATED),
    ],
)
def test_clause_moods(clause, mood):
    assert clause_mood(clause) == mood


def test_clauses_split_at_punctuation_emoji_and_spaces_between_chinese_but_not_inside_addresses():
    assert split_clauses("我们上周五去民政局把证领了😂 婚礼打算明年办。") == [
        "我们上周五去民政局把证领了",
        "婚礼打算明年办。",
    ]
    assert split_clauses("alice@example.com is my email. Node.js rocks") == [
        "alice@example.com is my email.",
        "Node.js rocks",
    ]


def test_a_message_mixes_moods_clause_by_clause():
    moods = [mood for _, mood in clauses_with_moods("I'm in Austin now. What's a good substitute for buttermilk?")]
    assert moods == [ASSERTION, QUESTION]


def test_quoted_words_are_reported_speech():
    moods = dict(clauses_with_moods("she's all 'you'd love it here, come live with me'. she sent links"))
    assert moods["come live with me'."] == REPORTED


@pytest.mark.parametrize(
    "clause",
    ["We're moving to Rome next year.", "I'm moving to Oslo", "七月份搬去青岛", "下个月入职字节", "要是去上海的话"],
)
def test_what_is_still_to_come_is_a_plan(clause):
    assert clause_mood(clause) == PLAN


def test_a_done_move_in_a_named_month_is_an_assertion():
    assert clause_mood("七月份搬去青岛了") == ASSERTION


def test_a_clause_is_the_users_when_it_speaks_of_them_or_to_the_assistant_about_them():
    for clause in (
        "Coming off a run of night shifts",
        "Back from the honeymoon!",
        "Gave up the lease",
        "my rent went up",
        "以后你用英文回我",
        "搬到杭州了",
        "我在北京",
    ):
        assert is_owned(clause), clause
    for clause in (
        "rent is cheaper there",
        "my friend swears it is bigger",
        "帮我列个清单",
        "公司要把我外派新加坡",
        "深圳租房一般押一付三",
    ):
        assert not is_owned(clause), clause
