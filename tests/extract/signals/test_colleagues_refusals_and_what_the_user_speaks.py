"""Someone called by their surname, a crowd, a chat interjection before someone's news; a return refused and a "no"
said twice; the words that name a job, a school or a home the cues missed; what the user speaks and can do."""

import pytest

from pipelines.extract.signals.called_off import calls_off
from pipelines.extract.signals.collections import stated_collection
from pipelines.extract.signals.lexicon import cue_hits
from pipelines.extract.signals.mood import (
    ASSERTION,
    PLAN,
    QUESTION,
    THIRD_PARTY,
    clause_mood,
    clauses_with_moods,
    user_last,
)
from tests.support.labelled_episodes import labels_and_mentions


@pytest.mark.parametrize(
    "clause",
    [
        "我们院的主任老张辞职了，",
        "我们船上二厨小刘辞职了，",
        "man my boy Ray quit Bayou today,",
        "dude my sister moved to Austin",
        "hes going to that big new fulfillment center off I-10.",
        "一堆人来恭喜我结婚，",
    ],
)
def test_a_colleague_by_surname_a_crowd_or_news_after_an_interjection_is_someone_elses(clause):
    assert clause_mood(clause) == THIRD_PARTY


def test_the_last_subject_named_by_surname_is_no_user_and_the_user_by_a_nickname_still_is():
    assert not user_last("我们院的主任老张辞职了，")
    assert user_last("我跟老张说我辞职了，")
    assert user_last("我是小白，")  # what the user calls themselves is no one else


@pytest.mark.parametrize("text", ["man I got the job", "wow I finally moved to Austin"])
def test_the_users_own_news_after_an_interjection_is_the_users(text):
    assert clause_mood(text) == ASSERTION


def test_rumoured_words_go_on_past_the_user_as_their_object():
    said = clauses_with_moods("老李说他听机务讲，下个合同要提我当轮机长。我觉得悬")
    assert [mood for _, mood in said] == [THIRD_PARTY, THIRD_PARTY, ASSERTION]


def test_a_title_they_changed_is_the_users():
    assert clause_mood("they finally dropped the 'staff' and stuck 'senior' in front of my title") == ASSERTION


@pytest.mark.parametrize(
    "text",
    [
        "我才不回去 在这边做跨境客服工资比老家高一倍",
        "不用不用 不改，九点前我肯定到家了，还是九点以后发",
        "im not going back to Ohio",
    ],
)
def test_a_return_refused_or_a_change_waved_off_calls_it_off(text):
    assert calls_off(text)


@pytest.mark.parametrize("text", ["他这人死性不改", "改了个名字"])
def test_words_of_change_that_refuse_none_call_nothing_off(text):
    assert not calls_off(text)


def test_a_no_said_twice_asks_nothing_and_a_verb_asked_both_ways_still_asks():
    assert clause_mood("不用不用") == ASSERTION
    assert clause_mood("去不去上海") == QUESTION


def test_a_message_that_refuses_a_change_states_no_topic_in_passing():
    refused = "my landlord is a pain. im not going back to Ohio though, I just started at Acme Corp as a nurse"
    moved = "I just started at Acme Corp as a nurse, and I live in Denver now"
    (_, _, refused_mentions), (_, _, moved_mentions) = labels_and_mentions(refused, moved)
    assert refused_mentions == [] and "residence" in moved_mentions


@pytest.mark.parametrize(
    ("clause", "topic"),
    [
        ("survived week one at peachtree mutual", "employer"),
        ("now im on days at BrightCart's cross dock in grove city", "employer"),
        ("gave harbor point my 2 weeks back in october", "employer"),
        ("这周开始在松井精机那边坐班了", "employer"),
        ("I survived week one of my MA at Leeds", "school"),
        ("doing the medical assistant certificate at sinclair now,", "school"),
        ("my phlebotomy certificate through the county is half done", "school"),
        ("first morning waking up in plainfield and the commute is 12 min now", "residence"),
        ("put it in a table please", "output_format"),
    ],
)
def test_the_words_that_name_a_job_a_course_a_home_or_a_layout(clause, topic):
    assert topic in cue_hits(clause)


