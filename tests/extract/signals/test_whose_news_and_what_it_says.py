"""Whose news a clause tells and what it says, in English and Chinese: a colleague, an in-law or a teammate named
before their deed, a doctor's words and what the user does after them, a post given, a record's words, a list of
things gone without, a change a take-back kept, and the words that name a surname, a home, a car or a business."""

import pytest

from pipelines.extract.rules.engine import RulesExtractor, extract_message
from pipelines.extract.signals.lexicon import cue_hits, names_a_change
from pipelines.extract.signals.mood import (
    ASSERTION,
    PAST,
    PLAN,
    REPORTED,
    THIRD_PARTY,
    clause_mood,
    clauses_with_moods,
    is_owned,
)
from pipelines.extract.signals.topic_signal import message_signal
from tests.support.messages import user_message


def _said(text: str) -> list[tuple[str, str]]:
    return [(m.topic, m.content) for m in extract_message(user_message(text))]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        # someone placed beside the user by up to three words, then their deed
        ("my old audit senior Kiran just moved to Denver to open the firm's new office out there.", THIRD_PARTY),
        # ... or someone's relative
        ("Nate's parents sold their house and moved to Scottsdale last week.", THIRD_PARTY),
        ("Nate's new job is in Austin", ASSERTION),
        # a teammate called by a nickname, with what they did (not the team's own match)
        ("我们队打野小胖搬去上海了，", THIRD_PARTY),
        ("我们组小李跳槽去腾讯了", THIRD_PARTY),
        ("我们队小组赛赢了", ASSERTION),
        # an in-law named bare at the clause's start
        ("小姑子上个月搬去深圳了，", THIRD_PARTY),
        ("我小姑子上个月搬去深圳了", THIRD_PARTY),
        ("我姑且先住在朋友家", ASSERTION),  # 姑且 is "for now", no aunt
        # an ex, and a child's parent called by the child's name
        ("前妻搬回老家了", THIRD_PARTY),
        ("豆豆妈换工作了，去了银行", THIRD_PARTY),
        ("我是豆豆妈妈，平时都是我接送", ASSERTION),
        # a post given, not offered; the user's post changed by them
        ("they gave me the metro editor job.", ASSERTION),
        ("they finally converted my position.", ASSERTION),
        ("they offered me the metro editor job", THIRD_PARTY),
        # what a record says is no one's words; what a role says to the user is theirs
        ("the HR letter says Research Scientist as of this month.", ASSERTION),
        ("医生说辣的一口都别碰", REPORTED),
        # ... but what they did to the user is the user's
        ("doc says my cholesterol is too high and put me on the portfolio diet,", ASSERTION),
        ("the doctor says I should try the portfolio diet", REPORTED),
        # the old one got rid of for a new one is a change now, the old one alone is past
        ("sold my old car and picked up a used Tacoma last week,", ASSERTION),
        ("my old car was a tank", PAST),
        # what someone keeps saying everyone should do is their words
        ("the new principal keeps saying all staff should really be on district accounts,", REPORTED),
        # things gone without, listed or over, are said; a thing that did not happen is denied
        ("no meat no dairy obvs", ASSERTION),
        ("no more 'postdoctoral fellow',", ASSERTION),
        # an offer signed is taken
        ("signed an offer with Brightline Freight yesterday", ASSERTION),
        ("got an offer from Brightline Freight yesterday", PLAN),
    ],
)
def test_whose_news_a_clause_tells(clause, mood):
    assert clause_mood(clause) == mood


def test_a_request_after_a_comparison_in_its_sentence_is_no_plan_and_gives_its_layout():
    text = (
        "ok honestly the bullets are starting to feel like reading a spreadsheet 😅 "
        "can u just write normal short paragraphs instead?"
    )
    assert [mood for _, mood in clauses_with_moods(text)] == [PLAN, ASSERTION]
    assert _said(text) == [("output_format", "User prefers answers formatted as prose.")]


def test_what_turned_out_otherwise_ends_someones_words():
    text = "一开始HR说title是运营主管，结果合同上写的是运营经理…那就以合同为准吧，运营经理"
    assert [mood for _, mood in clauses_with_moods(text)][:2] == [REPORTED, ASSERTION]
    assert [mood for _, mood in clauses_with_moods("医生说别吃辣，清淡点")] == [REPORTED, REPORTED]


def test_what_a_trip_was_like_is_no_change_of_diet():
    trip = message_signal("上个月去京都开了一周会，天天吃清清淡淡的日料，说实话还挺舒服的")
    assert (trip.topic, trip.mood) == ("diet", PAST)
    assert clauses_with_moods("明天去公司开会")[0][1] != PAST
    home = message_signal("现在天天吃清清淡淡的，肠胃都变好了")
    assert (home.topic, home.mood) != ("diet", PAST)


def test_a_verb_of_a_state_without_its_subject_is_the_users():
    assert is_owned("work night shifts at PixelStop,")
    assert is_owned("live out of a van these days")
    assert not is_owned("work is crazy this week")
    assert not is_owned("rent is cheaper there")


@pytest.mark.parametrize(
    "text",
    ["Nate's parents sold their house and moved to Scottsdale last week.", "小姑子上个月搬去深圳了，在南山找了份工作"],
)
def test_a_relatives_move_gives_the_user_no_home_or_job(text):
    assert _said(text) == []


