"""A question about a single-valued topic is answered by the statement that holds when asked; asides and
older statements never reach it; other questions still see what was said before."""

from datetime import timedelta

import pyarrow.parquet as pq
import pytest

from pipelines.recall.reader import MemoryReader, RecallParams
from pipelines.store.snapshots import LegacyStoreError
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row

DAY = timedelta(days=1)
OLD = "我住上海浦东，离公司很近"
NEW = "跟你说一下，上个月底我已经把家搬到北京朝阳区了，以后快递都寄到北京"
ASIDE = "我姐姐刚搬去深圳了，租了个小区的房子"


def _story(tmp_path):
    old = row(OLD, kind="episode", topic="residence", valid_from=RECORDED, message_id="m1", mood="assertion")
    new = row(NEW, kind="episode", topic="residence", valid_from=RECORDED + 5 * DAY, message_id="m2", mood="assertion")
    old |= {"valid_to": new["valid_from"], "superseded_by": new["memory_id"]}
    aside = row(
        ASIDE, kind="episode", topic="residence", valid_from=RECORDED + 6 * DAY, message_id="m3", mood="third_party"
    )
    chatter = [
        row(text, kind="episode", topic="episode", valid_from=RECORDED + 2 * DAY, message_id=f"c{i}")
        for i, text in enumerate(["谢谢，很有帮助", "周末去爬山了", "推荐一本书吧", "好的明白"])
    ]
    return publish(tmp_path, [old, new, aside, *chatter])


def _said(found):
    return [m.content for m in found]


def test_the_current_statement_ranks_first_and_neither_the_old_one_nor_an_aside_is_recalled(tmp_path):
    reader = MemoryReader(_story(tmp_path).root, HashingEmbedder())
    found = reader.recall("u1", "用户现在住在哪个城市？", k=5)
    assert found[0].content == NEW and found[0].focus == RecallParams().topic_boost
    assert OLD not in _said(found) and ASIDE not in _said(found)


def test_as_of_a_past_moment_the_statement_true_then_answers(tmp_path):
    reader = MemoryReader(_story(tmp_path).root, HashingEmbedder())
    found = reader.recall("u1", "用户住在哪个城市？", k=5, as_of=RECORDED + 3 * DAY)
    assert found[0].content == OLD
    assert NEW not in _said(found)


def test_a_question_not_about_a_topic_still_recalls_what_was_said_before(tmp_path):
    reader = MemoryReader(_story(tmp_path).root, HashingEmbedder())
    found = reader.recall("u1", "浦东那边怎么样", k=7)
    assert OLD in _said(found) and ASIDE in _said(found)
    assert all(m.focus == 1.0 for m in found)


def test_questions_about_trips_and_visits_are_not_questions_about_where_the_user_lives():
    from pipelines.recall.query_topic import QueryTopics

    topics = QueryTopics(None)
    assert topics.topic_of("Which city does the user live in now?", None) == "residence"
    assert topics.topic_of("Which cities has the user visited?", None) is None


def test_calling_the_user_a_name_is_not_calling_them_on_the_phone():
    from pipelines.recall.query_topic import QueryTopics

    topics = QueryTopics(None)
    assert topics.topic_of("What should the assistant call the user?", None) == "name"
    assert topics.topic_of("When is the best time to call the user?", None) == "contact_time"
    assert topics.topic_of("When does the user prefer to receive reminders?", None) == "contact_time"
    assert topics.topic_of("When does the user prefer to receive messages?", None) == "contact_time"
    assert topics.topic_of("用户希望回答多长？", None) == "answer_length"
    assert topics.topic_of("用户等了多长时间？", None) is None


def test_what_the_user_does_for_a_living_is_their_work_and_where_they_study_their_school():
    from pipelines.recall.query_topic import QueryTopics

    topics = QueryTopics(None)
    assert topics.topic_of("What does the user do for a living?", None) == "job_title"
    assert topics.topic_of("用户是做什么的？", None) == "job_title"
    assert topics.topic_of("用户在哪上学？", None) == "school"


def _employer_story(tmp_path):
    def said(text, day, mid, topic="episode", mood=None):
        return row(text, kind="episode", topic=topic, valid_from=RECORDED + day * DAY, message_id=mid, mood=mood)

    rows = [
        said("跳槽了，上周刚入职美团到店这边", 5, "m5", "employer", "assertion"),
        row("用户的职位是数据分析", topic="job_title", valid_from=RECORDED + DAY, message_id="m1"),
        row("用户住在杭州", topic="residence", valid_from=RECORDED + 6 * DAY, message_id="m6"),
        said("我们在考虑搬去苏州，公司那边也许能远程", 7, "m7", "residence", "plan"),
        *[said(text, 2, f"c{i}") for i, text in enumerate(["谢谢", "好的", "明白了", "周末愉快"])],
    ]
    return publish(tmp_path, rows)


