"""The topic signal: lexicon cues, the e5 preference, the mood of the clauses that carry the cues."""

import numpy as np
import pytest

from pipelines.extract.signals.lexicon import cue_hits, names_a_change
from pipelines.extract.signals.mood import (
    ASSERTION,
    NEGATED,
    PAST,
    PLAN,
    QUESTION,
    TENTATIVE,
    THIRD_PARTY,
    clauses_with_moods,
    is_owned,
)
from pipelines.extract.signals.prototypes import TopicCentroids
from pipelines.extract.signals.topic_signal import (
    NO_SIGNAL,
    SignalParams,
    TopicSignal,
    answer_signal,
    asks_the_user,
    ends_a_state,
    heard_mood,
    message_signal,
    strongest_reading,
    tells_of_a_trip,
    topic_readings,
    vector_preference,
)


def test_a_resultative_zhu_is_no_home_but_not_living_there_is():
    assert "residence" not in cue_hits("导师太push了我有点顶不住")
    assert "residence" not in cue_hits("忍不住又点了外卖，记住了")
    assert "residence" not in cue_hits("我爸住院了")
    assert "residence" not in cue_hits("被派到重庆驻场，天天住酒店")  # a stay away, not the home
    assert cue_hits("我现在不住那了") == {"residence": 1}


def test_a_question_that_says_more_of_a_topic_than_an_aside_asks_about_it():
    asked = message_signal("问一下，研究生中途能转学到复旦吗？导师太push了我有点顶不住")
    assert (asked.topic, asked.mood) == ("school", "question")
    told = message_signal("Guess what? I moved to Denver, new apartment and all")
    assert (told.topic, told.mood) == ("residence", ASSERTION)
    planned = message_signal("准备换个号了，打算办个 199 0000 2048，尾号看着顺眼")
    assert (planned.topic, planned.mood) == ("phone", PLAN)


def test_cues_in_both_languages_and_change_words_count_twice():
    assert cue_hits("I live in Seattle") == {"residence": 1}
    assert cue_hits("我住上海闵行") == {"residence": 1}
    assert cue_hits("跳槽了，上周刚入职美团")["employer"] == 4  # two cues, both announce a change
    assert cue_hits("新公司大家都用英文名") == {"employer": 1, "name": 1}  # 英文名 is a name, not a language


def test_two_cues_make_a_statement_one_cue_only_a_tentative_one_none_nothing():
    strong = message_signal("Gave up the Portland lease, everything I own is in the van now, no fixed address")
    assert (strong.topic, strong.mood) == ("residence", ASSERTION)
    weak = message_signal("I live in Seattle, in Ballard.")
    assert (weak.topic, weak.mood) == ("residence", TENTATIVE)
    assert message_signal("what's a good substitute for buttermilk?") == NO_SIGNAL


def test_the_mood_of_the_cued_clauses_decides_and_a_weak_aside_stays_an_aside():
    assert message_signal("My sister just moved to Paris and rented a flat there").mood == THIRD_PARTY
    assert message_signal("We're considering moving to Suzhou").mood == PLAN


def test_the_vector_preference_confirms_a_single_cue_and_exclude_leaves_a_topic_to_its_fact():
    topics = ("residence", "employer", "diet")
    centroids = TopicCentroids(topics, np.eye(3, dtype=np.float32))
    near_residence = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    signal = message_signal("I live in Seattle", near_residence, centroids, SignalParams(vector_weight=0.5))
    assert (signal.topic, signal.mood) == ("residence", ASSERTION)  # 1 cue + 0.5 * 1.41 standard deviations
    assert message_signal("I live in Seattle", near_residence, centroids, exclude=frozenset({"residence"})) == NO_SIGNAL


def test_things_only_a_topic_has_are_its_cues_in_either_language():
    assert cue_hits("my 2014 civic squeals when i turn on the AC")["vehicle"] >= 2  # a year and a model
    assert cue_hits("我那辆老polo最近老是打不着火")["vehicle"] >= 2
    assert "school" in cue_hits("first midterm season and the quarter system is brutal")
    assert "school" in cue_hits("期末周要死了，高数老师出题出了名的狠")
    assert "relationship_status" in cue_hits("红本本终于到手啦")
    # lower-case place names still count: people type "here in columbus"
    assert "residence" in cue_hits("my whole life is here in columbus")


def test_a_stay_counted_in_days_is_a_trip_and_a_plan_with_a_date_is_still_a_plan():
    assert message_signal("刚从大理回来，在洱海边住了两周，太舒服了").mood != ASSERTION
    assert tells_of_a_trip("在义乌待了整整五天，天天跑市场拿货")
    assert tells_of_a_trip("国庆带爸妈去成都耍了四天 宽窄巷子全是人")
    assert not tells_of_a_trip("在义乌住了整整五年，早就是半个本地人了")
    assert message_signal("We stayed two weeks in Lisbon and loved the apartment").mood != ASSERTION
    assert message_signal("定了！七月份搬去青岛。青岛租房哪个区方便").mood != ASSERTION


def test_a_living_room_is_no_home_and_a_spouses_company_is_someone_elses_move():
    assert "residence" not in cue_hits("i want our living room to look like that")
    assert message_signal("husband's company is relocating his whole team.").mood == THIRD_PARTY


def test_saying_the_value_still_holds_is_a_cue_of_its_topic():
    # no other employer word in it: the change word counts as the topic's word and as a change
    assert cue_hits("turned them down, still at pellucid") == {"employer": 2}
    assert cue_hits("青岛不去了，我还在郑州待着") == {"residence": 2}


def test_a_clause_about_no_one_in_particular_is_at_most_tentative():
    for text in ("rent is cheaper there and the tech scene is bigger", "深圳租房一般押一付三", "帮我列个搬家清单"):
        assert message_signal(text).mood == TENTATIVE, text
    # the user's own, with the subject said or left out as people do
    for text in (
        "my rent went up again so I moved out",
        "搬到杭州了 这边节奏慢",
        "Finally moved into the new apartment",
    ):
        assert message_signal(text).mood == ASSERTION, text


def test_the_cost_of_living_is_no_home():
    assert "residence" not in cue_hits("what would 4k a month be in Berlin, cost of living wise")
    assert "residence" in cue_hits("living in Berlin now")


def test_a_topic_commented_on_by_the_user_in_the_next_clause_is_the_users():
    one_cue = SignalParams(min_strength=1.0)  # the mood alone is under test, not the strength of one cue
    # the topic first, then what the user did about it, naming no topic of its own
    assert message_signal("the car's gone, sold it last weekend", params=one_cue).mood == ASSERTION
    assert message_signal("吃素那件事，现在不坚持了", params=one_cue).mood == ASSERTION
    # a comment that is not the user's own leaves it tentative
    assert message_signal("the car's gone, such a shame", params=one_cue).mood == TENTATIVE


def test_a_retraction_that_names_nothing_else_reaches_a_statements_strength():
    # the word that ends the value counts once more, as the residence and employer change words do
    assert cue_hits("上周跟他分手了") == {"relationship_status": 2}
    assert cue_hits("sold my car last week") == {"vehicle": 2}
    signal = message_signal("上周跟他分手了")
    assert (signal.topic, signal.mood) == ("relationship_status", ASSERTION)


def test_when_reminders_come_is_contact_time_what_they_are_about_is_not():
    assert "contact_time" in cue_hits("以后提醒改成上午吧")
    assert "contact_time" in cue_hits("remind me in the mornings instead")
    assert "contact_time" not in cue_hits("提醒我明天交报告")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Dropped out of the program in March.", "school"),  # a change word alone is its topic's statement
        ("I got let go on Friday.", "employer"),
        ("I'm between jobs right now.", "employer"),
        ("I'm not with Acme anymore.", "employer"),
        ("I'm no longer going by Jimmy, just use my real name.", "name"),
        ("我们俩已经分了。", "relationship_status"),
        ("车已经处理掉了，现在坐地铁。", "vehicle"),
        ("房子退了，暂时住朋友家。", "residence"),
        # the user's own change said in passing
        ("以后别压缩了，详细点，太长也没关系", "answer_length"),  # a clause without a subject goes on with the user's
        ("要，午休十二点到一点找我最好，晚上想陪娃", "contact_time"),  # when to reach the user, said by the user
        ("so update: gave up the room in portland, couch surfing for a while", "residence"),  # a colon starts a clause
        ("跟你说个事，我又跑回老家了，合肥", "residence"),
        ("我们上周去民政局了", "relationship_status"),
        ("van sold, vanlife over. crashing with friends till I find an apartment", "residence"),
        # a change said without a subject is the user's
        ("the divorce got finalized last week, strange to be single", "relationship_status"),
        ("doc visit was rough. chicken's out too, I'm on seafood only, no meat at all", "diet"),
    ],
)
def test_the_users_own_change_or_end_of_a_value_is_a_statement_of_its_topic(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION), signal


def test_someone_elses_lost_job_stays_theirs():
    assert message_signal("My brother got let go.").mood == THIRD_PARTY


def test_a_generic_clause_after_a_sentence_end_is_not_carried_as_the_users():
    signal = message_signal("我想问个问题。深圳租房一般押一付三")
    assert signal.mood != ASSERTION, signal


def test_a_partners_news_is_the_users_own_relationship_and_someone_elses_on_every_other_topic():
    assert (message_signal("我对象跟我提分手了").topic, message_signal("我对象跟我提分手了").mood) == (
        "relationship_status",
        ASSERTION,
    )
    assert message_signal("my girlfriend and I broke up last week").mood == ASSERTION
    assert message_signal("我男朋友搬去上海了，在那边租了房").mood == THIRD_PARTY
    assert message_signal("my sister got engaged to her boyfriend").mood == THIRD_PARTY


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("what does the user do for a living", "job_title"),
        ("working as a barista downtown", "job_title"),
        ("double shifts at Ruth's Grill again", "employer"),
        ("closing on our house next week, mortgage approved", "residence"),
        ("携号转网折腾了一下午", "phone"),
        ("最近在戒碳水", "diet"),
        ("I'm lactose intolerant", "diet"),
        ("我开的是一台老捷达", "vehicle"),
        ("学籍还挂在原来学校", "school"),
        ("以后回答改用繁体吧", "language"),
        ("回复控制在100字以内", "answer_length"),
        ("weekends only, saturday mornings ideally", "contact_time"),
        ("gonna be carless for a while", "vehicle"),
        ("shop wanted too much so I sold it for parts", "vehicle"),
        ("那还是老老实实在武大待着吧", "school"),
        ("call me on 555-201-3344 instead", "phone"),
        ("新号 199 0000 2048", "phone"),
        ("准备换个号了", "phone"),
        ("ok you can drop the 3 sentence thing btw", "answer_length"),
        ("keep your replies to two sentences", "answer_length"),
        ("以后 reply 中文就好", "language"),
        ("英文就行", "language"),
        ("之后都 reply 英文", "language"),
        ("还是在广州待着，挺好", "residence"),
        # any prefecture-level city, not only the big ones
        ("我现在人在延吉", "residence"),
        ("sleeping on an air mattress in a Raleigh sublet", "residence"),
        ("又回到了榆林", "residence"),
        ("来湛江这边上班了", "residence"),
        ("so I'm staying put at Corliss", "employer"),
        ("GOT MY D7 APPROVED!!! one way ticket to lisbon on march 3rd", "residence"),
        ("finally unpacked the last box", "residence"),
        ("秦再开两年吧", "vehicle"),
        ("can u give me the answer in like 2-3 sentences", "answer_length"),
    ],
)
def test_the_words_people_use_for_a_topic_are_its_cues(text, topic):
    hits = cue_hits(text)
    assert "language" not in hits or topic == "language", hits  # "the answer in like 2-3 sentences" is a length
    assert topic in hits, hits
    assert "residence" not in hits or topic == "residence", hits  # "for a living" is no home


