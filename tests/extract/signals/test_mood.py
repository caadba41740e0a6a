"""Clause moods: only the user's own assertions may change what is current, in English and Chinese."""

import pytest

from pipelines.extract.signals.mood import (
    ANOTHERS_NEW_CONTACT,
    ASSERTION,
    NEGATED,
    PAST,
    PLAN,
    QUESTION,
    REPORTED,
    THIRD_PARTY,
    clause_mood,
    clauses_with_moods,
    continued_frames,
    continued_plans,
    continued_subjects,
    is_owned,
    owned_clauses,
    partner_is_subject,
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
        ("back when I was at Initech the commute was awful", PAST),  # a state that no longer holds
        ("my old apartment had a balcony", PAST),
        ("我以前在百度", PAST),
        ("can u reply to me in spanish?", ASSERTION),  # a request, however it is typed
        ("switch to english from now on please, even if I write in spanish", ASSERTION),  # "even if" is no condition
        ("营业厅的人一直劝我换个靓号", REPORTED),  # someone urging the user is their wish, not the user's change
        ("my mom wants me to move back home", THIRD_PARTY),
        ("my recruiter wants me to switch teams", REPORTED),
        ("过年回老家待了一周", PAST),  # going home for a holiday is a visit
        ("辞职回老家了", ASSERTION),  # ... else often a move back
        ("no meat at all", ASSERTION),  # a thing absent now is a state
        ("no car anymore", ASSERTION),
        ("not moving for now", NEGATED),  # a deed not done changes nothing
        ("my old number doesn't work anymore", ASSERTION),  # the former value is gone now: a present state
        ("以前那个邮箱已经停用了", ASSERTION),
        ("我表妹刚被复旦录取了", THIRD_PARTY),  # any relative or acquaintance of the user's
        ("我发小上个月搬去成都了", THIRD_PARTY),
        ("在我妈家旁边租了个小两居", ASSERTION),  # a relative after a word of place is where the user is
        ("搬到我姐那边住了", ASSERTION),
        ("and my work bestie Dana got promoted to eng manager", THIRD_PARTY),  # a friend by any name, after "and"
        ("my buddy from college moved to Austin", THIRD_PARTY),
        ("ok cool also my sister just moved to Perth for a mining gig", THIRD_PARTY),  # a few lead-in words in a row
        ("our CTO has gone full carnivore", THIRD_PARTY),  # people at work and around it
        ("his gran already sent us a card", THIRD_PARTY),
        ("我们CTO最近迷上手冲", THIRD_PARTY),
        ("我们主任调去省里了", THIRD_PARTY),
        ("提醒挪到中午吧 12点到1点那会儿我在摸鱼", ASSERTION),  # the hours named, not a time gone by
        ("They've got me as warehouse manager", ASSERTION),  # a role they gave the user is the user's
        ("the Carrick Hotel took me on as house pianist", ASSERTION),
        ("they took me on at the bakery", ASSERTION),
        ("My granddaughter set me up with a new email", ASSERTION),  # what someone set up for the user is theirs
        ("gonna be carless for a while", ASSERTION),  # a state said to last from now is no plan
        ("gonna move to Denver in the spring", PLAN),
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
    ["We're moving to Rome next year.", "I'm moving to Oslo", "七月份搬去青岛", "打算下个月入职字节", "要是去上海的话"],
)
def test_what_is_still_to_come_is_a_plan(clause):
    assert clause_mood(clause) == PLAN


def test_a_done_move_in_a_named_month_is_an_assertion():
    assert clause_mood("七月份搬去青岛了") == ASSERTION


def test_telling_the_assistant_how_to_explain_speaks_of_the_user():
    assert is_owned("你给我解释的时候尽量详细一点")
    assert is_owned("你回我的时候简短点")
    assert not is_owned("你给我推荐的那本书")


def test_a_clause_is_the_users_when_it_speaks_of_them_or_to_the_assistant_about_them():
    for clause in (
        "My granddaughter set me up with a new email",  # what someone did for the user
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


def test_a_clause_without_a_subject_goes_on_with_the_third_party_before_it_until_the_sentence_ends():
    moods = [mood for _, mood in clauses_with_moods("我姐退休了，上个月搬去海南了。帮我看看那边的机票")]
    assert moods == [THIRD_PARTY, THIRD_PARTY, ASSERTION]
    moods = [
        mood for _, mood in clauses_with_moods("My brother got a job in Denver, moved there in May. I stayed in Ohio.")
    ]
    assert moods == [THIRD_PARTY, THIRD_PARTY, ASSERTION]
    # a subject of its own, or a new sentence, ends it
    assert [mood for _, mood in clauses_with_moods("我姐退休了，我也搬去海南了")] == [THIRD_PARTY, ASSERTION]
    assert [mood for _, mood in clauses_with_moods("我姐退休了。搬去海南了")] == [THIRD_PARTY, ASSERTION]
    # the extractor's clauses: it goes on over several subjectless ones
    assert continued_subjects(["我爸妈退休了，", "去年搬到大理了，", "买了个小院。", "我还在上海"]) == [
        False,
        True,
        True,
        False,
    ]


def test_a_clause_without_a_subject_goes_on_with_the_user_when_the_user_was_named_last():
    said = "my parents are visiting this weekend and I'm like ten min from there, been in Portland 6 years"
    assert [mood for _, mood in clauses_with_moods(said)] == [THIRD_PARTY, ASSERTION]
    said = "they moved the whole team to Raleigh and we're fine with it, signed a lease in march"
    assert [mood for _, mood in clauses_with_moods(said)][-1] == ASSERTION
    # someone named after the user still carries ("我和他说好了，他下个月搬走" is his), and so does a kin of mine
    assert [mood for _, mood in clauses_with_moods("我跟我姐说了，她退休了，搬去海南了")][-1] == THIRD_PARTY
    assert continued_subjects(["我妈换号了，", "新号135 0000 1234"]) == [False, True]
    assert continued_subjects(["my parents visited and I'm ten min from there, ", "been in Portland 6 years"]) == [
        False,
        False,
    ]


def test_a_change_said_after_a_dash_leaves_out_its_subject():
    assert is_owned("the bike's gone — sold it on sunday")
    assert not is_owned("the bike's gone")


def test_what_follows_an_if_in_its_sentence_is_a_plan_and_the_next_sentence_is_not():
    moods = clauses_with_moods("要是明年她调去上海总部，我们就全家搬过去")
    assert [mood for _, mood in moods][-1] == PLAN
    moods = clauses_with_moods("if the offer comes through, we move to Denver. I live in Austin")
    assert [mood for _, mood in moods] == [PLAN, PLAN, ASSERTION]
    assert [mood for _, mood in clauses_with_moods("even if I write in spanish, reply in english")] == [ASSERTION] * 2


def test_an_abbreviation_does_not_end_a_clause():
    assert split_clauses("St. Paul, like 15 min from here. nice") == ["St. Paul,", "like 15 min from here.", "nice"]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("笑死，同学群里有人传我离婚了", REPORTED),  # a rumour about the user is someone's words
        ("说看见我一个人拖着行李箱搬家", REPORTED),  # ... and so is what they go on to say
        ("apparently there's a rumor at work that I quit", REPORTED),
        ("so the gossip in the office is that I got fired", REPORTED),
        ("说实话我已经搬到杭州了", ASSERTION),  # 说实话 is "honestly", not someone's words
        ("医生建议我恢复吃肉", REPORTED),  # advice is what someone else wants
        ("那是帮我表弟搬家", THIRD_PARTY),  # a deed done for a relative is theirs
        ("I spent Saturday helping my brother move", THIRD_PARTY),
        ("根本没离婚", NEGATED),
        ("压根没搬", NEGATED),
        ("我跟我老婆好着呢", ASSERTION),  # 着呢 insists, it does not ask
        ("你们那边冷不冷呢", QUESTION),
        ("年后正式入职蔚来了", ASSERTION),  # after a holiday that has passed: 了 says it happened
        ("年后准备入职蔚来", PLAN),
        ("honestly it felt like living there", PLAN),  # what it felt like is no state
        ("just got back from a month in Lisbon", PAST),  # a stay counted in months is a trip
        ("my doctor advised me to cut out dairy", REPORTED),
        ("差点就搬去成都了", PLAN),  # almost is not done
    ],
)
def test_rumours_advice_deeds_for_others_and_done_events_after_a_holiday(clause, mood):
    assert clause_mood(clause) == mood


