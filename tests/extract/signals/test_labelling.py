"""Episodes take the topic their message speaks to and its mood; a topic a fact of the message holds is left to it."""

import numpy as np
import polars as pl
import pytest

from pipelines.core.schemas import CANDIDATE_SCHEMA
from pipelines.extract.signals.labelling import label_statements
from pipelines.extract.signals.mood import ASSERTION, NEGATED, PAST, PLAN, REPORTED, TENTATIVE, THIRD_PARTY
from pipelines.extract.signals.topic_head import NONE_CLASS
from tests.support.candidate_rows import candidate
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.labelled_episodes import episode_row, labels_and_mentions
from tests.support.toy_heads import toy_head


def test_episodes_are_labelled_and_a_covered_topic_is_left_to_its_fact():
    moved = "Gave up the Portland lease, moved out, no fixed address now"
    covered = "I live in Seattle and I moved here from Austin last year"
    sister = "My sister just moved to Paris and rented a flat there"
    candidates = pl.DataFrame(
        [
            episode_row("episode", "episode", moved, "m1"),
            episode_row("fact", "residence", "User lives in Seattle.", "m2"),
            episode_row("episode", "episode", covered, "m2"),
            episode_row("episode", "episode", sister, "m3"),
            episode_row("episode", "episode", "thanks, that helps", "m4"),
        ],
        schema=CANDIDATE_SCHEMA,
    )
    labelled = label_statements(candidates, HashingEmbedder().embed_passages)
    by_message = {r["source_message_ids"][0]: r for r in labelled.filter(pl.col("kind") == "episode").to_dicts()}
    assert (by_message["m1"]["topic"], by_message["m1"]["mood"]) == ("residence", ASSERTION)
    assert (by_message["m2"]["topic"], by_message["m2"]["mood"]) == ("episode", None)  # the fact holds residence
    assert (by_message["m3"]["topic"], by_message["m3"]["mood"]) == ("residence", THIRD_PARTY)
    assert (by_message["m4"]["topic"], by_message["m4"]["mood"]) == ("episode", None)
    assert labelled.filter(pl.col("kind") == "fact")["topic"].to_list() == ["residence"]


def test_what_the_assistant_said_is_never_a_statement_of_the_users_state():
    moved = "Gave up the Portland lease, moved out, no fixed address now"
    candidates = pl.DataFrame(
        [
            episode_row("episode", "episode", moved, "m1") | {"role": "assistant"},  # e.g. repeating the user back
            episode_row("episode", "episode", moved, "m2") | {"role": "user"},
        ],
        schema=CANDIDATE_SCHEMA,
    )
    labelled = label_statements(candidates, HashingEmbedder().embed_passages)
    assert labelled.select("role", "topic", "mood").rows() == [
        ("assistant", "episode", None),
        ("user", "residence", ASSERTION),
    ]


def test_a_reply_that_names_no_topic_takes_the_one_its_question_asked_about():
    answer = episode_row("episode", "episode", "王若溪，若即若离的若，小溪的溪。以后都用这个", "m2")
    offer = episode_row("episode", "episode", "yes actually, mine is a cheap cable lock", "m4")
    candidates = pl.DataFrame(
        [
            answer | {"context": "assistant: 恭喜！新名字叫什么呀？"},
            offer | {"context": "assistant: Want help picking a good bike lock?"},
        ],
        schema=CANDIDATE_SCHEMA,
    )
    labelled = label_statements(candidates, HashingEmbedder().embed_passages)
    assert labelled.select("topic", "mood").rows() == [("name", ASSERTION), ("episode", None)]


def _labels(*texts: str) -> list[tuple[str, str | None]]:
    """(topic, mood) of each text labelled as an episode of its own message."""
    rows = [episode_row("episode", "episode", text, f"m{at}") for at, text in enumerate(texts, 1)]
    labelled = label_statements(pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), HashingEmbedder().embed_passages)
    return labelled.select("topic", "mood").rows()


def test_a_message_adding_to_an_accumulating_topic_is_labelled_with_it():
    said = _labels("my beagle Biscuit ate a sock AGAIN", "what shots does a kitten need")
    assert said == [("pets", ASSERTION), ("episode", None)]