def test_a_social_handle_is_no_email_but_an_address_is():
    assert "email" not in cue_hits("add my instagram handle, @rosadraws")
    assert cue_hits("rosa.mendez@example.org") == {"email": 1}
    assert cue_hits("新的是 lin_wei@example.cn") == {"email": 1}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("我在广州天河上班，家也在天河", "residence"),  # an adverb between 家 and 在
        ("深圳那事黄了，总部不批，我还在广州，房子也不用换了", "residence"),  # still in a named city, no move
        ("Timing's awkward because I only started at Halvorsen Logistics two weeks ago", "employer"),
        ("医生建议我恢复吃肉，所以现在已经开始吃鱼和鸡肉了", "diet"),  # eating meat again is a diet change
    ],
)
def test_staying_in_a_city_starting_at_a_company_and_eating_meat_again_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_city_visited_is_not_a_home():
    assert "residence" not in cue_hits("我在上海出差")


def test_being_contacted_is_contact_time():
    assert "contact_time" in cue_hits("What time of day did the user prefer to be contacted?")


def test_a_message_telling_of_a_trip_describes_the_stay_unless_it_says_a_move():
    stay = message_signal(
        "just got back from a month in Lisbon. honestly it felt like living there, I had a little apartment in Alfama"
    )
    assert (stay.topic, stay.mood) == ("residence", "past")
    assert message_signal("国庆在大理住了一整个星期，每天晒太阳发呆，真的差点就不想走了").mood == "past"
    moved = message_signal("Back from the Lisbon trip! Also I moved to Denver last week")
    assert (moved.topic, moved.mood) == ("residence", ASSERTION)


def test_a_new_name_and_a_new_line_said_without_my_are_the_users_statements():
    name = message_signal("also plz use my new name on any forms u help me with, its Dana Okafor now")
    assert (name.topic, name.mood) == ("name", ASSERTION)
    phone = message_signal("yes pls. it's 312 555 0193 now, the old one is gone gone")
    assert (phone.topic, phone.mood) == ("phone", ASSERTION)
    # without the number, "it's … now" names no phone
    assert message_signal("it's raining now, the old umbrella is gone").topic != "phone"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "is it normal that onboarding takes 3 weeks? day 9 at Halvorsen Freight and I'm still shadowing people",
            "employer",
        ),  # a day counted at a company, beside a question about it
        ("been at Corvid Analytics since the 3rd as an operations analyst", "employer"),
        (
            "did the math on insurance and sold the civic. going car-free for now",
            "vehicle",
        ),  # subjectless, still theirs
        # a state begun on a trip
        (
            "ever since the chengdu trip I put chili crisp on everything. give me recipes that are actually spicy",
            "diet",
        ),
        ("上周下雨被追尾，车直接定损报废了，保险赔了一些", "vehicle"),
        ("新工作第一周，在蓝鲸物流做数据分析，天天写SQL", "employer"),  # the subject left out, a new job named
        # a request recalled, taken back and replaced by an order
        (
            "remember when i asked for bullet points? i take it back lol. just write normal sentences",
            "output_format",
        ),
        ("i met someone at the climbing gym. Julián. we made it official on friday", "relationship_status"),
        ("as a senior software engineer how much time should i spend reviewing PRs", "job_title"),
        ("复旦开学一个多月了，研究生宿舍比本科那会儿差多了", "school"),
        ("finally onboarded at Stripe, week one done", "employer"),
        ("终于 onboard 了，节奏好快", "employer"),
    ],
)
def test_changes_said_the_way_people_type_them_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_trip_itself_stays_a_trip():
    assert message_signal("was in Chengdu for a week, the food was insanely spicy").mood != ASSERTION


def test_a_window_for_reminders_is_contact_time():
    assert "contact_time" in cue_hits("以后提醒别在早上十点前发")
    assert (
        message_signal("我辞职出来单干了，时间自由多了。以后提醒别在早上十点前发，其他时间随便").topic == "contact_time"
    )


def test_a_team_at_a_company_now_a_forms_name_and_a_company_described_by_its_business():
    team = message_signal("same vibe but I'm on the routing platform team at Halvorsen now, not Brightwave")
    assert (team.topic, team.mood) == ("employer", ASSERTION)
    assert cue_hits("Name is Dana Whitfield, available weekends only")["name"] == 1
    # 做 in "在一家做SaaS的创业公司" is the company's business, not the user's role: one cue (创业公司), not two
    assert cue_hits("在一家做SaaS的创业公司")["employer"] == 1


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("guess who is no longer a junior anything 🎉 the promo to Data Analyst II went thru today", "job_title"),
        ("ok practical thing: I'm a Lindqvist now 😅 took Sam's name", "name"),
        ("毕业了，宿舍已经退了，东西都打包寄回家了。接下来住哪还没想好", "residence"),  # a retraction of a dorm
        ("Columbus didn't stick, so we're back east. renting a rowhouse in Fishtown since January.", "residence"),
        ("我那台比亚迪秦 DM-i 开了三年了，电池衰减多少算正常", "vehicle"),
        (
            "the Ioniq 5's regen braking took me a week to get used to but now I love it. had it since january.",
            "vehicle",
        ),
        ("然后我八月底换了工作，现在在澜岸能源做 BMS 的固件，新环境啥都得重新学", "employer"),
    ],
)
def test_changes_and_states_said_without_the_usual_words(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_partners_news_after_a_lead_in_is_still_the_couples():
    assert message_signal("omg my girlfriend said yes!! we're engaged").mood == ASSERTION
    assert message_signal("meanwhile my best friend Priscilla just got engaged").mood == THIRD_PARTY


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("用户现在的名字是什么（信件落款用）？", "name"),
        ("用户希望什么时候收到提醒？", "contact_time"),
        ("用户希望回答是什么风格？", "output_format"),
        ("What answer style does the user like?", "output_format"),
        ("用户现在的婚恋状况是什么？", "relationship_status"),
    ],
)
def test_questions_asked_in_other_words_find_their_topic(query, topic):
    assert message_signal(query).topic == topic


def test_a_reply_takes_the_topic_of_the_question_it_answers():
    name = answer_signal("王若溪，若即若离的若，小溪的溪。简历和所有东西以后都用这个", "恭喜！新名字叫什么呀？")
    assert (name.topic, name.mood) == ("name", ASSERTION)
    home = answer_signal("Fishtown, since January", "Where are you living now?")
    assert (home.topic, home.mood) == ("residence", ASSERTION)
    assert answer_signal("maybe next year", "Where are you planning to move?").mood == PLAN
    # an offer or a yes/no question asks for no value, and a question about someone else lends nothing
    assert answer_signal("yes actually, mine is a cheap cable lock", "Want help picking a bike lock?") == NO_SIGNAL
    assert answer_signal("Boston, last week", "Where did your sister move?") == NO_SIGNAL
    assert answer_signal("a long answer " * 20, "Where do you live now?") == NO_SIGNAL
    # a task handed back to the assistant answers nothing
    assert answer_signal("帮我列个清单吧，厨房的东西基本啥都没有", "恭喜搬完家！新家那边还缺什么吗？") == NO_SIGNAL
    assert answer_signal("ok can you list some gyms near me", "Where are you living now?") == NO_SIGNAL


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("What name did the user sign with?", "name"),
        ("用户的落款写什么？", "name"),
        ("Which school was the user attending?", "school"),
        ("什么时候给用户发提醒比较合适？", "contact_time"),
    ],
)
def test_more_questions_in_other_words_find_their_topic(query, topic):
    assert message_signal(query).topic == topic


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("renting in Fishtown", "residence"),
        ("a rowhouse downtown", "residence"),
        ("first week in Columbus done", "residence"),
        ("so we're back east", "residence"),
        ("the EV is great", "vehicle"),
        ("刚买了一辆二手的", "vehicle"),  # 辆 counts vehicles
        ("收到提醒就行", "contact_time"),
        ("博一压力好大", "school"),
        ("现在在澜岸能源做固件", "employer"),  # the subject left out after 现在
        ("sign it Hannah Okafor", "name"),
        ("attending Sac City", "school"),
        ("我姓王", "name"),
        ("你也这么叫就行", "name"),
        ("合同到期没续", "residence"),
        ("he/him", "name"),
        ("I've started going by Sasha", "name"),
        ("高三下学期了", "school"),
        ("仙林校区的太阳", "school"),
        ("用户现在的全名是什么", "name"),
        ("second month at Dropbox", "employer"),
        ("I do backend at HubSpot", "employer"),
        ("How long should the assistant's answers be?", "answer_length"),
        ("限制在三句话", "answer_length"),
        ("four direct reports now", "job_title"),
        ("first morning waking up in my own apt", "residence"),
        ("在华屿第三周了", "employer"),
        ("我在三院当护士", "employer"),
        ("我在惠万家超市当收银员", "employer"),  # a kind of workplace, then the work done there
        ("现在在弦音琴行教小孩弹吉他", "employer"),
        ("算技术员吧", "job_title"),  # being one, said with the role's ending
        ("the removal truck turned up in Whanganui on Saturday", "residence"),
        ("兰州这风刮得窗户哐哐响", "residence"),  # a city's weather, said with 这
        ("我们佳木斯今天零下三十二度", "residence"),  # a city the user counts themselves in
        ("2nd year geography at Lakehead", "school"),  # the year of a course
        ("so I'm in 3rd year now", "school"),
        ("orientation at Bluegill Transport is Monday", "employer"),
        ("一家康仁堂大药房当驻店药师", "job_title"),
        ("for the rest of the summer answer me in welsh only", "language"),  # the user named between
        ("ok i surrender u can drop the welsh thing", "language"),  # the rule called off by its language
        ("Saltbush Canteen at the uni took me on", "employer"),  # a place that hired the user
        ("first week at quillbrook done, fully remote", "employer"),  # a first stretch, the place in lower case
        ("Five weeks in at Cabot Harbour", "employer"),  # the time since starting there
        ("six weeks into Halyard and I still get lost", "employer"),
        ("现在去西市场边上的三合面包房上早班", "employer"),  # a shift, a kitchen, a uniform
        ("现在在河南街的金达莱烤肉后厨", "employer"),
        ("白桦那边上周把工服交了", "employer"),
        ("我还是留在通衡", "employer"),  # staying where the user works
        ("the NSERC grant that was paying me wrapped up end of October", "employer"),  # the money behind the job ended
        ("the Timaru contract ended and they didn't renew", "employer"),
        ("I'm not with anyone right now", "employer"),
        ("I'm a postdoctoral research assistant at the Rowett", "job_title"),
        ("So we remain in Dunedin", "residence"),
        ("so I've given up the Aro Valley room", "residence"),  # a home given up, named
        ("I'm back in my childhood bed", "residence"),
        ("考研也上岸了", "school"),  # an exam passed into a school
        ("考公终于上岸了", "employer"),  # ... or into a post
    ],
)
def test_each_new_word_of_a_topic_is_a_cue_on_its_own(text, topic):
    assert topic in cue_hits(text)


@pytest.mark.parametrize(
    "text",
    [
        "the promo went thru",
        "然后我八月底换了工作",
        "changed jobs in May",
        "I've started going by Sasha",
        "handed in my badge friday",
        "今天他单膝跪下了",
        "之前说的三句话限制取消吧",
        "first week after transferring to UC Davis",
        "I gave up on the vegeterian thing over the summer",
        "思域上个月卖了，现在没车",
    ],
)
def test_a_promotion_and_a_changed_job_are_changes(text):
    assert names_a_change(text)


def test_a_partner_named_in_passing_and_people_calling_the_user_a_name_are_the_users():
    married = message_signal("Back home. Still can't believe my husband booked a wedding anniversary dinner.")
    assert (married.topic, married.mood) == ("relationship_status", ASSERTION)
    assert message_signal("my sister's husband is so annoying").mood == THIRD_PARTY
    name = message_signal("你好，我姓王，公司里大家都叫我王总，你也这么叫就行。")
    assert (name.topic, name.mood) == ("name", ASSERTION)
    called = message_signal("大家都叫我王总")
    assert (called.topic, called.mood) == ("name", TENTATIVE)


def test_a_request_outweighs_a_plan_told_before_it():
    said = (
        "I start rotating hospital shifts next week so mornings are dead to me. if you're doing reminders or "
        "check-ins, do them after 7pm from now on"
    )
    assert (message_signal(said).topic, message_signal(said).mood) == ("contact_time", ASSERTION)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("录取通知书今天到了！！南大的", "school"),
        ("房子合同到期没续，家当全塞进了一个迷你仓", "residence"),
        ("first month at UCLA after transferring, the quarter system is eating me alive", "school"),
        ("I've started going by Sasha, and she/her", "name"),
    ],
)
def test_admissions_leases_ending_transfers_and_pronouns_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_turning_in_a_badge_ends_a_job():
    assert names_a_change("turned in my badge friday")