def test_a_condition_on_the_assistants_deed_leaves_the_users_preference_an_assertion():
    moods = dict(clauses_with_moods("btw if you ever need to line up calls for me, evenings after 6 are best."))
    assert moods["evenings after 6 are best."] == ASSERTION
    zh = dict(clauses_with_moods("如果你要给我打电话，晚上八点以后最好"))
    assert zh["晚上八点以后最好"] == ASSERTION
    # the user's own condition still makes what follows a plan
    assert dict(clauses_with_moods("if I get the job, I'll move to Austin"))["I'll move to Austin"] == PLAN


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("meanwhile my best friend Priscilla just got engaged", THIRD_PARTY),  # a lead-in before someone else
        ("btw my sister moved to Leeds", THIRD_PARTY),
        ("听说港大有硕士直接转博的项目", REPORTED),  # hearsay is someone's words
        ("IT 群里发通知说公司邮箱以后要迁到新域名", REPORTED),  # and so is a notice
        ("I heard Acme is relocating everyone to Austin", REPORTED),
        ("从内地过去难不难", QUESTION),  # any A-not-A asks
        ("他动不动就搬家", THIRD_PARTY),
        ("我动不动就失眠", ASSERTION),  # 动不动 is "at every turn", no question
        ("今天的先发我吧", PLAN),  # a request for today sets no standing preference
        ("just this once, answer in French", PLAN),
        ("会变成 yue.cao@example.net", PLAN),  # what will become is still to come
        ("租了台 Model 3 开了一周", PAST),  # a hired car is a stay, not a car of one's own
        ("rented a jeep for the week on Maui", PAST),
        ("上个月去三亚玩", PAST),  # a trip
        ("the regen braking took me a week to get used to", ASSERTION),  # a habit formed, not a former state
        ("I used to live in Boston", PAST),
    ],
)
def test_lead_ins_hearsay_a_not_a_one_off_requests_and_hired_cars(clause, mood):
    assert clause_mood(clause) == mood


def test_guess_who_and_where_the_speaker_stands_speak_of_the_user():
    assert is_owned("guess who is no longer a junior anything")
    assert is_owned("浙大这边实验室组会一周两次")
    assert not is_owned("组会一周两次")


def test_a_plans_details_are_planned_until_something_is_said_done():
    moods = [mood for _, mood in clauses_with_moods("下周我要换号了，新号是 177 0000 6802，到时候把收件信息也改一下")]
    assert moods == [PLAN, PLAN, PLAN]
    assert dict(clauses_with_moods("考虑了很久，最后还是搬到了杭州"))["最后还是搬到了杭州"] == ASSERTION
    # a thing chosen for the plan is no deed that ends it
    assert clauses_with_moods("我准备换号了，想换成联通的，新号都选好了 186 0000 3307")[-1][1] == PLAN
    assert clauses_with_moods("moving to Denver next month, already picked the new place")[-1][1] == PLAN
    assert clauses_with_moods("我准备换号了，新号已经用上了 186 0000 3307")[-1][1] == ASSERTION
    assert clause_mood("heads up, I'm moving off that email") == PLAN
    # an "if you" conditions nothing after it, and does not carry as a plan either
    assert dict(clauses_with_moods("if you ever need me, evenings are best."))["evenings are best."] == ASSERTION


def test_someone_elses_contact_detail_is_theirs_wherever_it_is_named():
    assert clause_mood("can you put my wife's new number in the itinerary") == THIRD_PARTY
    assert clause_mood("帮我存一下我老婆的新号码") == THIRD_PARTY
    assert clause_mood("can you put my new number in the itinerary") == ASSERTION


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("入职第一周要注意啥", QUESTION),  # 啥 asks
        ("新环境啥都得重新学", ASSERTION),  # ... unless it means "anything"
        ("giving notice at Corvid on monday", PLAN),  # a deed in -ing on a named weekday is still to come
        ("if you're doing reminders or check-ins", ASSERTION),  # an "if you" plans nothing of the user's
    ],
)
def test_sha_asks_and_a_deed_on_a_weekday_is_to_come(clause, mood):
    assert clause_mood(clause) == mood


def test_telling_the_assistant_what_will_do_and_a_first_stretch_somewhere_speak_of_the_user():
    assert is_owned("你也这么叫就行")
    assert is_owned("first month at UCLA after transferring")
    assert is_owned("first week in Columbus done")


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("我们组的老李跳去迈康了", THIRD_PARTY),  # someone of the user's group
        ("老李跳去迈康了", THIRD_PARTY),  # a colleague by surname
        ("老家在河南", ASSERTION),  # 老家 is the user's hometown, no colleague
        ("回家我妈一直念叨", THIRD_PARTY),  # a relative after a short lead
        ("还让我表哥给我介绍税务局的工作", REPORTED),  # ... but not after someone made the user ask
        ("非要我每天吃个鸡蛋", REPORTED),  # someone insisting
        ("我心里有点痒", PLAN),  # tempted
        ("说实话我大一也动过转去复旦的念头", PLAN),  # a thought once had
        ("promo committee meets tomorrow", PLAN),
        ("put me up for Staff this cycle", PLAN),  # a candidacy
        ("hypothetically if I did keto", PLAN),
        ("小时候我住在北京", PAST),  # childhood
    ],
)
def test_colleagues_insistence_temptations_candidacies_and_childhood(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("my trainer keeps pushing keto on me.", REPORTED),  # the advice of someone who serves the user
        ("barista messed up my caramel latte AGAIN", THIRD_PARTY),  # ... and their deed
        ("barista here, 5 years", ASSERTION),  # ... but a job named alone is the user's
        ("my doctor moved to Denver", THIRD_PARTY),
        ("she thinks I should go full keto", THIRD_PARTY),
        ("honestly he thinks I should rest", REPORTED),  # what someone thinks the user should do
        ("everyone keeps pushing keto", THIRD_PARTY),
        ("it keeps pushing me to upgrade", REPORTED),
        ("for the record I'm not doing it.", NEGATED),  # a change the user is not making
        ("I'm not eating meat these days", ASSERTION),  # ... is not a state said in the negative
        ("giving notice monday", PLAN),  # a deed in -ing on a bare weekday closing the clause
        ("Timing works because Friday was my last day at Kestrel", ASSERTION),  # ... not any weekday after -ing
        ("I'm pretty sure I'm taking it", PLAN),  # hedged future
    ],
)
def test_people_serving_the_user_urging_refusals_and_hedged_plans(clause, mood):
    assert clause_mood(clause) == mood


