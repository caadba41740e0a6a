"""The embedding cache: each text is embedded once per model, across runs."""

import numpy as np

from pipelines.embed.cache import EmbeddingCache


def test_embedding_cache_never_embeds_the_same_text_twice(tmp_path, embedder):
    path = tmp_path / "cache" / "embeddings.parquet"
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
