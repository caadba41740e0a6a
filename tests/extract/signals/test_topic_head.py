"""The learned topic head: fitted deterministically, saved and loaded whole, bundled for the default embedder, and
heard only where the lexicon has no word, in the most guarded mood of the message."""

import numpy as np
import polars as pl
import pytest

from pipelines.core.schemas import CANDIDATE_SCHEMA
from pipelines.core.topics import SINGLE_VALUED_TOPICS
from pipelines.embed.e5 import E5Embedder
from pipelines.extract.signals.labelling import label_statements
from pipelines.extract.signals.mood import ASSERTION, PAST, PLAN, QUESTION, TENTATIVE, THIRD_PARTY
from pipelines.extract.signals.prototypes import STATEMENTS
from pipelines.extract.signals.topic_head import NONE_CLASS, HeadTraining, TopicHead, bundled_head, fit_topic_head
from pipelines.extract.signals.topic_signal import NO_SIGNAL, SignalParams, TopicSignal, heard_reading
from tests.support.candidate_rows import candidate
from tests.support.hashing_embedder import HashingEmbedder


def _clusters(seed: int, per_class: dict[str, int]) -> tuple[np.ndarray, list[str], dict[str, np.ndarray]]:
    """Unit vectors scattered around one random direction per label."""
    rng = np.random.default_rng(seed)
    centres = {label: rng.normal(size=16) for label in per_class}
    vectors, labels = [], []
    for label, count in per_class.items():
        points = centres[label] + 0.3 * rng.normal(size=(count, 16))
        vectors.append(points / np.linalg.norm(points, axis=1, keepdims=True))
        labels += [label] * count
    return np.concatenate(vectors).astype(np.float32), labels, centres


def test_a_fitted_head_reads_each_cluster_and_none_as_no_topic():
    vectors, labels, centres = _clusters(1, {"residence": 60, "employer": 60, NONE_CLASS: 200})
    head = fit_topic_head("toy", vectors, labels)
    assert head.topic_of(centres["residence"] / np.linalg.norm(centres["residence"]))[0] == "residence"
    topic, probability = head.topic_of(centres["employer"] / np.linalg.norm(centres["employer"]))
    assert topic == "employer" and probability > 0.9
    assert head.topic_of(centres[NONE_CLASS] / np.linalg.norm(centres[NONE_CLASS]))[0] is None
    held_out, truth, _ = _clusters(1, {"residence": 5, "employer": 5, NONE_CLASS: 5})  # same centres, new points
    assert [head.topic_of(v)[0] or NONE_CLASS for v in held_out] == truth


def test_a_rare_topic_is_not_drowned_by_the_many_messages_that_state_none():
    vectors, labels, centres = _clusters(2, {"phone": 4, NONE_CLASS: 400})
    head = fit_topic_head("toy", vectors, labels)
    assert head.topic_of(centres["phone"] / np.linalg.norm(centres["phone"]))[0] == "phone"


def test_fitting_is_deterministic_and_a_saved_head_loads_whole(tmp_path):
    vectors, labels, _ = _clusters(3, {"diet": 30, NONE_CLASS: 60})
    head = fit_topic_head("toy", vectors, labels)
    again = fit_topic_head("toy", vectors, labels)
    assert np.array_equal(head.weights, again.weights) and np.array_equal(head.bias, again.bias)
    assert head.hidden_weights is not None and np.array_equal(head.hidden_weights, again.hidden_weights)
    head.save(tmp_path / "head.npz")
    loaded = TopicHead.load(tmp_path / "head.npz")
    assert (loaded.embedder, loaded.classes, loaded.scale) == ("toy", head.classes, head.scale)
    assert np.allclose(loaded.probabilities(vectors), head.probabilities(vectors), atol=1e-5)


def test_the_hidden_layer_reads_a_topic_said_two_opposite_ways_that_no_linear_head_can():
    # residence sits at +u and -u, employer at +v and -v: no single direction holds either
    rng = np.random.default_rng(4)
    u, v = np.eye(16)[0], np.eye(16)[1]
    points = [
        (sign * axis + 0.1 * rng.normal(size=16), label)
        for axis, label in ((u, "residence"), (v, "employer"))
        for sign in (1, -1)
        for _ in range(40)
    ]
    vectors = np.array([point for point, _ in points], dtype=np.float32)
    labels = [label for _, label in points]
    probes = {"residence": [u, -u], "employer": [v, -v]}
    head = fit_topic_head("toy", vectors, labels)
    assert all(head.topic_of(p)[0] == label for label, pair in probes.items() for p in pair)
    linear = fit_topic_head("toy", vectors, labels, HeadTraining(hidden=0))
    assert linear.hidden_weights is None
    assert not all(linear.topic_of(p)[0] == label for label, pair in probes.items() for p in pair)