def test_what_a_plan_leads_to_is_planned_and_the_user_goes_on_after_advice():
    assert [m for _, m in clauses_with_moods("下周腾讯三面，过了我就去深圳了，这边直接提离职")] == [PLAN, PLAN, PLAN]
    assert [m for _, m in clauses_with_moods("next month I'm interviewing at Stripe, then I'll move to Seattle")] == [
        PLAN,
        PLAN,
    ]
    # 就 after a done deed is no consequence of a plan
    assert dict(clauses_with_moods("上周搬到杭州了，我就住在西湖边"))["我就住在西湖边"] == ASSERTION
    # after someone's advice to the user, what the user says next is the user's own ...
    said = dict(clauses_with_moods("我妈劝我别吃素了，所以现在已经开始吃鱼和鸡肉了"))
    assert said["所以现在已经开始吃鱼和鸡肉了"] == ASSERTION
    # ... while someone's own news goes on as theirs
    assert dict(clauses_with_moods("我表哥辞职了，上礼拜搬去三亚了"))["上礼拜搬去三亚了"] == THIRD_PARTY
    assert continued_plans(["下周腾讯三面，", "过了我就去深圳了，", "这边直接提离职"]) == [False, True, True]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("还有移动客服天天打电话让我携号转网到电信", REPORTED),  # someone serving the user, telling them what to do
        ("医生搬去上海了", THIRD_PARTY),  # ... and their own news
        ("Three weeks in at Umbrella Health and I'm drowning", ASSERTION),  # "hr" inside a word names no HR
        ("还有我们科的张姐跳槽去私立医院了", THIRD_PARTY),  # someone of the user's unit, after a lead
        ("张姐跳槽去私立医院了", THIRD_PARTY),  # a colleague by surname and title
        ("好怀念在大理的日子", PAST),  # nostalgia
        ("在大理住的那三个月每天晒太阳", PAST),  # a stay counted
        ("I accepted an offer from Ledgerline", ASSERTION),  # an offer taken is no offer explored
        ("got an offer from Northwind", PLAN),
    ],
)
def test_people_who_serve_or_work_with_the_user_nostalgia_and_offers_taken(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("WE'RE GETTING A PUPPY", PLAN),  # on its way, not had yet
        ("I'm getting a bit tired of tofu", ASSERTION),
        ("brightwave did a round of layoffs and I was in it", ASSERTION),  # in the layoff, not in a place
        ("I was in Tokyo last week", PAST),
    ],
)
def test_things_on_their_way_and_being_in_a_layoff(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("one-off, in French please", PLAN),  # this once sets no standing preference
        ("small exception for today's report", PLAN),
        ("this code throws an exception", ASSERTION),  # ... not any exception
        ("I need this one as bullets because it's going onto a slide", PLAN),
        ("在大理住了一个月刚回来", PAST),  # a stay of a month
    ],
)
def test_this_once_and_a_months_stay(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    "clause",
    [
        "spent all of March working remotely from a flat in Lisbon",
        "spent two months in Lisbon",
        "spent the summer in Maine",
    ],
)
def test_a_stay_counted_in_months_or_named_by_its_season_is_a_trip(clause):
    assert clause_mood(clause) == PAST


def test_what_a_boss_or_an_employer_did_to_the_users_job_is_the_users():
    assert clause_mood("but they bumped me to senior copywriter") == ASSERTION
    assert clause_mood("my boss let me go on friday") == ASSERTION
    assert clause_mood("老板把我提拔成主管了") == ASSERTION
    # an offer is still theirs, and what they did to someone else too
    assert clause_mood("they offered me a job at Globex") == THIRD_PARTY
    assert clause_mood("my sister's boss fired her") == THIRD_PARTY


def test_nothing_much_you_say_and_a_passive_are_said_by_the_user():
    assert clause_mood("现在也没啥特别的饮食计划") != QUESTION  # 没啥 asks nothing
    assert clause_mood("你说我要是搬去宝安住") != REPORTED  # the user asking the assistant, not someone's words
    assert clause_mood("被医生骂了一顿") == ASSERTION  # the user was scolded: no one else's deed
    assert clause_mood("医生让我辣的别碰了") == REPORTED


def test_a_list_of_things_had_no_more_is_the_users_state_and_can_i_ask_you_to_is_a_request():
    assert clause_mood("no fish no eggs no dairy anymore.") == ASSERTION
    assert clause_mood("no, I don't eat fish") == NEGATED
    assert clause_mood("can I ask you to stop with the bullet lists?") == ASSERTION
    assert owned_clauses("oh and the new one is 312 555 0193. the 0148 one is dead") == [True, False]


def test_a_question_before_a_comma_asks_and_a_doctors_orders_are_reported():
    assert clause_mood("离职后社保断缴有影响吗，") == QUESTION
    assert clause_mood("医生让先别搞这些，") == REPORTED
    moods = [mood for _, mood in clauses_with_moods("医生让先别搞这些，现在就正常吃饭")]
    assert moods == [REPORTED, ASSERTION]  # what the user does after the advice is the user's


def test_the_user_coming_in_as_a_new_subject_starts_a_clause_of_their_own():
    assert split_clauses("Theo asked me yesterday and I said YES") == ["Theo asked me yesterday", "and I said YES"]
    assert clause_mood("and I said YES") == ASSERTION  # the user's own words are no one's report
    assert clause_mood("she said yes") == THIRD_PARTY
    assert clause_mood("total carnivore here,") == ASSERTION and is_owned("total carnivore here,")
    assert not is_owned("rent here went up again")
    assert is_owned("new email for anything you draft for me:")
    assert clause_mood("hmm can I take back the bullets thing?") == ASSERTION
    moods = [mood for _, mood in clauses_with_moods("我跟小雯表白了，她说好 今天开始算正式在一起了")]
    assert moods[-1] == ASSERTION  # a yes to the user ends someone else's words


def test_the_user_named_beside_someone_is_one_subject_and_a_should_is_no_deed():
    assert split_clauses("my aunt told her Jonah and I broke up??") == ["my aunt told her Jonah and I broke up??"]
    assert split_clauses("got promoted a month ago and I still feel like an imposter") == [
        "got promoted a month ago",
        "and I still feel like an imposter",
    ]
    assert clause_mood("and I should just move there") == PLAN


def test_a_role_the_user_rose_to_is_no_one_elses_and_what_follows_an_order_is_the_users():
    assert clause_mood("升客服主管之后第一次要给组员做绩效面谈") != THIRD_PARTY
    assert clause_mood("客服天天打电话") == THIRD_PARTY
    moods = [mood for _, mood in clauses_with_moods("老板让我带新来的三个同事，title 也改成算法组长了")]
    assert moods == [THIRD_PARTY, ASSERTION]
    assert split_clauses("no extra money yet BUT they changed my title") == [
        "no extra money yet",
        "BUT they changed my title",
    ]
    assert clause_mood("BUT they changed my title") == ASSERTION


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        # looking, ordering and being offered are no change made
        ("I spent an hour on Denver apartment listings last night lol", PLAN),
        ("we've been house-hunting in Leeds all month", PLAN),
        ("我顺便试驾了下Model 3，", PLAN),
        ("周末去看房了，", PLAN),
        ("今天去4S店把理想L6的定金交了，", PLAN),
        ("put a deposit down on a Model Y today", PLAN),
        ("交了五千定金，", PLAN),
        ("got most of my deposit back", ASSERTION),  # a deposit returned orders nothing
        ("定金退了。", ASSERTION),
        ("Corvid Labs offered me a senior role.", PLAN),
        ("营业厅小哥给我推了个靓号 186 0000 8888，", THIRD_PARTY),  # a shop's staff: their pitch
        ("I think I'm taking the offer from Dunmore Legal.", PLAN),
        ("I took the offer from Dunmore Legal.", ASSERTION),
        # hearsay and a colleague named after the team
        ("apparently Marcus has been telling our friends we're getting back together??", REPORTED),
        ("我们组老李跳槽去蚂蚁了，", THIRD_PARTY),
        ("部门小王搬去杭州了", THIRD_PARTY),
        ("我们组搬到新楼了", ASSERTION),
        # a stay for a while and a state looked back on
        ("three weeks here and I'm loving the food", PAST),
        ("two weeks in Lisbon was not enough", PAST),
        ("two weeks in and I love the new job", ASSERTION),
        ("这几周我一直住在镇江我爸妈那儿，", PAST),
        ("这阵子开的是理想L7，", PAST),
        ("I'm staying with my parents for a few weeks", PAST),
        ("I keep remembering when I lived in Lisbon", PAST),
    ],
)
def test_looking_ordering_offers_hearsay_colleagues_and_stays_for_a_while(clause, mood):
    assert clause_mood(clause) == mood


