"""Clause moods as chat says things: a yes/no question without its mark, a clause after "lol", someone named and then
said who they are, a household or a couple by any name, a post as the subject, where to reach the user, a request
with "would you mind", the words of a message asked for, an option asked as A-not-A and a change said to be at hand."""

import pytest

from pipelines.extract.rules.text import split_clauses as extractor_clauses
from pipelines.extract.signals.mood import (
    ASSERTION,
    PAST,
    PLAN,
    QUESTION,
    REPORTED,
    THIRD_PARTY,
    clause_mood,
    clauses_with_moods,
    continued_subjects,
    split_clauses,
)


@pytest.mark.parametrize(
    "clause",
    [
        "is denver actually nice to live in or is it just instagram",
        "are the schools good there",
        "do u think they'd notice",
        "Is it weird that I moved to Denver",
        "is Porto nice",
    ],
)
def test_an_english_question_asks_without_its_mark(clause):
    assert clause_mood(clause) == QUESTION


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        # a subject left out, not a verb before its subject
        ("Was in Tokyo last week", "past"),
        ("did it again lol", ASSERTION),
        ("is in Denver now", ASSERTION),
        # "would" asks a favour in a request, it plans nothing; "would you move…" still weighs an option
        ("Would you mind using Mimi with me as well?", ASSERTION),
        ("would you move to Denver if you were me", PLAN),
    ],
)
def test_a_subject_left_out_or_a_request_is_no_question(clause, mood):
    assert clause_mood(clause) == mood


def test_a_clause_after_a_chat_interjection_is_its_own():
    text = "how do i survive back to school season at target lol i work the front end"
    expected = ["how do i survive back to school season at target lol", "i work the front end"]
    assert split_clauses(text) == expected
    assert extractor_clauses(text) == expected
    assert [mood for _, mood in clauses_with_moods(text)] == [QUESTION, ASSERTION]


def test_someone_named_and_then_said_who_they_are_is_the_subject_of_what_follows():
    text = "A personal issue at the shop. Luis, my presser for 9 years, just got divorced and he is a mess"
    assert [mood for _, mood in clauses_with_moods(text)] == [ASSERTION, THIRD_PARTY, THIRD_PARTY, THIRD_PARTY]
    assert continued_subjects(extractor_clauses(text)) == [False, False, True, True]
    # (a place said with what it is, or a thanks, names no one)
    assert [mood for _, mood in clauses_with_moods("Brightwater Health, the hospital network")] == [ASSERTION] * 2
    assert [mood for _, mood in clauses_with_moods("Thanks, my week was fine")] == [ASSERTION] * 2


@pytest.mark.parametrize(
    "text",
    [
        "我家老头子换了个新号，188 0000 6610，他那个老号天天接骚扰电话。",
        "还有个事，对门老邓两口子把房子卖了，搬到海口养老去了",
        "新来的那对夫妇上个月搬去海南了",
        "对门老邓搬走了，去儿子那边养老",
    ],
)
def test_a_household_member_or_a_couple_by_any_name_is_someone_else(text):
    moods = [mood for clause, mood in clauses_with_moods(text) if clause not in ("还有个事，",)]
    assert set(moods) == {THIRD_PARTY}


@pytest.mark.parametrize("text", ["我家搬到北京了", "我们一家搬到北京了", "我家在杭州"])
def test_the_users_own_household_is_the_user(text):
    assert clause_mood(text) == ASSERTION


def test_the_user_coming_in_after_and_is_a_clause_of_its_own():
    said = clauses_with_moods("partner got poached by a company in Seattle and we're now in a tiny flat in Ballard")
    assert [mood for _, mood in said] == [THIRD_PARTY, ASSERTION]
    assert len(split_clauses("Jonah and I broke up")) == 1


def test_a_persons_word_naming_a_time_of_life_is_no_one_else():
    said = clauses_with_moods("so the mom era is officially over — got the keys to a tiny 1br in Cincinnati yesterday")
    assert [mood for _, mood in said] == [ASSERTION, ASSERTION]
    assert clause_mood("the kids love fins") == THIRD_PARTY
    assert clause_mood("so the mom is officially over it") == THIRD_PARTY


def test_someone_called_by_their_post_is_someone_else():
    assert clause_mood("护士长比较严，") == THIRD_PARTY
    assert clause_mood("店长又调走了") == THIRD_PARTY
    assert clause_mood("我升了店长") == ASSERTION