def test_a_reply_to_a_question_about_the_user_states_the_value_it_gives():
    reply = "Brightwater Health, the hospital network. analytics team again"
    candidates = pl.DataFrame(
        [
            episode_row("episode", "episode", reply, "m2")
            | {"context": "assistant: Congrats on week one! Where did you end up?"},
            episode_row("episode", "episode", reply, "m4") | {"context": "assistant: Congrats on week one!"},
        ],
        schema=CANDIDATE_SCHEMA,
    )
    labelled = label_statements(candidates, HashingEmbedder().embed_passages)
    assert labelled.select("topic", "mood").rows() == [("employer", ASSERTION), ("employer", TENTATIVE)]


def test_a_language_or_a_pet_of_the_users_outweighs_a_topic_touched_in_passing():
    # the school words stand in a clause said of no one: a tentative school reading, outweighed
    exam = episode_row(
        "episode", "episode", "passed JLPT N3!!! the university classes and the campus tutor paid off", "m1"
    )
    labelled = label_statements(pl.DataFrame([exam], schema=CANDIDATE_SCHEMA), HashingEmbedder().embed_passages)
    assert labelled.select("topic", "mood").rows() == [("languages", ASSERTION)]


def test_languages_the_user_speaks_are_no_wish_for_answers_in_them():
    spoken = episode_row("episode", "episode", "下周去大阪出差 我日语N2 日常交流ok 粤语是母语 帮我规划两天自由行", "m1")
    labelled = label_statements(pl.DataFrame([spoken], schema=CANDIDATE_SCHEMA), HashingEmbedder().embed_passages)
    assert labelled.select("topic", "mood").rows() == [("languages", ASSERTION)]


def test_a_weak_statement_of_the_users_own_keeps_its_topic_over_a_hobby_named_beside_it():
    home = episode_row("episode", "episode", "I live in Ballard now, and my whole life is the climbing gym", "m1")

    def flat(texts):  # e5 prefers no topic: the cues alone decide
        return np.ones((len(texts), 8), dtype=np.float32)

    labelled = label_statements(pl.DataFrame([home], schema=CANDIDATE_SCHEMA), flat)
    assert labelled.select("topic", "mood").rows() == [("residence", TENTATIVE)]


def _conversation(said: list[tuple[str, str]], turns: dict[str, str] | None = None) -> pl.DataFrame:
    """User messages (text, "<session>:<seq>"), a day apart, each with the turn before it where `turns` gives one."""
    rows = [
        candidate(text, "episode", kind="episode", day=day, session=at.split(":")[0], message_id=at, confidence=1.0)
        | {"keywords": [], "context": (turns or {}).get(at), "mood": None}
        for day, (text, at) in enumerate(said, start=1)
    ]
    return pl.DataFrame(rows, schema=CANDIDATE_SCHEMA)


def test_talk_about_a_topic_after_the_conversation_asserted_it_is_no_new_statement():
    moved = "跟你说 我房子换到滨江了，就公司对面那个小区，通勤从40分钟变成走路5分钟"
    terms = "我住的小区物业特别差，晚上10点还在装修"  # a time is no value of a home
    again = "wait, we actually moved again last week, to a place near the river"
    said = [(moved, "s1:1"), (terms, "s1:3"), (terms, "s2:1"), (again, "s2:3")]
    labelled = label_statements(_conversation(said)[::-1], HashingEmbedder().embed_passages)
    by_message = {r["source_message_ids"][0]: (r["topic"], r["mood"]) for r in labelled.to_dicts()}
    assert by_message["s1:1"] == ("residence", ASSERTION)
    assert by_message["s1:3"] == ("residence", TENTATIVE)  # said after the move, in its conversation
    assert by_message["s2:1"] == ("residence", ASSERTION)  # the first word on it in another conversation
    assert by_message["s2:3"] == ("residence", ASSERTION)  # a change said again is a statement


def test_a_value_written_out_after_its_topic_came_up_is_still_a_statement():
    asked = "以后工作日白天别找我，我都在实验室"
    given = "晚上九点以后找我就行"
    labelled = label_statements(_conversation([(asked, "s1:1"), (given, "s1:3")]), HashingEmbedder().embed_passages)
    assert labelled.select("topic", "mood").rows() == [("contact_time", ASSERTION), ("contact_time", ASSERTION)]


