"""The texts a memory is embedded as: an episode as said, and its previous turn as that turn's own passage, so
each message is embedded once; the vector leans towards the previous turn by CONTEXT_WEIGHT."""

from datetime import UTC, datetime
from types import SimpleNamespace

import numpy as np
import polars as pl

from pipelines.core.schemas import Message
from pipelines.embed import passages
from pipelines.embed.cache import EmbeddingCache
from pipelines.embed.passages import CONTEXT_WEIGHT, embedding_texts, memory_vectors
from pipelines.extract.candidates import episode_for


def _turn(seq: int, content: str, speaker: str | None) -> Message:
    at = datetime(2026, 3, 1, 9, seq, tzinfo=UTC)
    return Message(
        message_id=f"s:{seq}", agent_id="a", user_id="u", session_id="s", msg_seq=seq, role="user",
        speaker=speaker, content=content, ts=at,
    )  # fmt: skip


def _texts(episode) -> list[str]:
    return embedding_texts("episode", episode.content, episode.keywords, episode.context, max_chars=200)


def test_an_episode_is_embedded_as_said_and_its_previous_turn_never_as_the_two_joined():
    assert embedding_texts("episode", "Yes!", ["Mel"], "Caroline: Swim?") == ["Mel: Yes!", "Caroline: Swim?"]
    assert embedding_texts("episode", "Yes!", [], None) == ["Yes!"]
    assert embedding_texts("fact", "User swims.", ["swim"], None) == ["User swims."]


def test_the_previous_turn_is_embedded_as_the_very_text_of_its_own_episode_even_when_cut():
    for said in ("Swim?", "I live in Oslo " * 100):  # short, and longer than the cap
        question, answer = _turn(1, said, "Caroline"), _turn(2, "Yes!", "Mel")
        first, second = episode_for(question, max_chars=200), episode_for(answer, question, max_chars=200)
        assert _texts(second)[1] == _texts(first)[0]  # the cache returns it: one embedding for both


def test_every_embedded_text_is_cut_to_the_message_cap():
    long_said = "I live in Oslo " * 1_000
    texts = embedding_texts("episode", long_said, ["Mel"], "Bot: where? " * 1_000, max_chars=200)
    assert texts == ["Mel: " + long_said[:200], ("Bot: where? " * 1_000)[:400]]
    assert embedding_texts("fact", long_said, [], None, max_chars=200) == [long_said[:200]]


def test_a_session_embeds_each_message_once_and_a_vector_leans_on_its_previous_turn(tmp_path, embedder):
    frame = pl.DataFrame(
        {
            "kind": ["episode", "episode", "fact", "episode"],
            "content": ["Swim?", "Yes!", "User swims.", "Hi"],
            "keywords": [["Caroline"], ["Mel"], ["swim"], []],
            "context": [None, "Caroline: Swim?", None, None],
            "user_id": ["u1", "u1", "u1", "u2"],
        }
    )
    calls = []
    counting = SimpleNamespace(
        name=embedder.name,
        dim=embedder.dim,
        embed_passages=lambda texts: calls.append(texts) or embedder.embed_passages(texts),
    )
    vectors = memory_vectors(frame, EmbeddingCache(tmp_path / "embeddings", embedder.name), counting)
    assert calls == [["Caroline: Swim?", "Mel: Yes!", "User swims.", "Hi"]]
    question, answer, fact, hi = embedder.embed_passages(calls[0])
    summed = answer + CONTEXT_WEIGHT * question
    assert np.allclose(vectors, [question, summed / np.linalg.norm(summed), fact, hi], atol=1e-6)
    empty = memory_vectors(frame.clear(), EmbeddingCache(tmp_path / "none", embedder.name), embedder)
    assert empty.shape == (0, embedder.dim)


def test_the_context_weight_is_what_the_vector_uses(tmp_path, embedder, monkeypatch):
    row = {"kind": "episode", "content": "Yes!", "keywords": ["Mel"], "context": "Caroline: Swim?", "user_id": "u"}
    frame = pl.DataFrame([row])
    monkeypatch.setattr(passages, "CONTEXT_WEIGHT", 0.0)
    alone = memory_vectors(frame, EmbeddingCache(tmp_path / "e", embedder.name), embedder)
    assert np.allclose(alone[0], embedder.embed_passages(["Mel: Yes!"])[0], atol=1e-6)