def test_a_text_without_topic_words_hits_no_topic():
    assert cue_hits("hello there, thanks a lot") == {}
    assert cue_hits("谢谢，很有帮助") == {}


def test_when_to_be_reminded_said_as_if_reminded_is_the_users_contact_time():
    signal = message_signal("有事提醒我的话尽量工作日晚上8点以后，白天在车间手机不让带")
    assert (signal.topic, signal.mood) == ("contact_time", ASSERTION)


def test_a_topic_without_cues_in_one_language_matches_nothing_there():
    from pipelines.extract.signals.lexicon import _compile

    english, chinese = _compile({"answer_length": ((), ("限制取消",))})["answer_length"]
    assert english.search("ok, fine! thanks.") is None and chinese.search("限制取消吧")


def test_a_feeling_asked_for_lends_no_topic_to_its_answer():
    assert answer_signal("good but the slack is insane", "Congratulations! How did the first day feel?") == NO_SIGNAL
    assert answer_signal("two years now", "How long have you been together?").topic == "relationship_status"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Papers are signed. Officially divorced.", "relationship_status"),
        ("nah everyone eats everything. me included now, I gave up on the vegeterian thing", "diet"),
    ],
)
def test_a_divorce_made_official_and_a_diet_given_up_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("first week of my master's at Michigan done. Ann Arbor in January is cold", "school"),
        ("开学第一周，紫金港也太大了", "school"),
        ("研究生开学了，紫金港也太大了", "school"),
        ("最后没续租。东西都打包寄存在朋友那了", "residence"),  # a lease not renewed ends the home
    ],
)
def test_a_degree_begun_at_a_school_and_a_lease_not_renewed_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("三句话那个规矩取消吧，有时候你讲得太简略", "answer_length"),  # a standing rule called off
        ("表格那个要求取消吧", "output_format"),  # ... of whichever preference its clause names
        ("ok forget that rule about bullet points", "output_format"),
        ("望京那套月底到期我没续", "residence"),  # a lease run out and not renewed
        ("东西寄存在朋友那了，落脚在哪还没想好", "residence"),  # nowhere settled yet
        ("already done actually, I'm back in Ohio as of last weekend", "residence"),
        ("Ledgerline! sending Brightwell my two weeks today", "employer"),
        ("soooo I accepted the offer 🎉", "employer"),
        ("the name change finally went through, so anything you draft is from Priya Okafor now", "name"),
        ("honeymoon was unreal. now we file jointly", "relationship_status"),
        ("蜜月回来了，累但开心", "relationship_status"),
    ],
)
def test_rules_called_off_leases_run_out_moves_back_notices_and_new_names_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("今天last day了，和team吃了散伙饭", "employer"),  # an English cue typed inside Chinese
        ("first thing, the signature needs changing. I'm going by Hale now", "name"),
        ("以后提醒都放到晚上9点以后吧", "contact_time"),
        ("weird week. brightwave did a round of layoffs on thursday and I was in it", "employer"),
        ("long story short ive started eatin fish again, salmon twice a week", "diet"),
        ("嗯，朗逸上个月卖了，才卖了3万出头", "vehicle"),  # a car sold by its model's name
    ],
)
def test_code_mixed_cues_new_names_layoffs_and_cars_sold_by_model_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_daily_summary_is_about_contact_time_and_the_school_run_about_no_school():
    hits = cue_hits("can you send my daily to-do summary at 7:30am? I'm up early for the school run anyway")
    assert hits.get("contact_time") and "school" not in hits
    assert cue_hits("the summary hits right as I'm falling asleep").get("contact_time")
    assert "employer" not in cue_hits("homework due friday")  # ... and an English cue still needs its word edges


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("什么时间给用户发提醒最合适？", "contact_time"),
        ("At what time did the user want the daily digest?", "contact_time"),
        ("Does the morning summary get sent too early for the user?", "contact_time"),
        ("用户现在在哪里读书？", "school"),
        ("用户的婚姻状况是什么？", "relationship_status"),
    ],
)
def test_questions_about_a_topic_in_everyday_words_name_it(query, topic):
    assert message_signal(query).topic == topic


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Toronto guy here, first time going to Portugal", "residence"),
        ("still doing the fodmap thing, reintroduction phase now", "diet"),
        ("从现在开始你全部用English回我吧", "language"),  # a language named in English inside Chinese
    ],
)
def test_a_city_tag_a_diet_by_name_and_a_language_in_english_touch_their_topic(text, topic):
    assert cue_hits(text).get(topic)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Jonah and I did the courthouse thing last Friday, only 12 people", "relationship_status"),
        ("we eloped in Vegas last weekend", "relationship_status"),
        ("officially newlyweds as of saturday", "relationship_status"),
        ("got hitched at city hall on friday", "relationship_status"),
        ("just married!! still in shock", "relationship_status"),
        ("现在又回到北京的格子间了，落差好大", "residence"),
    ],
)
def test_a_courthouse_wedding_and_a_return_to_a_city_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


@pytest.mark.parametrize(
    "text",
    [
        "doing paleo since march",
        "month two of whole30",
        "went full carnivore, don't laugh",
        "I'm dairy-free now",
        "strictly gluten-free",
        "sugar-free for lent",
        "oat flat white, no sugar",
        "trying the mediterranean diet",
        "mostly plant-forward these days",
        "flexitarian, meat maybe once a week",
        "in a calorie deficit till summer",
        "tracking macros again",
        "最近在控糖",
        "戒糖第三周",
        "每天吃减脂餐",
        "在做轻断食",
        "只能吃无麸质的",
        "低脂的就行",
        "低FODMAP吃了一个月",
        "最近开始生食",
    ],
)
def test_diets_by_name_are_diet_words(text):
    assert cue_hits(text).get("diet")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("I'm taking Marco's last name, Ferreira. where do I even start", "name"),
        ("Can you help me write an email to my kid's teacher? Sign it Dana Kowalski, mom of Leo", "name"),
        ("帮我做个自我介绍的首页文案，名字写张婉婷", "name"),  # a name put on a page
        ("Honestly I caved, so salmon y sardinas are back on my plate now", "diet"),
        ("新提的小米SU7，第一次冬天开", "vehicle"),
    ],
)
def test_a_name_to_sign_with_a_food_back_on_the_plate_and_a_new_car_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_an_anniversary_and_electric_car_models_are_words_of_their_topics():
    assert cue_hits("anniversary dinner ideas? me and Nadia hit 4 years").get("relationship_status")
    assert cue_hits("下周是我们的纪念日").get("relationship_status")
    for car in ("秦PLUS真省", "小米SU7真香"):
        assert cue_hits(car).get("vehicle")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "new year new business cards: I'm Associate Creative Director now, which mostly means more meetings",
            "job_title",
        ),
        ("long week, but they bumped me to senior copywriter so at least I'm tired at a higher pay grade", "job_title"),
        ("试用期熬完了，今天正式转正", "job_title"),
        ("Kestrel countered with a raise and I took it, so I'm staying put. called Dunmore and withdrew", "employer"),
        ("想了一晚上，决定留在原公司，不跳了", "employer"),
        ("车已经出手了，现在每天骑车加地铁", "vehicle"),
        ("说来好笑，现在我吃碗面不加两勺辣椒油都觉得没味道", "diet"),
    ],
)
def test_a_role_named_as_now_a_move_called_off_a_car_let_go_and_a_taste_said_as_now_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_role_named_after_im_is_a_title_not_a_name():
    hits = cue_hits("I'm Associate Creative Director now")
    assert hits["job_title"] > hits.get("name", 0)


@pytest.mark.parametrize(
    ("turn", "reply", "topic"),
    [
        (
            "Congrats on week one! Where did you end up?",
            "Brightwater Health, the hospital network. it's all bed data",
            "employer",
        ),
        (
            "Once you have the new number, tell me and I'll use it.",
            "ya its 415 555 0129. sorry still not used to it",
            "phone",
        ),
        (
            "Once you have the new number, do you want me to update it on your delivery forms?",
            "yes pls. 312-555-0193. sorry still dont know it by heart",
            "phone",
        ),
    ],
)
def test_the_first_sentence_of_a_reply_to_a_question_about_the_user_is_the_users(turn, reply, topic):
    assert asks_the_user(turn)
    assert message_signal(reply) == TopicSignal(topic, TENTATIVE, 1.0)  # said of no one, alone
    assert message_signal(reply, answering=True) == TopicSignal(topic, ASSERTION, 2.0)


def test_a_question_about_someone_else_or_about_nothing_of_the_users_owns_no_reply():
    assert not asks_the_user("Where is your sister moving?")
    assert not asks_the_user("What's the weather like there?")
    assert not asks_the_user("How did the first day feel?")
    # only the first sentence answers: what follows it is said of no one, as before
    later = message_signal("ok. rent in Denver is cheap though", answering=True)
    assert (later.topic, later.mood) == ("residence", TENTATIVE)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("life update: I'm officially a Tucson resident as of last weekend lol", "residence"),
        ("到深圳快一个月了，南山这边房租真的离谱。你说我要是搬去宝安住，通勤会不会太远？", "residence"),
        ("帮我查下怎么去机场？新租的房子就在科技园边上", "residence"),
        ("体检血脂飙了，被医生骂了一顿，生酮不搞了。现在也没啥特别的饮食计划", "diet"),
        ("慢性胃炎 医生让我辣的别碰了 以后推荐菜谱都按清淡的来吧", "diet"),
        ("veganuary was a one month thing but im staying vegan. no fish no eggs no dairy anymore.", "diet"),
        ("我现在居然无辣不欢了！！同事天天带我吃火锅，从微辣一路吃到中辣", "diet"),
        ("麻烦讲细一点，长一点没关系，之前那个三句话的要求先作废", "answer_length"),
        ("ok I'm calling off the spanish-only thing, no rule anymore, whatever's easiest", "language"),
        ("first week of my MSc at UCL done and the stats module is brutal", "school"),
        ("everything else is Lindqvist now, passport, bank, all of it", "name"),
        ("王若宁。身份证还在补办，以后正式的东西都用这个名字哈", "name"),
        ("oh and the new one is 312 555 0193. the 0148 one is dead", "phone"),
        (
            "I have 84 thank-you cards to write for wedding gifts and my wife says I'm doing half.",
            "relationship_status",
        ),
    ],
)
def test_changes_and_states_in_everyday_words_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_hotel_a_stay_not_a_meeting_of_parents_and_school_names_touch_their_topics():
    assert cue_hits("下周末第一次去他家见家长").get("relationship_status")
    assert cue_hits("tonight we're sleeping on an air mattress in our Raleigh place").get("residence")
    assert cue_hits("only between 1 and 3pm now").get("contact_time")
    assert cue_hits("first week at UC Davis done").get("school")
    assert cue_hits("final year at Warwick and my dissertation is due").get("school")
    assert "residence" not in cue_hits("she's a second-year resident at Mass General")


@pytest.mark.parametrize(
    ("text", "topic", "mood"),
    [
        (
            "I carried the ring for 3 weeks and tonight at the overlook she cried and said yes!!!",
            "relationship_status",
            ASSERTION,
        ),
        ("走到哪住到哪，没有固定住处了", "residence", ASSERTION),
        ("那算了，太折腾了，我们还是老老实实在天河住着吧", "residence", ASSERTION),
        ("please sign the formal letters you draft for me as Claire Donovan, not just Claire", "name", ASSERTION),
        ("假如我搬到深圳前海那边住，每天去天河上班现实吗？", "residence", PLAN),
    ],
)
def test_a_yes_to_a_proposal_a_home_had_no_more_a_stay_kept_and_a_supposed_move(text, topic, mood):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, mood)


def test_schools_named_state_or_tech_are_schools():
    assert cue_hits("transferring to Georgia Tech in the fall").get("school")
    assert cue_hits("sophomore at Ohio State").get("school") == 2


