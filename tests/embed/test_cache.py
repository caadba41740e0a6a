"""The embedding cache: each text is embedded once per model, across runs."""

import numpy as np

from pipelines.embed.cache import COMMON, EmbeddingCache
from pipelines.store.shards import shard_name, shard_of


def test_embedding_cache_never_embeds_the_same_text_twice(tmp_path, embedder):
    path = tmp_path / "cache" / "embeddings"
    first = EmbeddingCache(path, embedder.name)
    vectors = first.embed(["用户住在北京", "User likes tables.", "用户住在北京"], embedder)
    first.save()
    assert embedder.calls == 2 and (first.misses, first.hits) == (2, 1)
    assert np.allclose(vectors[0], vectors[2])
    again = EmbeddingCache(path, embedder.name)
    assert np.allclose(again.embed(["User likes tables."], embedder)[0], vectors[1])
    assert embedder.calls == 2 and again.hits == 1
    other_model = EmbeddingCache(path, "another-model@1")
    other_model.embed(["User likes tables."], embedder)
    other_model.save()
    assert embedder.calls == 3  # a cache entry is only valid for the model that made it
    assert EmbeddingCache(path, embedder.name).embed(["用户住在北京"], embedder).shape == (1, 384)
    assert embedder.calls == 3


def test_a_users_texts_are_kept_in_their_shards_part_and_loaded_with_it(tmp_path, embedder):
    folder = tmp_path / "cache" / "embeddings"
    cache = EmbeddingCache(folder, embedder.name, shard_count=4)
    cache.embed(["I moved to Porto", "topic prototype"], embedder, users=["u1", None])
    cache.save()
    part = shard_name(shard_of("u1", 4))
    assert sorted(p.stem for p in folder.glob("*.parquet")) == sorted([part, COMMON])
    elsewhere = EmbeddingCache(folder, embedder.name, shard_count=4, shards=[(shard_of("u1", 4) + 1) % 4])
    elsewhere.embed(["I moved to Porto", "topic prototype"], embedder)
    assert (elsewhere.hits, elsewhere.misses) == (1, 1)  # a night of other shards never loads u1's part
    theirs = EmbeddingCache(folder, embedder.name, shard_count=4, shards=[shard_of("u1", 4)])
    theirs.embed(["I moved to Porto"], embedder, users=["u1"])
    assert (theirs.hits, theirs.misses) == (1, 0)


def test_a_night_holds_the_vectors_of_its_own_texts_not_its_shards_whole_cache(tmp_path, embedder):
    folder = tmp_path / "cache" / "embeddings"
    before = EmbeddingCache(folder, embedder.name, shard_count=4)
    before.embed([f"old message {i}" for i in range(50)], embedder, users=["u1"] * 50)
    before.save()
    night = EmbeddingCache(folder, embedder.name, shard_count=4, shards=[shard_of("u1", 4)])
    night.embed(["old message 7", "a new message"], embedder, users=["u1", "u1"])
    assert (night.hits, night.misses) == (1, 1) and night.held == 2  # not the 50 vectors of u1's part