def test_an_answer_to_a_question_on_another_topic_is_still_talk_after_the_statement():
    school = "first quarter at UCSD after transferring and the workload is no joke. 4 classes + a job"
    hours = "15 hrs/week at the campus library"
    # the assistant asked about the job (employer), not about the school
    asked = [
        "assistant: Send me your class times. How many hours a week do you work?",
        "assistant: Which campus are you at?",
    ]
    for turn, mood in zip(asked, (TENTATIVE, ASSERTION), strict=True):
        candidates = _conversation([(school, "s1:1"), (hours, "s1:3")], {"s1:3": turn})
        labelled = label_statements(candidates, HashingEmbedder().embed_passages)
        assert labelled.select("topic", "mood").rows() == [("school", ASSERTION), ("school", mood)], turn


def test_a_trip_told_is_in_the_past_of_the_home_and_never_answers_where_the_user_lives():
    trip = "上周去成都玩了五天 回来胖了三斤 火锅太顶了"
    back = "just got back from a week in Lisbon, the food was unreal"
    rows = [
        episode_row("episode", "episode", text, f"m{i}") for i, text in enumerate((trip, back, "thanks, that helps"))
    ]
    labelled = label_statements(pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), HashingEmbedder().embed_passages)
    assert labelled.select("topic", "mood").rows() == [("residence", PAST), ("residence", PAST), ("episode", None)]


def test_the_users_drink_is_labelled_as_said_and_a_friends_order_is_an_aside():
    said = _labels(
        "我一般只喝冰美式 不加糖不加奶 帮我找找附近的咖啡店", "同事最近迷上生椰拿铁了 天天一杯 还老拉我一起点"
    )
    assert said == [("drink", ASSERTION), ("drink", THIRD_PARTY)]


def test_a_time_of_day_a_pastime_happens_at_is_the_pastime_and_an_hour_to_be_reached_at_is_contact_time():
    said = _labels(
        "最近入坑飞盘了！！我每周六早上在奥森跟一群人玩，晒成煤球了",
        "晚上九点以后找我比较方便，白天我都在打羽毛球",
        "我每天早上遛狗，风雨无阻",
    )
    assert said == [("hobbies", ASSERTION), ("contact_time", ASSERTION), ("pets", ASSERTION)]


def test_a_topic_the_user_states_beside_the_labelled_one_is_kept_as_a_mention():
    depots = (
        "every monday I pull the dispatch numbers for our three depots at Tallgrass Logistics, "
        "can you keep your answers to bullet points from now on"
    )
    number = "my new number is 312-555-0148, and from now on keep your answers to bullet points"
    (topic, _, mentioned), (number_topic, number_mood, number_mentions) = labels_and_mentions(depots, number)
    assert {topic, *mentioned} == {"employer", "output_format"} and topic not in mentioned
    assert (number_topic, number_mood, number_mentions) == ("phone", ASSERTION, ["output_format"])


def test_someone_elses_value_a_contact_only_named_and_a_label_given_way_are_no_mentions():
    sister = "my sister works at Google now lol. anyway from now on keep your answers to bullet points"
    mail = "email me the slides later, and from now on keep your answers to bullet points"
    spoken = "我日语N2 日常交流ok 粤语是母语"  # languages spoken, not the language answers should come in
    number = "my new number is 312-555-0148. my sister works at Google now lol"
    said = labels_and_mentions(sister, mail, spoken, number)
    assert all(topic != "employer" or mood == THIRD_PARTY for topic, mood, _ in said)
    assert [mentioned for _, _, mentioned in said] == [[], [], [], []]
    assert [topic for topic, _, _ in said] == ["output_format", "output_format", "languages", "phone"]


def test_the_users_bank_and_gym_are_statements_and_a_change_of_them_is_one_too():
    said = [
        ("my pension gets direct deposited into my Wells Fargo checking", "s1:1"),
        ("Wells Fargo kept nickel and diming us, so we moved everything over to First Harbor Credit Union", "s2:1"),
        ("乐刻那张卡我退了，不续了", "s3:1"),
        ("my building's gym is closed and I'm in Toronto", "s4:1"),  # a gym said in passing beside the home
    ]
    labelled = label_statements(_conversation(said), HashingEmbedder().embed_passages)
    assert labelled.select("topic", "mood").rows() == [
        ("bank", ASSERTION),
        ("bank", ASSERTION),
        ("gym", ASSERTION),
        ("residence", ASSERTION),
    ]