@pytest.mark.parametrize(
    "text",
    [
        "I'm Associate Creative Director now",
        "they bumped me to senior copywriter",
        "新名片到了，new business cards look great",
        "想了想还是不跳了",
        "来成都半年了",
        "生酮那个我已经停了",
        "之前那个三句话的要求先作废",
        "ok I'm calling off the spanish-only thing",
        "im staying vegan",
    ],
)
def test_words_that_start_or_end_a_value_name_a_change(text):
    assert names_a_change(text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("北京朝阳这边杨柳絮太夸张了", "residence"),
        ("麻烦讲细一点", "answer_length"),
        ("final year at Warwick", "school"),
    ],
)
def test_where_the_speaker_is_how_long_to_answer_and_a_last_year_of_study_touch_their_topic(text, topic):
    assert cue_hits(text).get(topic)


def test_a_change_the_user_tells_outweighs_what_others_did_around_it():
    signal = message_signal("我现在无辣不欢了，同事天天带我吃火锅，从微辣吃到中辣再到特辣")
    assert (signal.topic, signal.mood) == ("diet", ASSERTION)


def test_a_name_used_for_years_is_no_new_name():
    assert not names_a_change("这名字用了快三十年谁改啊")
    assert names_a_change("名字用张沐涵")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "we went up to the lookout and Ben got down on one knee??? I said yes obviously, still shaking.",
            "relationship_status",
        ),
        ("跟你说个事！我跟小雯表白了，她说好😭😭 今天开始算正式在一起了。", "relationship_status"),
        ("他今天在摩天轮上拿出戒指了，我说了好！！！", "relationship_status"),
        ("ok. I caved: my doctor said my iron and omega-3 are low so I'm eating fish again.", "diet"),
        ("she wants me eating eggs and dairy again. still not doing meat, so vegetarian now I guess", "diet"),
        (
            "hm. ok you can forget the 2-3 sentence rule I gave you, no particular limit, just use your judgement",
            "answer_length",
        ),
        ("so I switched to the night rotation, 7p to 7a. push everything to like 5:30 in the evening", "contact_time"),
        ("在北京住了六年了，每年四月的杨柳絮都让我崩溃", "residence"),
        ("公司把我调到成都分部了，上周刚搬过来，房子租在高新区", "residence"),
        ("back in Chicago and it's already cold, why do I live here", "residence"),
        ("ok life update: we're officially out of Portland. truck got unloaded in Sacramento", "residence"),
        ("got promoted from staff eng about a month ago and I still feel like an imposter.", "job_title"),
        ("context: last day at halvorsen was friday, startin at Brightwater Analytics on monday", "employer"),
    ],
)
def test_the_user_coming_in_after_someone_elses_words_and_more_everyday_changes_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_stay_counted_to_now_differs_from_a_stay_that_ended():
    assert names_a_change("在北京住了六年了")
    assert not names_a_change("在洱海边的民宿住了一个月")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("valentine's dinner idea for my gf Mei?", "relationship_status"),
        ("mei and I are hitting 2 years next month", "relationship_status"),
        ("以后中英双语吧，先中文再附一段英文", "language"),
        ("I grew up bilingual, english and french", "language"),
    ],
)
def test_partners_by_short_names_years_together_and_two_languages_touch_their_topic(text, topic):
    assert cue_hits(text).get(topic)


def test_the_short_first_sentence_of_a_long_reply_answers_when_it_names_something():
    asked = "Congrats!! What's your new name?"
    named = answer_signal("Dana Moreno. same as Luis 🙂 already switched it at the bank and the DMV", asked)
    assert (named.topic, named.mood) == ("name", ASSERTION)
    # a long reply whose first sentence names nothing lends no topic
    told = "We love hiking, honestly. Every weekend we drive up to the mountains and camp out"
    assert answer_signal(told, "What else do you guys like doing together?") == NO_SIGNAL


@pytest.mark.parametrize(
    "text",
    [
        "no particular limit, just use your judgement",
        "上周刚搬过来",
        "I said yes obviously",
        "Ben got down on one knee",
        "他今天在摩天轮上拿出戒指了",
        "brightwave did a round of layoffs on thursday",
    ],
)
def test_limits_lifted_moves_done_proposals_and_layoffs_name_a_change(text):
    assert names_a_change(text)


def test_where_the_flat_is_rented_and_a_typed_start_are_words_of_their_topics():
    assert cue_hits("房子租在高新区").get("residence")
    assert cue_hits("startin at Brightwater on monday").get("employer")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("老板让我带新来的三个同事，title 也改成算法组长了，说实话压力好大", "job_title"),
        ("升客服主管之后第一次要给组员做绩效面谈，手下8个人", "job_title"),
        ("no extra money yet BUT they changed my title to Senior Product Designer, effective this month.", "job_title"),
        (
            "help me write a thank-you note to my future mother-in-law?? Eli proposed on the hike Saturday",
            "relationship_status",
        ),
        ("new chapter: me and Callum finally got a place together, keys handed over last friday", "residence"),
        (
            "ok pues... I did it. contract signed w/ Koto Labs this morning, I start monday as product analyst.",
            "employer",
        ),
    ],
)
def test_what_follows_an_order_a_title_changed_a_proposal_and_a_place_got_are_statements(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_an_answers_value_is_the_users_wherever_it_stands():
    reply = "yes pls. 312-555-0193. the 0148 one is dead as of yesterday"
    assert message_signal(reply, answering=True).mood == ASSERTION
    assert message_signal(reply).mood == TENTATIVE


@pytest.mark.parametrize(
    "text",
    [
        "they changed my title to Senior Designer",
        "the org chart says Analytics Lead next to my name",
        "Sami's parents are throwing us an engagement dinner on saturday",
    ],
)
def test_a_title_changed_on_paper_and_an_engagement_celebrated_name_a_change(text):
    assert names_a_change(text)


def test_a_partners_proposal_is_the_couples_news():
    signal = message_signal("need a toast. he proposed in september on the hike where we had our first date")
    assert (signal.topic, signal.mood) == ("relationship_status", ASSERTION)


def test_a_proposal_told_after_someone_elses_news_is_theirs():
    signal = message_signal(
        "MY SISTER GOT ENGAGED!!! he proposed at the top of the art museum steps. I'm maid of honor"
    )
    assert (signal.topic, signal.mood) == ("relationship_status", THIRD_PARTY)


def test_a_short_thing_is_no_length_of_answers():
    assert "answer_length" not in cue_hits("有什么发表周期短一点的期刊类型")
    assert "answer_length" in cue_hits("回答短一点")
    assert "answer_length" not in cue_hits("I wrote 3 sentences for the intro")


def test_a_thing_that_works_is_no_job():
    assert "employer" not in cue_hits("works, thanks!!")
    assert cue_hits("she works at Google") == {"employer": 1}
    assert "employer" in cue_hits("I worked at Acme for 3 years")


def test_a_first_week_at_a_named_place_starts_a_job_unless_the_place_is_a_school():
    assert names_a_change("first week at Ledgerly done!!")
    assert not names_a_change("first week at Ohio State done")


def test_a_hired_car_a_move_in_a_college_teaching_and_fish_to_add_are_cues_of_their_topics():
    # a hired car is a trip's: the cue gives it its topic, and its mood keeps it from answering what the user drives
    assert message_signal("五一去云南租了辆坦克300自驾，开着是真爽").topic == "vehicle"
    assert message_signal("五一去云南租了辆坦克300自驾，开着是真爽").mood != ASSERTION
    assert message_signal("搬进来一周了，楼下就是地铁") == TopicSignal("residence", ASSERTION, 2.0)
    assert "school" in cue_hits("我现在在南京一所大专读会计")
    assert "employer" in cue_hits("I teach 4th grade at Ridgeview Elementary")
    assert "employer" not in cue_hits("I teach myself guitar")
    assert "diet" in cue_hits("Dr. Patel said I should think about adding fish for omega-3s")


def test_when_reminders_come_an_offer_of_a_place_and_a_number_given_as_its_are_cues():
    assert "contact_time" in cue_hits("提醒什么的白天发就行")
    assert "school" in cue_hits("复试过了！北外MTI拟录取")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("上周跟他确定关系了", "relationship_status"),
        ("婚假休完了今天复工", "relationship_status"),
        ("搬进来一周了", "residence"),
        ("刚搬进去，箱子还没拆", "residence"),
        ("我租的老房子在海珠区", "residence"),
        ("南山的房子上周已经退了", "residence"),
        ("我是心内科主治医师", "job_title"),
        ("职称评审下个月", "job_title"),
        ("the severance is decent", "employer"),
        ("Lumen did a restructuring", "employer"),
        ("名字终于改好了", "name"),
        ("改名的手续好麻烦", "name"),
        ("我们星澜网络年会要我上台讲个段子", "employer"),
        ("我们小米今年年终奖还行", "employer"),
        ("腾讯这边周报模板好长啊", "employer"),
        ("用户的雇主是谁？", "employer"),
        ("ICU nurse at Mercy General here", "employer"),
        ("my unit at mercy is too good to leave", "employer"),
        ("Halcyon Robotics! starting monday", "employer"),
        ("I'm on the east side so anything out toward the gorge is easy", "residence"),
        ("过完年直接来广州这边报到", "residence"),
        ("房子也在天河租好了", "residence"),
    ],
)
def test_words_of_a_topic_said_in_passing(text, topic):
    assert topic in cue_hits(text)


def test_a_name_asked_for_as_on_a_form_is_the_name_topic():
    assert message_signal("What is the user's legal name?").topic == "name"
    assert message_signal("用户的法定姓名是什么？").topic == "name"


def test_a_number_or_an_address_written_out_with_no_owner_is_the_users_and_a_places_is_not():
    said = message_signal("ok filters it is, not giving out a second address. lena.hp@example.com stays for everything")
    assert (said.topic, said.mood) == ("email", ASSERTION)
    assert message_signal("yes pls short. new # is 773 555 0129").mood == ASSERTION
    assert message_signal("the pharmacy number is 312-555-0100, call them").mood == TENTATIVE


def test_a_lease_ended_is_a_change_and_its_penalty_clause_is_not():
    assert names_a_change("上个月退租了，东西先放朋友家")
    assert not names_a_change("押二付一，提前退租违约金两个月房租")


def test_a_role_someone_else_has_is_no_title_of_the_users():
    assert "job_title" not in cue_hits("my manager wants it punchier")
    assert "job_title" not in cue_hits("ok ill ask our educator, and her manager too")
    assert "job_title" in cue_hits("I'm the manager now")
    assert "job_title" not in cue_hits("我的经理说下周再谈")
    assert "job_title" in cue_hits("我升经理了")


def test_our_workplace_is_the_users_and_a_school_reported_done_is_a_change():
    assert is_owned("our quarterly review at Larkspur Freight")
    assert not is_owned("our neighbour moved to Austin")
    assert is_owned("ICU nurse at Mercy General here.")
    # whose address it is, named: "his" ("his new address is …" after "my husband marco")
    assert message_signal("his new address is marco.ferraro@example.net").mood == THIRD_PARTY
    assert names_a_change("报到完了！紫金港是真的大")
    assert names_a_change("又跳了哈哈，这次去了鲸落游戏")
    assert "job_title" not in cue_hits("有点心动 你帮我分析下利弊")
    assert "job_title" in cue_hits("我在做数据分析")


@pytest.mark.parametrize(
    "text",
    [
        "帮我给房东发个消息，说空调漏水了，让维修师傅直接打我电话",
        "can you email me the slides and my phone number list",
    ],
)
def test_a_number_or_an_address_only_mentioned_is_no_statement_of_it(text):
    assert message_signal(text).topic not in ("phone", "email")


def test_a_changed_number_states_its_topic_without_the_number_and_a_question_still_asks_for_it():
    assert message_signal("对了 我换号了，旧的那个欠费停机了懒得管") == TopicSignal("phone", ASSERTION, 4.0)
    assert message_signal("用户现在的手机号是多少？").topic == "phone"


def test_a_diet_begun_without_a_subject_is_the_users_and_here_is_where_the_speaker_is():
    said = "最近在搞keto 生酮 碳水基本不碰了 纯素的话蛋白质太难凑了 所以现在鱼和肉也开始吃了。帮我重新弄个菜单"
    assert message_signal(said).mood == ASSERTION
    for begun in ("最近在搞keto 生酮", "所以现在鱼和肉也开始吃了"):
        signal = message_signal(begun)
        assert (signal.topic, signal.mood) == ("diet", ASSERTION)
    assert message_signal("the landlord here in alfama only speaks portuguese, help me write a msg") == TopicSignal(
        "residence", TENTATIVE, 2.0
    )
    assert message_signal("my sister lives in Denver").mood == THIRD_PARTY
    assert message_signal("my boss here in the office moved to Denver").mood == THIRD_PARTY