def test_a_business_of_the_users_own_is_where_they_work_even_beside_the_job_left():
    text = "春节一过我就把工作辞了，拿攒的钱在小区门口盘了个店面，开了家牛肉面馆，自己当老板了。"
    assert _said(text) == [("employer", "用户自己开了牛肉面馆"), ("job_title", "用户自己当老板（单干）")]
    assert _said("朋友开了家火锅店") == []
    # ... and going it alone is the user's post, not a friend's
    assert _said("元旦过后我出来单干了！！在菜市场门口租了个小门面") == [("job_title", "用户自己当老板（单干）")]
    assert _said("我师兄出来单干了") == []


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # a surname joined or made official
        ("random but I caved and decided to hyphenate after all. it's officially Doyle-Okafor.", "name"),
        ("random but I caved and decided to hyphenate after all", "name"),
        # a car named by its model, sold
        ("宏光卖了，二十多万公里实在修不动了。", "vehicle"),
        # a layout, not a language, asked to answer in
        ("pls always answer me in bullet lists, I skim everything on my phone", "output_format"),
        # the hours worked at a named place
        ("I work weekends at Harbor Freight, the rest of the week I'm free", "employer"),
        # the name people know the user by, taken up for the assistant too
        ("everyone at the station knows me as Dutch now, so please use that too", "name"),
        # a car got while another is waved off (a farewell is no one's words)
        ("got a new Civic and said bye to my old Corolla", "vehicle"),
        # the details wanted, said as chat says it
        ("working from home now so go long, i want everything step by step w all the details", "answer_length"),
    ],
)
def test_words_that_name_a_topic(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_words_that_name_no_topic_or_another():
    # a whole evening is how long something went on, not when to reach the user
    assert "contact_time" not in cue_hits("粉丝在弹幕刷了一晚上“阿喵别走”")
    assert "contact_time" in cue_hits("晚上别打电话")
    # a home bought for the wedding is where the user lives
    assert cue_hits("我们刚在成都高新区买了婚房") == {"residence": 1}
    # "answer me in" a layout is no language
    assert "language" not in cue_hits("pls always answer me in bullet lists")
    assert "language" in cue_hits("answer me in welsh only")
    # shifts at a named place are a job, not when to reach the user
    assert cue_hits("work night shifts at PixelStop,") == {"employer": 2}
    assert names_a_change("开了家牛肉面馆，自己当老板了")
    # a taste said as a love of a cuisine is what the user eats (not a food truck)
    assert cue_hits("I mainly love Chinese food and Japanese cuisine, especially barbecue and sushi.") == {"diet": 1}
    assert "diet" not in cue_hits("I love food trucks")
    # where the user is now, and a transfer to another workplace (not a patient's)
    assert "residence" in cue_hits("考完试第二天现在人已经在墨尔本了，还在倒时差")
    assert "residence" in cue_hits("新宿舍在 Carlton，离学校很近")
    assert cue_hits("现在人在东京出差") == {}
    assert cue_hits("调到区档案馆快一个月了") == {"employer": 1}
    assert cue_hits("转到第三医院住院了") == {}
    # the first week at a named workplace is a job
    assert "employer" in cue_hits("first week at the Dane County Treasurer's office done")
    assert "employer" not in cue_hits("first week at the Dane County fair was fun")
    # the title held, as a name or a post filled
    assert cue_hits("现在挂的是主厨的名头") == {"job_title": 2}  # (the post and the name it goes by)
    assert cue_hits("这趟直接顶大副的岗") == {"job_title": 1}
    # a business of the user's own said as a thing run, and a name music is put out under
    assert cue_hits("two months into running my own thing now, Quillmark") == {"employer": 1}
    assert cue_hits("releasing as just Dana Cole from now on") == {"name": 1}
    # a group joined for a pastime is no employer
    assert "employer" not in cue_hits("joined a running club in the spring")
    assert "employer" in cue_hits("joined Stripe last month")
    # the first teaching at a named place is a school
    assert cue_hits("first lecture at Dalhousie was brutal lol") == {"school": 1}
    # work for pay said plainly is a job; the slang for anyone with one is not
    assert "employer" in cue_hits("周末在一家面包店打工")
    assert cue_hits("ok so go long from now on") == {"answer_length": 1}
    assert cue_hits("the QB should go long on third down") == {}
    assert "employer" not in cue_hits("打工人打工魂，周一又来了")
    # a switch of name asked for, in a message about what the user is called (not a language)
    assert _said("the deckhands called me Robbo all summer. switch me over to Robbo pls") == [
        ("name", "User's name is Robbo.")
    ]
    assert _said("can you switch me to Spanish") == []
    # a place that took the user from another names a new employer
    assert "employer" in cue_hits("Cinder & Salt poached me for their pastry program,")
    assert names_a_change("Cinder & Salt poached me for their pastry program,")


def test_someone_elses_new_number_is_not_the_users_whoever_they_are():
    def numbers(text):  # (the whole session's reading: the value may follow the change in the next clause)
        return [(m.topic, m.content) for m in RulesExtractor().extract_session([user_message(text)])]

    assert numbers("助教小王换号了，新号是 139 0000 5521，家长找不到我可以打他的") == []
    assert numbers("豆豆爸换号了，新号 139 0000 5521") == []
    assert numbers("导师换邮箱了，新邮箱是 li@example.com") == []
    assert numbers("助教换号了，新号 139 0000 5521") == []
    assert numbers("老周换号了，新号 139 0000 5521") == []
    assert numbers("我换号了，新号 139 0000 5521") == [("phone", "用户的电话是139 0000 5521")]


def test_what_a_colleague_described_by_the_user_went_on_to_do_is_theirs():
    assert _said("跟我同期进来的小周跳槽去星云科技了，做游戏客服，说是双休还不用接电话，羡慕死") == []
    assert _said("跟我同期进来的小周跳槽去星云科技了，我还在途安航空的客服中心") == [("employer", "用户在途安航空工作")]
