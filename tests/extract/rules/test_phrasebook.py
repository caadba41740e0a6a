"""The phrasebook and its frames: a phrasing is an entry, and the frame decides who says it and in which mood."""

from __future__ import annotations

import pytest

from pipelines.core.schemas import Kind
from pipelines.core.topics import is_single_valued
from pipelines.extract.rules.engine import extract_message
from pipelines.extract.rules.frames import topic_rules
from pipelines.extract.rules.phrasebook import PHRASEBOOK, RESIDENCE, Say, TopicBook, Ways
from tests.support.messages import user_message


def _on(text: str, topic: str) -> list[str]:
    return [m.content for m in extract_message(user_message(text)) if m.topic == topic]


@pytest.mark.parametrize(
    "text, topic, content",
    [
        ("Finally settled in Lisbon after months of apartment hunting.", "residence", "User lives in Lisbon."),
        ("We packed up and moved out to Denver last spring.", "residence", "User lives in Denver."),
        ("I've been living in Toronto since March.", "residence", "User lives in Toronto."),
        ("Home is Melbourne now.", "residence", "User lives in Melbourne."),
        ("i moved to denver last week", "residence", "User lives in denver."),
        ("My wife and I moved to New York City.", "residence", "User lives in New York City."),
        ("just started at Stripe as a senior PM", "employer", "User works at Stripe."),
        ("Got promoted to engineering manager!", "job_title", "User's job title is engineering manager."),
        ("we're celebrating, they made me senior designer today", "job_title", "User's job title is senior designer."),
        ("I go by Alex these days.", "name", "User's name is Alex."),
        ("My new number is 555-0199.", "phone", "User's phone number is 555-0199."),
        ("I went vegan last month.", "diet", "User is vegan."),
        ("We tied the knot in June.", "relationship_status", "User is married."),
        ("I'm studying at McGill now.", "school", "User studies at McGill."),
        ("Bought a used Subaru Outback last weekend.", "vehicle", "User drives a Subaru Outback."),
        ("上个月底我已经把家搬到北京朝阳区了", "residence", "用户住在北京朝阳区"),
        ("我搬到杭州快一个月了", "residence", "用户住在杭州"),
        ("目前在深圳生活", "residence", "用户住在深圳"),
        ("我跳槽去了字节", "employer", "用户在字节工作"),
        ("我已经入职腾讯了", "employer", "用户在腾讯工作"),
        ("我升职做主管了", "job_title", "用户的职位是主管"),
        ("以后叫我小王就行", "name", "用户的名字是小王"),
        ("我现在吃素了", "diet", "用户吃素"),
        ("我们上周领证了", "relationship_status", "用户已婚"),
        ("我在浙大读研", "school", "用户在浙大读书"),
        ("btw I'm not with Umbrella anymore", "employer", "User no longer works at Umbrella."),
        ("Hooli is where I work now, long story", "employer", "User works at Hooli."),
        ("I'm a PM at Vandelay Industries.", "job_title", "User's job title is PM."),
        (
            "starting today I'm officially senior data engineer",
            "job_title",
            "User's job title is senior data engineer.",
        ),
        ("hey, could you call me Robbie from now on?", "name", "User's name is Robbie."),
        ("以后你用英文回我吧", "language", "用户希望用英文回答"),
        ("上周我们去把结婚证领了", "relationship_status", "用户已婚"),
        ("来字节快一年了 还是很忙", "employer", "用户在字节工作"),
        ("租的房子退了 现在没有固定的住处", "residence", "用户没有固定住处"),
        ("my e-mail's kim.j@example.com btw", "email", "User's email is kim.j@example.com."),
        ("房子退租啦 先去朋友家借住", "residence", "用户已退租，没有固定住处"),
        ("我在京东做前端", "job_title", "用户的职位是前端"),
        # an employer named without a verb, by its short name or an organisation's ending
        ("现在在美团，天天加班到十点", "employer", "用户在美团工作"),
        ("目前在一家小律所，事情不多", "employer", "用户在一家小律所工作"),
        ("在网易干了快两年了 有点腻", "employer", "用户在网易工作"),
        ("grabbed lunch with my team at Stripe today", "employer", "User works at Stripe."),
        ("以后就叫我Leo吧", "name", "用户的名字是Leo"),
        ("我改名了，现在叫李想", "name", "用户的名字是李想"),
        ("yeah new phone new carrier. use 724-555-0198 from now on", "phone", "User's phone number is 724-555-0198."),
        ("signed for a 1br in Richmond last week, boxes everywhere", "residence", "User lives in Richmond."),
        ("new lease started in may, I'm in Columbus now", "residence", "User lives in Columbus."),
        ("home is denver now", "residence", "User lives in denver."),
        (
            "I work in regulatory affairs at Medtronic, mostly 510(k) submissions",
            "employer",
            "User works at Medtronic.",
        ),
        (
            "so i did the thing. signed the offer letter from Brightwater Health this morning",
            "employer",
            "User works at Brightwater Health.",
        ),
    ],
)
def test_a_change_said_naturally_gives_the_new_value(text, topic, content):
    assert _on(text, topic) == [content]


@pytest.mark.parametrize(
    "text, topic",
    [
        ("My sister moved to Berlin.", "residence"),  # someone else
        ("If I moved to Berlin, would my rent go up?", "residence"),  # a condition
        ("I might move to Berlin next year.", "residence"),  # a plan
        ("We're moving to Berlin next month.", "residence"),  # still to come
        ("I didn't move to Berlin after all.", "residence"),  # negated
        ("My boss said I should relocate to Berlin.", "residence"),  # reported
        ("I was in Berlin last week for a conference.", "residence"),  # a trip
        ("My husband works at Google.", "employer"),
        ("If I worked at Google I'd be rich.", "employer"),
        ("Please don't call me Sam.", "name"),
        ("我妹妹搬到北京了", "residence"),
        ("我打算搬到北京", "residence"),
        ("如果我搬到北京，房租会不会很贵", "residence"),
        ("我没有搬到北京", "residence"),
        ("七月份搬去青岛，公司派我过去", "residence"),  # a month still to come, no 了
        ("我同事说我应该搬到北京", "residence"),
        ("我老公在腾讯上班", "employer"),
        ("在家这边找工作", "employer"),  # looking for a job names no employer
        ("我在考虑去腾讯工作", "employer"),
        ("别叫我小王", "name"),
        ("下班路上捡了只小土狗，决定养了，叫豆包", "name"),  # a new pet's name is the pet's
        ("我妈跟亲戚说我在深圳买房了", "residence"),  # someone else's words about the user
        ("My mom says I live in Boston", "residence"),
        ("what would you call me?", "name"),  # a question word asks
        (
            "记一下 我哥换号了 139 0000 2211",
            "phone",
        ),  # the number's owner speaks after a space, not at the clause start
        ("ok so my dad got a new cell 555-0134, save it", "phone"),
        ("我姐来腾讯三个月了", "employer"),
        # a subject left out goes on with the third party named before it, within the sentence
        ("我爸妈退休了，去年搬到大理了", "residence"),
        ("My brother got a job in Denver, moved there in May", "residence"),
        # a state that no longer holds
        ("back when I was at Initech we shipped weekly", "employer"),
        ("我以前在百度上班", "employer"),
        # a shift is no employer; a place is no organisation; a particle or a pronoun is no name
        ("换到夜班了，好困", "employer"),
        ("我现在在北京", "employer"),
        ("叫着叫着我自己也习惯了", "name"),
        # "from home" and "at home" say where something happens, not where home is
        ("coffee from home is cute, doing that", "residence"),
        ("I'm in sales at Oracle now", "residence"),  # a field at a company is no place
        # a number a shop's staff pitched, a stay at the parents' for a few weeks
        ("营业厅小哥给我推了个靓号 186 0000 8888，每个月多三十块", "phone"),
        ("这几周我一直住在镇江我爸妈那儿，我爸做了个小手术", "residence"),
    ],
)
def test_what_is_not_the_users_own_change_states_nothing(text, topic):
    assert _on(text, topic) == []


