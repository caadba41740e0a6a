"""The embedding cache: unchanged text is never embedded twice.

Passage vectors keyed by (model, sha256 of the text), one Parquet file `<store>/cache/embeddings.parquet`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl

from pipelines.core.atomic import write_atomic
from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.embed.e5 import Embedder


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
            self._vectors = dict(zip(cached["text_hash"].to_list(), np.asarray(matrix, dtype=np.float32), strict=True))
        self.hits = 0
        self.misses = 0

    def embed(self, texts: Sequence[str], embedder: Embedder) -> np.ndarray:
        """Embeddings for `texts` in order, computing only those not cached."""
        hashes = [text_hash(t) for t in texts]
        todo = {h: t for h, t in zip(hashes, texts, strict=True) if h not in self._vectors}
        self.misses += len(todo)
        self.hits += len(hashes) - len(todo)
        if todo:
            fresh = embedder.embed_passages(list(todo.values()))
            self._vectors.update(zip(todo.keys(), fresh, strict=True))
            self._dirty = True
        if not hashes:
            return np.empty((0, embedder.dim), dtype=np.float32)
        return np.stack([self._vectors[h] for h in hashes])

    def save(self) -> None:
        """Write the cache atomically (other models' rows are kept)."""
        if not self._dirty:
            return
        mine = pl.DataFrame(
            {
                "model": [self.model] * len(self._vectors),
                "text_hash": list(self._vectors),
                "embedding": np.stack(list(self._vectors.values())),
            },
        )
        if self.path.exists():
            others = pl.read_parquet(self.path).filter(pl.col("model") != self.model)
            mine = pl.concat([others, mine.cast(others.schema)]) if others.height else mine
        write_atomic(self.path, mine.write_parquet)
        self._dirty = False