def test_a_topic_question_leaves_out_older_statements_of_other_topics_asides_and_what_cannot_rival_the_answer(
    tmp_path,
):
    reader = MemoryReader(_employer_story(tmp_path).root, HashingEmbedder())
    found = {m.content: m.focus for m in reader.recall("u1", "用户现在在哪家公司上班？", k=8)}
    params = RecallParams()
    assert (
        next(iter(found)) == "跳槽了，上周刚入职美团到店这边"
        and found["跳槽了，上周刚入职美团到店这边"] == params.topic_boost
    )
    assert "用户的职位是数据分析" not in found  # stated before the current employer: part of the old state
    assert "我们在考虑搬去苏州，公司那边也许能远程" not in found  # an aside answers no question about a state
    # the rest weighs less than a quarter of the answer: it cannot be the answer, and beside one it misleads
    assert list(found) == ["跳槽了，上周刚入职美团到店这边"]


def test_a_topic_answer_keeps_what_its_message_said_and_drops_chatter(tmp_path):
    said_at = RECORDED + 3 * DAY
    fact = row("User lives in Austin.", topic="residence", valid_from=said_at, message_id="m1")
    episode = row("I live in Austin, east side near Mueller.", kind="episode", valid_from=said_at, message_id="m1")
    chatter = [
        row(text, kind="episode", valid_from=RECORDED + 5 * DAY, message_id=f"c{i}")
        for i, text in enumerate(["need someone for the room", "is Seattle as expensive as people say"])
    ]
    store = publish(tmp_path, [fact, episode, *chatter])
    reader = MemoryReader(store.root, HashingEmbedder())
    assert _said(reader.recall("u1", "Where does the user live?", k=3)) == [fact["content"], episode["content"]]
    # a question about no single-valued topic still gets every result it asks for
    assert len(reader.recall("u1", "Austin Seattle room", k=3)) == 3


def test_a_topic_answers_own_message_is_kept_even_when_it_ranked_below_k(tmp_path):
    said_at = RECORDED + 3 * DAY
    fact = row("User lives in Austin.", topic="residence", valid_from=said_at, message_id="m1")
    # weak enough that every chatter row outranks it before the cut
    episode = row("moved, east side now", kind="episode", valid_from=said_at, message_id="m1", strength=0.05)
    chatter = [
        row(text, kind="episode", valid_from=RECORDED + 5 * DAY, message_id=f"c{i}")
        for i, text in enumerate(["where does the cat sleep", "does the user like tea", "live music tonight?"])
    ]
    store = publish(tmp_path, [fact, episode, *chatter])
    found = MemoryReader(store.root, HashingEmbedder()).recall("u1", "Where does the user live?", k=2)
    assert _said(found) == [fact["content"], episode["content"]]


def test_a_tentative_statement_answers_its_topic_with_a_smaller_boost(tmp_path):
    hint = row("我在奥美做文案，天天改稿", kind="episode", topic="employer", message_id="m1", mood="tentative")
    store = publish(tmp_path, [hint, row("推荐一本书吧", kind="episode", topic="episode", message_id="m2")])
    (first, *_) = MemoryReader(store.root, HashingEmbedder()).recall("u1", "用户在哪家公司工作？", k=2)
    assert first.content == hint["content"] and first.focus == RecallParams().tentative_boost


def test_a_question_naming_a_speaker_of_a_shared_log_is_not_a_question_about_the_account(tmp_path):
    caroline = row(
        "I moved to Boston last year.",
        kind="episode",
        topic="residence",
        keywords=["Caroline"],
        message_id="c1",
        mood="assertion",
    )
    melanie = row("We live in a small town.", kind="episode", topic="episode", keywords=["Melanie"], message_id="m1")
    store = publish(tmp_path, [caroline, melanie])
    found = MemoryReader(store.root, HashingEmbedder()).recall("u1", "Where does Caroline live?", k=2)
    assert {m.focus for m in found} == {1.0}