def test_one_sentence_gives_two_topics_and_the_new_employer_beats_the_old():
    said = "Big news - I've left Initech and joined Hooli as a staff engineer this week."
    memories = extract_message(user_message(said))
    assert [(m.topic, m.content, m.retracts) for m in memories] == [
        ("employer", "User works at Hooli.", False),
        ("job_title", "User's job title is staff engineer.", False),
    ]


def test_a_retraction_and_a_new_value_in_two_clauses_keep_the_new_value():
    memories = extract_message(user_message("I left Initech. Now I work at Hooli."))
    assert [(m.topic, m.content) for m in memories] == [("employer", "User works at Hooli.")]


@pytest.mark.parametrize(
    "text, content",
    [
        ("不用再用英文回复了", "用户不再需要用英文回答"),
        ("you can drop the spanish replies, thanks", "User no longer wants answers in spanish."),
    ],
)
def test_a_value_named_inside_its_retraction_is_retracted(text, content):
    (memory,) = [m for m in extract_message(user_message(text)) if m.topic == "language"]
    assert (memory.content, memory.retracts) == (content, True)


def test_a_request_asked_as_a_question_is_a_preference_and_how_the_user_writes_is_not():
    contents = _on("can you reply to me in spanish from now on? even when i write in english", "language")
    assert contents == ["User wants answers in spanish."]


def test_a_new_entry_is_one_line_and_takes_every_frame():
    book = TopicBook(
        "residence",
        Kind.FACT,
        en=Ways(changes=(r"put\s+down\s+roots\s+in\s+<PLACE>",)),
        zh=Ways(changes=(r"扎根(?:在)?<ZP>",)),
        holds=RESIDENCE.holds,
        ends=RESIDENCE.ends,
        keywords=RESIDENCE.keywords,
    )
    holds, _ = topic_rules(book)

    def said(text: str) -> str | None:
        match = next((m for rule in holds if (m := rule.pattern.search(text))), None)
        return match["v"] if match else None

    assert said("I've finally put down roots in Porto") == "Porto"
    assert said("we put down roots in Porto") == "Porto"
    assert said("Update: put down roots in Porto") == "Porto"
    assert said("我们去年终于扎根在成都了") == "成都"
    assert said("She put down roots in Porto") is None


def test_a_fixed_meaning_entry_needs_no_capture():
    book = TopicBook(
        "relationship_status",
        Kind.FACT,
        en=Ways(changes=(Say(r"walked\s+down\s+the\s+aisle\b", "married"),)),
        zh=Ways(),
        holds=("User is {v}.", "用户{v}"),
        ends=("User is no longer {v}.", "用户不再{v}"),
        keywords=("a", "b"),
    )
    (rule, *_), _ = topic_rules(book)
    assert rule.templates == ("User is married.",)


def test_every_phrasebook_topic_is_single_valued_and_has_both_languages():
    for book in PHRASEBOOK:
        assert is_single_valued(book.topic), book.topic
        holds, _ = topic_rules(book)
        assert {rule.lang for rule in holds} == {"en", "zh"}, book.topic


def test_a_contact_detail_still_to_come_is_no_value_yet_and_one_that_came_is():
    # announced ahead and often called off: the old number stays the user's until the new one is said to be in use
    assert _on("heads up, I'm switching carriers next week and the new number will be (617) 555-0172", "phone") == []
    assert _on("下个月手机号要换成 139 0000 2211", "phone") == []
    assert _on("switched carriers, my new number is (617) 555-0172", "phone") == [
        "User's phone number is (617) 555-0172."
    ]


def test_a_length_named_to_drop_it_is_no_preference_for_it_and_as_long_as_needed_is_one():
    said = (
        "btw forget the short answers rule. the short answers kept leaving stuff out. "
        "just answer however long it needs to be"
    )
    assert _on(said, "answer_length") == ["User wants answers as long as the question needs."]
    assert _on("pls keep your replies short, 2-3 sentences max", "answer_length") == ["User prefers concise answers."]
    assert _on("以后回答该长就长，别再那么简短了", "answer_length") == ["用户希望回答长短按需要"]
    assert _on("回答简短一点", "answer_length") == ["用户偏好简洁的回答"]


def test_an_employer_is_named_whatever_the_role_beside_it():
    assert _on("我在德泰保险做精算助理，准备考精算师", "employer") == ["用户在德泰保险工作"]
    assert _on("我在德泰保险做精算助理，准备考精算师", "job_title") == ["用户的职位是精算助理"]
    assert _on("我在家做饭", "employer") == []


def test_a_job_not_listed_is_named_as_one_who_does_something():
    said = "I'm a dispatcher at Hartwell Logistics and I need Saturday the 19th off"
    assert _on(said, "employer") == ["User works at Hartwell Logistics."]
    assert _on(said, "job_title") == ["User's job title is dispatcher."]
    assert _on("I'm a member at Equinox", "employer") == []  # a member, a regular or a customer holds no job there


def test_a_home_named_in_passing_is_where_the_user_lives_and_a_city_moved_to_is_no_employer():
    assert _on("my apartment in Brooklyn has mice", "residence") == ["User lives in Brooklyn."]
    assert _on("rent on my place in east Austin goes up 9% at renewal", "residence") == ["User lives in east Austin."]
    assert _on("my sister's apartment in Queens is huge", "residence") == []
    assert _on("moved to Porto last week", "employer") == []
    assert _on("moved to Porto last week", "residence") == ["User lives in Porto."]


def test_single_for_years_a_couple_made_official_and_wedding_leave_say_the_relationship():
    assert _on("过年回家又被催婚了，我单身快两年了，怎么回应", "relationship_status") == ["用户单身"]
    assert _on("又是一个人过情人节，单身第三年了", "relationship_status") == ["用户单身"]
    assert _on("上周跟那个一起爬山认识的男生确定关系了，他叫周航", "relationship_status") == ["用户恋爱中"]
    assert _on("我闺蜜上周跟她男朋友确定关系了", "relationship_status") == []
    assert _on("婚假休完了今天复工，邮箱里五百多封未读", "relationship_status") == ["用户已婚"]


def test_the_users_car_pointed_at_is_their_car_unless_it_was_sold():
    assert _on("我那辆2018年的卡罗拉该做四万公里保养了", "vehicle") == ["用户的车是卡罗拉"]
    assert _on("我那辆卡罗拉卖了", "vehicle") == []


