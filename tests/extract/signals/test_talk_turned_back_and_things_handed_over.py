"""Whose a clause is when chat turns back to the speaker, hands the user a thing, or repeats a rumour or a scolding;
and what a message of the user's own says when it weighs a step or refuses an offer."""

import pytest

from pipelines.extract.signals.lexicon import cue_hits, names_a_change
from pipelines.extract.signals.mood import (
    ASSERTION,
    NEGATED,
    PLAN,
    QUESTION,
    REPORTED,
    THIRD_PARTY,
    clause_mood,
    clauses_with_moods,
    continued_subjects,
)
from pipelines.extract.signals.topic_signal import message_signal, tells_of_a_trip, weighs_a_step


def test_talk_turned_back_to_the_speaker_ends_the_third_partys_subject():
    said = "bro the movers snapped a leg off my desk 💀 anyway officially a denver resident now"
    assert [mood for _, mood in clauses_with_moods(said)] == [THIRD_PARTY, ASSERTION]
    assert [mood for _, mood in clauses_with_moods("我姐又换工作了，对了上个月搬去杭州了")] == [THIRD_PARTY, ASSERTION]
    assert continued_subjects(["my sister got a job in Austin, ", "btw moved there last week"]) == [False, False]
    # without the turn the subject goes on as before
    assert [mood for _, mood in clauses_with_moods("my sister got a job in Austin, moved there last week")] == [
        THIRD_PARTY,
        THIRD_PARTY,
    ]


def test_a_place_the_user_is_officially_a_resident_of_is_where_they_live():
    signal = message_signal("bro the movers snapped a leg off my desk 💀 anyway officially a denver resident now")
    assert (signal.topic, signal.mood) == ("residence", ASSERTION)
    assert "residence" not in cue_hits("i'm a surgical resident now lol")  # a doctor's residency is a job


@pytest.mark.parametrize(
    "text",
    [
        "couldn't keep the old number, they gave me a new SIM, 021 555 0193",
        "公司给我配了辆新车，比亚迪汉",
    ],
)
def test_a_thing_handed_to_the_user_is_the_users(text):
    assert message_signal(text).mood == ASSERTION


def test_someones_number_passed_on_stays_theirs():
    assert message_signal("my sister gave me her new number, 555-0112").mood == THIRD_PARTY
    assert message_signal("they gave me the office number, 555-0100").mood == THIRD_PARTY


@pytest.mark.parametrize(
    "clause",
    [
        "big Sal swears he saw me eating jerky at lunch",
        "打电话骂我说该戒辣了",
    ],
)
def test_a_rumour_or_a_scolding_about_the_user_is_someones_words(clause):
    assert clause_mood(clause) == REPORTED


def test_a_rumour_or_a_scolding_makes_no_change_of_diet():
    text = "话说我妈昨天看我直播看到我嘴唇辣肿了，打电话骂我说该戒辣了，说我胃迟早要完 哈哈哈"
    assert message_signal(text).mood == REPORTED
    text = "the guys on the crew are telling everybody i quit being vegetarian, big Sal swears he saw me eating jerky"
    assert (message_signal(text).topic, message_signal(text).mood) == ("diet", REPORTED)


@pytest.mark.parametrize(
    "clause", ["turned down that amazon offer btw", "declined the transfer to Denver", "passed on the promotion"]
)
def test_an_offer_turned_down_is_a_change_refused(clause):
    assert clause_mood(clause) == NEGATED


def test_a_title_for_a_work_is_no_job_title():
    assert "job_title" not in cue_hits("anyway need a title for my new bronze to gold series")
    assert "job_title" in cue_hits("my new title is senior nurse")


def test_someone_unnamed_who_changed_is_someone_else():
    assert message_signal("组里又有人脱单了，在发喜糖").mood == THIRD_PARTY


def test_a_car_bought_by_its_model_year_or_traded_for_is_the_users_vehicle():
    text = (
        "the irony given my entire job is defending these claims lol. anyway picked up a certified pre-owned 2021 Subie"
    )
    assert message_signal(text).topic == "vehicle"
    assert message_signal("traded the little connect in for a high roof sprinter").topic == "vehicle"
    assert "vehicle" not in cue_hits("I got a 2019 grant from NSF")


def test_a_question_weighing_a_step_is_the_point_of_its_message():
    assert weighs_a_step(clauses_with_moods("同事说我吃素营养跟不上。你说我要不要开始吃点肉？"))
    assert weighs_a_step([("should I just move there?", QUESTION)])
    assert not weighs_a_step(clauses_with_moods("我吃素好几年了，你帮我想想怎么跟行政说"))


def test_a_contact_to_use_from_now_on_or_named_the_new_one_is_the_users_now():
    later = "my university account dies in 30 days so use hannah.k.phys@example.com on anything you draft from now on"
    assert message_signal(later).mood != PLAN
    assert message_signal("后面加上邮箱 用新的 tinghua@example.com 以前那个个人邮箱不拿来收订单了").mood == ASSERTION
    # a new number only planned stays planned
    assert message_signal("下周我要换号了，新号是 177 0000 1234").mood == PLAN


def test_an_old_name_dropped_and_a_handle_changed_for_the_assistant_to_use_too():
    signal = message_signal("对了以后别喊阿杰了哈，直播间ID换成老K了，水友都这么叫，你也跟着叫")
    assert (signal.topic, signal.mood) == ("name", ASSERTION)


def test_a_postdoc_is_a_title():
    assert message_signal("尘埃落定，答辩完就留所里了，现在是博后，组没换").topic == "job_title"


@pytest.mark.parametrize(
    "text",
    [
        "can you write me a sign in spanish, lots of spanish speaking families come sundays",
        "translate this menu into French",
    ],
)
def test_one_thing_asked_for_in_a_language_is_no_answer_language(text):
    assert "language" not in cue_hits(text)


def test_the_answer_language_asked_for_from_now_on_still_is():
    assert "language" in cue_hits("from now on write me every answer in Spanish")
    assert "language" in cue_hits("以后都用英文回复我")


def test_moves_counted_are_no_home():
    assert "residence" not in cue_hits("for someone who has moved 5 times in 6 years and still owns zero boxes")
    assert "residence" in cue_hits("we moved to Leeds in May")


def test_a_change_only_expected_is_a_plan():
    said = "well looks like im getting bumped to project manager in october. office job"
    assert clauses_with_moods(said)[0][1] == PLAN
    assert message_signal(said).mood != ASSERTION


def test_going_out_on_ones_own_and_closing_on_a_house_are_changes():
    signal = message_signal("跟你说个事，现在不跟公司了，自己拉了几个老乡单干，专接小区旧房翻新，活还行")
    assert (signal.topic, signal.mood) == ("employer", ASSERTION)
    assert names_a_change("yeah actually. we closed on a place out in Hilliard so we're Columbus area now")


def test_days_worked_somewhere_on_a_posting_are_a_stint_not_a_home():
    stint = "上个月被抽调去新疆哈密装光伏，在那边干了二十多天，戈壁滩上风大得要命"
    assert tells_of_a_trip(stint)
    assert tells_of_a_trip("上个月被抽调去哈密装光伏，戈壁滩上风大得要命")  # a posting lent out, told without its days
    assert message_signal(stint).mood != ASSERTION
    assert message_signal("我搬到成都了，在这边住了三个月了").mood == ASSERTION


def test_someone_named_doing_something_is_someone_else():
    said = clauses_with_moods("big change in my house, Tanya's eating meat again. her trainer got in her head")
    assert said[1][1] == THIRD_PARTY
