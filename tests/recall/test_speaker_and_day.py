"""What the assistant said, and the day a question names: two things a question can point recall at."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.recall.query_dates import asks_a_state, asks_when, named_day
from pipelines.recall.query_speaker import asks_what_assistant_said
from pipelines.recall.reader import MemoryReader, RecallParams, format_for_prompt
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import publish, row

ASKED = datetime(2023, 5, 10, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    "query",
    [
        "What painters did you recommend to me?",
        "what did you suggest I try for my sleep?",
        "You once told me about a book, which one?",
        "What was your advice about the interview?",
        "你曾经给我推荐过哪些画家？",
        "你上次建议我怎么缓解压力？",
        "你的建议是什么？",
    ],
)
def test_questions_about_what_the_assistant_said(query):
    assert asks_what_assistant_said(query)


@pytest.mark.parametrize(
    "query",
    [
        "I recommended a science fiction movie before, what was it?",  # the user recommended it
        "Where does the user live?",
        "Do you remember what I saw in the park?",
        "我曾经和你推荐过一部科幻电影，它的名字是？",  # 和你推荐: the user to the assistant
        "在5月6号，我给你推荐了一些书目，是哪些书？",
        "用户住在哪里？",
    ],
)
def test_questions_about_the_user(query):
    assert not asks_what_assistant_said(query)


@pytest.mark.parametrize(
    "query, day",
    [
        ("What dish did I make on May 5th?", (2023, 5, 5)),
        ("What topic did we talk about on April 27th?", (2023, 4, 27)),
        ("on the 4th of May, what did I say?", (2023, 5, 4)),
        ("What happened on 2022-12-31?", (2022, 12, 31)),
        ("在4月27号我们聊了什么话题？", (2023, 4, 27)),
        ("我曾经在2021年5月4日这天分享了什么？", (2021, 5, 4)),
        ("What did I plan for December 24?", (2022, 12, 24)),  # no year: the last one before asking
    ],
)
def test_the_day_a_question_names_with_half_a_day_either_side(query, day):
    start, end = named_day(query, ASKED)
    midnight = datetime(*day, tzinfo=UTC).timestamp()
    assert (start, end) == (midnight - 12 * 3600, midnight + 36 * 3600)


@pytest.mark.parametrize("query", ["May I ask what I cooked?", "What did I do on February 30th?", "where do I live"])
def test_no_day_named(query):
    assert named_day(query, ASKED) is None


def _episode(content, message_id, role, day):
    return row(
        content,
        kind="episode",
        topic="episode",
        message_id=message_id,
        role=role,
        valid_from=datetime(2023, 5, day, 9, tzinfo=UTC),
    )


@pytest.fixture
def chat(tmp_path):
    rows = [
        # the same words said by each: only who said them tells them apart
        _episode("I recommend the novel Dune.", "m1", "user", 1),
        _episode("I recommend the novel Neuromancer.", "m2", "assistant", 1),
        _episode("I cooked a novel dish today: mapo tofu.", "m3", "user", 5),
        _episode("I cooked pasta with a friend, a novel recipe.", "m4", "user", 7),
    ]
    publish(tmp_path / "store", rows)
    return MemoryReader(tmp_path / "store", HashingEmbedder())


def test_what_the_assistant_said_comes_first_when_asked_and_after_the_user_otherwise(chat):
    asked = chat.recall("u1", "which novel did you recommend", k=4, as_of=ASKED)
    assert asked[0].source_message_ids == ["m2"]
    about_user = chat.recall("u1", "which novel do I recommend", k=4, as_of=ASKED)
    assert about_user[0].source_message_ids == ["m1"]
    assert [m.source_message_ids for m in about_user].index(["m2"]) > 0


def test_a_named_day_favours_what_was_said_that_day(chat):
    found = chat.recall("u1", "what novel dish did I cook on May 5th?", k=2, as_of=ASKED)
    assert found[0].source_message_ids == ["m3"]
    undated = chat.recall("u1", "what novel dish did I cook?", k=2, as_of=ASKED)
    assert undated[0].score < found[0].score


def test_the_prompt_says_which_words_were_the_assistants(chat):
    found = chat.recall("u1", "which novel did you recommend", k=1, as_of=ASKED)
    assert format_for_prompt(found).splitlines()[2].startswith("- you said, since 2023-05-01")


def test_a_question_about_the_users_state_hears_every_statement_of_theirs_before_the_assistant(tmp_path):
    rows = [
        row(
            "User's job title is nurse on night shifts at the company.",
            topic="job_title",
            message_id="m1",
            valid_from=datetime(2023, 5, 1, tzinfo=UTC),
        ),
        _episode("Night shifts at the company are hard work; blackout curtains help.", "m2", "assistant", 1),
    ]
    publish(tmp_path / "store", rows)
    reader = MemoryReader(tmp_path / "store", HashingEmbedder())
    found = reader.recall("u1", "Which company does the user work for now?", k=2, as_of=ASKED)
    assert [m.source_message_ids for m in found] == [["m1"], ["m2"]]


def test_a_hit_lifts_the_turn_after_it_above_the_tail(tmp_path):
    def turn(content, message_id, session, minute):
        said = _episode(content, message_id, "user", 1)
        return said | {"session_id": session, "valid_from": datetime(2023, 5, 1, 9, minute, tzinfo=UTC)}

    rows = [
        turn("Melanie wants to paint something for the show.", "a1", "a", 0),
        turn("A lake at sunset, all blue and gold.", "a2", "a", 1),  # the answer, no word of the question
        *(turn(f"Melanie went shopping, trip {i}.", f"b{i}", "b", 10 + i) for i in range(10)),
    ]
    publish(tmp_path / "store", rows)

    def order(share: float) -> list[str]:
        # brief_terms off: the tail turns are short on purpose, and this measures the lift alone
        params = RecallParams(neighbour_share=share, brief_terms=0)
        reader = MemoryReader(tmp_path / "store", HashingEmbedder(), params=params)
        return [m.source_message_ids[0] for m in reader.recall("u1", "what will Melanie paint", k=12, as_of=ASKED)]

    assert order(0.0)[0] == order(0.7)[0] == "a1"
    assert order(0.0).index("a2") == 11  # last without its neighbour
    assert order(0.7).index("a2") < 11  # lifted by the hit before it


def test_the_label_says_what_a_memory_is():
    from pipelines.recall.reader import memory_label

    def labelled(kind, topic, role):
        return memory_label(type("M", (), {"kind": kind, "topic": topic, "role": role})())

    assert labelled("episode", "episode", "assistant") == "you said"
    assert labelled("episode", "episode", "user") == "episode"  # not "episode/episode"
    assert labelled("episode", "residence", "user") == "episode/residence"
    assert labelled("fact", "residence", None) == "fact/residence"


def test_a_message_of_few_words_earns_that_share_of_its_weight(tmp_path):
    # "lake trip" has two telling terms of the three that earn a turn its full weight; the Chinese reply's
    # bigrams are half a word each (两周, 周后 = one word)
    rows = [
        _episode("lake trip", "e1", "user", 1),
        _episode("we drove to the lake for a long trip with the kids", "e2", "user", 2),
        _episode("两周后", "e3", "user", 3),
    ]
    publish(tmp_path / "store", rows)

    def scores(brief: float) -> dict[str, float]:
        reader = MemoryReader(tmp_path / "store", HashingEmbedder(), params=RecallParams(brief_terms=brief))
        found = reader.recall("u1", "the lake trip 两周后", k=3, as_of=ASKED)
        return {m.source_message_ids[0]: m.score for m in found}

    full, brief = scores(0.0), scores(3.0)
    assert brief["e1"] == pytest.approx(full["e1"] * 2 / 3)
    assert brief["e2"] == pytest.approx(full["e2"])
    assert brief["e3"] == pytest.approx(full["e3"] / 3)


@pytest.mark.parametrize(
    ("query", "when"),
    [
        ("When did Caroline go to the LGBTQ support group?", True),
        ("How long has Melanie been practicing art?", True),
        ("Which year did Audrey adopt her first dogs?", True),
        ("用户什么时候搬到北京的？", True),
        ("What did Caroline research?", False),
        ("用户住在哪个城市？", False),
    ],
)
def test_a_question_asking_when(query, when):
    assert asks_when(query) is when


def test_a_question_asking_when_favours_the_message_that_says_when(tmp_path):
    rows = [
        _episode("I went to a support group, so powerful, the support group was great", "m1", "user", 2),
        _episode("I went to a support group yesterday", "m2", "user", 3),
        _episode("我去了互助小组，很受触动", "m3", "user", 4),
        _episode("我前天去了互助小组", "m4", "user", 5),
    ]
    publish(tmp_path / "store", rows)
    reader = MemoryReader(tmp_path / "store", HashingEmbedder())
    # the words alone favour the first message; asking when puts the one that says when first
    assert reader.recall("u1", "did I go to a support group?", k=1, as_of=ASKED)[0].source_message_ids == ["m1"]
    assert reader.recall("u1", "when did I go to a support group?", k=1, as_of=ASKED)[0].source_message_ids == ["m2"]
    assert reader.recall("u1", "我去互助小组了吗", k=1, as_of=ASKED)[0].source_message_ids == ["m3"]
    assert reader.recall("u1", "我什么时候去的互助小组", k=1, as_of=ASKED)[0].source_message_ids == ["m4"]


@pytest.mark.parametrize(
    ("query", "state"),
    [
        ("What sales tax rate should be used when doing the user's totals?", True),
        ("Which market does the user trade at on Saturdays?", True),
        ("用户现在在哪个市场摆摊卖鱼？", True),
        ("用户算账时默认用什么重量单位？", True),
        ("What did Caroline research?", False),  # an event
        ("When is the user moving?", False),  # a time asked
        ("用户上次去哪了？", False),
        ("Where did the user live before?", False),
        ("Which city was the user still living in last year?", False),  # a state, asked of the past
        ("用户以前默认用什么单位？", False),
    ],
)
def test_a_question_asking_what_holds(query, state):
    assert asks_a_state(query) is state