def test_the_bundled_head_knows_the_topics_it_was_trained_on_and_only_the_default_embedders_vectors():
    head = bundled_head(E5Embedder.name)
    assert head is not None
    # every topic the signal reads (its prototypes), and nothing that is not a single-valued topic
    assert set(head.classes) - {NONE_CLASS} == set(STATEMENTS)
    assert set(STATEMENTS) <= set(SINGLE_VALUED_TOPICS)
    assert head.center.shape == (384,)  # multilingual-e5-small's vectors
    assert head.hidden_weights is not None and head.hidden_weights.shape == (384, HeadTraining().hidden)
    assert bundled_head("some-other-embedder") is None


@pytest.mark.parametrize(
    ("text", "topic", "mood"),
    [
        # the user's own clause asserts it
        ("I finished up at Knockmealdown on Friday", "employer", ASSERTION),
        # someone else's news, whatever else the message says
        (
            "Jess got the job at the hospital in Perth!! she flew over last week with two suitcases",
            "employer",
            THIRD_PARTY,
        ),
        # a question for the assistant beside the user's own statement: the topic, but only tentatively
        ("我在柳州这边上夜班，墙都在冒水，有啥办法", "residence", TENTATIVE),
        ("I'm an AB on the ferry, 6 years at sea, want to apply for some shore jobs", "job_title", TENTATIVE),
        # ... a question or a plan of no one's stays one
        ("柳州这几天回南天 墙都在冒水 有啥办法", "residence", QUESTION),
        ("want to apply for some shore jobs just to see", "employer", PLAN),
        # no clause of the user's own: tentative
        ("week one in Halifax done, the boxes are still everywhere", "residence", TENTATIVE),
        # a stay on a trip is no home
        ("just got back from two weeks in Lisbon, had a little flat in Alfama", "residence", PAST),
        # someone else's news outweighs a question about it
        ("my sister just moved to Denver, should I visit her there?", "residence", THIRD_PARTY),
    ],
)
def test_a_heard_topic_speaks_in_the_most_guarded_mood_of_the_message(text, topic, mood):
    assert heard_reading(text, topic, 0.9) == TopicSignal(topic, mood, SignalParams().min_strength)


def test_a_head_that_is_not_sure_enough_hears_nothing():
    params = SignalParams()
    assert (
        heard_reading("I finished up at Knockmealdown on Friday", "employer", params.heard_probability - 0.01)
        == NO_SIGNAL
    )
    assert (
        heard_reading("I finished up at Knockmealdown on Friday", "employer", params.heard_probability).topic
        == "employer"
    )


def _labelled(texts: list[str], head: TopicHead | None, embedder=None) -> list[tuple[str, str | None]]:
    rows = [
        candidate(text, "episode", kind="episode", message_id=f"m{at}", confidence=1.0)
        | {"keywords": ["Ana"], "context": None, "mood": None}
        for at, text in enumerate(texts)
    ]
    embed = (embedder or E5Embedder()).embed_passages
    labelled = label_statements(pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), embed, head=head)
    return labelled.select("topic", "mood").rows()


def _mentions(texts: list[str], head: TopicHead | None) -> list[tuple[str, list[str]]]:
    rows = [
        candidate(text, "episode", kind="episode", message_id=f"m{at}", confidence=1.0)
        | {"keywords": ["Ana"], "context": None, "mood": None}
        for at, text in enumerate(texts)
    ]
    embed = HashingEmbedder().embed_passages
    labelled = label_statements(pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), embed, head=head)
    return labelled.select("topic", "mentions").rows()


def _sure_of(
    topic: str, probability: float, classes: tuple[str, ...] = ("contact_time", "employer", "job_title", NONE_CLASS)
) -> TopicHead:
    """A head that hears `topic` with `probability` in any vector."""
    rest = (1 - probability) / (len(classes) - 1)
    bias = np.log([probability if name == topic else rest for name in classes])
    dim = HashingEmbedder.dim
    return TopicHead("toy", classes, np.zeros((dim, len(classes))), bias, np.zeros(dim), 1.0)


NO_WORD = "honestly the best decision I made this year, the team is lovely"  # no cue of any topic
OTHER_WORD = "on nights now, in charge of the whole floor. more paperwork, less walking"  # "nights": contact_time
BOTH_WORDS = "I'm a staff nurse at Corrib Lodge"  # a job title and an employer, both in words