def test_a_time_in_the_past_holds_what_follows_it_in_its_sentence():
    moods = [m for _, m in clauses_with_moods("上个月去广州出差那周，我都是早上七点才有空看消息，累死了")]
    assert moods[:2] == [PAST, PAST]
    # a trip told in its own sentence frames nothing after it
    after = [m for _, m in clauses_with_moods("上个月去广州出差了。我现在都是晚上九点以后才有空看消息")]
    assert after[-1] == ASSERTION


def test_reminding_the_assistant_of_the_past_asks_nothing_and_a_comparison_with_then_is_said_of_now():
    assert clause_mood("remember when i asked for bullet points?") == PAST
    assert clause_mood("你还记得我之前说要学法语吗？") == PAST
    assert clause_mood("do you remember my old address?") == PAST
    # an order to remember is no question about the past
    assert clause_mood("Remember that I'm vegan now") == ASSERTION
    assert clause_mood("记得明天交房租") == ASSERTION
    assert clause_mood("remember to call my mom on sunday") == ASSERTION
    assert clause_mood("研究生宿舍比本科那会儿差多了，") == ASSERTION
    assert clause_mood("本科那会儿宿舍是四人间") == PAST
    assert clause_mood("the commute is way shorter than back when I was at Initech") == ASSERTION


def test_a_role_said_before_a_question_is_the_users_own_clause():
    said = clauses_with_moods("as a senior software engineer how much time should i spend reviewing PRs")
    assert said == [
        ("as a senior software engineer", ASSERTION),
        ("how much time should i spend reviewing PRs", QUESTION),
    ]
    assert owned_clauses("as a senior software engineer how much time should i spend reviewing PRs") == [True, True]
    assert split_clauses("as soon as possible please") == ["as soon as possible please"]


def test_how_to_write_to_the_user_said_as_an_order_is_the_users_request():
    assert owned_clauses("just write normal sentences") == [True]
    assert owned_clauses("the essay has normal sentences") == [False]
    assert is_owned("stick to English from here")
    assert not is_owned("the writer stuck to English")


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("邮件太多了 有什么整理收件箱的好办法", QUESTION),
        ("如何整理收件箱", QUESTION),
        ("没什么特别的", NEGATED),
        ("什么都行", ASSERTION),
        ("水果什么的都可以", ASSERTION),
        ("不是什么大事", ASSERTION),
        ("现在就正常吃，不刻意控制什么了", ASSERTION),
        # what would have been, but for something: a supposition
        ("要不是孩子在这儿上学", PLAN),
    ],
)
def test_shenme_asks_unless_it_means_anything_and_yaobushi_supposes(clause, mood):
    assert clause_mood(clause) == mood


def test_what_would_have_been_but_for_something_is_no_move():
    moods = [mood for _, mood in clauses_with_moods("要不是孩子在这儿上学，我早就搬去大理躺平了")]
    assert moods == [PLAN, PLAN]


def test_letting_the_assistant_off_a_rule_is_the_users_own_word():
    assert is_owned("ok you can drop the 3 sentence thing btw")
    assert is_owned("feel free to skip the tables")
    assert not is_owned("you can do it")


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("got a verbal offer from Kestrel Systems today", PLAN),
        ("四月底搬去上海！", PLAN),
        ("四月底搬去上海了", ASSERTION),
        ("闺蜜阿敏上个月搬去深圳南山了", THIRD_PARTY),
        ("天天喊我也搬过去", REPORTED),
        ("my khala announced to a table of ten people that I'm engaged", REPORTED),
    ],
)
def test_offers_months_ahead_friends_and_announcements(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("上个月在大理住了两个多礼拜", PAST),
        ("been here 10 days working remote", PAST),
        ("so Pallas Pay made me an offer, 25% more base.", PLAN),
        ("平安银行也找我面了，给了offer", PLAN),
        ("拿到了字节的offer", PLAN),
        ("I was all set to transfer to Columbia for the fall.", PLAN),
        ("I accepted their offer", ASSERTION),
        ("Mike switched carriers and got a new number, (614) 555-0178.", THIRD_PARTY),
        ("Tasha (my work bestie) just quit and took a job at Mercy General,", THIRD_PARTY),
        ("Just moved to Denver", ASSERTION),
        ("Acme laid me off", ASSERTION),
        ("Stripe took me on as a contractor", ASSERTION),
        ("Pallas Pay gave me a solid offer, 25% more base.", PLAN),
    ],
)
def test_stays_offers_plans_held_and_people_called_by_name(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("lmao my coworker told half the office I got engaged.", REPORTED),
        ("I told my boss I quit", ASSERTION),
        ("I GOT THE OFFER!!", PLAN),
        ("accepting Novacrest,", PLAN),
        ("start date April 7.", ASSERTION),  # decided: only its day is ahead
        ("accepting that it's over", ASSERTION),
    ],
)
def test_news_about_the_user_told_to_others_and_an_offer_got_and_accepted(clause, mood):
    assert clause_mood(clause) == mood


def test_the_user_goes_on_after_but_my():
    said = "I used to be the hot sauce guy but my stomach has officially retired from spicy food"
    assert [m for _, m in clauses_with_moods(said)] == [PAST, ASSERTION]


def test_a_stretch_pointed_back_at_frames_its_sentence_and_a_return_from_a_stay_frames_the_message():
    assert [m for _, m in clauses_with_moods("在新加坡外派那半年，住大巴窑的组屋")] == [PAST, PAST]
    stay = "just got back from a month in Mexico City. rented a place in Roma Norte, had a gym"
    assert [m for _, m in clauses_with_moods(stay)][:2] == [PAST, PAST]
    moved = "just got back from Lisbon. moved to Porto last week though"
    assert [m for _, m in clauses_with_moods(moved)] == [PAST, ASSERTION]
    assert continued_frames(["在新加坡外派那半年，", "住大巴窑的组屋。", "现在住青岛"]) == [False, True, False]
    assert continued_frames(["just got back from Lisbon.", "rented a place in Alfama.", "moved home"]) == [
        False,
        True,
        False,
    ]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("对了我表弟今年考上复旦了，", THIRD_PARTY),
        ("我们处的小赵上个月就跳去了一家德资企业，", THIRD_PARTY),
        ("need to write my resignation letter,", PLAN),
    ],
)
def test_a_relative_after_a_lead_in_a_colleague_of_the_office_and_a_resignation_to_write(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("Lumen did a 'restructuring' and my whole team got cut on Thursday.", ASSERTION),
        ("giving notice on Thursday", PLAN),
        ("减脂那个计划我放弃了，", ASSERTION),
        ("不再刻意控制啥了。", ASSERTION),
        ("吃啥好", QUESTION),
    ],
)
def test_a_deed_done_on_a_weekday_a_plan_given_up_and_anything_at_all(clause, mood):
    assert clause_mood(clause) == mood


def test_a_bare_value_after_someone_urging_the_user_is_what_they_urged():
    said = (
        "my boss keeps telling me to move everything over to my work address, sven@tallgrass.example.com. "
        "not doing that"
    )
    assert [m for _, m in clauses_with_moods(said)][:2] == [THIRD_PARTY, REPORTED]
    # ... not what the user did after the advice, nor a request of their own
    assert [m for _, m in clauses_with_moods("医生建议我恢复吃肉，所以现在已经开始吃鱼了")] == [REPORTED, ASSERTION]


def test_news_told_after_a_return_from_a_stay_is_news():
    said = "just got back from Lisbon. Sam and I got engaged on the last night"
    assert [m for _, m in clauses_with_moods(said)] == [PAST, ASSERTION]
    assert continued_frames(["just got back from Lisbon.", "Sam and I got engaged on the last night"]) == [False, False]


def test_a_number_given_as_its_is_the_users_own():
    assert is_owned("yeah its 773 555 0192.")
    assert is_owned("it's (312) 555-0148")
    assert not is_owned("its 5 degrees outside")


