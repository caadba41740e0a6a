"""The reporting embedder: the same vectors as the embedder it wraps, embedded and counted a chunk at a time."""

import numpy as np

from pipelines.embed.cache import EmbeddingCache
from pipelines.embed.reporting import ReportingEmbedder
from pipelines.progress import Progress


class Chunks:
    """Records each stage report the embedder makes."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, int | None, int]] = []

    def show(self, figures, event):
        self.seen.append((event, figures.total, figures.count))


def test_texts_are_embedded_a_chunk_at_a_time_each_reported_with_the_wrapped_vectors(embedder, tmp_path):
    texts = [f"memory {i}: 用户住在北京 {i}" for i in range(7)]
    chunks = Chunks()
    progress = Progress(chunks)
    progress.start("embed", 0, "texts")
    wrapped = ReportingEmbedder(embedder, progress, chunk=3)
    vectors = wrapped.embed_passages(texts)
    assert np.array_equal(vectors, embedder.embed_passages(texts))
    assert chunks.seen == [("start", 0, 0), ("advance", 7, 3), ("advance", 7, 6), ("advance", 7, 7)]
    assert (wrapped.name, wrapped.dim, wrapped.similarity_floor) == (embedder.name, 384, 0.0)


def test_through_the_cache_only_the_texts_it_lacks_are_counted(embedder, tmp_path):
    cache = EmbeddingCache(tmp_path / "embeddings.parquet", embedder.name)
    cache.embed(["User likes tables."], embedder)
    progress = Progress()
    progress.start("embed", 0, "texts")
    cache.embed(["User likes tables.", "用户住在北京", "User lives in Oslo."], ReportingEmbedder(embedder, progress))
    assert ReportingEmbedder(embedder, progress).embed_passages([]).shape == (0, 384)
    assert progress.finish().count == 2