def test_a_stretch_pointed_back_at_and_a_stay_come_back_from_hold_no_home():
    assert _on("翻相册翻到前年在新加坡外派那半年，住大巴窑的组屋，好怀念啊", "residence") == []
    said = "just got back from a month in Mexico City. rented a place in Roma Norte, had a gym"
    assert _on(said, "residence") == []
    assert _on("just got back from Lisbon. moved to Porto last week", "residence") == ["User lives in Porto."]


def test_a_title_with_its_rank_goes_without_an_article_and_a_job_no_ending_tells_is_named():
    said = "I'm head swim coach at Lakeview Prep, meets start in two weeks"
    assert _on(said, "employer") == ["User works at Lakeview Prep."]
    assert _on(said, "job_title") == ["User's job title is head swim coach."]
    assert _on("I'm the lead line cook at Bistro Nine", "job_title") == ["User's job title is lead line cook."]
    assert _on("I'm an assistant manager at Kroger", "job_title") == ["User's job title is assistant manager."]
    assert _on("I'm a zoning clerk at the county office", "job_title") == ["User's job title is zoning clerk."]
    assert _on("I'm better at swimming than running", "employer") == []


def test_a_teacher_works_where_they_teach():
    said = "I teach 4th grade at Ridgeview Elementary and I want a fun intro activity for fractions."
    assert _on(said, "employer") == ["User works at Ridgeview Elementary."]
    assert _on("my sister teaches art at Lincoln High", "employer") == []


def test_a_form_filled_in_an_address_to_use_and_a_title_a_car_a_wedding_said_in_passing():
    form = "Can you help me fill out this conference registration? Name: Adaeze Whitfield, affiliation Northgate"
    assert _on(form, "name") == ["User's name is Adaeze Whitfield."]
    assert _on("Pet name: Biscuit, breed beagle", "name") == []
    said = "please use sven.ahlberg@example.net when you draft anything that needs my contact"
    assert _on(said, "email") == ["User's email is sven.ahlberg@example.net."]
    assert _on("我是心内科主治医师，最近要准备晋升答辩", "job_title") == ["用户的职位是心内科主治医师"]
    assert _on("评上副主任医师了！聘书今天下来的", "job_title") == ["用户的职位是副主任医师"]
    assert _on("我那台朗逸早上打火越来越费劲", "vehicle") == ["用户的车是朗逸"]
    assert _on("now I have like 140 thank-you cards to write for the wedding gifts", "relationship_status") == [
        "User is married."
    ]


def test_our_company_a_last_day_and_a_team_cut_say_the_employer():
    assert _on("年底我们南城银行又开始冲存款任务了，网点分了两千万", "employer") == ["用户在南城银行工作"]
    assert _on("我们这家公司年底又要冲业绩了", "employer") == []
    assert _on("今天last day，跟星河的同事吃了散伙饭", "employer") == ["用户已离职"]
    assert _on("国庆前最后一天上班，华舟今年每人发了两盒月饼", "employer") == []  # a holiday, not a farewell
    assert _on("today is my last day at Acme", "employer") == ["User left their job."]
    said = "Lumen did a 'restructuring' and my whole team got cut on Thursday."
    assert _on(said, "employer") == ["User left their job."]


def test_a_yes_to_a_proposal_and_a_couple_made_official_say_the_relationship():
    said = "HE ASKED. on the pier in Monterey at sunset. I said yes obviously!!!"
    assert _on(said, "relationship_status") == ["User is engaged."]
    assert _on("BIG NEWS. I said yes!!!", "relationship_status") == []  # a yes to what, the message does not say
    assert _on("昨天晚上我们正式确定关系了", "relationship_status") == ["用户恋爱中"]


def test_a_first_week_in_a_role_and_the_title_as_written_are_the_job_title():
    assert _on("First week as engineering manager and I already miss writing code.", "job_title") == [
        "User's job title is engineering manager."
    ]
    said = "as of Monday the title on my badge literally says Engineering Manager."
    assert _on(said, "job_title") == ["User's job title is Engineering Manager."]


def test_a_car_gone_a_rented_home_named_a_home_given_back_and_a_name_on_new_papers():
    said = "context: the civic is gone, sold it to a coworker last week."
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on("广州回南天墙都在冒水，我租的老房子在海珠区", "residence") == ["用户住在海珠区"]
    assert _on("南山的房子上周已经退了，家当都塞在朋友的储藏间里", "residence") == ["用户不再住在南山"]
    assert _on("名字终于改好了！新身份证上写的是林语桐。", "name") == ["用户的名字是林语桐"]


def test_words_quoted_from_someone_else_are_theirs_and_the_users_own_quoted_words_are_the_users():
    said = "she's telling everyone. her exact words to our neighbor: 'we're a vegan household now'"
    assert _on(said, "diet") == []
    assert _on('I told him "I\'m vegan now" and he laughed', "diet") == ["User is vegan."]


def test_a_carnivore_a_bump_up_and_a_job_named_after_its_workplace():
    assert _on("I'm a total carnivore, can you give me some high-protein lunch ideas?", "diet") == [
        "User is carnivore."
    ]
    said = "since I got bumped up to head of pastry at Marlowe's I'm doing the ordering too."
    assert _on(said, "job_title") == ["User's job title is head of pastry."]
    assert _on("我在一家做SaaS的公司当产品助理", "job_title") == ["用户的职位是产品助理"]
    assert _on("我在一家做SaaS的公司当产品助理", "employer") == []  # "a company" names none
    assert _on("我是一家电商公司的运营专员", "job_title") == ["用户的职位是运营专员"]
    assert _on("我在字节做后端开发工程师", "job_title") == ["用户的职位是后端开发工程师"]


def test_an_offer_taken_for_a_job_that_starts_on_a_near_day_is_decided_and_one_weighed_is_a_plan():
    said = "I accepted the offer from Dunmore Capital today!!! start in three weeks"
    assert _on(said, "employer") == ["User works at Dunmore Capital."]
    assert _on("I accepted the offer from Dunmore Capital today", "employer") == ["User works at Dunmore Capital."]
    assert _on("might join Dunmore Capital, would start in three weeks", "employer") == []


def test_a_badge_handed_in_a_send_off_and_a_shift_named_say_the_employer():
    said = "so I handed my badge in at st aldric today. not going anywhere else yet, taking a few months off."
    assert _on(said, "employer") == ["User left their job."]
    assert _on("they did a farewell lunch for me today at the taco place", "employer") == ["User left their job."]
    assert _on("my sister threw a farewell party for me before the move", "employer") == []  # a move's party
    assert _on("昨晚组里给我搞了个散伙饭，喝多了今天头疼", "employer") == ["用户已离职"]
    assert _on("毕业了，班里给我们办了散伙饭", "employer") == []  # a class's farewell
    said = "working nights at St. Aldric Medical Center this month (ICU, 7p-7a) and my sleep is wrecked"
    assert _on(said, "employer") == ["User works at St. Aldric Medical Center."]
    said = "the badge itself says BRIGHTWATER HEALTH in huge letters like i'd forget where i work lol"
    assert _on(said, "employer") == ["User works at BRIGHTWATER HEALTH."]
    assert _on("the title on my badge says Engineering Manager", "employer") == []


