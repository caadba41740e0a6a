"""A post someone put the user in, in any tense; chat's pronouns without their apostrophe; a colleague of the user's
station; a trip back home or a stint somewhere, and what its sentence goes on to say of it."""

import pytest

from pipelines.extract.signals.lexicon import cue_hits
from pipelines.extract.signals.mood import (
    ASSERTION,
    PAST,
    QUESTION,
    REPORTED,
    TENTATIVE,
    THIRD_PARTY,
    clause_mood,
    clauses_with_moods,
    user_last,
)
from pipelines.extract.signals.topic_signal import topic_readings


@pytest.mark.parametrize(
    "clause",
    [
        "they're putting me on the lending side as a loan officer",
        "they stuck me on the radio so now I'm the one yelling at couriers",
        "and they're making me a personal banker so no more counting drawers",
        "they handed me his ops shift lead job",
        "they keep moving me to the night shift",
        "领导让我顶上去，",
        "局里让我接他的班，",
        "所里留我当特聘副研究员，",
    ],
)
def test_a_post_someone_put_the_user_in_is_the_users_in_any_tense(clause):
    assert clause_mood(clause) == ASSERTION


@pytest.mark.parametrize(
    "clause",
    [
        # what makes the user feel something is no post
        "my sister is making me crazy",
        "my sister is moving to Leeds",
        "shes always telling me how to run my schedule smh.",
        "theyre moving to Austin",
        "我们站老刘离婚了",
        "我们站小王搬去宁波了",
        "我们主教练说用AI就得让它写长篇分析，",
    ],
)
def test_someone_elses_deed_stays_theirs(clause):
    assert clause_mood(clause) == THIRD_PARTY


def test_the_last_subject_said_without_its_apostrophe_is_someone_else():
    assert not user_last("i moved out but shes staying in the flat")
    assert not user_last("we sold the place and theyre moving to Austin")


def test_a_trip_back_home_or_a_stint_somewhere_is_over_and_so_is_what_its_sentence_says_of_it():
    assert clauses_with_moods("上个月回了趟周口老家 待了十来天") == [
        ("上个月回了趟周口老家", PAST),
        ("待了十来天", PAST),
    ]
    trip = clauses_with_moods("上个月去广州培训了一周，天天早茶白切鸡，清淡得要命")
    assert [mood for _, mood in trip] == [PAST, PAST, PAST]
    assert clauses_with_moods("暑假在深圳实习了俩月，")[0][1] == PAST
    # a stint still going on is the user's now, and so is what holds now after a trip
    assert clauses_with_moods("在这边实习了俩月了") == [("在这边实习了俩月了", ASSERTION)]
    assert clauses_with_moods("五一去青岛待了十来天，现在住在朝阳") == [
        ("五一去青岛待了十来天，", PAST),
        ("现在住在朝阳", ASSERTION),
    ]


def test_the_users_own_word_on_a_topic_is_not_outweighed_by_advice_as_strong():
    # the user's weak word on the diet and the doctor's advice on it, one cue each: the diet is the user's
    assert topic_readings("the vegetarian life is getting old. my doc said i should eat more protein")["diet"].mood == (
        TENTATIVE
    )
    # ... and the advice alone is the doctor's words
    assert topic_readings("my doc said i should eat more protein")["diet"].mood == REPORTED


@pytest.mark.parametrize(
    "text", ["ok confession, the whole veggie thing is over for me.", "so the vegetarian run is officially over lol."]
)
def test_a_diets_run_said_to_be_over_is_the_users_change(text):
    assert "diet" in cue_hits("still veggie btw, any protein ideas")
    assert topic_readings(text)["diet"].mood == ASSERTION


def test_what_a_third_persons_possessive_names_is_theirs_whatever_the_clause_asks():
    told = (
        "my assistant Nora just switched her email to nora.studio@example.org. "
        "can you write a note telling clients to cc her new address"
    )
    assert topic_readings(told)["email"].mood == THIRD_PARTY
    assert topic_readings("我老公换号了，他的新号是 177 0000 6631")["phone"].mood == THIRD_PARTY
    # the user's own address asked for in the same words stays the user's
    assert topic_readings("can you write a note telling clients to cc my new address")["email"].mood == TENTATIVE


def test_an_example_given_for_a_question_is_no_value_of_the_users():
    assert clause_mood("像 hao.shuidian@example.org 这种") == QUESTION
    assert clause_mood("like coach.emily@example.org or something") == QUESTION
    assert clause_mood("像我这种夜猫子") == ASSERTION


@pytest.mark.parametrize(
    "text",
    [
        "welp. I dropped the UX certificate.",
        "Update: I started the pipefitter apprenticeship at Local 537",
        "日语班我不去了 排班太乱",
    ],
)
def test_a_course_started_or_given_up_is_a_change_of_school(text):
    assert topic_readings(text)["school"].mood == ASSERTION