@pytest.mark.parametrize(
    "clause",
    ["people can text me at 206-555-0178 for swaps", "客户有事可以打我电话 139 0000 2211"],
)
def test_where_to_reach_the_user_is_the_users_whoever_reaches(clause):
    assert clause_mood(clause) == ASSERTION


def test_the_words_of_a_message_the_user_asks_for_are_the_users():
    text = "帮我写个消息发部门群，说以后报销单上用新名字"
    assert [mood for _, mood in clauses_with_moods(text)] == [ASSERTION, ASSERTION]
    # ... in the mood they are said in: a plan is still a plan
    assert [mood for _, mood in clauses_with_moods("帮我给物业写个通知，说我下个月搬走")] == [ASSERTION, PLAN]
    assert clause_mood("我妈说以后要搬回老家") == THIRD_PARTY


def test_an_option_asked_as_a_not_a_is_weighed_in_what_follows():
    text = "少年宫那边有人问我愿不愿意去教小孩毛笔字，待遇比这边好点。"
    assert [mood for _, mood in clauses_with_moods(text)] == [QUESTION, QUESTION]


@pytest.mark.parametrize(
    "clause",
    [
        "感觉我要跳槽了",
        "我要搬家了",
        "switching carriers next wk n getting a new number",
        "had a final round w google today!!",
    ],
)
def test_a_change_at_hand_or_explored_is_a_plan(clause):
    assert clause_mood(clause) == PLAN


def test_saying_too_much_is_no_ones_words():
    text = "以后简单说个两三句就行了，说多了我也记不住"
    assert [mood for _, mood in clauses_with_moods(text)] == [ASSERTION, ASSERTION]


def test_an_owner_named_is_no_new_subject():
    text = "室友今天去云杉网络报到了 整晚在客厅晒他的新工牌 吵得我根本没法专心"
    assert [mood for _, mood in clauses_with_moods(text)] == [THIRD_PARTY, THIRD_PARTY, ASSERTION]


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        ("there's an opening for an ML engineer on the platform team.", PLAN),
        ("Fernway Bank has an opening on their internal audit team,", PLAN),
        ("科里空出来一个副主任的位置", PLAN),
        # (a shift is no vacancy)
        ("I got the opening shift at Blue Bottle", ASSERTION),
    ],
)
def test_a_vacancy_seen_is_no_job_had(clause, mood):
    assert clause_mood(clause) == mood


@pytest.mark.parametrize(
    ("clause", "mood"),
    [
        # shouting is no name: what opens each word is no capital of a name
        ("DEV MADE CAPTAIN!!!", THIRD_PARTY),
        ("Dev made captain!!!", THIRD_PARTY),
        ("I GOT THE JOB AT ACME", ASSERTION),
        ("Made pasta tonight", ASSERTION),
        # a listing agent's job is no house hunt
        ("I'm a listing agent in Charlotte,", ASSERTION),
        ("scrolling apartment listings in Denver", PLAN),
        # a conference's mailing is no trip
        ("new email for the newsletter and the conference stuff:", ASSERTION),
        ("back from the conference in Lyon", PAST),
        # a change asked for the two of them is a request, a move asked about a question
        ("can we move my weekly check-ins to early mornings,", ASSERTION),
        ("can we move to Denver?", QUESTION),
        # someone's news announced is theirs
        ("big roommate news", THIRD_PARTY),
        ("big news", ASSERTION),
        # a few of them counted, their advice to the user, their doctor, the old man of the house
        ("车上两个伙计都在搞生酮，", THIRD_PARTY),
        ("我两个月没吃肉了", ASSERTION),
        ("my new director keeps saying I should switch to writing everything as full narrative paragraphs,", REPORTED),
        ("my sister moved to Leeds and keeps posting photos", THIRD_PARTY),
        ("Harold's cardiologist just put HIM on a low-fat diet,", THIRD_PARTY),
        ("老头子手机掉水桶里了，", THIRD_PARTY),
        ("found out today my ex moved up to Phoenix with the new guy.", THIRD_PARTY),
        ("turns out my landlord sold the building", THIRD_PARTY),
        ("found out today I got the job at Acme", ASSERTION),
        ("跟我同期进来的小周跳槽去星云科技了，", THIRD_PARTY),
    ],
)
def test_shouting_a_listing_agent_a_conferences_mail_and_a_request_for_two_read_as_said(clause, mood):
    assert clause_mood(clause) == mood