def test_a_spouse_spoken_of_a_wedding_banquet_held_and_months_together_say_the_relationship():
    assert _on("我老公说周末想去露营，新手要准备点啥", "relationship_status") == ["用户已婚"]
    assert _on("my husband wants to go camping this weekend", "relationship_status") == ["User is married."]
    assert _on("my ex-husband moved to Ohio", "relationship_status") == []
    assert _on("my wife-to-be picked the venue", "relationship_status") == []
    assert _on("我闺蜜的老公升职了", "relationship_status") == []
    assert _on("my husband and I are separating", "relationship_status") == []
    assert _on("国庆把酒席办完了，累到虚脱…改口费收了两个大红包哈哈", "relationship_status") == ["用户已婚"]
    said = "Jess is coming, we've been together like 3 months"
    assert _on(said, "relationship_status") == ["User is in a relationship."]
    assert _on("we've been together 12 years", "relationship_status") == []  # years together may be a marriage
    assert _on("我们在一起三个月了", "relationship_status") == ["用户恋爱中"]


def test_a_diet_kept_for_a_while_and_one_done_with():
    assert _on("I've been vegan for a year", "diet") == ["User is vegan."]
    said = "update on the food front lol. im done with the vegan thing. not switching to anything"
    assert _on(said, "diet") == ["User is no longer on a restricted diet."]
    assert _on("I quit being vegetarian", "diet") == ["User is no longer on a restricted diet."]
    assert _on("my sister quit being vegan", "diet") == []


def test_typed_without_an_apostrophe_im_and_ive_are_the_user():
    assert _on("im a hygienist at Lakeshore Pediatric Dental", "employer") == [
        "User works at Lakeshore Pediatric Dental."
    ]
    assert _on("ive been living in Denver for a year", "residence") == ["User lives in Denver."]
    assert _on("we were living in Austin back then", "residence") == []  # "were" is no "we're"


def test_a_rented_home_a_company_dorm_and_a_flat_rented_and_ready_say_the_residence():
    said = "终于从宿舍搬出来了！！新租的房子在天河，离珠江新城地铁站走路十分钟"
    assert _on(said, "residence") == ["用户住在天河"]
    assert _on("报到第一周，公司宿舍在南山，四人间", "residence") == ["用户住在南山"]
    assert _on("我跳槽了，上周刚在深圳南山租好房子，押一付三", "residence") == ["用户住在深圳南山"]
    assert _on("我朋友新租的房子在天河", "residence") == []


def test_a_first_stretch_counted_at_a_place_that_is_no_school_or_trip_names_the_employer():
    said = "survived week 1 at Northgate Health!! my new badge photo is atrocious"
    assert _on(said, "employer") == ["User works at Northgate Health."]
    assert _on("first week at Ledgerly done!!", "employer") == ["User works at Ledgerly."]
    assert _on("day 3 at Disney World and my feet hurt", "employer") == []
    assert _on("first week at Boston University and I'm exhausted", "employer") == []


def test_a_name_on_the_users_papers_is_their_name_and_a_pets_name_is_not():
    said = "ok cool, my social security card already says Aisha Okafor so that part's done"
    assert _on(said, "name") == ["User's name is Aisha Okafor."]
    assert _on("we adopted a cat!! grey tabby, her name's Pickle.", "name") == []
    assert _on("name's Jordan btw", "name") == ["User's name is Jordan."]


def test_a_car_officially_gone_and_a_chinese_model_named_before_the_season():
    said = "welp, the civic is officially gone, sold it to a college kid for 4 grand cash."
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on("我那台比亚迪秦PLUS冬天续航掉得好厉害", "vehicle") == ["用户的车是比亚迪秦PLUS"]


def test_a_company_named_as_it_is_called_and_single_by_choice():
    said = "说出来你可能不信，我又跳了😂 现在去了一家叫青禾生物的，做医疗数据"
    assert _on(said, "employer") == ["用户在青禾生物工作"]
    assert _on("一个人挺好的，暂时真不想谈恋爱", "relationship_status") == ["用户单身"]


def test_a_rule_for_answers_named_by_its_length_and_dropped():
    said = "对了之前说的三行以内那个要求作废哈，你正常发挥就行"
    assert _on(said, "answer_length") == ["用户不再限制回答长度"]
    said = "诶 之前让你回答短一点那个要求，作废哈，不用特意压缩了，正常回答就行"
    assert _on(said, "answer_length") == ["用户不再限制回答长度"]
    assert _on("之前短信提醒那个要求取消吧", "answer_length") == []


def test_more_ways_of_saying_the_same_states():
    assert _on("ive moved to Denver", "residence") == ["User lives in Denver."]
    assert _on("I'm working nights at St. Aldric Medical Center", "employer") == [
        "User works at St. Aldric Medical Center."
    ]
    assert _on("上个月把婚礼办完了", "relationship_status") == ["用户已婚"]


def test_a_weekend_a_certificate_in_hand_and_a_plain_move():
    assert _on("跟房东闹掰了，上周末直接搬去福田了，离公司骑车十分钟", "residence") == ["用户住在福田"]
    assert _on("今天早上去民政局排了一个小时队😂 红本本到手了", "relationship_status") == ["用户已婚"]


def test_a_car_sold_off_as_people_say_it_ends_the_car_and_a_car_in_trouble_does_not():
    said = "well the subaru is officially someone elses problem, guy from marketplace gave me 4200 cash"
    assert _on(said, "vehicle") == ["User no longer has a car."]
    said = "craigslist guy just drove off in the civic, cash in hand. weirdly emotional about it ngl"
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on("anyway no car now, so how do I do costco runs lol", "vehicle") == ["User no longer has a car."]
    assert _on("sold it last week, I'm officially car-free", "vehicle") == ["User no longer has a car."]
    assert _on("车出了，闲鱼上一个大学生收的，价格还行", "vehicle") == ["用户已经没有车了"]
    assert _on("车出了点问题，4S店说要修", "vehicle") == []
    assert _on("my sister has no car now", "vehicle") == []


def test_an_ending_said_as_a_denial_at_the_clause_start_ends_the_car():
    # "no car now" opens its clause, which reads as a denial; an ending is often said so
    said = "quote was $2,800, it's worth maybe $1,500 so… I signed it over to the scrapyard. no car now 🥲 anyway"
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on("no car now", "vehicle") == ["User no longer has a car."]


def test_a_car_gone_by_its_model_name_ends_the_car_and_a_person_gone_does_not():
    said = "Right so the Octavia's gone. lad from Wrexham came and took it Saturday for £900"
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on("Update on the delivery saga: the Forester's gone.", "vehicle") == ["User no longer has a car."]
    assert _on("my Nan's gone to Spain for the winter", "vehicle") == []
    assert _on("the fever's gone at last", "vehicle") == []