@pytest.mark.parametrize(
    "clause",
    ["so it's basically me and my kitchen table in Accra", "I'm on the table full time now", "table tennis on fridays"],
)
def test_a_table_in_a_room_or_worked_on_is_no_layout(clause):
    assert "output_format" not in cue_hits(clause)


@pytest.mark.parametrize(
    ("text", "collection"),
    [
        ("跟菲律宾水手混久了，他加禄语也学了不少，简单的能聊两句了", "languages"),
        ("我是水手长，厦门人，普通话闽南话都溜", "languages"),
        ("PASSED MY B2 GERMAN 🎉🎉", "languages"),
        ("Good news, I can talk with the old ladies in Polish now!!", "languages"),
        ("我普通话说得不标准 平时都讲四川话", "languages"),
        ("我在家讲闽南话", "languages"),
        ("我平时讲壮话", "languages"),
        ("我自己还会电焊，船上小毛病自己就焊了", "skills"),
        ("无人机执照考下来了！以后出海能飞着拍", "skills"),
        ("最近自学了点Python 写了个小脚本", "skills"),
        ("finished confocal training finally, I'm signed off to run the Zeiss on my own", "skills"),
        ("just finished my cat grooming certification!!", "skills"),
        ("question: I have forklift license for sit down counterbalance", "skills"),
        ("I'm signed off to run the Zeiss on my own now", "skills"),
        ("我家狗狗美容花了300", "pets"),
        ("现在白话基本能跟客户讲了 谈价钱都用白话", "languages"),
        ("passed my FAA Part 107!! so I can fly the drone on paid jobs now", "skills"),
    ],
)
def test_what_the_user_speaks_can_do_or_keeps_adds_to_its_collection(text, collection):
    assert stated_collection(text) == collection


@pytest.mark.parametrize(
    "clause",
    [
        "上礼拜有个做消防的老板想挖我过去",
        "我有个朋友搬去成都了",
        "就是导师退休了换了个新导师，",
        "and now some guy from the USDA is emailing me asking for lab manager stuff.",
        "someone told me the rent is going up",
    ],
)
def test_someone_met_unnamed_or_the_users_advisor_is_someone_else(clause):
    assert clause_mood(clause) == THIRD_PARTY


def test_what_the_leader_of_the_users_group_said_goes_on_as_theirs():
    said = clauses_with_moods("我们主教练说用AI就得让它写长篇分析，一大段一大段的才有干货")
    assert [mood for _, mood in said] == [THIRD_PARTY, THIRD_PARTY]
    assert not user_last("我们主教练说用AI就得让它写长篇分析，") and user_last("我们搬家了")


def test_a_decision_left_open_is_a_plan_and_a_things_date_is_its_own_clause():
    weighed = "thinking about bidding redeyes next month. if I do I'd probably want reminders in the morning. we'll see"
    assert {mood for _, mood in clauses_with_moods(weighed)} == {PLAN}
    said = clauses_with_moods("2nd year of my chem PhD at UW and quals are in 6 weeks.")
    assert said == [("2nd year of my chem PhD at UW", ASSERTION), ("and quals are in 6 weeks.", PLAN)]


@pytest.mark.parametrize(
    ("clause", "not_topic"),
    [
        ("我在讯通人力外包这边接10086热线", "residence"),  # a firm's "这边" is where the user works
        ("一天一百多个电话 嗓子快废了", "phone"),  # calls counted are no number
        ("在红旗连锁收了五年银了", "vehicle"),  # a chain of shops named like a car
    ],
)
def test_a_firm_calls_counted_and_a_shop_named_like_a_car_name_no_home_number_or_car(clause, not_topic):
    assert not_topic not in cue_hits(clause)


def test_where_the_user_takes_calls_is_where_they_work():
    assert "employer" in cue_hits("我在讯通人力外包这边接10086热线")