def test_what_the_user_concludes_after_advice_is_their_own():
    assert [m for _, m in clauses_with_moods("医生让我先别搞生酮了，正常吃饭就行")] == [REPORTED, ASSERTION]


@pytest.mark.parametrize(
    "said",
    [
        "I DID IT. accepted the Shopify offer today, start date May 12!!",
        "so... I signed the offer from Brightline Creative. start monday.",
        "好消息！拿到远山数据的 offer 了，下周一入职，还是做用户运营",
        "已经拿了 offer，下周一去云杉医疗 onboard",
        "I GOT THE OFFER!! first day is monday",
    ],
)
def test_a_start_fixed_for_a_near_day_is_decided_and_only_its_day_is_ahead(said):
    assert [m for _, m in clauses_with_moods(said)][-1] == ASSERTION
    assert clause_mood("might start at Google next month") == PLAN
    assert clause_mood("深圳那家我打算接，下个月入职") == PLAN


def test_a_stay_spoken_of_as_now_after_a_return_is_the_users_home_and_no_fixed_home_is_a_state():
    said = "just got back from a week in Lisbon. living in Porto now and loving it"
    assert [m for _, m in clauses_with_moods(said)] == [PAST, ASSERTION]
    assert clause_mood("没有固定住处，") == ASSERTION


def test_the_purpose_of_someone_elses_wish_is_theirs_too():
    said = "she keeps saying I should switch too so we're on the same schedule. not happening"
    assert [mood for _, mood in clauses_with_moods(said)] == [REPORTED, REPORTED, NEGATED]
    # what follows someone's deed is no purpose of a wish: "so" says what came of it
    assert clauses_with_moods("my roommate got a dog, so we're a pet household now")[-1][1] == ASSERTION


def test_a_colleague_placed_beside_the_user_is_someone_else():
    assert clauses_with_moods("我们院今年走了好多人，同组小林都跳去做地产了")[1][1] == THIRD_PARTY
    assert clauses_with_moods("隔壁组的老张搬去深圳了") == [("隔壁组的老张搬去深圳了", THIRD_PARTY)]
    assert clauses_with_moods("我同组的人都很好") == [("我同组的人都很好", ASSERTION)]


def test_a_plan_once_weighed_and_a_trial_are_plans():
    assert clauses_with_moods("其实我去年还想过申上海交大的博，后来想想算了")[0][1] == PLAN
    assert clauses_with_moods("那我试试一周不吃辣看看") == [("那我试试一周不吃辣看看", PLAN)]


def test_what_the_user_does_because_a_landlord_acted_is_the_users_and_a_relatives_is_theirs():
    moved = clauses_with_moods("房东要卖房，没办法又搬了一次，这回在西湖区文三路附近找了个一室一厅")
    assert [mood for _, mood in moved] == [THIRD_PARTY, ASSERTION, ASSERTION]
    brother = clauses_with_moods("我哥失业了，只好搬回老家了")
    assert [mood for _, mood in brother] == [THIRD_PARTY, THIRD_PARTY]
    assert clauses_with_moods("没想到搬家这么累") == [("没想到搬家这么累", ASSERTION)]


def test_a_wish_or_a_plan_joined_to_a_statement_speaks_only_of_what_follows_it():
    said = clauses_with_moods("I live right by the Oudegracht and want to get out of the city for a day")
    assert said == [("I live right by the Oudegracht", ASSERTION), ("and want to get out of the city for a day", PLAN)]
    said = clauses_with_moods("I'm at Foothill rn doing my GE's and planning to transfer to a UC")
    assert [mood for _, mood in said] == [ASSERTION, PLAN]
    # the user come in after a scene is set: what the doctor did is theirs, what the user does is the user's
    said = clauses_with_moods("doc flagged my iron low and after a lot of back and forth I'm eating fish again")
    assert [mood for _, mood in said] == [THIRD_PARTY, ASSERTION]
    said = clauses_with_moods("the civic's gone — sold it last weekend")
    assert [mood for _, mood in said] == [ASSERTION, ASSERTION]


def test_a_counted_colleague_a_spouse_and_a_request_to_the_assistant_go_on_with_someone_else():
    assert clauses_with_moods("组里一个同事跳去字节了")[0][1] == THIRD_PARTY
    assert clauses_with_moods("有个朋友搬去成都了")[0][1] == THIRD_PARTY
    assert clauses_with_moods("老婆刚提了辆理想L6")[0][1] == THIRD_PARTY
    assert clauses_with_moods("Kenji on my team just got promoted to senior analyst!!")[0][1] == THIRD_PARTY
    mother = clauses_with_moods("我妈换号了 新号135 0000 8102 帮我写个短信")
    assert [mood for _, mood in mother] == [THIRD_PARTY, THIRD_PARTY]
    assert clauses_with_moods("我换号了 新号135 0000 8102 帮我存一下")[1][1] == ASSERTION


def test_a_conclusion_drawn_after_a_condition_is_said_as_so():
    said = clauses_with_moods("纯素的话蛋白质太难凑了 所以现在鱼和肉也开始吃了")
    assert [mood for _, mood in said] == [PLAN, ASSERTION]
    assert [mood for _, mood in clauses_with_moods("要是她调去上海，我们就搬过去")] == [PLAN, PLAN]


def test_a_trip_to_plan_is_still_to_come():
    assert clause_mood("can you help me plan a 3 day spring break trip with my kids") == PLAN
    assert clause_mood("just got back from a trip to Lisbon") == PAST


@pytest.mark.parametrize(
    "clause",
    [
        "a coworker got the whole office hooked on matcha lattes.",
        "one of my friends moved to Denver",
        "an old classmate just moved to Oslo",
        "我们组新来的实习生天天喝三分糖燕麦拿铁加奶盖",
        "我们公司那个的前台搬去杭州了",
    ],
)
def test_someone_named_by_an_article_or_as_new_in_the_team_is_someone_else(clause):
    assert clause_mood(clause) == THIRD_PARTY


@pytest.mark.parametrize(
    "clause",
    [
        "还在等背调 应该问题不大",
        "waiting on the background check, should be fine",
        "还在等offer",
        "still waiting on my visa",
    ],
)
def test_what_the_user_still_waits_for_has_not_happened(clause):
    assert clause_mood(clause) == PLAN


def test_waiting_a_moment_is_no_plan():
    assert clause_mood("现在等等看吧") != PLAN  # 等等 is "wait a moment", not something awaited


def test_a_wh_word_opening_a_clause_with_its_subject_asks_nothing():
    assert clause_mood("when u send me reminders do it in the evening,") != QUESTION
    assert clause_mood("where I live it rains a lot") != QUESTION
    assert clause_mood("when do you usually reply") == QUESTION
    assert clause_mood("what is a good gift for him") == QUESTION


def test_a_closing_quote_ends_the_quoted_clause():
    said = '帮我润色下这段给客户的话："您好，附件是第二版logo方案，有问题随时联系" 落款留我邮箱 lin.mo@example.org'
    clause, mood = clauses_with_moods(said)[-1]
    assert clause.startswith("落款留我邮箱") and mood != REPORTED
    assert clauses_with_moods(said)[-2][1] == REPORTED


@pytest.mark.parametrize(
    "clause",
    [
        "badge says Clinical Nurse Educator.",
        "workday FINALLY says Staff Engineer instead of Senior",
        "my license finally says Dana Okafor",
        "and as of monday my email signature says Corvane",
    ],
)
def test_what_a_record_of_the_users_says_is_no_ones_words(clause):
    assert clause_mood(clause) != REPORTED


def test_someone_who_says_something_still_reports_it():
    assert clause_mood("the recruiter says the offer is coming") == REPORTED


def test_being_poached_is_done_though_a_headhunter_did_it():
    assert clause_mood("试用期刚转正就被猎头捞走了") == ASSERTION
    assert clause_mood("got poached by a recruiter last month") == ASSERTION
    assert clause_mood("最近在接触猎头") == PLAN  # (a headhunter met is still a job hunt)