def test_a_diet_given_up_in_passing_and_a_partner_counted_in_months():
    said = "tbh I was struggling anyway so I'm not doing the vegan thing anymore"
    assert _on(said, "diet") == ["User is no longer on a restricted diet."]
    assert _on("I'm no longer vegan", "diet") == ["User is no longer on a restricted diet."]
    assert _on("bloodwork came back... soooo that's the end of keto lol", "diet") == [
        "User is no longer on a restricted diet."
    ]
    assert _on("I'm not doing the keto thing, my doctor said no", "diet") == []  # a change refused, not a diet ended
    said = "valentines dinner ideas? been seeing Ines for about 8 months now"
    assert _on(said, "relationship_status") == ["User is in a relationship."]


def test_a_new_number_written_with_a_hash_sign():
    assert _on("yes pls short. new # is 773 555 0129", "phone") == ["User's phone number is 773 555 0129."]


def test_a_change_said_after_someone_elses_deed_and_a_car_given_up_for_now():
    said = (
        "ok confession. doc flagged my iron and b12 low twice in a row and after a lot of back and forth I'm not "
        "doing the vegetarian thing anymore"
    )
    assert _on(said, "diet") == ["User is no longer on a restricted diet."]
    assert _on("doc flagged my iron low and now she's not doing the vegetarian thing anymore", "diet") == []
    said = "welp the subaru era is over. no car for me for now — bike + bus and we'll see if I survive the winter"
    assert _on(said, "vehicle") == ["User no longer has a car."]


def test_a_number_or_an_address_someone_else_has_is_not_the_users():
    said = "have them send the confirmation to my husband marco, his new address is marco.ferraro@example.net"
    assert _on(said, "email") == []
    assert _on("the pharmacy number is 312-555-0100", "phone") == []
    assert _on("我妈换号了 新号135 0000 8102 帮我写个短信 群发给亲戚们", "phone") == []
    assert _on("the new number is 312-555-0100", "phone") == ["User's phone number is 312-555-0100."]
    assert _on("新号135 0000 8102 帮我记一下", "phone") == ["用户的电话是135 0000 8102"]


def test_lodging_is_no_home_and_the_answers_language_named_first():
    assert _on("帮我做个预算吧，一个月控制在五千以内，住宿加吃饭", "residence") == []
    assert _on("住朝阳这边，通勤还行", "residence") == ["用户住在朝阳"]
    assert _on("以后你回答用日文，后面附上中文翻译，可以不", "language") == ["用户希望用日文回答"]


def test_the_users_own_send_off_and_a_last_day_named_ahead_end_the_job():
    left = ["User left their job."]
    assert _on("my farewell lunch is friday and apparently I'm supposed to 'say a few words'", "employer") == left
    assert _on("today was so weird. farewell lunch, so many feelings", "employer") == left
    assert _on("the team got me a cake that said 'dont forget us when ur rich'", "employer") == left
    assert _on("team took me out for tacos today, lots of speeches lol. last day is friday.", "employer") == left
    assert _on("had a farewell lunch for my coworker Dana today, gonna miss her", "employer") == []  # someone else's
    assert _on("last day of the conference is friday", "employer") == []


def test_being_on_a_companys_payroll_names_the_employer():
    said = "badge photo came out cursed but whatever, im officially on the Kestrel Freight payroll 😅"
    assert _on(said, "employer") == ["User works at Kestrel Freight."]
    assert _on("my sister is on the Acme payroll now", "employer") == []


def test_a_while_at_a_job_is_no_company():
    assert _on("网易食堂是真的香啊，入职三个月胖了五斤，怎么办", "employer") == []
    assert _on("入职字节了，下周开始培训", "employer") == ["用户在字节工作"]


def test_a_count_of_sentences_asked_for_is_a_concise_answer():
    said = "can u just give me the answer in like 2-3 sentences, no lists? I'll ask if I want more detail"
    assert _on(said, "answer_length") == ["User prefers concise answers."]
    assert _on(said, "language") == []
    assert _on("the essay has to be in 5 paragraphs", "answer_length") == []


def test_a_pastime_someone_else_took_up_is_theirs():
    assert _on("我男朋友最近迷上生椰拿铁了，一天两杯", "hobbies") == []
    assert _on("最近迷上飞盘了，每周六都去", "hobbies") == ["用户的爱好是飞盘"]
    assert _on("他每周六打完羽毛球回来都累瘫", "hobbies") == []


def test_an_address_typed_between_chinese_words_ends_its_clause():
    said = "有个网站注册老是收不到验证码 我邮箱是 yutong_deng@example.com 是不是被拦截了"
    assert _on(said, "email") == ["用户的邮箱是yutong_deng@example.com"]


def test_a_car_gone_to_someone_a_home_denied_and_a_work_contract_run_out_end_their_values():
    said = "So the Camry went to my neighbor's boy, he's starting at the community college"
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on("so the Octavia went to a guy from Poznań on saturday", "vehicle") == ["User no longer has a car."]
    assert _on("the Camry went to the shop for new brakes", "vehicle") == []
    assert _on("the Smiths went to a friend's party", "vehicle") == []
    assert _on("We sold it in July. No house, no apartment, nothing", "residence") == ["User has no fixed home now."]
    assert _on("no house party this year", "residence") == []
    said = "my contract ran out in June and they didn't renew it"
    assert _on(said, "employer") == ["User left their job."]
    assert _on("my phone contract ran out in June and they didn't renew it", "employer") == []
    assert _on("代课合同到期了，学校说明年没名额就不续了", "employer") == ["用户已离职"]
    assert _on("房租合同到期了，要续吗", "employer") == []


def test_answers_asked_for_in_the_language_itself_name_that_language():
    assert _on("neue Regel: bitte antworte ab jetzt nur auf Deutsch", "language") == ["User wants answers in German."]
    assert _on("ok porfa respóndeme siempre en español", "language") == ["User wants answers in Spanish."]
    assert _on("my friend said antworte auf Deutsch is rude", "language") == []


def test_an_employer_named_before_it_is_quit_is_left():
    assert _on("饿了么那边辞了，太累", "employer") == ["用户不再在饿了么工作"]
    assert _on("他辞了，说是太累", "employer") == []
    assert _on("早就辞了，现在自己干", "employer") == []  # (no employer is named "早就")


def test_a_home_taken_in_hand_and_given_back_is_left_by_its_place():
    assert _on("跟你说，我上周把悉尼的房子退了", "residence") == ["用户不再住在悉尼"]


def test_a_chiefs_letters_are_a_title_without_an_article():
    assert _on("started something with my old roommate. she's CEO, I'm CTO.", "job_title") == [
        "User's job title is CTO."
    ]