def test_a_question_naming_the_assistant_is_still_about_the_user(tmp_path):
    old = row("I'm Jonathan but Jon is fine", kind="episode", topic="name", keywords=["Jon"], message_id="m1")
    new = row("I'm going by Nate now", kind="episode", topic="name", keywords=["Nate"], message_id="m3")
    old |= {"mood": "assertion", "valid_to": RECORDED + DAY, "superseded_by": new["memory_id"]}
    new |= {"mood": "assertion", "valid_from": RECORDED + DAY}
    reply = row("Of course, Nate.", kind="episode", topic="episode", keywords=["assistant"], message_id="m4")
    store = publish(tmp_path, [old, new, reply | {"role": "assistant"}])
    found = MemoryReader(store.root, HashingEmbedder()).recall("u1", "What name should the assistant use?", k=3)
    assert found[0].content == new["content"] and found[0].focus == RecallParams().topic_boost
    assert old["content"] not in _said(found)


def test_a_store_written_before_user_shards_is_refused_in_one_line(tmp_path, capsys):
    import json

    from pipelines.cli import main

    store = _story(tmp_path)
    version = store.version_path(store.current_version())
    manifest = json.loads((version / "manifest.json").read_text())
    del manifest["shard_count"]  # what every manifest of the one-file-per-version layout lacked
    (version / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(LegacyStoreError, match="earlier release"):
        MemoryReader(store.root, HashingEmbedder()).recall("u1", "用户现在住在哪个城市？", k=3)
    assert main(["recall", "--store", str(store.root), "--user", "u1", "--query", "where"]) == 2
    err = capsys.readouterr().err
    assert "memory migrate --store" in err and len(err.strip().splitlines()) == 1


def test_what_a_superseded_statements_message_also_said_stays_out_of_the_topics_answer(tmp_path):
    old_at, new_at = RECORDED, RECORDED + 5 * DAY
    old = row("User works at Corvel.", topic="employer", valid_from=old_at, message_id="m1")
    # said with the old employer: it belongs to that state, and beside the answer it points back to it
    errand = row(
        "User needs to email a Corvel client about where the work payout is.",
        kind="task",
        topic="reminder",
        valid_from=old_at,
        message_id="m1",
    )
    new = row(
        "handed in my notice at Corvel, not lining anything up yet",
        kind="episode",
        topic="employer",
        valid_from=new_at,
        message_id="m2",
        mood="assertion",
    )
    old |= {"valid_to": new_at, "superseded_by": new["memory_id"]}
    later = row(
        "User needs to book a dentist appointment where the user works.",
        kind="task",
        topic="reminder",
        valid_from=new_at + DAY,
        message_id="m3",
    )
    store = publish(tmp_path, [old, errand, new, later])
    found = _said(MemoryReader(store.root, HashingEmbedder()).recall("u1", "Where does the user work?", k=3))
    assert found[0] == new["content"]
    assert errand["content"] not in found
    # a question about no single-valued topic still finds it
    assert errand["content"] in _said(
        MemoryReader(store.root, HashingEmbedder()).recall("u1", "Corvel client payout", k=3)
    )


def test_a_question_about_pets_puts_every_pet_the_user_told_of_before_small_talk_about_them(tmp_path):
    said = {"kind": "episode", "keywords": ["Melanie"]}
    beagle = row("my beagle Biscuit ate a sock AGAIN", topic="pets", message_id="m1", mood="assertion", **said)
    kitten = row("we have a new kitten called Miso", topic="pets", message_id="m2", mood="assertion", **said)
    chatter = [
        row(text, topic="episode", message_id=f"c{i}", **said)
        for i, text in enumerate(["what shots does a kitten need", "he still acts like a puppy", "pets are great"])
    ]
    store = publish(tmp_path, [beagle, kitten, *chatter])
    found = MemoryReader(store.root, HashingEmbedder()).recall("u1", "What pets does the user have?", k=3)
    assert set(_said(found[:2])) == {beagle["content"], kitten["content"]}
    # a question naming someone in a shared log is about them: no boost for the account's statements
    named = MemoryReader(store.root, HashingEmbedder()).recall("u1", "What pets does Melanie have?", k=3)
    assert {m.focus for m in named} == {1.0}


def test_a_reply_to_the_assistant_that_names_no_topic_weighs_less_for_a_topics_question(tmp_path):
    # one conversation: the user's question, the assistant's answer, the user's reply that names no topic
    said = [("any dentist near german village? im in columbus", "user"), ("Filter by ZIP.", "assistant")]
    said += [("ZIP worked, found 2. ty", "user")]
    rows = [
        row(text, kind="episode", topic="episode", valid_from=RECORDED + i * DAY, message_id=f"m{i}", role=role)
        for i, (text, role) in enumerate(said)
    ]
    found = {
        m.content: m.focus
        for m in MemoryReader(publish(tmp_path, rows).root, HashingEmbedder()).recall(
            "u1", "Which city does the user live in?", k=5
        )
    }
    assert found[said[2][0]] == RecallParams().follow_up_weight
    assert found[said[0][0]] == 1.0


PIVOT = "every monday I pull the dispatch numbers for our three depots at Tallgrass Logistics, keep it to bullets"
JOINED = "Big news: I left Tallgrass and joined Brightwell as an analyst this week"


def _passing_story(tmp_path):
    # the employer said in passing in a message labelled with the answer format, then stated months later
    pivot = row(
        PIVOT, kind="episode", topic="output_format", valid_from=RECORDED, message_id="m1", mood="assertion"
    ) | {"mentions": ["employer"]}
    joined = row(JOINED, kind="episode", topic="employer", valid_from=RECORDED + 90 * DAY, message_id="m9")
    chatter = [
        row(text, kind="episode", topic="episode", valid_from=RECORDED + (10 + i) * DAY, message_id=f"c{i}")
        for i, text in enumerate(["sounds good, see you then", "ok thanks", "周末去爬山了"])
    ]
    return publish(tmp_path, [pivot, joined | {"mood": "assertion"}, *chatter])


def test_as_of_a_moment_when_nothing_stated_the_topic_a_message_that_named_it_in_passing_answers(tmp_path):
    reader = MemoryReader(_passing_story(tmp_path).root, HashingEmbedder())
    then = reader.recall("u1", "Which company did the user work for?", k=3, as_of=RECORDED + 30 * DAY)
    assert then[0].content == PIVOT and then[0].focus == RecallParams().passing_boost
    now = reader.recall("u1", "Which company does the user work for?", k=3)
    assert now[0].content == JOINED and PIVOT not in _said(now)


def test_a_version_written_before_episodes_carried_their_mentions_is_still_recalled(tmp_path):
    store = _passing_story(tmp_path)
    version = store.current_version()
    older = {
        str(path.relative_to(store.root)): pq.read_table(path).drop_columns(["mentions"])
        for path in store.memories_paths(version)
    }
    store.rewrite_shard_files(older, [store.version_path(version)], {})
    reader = MemoryReader(store.root, HashingEmbedder())
    then = reader.recall("u1", "Which company did the user work for?", k=3, as_of=RECORDED + 30 * DAY)
    assert then and all(m.focus != RecallParams().passing_boost for m in then)  # nothing says it named the employer


def reader_of(root, rows):
    return MemoryReader(publish(root, rows).root, HashingEmbedder())


def test_a_reading_right_after_a_retraction_answers_before_the_retraction(tmp_path):
    lived = row(OLD, kind="episode", topic="residence", valid_from=RECORDED, message_id="m1", mood="assertion")
    gone = "上海那套房子退租了，钥匙今天交回去了"
    left = row(gone, kind="episode", topic="residence", valid_from=RECORDED + 5 * DAY, message_id="m2")
    left |= {"mood": "assertion", "retraction": True}
    lived |= {"valid_to": left["valid_from"], "superseded_by": left["memory_id"]}
    now = "新地方离西湖走路十分钟，安静多了"
    soon = RECORDED + 5 * DAY + timedelta(minutes=5)
    settled = row(now, kind="episode", topic="residence", valid_from=soon, message_id="m3", mood="tentative")
    found = reader_of(tmp_path / "retracted", [lived, left, settled]).recall("u1", "用户现在住在哪个城市？", k=3)
    assert _said(found)[:2] == [now, gone] and found[0].focus == RecallParams().newer_tentative_boost
    # after a statement that gives a value, the same reading is talk about it and the statement answers
    valued = reader_of(tmp_path / "valued", [lived, left | {"retraction": False}, settled])
    assert _said(valued.recall("u1", "用户现在住在哪个城市？", k=3))[0] == gone


@pytest.fixture(scope="module")
def e5_topics():
    from pipelines.embed.e5 import E5Embedder
    from pipelines.recall.query_topic import QueryTopics

    embedder = E5Embedder()
    topics = QueryTopics(embedder.embed_query, question_similarity=lambda: embedder.question_topic_similarity)
    return lambda question: topics.topic_of(question, embedder.embed_query(question))


def test_a_question_in_words_no_lexicon_knows_still_asks_its_topic_when_e5_reads_it_clearly(e5_topics):
    assert e5_topics("What is the user's marital status now?") == "relationship_status"
    assert e5_topics("用户2025年5月读的是什么专业？") == "school"
    assert e5_topics("What time window did the user want reminders in?") == "contact_time"
    assert e5_topics("What was the user majoring in back then?") == "school"
    assert e5_topics("那时候用户希望几点收到提醒？") == "contact_time"
    # a question about an event or a taste stands out among the topics too, but is not close to any of them
    assert e5_topics("What dish did I make on April 30th?") is None
    assert e5_topics("在4月27号这天，我在公园里跑了多久？") is None
    assert e5_topics("When will Tim leave for Ireland?") is None
    # ... and one as near to two topics as to either names neither
    assert e5_topics("用户家里养猫吗？") is None
    # a question about an accumulating topic is left to it
    assert e5_topics("Which languages can the user hold a conversation in?") is None


class _E5WithoutQuestionThreshold:
    """The bundled model as another embedder would be: no question_topic_similarity of its own."""

    def __init__(self, e5):
        self._e5 = e5
        self.name, self.dim, self.similarity_floor = e5.name, e5.dim, e5.similarity_floor

    def embed_passages(self, texts):
        return self._e5.embed_passages(texts)

    def embed_query(self, text):
        return self._e5.embed_query(text)


def test_a_question_in_other_words_finds_its_statement_only_with_an_embedder_that_knows_its_threshold(tmp_path):
    from pipelines.embed.e5 import E5Embedder

    e5 = E5Embedder()
    married = row("We got married in June!", kind="episode", topic="relationship_status", mood="assertion")
    chatter = [row(text, kind="episode", topic="episode", message_id=f"c{i}") for i, text in enumerate(CHATTER)]
    root = publish(tmp_path, [married, *chatter], embedder=e5).root
    asked = "What is the user's marital status now?"
    assert MemoryReader(root, e5).recall("u1", asked, k=3)[0].focus == RecallParams().topic_boost
    other = MemoryReader(root, _E5WithoutQuestionThreshold(e5)).recall("u1", asked, k=3)
    assert all(found.focus == 1.0 for found in other)


CHATTER = ["thanks, that helps", "any good podcasts?", "ok got it", "the weather is nice"]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("Which bank does the user use?", "bank"),
        ("用户的工资卡是哪家银行的？", "bank"),
        ("Who is the user's primary care doctor now?", "doctor"),
        ("用户现在的牙医是谁？", "doctor"),
        ("Which gym does the user go to?", "gym"),  # not a company called "Which Gym"
        ("Where did the user work out in summer 2025?", "gym"),  # where a workout is done: the place, no work
        ("用户2025年8月在哪里健身？", "gym"),
        ("How often does John work out with his family?", None),  # a pastime, not the place
        ("最近我在尝试哪些健身的方法？", None),
        ("When is the user's next appointment?", None),  # an event, not the doctor
        ("用户现在去哪个健身房？", "gym"),
        ("用户现在在哪家医院看心内科？", "doctor"),  # the clinic the user is seen at
        ("用户在哪家医院上班？", "employer"),
        ("Where does the user work?", "employer"),
    ],
)
def test_questions_about_the_users_bank_doctor_and_gym_are_recognised_and_a_workout_is_neither_gym_nor_work(
    question, topic
):
    from pipelines.recall.query_topic import QueryTopics

    assert QueryTopics(None).topic_of(question, None) == topic