@pytest.mark.parametrize(
    "clause",
    [
        "we're seriously looking at moving to Denver.",
        "2am and I'm on zillow looking at houses in Denver again.",
        "新号都看好了199 0000 3377，",
        "房子已经看中了",
    ],
)
def test_looking_at_a_move_or_a_value_picked_out_is_still_a_plan(clause):
    assert clause_mood(clause) == PLAN


def test_a_value_had_is_not_picked_out():
    assert clause_mood("新号是199 0000 3377") != PLAN
    assert clause_mood("we're looking at a slow week") != PLAN


@pytest.mark.parametrize(
    "clause", ["not doing any special diet now, just normal food", "I'm not on any diet", "not following any rules"]
)
def test_no_regime_kept_is_a_state_not_a_denial(clause):
    assert clause_mood(clause) != NEGATED


def test_helping_someone_move_is_their_move():
    assert clause_mood("周末刚帮他把东西搬过去，") == THIRD_PARTY


def test_a_not_yet_with_ne_states_and_asks_nothing():
    assert clause_mood("武汉这还没入梅呢，") != QUESTION
    assert clause_mood("你去哪呢") == QUESTION


def test_the_same_question_word_twice_means_whatever_and_asks_nothing():
    for clause in ("爱吃啥吃啥吧", "走到哪儿住到哪儿", "活在哪就住哪", "有什么吃什么", "哪天有空哪天去"):
        assert clause_mood(clause) == ASSERTION, clause
    for clause in ("现在爱吃啥？", "你住哪儿", "谁是谁啊？"):
        assert clause_mood(clause) == QUESTION, clause


def test_how_with_a_degree_or_a_comparison_exclaims_and_guess_who_is_the_user():
    for clause in ("研一的课怎么比本科还多", "这边房租怎么这么贵？", "我怎么又胖了"):
        assert clause_mood(clause) == ASSERTION, clause
    for clause in ("怎么办", "怎么这么贵，哪里能便宜点？", "怎么去机场？"):
        assert clause_mood(clause) == QUESTION, clause
    said = "they folded the Pittsburgh office into the Raleigh one, so guess who's sleeping in a Raleigh sublet lol"
    assert [mood for _, mood in clauses_with_moods(said)] == [THIRD_PARTY, ASSERTION]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("My clerk has gone fully carnivore, steak and eggs and nothing else", THIRD_PARTY),  # people at work or home
        ("my missus went full carnivore last month btw", THIRD_PARTY),
        ("A client wants to know whether a cross-lease is a problem.", THIRD_PARTY),  # served, with a determiner
        ("clients may call my mobile, (208) 555-0143", ASSERTION),  # ... and bare, whom the user's words are for
        ("Sinéad (my 6am 1:1 client for 3 years) is moving to Limerick", THIRD_PARTY),  # named, any letters
        ("also our point guard Jalen got picked up by Edmonton", THIRD_PARTY),  # named after a role
        ("我们收银组的小周搬去宁波了", THIRD_PARTY),  # a group named with what it does
        ("我们队老朴被梅州那边挖走了", THIRD_PARTY),
        ("我们公司的年会定在下周", THIRD_PARTY),
        ("经纪人说青岛那边一个队也来问过我", REPORTED),  # an agent's words
        ("要不我也搬去大理算了", PLAN),  # a musing, a wish
        ("有时候真想退学去读个港硕算了", PLAN),
        ("说实话我自己也想养猫很久了，", PLAN),
        ("最后还是没要", NEGATED),  # a change in the end not made
        ("最后没续租。", ASSERTION),  # ... but a home ended is a statement
        ("今天店里来了个旅游团", ASSERTION),  # a tour group is no trip of the user's
        (
            "right now it says 'Data Engineer @ Tidewell Logistics | Leeds'",
            ASSERTION,
        ),  # the user's own words in writing
        ("I'm back in my childhood bed", ASSERTION),  # a room the user is back in, not a time gone by
        ("back in my day we walked", PAST),
        ("以后你有提醒要推给我的话，", ASSERTION),  # a condition on the assistant's deed
        ("Could you write this birthday card message for my nain in Welsh?", PLAN),  # a piece of writing, once
        ("Can you answer in Welsh from now on?", ASSERTION),  # ... not how to answer
    ],
)
def test_people_at_work_and_home_musings_and_the_users_own_writing(clause, mood):
    assert clause_mood(clause) == mood


def test_a_comma_between_digits_does_not_end_a_clause():
    assert split_clauses("quote was $2,800 and it's worth $1,500") == ["quote was $2,800 and it's worth $1,500"]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("我合伙人阿珍搬去深圳了", THIRD_PARTY),  # a business partner is someone else
        ("我老伴退休了", THIRD_PARTY),
        ("Tom finally retired from the paper mill!!", THIRD_PARTY),  # someone named, retiring
        ("also moved Mom into assisted living in Cincinnati last week,", THIRD_PARTY),  # someone the user moves
        ("moving my dad in with us next to the lake", THIRD_PARTY),
        ("moved into a bigger place in Cincinnati last week", ASSERTION),  # ... not the user moving
        ("thinking I'll switch calls to mornings starting june,", PLAN),
        ("我想着暑假过去试试", PLAN),
        ("looking at a bigger space in Oakland,", PLAN),
        ("这几天有事打 +66 80 000 4417，", PAST),  # a number for a few days is a stay's
        ("for the next few days text me at 555-0142", PAST),
        ("在杭州住了一个多月了", ASSERTION),  # a stay still going on is a home
        ("在三亚住了两周", PAST),  # ... one counted and over is a trip
        ("听医生的，", ASSERTION),  # following the doctor's advice is the user's deed
        ("医生让我别再吃素了", REPORTED),
    ],
)
def test_partners_people_the_user_moves_plans_thought_of_and_stays_still_going_on(clause, mood):
    assert clause_mood(clause) == mood


def test_someone_named_as_the_one_a_deed_is_for_goes_on_as_the_subject():
    moods = clauses_with_moods("我妈那个老年机坏了，给她换了个新的，号码也换了，186 0000 3398，你帮我记一下")
    assert [mood for _, mood in moods] == [THIRD_PARTY] * 4 + [ASSERTION]
    # the user named as the subject still ends it
    assert clauses_with_moods("我妈退休了，我给她换了个新手机")[-1][1] == ASSERTION


def test_what_the_user_draws_from_someones_words_is_the_users_and_a_name_taken_is_no_one_elses():
    moods = clauses_with_moods("医生说别空腹喝太苦的 所以现在改喝燕麦拿铁了 美式戒了")
    assert [mood for _, mood in moods] == [REPORTED, ASSERTION, ASSERTION]
    # ... and so is what the user does now after a doctor's words, with no "so" (the doctor's are reported speech)
    moods = clauses_with_moods("胃镜做了，医生说辣的一口都别碰😭 现在天天白粥青菜，口味彻底改清淡了")
    assert [mood for _, mood in moods] == [ASSERTION, REPORTED, ASSERTION, ASSERTION]
    # ... not what someone else did for a reason of their own
    assert [mood for _, mood in clauses_with_moods("我姐找了份新工作，所以搬去深圳了")] == [THIRD_PARTY] * 2
    assert clause_mood("I took my husband's name,") == ASSERTION
    assert clause_mood("save my husband's name as Tom in the contacts") == THIRD_PARTY


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        # someone else's new thing, where the user is no subject
        ("kayla keeps sending me pics of lake michigan from her new place in chicago,", THIRD_PARTY),
        ("看她新家的照片", THIRD_PARTY),
        ("我搬进了她新家", ASSERTION),  # the user is the subject
        ("I moved into her old place last week", ASSERTION),  # the user is the subject: the user's move
        # a relative or friend with what they are to the user between
        ("我最好的朋友小雨跟她学长在一起了！！", THIRD_PARTY),
        ("我大学室友搬去成都了", THIRD_PARTY),
        ("合伙人阿杰以后只在上午9点到11点回客户消息，", THIRD_PARTY),  # a partner in business, bare
        # a claim about the user denied
        ("I do not.", NEGATED),
        ("I have never worked there", NEGATED),
        ("I don't eat meat anymore", ASSERTION),  # a habit said with "don't" is a state
        ("not working anywhere rn,", ASSERTION),  # no job now is a state
    ],
)
def test_others_new_things_friends_named_by_what_they_are_and_claims_denied(clause, mood):
    assert clause_mood(clause) == mood