def test_a_job_walked_out_of_declared_over_or_retired_from_is_left():
    left = ["User left their job."]
    assert _on("so I walked out of Bellwether last week. chef threw a pan", "employer") == [
        "User no longer works at Bellwether."
    ]
    assert _on("Well I'm done at the co-op.", "employer") == ["User no longer works at co-op."]
    assert _on("I'm done at the dentist.", "employer") == []  # a visit
    assert _on("I'm done at work for today", "employer") == []  # a day's work
    assert _on("told em Friday I was through, after 11 yrs", "employer") == left
    assert _on("I retired from the county clerk's office last month", "employer") == [
        "User no longer works at county clerk's office."
    ]
    assert _on("I retired from teaching in June", "employer") == ["User has retired."]
    assert _on("I'm officially retired now", "employer") == ["User has retired."]
    assert _on("my dad retired from Boeing", "employer") == []
    assert _on("饲料厂那活儿俺辞了，腰实在扛不住", "employer") == ["用户不再在饲料厂工作"]
    assert _on("合同到期我没续，不干了", "employer") == ["用户已离职"]
    assert _on("博后合同到期没续，组里经费也紧。", "employer") == ["用户已离职"]
    assert _on("我退休了", "employer") == ["用户已退休"]
    assert _on("我爸退休了", "employer") == []


def test_a_workplace_named_with_its_article_and_jobs_said_short_are_named():
    said = "I'm a concierge at the Alden Hotel downtown and one guest wants a hidden gem every night lol"
    assert _on(said, "employer") == ["User works at the Alden Hotel."]
    assert _on(said, "job_title") == ["User's job title is concierge."]
    assert _on("I work at the moment", "employer") == []
    assert _on("I work at the Alden Hotel downtown", "employer") == ["User works at the Alden Hotel."]
    assert _on("I'm a physio at Summit Sports Rehab, mostly ACL rehab", "job_title") == ["User's job title is physio."]
    assert _on("Guess who got bumped up to herdsman 😎", "job_title") == ["User's job title is herdsman."]
    said = "new contract kicked off this week with Meridian Freight 🚚 they run everything on Azure"
    assert _on(said, "employer") == ["User works at Meridian Freight."]


def test_a_city_traded_for_another_one_of_its_people_now_and_a_first_winter_say_the_home():
    said = "Six months since I traded Milwaukee for Santa Fe and I still get winded"
    assert _on(said, "residence") == ["User lives in Santa Fe."]
    assert _on("I traded my Civic for a Tesla", "residence") == []
    said = "asking bc I'm a Miami girl now apparently 🌴🦐 the ATL chapter lasted like 5 months"
    assert _on(said, "residence") == ["User lives in Miami."]
    assert _on("apparently I'm a Miami girl", "residence") == []  # hearsay
    assert _on("在珠海过第一个冬天，十二月了还穿短袖", "residence") == ["用户住在珠海"]


def test_a_name_gone_back_to_in_a_message_about_a_divorce_is_the_users():
    said = "Paperwork is DONE. After 34 years I'm going back to Marsh — divorce final, new license, new everything."
    assert _on(said, "name") == ["User's name is Marsh."]
    assert _on("Going back to Denver, new license and all", "name") == []


def test_a_language_no_longer_needed_a_car_called_her_and_a_school_term_begun():
    said = "she handles all the parent messages now. you don't need to do spanish for me anymore"
    assert _on(said, "language") == ["User no longer wants answers in spanish."]
    said = "welp the jeep thumbnail era is officially over, sold her last week 😭 bus pass gang for now"
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on("my boat? sold her last week", "vehicle") == []
    assert _on("专升本上岸了！！！这周暨大开学典礼🎉", "school") == ["用户在暨大读书"]
    assert _on("我儿子这周暨大开学典礼", "school") == []


def test_accounts_switched_to_an_address_give_the_users_email():
    said = "I'm switching every journal and conference profile to ravi.menon.research@example.com."
    assert _on(said, "email") == ["User's email is ravi.menon.research@example.com."]
    assert _on("My sister is switching all her accounts to amy@example.com", "email") == []


def test_a_post_given_named_pinned_or_taken_up_is_the_job_title():
    assert _on("they gave me the assistant principal spot here at Jefferson.", "job_title") == [
        "User's job title is assistant principal."
    ]
    assert _on("the board named me interim principal until they finish a search.", "job_title") == [
        "User's job title is interim principal."
    ]
    assert _on("so the board came through, they pinned Master Sergeant on me friday.", "job_title") == [
        "User's job title is Master Sergeant."
    ]
    assert _on("they pinned a medal on me", "job_title") == []
    assert _on("im counsel now!! not partner track", "job_title") == ["User's job title is counsel."]
    assert _on("自从当了教务处副主任，天天排课表", "job_title") == ["用户的职位是教务处副主任"]
    assert _on("中级考过了，这个月正式聘上主管护师🎉", "job_title") == ["用户的职位是主管护师"]
    said = "轮岗提前结束，调到区教育发展研究院当初中数学教研员，不用上课了"
    assert _on(said, "employer") == ["用户在区教育发展研究院工作"]
    assert _on(said, "job_title") == ["用户的职位是初中数学教研员"]


def test_a_job_thrown_down_a_delivery_app_worked_for_or_let_go_of_say_the_employer():
    assert _on("物业那摊子我撂了，跟经理闹得挺僵", "employer") == ["用户不再在物业工作"]
    assert _on("eh not worth it. been doing uber eats the last 2 weeks", "employer") == ["User works at uber eats."]
    assert _on("done. turned off shipt for good and deleted the app.", "employer") == ["User no longer works at shipt."]
    assert _on("welp. amazon deactivated me. no reason", "employer") == ["User no longer works at amazon."]
    assert _on("turned off shipt notifications for the night", "employer") == []
    assert _on("first full week at Summit Health Hospital done ✅", "employer") == [
        "User works at Summit Health Hospital."
    ]


def test_a_name_with_its_title_a_home_kept_and_diets_given_up_or_named_long():
    said = "Need help updating my classroom door sign, it's Mrs. Alvarez now 💍"
    assert _on(said, "name") == ["User's name is Mrs. Alvarez."]
    assert _on("哈哈是的，我这边的房子也不用退了", "residence") == []
    said = "I've kinda been eating meat since. not gonna pretend to be veggie anymore lol."
    assert _on(said, "diet") == ["User eats meat again."]
    assert _on("my sister has been eating meat since", "diet") == []
    assert _on("我吃蛋奶素好几年了", "diet") == ["用户吃蛋奶素"]
    assert _on("怀孕以后查出来贫血挺严重，素我已经不吃了", "diet") == ["用户不再吃素"]


def test_a_delivery_app_run_for_in_chinese_is_the_employer():
    assert _on("我在深圳南山跑美团众包，科技园中午的单是真多", "employer") == ["用户在美团众包工作"]
    assert _on("我换去跑美团了", "employer") == ["用户在美团工作"]
    assert _on("我表哥在跑滴滴", "employer") == []


def test_a_last_service_a_trades_card_a_fiancee_and_a_home_rented_say_their_topics():
    assert _on("friday was my last service at Ostra. gave them 4 weeks.", "employer") == ["User left their job."]
    assert _on("TURNED OUT. journeyman card came in the mail today.", "job_title") == [
        "User's job title is journeyman."
    ]
    assert _on("me and my fiancee jess are house hunting", "relationship_status") == ["User is engaged."]
    assert _on("my ex fiancee texted me", "relationship_status") == []
    assert _on("调到杭州分公司快一个月了，租在滨江，房租比上海便宜一大截", "residence") == ["用户住在滨江"]
    assert _on("我们组老李跳槽去恒信证券做投行了", "employer") == []
    assert _on("年底我们南城银行又开始冲存款任务了", "employer") == ["用户在南城银行工作"]


