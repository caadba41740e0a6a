"""The reader of whose state a message states from its words: the same data give the same reader in any process,
the bundled one tells the user's own value said beside a request from someone else's news, a plan or a
hypothetical, and the nightly labeller lets it make a tentative reading the user's own assertion only where the
topic head hears the topic and the rules gave the message to no one else."""

import os
import subprocess
import sys

import numpy as np
import polars as pl
import pytest

from pipelines.extract.signals.mood import ASSERTION, PLAN, TENTATIVE, THIRD_PARTY
from pipelines.extract.signals.own_words import (
    FEATURES,
    OwnWords,
    bundled_own_words,
    feature_slots,
    fit_own_words,
    main,
)
from pipelines.extract.signals.topic_head import NONE_CLASS, OWN_CLASS
from pipelines.extract.signals.topic_signal import SignalParams
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.labelled_episodes import labelled_moods
from tests.support.toy_heads import toy_head

WEAK = "on nights now, in charge of the whole floor. more paperwork, less walking"  # contact_time, tentative
SISTER = "my sister just moved to Denver and keeps sending me mountain pics"
PLANNED = "thinking about moving to Austin next year"
HEARS_CONTACT_TIME = toy_head({"contact_time": 0.6, NONE_CLASS: 0.4})
HEARS_RESIDENCE = toy_head({"residence": 0.6, NONE_CLASS: 0.4})

OWN = ["I'm a nurse in Leeds now", "我现在在杭州上班", "moved to Porto last month, loving it", "我住在成都"]
NOT_OWN = ["my sister is a nurse in Leeds", "我朋友在杭州上班", "might move to Porto someday", "要是我住成都就好了"]


def _saying(probability: float) -> OwnWords:
    """A reader that gives every message `probability` of stating the user's own value."""
    return OwnWords(np.zeros(FEATURES, dtype=np.float32), float(np.log(probability / (1 - probability))))


def _labelled(
    texts: list[str], own_words: OwnWords | None, head=HEARS_CONTACT_TIME, own_head=None
) -> list[tuple[str, str | None]]:
    embed = HashingEmbedder().embed_passages
    return labelled_moods(texts, embed, head=head, own_head=own_head, own_words=own_words)


def test_the_same_messages_give_the_same_reader_and_it_survives_saving(tmp_path):
    first = fit_own_words(OWN + NOT_OWN, [True] * 4 + [False] * 4, steps=50)
    second = fit_own_words(OWN + NOT_OWN, [True] * 4 + [False] * 4, steps=50)
    assert np.array_equal(first.weights, second.weights) and first.bias == second.bias
    first.save(tmp_path / "reader.npz")
    loaded = OwnWords.load(tmp_path / "reader.npz")
    assert np.allclose(loaded.probabilities(OWN + NOT_OWN), first.probabilities(OWN + NOT_OWN), atol=1e-3)
    # it learned the messages it was given
    assert (first.probabilities(OWN) > 0.5).all() and (first.probabilities(NOT_OWN) < 0.5).all()