def test_a_message_no_lexicon_entry_names_takes_the_heads_topic_when_it_is_sure_enough():
    params = SignalParams()
    hashing = HashingEmbedder()
    assert _labelled([NO_WORD], None, hashing) == [("episode", None)]
    assert _labelled([NO_WORD], _sure_of("job_title", params.heard_probability + 0.01), hashing) == [
        ("job_title", ASSERTION)
    ]
    assert _labelled([NO_WORD], _sure_of("job_title", params.heard_probability - 0.01), hashing) == [("episode", None)]
    assert _labelled([NO_WORD], _sure_of(NONE_CLASS, 0.99), hashing) == [("episode", None)]


def test_a_head_sure_of_a_topic_no_word_names_takes_it_over_a_word_of_another():
    params = SignalParams()
    hashing = HashingEmbedder()
    assert _labelled([OTHER_WORD], None, hashing) == [("contact_time", TENTATIVE)]
    sure = _sure_of("job_title", params.heard_override_probability + 0.01)
    assert _labelled([OTHER_WORD], sure, hashing) == [("job_title", ASSERTION)]
    unsure = _sure_of("job_title", params.heard_override_probability - 0.01)
    assert _labelled([OTHER_WORD], unsure, hashing) == [("contact_time", TENTATIVE)]


def test_a_head_that_hears_no_topic_leaves_the_lexicons_reading():
    assert _labelled([OTHER_WORD], _sure_of(NONE_CLASS, 0.99), HashingEmbedder()) == [("contact_time", TENTATIVE)]


def test_a_heard_topic_that_a_fact_of_the_message_holds_is_left_to_the_fact():
    fact = candidate("User is a charge nurse.", "job_title", kind="fact", message_id="m0", confidence=1.0)
    episode = candidate(NO_WORD, "episode", kind="episode", message_id="m0", confidence=1.0)
    rows = [fact | {"keywords": [], "context": None, "mood": None}]
    rows.append(episode | {"keywords": ["Ana"], "context": None, "mood": None})
    embed = HashingEmbedder().embed_passages
    labelled = label_statements(pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), embed, head=_sure_of("job_title", 0.9))
    assert labelled.select("kind", "topic").rows() == [("fact", "job_title"), ("episode", "episode")]


def test_a_heard_topic_said_again_in_its_conversation_is_talk_about_it():
    again = "the team is lovely and the hours are fine"
    labelled = _labelled([NO_WORD, again], _sure_of("job_title", 0.9), HashingEmbedder())
    assert labelled == [("job_title", ASSERTION), ("job_title", TENTATIVE)]


def test_a_head_sure_of_one_of_two_topics_the_message_names_picks_it_in_the_lexicons_reading_of_it():
    params = SignalParams()
    hashing = HashingEmbedder()
    lexicon = _labelled([BOTH_WORDS], None, hashing)
    assert lexicon == [("employer", ASSERTION)]
    sure = _sure_of("job_title", params.heard_override_probability + 0.01)
    assert _labelled([BOTH_WORDS], sure, hashing) == [("job_title", ASSERTION)]
    unsure = _sure_of("job_title", params.heard_override_probability - 0.01)
    assert _labelled([BOTH_WORDS], unsure, hashing) == lexicon


@pytest.mark.slow
def test_the_bundled_head_labels_a_change_said_in_words_no_lexicon_entry_names():
    moved = (
        "ok life update: week one in Halifax done, the boxes are still everywhere and I can't find a single saucepan."
        " what's an easy dinner with no pots"
    )
    sister = "my sister's finally in Denver now, packed a U-Haul last weekend and keeps sending me mountain pics"
    assert _labelled([moved, sister], None) == [("episode", None), ("residence", THIRD_PARTY)]
    assert _labelled([moved, sister], bundled_head(E5Embedder.name)) == [
        ("residence", TENTATIVE),
        ("residence", THIRD_PARTY),
    ]


@pytest.mark.slow
def test_a_night_with_the_default_embedder_hears_a_move_no_rule_names(tmp_path):
    from pipelines.extract.rules.engine import RulesExtractor
    from pipelines.ingest.read import IngestDefaults
    from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
    from pipelines.recall.reader import MemoryReader
    from pipelines.resolve.decay import DecayParams
    from tests.support.raw_logs import MAR, NIGHT, message, write_raw

    moved = (
        "ok life update: week one in Halifax done, the boxes are still everywhere and I can't find a single saucepan."
        " what's an easy dinner with no pots"
    )
    rows = [
        message("s1", 1, "I live in Toronto, in a condo near the lake", MAR(1)),
        message("s1", 2, "Nice, Toronto is a great city.", MAR(1), role="assistant"),
        message("s2", 1, moved, MAR(5)),
        message("s2", 2, "Congrats on the move! Try a one-pan traybake.", MAR(5), role="assistant"),
    ]
    raw, store, e5 = write_raw(tmp_path / "raw" / "part-0.parquet", rows).parent, tmp_path / "store", E5Embedder()
    stage_validate(raw, store, IngestDefaults(), NIGHT, run_key="n1")
    stage_extract(store, RulesExtractor(), e5, run_key="n1")
    stage_resolve(store, NIGHT, run_key="n1")
    stage_decay(store, NIGHT.date(), DecayParams(), run_key="n1")
    stage_publish(store, NIGHT, 3, {}, run_key="n1")
    found = MemoryReader(store, e5).recall("u1", "Where does the user live now?", k=3)
    assert found[0].content == moved
    assert found[0].topic == "residence"