def test_car_keys_handed_over_end_the_car_not_the_home_and_a_diet_thing_done_ends_the_diet():
    said = "Handed the Buick keys to my grandson Tyler for his 18th birthday."
    assert _on(said, "vehicle") == ["User no longer has a car."]
    assert _on(said, "residence") == []
    assert _on("handed back the keys to the landlord", "residence") == ["User has no fixed home now."]
    assert _on("I'm done with cars, period.", "vehicle") == ["User no longer has a car."]
    said = "happy 4th. fyi the veggie thing is done, doc said my iron was in the basement."
    assert _on(said, "diet") == ["User is no longer on a restricted diet."]
    assert _on("英文就不用了", "language") == ["用户不再需要用英文回答"]


def test_a_fresh_account_set_up_with_its_address_is_the_users_email():
    said = "My son set me up a fresh account: bill.okafor@example.com"
    assert _on(said, "email") == ["User's email is bill.okafor@example.com."]
    assert _on("my sister got a fresh account: amy@example.com", "email") == []


def test_a_licence_hung_a_job_quit_in_the_end_and_a_title_on_a_team_say_the_employer():
    said = "hung my license at Keystone & Vale last monday, Harbor Point's split just wasnt working for me anymore."
    assert _on(said, "employer") == ["User works at Keystone & Vale."]
    assert _on("so I ended up quitting Miller's last week.", "employer") == ["User no longer works at Miller's."]
    said = "I'm a buyer's agent on the Lindqvist team at Coastline Realty, 2 yrs in."
    assert _on(said, "employer") == ["User works at Coastline Realty."]
    assert _on(said, "job_title") == ["User's job title is buyer's agent."]
    assert _on("上个月底我从鼎信出来了，现在在嘉禾房产，分佣高一点", "employer") == ["用户在嘉禾房产工作"]


def test_a_studio_signed_on_a_cousins_place_moved_into_and_a_dorm_key_handed_back_say_the_home():
    assert _on("signed on a studio in Valparaiso last week", "residence") == ["User lives in Valparaiso."]
    assert _on("Im outta Gary. moved in w my cousin over in Hobart", "residence") == ["User lives in Hobart."]
    assert _on("handed my key back at the dorm today. adios room 14", "residence") == ["User has no fixed home now."]
    assert _on("handed my key to the dog sitter", "residence") == []
    assert _on("I moved in with my boyfriend last week", "residence") == []


def test_a_place_stayed_at_for_days_is_a_trip_and_a_family_urging_hands_the_diet_back_to_the_user():
    assert _on("五一我们一家去青岛待了一个礼拜，住我姐家，天天海边吃海鲜", "residence") == []
    assert _on("搬到成都了，住我表哥家", "residence") == ["用户住在成都", "用户住在我表哥家"]
    assert _on("回国之后素没坚持下去，家里人天天劝，现在已经不吃素了", "diet") == ["用户不吃素"]
    assert _on("我妈天天说，她现在不吃素了", "diet") == []


def test_a_title_someone_made_the_user_is_the_users_title_and_a_thing_made_for_the_user_is_none():
    said = "so Erik stepped back from day to day and made me team lead 😳 I've got 4 agents under me now."
    assert _on(said, "job_title") == ["User's job title is team lead."]
    assert _on("the new boss made me assistant manager!", "job_title") == ["User's job title is assistant manager."]
    assert _on("Mom made me a sandwich", "job_title") == []
    assert _on("she made me a coffee engineer lol", "job_title") == []


def test_a_crew_or_counter_job_at_a_workplace_names_the_employer_and_the_title():
    assert _on("在南航当乘务员第四年了，明年想冲乘务长", "employer") == ["用户在南航工作"]
    said = "驿站那边不干了，现在在县里的电信营业厅当营业员，主要卖手机办套餐。"
    assert _on(said, "employer") == ["用户在县里的电信营业厅工作"]
    assert _on(said, "job_title") == ["用户的职位是营业员"]
    assert _on("我现在是馆员，中级职称", "job_title") == ["用户的职位是馆员"]


def test_a_job_stopped_at_with_its_month_ends_the_employer_and_a_stop_on_the_way_does_not():
    said = "update on the stress front: I stopped at the council end of May. not job hunting"
    assert _on(said, "employer") == ["User no longer works at council."]
    assert _on("I stopped working at Acme in March", "employer") == ["User no longer works at Acme."]
    assert _on("I stopped at Target last week for snacks", "employer") == []
    assert _on("moved to Leeds end of May", "residence") == ["User lives in Leeds."]


def test_days_a_week_somewhere_a_start_in_a_role_and_a_companys_new_hire_say_the_employer():
    said = "so I left. doing 3 days a week at Dr. Okafor's practice now, tiny office"
    assert _on(said, "employer") == ["User works at Dr. Okafor's practice."]
    assert _on("doing 3 days a week at the gym", "employer") == []
    said = "took a while but I start as sous at Little Ember on monday, the wood-fire spot on 9th st"
    assert _on(said, "employer") == ["User works at Little Ember."]
    assert _on("今天入社式！正式成为Pixel Harbor的新人了", "employer") == ["用户在Pixel Harbor工作"]
    assert _on("她成为了我们班的新人", "employer") == []


def test_answers_asked_for_in_the_language_itself_and_no_vehicle_at_all():
    said = "ok new rule: 이제부터 한국어로 대답해 주세요! TOPIK is in 3 weeks"
    assert _on(said, "language") == ["User wants answers in Korean."]
    assert _on("これから日本語で答えてください", "language") == ["User wants answers in Japanese."]
    assert _on("honestly just biking everywhere, no vehicle at all.", "vehicle") == ["User no longer has a car."]
    assert _on("my sister has no car at all", "vehicle") == []


def test_a_workplace_that_hired_the_user_is_the_employer():
    said = "I got picked up pretty fast though — the Merriweather Museum hired me onto their collections team."
    assert _on(said, "employer") == ["User works at the Merriweather Museum."]
    assert _on("老头子手机掉水桶里了，正好换了个新号 186 0000 5521", "phone") == []


def test_a_vehicle_driven_for_a_living_somewhere_names_the_employer():
    assert _on("我在市急救中心开救护车，一天跑十几趟", "employer") == ["用户在市急救中心工作"]
    assert _on("我在小区门口开车", "employer") == []


def test_an_airline_by_its_short_name_is_an_employer():
    assert _on("现在在南航，天天飞广州到北京", "employer") == ["用户在南航工作"]
    assert _on("现在在南京，天天加班", "employer") == []


def test_a_part_of_a_workplace_that_hired_the_user_names_the_workplace():
    said = "two weeks notice goes in today — Mercy Health's outpatient pharmacy hired me full time w benefits"
    assert _on(said, "employer") == ["User works at Mercy Health."]
    assert _on("my sister's new firm hired her", "employer") == []