def test_a_partner_in_business_is_no_partner_in_life():
    assert partner_is_subject("my partner just proposed")
    assert not partner_is_subject("my business partner Jess just finalized her divorce")


@pytest.mark.parametrize(
    "clause", ["我未婚妻升职了，", "我爱人调到苏州工作了", "我丈夫换工作了", "我太太搬去杭州了", "我先生辞职了"]
)
def test_the_users_spouse_by_any_name_is_someone_else(clause):
    assert clause_mood(clause) == THIRD_PARTY


def test_the_users_spouse_by_any_name_shares_the_users_relationship():
    assert partner_is_subject("我先生和我领证了")
    assert partner_is_subject("我妻子跟我提离婚了")


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("I'd love to live in Paris", PLAN),  # "'d" before a plain verb is "would"
        ("huge fight about where we'd live after.", PLAN),
        ("I\u2019d rather work at Google", PLAN),
        ("I'd moved to Denver by then", ASSERTION),  # ... before a participle it is "had"
        ("I'd been living in Leeds for years", ASSERTION),
        ("the promotion finally came through after I'd basically been doing the job for a year", ASSERTION),
        ("thought I'd let you know I moved to Leeds", ASSERTION),  # ... and a way of telling tells
        ("I'd say I'm vegan now", ASSERTION),
    ],
)
def test_would_contracted_is_a_wish_had_contracted_and_a_way_of_telling_are_not(clause, mood):
    assert clause_mood(clause) == mood


def test_hours_in_english_are_no_hr_department():
    assert clause_mood("12-hr shifts as an ER nurse are killing my feet.") == ASSERTION
    assert clause_mood("HR找我谈话了") == THIRD_PARTY


@pytest.mark.parametrize("text", ["话说我搬家了", "老实说我还是喜欢吃辣", "所以我辞职了"])
def test_a_way_of_saying_is_no_one_elses_words(text):
    assert clause_mood(text) == ASSERTION
    assert clause_mood("我妈说我该换工作了") != ASSERTION


@pytest.mark.parametrize("text", ["bro i got the job at google", "sis, we're in Denver now", "mom, i moved"])
def test_kin_called_out_to_is_no_subject(text):
    assert clause_mood(text) != THIRD_PARTY
    assert clause_mood("sis found an apartment in Reno") == THIRD_PARTY


@pytest.mark.parametrize(
    "text",
    [
        "我们院子里的王婆婆搬去深圳了",  # someone placed by where they live
        "坐我对面的老张跳槽去了鼎盛基金",  # ... or where they sit
        "楼下的张阿姨搬走了",
        "隔壁的大爷又换车了",  # ... named by no surname
        "王婆婆搬去深圳了",  # an elder by surname
        "国庆闺蜜订婚了",  # a time said before the subject
        "九月份我老公终于跳槽去了一家券商",
        "前段时间我表妹搬去成都了",
        "我老姐妹刘姐说她换到阜外医院了",  # kin called old
        "our new director Sam is fully vegan",  # the ones who lead the user's team or club
        "our captain Danny just signed for Harbour City RFC",
        "my 4yo wants us to get a second dog",
    ],
)
def test_people_placed_beside_the_user_after_a_time_or_leading_the_team_are_someone_else(text):
    assert clause_mood(text) == THIRD_PARTY


def test_a_role_in_a_promotions_name_is_nobody():
    assert clause_mood("well the Director promotion is dead.") == ASSERTION
    assert clause_mood("the payroll MANAGER title comes with perks lol") == ASSERTION
    assert clause_mood("the payroll manager quit") == THIRD_PARTY
    assert clause_mood("my director promotion finally came through") == ASSERTION


@pytest.mark.parametrize(
    "text", ["my wife and I moved to Denver last month", "me and my roommate split a 2br in Fremont"]
)
def test_someone_named_with_the_user_as_one_subject_is_the_user_too(text):
    assert clause_mood(text) == ASSERTION
    assert clause_mood("my sister and her husband moved to Denver") == THIRD_PARTY


@pytest.mark.parametrize(
    "text",
    [
        "lol I dreamt last night that I worked at NASA",  # a dream is no state
        "昨晚梦见自己开着保时捷去上班",
        "住公司订的酒店，",  # a hotel or an Airbnb is a stay, not a home
        "been staying at an Airbnb in Lisbon",
        "上个月在 Tokyo 待了三个星期",  # a stay counted in weeks is a trip
    ],
)
def test_dreams_hotels_and_stays_counted_in_weeks_are_no_state(text):
    assert clause_mood(text) == PAST
    assert clause_mood("finally landed my dream job at Stripe") == ASSERTION
    assert clause_mood("在杭州待了一个多月了") == ASSERTION  # a stay still going on


def test_a_clause_opening_with_a_deed_goes_on_with_the_third_party_whoever_it_names_after():
    moods = clauses_with_moods(
        "My neighbor Harold, the one who brought me grapefruit every week, moved into a place near his son."
    )
    assert [mood for _, mood in moods] == [THIRD_PARTY] * 3


def test_a_full_width_colon_and_a_dash_before_a_subject_end_a_clause():
    assert clauses_with_moods("跟你八卦一下我们家的事：九月份我老公跳槽了")[1][1] == THIRD_PARTY
    assert clauses_with_moods("big news at the club - our captain Danny just signed")[1][1] == THIRD_PARTY
    # (a dash before what the user lists stays in the user's clause)
    assert clauses_with_moods("So I finally went all the way - no dairy, no eggs")[0][1] == ASSERTION


def test_which_going_on_with_what_was_said_asks_nothing():
    assert clause_mood("which is fine,") == ASSERTION
    assert clause_mood("which one is better") == QUESTION


def test_a_standing_request_for_picks_is_no_pick_made_for_the_user():
    assert clause_mood("以后给我推荐菜谱都要清淡的") == ASSERTION
    assert clause_mood("同事给我推荐了一家健身房") == THIRD_PARTY
    assert clause_mood("他给我推了个房子") == THIRD_PARTY
    assert clause_mood("给我推了个房子") == PLAN


def test_someone_the_user_describes_or_calls_mine_is_someone_else():
    assert clause_mood("跟我同期进来的老周被调去国际化事业部了") == THIRD_PARTY
    assert clause_mood("我的老师搬去深圳了") == THIRD_PARTY
    assert clause_mood("有什么维持异地感情的小方法吗") == QUESTION


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        # the family a marriage and the years bring, and the people at work, at school and at home
        ("而且公婆上个月从乐山搬来成都了", THIRD_PARTY),
        ("我们班主任换邮箱了", THIRD_PARTY),
        ("我孙子在加拿大念书", THIRD_PARTY),
        ("组里的小王升主管了", THIRD_PARTY),
        ("我们这儿的助理小何换邮箱了", THIRD_PARTY),
        ("好多客户白天上班", THIRD_PARTY),
        # ... someone's thing said as the subject
        ("his is jordan.p@example.org now.", THIRD_PARTY),
        ("her new number's 555-0134", THIRD_PARTY),
        ("Gary's retiring in March.", THIRD_PARTY),
        ("fyi my brother switched to a work address too,", THIRD_PARTY),
        # the user, with the same words near
        ("还有我们搬家了", ASSERTION),
        ("我主管的项目上线了", ASSERTION),
        ("I changed her number in my phone", ASSERTION),
        # a visit is no state
        ("初二去开放大学参观了一下他们的年货书画展", PAST),
        ("休年假去了趟云南", PAST),
    ],
)
def test_people_by_any_name_and_visits(clause, mood):
    assert clause_mood(clause) == mood


