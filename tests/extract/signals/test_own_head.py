"""The own head: a reading the mood rules left tentative becomes the user's own assertion only where the head is
sure the message states the user's own value and the topic head hears the topic; what the rules gave to someone
else, a plan or a question, and talk after the topic's statement, stay as they are."""

import numpy as np
import polars as pl
import pytest

from pipelines.embed.e5 import E5Embedder
from pipelines.extract.signals.head_training import message_passages
from pipelines.extract.signals.mood import ASSERTION, PLAN, QUESTION, TENTATIVE, THIRD_PARTY
from pipelines.extract.signals.topic_head import NONE_CLASS, OWN_CLASS, OWN_HEAD, TopicHead, bundled_head
from pipelines.extract.signals.topic_signal import SignalParams
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.labelled_episodes import labelled_moods
from tests.support.toy_heads import toy_head

WEAK = "on nights now, in charge of the whole floor. more paperwork, less walking"  # contact_time, tentative
SISTER = "my sister just moved to Denver and keeps sending me mountain pics"  # someone else's move
PLANNED = "thinking about moving to Austin next year"  # a plan


def _own_head(probability: float) -> TopicHead:
    """A head that gives every vector `probability` of stating the user's own value."""
    return toy_head({"not_own": 1 - probability, OWN_CLASS: probability})


# a topic head that hears the reading's topic, weakly enough to change nothing of the lexicon's reading by itself
HEARS_CONTACT_TIME = toy_head({"contact_time": 0.6, NONE_CLASS: 0.4})


def _labelled(
    texts: list[str], own_head: TopicHead | None, embedder=None, head: TopicHead | None = HEARS_CONTACT_TIME
) -> list[tuple[str, str | None]]:
    return labelled_moods(texts, (embedder or HashingEmbedder()).embed_passages, head=head, own_head=own_head)


def test_a_tentative_reading_is_the_users_assertion_when_the_own_head_is_sure():
    sure = SignalParams().own_probability
    assert _labelled([WEAK], None) == [("contact_time", TENTATIVE)]
    assert _labelled([WEAK], _own_head(sure + 0.005)) == [("contact_time", ASSERTION)]
    assert _labelled([WEAK], _own_head(sure - 0.005)) == [("contact_time", TENTATIVE)]


def test_the_own_head_makes_no_assertion_of_a_topic_the_topic_head_does_not_hear():
    sure = _own_head(0.999)
    assert _labelled([WEAK], sure) == [("contact_time", ASSERTION)]
    below = SignalParams().own_topic_probability - 0.01
    assert _labelled([WEAK], sure, head=toy_head({"contact_time": below, NONE_CLASS: 1 - below})) == [
        ("contact_time", TENTATIVE)
    ]
    assert _labelled([WEAK], sure, head=None) == [("contact_time", TENTATIVE)]


def test_a_topic_heard_without_words_and_said_of_no_one_is_the_users_own_when_the_own_head_is_sure():
    no_word = "the team is lovely and the hours are fine"  # no cue, and no clause the rules give the user
    topic_head = toy_head({"job_title": 0.9, NONE_CLASS: 0.1})
    assert _labelled([no_word], None, head=topic_head) == [("job_title", TENTATIVE)]
    assert _labelled([no_word], _own_head(0.999), head=topic_head) == [("job_title", ASSERTION)]


def test_the_own_head_does_not_take_someone_elses_news_or_a_plan_for_the_users_own():
    sure = _own_head(SignalParams().own_over_probability - 0.005)
    hears_residence = toy_head({"residence": 0.6, NONE_CLASS: 0.4})
    assert _labelled([SISTER, PLANNED], sure, head=hears_residence) == [("residence", THIRD_PARTY), ("residence", PLAN)]


def test_the_own_head_at_its_surest_overrules_whose_a_reading_is_and_its_tense_but_never_a_plan_or_a_contact():
    surest = _own_head(SignalParams().own_over_probability + 0.005)
    hears_residence = toy_head({"residence": 0.6, NONE_CLASS: 0.4})
    asked = "is there a good gym near our new place in Ballard?"  # a question, by the rules
    assert [mood for _, mood in _labelled([SISTER, asked], None, head=hears_residence)] == [THIRD_PARTY, QUESTION]
    # (the user's home told through someone else's deed: the rules read the landlord as the subject)
    landlord = "my landlord in Ballard is raising the rent again"
    assert _labelled([landlord], None, head=hears_residence) == [("residence", THIRD_PARTY)]
    assert _labelled([landlord, asked, PLANNED], surest, head=hears_residence) == [
        ("residence", ASSERTION),
        ("residence", ASSERTION),
        ("residence", PLAN),
    ]
    # ... but someone else's change told in words is theirs, however sure the head is
    assert _labelled([SISTER], surest, head=hears_residence) == [("residence", THIRD_PARTY)]
    roommate = "my roommate's new number is 415-555-0199, saving it here"
    hears_phone = toy_head({"phone": 0.9, NONE_CLASS: 0.1})
    assert _labelled([roommate], surest, head=hears_phone) == [("phone", THIRD_PARTY)]