def test_having_a_car_asked_and_a_scooter_ridden_are_the_vehicle():
    assert message_signal("用户现在有车吗？").topic == "vehicle"
    assert message_signal("每天骑我的小电驴去上课 下雨天太痛苦了").topic == "vehicle"


def test_where_we_are_said_beside_a_trip_to_plan_is_still_where_we_live():
    said = "hi! we're in Columbus, Clintonville area. can you help me plan a 3 day spring break trip with my kids"
    assert message_signal(said) == TopicSignal("residence", TENTATIVE, 1.0)


def test_a_place_compared_with_is_no_trip():
    said = "finally unpacked the last box 🎉 our apartment in capitol hill gets insane afternoon light, the plants are "
    assert message_signal(said + "so much happier than they were in the desert").mood == ASSERTION
    assert message_signal("our apartment in capitol hill is tiny. we were in Lisbon last week").mood == PAST


def test_asking_what_the_user_does_asks_for_a_title_and_a_name_on_a_card_is_the_name():
    assert message_signal("用户当时做什么工作？").topic == "job_title"
    assert message_signal("用户在哪工作？").topic == "employer"
    assert message_signal("当时用户身份证上的名字是什么？").topic == "name"
    assert message_signal("用户的口味偏好是什么？").topic == "diet"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("ok the uhaul is booked for the 14th and i still have like 40 boxes left", "residence"),
        ("the moving truck comes at 8", "residence"),
        ("跟你汇报一下 我现在人在东莞松山湖了", "residence"),
        ("部门整个迁过来，我就跟着在这边租了房", "residence"),
        ("3 months with malik today!! is it weird to get a gift?", "relationship_status"),
        ("what's a low key 2nd date that isn't drinks?", "relationship_status"),
    ],
)
def test_a_moving_truck_a_flat_rented_here_and_months_together_are_words_of_their_topics(text, topic):
    assert topic in cue_hits(text)


def test_a_rented_camper_and_years_at_a_company_are_not():
    assert "residence" not in cue_hits("五一租了房车去川西")
    assert "relationship_status" not in cue_hits("3 years with the company now")


def test_the_city_the_users_street_is_in_is_where_the_speaker_lives():
    said = "we got 8 inches overnight, everyone on my block in Minneapolis has snow tires already"
    assert message_signal(said) == TopicSignal("residence", TENTATIVE, 1.0)
    assert message_signal("everyone in Minneapolis has snow tires already").topic is None


def test_mail_to_write_beside_the_users_job_is_about_the_job_and_a_question_for_the_address_still_asks_for_it():
    said = message_signal("我在远航物流做采购，供应商老拖交期，催货邮件怎么写才有力度又不伤和气")
    assert said.topic == "employer"
    assert message_signal("催货邮件怎么写才有力度？").topic == "email"
    assert message_signal("用户的邮箱是什么？").topic == "email"
    assert message_signal("What is the user's email?").topic == "email"


def test_an_interview_had_is_no_job():
    said = message_signal("上周其实偷偷面了家基金公司，流程都走到最后一轮了")
    assert (said.topic, said.mood) == ("employer", PLAN)
    assert clauses_with_moods("终面过了，等通知")[0][1] == PLAN
    assert clauses_with_moods("一面墙都是书")[0][1] == ASSERTION


def test_a_question_opening_with_someone_else_lends_no_topic_to_its_answer():
    asked = "恭喜开学！条件变好心情也好。导师是做什么方向的？我可以帮你整理读论文的方法。"
    assert answer_signal("图神经网络", asked) == NO_SIGNAL
    assert answer_signal("浙大", "恭喜开学！你现在在哪个学校？") == TopicSignal("school", ASSERTION, 1.45)
    assert answer_signal("三列", "表格要几列？") == TopicSignal("output_format", ASSERTION, 1.45)


def test_only_a_question_with_a_value_word_asks_the_user_for_a_value():
    turn = (
        "Thanks for telling me, I'll stop assuming vegan when I suggest meals. Did your doctor give you a supplement?"
    )
    assert not asks_the_user(turn)
    assert asks_the_user("Thanks for telling me! When did you move?")


@pytest.mark.parametrize(
    ("text", "mood"),
    [
        ("我一般只喝冰美式 不加糖不加奶 帮我找找附近评分高的咖啡店", ASSERTION),
        ("医生说黑咖啡少喝，我现在换燕麦拿铁了，每天就一杯", ASSERTION),
        ("跟你汇报一下，咖啡已经彻底戒了！现在在办公室泡一壶乌龙", ASSERTION),
        ("ooh. also coffee-wise I only drink it black, no sugar", ASSERTION),
        ("I quit coffee last month, green tea only now", ASSERTION),
        # a habit said without a subject is the user's only weakly
        ("每天一杯冰美式续命，不加糖不加奶", TENTATIVE),
        # someone else's order, a question, a decision for tomorrow
        ("lol my roommate just switched to oat milk lattes with like 3 pumps of vanilla", THIRD_PARTY),
        ("要不要干脆把咖啡戒了？听说戒咖啡会头疼好几天", QUESTION),
        ("决定了 从明天起戒咖啡 改喝茶！", PLAN),
    ],
)
def test_what_the_user_drinks_is_a_topic_said_in_its_moods(text, mood):
    said = message_signal(text)
    assert (said.topic, said.mood) == ("drink", mood)


@pytest.mark.parametrize(
    "query",
    [
        "用户现在平时喝什么？",
        "用户喝咖啡加糖吗？",
        "How does the user take their coffee?",
        "What does the user usually drink?",
    ],
)
def test_a_question_about_what_the_user_drinks_asks_for_the_drink(query):
    assert message_signal(query).topic == "drink"


@pytest.mark.parametrize(
    "text", ["I quit coffee last month", "下个月改喝茶", "戒咖啡第三天就破功了", "咖啡已经彻底戒了"]
)
def test_giving_up_or_swapping_a_drink_names_a_change(text):
    assert names_a_change(text)
    assert message_signal(text).topic == "drink"  # (quitting coffee is no job quit)


def test_going_back_to_my_desk_is_no_drink_but_back_on_coffee_is():
    assert "drink" not in cue_hits("ok back to my desk, the team needs me")
    assert names_a_change("back on coffee after a month lol")


def test_a_tea_table_and_a_canteen_are_no_drink():
    assert "drink" not in cue_hits("客厅的茶几太占地方了")
    assert "drink" not in cue_hits("楼下新开了家茶餐厅")


def test_a_school_named_by_its_kind_and_lab_work_outweigh_a_coffee_said_beside_them():
    said = message_signal("研二了还在华东师大熬实验，每天全靠一杯冰美式续命，不加糖不加奶那种")
    assert said.topic == "school"
    assert cue_hits("西南财大的研究生") == {"school": 2}
    assert cue_hits("华东师大") == {"school": 1}
    assert cue_hits("最近天天熬实验") == {"school": 1}
    assert "school" not in cue_hits("我男朋友是理工男")
    assert "school" not in cue_hits("这个工大概要三天")


def test_a_thing_got_working_is_no_job():
    assert "employer" not in cue_hits("got it working 👍")
    assert "employer" not in cue_hits("its working now, thanks")
    assert "employer" in cue_hits("I'm working at Acme")


def test_a_workplace_routine_opening_a_clause_names_the_workplace():
    assert "employer" in cue_hits("星澜年会要每个部门出节目。。我一个社恐居然被选中了")
    assert "employer" not in cue_hits("年会好无聊")


def test_wanting_to_sell_is_a_plan_but_wanting_answers_changed_is_a_request():
    assert message_signal("我也有点心动，想把卡罗拉卖了换个电车，你觉得值吗").mood == PLAN
    assert message_signal("我想把提醒时间改到晚上八点").mood == ASSERTION


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("算了算了 不换了，卡罗拉还能再战五年", "vehicle"),
        ("禾木这边加班有点猛啊，周末也要on call", "employer"),
        ("禾木年底裁员裁到我们组，拿了N+1走人", "employer"),
        ("涨薪没谈成，我直接跑路了哈哈", "employer"),
    ],
)
def test_a_car_kept_overtime_a_layoff_and_quitting_in_slang_are_words_of_their_topics(text, topic):
    assert topic in cue_hits(text)


def test_each_word_of_a_car_kept_and_a_layoff_counts():
    assert cue_hits("还能再战五年") == {"vehicle": 1}
    assert cue_hits("裁到我们组了") == {"employer": 2, "team": 1}  # a change word counts twice
    assert cue_hits("拿了N+1") == {"employer": 2}


def test_someone_else_running_off_is_no_job_quit():
    assert "employer" not in cue_hits("房东跑路了，押金要不回来")


def test_a_move_after_a_time_word_and_an_ellipsis_is_the_users_and_a_places_weather_says_where_they_are():
    said = "第一次经历回南天，墙上都在淌水…去年底搬来厦门的时候没人告诉我春天这么潮啊"
    assert message_signal(said) == TopicSignal("residence", ASSERTION, 2.0)
    assert message_signal("我妈去年搬来厦门的时候没人告诉我").mood == THIRD_PARTY
    assert [clause for clause, _ in clauses_with_moods("墙上都在淌水…去年底")] == ["墙上都在淌水…", "去年底"]
    assert [clause for clause, _ in clauses_with_moods("浅表性胃炎……医生说")] == ["浅表性胃炎……", "医生说"]
    assert message_signal("闵行这边冬天也太湿冷了吧，被子晒不干").topic == "residence"


def test_a_number_given_in_reply_is_stated_whatever_the_reply_goes_on_to_ask():
    asked = "啊？回收了也太突然……新号是多少？我帮你把那个快递备注也更新一下"
    assert asks_the_user(asked)  # 多少 asks for a value
    reply = message_signal("199 0000 7316 你顺便提醒下我还有哪些地方要改绑", answering=True)
    assert (reply.topic, reply.mood) == ("phone", ASSERTION)
    # not answering, the same words ask a question
    assert message_signal("199 0000 7316 你顺便提醒下我还有哪些地方要改绑").mood == QUESTION
    # ... and someone else's number given in reply is still theirs
    assert message_signal("我老婆的新号是199 0000 7316 她让我问问还有哪些要改", answering=True).mood != ASSERTION


def test_a_chinese_question_without_a_question_mark_asks_the_user():
    assert asks_the_user("恭喜活过新手村！现在可以说是哪家了吧，上次你一直卖关子😏")
    assert asks_the_user("你新公司在哪呢")
    # a request with 吧 asks for no value, and a statement with a value word is no question
    assert not asks_the_user("好的，你先休息吧。")
    assert not asks_the_user("我帮你查了哪些地方要改绑，列在下面。")


def test_how_answers_should_no_longer_come_is_said_of_how_they_come():
    said = "no more bullet points or tables pls, just talk normally"
    # (a thing said to be over is said, not denied: "no more 'postdoctoral fellow'")
    assert clauses_with_moods(said)[0][1] == ASSERTION
    assert clauses_with_moods("no offer yet")[0][1] == "negated"
    assert (message_signal(said).topic, message_signal(said).mood) == ("output_format", ASSERTION)
    # a negated fact is no change
    assert message_signal("I'm not moving to Denver, not leaving my apartment after all").mood == "negated"


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("回复用户时排版上有什么偏好？", "output_format"),
        ("用户偏好的回复呈现方式", "output_format"),
        ("用户希望回答写得长还是短？", "answer_length"),
    ],
)
def test_layout_and_long_or_short_name_the_answer_preferences(query, topic):
    assert message_signal(query).topic == topic


def test_a_full_name_to_sign_with_names_the_user():
    signed = message_signal("帮我写封邮件给物业 投诉楼上装修 早上七点就开电钻 落款写王招娣 3栋1单元602")
    assert signed.topic == "name"  # not the hour of someone else's drilling
    assert cue_hits("need an email signature - Ingrid Halvorsen, Research Coordinator")["name"] == 2
    assert not names_a_change("落款了吗")
    assert not names_a_change("落款写了吗？")  # asked whether it was signed