def test_a_clause_with_no_subject_goes_on_with_the_one_before_whoever_it_names_as_an_object():
    moods = [m for _, m in clauses_with_moods("而且公婆上个月从乐山搬来成都了，就住我们隔壁小区，以后带娃有帮手了")]
    assert moods[:2] == [THIRD_PARTY, THIRD_PARTY]
    moods = [
        m for _, m in clauses_with_moods("我们班主任换邮箱了，新的是 li.teacher@example.org，以后发给她得用这个。")
    ]
    assert moods[:2] == [THIRD_PARTY, THIRD_PARTY]
    # the user named after a verb is still an object, the user named first a subject
    assert [m for _, m in clauses_with_moods("我妈搬去三亚了，我住在杭州")] == [THIRD_PARTY, ASSERTION]


def test_what_follows_someones_words_is_theirs_until_the_user_concludes_or_says_it_done():
    said = clauses_with_moods(
        "我女儿嫌我那个邮箱名字土，说要给我注册个新的，叫 huangwenhua1953@example.org，说这样显得正式。"
    )
    assert [m for _, m in said] == [THIRD_PARTY, REPORTED, REPORTED, REPORTED]
    said = clauses_with_moods("and he says I ought to have you write me long, detailed explanations")
    assert [m for _, m in said] == [REPORTED, REPORTED]
    said = clauses_with_moods("Cardiologist says no more caffeine after the scare, so scrap the espresso tonic thing.")
    assert said[1][1] == ASSERTION
    assert clauses_with_moods("医生建议我恢复吃肉，现在已经开始吃鱼了")[1][1] == ASSERTION


def test_an_option_weighed_goes_on_until_the_user_says_what_was_done():
    weighed = clauses_with_moods("我在想要不要也退了华师大，去考复旦，以后能一起上下学哈哈，你觉得靠谱吗")
    assert [m for _, m in weighed] == [QUESTION] * 4
    assert [m for _, m in clauses_with_moods("纠结了很久要不要搬，最后还是搬到杭州了")] == [QUESTION, ASSERTION]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("we almost bought a Model 3 last week.", PLAN),
        ("I almost always drink tea", ASSERTION),
        ("最近有点想把秦换成特斯拉 Model 3，", PLAN),
    ],
)
def test_what_almost_happened_or_is_half_wanted_is_no_change(clause, mood):
    assert clause_mood(clause) == mood


def test_a_dash_before_a_name_starts_their_clause():
    said = clauses_with_moods("big news in our house - Dev accepted an offer at Ledgerly, that fintech startup")
    assert [m for _, m in said][:2] == [ASSERTION, THIRD_PARTY]


def test_a_contact_handed_over_after_someone_elses_was_spoken_of_is_theirs_until_the_user_speaks():
    said = clauses_with_moods(
        "so I finally set dad up with his own email so the clinic portal stops sending everything to me. "
        "it's rudy.reyes44@example.com"
    )
    assert [m for _, m in said] == [THIRD_PARTY, ASSERTION, THIRD_PARTY]
    said = clauses_with_moods("my mom has a new phone. I set it up. my number is 555-0134")
    assert said[-1][1] == ASSERTION


@pytest.mark.parametrize(
    "clause",
    ["went up to Edinburgh last week for a PhD interview,", "I was even browsing Kia Niros for me,"],
)
def test_a_place_gone_to_for_an_occasion_or_a_car_browsed_is_no_state(clause):
    assert clause_mood(clause) != ASSERTION


def test_the_words_of_a_message_the_user_asks_for_are_no_one_elses():
    said = clauses_with_moods("帮我给房东写封邮件说下个月押金的事，回复地址写 zhengjia.home@example.com")
    assert said[1][1] == ASSERTION


@pytest.mark.parametrize(
    ("text", "moods"),
    [
        # a job open somewhere, or offered, is a prospect
        (
            "the John Deere store out by the highway is hiring a parts counter person. if I got on there I'd be happy",
            [PLAN, PLAN],
        ),
        ("so there's a head concierge opening at the Four Seasons.", [PLAN]),
        ("好利来在招裱花师，工资比我现在高快两千", [PLAN, ASSERTION]),
        ("港科大那边有个 research assistant professor 的位置来问我意向，", [PLAN]),
        ("我在招商银行上班", [ASSERTION]),
        # a car lent for a review goes back
        ("Kia just dropped off an EV9 for a sponsored review. I have it 7 days then it goes back.", [PLAN, PLAN]),
        # a stretch lived up to now is no part of the plan before it
        ("the single series might need a rename 🙊 been seeing someone for like 2 months,", [PLAN, ASSERTION]),
        # a conference's things are no stay
        ("I'm switching every journal and conference profile to ravi@example.com.", [ASSERTION]),
        ("I was at a conference in Lisbon", [PAST]),
        # 说来也怪 and 说个离谱的 tell no one's words
        ("说来也怪，现在反倒爱吃清淡的了", [ASSERTION, ASSERTION]),
        ("说个离谱的，我现在居然离不开香菜了", [ASSERTION, ASSERTION]),
        ("说他下个月搬走", [REPORTED]),
        # ironic "now apparently" is the user's own
        ("I'm a Miami girl now apparently", [ASSERTION]),
        ("apparently I'm getting promoted", [REPORTED]),
    ],
)
def test_prospects_loans_stretches_and_words_that_tell_no_ones_speech(text, moods):
    assert [mood for _, mood in clauses_with_moods(text)] == moods


def test_a_relative_pointed_at_or_said_the_northern_way_is_someone_else():
    said = clauses_with_moods("我那个转行做新媒体的侄子说，跟AI说话要让它写得越详细越好，说我这样太浪费了。")
    assert [mood for _, mood in said] == [THIRD_PARTY, THIRD_PARTY, REPORTED]
    assert [mood for _, mood in clauses_with_moods("我那个表格做好了，发你看看")] == [ASSERTION, ASSERTION]
    assert clauses_with_moods("俺媳妇换了个号，")[0][1] == THIRD_PARTY
    assert partner_is_subject("女朋友小雨下个月来找我，")
    assert not partner_is_subject("朋友小雨下个月来找我，")


def test_what_a_doctor_forbids_leaves_what_follows_to_the_user():
    said = clauses_with_moods("胃镜做完了 慢性胃炎 医生不让碰辣的 现在只能吃点粥啊蒸菜啥的")
    assert said[-1] == ("现在只能吃点粥啊蒸菜啥的", ASSERTION)
    said = clauses_with_moods("胃镜查出来胃炎，医生让忌辛辣，这半年吃下来口味都变了，现在就爱喝点清淡的粥")
    assert [mood for _, mood in said][2:] == [ASSERTION, ASSERTION]
    said = clauses_with_moods("医生下了死命令，辣的一口都不准碰了😭 现在只能吃蒸的煮的。")
    assert [mood for _, mood in said][1:] == [ASSERTION, ASSERTION]


def test_a_relative_by_birth_order_and_a_pupils_parent_counted_are_someone_else():
    assert clauses_with_moods("我大女儿上高中换了个新号，")[0][1] == THIRD_PARTY
    assert clauses_with_moods("有个学生家长换号了，新号 139 0000 7783，")[0][1] == THIRD_PARTY
    assert clauses_with_moods("我大学毕业后搬到了北京")[0][1] == ASSERTION


def test_someone_elses_new_number_is_told_with_or_without_new():
    assert ANOTHERS_NEW_CONTACT.search("我大女儿上高中换了个新号")
    assert ANOTHERS_NEW_CONTACT.search("有个学生家长换号了")
    assert not ANOTHERS_NEW_CONTACT.search("我换了个新号")
