"""Notice given, keys handed back, a car dead for good, a contract not renewed; a job begun on a near day; a post
told as a riddle or taken up after it was given; a child by their place among the user's children, or someone by a
given name, who is not the user; a move only thought about."""

import pytest

from pipelines.extract.signals.endings import ended_names
from pipelines.extract.signals.lexicon import cue_hits
from pipelines.extract.signals.mood import ASSERTION, PLAN, THIRD_PARTY, clauses_with_moods
from pipelines.extract.signals.topic_signal import topic_readings
from tests.extract.rules.test_across_turns import facts


@pytest.mark.parametrize(
    ("text", "topic", "name"),
    [
        ("so the corolla finally died for real in june, transmission. rip", "vehicle", "corolla"),
        ("my old civic finally died on the freeway, rip", "vehicle", "civic"),
        ("the transit is diesel. finally let go of the taco, rust won", "vehicle", "taco"),
        ("ok so the overnights were killing me. put in my 2 weeks at the airport", "employer", "airport"),
        ("well. handed back my keys at the Meeple yesterday. no new gig", "employer", "meepl"),
        ("不光是夏天，我跟巡逻队说了不续了，太累", "employer", "巡逻"),
        ("卡牌屋已经转出去了 房租涨得扛不住", "employer", "卡牌"),
        ("外卖那头我不跑了，上个月腰闪了一下", "employer", "外卖"),
        ("海岸山的合同到期没续，我跟两个大学同学合伙搞了个小酒坊", "employer", "海岸"),
    ],
)
def test_a_thing_given_up_in_these_words_is_ended_by_its_name(text, topic, name):
    assert name in ended_names(text)[topic]


@pytest.mark.parametrize(
    "text",
    [
        "my car died on the highway this morning, had to get a jump",
        "the battery died twice this week",
        "we ran the 10k and I didn't run it again",
    ],
)
def test_a_breakdown_or_a_run_is_no_car_given_up(text):
    assert "vehicle" not in ended_names(text)


@pytest.mark.parametrize(
    "text",
    [
        "nah honestly its sorted already. I start monday at Meeple Forge, doing playtest coordination",
        "yeah starting monday at St. Vincent's, environmental services, day shift",
    ],
)
def test_a_job_begun_on_a_near_day_is_the_new_employer(text):
    assert topic_readings(text)["employer"].mood == ASSERTION


def test_a_club_coached_at_is_a_workplace():
    assert "employer" in cue_hits("I coach the 10&U group at Dolphins Aquatic Club")
    assert "employer" not in cue_hits("I coach my son's team on weekends")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("so my boss Ewa leave to another hotel and guess who is now assistant executive housekeeper", "job_title"),
        ("got moved up!! i'm the courtroom deputy for Judge K now", "job_title"),
        ("I'm the courtroom deputy now, swearing in witnesses all day", "job_title"),
        ("跟你说，我被提了，现在是三监区副监区长，公示期刚过", "job_title"),
        ("哎，年底考核完领导找我谈话，让我去揽投部当副经理，元旦后正式上任了", "job_title"),
    ],
)
def test_a_post_told_as_a_riddle_or_taken_up_after_it_was_given_is_the_users(text, topic):
    assert topic_readings(text)[topic].mood == ASSERTION


def test_a_step_up_is_no_move_but_a_move_up_north_is():
    assert "residence" not in topic_readings("got moved up!! i'm the courtroom deputy for Judge K now")
    assert topic_readings("we moved up north last spring")["residence"].mood == ASSERTION


@pytest.mark.parametrize(
    "text",
    [
        "big week at our house. kayla, my youngest, packed her whole life into a subaru and moved down to bozeman",
        "跟我同一年进公司的小芳升主管了，管三个组",
        "我们吧台主管小刘跳到对面 Vibe 去了，还带走了两个调酒师",
    ],
)
def test_someone_named_by_their_place_among_kin_or_by_a_given_name_is_not_the_user(text):
    moods = [mood for _, mood in clauses_with_moods(text)]
    assert moods[-1] == THIRD_PARTY or moods[0] == THIRD_PARTY


def test_a_child_named_by_their_place_among_the_users_children_is_someone_else():
    assert [mood for _, mood in clauses_with_moods("ok, my new place is in leith")][-1] == ASSERTION
    assert [mood for _, mood in clauses_with_moods("anyway, my youngest starts school")][-1] == THIRD_PARTY


def test_a_move_only_thought_about_is_no_move():
    text = "honestly for a sec i thought about just leaving too and moving to leipzig, rent is half there. but nah"
    assert topic_readings(text)["residence"].mood == PLAN
    assert topic_readings("I thought about it and I moved to Leeds")["residence"].mood == ASSERTION


def test_a_post_taken_up_is_read_whole_after_dang_shang():
    assert ("job_title", "用户的职位是班组长", ["s1:1"]) in facts(
        ("user", "跟你报告个好消息，我当上班组长啦！手底下12个投递员")
    )
    assert ("job_title", "用户的职位是班主任", ["s1:1"]) in facts(("user", "今年我当班主任，压力好大"))


def test_a_job_change_with_its_month_is_answered_by_the_next_turn():
    found = facts(
        ("user", "开学季忙疯了 跟你说个事 我七月份跳槽了"),
        ("assistant", "哦？去哪了？"),
        ("user", "黑白格国际象棋俱乐部 现在带成人班加青少年集训"),
    )
    assert found == [("employer", "用户在黑白格国际象棋俱乐部工作", ["s1:1", "s1:3"])]


def test_the_explaining_dropped_is_a_wish_for_shorter_answers():
    assert "answer_length" in cue_hits("new rule lol: skip the explaining entirely")
    assert "answer_length" not in cue_hits("skip the line at the bakery")


def test_a_new_homes_keys_in_hand_are_a_move():
    from pipelines.extract.signals.lexicon import names_a_change

    assert names_a_change("we got the keys to the kettering house thursday, sleeping on a mattress")
    assert names_a_change("新房钥匙拿到了，周末搬")
    assert names_a_change("上周收房了，下个月装修")
    assert not names_a_change("I got the keys to the office from the manager")


def test_a_stage_played_on_a_bar_opened_and_a_partnership_said_at_length_are_workplaces():
    assert topic_readings("在蓝调酒吧驻场弹贝斯两年了，每周四五六三晚")["employer"]
    assert topic_readings("我在成都玉林开了家桌游吧 叫「卡牌屋」 开了两年了")["employer"].mood == ASSERTION
    said = topic_readings("合同到期没续，我跟两个大学同学在蓬莱合伙搞了个小酒坊")
    assert said["employer"].mood == ASSERTION


def test_a_riddle_with_no_post_in_it_announces_a_post_the_next_turn_names():
    # its value comes in the next turn ("yep! head coach of the women's first XI"), which is the statement
    said = topic_readings("the women's side at the club lost their head coach mid-season and guess who got bumped up")
    assert said["job_title"].mood != ASSERTION


def test_a_home_placed_by_the_street_it_is_off_is_where_the_user_lives():
    assert "residence" in cue_hits("bet. also i need a late night food spot, im in bushwick off jefferson st")
    assert "residence" in cue_hits("im in a 2nd floor walkup off brown st and the mailboxes are open")
    assert "residence" not in cue_hits("im in a meeting off main st, call you later")