def test_a_messages_features_are_the_same_in_every_process():
    # Python's own string hash is salted per process: a reader trained in one would read noise in the next
    script = (
        "from pipelines.extract.signals.own_words import feature_slots; print(feature_slots('我住在成都 now').tolist())"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", script],
            env=os.environ | {"PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert seen == {f"{feature_slots('我住在成都 now').tolist()}\n"}


def test_numbers_of_any_value_are_one_word():
    assert np.array_equal(feature_slots("call me at 555-0199"), feature_slots("call me at 917-2024"))
    assert not np.array_equal(feature_slots("call me at 555-0199"), feature_slots("call him at 555-0199"))


def test_how_a_message_opens_is_a_feature_of_its_own():
    # "moved to Leeds" opening a message is the user's news; after "my sister" it is hers
    opening = set(feature_slots("moved to Leeds last week").tolist())
    assert not opening <= set(feature_slots("my sister moved to Leeds last week").tolist())


def test_training_reads_every_file_given(tmp_path):
    for name, texts, own in (("a", OWN, "own"), ("b", NOT_OWN, "not_own")):
        pl.DataFrame({"content": texts, "label": [own] * len(texts), "kind": ["x"] * len(texts)}).write_parquet(
            tmp_path / f"{name}.parquet"
        )
    main([str(tmp_path / "a.parquet"), str(tmp_path / "b.parquet"), "--out", str(tmp_path / "r.npz")])
    reader = OwnWords.load(tmp_path / "r.npz")
    assert (reader.probabilities(OWN) > 0.5).all() and (reader.probabilities(NOT_OWN) < 0.5).all()


@pytest.mark.parametrize(
    ("own", "not_own"),
    [
        (
            "帮我写个请假条，我在实验小学教三年级数学",
            "我表姐上个月搬去成都了，天天给我发火锅照片",
        ),
        ("我在一家物流公司做调度，最近老加班，有啥提神的办法", "如果我去上海工作的话，工资能涨多少？"),
        (
            "i work the front desk at a dental office in Fresno, how do i handle patients who yell about billing",
            "my brother just started at Google as a product manager, so proud of him",
        ),
        ("quick one, I teach piano out of my flat in Glasgow, can you draft a price list", PLANNED),
    ],
)
def test_the_bundled_reader_tells_the_users_own_value_beside_a_request_from_anothers_or_a_plan(own, not_own):
    reader = bundled_own_words()
    assert reader is not None
    said, other = reader.probabilities([own, not_own])
    assert said >= SignalParams().own_words_probability
    assert other <= 0.3


def test_a_tentative_reading_is_the_users_assertion_when_the_words_reader_is_sure():
    sure = SignalParams().own_words_probability
    assert _labelled([WEAK], None) == [("contact_time", TENTATIVE)]
    assert _labelled([WEAK], _saying(sure + 0.005)) == [("contact_time", ASSERTION)]
    assert _labelled([WEAK], _saying(sure - 0.005)) == [("contact_time", TENTATIVE)]


def test_the_words_reader_makes_no_assertion_the_topic_head_does_not_hear():
    sure = _saying(0.999)
    below = SignalParams().own_topic_probability - 0.01
    assert _labelled([WEAK], sure, head=toy_head({"contact_time": below, NONE_CLASS: 1 - below})) == [
        ("contact_time", TENTATIVE)
    ]
    assert _labelled([WEAK], sure, head=None) == [("contact_time", TENTATIVE)]


def test_the_words_reader_leaves_someone_elses_news_and_a_plan_as_the_rules_read_them():
    assert _labelled([SISTER, PLANNED], _saying(0.9999), head=HEARS_RESIDENCE) == [
        ("residence", THIRD_PARTY),
        ("residence", PLAN),
    ]


def _own_head(probability: float):
    return toy_head({"not_own": 1 - probability, OWN_CLASS: probability})


def test_a_reading_the_rules_gave_someone_else_is_the_users_when_both_readers_lean_that_way():
    # the user's home told through someone else's deed: the rules read the landlord as the subject
    landlord = "my landlord in Ballard is raising the rent again"
    params = SignalParams()
    words, leaning = params.own_words_over_probability, params.own_probability_beside_words
    assert _labelled([landlord], None, head=HEARS_RESIDENCE) == [("residence", THIRD_PARTY)]
    assert _labelled([landlord], _saying(words + 0.005), HEARS_RESIDENCE, _own_head(leaning + 0.005)) == [
        ("residence", ASSERTION)
    ]
    # ... not on the words alone, nor with the words reader short of sure
    assert _labelled([landlord], _saying(words + 0.005), HEARS_RESIDENCE, _own_head(leaning - 0.005)) == [
        ("residence", THIRD_PARTY)
    ]
    assert _labelled([landlord], _saying(words - 0.005), HEARS_RESIDENCE, _own_head(leaning + 0.005)) == [
        ("residence", THIRD_PARTY)
    ]
    # ... and someone else's change told in words stays theirs
    assert _labelled([SISTER], _saying(0.9999), HEARS_RESIDENCE, _own_head(0.98)) == [("residence", THIRD_PARTY)]


@pytest.mark.slow
def test_a_night_takes_the_users_own_state_beside_a_request_for_a_statement_that_closes_the_older_one(tmp_path):
    from pipelines.cli import main as memory
    from pipelines.recall.history import topic_history
    from pipelines.store.snapshots import SnapshotStore
    from tests.support.raw_logs import MAR, NIGHT, message, write_raw

    rows = [
        message("s1", 1, "我现在单身，一个人住", MAR(1)),
        message("s1", 2, "好的，记住了。", MAR(1), role="assistant"),
        # the rules read the boyfriend's birthday; the words read the user's own state beside the request
        message("s2", 1, "男朋友下周过生日 他是做设计的 送啥好 预算一千", MAR(5)),
    ]
    write_raw(tmp_path / "raw" / "part-0.parquet", rows)
    args = ["materialize", "--raw", str(tmp_path / "raw"), "--store", str(tmp_path / "s"), "--run-as-of"]
    assert memory([*args, NIGHT.isoformat()]) == 0
    timeline = topic_history(SnapshotStore(tmp_path / "s"), "u1", "relationship_status")
    said = {ids[0]: status for ids, status in timeline.select("source_message_ids", "status").iter_rows()}
    assert said["s2:1"] == "current" and said["s1:1"] != "current"