def test_a_question_near_a_service_in_other_words_is_not_about_it():
    from pipelines.embed.e5 import E5Embedder
    from pipelines.recall.query_topic import QueryTopics

    embedder = E5Embedder()
    topics = QueryTopics(embedder.embed_query, question_similarity=lambda: embedder.question_topic_similarity)
    # a pastime, though e5 puts it nearest the gym's questions; a service is asked about by its name
    question = "最近我在尝试哪些健身的方法？"
    assert topics.topic_of(question, embedder.embed_query(question)) is None
    named = "用户现在去哪家健身房？"
    assert topics.topic_of(named, embedder.embed_query(named)) == "gym"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("How long should the assistant's answers to this user be?", "answer_length"),
        ("What kind of food does the user like now?", "diet"),
        ("What time does the user want the daily check-in?", "contact_time"),
        ("How does the user want answers to be written?", "output_format"),
        ("用户希望助手怎样组织回答？", "output_format"),
        ("用户希望回答写成什么样？", "output_format"),
        ("用户现在在哪儿干活？", "employer"),
        ("Where was the user interning in April 2025?", "employer"),
        ("用户现在姓什么？", "name"),
        # a honeymoon asked about is a trip, not the marriage
        ("Where is the user going on honeymoon?", None),
        ("用户蜜月去哪里？", None),
        ("Is the user married?", "relationship_status"),
    ],
)
def test_questions_in_the_words_people_ask_them_name_their_topic(question, topic):
    from pipelines.recall.query_topic import QueryTopics

    assert QueryTopics(None).topic_of(question, None) == topic