def test_a_change_taken_back_in_its_conversation_is_void_and_the_users_own_value_stands():
    home = "I live in Seattle, in Ballard"
    weighed = "should I move to Denver? the rent is so much cheaper there"
    announced = "big news, we're moving to Denver in the spring!"
    said = [
        (home, "s1:1"),
        (weighed, "s2:1"),
        ("nvm, talked myself out of it", "s2:3"),
        (announced, "s3:1"),
        ("scratch that, the deal fell through", "s3:3"),
        (home, "s4:1"),
        ("nvm", "s4:3"),  # a plain statement of the user's own is no change to take back
        ("跟你说 我房子换到滨江了，就公司对面那个小区，通勤从40分钟变成走路5分钟", "s5:1"),
        ("谢谢，很有用", "s5:3"),  # nothing taken back: the move stands
    ]
    labelled = label_statements(_conversation(said)[::-1], HashingEmbedder().embed_passages)
    by_message = {r["source_message_ids"][0]: (r["topic"], r["mood"]) for r in labelled.to_dicts()}
    assert by_message["s1:1"] == ("residence", ASSERTION)
    assert by_message["s2:1"] == ("residence", NEGATED)
    assert by_message["s3:1"] == ("residence", NEGATED)
    assert by_message["s4:1"] == ("residence", ASSERTION)
    assert by_message["s5:1"] == ("residence", ASSERTION)


def test_a_distilled_value_taken_back_in_its_conversation_is_dropped_and_the_older_one_kept():
    kept = "hey keep my email on file for invoices, it's mara.wilde.studio@example.com"
    rebrand = "ok I'm rebranding!! new email is marawilde.ink@example.net, use that from now on"
    taken_back = "wait no. scratch that. keep the studio one, forget the ink thing ever happened"
    said = [(kept, "s1:1"), (rebrand, "s2:1"), (taken_back, "s2:3"), (rebrand, "s3:1"), ("thanks, that helps", "s3:3")]
    distilled = [
        candidate(f"User's email is {address}.", "email", day=day, session=at.split(":")[0], message_id=at)
        | {"context": None, "mood": None}
        for address, at, day in [
            ("mara.wilde.studio@example.com", "s1:1", 1),
            ("marawilde.ink@example.net", "s2:1", 2),
            ("marawilde.ink@example.net", "s3:1", 4),
        ]
    ]
    candidates = pl.concat([_conversation(said), pl.DataFrame(distilled, schema=CANDIDATE_SCHEMA)])
    labelled = label_statements(candidates, HashingEmbedder().embed_passages)
    facts = labelled.filter(pl.col("kind") == "fact")
    # the rebrand taken back leaves no email; said again in another conversation with no taking back, it stands
    assert sorted(m[0] for m in facts["source_message_ids"]) == ["s1:1", "s3:1"]
    episodes = labelled.filter(pl.col("kind") == "episode")
    assert episodes.height == len(said)
    # ... and its message answers no question of the topic either
    by_message = {r["source_message_ids"][0]: (r["topic"], r["mood"]) for r in episodes.to_dicts()}
    assert by_message["s2:1"] == ("email", NEGATED)


@pytest.mark.parametrize(
    ("said", "topic"),
    [
        (
            [
                ("我手机号 139 0000 5821，以后有事提醒就用这个", "s1:1"),
                ("我把手机号换成 186 0000 3307 了", "s2:1"),
                ("啊等等，老号合约还剩一年…那算了，不换了，还是用139那个号码吧", "s2:3"),  # no topic read
            ],
            "phone",
        ),
        (
            [
                ("just so you know: reply in English only, I get auto-translated stuff all day", "s1:1"),
                ("ok crazy idea: starting tomorrow you answer me in German only", "s2:1"),
                ("wait no. I understood maybe four words 💀 scrap it, stay in English", "s2:3"),  # read on its topic
            ],
            "language",
        ),
    ],
)
def test_a_change_taken_back_by_a_message_that_states_no_value_is_void(said, topic):
    labelled = label_statements(_conversation(said), HashingEmbedder().embed_passages)
    by_message = {r["source_message_ids"][0]: (r["topic"], r["mood"]) for r in labelled.to_dicts()}
    assert by_message["s2:1"] == (topic, NEGATED)
    assert by_message["s1:1"] == (topic, ASSERTION)
    assert by_message["s2:3"][1] != ASSERTION