def test_the_move_done_and_the_home_moved_are_words_of_the_residence():
    assert cue_hits("终于搬完了！！！")["residence"] == 2
    assert cue_hits("这周总算把家也挪过来了")["residence"] == 2
    moved = message_signal("终于搬完了！！！公司上个月把我调去苏州分部 这周总算把家也挪过来了 骑车十分钟到公司")
    assert (moved.topic, moved.mood) == ("residence", ASSERTION)


def test_an_offer_of_help_asks_for_no_value_whatever_words_it_holds():
    offer = (
        "Congratulations! That's well deserved. Want help updating your LinkedIn headline or thinking through what"
        " the senior scope means for your next quarter?"
    )
    assert not asks_the_user(offer)
    assert not asks_the_user("要不要我帮你查下新家附近有什么？")
    assert asks_the_user("Congrats! So where did you end up?")
    assert asks_the_user("我帮你更新了备注，新号是多少？")  # a deed done, then a question


def test_the_time_since_arriving_somewhere_says_the_user_lives_there():
    assert cue_hits("来青岛俩月了还是吃不惯这边的火锅")["residence"] == 2
    assert cue_hits("泉州早餐除了面线糊还有啥啊 来了一个礼拜了")["residence"] == 2
    assert cue_hits("first winter here and everyone keeps saying it barely snows")["residence"] == 2
    # time at a workplace is no home
    assert "residence" not in cue_hits("来公司三个月了 还是没转正")


def test_a_marriage_certificate_taken_and_a_banquet_held_are_a_marriage():
    assert names_a_change("证上个月已经领了")
    assert names_a_change("上周末办完酒席 累到虚脱")
    assert not names_a_change("身份证领了")
    assert not names_a_change("驾驶证领了")


def test_a_clause_after_but_and_a_new_subject_speaks_for_itself():
    said = "guess who got bumped to analytics lead 🎉 no raise till july but the title's official on the org chart"
    assert [mood for _, mood in clauses_with_moods(said)][-2:] == ["negated", ASSERTION]
    assert (message_signal(said).topic, message_signal(said).mood) == ("job_title", ASSERTION)


def test_a_cap_dropped_by_its_count_is_the_answer_length_alone():
    assert cue_hits("ok you can drop the 2-line thing.") == {"answer_length": 2}
    assert cue_hits("ignore the 100 word thing from before")["answer_length"] == 2
    assert message_signal("How does the user want product comparisons laid out?").topic == "output_format"


def test_staying_on_at_the_workplace_restates_it():
    assert names_a_change("想了一圈还是算了 继续在星渠苦熬吧")
    assert names_a_change("ok new plan, I'm moving everything over to tom@reyesdraws.example.net")
    assert cue_hits("继续在星渠苦熬吧")["employer"] == 2


def test_a_cap_counted_in_lines_or_words_and_a_rule_ignored_are_words_of_their_topics():
    assert cue_hits("keep it to 2 lines max")["answer_length"] == 1
    assert cue_hits("under 100 words or less pls")["answer_length"] >= 1
    assert names_a_change("ignore the table rule from before")
    assert cue_hits("来这边俩月了 还是不习惯")["residence"] == 2
    assert names_a_change("酒席昨天办完了")
    assert names_a_change("我被优化了") and names_a_change("上个月被毕业了")


def test_a_number_written_after_someone_elses_new_number_is_told_is_theirs():
    signal = message_signal("我妈换号了 新号 139 0000 5521 她自己老记不住 你帮我想个办法让她记住哈哈")
    assert (signal.topic, signal.mood) == ("phone", THIRD_PARTY), signal
    assert message_signal("我换号了 新号 139 0000 5521").mood == ASSERTION


@pytest.mark.parametrize(
    "text",
    [
        "What is the user's favorite drink?",
        "What was the user's go-to drink in August?",
        "What does the user usually order at a cafe?",
    ],
)
def test_a_favourite_drink_or_a_cafe_order_asks_about_the_drink(text):
    assert message_signal(text).topic == "drink"


@pytest.mark.parametrize("text", ["用户现在还吃纯素吗？", "给用户推荐零食时要避开甜食吗？"])
def test_vegan_food_and_sweets_ask_about_the_diet(text):
    assert message_signal(text).topic == "diet"


def test_a_citys_weather_said_as_here_places_the_user():
    assert cue_hits("杭州这梅雨季真的要命，衣服晾三天还一股味儿").get("residence")
    assert cue_hits("武汉这还没入梅呢，家里就潮得不行").get("residence")


def test_what_the_user_goes_on_weighing_after_their_own_question_is_no_state_of_theirs():
    weighing = message_signal("还在纠结，要不我带着娃跟过去算了？可深圳学位那么紧，房租也吓人")
    assert (weighing.topic, weighing.mood) == ("residence", QUESTION), weighing
    # a question that weighs no step of the user's leaves an aside as it was
    assert message_signal("what's a good coat? rent here is insane btw").mood == TENTATIVE
    assert message_signal("what can I cook tonight? rent here is insane btw").mood == TENTATIVE


@pytest.mark.parametrize(
    "text",
    [
        "looking for a weekend thing to do in columbus. six years here and I'm out of ideas",
        "成都冬天没暖气是真的冷啊，湿冷湿冷的",
        "living in portland means my boots are never dry",
    ],
)
def test_the_time_lived_here_or_a_citys_weather_names_where_the_user_lives(text):
    assert message_signal(text).topic == "residence"


def test_a_greeting_a_which_points_and_a_workday_name_no_topic():
    assert "vehicle" not in cue_hits("Kia ora. I need a short explanation")
    assert "contact_time" not in cue_hits("事前培训讲哪几点比较好？")
    assert "employer" not in cue_hits("统一放在工作日晚上九点以后")
    assert "employer" not in cue_hits("they didn't renew the lease")
    assert "employer" not in cue_hits("考研也上岸了")


def test_a_role_ending_needs_a_verb_of_being_one_and_a_senior_fellow_is_no_role():
    assert "job_title" not in cue_hits("技术员说明天来修")
    assert "job_title" not in cue_hits("做师姐的总得带带新人")
    assert "employer" not in cue_hits("超市买了点菜")


@pytest.mark.parametrize(
    ("text", "when_to_reach"),
    [
        ("晚上九点以后再联系我", True),
        ("提醒改晚上8点以后吧", True),
        ("早上别发消息", True),
        ("下午方便", True),
        ("日报早上发过来就行", True),
        ("提醒挪回早上吧", True),
        ("车早上打不着火", False),  # a time of day alone is when something happens
        ("每天下午不来一杯不行", False),
        ("晚上老睡不着", False),
    ],
)
def test_a_time_of_day_is_when_to_reach_the_user_only_with_an_hour_or_a_word_of_reaching(text, when_to_reach):
    assert bool(cue_hits(text).get("contact_time")) == when_to_reach


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("上周五搬完的家，现在窗外就是锦江", "residence"),
        ("现在甜的一口不碰了", "diet"),
        ("豆浆改成无糖的", "diet"),
        ("油条早戒了", "diet"),
        ("我退休三年多了", "employer"),  # retired: a job ended
        ("区图书馆聘我去管古籍阅览室", "employer"),  # ... or taken up
        ("I took my husband's name", "name"),
    ],
)
def test_a_move_done_a_food_given_up_a_job_ended_or_taken_up_and_a_name_taken_name_their_topic(text, topic):
    assert topic in cue_hits(text)


def test_a_reply_following_the_doctors_advice_states_the_users_own_diet():
    signal = message_signal("嗯，听医生的，素不吃了，现在荤的素的都吃，没啥忌口了")
    assert (signal.topic, signal.mood) == ("diet", ASSERTION)


@pytest.mark.parametrize(
    ("turn", "asks"),
    [
        ("Congratulations Derek!! That's huge. What's the new title?", True),  # the user's new value, no "you"
        ("恭喜！新公司叫什么？", True),
        ("What's the weather like in Lisbon?", False),  # a question of no one's value
    ],
)
def test_asking_for_the_new_value_asks_the_user(turn, asks):
    assert asks_the_user(turn) == asks


@pytest.mark.parametrize(
    "text", ["我从档案局退休了，区图书馆返聘我去管古籍阅览室", "I retired from the county in March, finally"]
)
def test_a_retirement_or_a_rehire_is_a_change_of_employer(text):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == ("employer", ASSERTION)
    assert names_a_change(text)


def test_the_partners_proposal_the_user_said_yes_to_is_the_users_status():
    signal = message_signal("而且……他在极光下面单膝跪地了，我答应了😭 戒指有点大，还得拿去改")
    assert (signal.topic, signal.mood) == ("relationship_status", ASSERTION)
    assert "name" in cue_hits("I took my husband's name, so everything should say Danielle Reyes")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("switched my business banking to Northstar Credit Union, way lower fees", "bank"),
        ("换工作后工资卡变成招商银行的了 工行那张基本不用了", "bank"),
        ("Dr. Patel retired, can you believe it. They moved me over to Dr. Okafor in the same practice", "doctor"),
        ("my dentist is Dr. Kim now", "doctor"),  # the one who treats the user is the user's
        ("我的家庭医生换成王医生了", "doctor"),
        ("乐刻那张卡我退了，不续了", "gym"),
        ("got a membership at the downtown YMCA, my knees like the water", "gym"),
    ],
)
def test_the_users_bank_doctor_and_gym_are_statements_of_their_own(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_someone_elses_doctor_is_theirs_and_a_gym_said_in_passing_gives_way_to_a_fact_about_the_user():
    assert message_signal("also Dad's cardiologist is Dr. Huang, he sees him Thursday").mood == THIRD_PARTY
    assert message_signal("I live in Ballard now, and my whole life is the climbing gym").topic == "residence"
    assert message_signal("I work at a bank downtown").topic == "employer"
    assert "doctor" not in cue_hits("I retired from the county in March")  # the user's retirement is no doctor's


def test_a_service_labels_the_message_only_when_it_beats_a_fact_about_the_user_by_a_cue():
    home = TopicSignal("residence", ASSERTION, 1.5)
    assert strongest_reading({"gym": TopicSignal("gym", ASSERTION, 2.3), "residence": home}, "").topic == "residence"
    assert strongest_reading({"gym": TopicSignal("gym", ASSERTION, 2.6), "residence": home}, "").topic == "gym"
    # ... and between facts the stronger one wins as ever
    work = TopicSignal("employer", ASSERTION, 2.3)
    assert strongest_reading({"employer": work, "residence": home}, "").topic == "employer"


def test_services_are_measured_against_the_facts_and_leave_the_facts_readings_alone():
    facts = np.eye(4, 8, dtype=np.float32)
    with_gym = np.vstack([facts, np.eye(1, 8, 4, dtype=np.float32)])
    vector = np.array([0.9, 0.2, 0.1, 0.0, 0.8, 0, 0, 0], dtype=np.float32)
    alone = vector_preference(vector, TopicCentroids(("residence", "employer", "diet", "name"), facts))
    beside = vector_preference(vector, TopicCentroids(("residence", "employer", "diet", "name", "gym"), with_gym))
    assert all(abs(beside[topic] - alone[topic]) < 1e-6 for topic in alone)
    assert beside["gym"] > beside["employer"]


@pytest.mark.parametrize(
    "text",
    [
        "switched my banking over last month",
        "moved all my money over to the new place",
        "转到宁波银行了",
        "以后改成建设银行发工资",
        "钱都转到招行去了",  # a bank by its short name
        "they transferred me over to Dr. Okafor",
        "昨天去办了张卡",
        "年底就不续了",
        "froze my membership for the summer",
        "家庭医生换成王医生",
    ],
)
def test_a_change_of_bank_doctor_or_gym_is_a_change(text):
    assert names_a_change(text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("工资卡到账了", "bank"),
        ("the credit union app is down again", "bank"),
        ("健身房今天人好多", "gym"),
        ("我现在看甲状腺找的是刘主任", "doctor"),  # whom the user sees for an illness
        ("leg day was brutal, cant feel my legs", "gym"),  # what is done there counts for a statement
        ("今天下班去撸铁了", "gym"),
        ("the clinic moved my appointment again", "doctor"),
    ],
)
def test_words_of_the_users_bank_gym_and_doctor(text, topic):
    assert topic in cue_hits(text)