@pytest.mark.parametrize(
    ("topic", "text"),
    [
        ("job_title", "跟你说个好消息！！店长终于让我出师了，现在正式上岗当发型师"),  # done to the user
        ("employer", "表哥那装修队我不干了，现在进了中天建设的项目部，干水电安装"),  # the user the last subject
    ],
)
def test_a_change_done_to_the_user_or_with_the_user_last_stays_the_users_whoever_opens_the_clause(topic, text):
    surest = _own_head(SignalParams().own_over_probability + 0.005)
    hears = toy_head({topic: 0.6, NONE_CLASS: 0.4})
    assert _labelled([text], None, head=hears) == [(topic, THIRD_PARTY)]
    assert _labelled([text], surest, head=hears) == [(topic, ASSERTION)]


def test_the_own_head_does_not_take_a_trip_told_for_a_home_whatever_it_asks_of_the_place():
    surest = _own_head(SignalParams().own_over_probability + 0.005)
    hears_residence = toy_head({"residence": 0.6, NONE_CLASS: 0.4})
    trip = "just got back from a week in Portland - leather trade show. lovely town. is portland a good place to live"
    assert _labelled([trip], surest, head=hears_residence) == [("residence", QUESTION)]


def test_the_own_head_does_not_take_a_message_that_weighs_a_hypothetical_for_the_users_own():
    weighed = WEAK + ". might ask for a raise"
    assert _labelled([weighed], None) == [("contact_time", TENTATIVE)]
    assert _labelled([weighed], _own_head(0.999)) == [("contact_time", TENTATIVE)]


def test_talk_after_a_topics_statement_stays_talk_when_the_own_head_is_sure():
    assert _labelled([WEAK, "more paperwork on nights, less walking"], _own_head(0.999)) == [
        ("contact_time", ASSERTION),
        ("contact_time", TENTATIVE),
    ]


@pytest.mark.slow
def test_the_bundled_own_head_reads_the_users_change_apart_from_a_plan_or_a_question():
    head = bundled_head(E5Embedder.name, OWN_HEAD)
    assert head is not None and set(head.classes) == {"not_own", OWN_CLASS}
    messages = pl.DataFrame(
        {
            "speaker": ["Ana"] * 4,
            "content": [
                "ok life update: week one in Halifax done, the boxes are still everywhere",
                "跟你说一下，上个月底我已经把家搬到北京朝阳区了，以后快递都寄到北京。",
                "thinking about moving to Austin next year, is the rent crazy there?",
                "要是我换了号码的话，银行那边怎么改？",
            ],
        }
    )
    vectors = np.asarray(E5Embedder().embed_passages(message_passages(messages)))
    own = head.probabilities(vectors)[:, head.classes.index(OWN_CLASS)]
    assert list(own >= SignalParams().own_probability) == [True, True, False, False]


def test_someone_elses_change_beside_the_users_own_word_on_it_leaves_the_head_its_say():
    surest = _own_head(SignalParams().own_over_probability + 0.005)
    hears_residence = toy_head({"residence": 0.6, NONE_CLASS: 0.4})
    text = "在库尔勒买了套房。我爸妈也搬到库尔勒了"
    assert _labelled([text], None, head=hears_residence) == [("residence", THIRD_PARTY)]
    assert _labelled([text], surest, head=hears_residence) == [("residence", ASSERTION)]


def test_the_own_head_does_not_take_a_question_weighing_a_step_for_the_users_own():
    weighed = WEAK + ". should I just ask to go back to days?"
    assert _labelled([weighed], None)[0][0] == "contact_time"
    assert _labelled([weighed], _own_head(0.999))[0][1] != ASSERTION
    # the same reading without the step weighed is the user's own when the head is sure
    assert _labelled([WEAK], _own_head(0.999)) == [("contact_time", ASSERTION)]
