"""Posts named outside offices, teams played for, a post or a car only in sight, someone else's pitch or line, and
the words that end a post, a workplace, a line or a daily message."""

import pytest

from pipelines.extract.signals.called_off import calls_off
from pipelines.extract.signals.endings import ended_names
from pipelines.extract.signals.lexicon import cue_hits, names_a_change, someone_elses_hits
from pipelines.extract.signals.mood import ASSERTION, PAST, PLAN, REPORTED, THIRD_PARTY, clauses_with_moods
from pipelines.extract.signals.topic_signal import topic_readings


def _moods(text: str) -> list[str]:
    return [mood for _, mood in clauses_with_moods(text)]


@pytest.mark.parametrize(
    "text",
    [
        "also I'm not a trainee anymore!! they bumped me up to assistant head gardener",
        "I'm a curator now, can you fix my bio",
        "300 got it. Geoff retired at christmas, they gave me his title in january",
        "好。现在当项目经理了，这些文书活全落我头上",
        "年底调整 领导让我带个小组 我现在是组长了",
        "好消息 副值考过了，这个月开始上副值岗",
    ],
)
def test_a_post_outside_an_office_taken_up_is_a_change_of_title(text):
    assert names_a_change(text)
    assert topic_readings(text)["job_title"].mood == ASSERTION


def test_a_role_word_that_is_also_a_thing_or_a_deed_names_no_post():
    for text in ("the courier thing bit us last year", "I cook dinner most nights", "my controller broke again"):
        assert "job_title" not in cue_hits(text), text
    # a coach by the name of the post, in Chinese; a hand's job as one
    assert "job_title" in cue_hits("在这边一家乒乓球俱乐部当青训主教练")
    assert "job_title" in cue_hits("我在市政绿化队当普通养护工")
    # ... but no trade: "做手工", "当义工"
    assert "job_title" not in cue_hits("周末在家做手工")
    assert "job_title" not in cue_hits("周末去社区当义工")


@pytest.mark.parametrize(
    "text",
    [
        "servus! I ride for Team Velora, continental team",
        "opening day next week!! im in the rotation for the Riverbend Otters",
        "我在迷城沉浸式剧场演女二，一晚要跑三个楼层",
        "从医院出来了，在他那个齿悦口腔坐诊",
    ],
)
def test_a_team_played_for_or_a_stage_played_on_is_a_workplace(text):
    assert "employer" in cue_hits(text)


def test_a_team_played_for_needs_its_name():
    assert "employer" not in cue_hits("I play for fun on sundays")


@pytest.mark.parametrize(
    "text",
    [
        "我自己在小区底商开了个两把椅子的小诊所，叫安和口腔",
        "嗯，注册了个小工作室叫“建国庭院”，就我跟两个徒弟",
        "对，四月初跳过来的，木森景观",
        "sooo 3 weeks into the new gig!! special collections at Brackley uni",
        "2 months into my new role at Pallas and still lost",
        "loving the new gig so far, special collections is a dream",
        "体校那边上个月交接完了，下周去俱乐部报到",
        "my buddy Kev from B shift just jumped ship to a solar outfit",
    ],
)
def test_a_practice_opened_a_workplace_jumped_to_or_a_new_gig_is_a_change_of_employer(text):
    assert names_a_change(text)
    assert "employer" in cue_hits(text)


def test_a_colleague_who_jumped_ship_is_someone_else():
    said = "my buddy Kev from B shift just jumped ship to a solar outfit, SunRidge something"
    assert topic_readings(said)["employer"].mood == THIRD_PARTY


def test_a_post_or_a_car_only_in_sight_is_a_plan():
    assert _moods("guess who's being made resident costume designer next season!!!")[0] == PLAN
    assert _moods("saw an ad for head groundsman at the county football ground.")[0] == PLAN
    assert _moods("周末去看了Model Y，")[0] == PLAN
    assert topic_readings("决定了！Polo卖掉，月底去提一辆Model 3，天天修车太烦了")["vehicle"].mood == PLAN
    # ... not a month's end gone by: "去年底搬来厦门的时候"
    assert PLAN not in _moods("去年底搬来厦门的时候没人告诉我春天这么潮啊")