def test_working_out_is_no_work_and_a_relatives_doctor_is_theirs():
    assert "employer" not in cue_hits("working out at the Y before my shift")
    assert message_signal("my dad's doctor is Dr. Huang now").mood == THIRD_PARTY
    assert message_signal("my kids doctor is Dr. Huang now").mood == THIRD_PARTY  # whom a doctor serves decides


@pytest.mark.parametrize(
    "text",
    [
        "Running Thistle & Thread (my yarn shop in Asheville) is a lot this time of year",
        "I run a small bakery in Leeds",
        "freelancing is feast or famine",
        "I'm my own boss, 3 years now",
        "self-employed since 2021",
        "我的花店“小满花艺”开了快三年了",
        "做自由职业两年了",
        "我现在算个体户",
        "平时接私活",
        "去年开了间小面馆",
        "survived week 1 of my summer internship at Deloitte!!",
    ],
)
def test_a_business_of_the_users_own_or_an_internship_is_where_the_user_works(text):
    assert "employer" in cue_hits(text)


@pytest.mark.parametrize(
    "text",
    [
        "my local coffee shop closed early",
        "my favourite bakery ran out of croissants",
        "我家楼下的店关门了",
        "my studio apartment is freezing",
        "I started a new yoga practice",
    ],
)
def test_a_shop_the_user_only_goes_to_is_no_workplace(text):
    assert "employer" not in cue_hits(text)


@pytest.mark.parametrize(
    "text",
    [
        "well, it's official. we closed Thistle & Thread for good last Saturday",
        "跟你说个事，花店上周关门了",
        "我自己开了家奶茶店",
        "went freelance in march",
        "so... I signed the offer from Brightline Creative",
        "I turned in my two weeks at TJ's",
    ],
)
def test_a_business_opened_or_closed_is_a_change_of_employer(text):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == ("employer", ASSERTION)
    assert names_a_change(text)


def test_the_users_trade_is_a_job_title_not_a_wedding():
    hits = cue_hits("Wedding season is insane. I'm a wedding photographer")
    assert "relationship_status" not in hits
    assert "job_title" in hits
    assert "relationship_status" in cue_hits("our wedding photographer cancelled, the wedding is in May")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("ok new rule, go as long as you need, full detail with examples, no word cap", "answer_length"),
        ("规则：回复一律中文，别中英混着写，看着累", "language"),
        ("之后别给我列点了，要写成一段通顺的话", "output_format"),
    ],
)
def test_an_order_on_how_to_answer_is_the_users_own_wish_without_an_i(text, topic):
    assert message_signal(text) == TopicSignal(topic, ASSERTION, message_signal(text).strength)


def test_a_fact_said_without_the_user_as_subject_stays_weak_when_it_is_no_order():
    assert "contact_time" in cue_hits("only ping me weekdays 12-1")
    assert "contact_time" in cue_hits("thinking we move the pings to evenings")
    # a word of the topic in a clause that is no order to the assistant still needs the user as its subject
    assert message_signal("on nights now, in charge of the whole floor, nights are long").mood == TENTATIVE


def test_what_the_user_asserts_of_themselves_outweighs_a_topic_said_of_others_at_the_same_count():
    text = "我同事跳槽去了字节，入职第一天就加班。对了我搬到浦东了，新租的房子"
    readings = topic_readings(text)
    assert readings["employer"].strength == readings["residence"].strength  # the colleague's job: as many words
    assert message_signal(text).topic == "residence"


def test_what_the_user_asserts_of_themselves_outweighs_a_topic_said_of_others():
    text = "租房也是一堆破事，中介押一付三，房东还不让养猫……哦对了我已经不在美团了，签了米哈游，上周一入职的"
    readings = topic_readings(text)
    assert readings["residence"].strength == readings["employer"].strength  # the same count of words
    assert message_signal(text).topic == "employer"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("update: been pescetarian for about 3 months now", "diet"),  # spelt either way
        ("英文那个别切了 照旧中文", "language"),
        ("改代码的时候 just the diff please", "output_format"),
        ("你给代码每次都贴完整文件，我直接复制覆盖", "output_format"),
        ("keep it to one paragraph, there's a word cap", "answer_length"),
        ("go as long as you need", "answer_length"),
        ("full detail please", "answer_length"),
        ("paste the full file every time", "output_format"),
        ("别写大段", "output_format"),
        ("分段写", "output_format"),
        ("move the pings up an hour", "contact_time"),
        ("I need the long version of things now", "answer_length"),
        ("full explanations, walk me through the reasoning", "answer_length"),
    ],
)
def test_more_words_of_diets_and_of_how_answers_come(text, topic):
    assert topic in cue_hits(text)


def test_a_full_version_of_software_is_no_answer_length():
    assert "answer_length" not in cue_hits("download the full version of photoshop")


def test_a_diff_is_no_difference():
    assert "output_format" in cue_hits("只给diff就行")
    assert "output_format" not in cue_hits("I find it difficult, and my view is different")


def test_no_job_now_is_a_change_of_employer():
    assert names_a_change("not working anywhere rn, just want to get through thesis")


@pytest.mark.parametrize(
    "text", ["opened my own studio last month", "we sold the bakery in May", "shut down our agency"]
)
def test_a_business_opened_sold_or_shut_names_a_change(text):
    assert names_a_change(text)
    assert "employer" in cue_hits(text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("sis found an apartment in Reno and moved out last week", "residence"),  # kin by a short name
        ("my sis just moved to seattle!! helping her unpack over facetime lol", "residence"),
        ("bro just got a job at google lol", "employer"),
        ("我同桌跳槽去字节了 涨了40% 酸了", "employer"),  # met at school
        ("我前男友下个月结婚了", "relationship_status"),
        ("我学姐搬去深圳了", "residence"),
    ],
)
def test_kin_and_old_acquaintances_by_any_name_are_someone_else(text, topic):
    assert topic_readings(text)[topic].mood == THIRD_PARTY


def test_a_local_number_written_out_is_the_users_number():
    assert message_signal("add my number to the emergency contact card: 555-0164") == TopicSignal(
        "phone", ASSERTION, 2.0
    )
    assert "phone" not in cue_hits("the budget is $300-5000 for the whole trip")


@pytest.mark.parametrize(
    "text",
    [
        "ok so reorg happened and im on the payments team now, diff manager, diff standup, same desk",
        "valentines day as a single person hits diff",
    ],
)
def test_diff_in_chat_is_different_not_a_format(text):
    assert "output_format" not in cue_hits(text)


@pytest.mark.parametrize("text", ["send me a diff, not the file", "unified diff 格式", "只给diff就行"])
def test_a_diff_asked_for_is_a_format(text):
    assert "output_format" in cue_hits(text)


def test_a_role_someone_gave_the_user_is_the_users_and_their_own_stays_theirs():
    assert message_signal("my boss promoted me to team lead") == TopicSignal("job_title", ASSERTION, 3.0)
    assert message_signal("my manager got promoted to director").mood == THIRD_PARTY


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("still an RN, still in the ER, still no NP application lol", "job_title"),
        ("最后还是接了，上周正式任命技术经理，手下六个人。", "job_title"),
        ("新车提了！七座的GL8，终于能把爸妈和俩娃一次拉上了", "vehicle"),
        ("used model 3. the civic went as a trade-in. one-pedal driving is so weird", "vehicle"),
        ("上礼拜我和老周去民政局把证领了！", "relationship_status"),
    ],
)
def test_a_new_role_car_or_marriage_in_more_words_is_the_users_statement(text, topic):
    assert message_signal(text).topic == topic
    assert message_signal(text).mood == ASSERTION


@pytest.mark.parametrize(
    "text",
    [
        "they asked me to step up as interim nurse manager",
        "took over as head chef in March",
        "新车到手",
        "车提回来了",
        "上周末把证领了",
    ],
)
def test_a_role_taken_a_car_fetched_a_certificate_taken_name_a_change(text):
    assert names_a_change(text)


@pytest.mark.parametrize("text", ["我们俩现在算是处着呢，孩子们还不知道", "我跟她处上了"])
def test_seeing_someone_said_the_northern_way_is_a_relationship(text):
    assert "relationship_status" in cue_hits(text)
    assert "relationship_status" not in cue_hits("这块地方处着挺舒服")


@pytest.mark.parametrize("text", ["早上那个天气+日程的推送改到六点半吧", "推送只在周末发"])
def test_when_a_push_comes_is_a_contact_time(text):
    assert "contact_time" in cue_hits(text)


@pytest.mark.parametrize(
    "text",
    [
        "back from the honeymoon!! ok admin time. I'm officially Megan Alvarez now, the new card came thru",
        "back from the honeymoon!! now the un-fun part: DMV, passport... everything has to say Okafor now lol",
    ],
)
def test_a_full_name_the_user_is_now_is_read_beside_the_wedding(text):
    readings = topic_readings(text)
    assert readings["name"].mood == ASSERTION
    assert readings["relationship_status"].mood == ASSERTION
    assert "name" not in topic_readings("I'm in Los Angeles now")


def test_a_partner_who_said_yes_or_shares_the_users_plan_states_the_couples_relationship():
    assert message_signal("上周她答应做我女朋友了！").mood == TENTATIVE  # (one cue)
    signal = message_signal("my wife and I hit 10 years next month, need gift ideas")
    assert (signal.topic, signal.mood) == ("relationship_status", TENTATIVE)  # one cue, the user's own


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("睡不着。我和阿凯分了，这次是真的分了", "relationship_status"),  # parted from someone named
        ("switched to the Anytime Fitness near my new place, way less crowded", "gym"),  # a home as a landmark
        ("所以乐刻月卡没续，换到了小区对面的康复工作室", "gym"),
        ("在乐刻办了月卡，家楼下那家，24小时的", "gym"),  # a month's card joins a gym
    ],
)
def test_a_parting_a_gym_moved_to_and_a_card_not_renewed(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)
    assert message_signal("我跟同事分了蛋糕").topic is None


def test_a_role_named_as_a_post_is_nobody():
    assert (
        message_signal("first paycheck from Harlow Medical hit today, the payroll MANAGER title comes with perks").mood
        != THIRD_PARTY
    )
    assert message_signal("my manager quit and moved to Denver").mood == THIRD_PARTY


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("back in June I moved over to the fraud detection team. Same company, totally different work", "team"),
        ("ok so reorg happened and im on the payments team now", "team"),
        ("上个月调到风控组了，天天对着规则引擎", "team"),
        ("我调到数据平台组了，新领导要我两周内熟悉Flink", "team"),
        ("moved to Denver last week", "residence"),  # a move with no team is still a move
        ("back in Boston now, for good", "residence"),
    ],
)
def test_a_move_to_another_team_is_a_change_of_team_not_of_home_or_employer(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


def test_a_team_words_needs_what_the_team_does_and_a_reorg_talked_of_is_none():
    assert message_signal("my team lunch was fun").topic is None
    assert message_signal("下个月轮到我组织").topic is None
    assert cue_hits("back in June I moved") == {"residence": 2}  # a month is no city to be back in
    assert "residence" not in cue_hits("I'm back in June for the wedding")
    assert message_signal("there's a reorg proposal floating around").mood != ASSERTION
    assert (message_signal("so the reorg happened").topic, message_signal("so the reorg happened").mood) == (
        "team",
        ASSERTION,
    )


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("Which team is the user on now?", "team"),
        ("用户现在在哪个组？", "team"),
        ("What pen name does the user publish under now?", "name"),
        ("用户现在的艺名是什么？", "name"),
        ("Where should the user's receipts be emailed?", "email"),
        ("What time did the user want check-ins in March 2025?", "contact_time"),
        ("What were the user's taste preferences in May 2025?", "diet"),
    ],
)
def test_questions_about_a_team_a_pen_name_receipts_check_ins_and_taste_name_their_topic(query, topic):
    assert message_signal(query).topic == topic
    assert message_signal("week 6 keto check-in: down 9 lbs").topic == "diet"


@pytest.mark.parametrize(
    "text",
    [
        "嗯，改成下午4点到6点之间吧，那会儿刚起床",  # another hour, said to the assistant with no subject
        "那就改到晚上八点吧",
        "晚上就别发了，要陪孩子写作业",
        "yes pls. mornings are fine now, early as you want. but nothing after 8:30pm",
        "switch the check-ins to evenings pls",
    ],
)
def test_another_hour_to_be_reached_at_is_a_change_of_contact_time(text):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == ("contact_time", ASSERTION)