def test_a_head_never_trained_on_the_lexicons_topic_cannot_override_it():
    # "gym" is not among the toy head's classes, as it is not among the bundled head's
    gym = "cancelled my membership at the climbing place, the new one by the station is cheaper"
    hashing = HashingEmbedder()
    assert _labelled([gym], None, hashing) == [("gym", ASSERTION)]
    assert _labelled([gym], _sure_of("job_title", 0.99), hashing) == [("gym", ASSERTION)]


def test_a_topic_the_head_hears_beside_the_label_is_stated_in_passing_when_the_user_says_it():
    params = SignalParams()
    below_override = _sure_of("job_title", params.heard_in_passing_probability + 0.01)
    assert params.heard_in_passing_probability + 0.01 < params.heard_override_probability
    # labelled with the nights by its words, it holds the new post too
    assert _mentions([OTHER_WORD], below_override) == [("contact_time", ["job_title"])]
    assert _mentions([OTHER_WORD], _sure_of("job_title", params.heard_in_passing_probability - 0.01)) == [
        ("contact_time", [])
    ]
    assert _mentions([OTHER_WORD], None) == [("contact_time", [])]


def test_a_topic_the_head_hears_in_someone_elses_news_or_the_labels_own_is_no_mention():
    params = SignalParams()
    heard = _sure_of("job_title", params.heard_in_passing_probability + 0.01)
    sister = "my sister is on nights now, in charge of the whole floor. more paperwork for her"
    assert _mentions([sister], heard) == [("contact_time", [])]
    # a topic the head hears as the label itself is not said again in passing
    assert _mentions([NO_WORD], _sure_of("job_title", 0.99)) == [("job_title", [])]
    assert _mentions([OTHER_WORD], _sure_of("contact_time", 0.99)) == [("contact_time", [])]
    # a contact topic needs its value written out, as one the words name does
    phone = _sure_of("phone", params.heard_in_passing_probability + 0.01, ("phone", "job_title", NONE_CLASS))
    assert _mentions([NO_WORD], phone) == [("episode", [])]


def test_a_topic_the_head_hears_in_an_option_weighed_is_no_mention():
    heard = _sure_of("employer", SignalParams().heard_in_passing_probability + 0.01, ("employer", NONE_CLASS))
    weighed = (
        "been thinking. if i got on with the county road crew id have a pension and real insurance. but i'd need a "
        "CDL first. how long does that take"
    )
    assert _mentions([weighed], heard) == [("episode", [])]
    # beside a question alone the user's own words still state it
    asked = "i drive for the county road crew now. how long does a CDL take"
    assert _mentions([asked], heard)[0][1] == ["employer"]


def test_a_head_sure_of_another_topic_does_not_trade_the_users_assertion_for_a_weaker_reading():
    # the head knows the topic, not whose it is: asked for tips beside it, the firm would only be tentative
    said = "I'm a staff nurse now, what should I pack for the first week?"
    hashing = HashingEmbedder()
    assert _labelled([said], None, hashing) == [("job_title", ASSERTION)]
    assert _labelled([said], _sure_of("employer", 0.99), hashing) == [("job_title", ASSERTION)]
    # ... and takes the head's topic when its reading is an assertion too
    assert _labelled([BOTH_WORDS], _sure_of("job_title", 0.99), hashing) == [("job_title", ASSERTION)]


def test_a_head_sure_of_a_topic_no_word_names_does_not_trade_a_title_said_twice_for_it():
    hashing = HashingEmbedder()
    said = "我在一家国际发展机构的北京办公室当项目官员，想请你帮我改一下招募文案的标题"
    assert _labelled([said], None, hashing) == [("job_title", ASSERTION)]
    assert _labelled([said], _sure_of("employer", 0.99), hashing) == [("job_title", ASSERTION)]
    # (named once, the head still weighs it: OTHER_WORD above)
