"""The texts a memory is embedded as: an episode as said, and with the turn before it."""

from types import SimpleNamespace

import numpy as np
import polars as pl

from pipelines.embed.cache import EmbeddingCache
from pipelines.embed.passages import embedding_texts, memory_vectors


def test_an_episode_is_embedded_as_said_and_with_the_turn_before():
    assert embedding_texts("episode", "Yes!", ["Mel"], "Caroline: Swim?") == ["Mel: Yes!", "Caroline: Swim?\nMel: Yes!"]
    assert embedding_texts("episode", "Yes!", [], None) == ["Yes!"]
    assert embedding_texts("fact", "User swims.", ["swim"], None) == ["User swims."]


def test_every_embedded_text_is_cut_to_the_message_cap():
    long_said, long_context = "I live in Oslo " * 1_000, "Bot: where? " * 1_000
    texts = embedding_texts("episode", long_said, ["Mel"], long_context, max_chars=200)
    assert texts == ["Mel: " + long_said[:200], long_context[:200] + "\nMel: " + long_said[:200]]
    assert embedding_texts("fact", long_said, [], None, max_chars=200) == [long_said[:200]]


def test_a_memory_vector_is_the_normalised_sum_of_its_passages_embedded_in_one_call(tmp_path, embedder):
    frame = pl.DataFrame(
        {
            "kind": ["episode", "fact", "episode"],
            "content": ["Yes!", "User swims.", "Hi"],
            "keywords": [["Mel"], ["swim"], []],
            "context": ["Caroline: Swim?", None, None],
            "user_id": ["u1", "u1", "u2"],
        }
    )
    calls = []
    counting = SimpleNamespace(
        name=embedder.name,
        dim=embedder.dim,
        embed_passages=lambda texts: calls.append(texts) or embedder.embed_passages(texts),
    )
    vectors = memory_vectors(frame, EmbeddingCache(tmp_path / "embeddings", embedder.name), counting)
    assert calls == [["Mel: Yes!", "Caroline: Swim?\nMel: Yes!", "User swims.", "Hi"]]
    passages = embedder.embed_passages(calls[0])
    summed = passages[0] + passages[1]
    assert np.allclose(vectors, [summed / np.linalg.norm(summed), passages[2], passages[3]], atol=1e-6)
    empty = memory_vectors(frame.clear(), EmbeddingCache(tmp_path / "none", embedder.name), embedder)
    assert empty.shape == (0, embedder.dim)