def test_a_meeting_or_a_pastime_moved_is_no_hour_to_be_reached_at():
    assert message_signal("会议改成下午三点了").mood != ASSERTION
    assert message_signal("still climbing too obviously, just moved it to mon/wed/fri").topic is None


@pytest.mark.parametrize(
    "text", ["下午4点到晚上7点之间吧，7点以后我就要收拾准备去上班了", "weekday mornings 8-9am are best for check-ins"]
)
def test_an_hour_given_with_no_one_named_is_the_users_time_to_be_reached(text):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == ("contact_time", ASSERTION)


def test_onboarding_on_a_near_day_is_a_new_employer():
    signal = message_signal("我还好，已经拿了 offer，下周一去云杉医疗 onboard，做医疗影像那块的 backend")
    assert (signal.topic, signal.mood) == ("employer", ASSERTION)


@pytest.mark.parametrize(
    ("text", "topic"),
    [("not vegan anymore. iron was super low n honestly i missed cheese", "diet"), ("no longer vegetarian", "diet")],
)
def test_a_state_said_to_hold_no_longer_ends_its_value(text, topic):
    assert ends_a_state(text.split(".")[0])
    assert topic_readings(text)[topic].mood in (ASSERTION, TENTATIVE)


@pytest.mark.parametrize("text", ["I'm not moving anymore", "not switching after all, no longer"])
def test_a_change_no_longer_made_is_still_a_denial(text):
    assert not ends_a_state(text)
    assert all(reading.mood == NEGATED for reading in topic_readings(text).values())


@pytest.mark.parametrize(
    "text",
    [
        "erg test schedule for the crew, every 4 weeks",  # someone's schedule
        "stepped on the scale monday morning and I'm down 22",  # a day something happened
        "这周开始正式带私教课，再也不用天天打电话卖卡了",  # phoning as the job
        "不干了 现在改16:8轻断食 中午12点到晚上8点吃",  # the hours of a fast
        "I eat between 12 and 8pm now",
    ],
)
def test_a_time_something_happens_or_phoning_as_a_job_is_no_time_to_reach_the_user(text):
    assert "contact_time" not in cue_hits(text)


@pytest.mark.parametrize(
    "text",
    [
        "schedule change. she's down by 6:30 now",
        "weekday mornings are dead for me",
        "白天别给我打电话",
        "晚上8点以后联系我，我吃完饭了",
        "text me between 9 and 5pm",
    ],
)
def test_the_users_schedule_or_when_not_to_call_is_a_time_to_reach_them(text):
    assert "contact_time" in cue_hits(text)


def test_a_taste_turned_round_and_a_set_up_date_seen_since_are_the_users_news():
    said = "做了胃镜，医生说辣的凉的都得忌口。说来也怪，回苏州老家住了几个月，现在反倒爱吃清淡的了"
    assert topic_readings(said)["diet"].mood == ASSERTION
    assert names_a_change("我现在居然离不开香菜了")
    assert (
        topic_readings("上个月相亲认识了个姑娘叫小敏，处了一个多月了，挺合得来的")["relationship_status"].mood
        == ASSERTION
    )


def test_others_of_a_trade_name_no_title_and_a_couples_step_inside_others_news_is_the_users():
    assert "job_title" not in topic_readings(
        "今天有个出院的小朋友画了一幅画送给我们科，画的是穿白衣服的护士姐姐，贴在护士站了"
    )
    assert "job_title" not in topic_readings("寒假想给老师们推荐几本书，有啥好的")
    assert "job_title" in topic_readings("我是护士，三班倒")
    said = (
        "they threw me a surprise shower and half of them showed up at the courthouse when Theo and I made it official"
    )
    assert topic_readings(said)["relationship_status"].mood == ASSERTION
    said = "they all showed up at the courthouse when Theo and I eloped"
    assert topic_readings(said)["relationship_status"].mood == ASSERTION
    said = "they threw my sister a surprise shower and then half of them showed up when she and Tom made it official"
    assert topic_readings(said)["relationship_status"].mood != ASSERTION


def test_a_rank_asked_after_is_a_job_title():
    assert cue_hits("What is the user's current rank?") == {"job_title": 1}
    assert cue_hits("2025年11月用户是什么职级？") == {"job_title": 1}
    assert cue_hits("I rank third in my class") == {}


def test_a_handle_gone_by_online_is_the_users_name_and_handling_something_is_not():
    said = "finished the rebrand! handle is @moth_and_lantern everywhere now — twitch, bsky, youtube."
    assert topic_readings(said)["name"].mood == ASSERTION
    assert names_a_change("yeah so I rebranded, I'm jo.does.nails everywhere now.")
    assert cue_hits("What is the user's streaming handle?") == {"name": 1}
    assert cue_hits("用户做美甲生意用的 Instagram 账号名是什么？") == {"name": 1}
    assert "name" not in cue_hits("how do I handle a client who keeps rescheduling?")
    assert "name" in cue_hits("hi! I stream as GlitchMoth on twitch")


def test_a_shift_asked_after_is_when_the_user_works_not_where():
    hits = cue_hits("Which shift does the user work?")
    assert hits["contact_time"] > hits.get("employer", 0)
    assert cue_hits("Where does the user work?") == {"employer": 1}


def test_a_part_time_job_an_apprenticeship_served_a_title_grade_and_a_seat_in_the_cockpit_are_work():
    assert "employer" in cue_hits("暑假在我们镇上的菜鸟驿站兼职，天天搬快递")
    assert "employer" not in cue_hits("想找个兼职")
    assert names_a_change("兄弟我出师了！！！考核过了")
    assert names_a_change("评上副高了！！！公示名单里有我！")
    assert cue_hits("坐左座的第一个月，肩膀上换成四道杠") == {"job_title": 2}
    assert "job_title" in cue_hits("I'm an FO on the A320 at Bluecrest, about 4 years in")
    assert "employer" in cue_hits("我在宁州市图书馆参考咨询部，最近读者老问怎么查知网")


def test_belongings_sent_home_are_a_move_and_a_pet_named_after_a_drink_is_no_drink():
    assert topic_readings("深圳那边的活儿干完了，东西全打包寄回阆中了，先在家待着考公")["residence"].mood == ASSERTION
    assert "drink" not in cue_hits("我养了只橘猫叫可乐，每次排四天班都得找人上门喂")
    assert "drink" in cue_hits("最近可乐喝得有点多")


def test_the_users_own_weak_reading_outweighs_a_little_stronger_one_of_someone_elses():
    readings = {
        "employer": TopicSignal("employer", TENTATIVE, 1.0),
        "job_title": TopicSignal("job_title", THIRD_PARTY, 1.2),
    }
    assert strongest_reading(readings, "我在“眉眼盈盈”美睫店上班快两年了，店长人挺好的").topic == "employer"
    readings["job_title"] = TopicSignal("job_title", THIRD_PARTY, 1.3)
    assert strongest_reading(readings, "").topic == "job_title"
    readings["job_title"] = TopicSignal("job_title", PLAN, 1.2)
    assert strongest_reading(readings, "").topic == "job_title"


def test_an_agents_brokerage_asked_after_and_a_workplace_weighed_name_the_employer():
    assert cue_hits("Which brokerage is the user with now?") == {"employer": 1}
    assert topic_readings("问一下，苏州图书馆那边待遇怎么样？值得跳过去吗")["employer"].mood == QUESTION
    assert "employer" not in cue_hits("水坑太宽了，跳过去吧")


def test_a_nickname_dropped_is_a_change_of_name_and_a_language_dropped_is_not():
    said = "also, small thing — can you drop the Bitsy? new floor, new me. Liz is good"
    assert names_a_change(said)
    assert "name" in cue_hits(said)
    assert "name" not in cue_hits("can you drop the Spanish?")


def test_a_kitchens_posts_plain_talk_asked_for_and_luggage_carried_home_name_their_topics():
    assert names_a_change("哈哈哈上砧板了！！上周厨师长让我正式切配")
    assert names_a_change("老板让我顶上，这个月开始炒锅归我了")
    assert "job_title" in cue_hits("在湘菜馆打荷快半年了")
    said = "那个一二三的别弄了，看着跟说明书似的 你就正常说话，像聊天那样"
    assert topic_readings(said)["output_format"].mood == ASSERTION
    assert names_a_change("毕业啦，上周拖着两个大箱子回国了")
    assert "residence" not in cue_hits("上周回国了一趟")


def test_a_name_books_go_out_under_is_the_users_name():
    assert "name" in cue_hits("I write cozy mysteries as Marlow Finch")
    assert "name" in cue_hits("it's going out as M. J. Ashdown and that's who I am on covers")
    assert "name" not in cue_hits("I'm going out as a group tonight")


def test_a_ranks_insignia_pinned_on_is_a_new_title():
    assert names_a_change("Pinned the stripes on Monday, my wife did the honors.")
    assert "job_title" in cue_hits("Pinned the stripes on Monday")
    assert not names_a_change("pinned the photo on the fridge")


def test_a_thing_that_works_or_not_is_no_job():
    assert "employer" not in cue_hits("yeah the budget probably doesn't work yet")
    assert "employer" not in cue_hits("that might work")
    assert cue_hits("I work nights now")["employer"] == 1


def test_living_in_the_same_city_as_someone_and_a_language_class_say_nothing_of_home_or_answers():
    assert cue_hits("first time ever we don't live in the same city.") == {}
    assert "language" not in cue_hits("so I met someone at the language exchange meetup")
    assert "language" not in cue_hits("我和语言班一个韩国同学在一起了")
    assert "language" not in cue_hits("我俩用英语吵架")
    assert "language" in cue_hits("以后用英语回答")
    assert "relationship_status" in cue_hits("we've been going out for a month now")
    assert "relationship_status" in cue_hits("we've been going out since spring")
    assert "relationship_status" not in cue_hits("we're going out for drinks later")


def test_one_answer_asked_for_in_detail_is_no_length():
    assert "answer_length" not in cue_hits("那详细说说，电磁炉报E1一般是啥毛病")
    assert "answer_length" in cue_hits("以后回答短点")


def test_a_week_in_hospital_is_no_trip():
    assert not tells_of_a_trip("上个月胃出了点毛病，住了一礼拜院。出院以后辣的一口都不想碰了")
    assert tells_of_a_trip("五一去青岛住了一礼拜。")


def test_tmrw_is_tomorrow_and_months_together_counted_in_chat():
    assert clauses_with_moods("BIG DAY tmrw, trading the Civic in for a Tacoma")[0][1] == PLAN
    assert "relationship_status" in cue_hits("隔壁标段做资料员的，处了俩月了")


def test_a_night_in_a_hostel_is_a_stay():
    assert clauses_with_moods("住的都是青旅")[0][1] == PAST


def test_a_denial_beside_the_users_own_ending_is_the_old_value_over():
    # the new value denied after the old one ended: no job now, not a change refused
    ended = "I ended the Banner contract early and didn't sign anything new. no job rn, my recruiter is sad lol"
    assert topic_readings(ended)["employer"].mood == ASSERTION
    assert topic_readings("so I left the hostel, last shift was sunday. no new job")["employer"].mood == ASSERTION
    assert topic_readings("no job rn, still looking")["employer"].mood == NEGATED
    # ... not a change refused beside it, nor someone else's ending
    assert topic_readings("I quit yoga last month. not moving to Austin though")["residence"].mood == NEGATED
    assert topic_readings("my brother quit the mill. no job rn for him")["employer"].mood != ASSERTION
    # a topic the head hears is guarded the same way
    assert heard_mood("跟阿杰已经掰了，一个多月了，现在就自己一个人，也没打算再找") == ASSERTION
    assert heard_mood("现在就自己一个人，也没打算再找") == NEGATED


def test_a_contact_told_after_someone_changed_theirs_is_theirs_unless_the_user_names_themselves():
    jess = (
        "jess on my team changed her email after the wedding, its jess.hart@example.com now. update the notify script"
    )
    assert topic_readings(jess)["email"].mood == THIRD_PARTY
    assert topic_readings("my mom changed her number, my new one is 555-0177")["phone"].mood == ASSERTION
    assert topic_readings("我妈换号了 新号 139 0000 5521")["phone"].mood == THIRD_PARTY