def test_a_message_on_no_topic_that_only_tells_someone_elses_news_keeps_that_mood():
    said = [
        ("lol our captain just legally changed his name to Jonny Triple Twenty", "s1:1"),
        ("thanks, that helps", "s1:3"),
        ("我同事说他让AI用鼓励的语气回答", "s1:5"),
    ]
    labelled = label_statements(_conversation(said), HashingEmbedder().embed_passages)
    by_message = {r["source_message_ids"][0]: (r["topic"], r["mood"]) for r in labelled.to_dicts()}
    assert by_message["s1:1"] == ("episode", THIRD_PARTY)
    assert by_message["s1:3"] == ("episode", None)
    assert by_message["s1:5"][1] in (THIRD_PARTY, REPORTED)


def test_a_message_on_no_topic_that_only_weighs_a_hypothetical_keeps_that_mood():
    said = [
        ("idk. if i got it id be making like 3x what target pays lmao", "s1:1"),
        ("had a final round w google today!!", "s1:3"),
        ("thanks, that helps", "s1:5"),
    ]
    labelled = label_statements(_conversation(said), HashingEmbedder().embed_passages)
    by_message = {r["source_message_ids"][0]: (r["topic"], r["mood"]) for r in labelled.to_dicts()}
    assert by_message["s1:1"] == ("episode", PLAN)
    assert by_message["s1:3"] == ("episode", PLAN)
    assert by_message["s1:5"] == ("episode", None)


def test_a_pastime_taken_up_beside_someones_words_on_another_topic_adds_to_the_collection():
    said = _labels(
        "my therapist says I need a hobby outside work. signed up for a pottery class on thursdays, loved it",
        "and now i joined a community choir, tenor section, god help them",
    )
    assert said == [("hobbies", ASSERTION), ("hobbies", ASSERTION)]


@pytest.mark.parametrize(
    ("text", "heard", "topic"),
    [
        ("signed up for pottery on thursdays!! so my apartment is now clay everywhere", 0.1, "hobbies"),
        ("signed up for pottery on thursdays!! so my apartment is now clay everywhere", 0.9, "residence"),
        # (two words of the home are no aside, whatever the head hears)
        ("signed up for pottery on thursdays!! and my new apartment lease starts monday", 0.1, "residence"),
    ],
)
def test_a_pastime_outweighs_one_word_of_a_topic_only_when_the_head_does_not_hear_it(text, heard, topic):
    candidates = pl.DataFrame([episode_row("episode", "episode", text, "m1")], schema=CANDIDATE_SCHEMA)
    head = toy_head({"residence": heard, NONE_CLASS: 1 - heard})
    labelled = label_statements(candidates, HashingEmbedder().embed_passages, head=head)
    assert labelled["topic"].to_list() == [topic]


def test_what_follows_a_message_that_only_ended_its_topic_is_no_afterword():
    ended = "my keto diet is over, my doc banned it after the bloodwork"
    new = "I'm on the mediterranean diet now, basically pescatarian"
    labelled = label_statements(_conversation([(ended, "s1:1"), (new, "s1:3")]), HashingEmbedder().embed_passages)
    assert [r["mood"] for r in labelled.sort("valid_from").to_dicts()] == [ASSERTION, ASSERTION]
    # ... and what follows the new value is talk about it again
    talk = "I'm on the diet thing pretty strict, the mediterranean diet is easy"
    said = [(ended, "s1:1"), (new, "s1:3"), (talk, "s1:5")]
    labelled = label_statements(_conversation(said), HashingEmbedder().embed_passages)
    assert [r["mood"] for r in labelled.sort("valid_from").to_dicts()] == [ASSERTION, ASSERTION, TENTATIVE]
    # ... while talk after a value given stays talk
    kept = "I'm on the keto diet, been strict since new years"
    labelled = label_statements(_conversation([(kept, "s1:1"), (new, "s1:3")]), HashingEmbedder().embed_passages)
    assert [r["mood"] for r in labelled.sort("valid_from").to_dicts()] == [ASSERTION, TENTATIVE]


def test_a_change_weighed_then_refused_is_no_tentative_statement():
    refused = "the whole office is trying a vegan diet for a month 😂 hard pass, I'm not doing it"
    assert _labels(refused) == [("diet", NEGATED)]


def test_the_items_of_a_rule_announced_are_a_standing_wish_for_how_to_answer():
    told = "ok so now that im running the team i do not have time. bullet points only, skip the intro stuff"
    rule = told.replace("bullet points only", "new rule, bullet points only")
    (ruled, ruled_mood), (plain, plain_mood) = _labels(rule, told)
    assert ruled in ("output_format", "answer_length") and ruled_mood == ASSERTION
    assert (plain, plain_mood) != (ruled, ASSERTION)