def test_a_stint_somewhere_named_first_is_past():
    assert _moods("十月在乌镇戏剧节那边跟了半个月的妆，")[0] == PAST
    # ... one still going on is not
    assert _moods("在乌镇那边跟了半个月了")[0] != PAST


def test_someones_pitch_to_the_user_is_theirs():
    said = "so the girl at my coworking space spent the whole lunch trying to get me to go vegan"
    assert _moods(said) == [REPORTED]
    assert _moods("I tried to talk myself into it") == [ASSERTION]


def test_a_teammate_called_by_a_nickname_is_someone_else():
    assert _moods("我们二传小雨领证了！！")[0] == THIRD_PARTY
    assert _moods("我们领证了！！")[0] == ASSERTION


def test_a_places_line_is_the_places():
    said = "fyi the clinic switched its bookings address to bookings@tidewaterphysio.example.com"
    assert someone_elses_hits(said)["email"] == cue_hits(said)["email"]
    # "its" in chat is as often "it's": the time the user gives is still the user's
    assert "contact_time" not in someone_elses_hits("and w school back its evenings only again, after 9")


def test_ignore_told_to_the_assistant_calls_a_change_off_but_ignore_done_by_someone_does_not():
    assert calls_off("oh ignore that, I typo-ed")
    assert calls_off("pls ignore it")
    assert not calls_off("cute. the school groups will ignore it but cute")
    assert not calls_off("they ignore it anyway")


@pytest.mark.parametrize(
    ("text", "topic", "name"),
    [
        ("花间集那边我也不去了，上周跟店长说了", "employer", "花间"),
        ("合同到期没续，从风驰退出来了", "employer", "风驰"),
        ("the Velora contract was not renewed, so no team right now", "employer", "velora"),
        ("迷城上周官宣闭店了，我们全体就地解散", "employer", "迷城"),
        ("那个早上的天气播报别发了 我手机桌面自己就有", "contact_time", "播报"),
        ("the 0187 number doesn't ring anywhere anymore", "phone", "number"),
        ("I had to get out of the Clapham flat by the 1st", "residence", "clapham"),
        ("honestly I'm between places since Clapham", "residence", "clapham"),
        ("no more nipper runs for this girl haha", "job_title", "nipper"),
        ("我不当班长了", "job_title", "班长"),
    ],
)
def test_a_workplace_left_a_line_dead_a_home_lost_a_post_given_up_and_a_daily_message_stopped_end_what_they_name(
    text, topic, name
):
    assert name in ended_names(text)[topic]


def test_a_sale_only_decided_ends_no_car():
    assert "vehicle" not in ended_names("决定了！Polo卖掉，月底去提一辆Model 3")
    assert "vehicle" in ended_names("Polo已经卖掉了，下周提新车")
    assert "residence" not in ended_names("决定了，嘉禾那套房子卖掉，搬去男朋友那边")
    assert "residence" in ended_names("嘉禾那套房子已经卖掉了")


def test_a_partner_the_user_works_with_is_no_subject_but_a_colleague_beside_the_user_is():
    assert _moods("现在跟大学同学老周合伙，") == [ASSERTION]
    assert _moods("和我同组的同事老王跳槽了") == [THIRD_PARTY]


def test_a_driving_school_enrolled_at_and_left_is_a_school_begun_and_ended():
    enrolled = topic_readings("报了个驾校学C1 想以后开车跑货拉拉 科目一下周考")
    assert enrolled["school"].strength > enrolled["vehicle"].strength
    assert names_a_change("还有驾校那边我退了")
    assert "school" in cue_hits("科目二又挂了，学车真难")
    assert "驾校" in ended_names("还有驾校那边我退了 学费退回来一半 暂时不学了")["school"]


def test_a_step_up_a_ladder_is_no_move_and_the_user_comes_in_after_and_we_all():
    assert "residence" not in cue_hits("yeah got moved up to the first team last week")
    assert "residence" in cue_hits("yeah we moved to Leeds last week")
    assert _moods("so the landlord's selling and we all had to get out by the 1st") == [THIRD_PARTY, ASSERTION]