def test_a_trade_done_somewhere_the_pay_and_the_badge_name_the_employer():
    assert _on("I clean rooms at the Palmetto Suites, 2 years now.", "employer") == [
        "User works at the Palmetto Suites."
    ]
    assert _on("I cook at home mostly", "employer") == []
    said = "same desk, same calls, but my paycheck now says Calloway Solutions. weird feeling"
    assert _on(said, "employer") == ["User works at Calloway Solutions."]
    said = "still getting used to the new badge tho, it says Riverside Subaru and I keep answering the phone wrong"
    assert _on(said, "employer") == ["User works at Riverside Subaru."]
    assert _on("the sign outside, it says Riverside Subaru", "employer") == []


def test_a_ship_line_an_airline_counter_and_a_ships_rank_are_work():
    assert _on("我在东晟航运当二副，跑日韩线", "employer") == ["用户在东晟航运工作"]
    assert _on("我在东晟航运当二副，跑日韩线", "job_title") == ["用户的职位是二副"]
    assert _on("我在途安航空的客服中心，最近电话爆了", "employer") == ["用户在途安航空工作"]
    assert _on("现在在东晟航运，天天跑日韩线", "employer") == ["用户在东晟航运工作"]
    assert _on("I'm second cutter at Hollis Bespoke and we're busy", "job_title") == [
        "User's job title is second cutter."
    ]
    assert _on("I'm second in line at the DMV", "job_title") == []


def test_a_first_trip_in_a_rank_and_a_department_run_are_the_users_post():
    said = "sign on tmrw in Antwerp — first trip as chief mate!! bit nervous"
    assert _on(said, "job_title") == ["User's job title is chief mate."]
    said = "ok so they made it official friday, I'm running the whole service department now. 11 techs report to me"
    assert _on(said, "job_title") == ["User runs the service department."]
    assert _on("I'm running the sales department meeting tomorrow", "job_title") == []


def test_an_address_to_use_from_now_on_or_named_by_what_it_is_for_is_the_users_email():
    said = "IT is shutting my student account since I graduated 😭 going forward, use sophieb.writes@example.com"
    assert _on(said, "email") == ["User's email is sophieb.writes@example.com."]
    assert _on("send it to my school email sophie.bennett@example.org", "email") == [
        "User's email is sophie.bennett@example.org."
    ]
    assert _on("use the form at help@example.com", "email") == []


def test_a_car_driven_off_the_lot_or_named_as_the_users_own():
    said = "I traded the Odyssey in on saturday. drove off in a little red Mazda3 hatchback."
    assert _on(said, "vehicle") == ["User drives a Mazda3 hatchback."]
    said = "tug life in Seattle means my Tacoma is permanently caked in salt spray"
    assert _on(said, "vehicle") == ["User drives a Tacoma."]
    assert _on("my mom's Honda is making a noise", "vehicle") == []


def test_a_couple_going_out_or_together_with_whom_is_in_a_relationship():
    said = "so I met someone at the language exchange meetup 🙈 we've been going out for a month now, his name's Luca."
    assert _on(said, "relationship_status") == ["User is in a relationship."]
    assert _on("跟你说个事，我和语言班一个韩国同学在一起了🥰", "relationship_status") == ["用户恋爱中"]
    assert _on("我闺蜜和她学长在一起了", "relationship_status") == []
    assert _on("we're going out for tacos tonight", "relationship_status") == []


def test_home_from_now_on_is_where_the_user_lives():
    said = "青岛那套房子总算交房了！这两天在搬，下礼拜正式住过去，以后休假回家就是回青岛了哈哈"
    assert _on(said, "residence") == ["用户住在青岛"]


def test_a_first_week_at_an_office_of_a_larger_place_names_the_office():
    said = "first week at the uni's International Student Office done! way better than wiping tables"
    assert _on(said, "employer") == ["User works at International Student Office."]
    assert _on("first week at the uni's Summer Camp done", "employer") == []


def test_the_name_the_ones_the_user_serves_get_is_the_users_name():
    said = "just told my TL I'm done with Shawn. from today callers get Seun. it's short, it's mine"
    assert _on(said, "name") == ["User's name is Seun."]
    assert _on("the kids call me Miss T now", "name") == ["User's name is Miss T."]
    assert _on("callers get a survey after", "name") == []


def test_a_yes_to_a_date_is_no_engagement():
    said = "last week he asked if it could be a real date. I said yes. so I guess I'm seeing someone?? at my age lol"
    assert _on(said, "relationship_status") == []
    assert _on("he asked me to marry him and I said yes", "relationship_status") == ["User is engaged."]


def test_a_number_in_brackets_and_the_new_one_said_a_turn_after_its_change():
    assert _on("I want my cell (312-555-0147) right under my name", "phone") == ["User's phone number is 312-555-0147."]
    assert _on("my number is (312) 555-0147", "phone") == ["User's phone number is (312) 555-0147."]
    said = "cards were in my bag thank god. new one is 773-555-0162 if we ever redo the rate card"
    assert _on(said, "phone") == ["User's phone number is 773-555-0162."]
    assert _on("the new one is way faster", "phone") == []


def test_years_lived_somewhere_are_a_home_and_days_a_stay():
    assert _on("我在成都住了五年了，这边客人特别爱染奶茶色", "residence") == ["用户住在成都"]
    assert _on("我在青岛住了一礼拜，天天吃海鲜", "residence") == []


def test_a_partner_seen_for_months_named_at_a_yes_or_found_is_a_relationship():
    said = "need a valentine's idea. been seeing this guy Andre for like 4 months, he's a respiratory therapist"
    assert _on(said, "relationship_status") == ["User is in a relationship."]
    said = "need a shot list for an engagement shoot — except it's MY engagement shoot 😂 Jess said yes last weekend"
    assert _on(said, "relationship_status") == ["User is engaged."]
    assert _on("Mark said yes to the project", "relationship_status") == []
    assert _on("跟你说个事儿，我谈了个对象😁 隔壁标段做资料员的", "relationship_status") == ["用户恋爱中"]
    assert _on("我儿子谈了个对象", "relationship_status") == []


def test_a_certificate_got_a_couple_come_together_and_no_car_until_later():
    assert _on("情人节上夜班就算了，关键是上个月刚领完证", "relationship_status") == ["用户已婚"]
    assert _on("我闺蜜上个月刚领完证", "relationship_status") == []
    assert _on("领完快递了", "relationship_status") == []
    assert _on("嘿嘿，跟隔壁线的质检小姑娘好上了😁", "relationship_status") == ["用户恋爱中"]
    said = "I'm carpooling with a girl from my line for now, no car til I save up"
    assert _on(said, "vehicle") == ["User no longer has a car."]


def test_a_lanyard_hung_up_for_good_is_a_job_left():
    assert _on("Hung up my docent lanyard for good last week.", "employer") == ["User left their job."]
    assert _on("hung up my coat and sat down", "employer") == []


def test_a_city_the_user_is_in_now_or_works_in_is_home_and_the_road_is_none():
    said = "从厦门回来了！现在在老家赣州这边的新厂上班"
    assert _on(said, "residence") == ["用户住在赣州"]
    assert _on("你好，我是洛阳的退休语文老师，退休两年了", "residence") == ["用户住在洛阳"]
    assert _on("我是成都人", "residence") == []
    assert _on("现在走到哪儿住到哪儿，房车就是家", "residence") == ["用户没有固定住处"]
