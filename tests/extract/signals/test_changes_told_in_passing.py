"""Changes told in passing, in English and Chinese: a job won after an interview, advice taken, a name people call
the user, a post a boss gave, a job, a home, a car or a diet given up in a few plain words."""

import pytest

from pipelines.extract.signals.lexicon import cue_hits, names_a_change
from pipelines.extract.signals.mood import (
    ASSERTION,
    PAST,
    PLAN,
    QUESTION,
    REPORTED,
    THIRD_PARTY,
    about_a_trip,
    clause_mood,
    clauses_with_moods,
    split_clauses,
)
from pipelines.extract.signals.topic_signal import message_signal


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        # an interview that ended in the job is no pending application
        ("interviewed for the 4 West nurse manager job in june and they picked me.", ASSERTION),
        ("interviewed for the nurse manager job in june, fingers crossed", PLAN),
        ("honestly if I got the job at that Dubai clinic I'd be earning nearly double", PLAN),
        # a wish said with a rising "?" is said; a question beside it still asks
        ("bullets were nice but honestly I want full paragraphs now?", ASSERTION),
        ("what do I want for dinner?", QUESTION),
        ("I want to know where to live?", QUESTION),
        # advice taken is the user's deed, not someone's words
        ("went the courthouse route like you said.", ASSERTION),
        ("you said the lease would be fine", REPORTED),
        # 喊我 urges only to go or do something; else it names the user
        ("现在科里从主任到护士都喊我“昂哥”，", ASSERTION),
        ("你以后喊我杨姐吧。", ASSERTION),
        ("周末又喊我去爬山", REPORTED),
        # a role the user moved from is no one serving them; a boss named in English is someone else
        ("从销售调去行政部了，", ASSERTION),
        ("我 leader 升 VP 了！", THIRD_PARTY),
        # a post a boss gave the user is the user's (a task they gave is still theirs)
        ("老板让我带班了", ASSERTION),
        ("下部戏《雾港》直接让我做执行导演了！！", ASSERTION),
        ("老板让我做个PPT", THIRD_PARTY),
    ],
)
def test_a_change_told_in_passing_is_read_in_its_mood(clause, mood):
    assert clause_mood(clause) == mood


def test_a_lower_case_title_does_not_end_a_clause():
    assert split_clauses("she's been mrs. boone since saturday") == ["she's been mrs. boone since saturday"]


@pytest.mark.parametrize("text", ["the travel contract at UPMC turned into a staff offer", "I'm a travel nurse"])
def test_a_travel_job_is_no_trip(text):
    assert not about_a_trip(text)
    assert about_a_trip("travelled to Lisbon for a week")


def test_the_place_a_travel_job_led_to_is_the_users_new_home():
    text = (
        "So life update: the travel contract at UPMC turned into a staff offer and I took it!! we finally got the "
        "keys to the place in Squirrel Hill yesterday, apartment is all boxes lol"
    )
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == ("residence", ASSERTION)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("and I landed at Quarrystone doing platform eng.", "employer"),
        ("landed a new job at a bakery", "employer"),
        ("turned in my hardhat at prairie gold friday.", "employer"),
        ("GOT IT!!! start monday as a member service rep at Longleaf", "employer"),
        ("the project is Juno Ash now, already changed the insta handle", "name"),
        ("超市那边我辞了。", "employer"),
        ("驾校那边我不干了，", "employer"),
        ("回村了，今年不出去了。", "residence"),
        ("那个单间我退了，东西都塞车上了。", "residence"),
        ("said screw it and broke the lease.", "residence"),
        ("so I let the Sienna go", "vehicle"),
        ("no car for me for a while,", "vehicle"),
        ("素停了。", "diet"),
        ("下部戏直接让我做执行导演了", "job_title"),
        ("老板让我带班了", "job_title"),
    ],
)
def test_a_few_plain_words_end_or_start_a_value(text, topic):
    assert names_a_change(text)
    assert topic in cue_hits(text)


