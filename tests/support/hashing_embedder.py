"""A deterministic stand-in for the e5 embedder: character bigrams hashed into 384 dims.

Similar strings get similar vectors and no model is loaded, so pipeline and recall tests stay fast.
"""

from __future__ import annotations

import hashlib

import numpy as np


class HashingEmbedder:
    """Bag of character bigrams hashed into 384 dims: similar strings get similar vectors, no model needed."""

    name = "hashing-test@1"
    dim = 384
    similarity_floor = 0.0

    def __init__(self) -> None:
        self.calls = 0

    def _vector(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        text = text.lower()
        for i in range(max(len(text) - 1, 1)):
            gram = text[i : i + 2]
            vec[int(hashlib.md5(gram.encode()).hexdigest(), 16) % self.dim] += 1.0
        norm = np.linalg.norm(vec)
        return vec / norm if norm else vec

    def embed_passages(self, texts):
        self.calls += len(texts)
        return np.stack([self._vector(t) for t in texts]) if texts else np.empty((0, self.dim), np.float32)

    def embed_query(self, text):
        return self._vector(text)