def test_a_plane_landing_is_no_new_job():
    assert not names_a_change("just landed at JFK, so tired")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("you dont gotta do the spanish no more", "language"),
        ("the tiny answers aren't cutting it anymore", "answer_length"),
        ("for the next few months give me the full version", "answer_length"),
        ("现在天天清粥小菜", "diet"),
        ("everyone started calling me KJ and it stuck.", "name"),
        ("你以后喊我杨姐吧", "name"),
    ],
)
def test_how_the_user_wants_answers_eats_or_is_called_is_heard_in_chat_words(text, topic):
    assert topic in cue_hits(text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("finally off the sub list with my own classroom!!", "output_format"),
        ("can you check my packing list", "output_format"),
        ("my mom keeps calling me at work", "name"),
        ("我妈天天喊我回家吃饭", "name"),
    ],
)
def test_a_list_one_is_on_or_a_call_one_gets_is_no_answer_format_or_name(text, topic):
    assert topic not in cue_hits(text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "lol life comes at you fast. Hexaplane got acquihired, half of us got cut, and I landed at Quarrystone "
            "doing platform eng. anyway: sane way to structure a monorepo with bazel for ~15 services?",
            "employer",
        ),
        (
            "dad's in the nursing home now and they do dialysis on site, so I let the Sienna go — a family from "
            "church with a son in a chair bought it. no car for me for a while, the 22 bus stops right outside his",
            "vehicle",
        ),
        ("素停了。体检查出来贫血挺厉害，医生不让我再这么吃了，我妈也骂我傻", "diet"),
        ("超市那边我辞了。老公部队要换防，跟着过去前后得折腾小半年，索性先不上班了。换防搬家有啥要注意的", "employer"),
        (
            "update: said screw it and broke the lease. me and the kids are just bouncing between my mom in Tucson "
            "and his folks in Boise. no place of our own for now. how do i get mail forwarded when you dont have "
            "an address",
            "residence",
        ),
    ],
)
def test_the_users_own_change_outweighs_others_news_and_a_question_beside_it(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_what_follows_a_role_moved_from_is_the_users():
    said = clauses_with_moods("跟老板磨了俩月终于批了，从销售调去行政部了，现在就是个行政专员")
    assert [mood for _, mood in said] == [ASSERTION, ASSERTION, ASSERTION]


def test_a_won_job_is_past_no_plan_but_an_old_stay_is_still_past():
    assert clause_mood("stayed two weeks in Lisbon and they picked me for the choir") == PAST


def test_an_evenings_outing_is_no_trip_that_makes_the_home_beside_it_a_stay():
    signal = message_signal("北漂第三天，地下室没窗户，隔壁还住了个打鼓的😂 不过今晚去鼓楼那边看了场演出，氛围是真的好")
    assert (signal.topic, signal.mood) == ("residence", ASSERTION)
    trip = message_signal("上周去成都看了场演出，住了个民宿，房间挺好")
    assert trip.mood != ASSERTION


@pytest.mark.parametrize(
    "text",
    [
        "年底老板把我提成店长了，以后不光剪毛，还得排班、管库存",
        "新学期我升主班了！自己带一个小班，二十几个三岁娃",
        "告诉你个好消息，公示期过了，副教授的聘书今天拿到手了🎉 晚上请课题组吃饭",
        "update: officially assistant principal as of this semester! no more dept head meetings",
        "first season as HEAD coach of the Lincoln High XC team 🙌 got bumped up when Coach Dunn retired.",
    ],
)
def test_a_post_taken_up_is_the_users_new_title(text):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == ("job_title", ASSERTION)


def test_a_name_people_use_that_the_assistant_should_use_too_is_the_users_name():
    adopted = message_signal(
        "since I took over the kitchen the whole brigade calls me Chef T, so you might as well too"
    )
    assert (adopted.topic, adopted.mood) == ("name", ASSERTION)
    told = message_signal("since I took over the kitchen the whole brigade calls me Chef T lol")
    assert told.mood != ASSERTION


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("we did the courthouse thing on Tuesday!!", ASSERTION),
        ("doing something on Friday", PLAN),
        ("tomorrow is day 1 at Corrib Systems,", ASSERTION),
        ("tomorrow is day 1 of the diet, wish me luck", PLAN),
    ],
)
def test_a_thing_done_on_a_weekday_is_done_and_a_first_day_tomorrow_is_decided(clause, mood):
    assert clause_mood(clause) == mood


def test_the_language_the_assistant_need_not_answer_in_any_more_is_heard():
    assert "language" in cue_hits("you don't need to do Spanish with me anymore")
    assert "language" not in cue_hits("I do Spanish at school on mondays")


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("What does the user want to be called?", "name"),
        ("How does the user want to be addressed?", "name"),
        ("I prefer to be called Sam now", "name"),
        ("When does the user prefer to be called?", "contact_time"),
        ("what time is best for the user to be called?", "contact_time"),
        ("I'd rather be called after 6pm", "contact_time"),
        ("Where does the user currently teach?", "employer"),
    ],
)
def test_being_called_a_name_and_being_called_at_an_hour_are_told_apart(query, topic):
    assert message_signal(query).topic == topic


def test_no_car_for_a_while_ends_the_car_beside_someone_elses_deal():
    text = (
        "welp the odyssey is gone, a guy from church gave me 3k for it. the catering co has their own vans now and I "
        "bike to the commissary so... no car for me for the foreseeable"
    )
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == ("vehicle", ASSERTION)
    assert message_signal("not moving for now").mood != ASSERTION
