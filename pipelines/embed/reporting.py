"""An embedder that embeds passages a few hundred at a time and reports each chunk as done, so a night's
embedding shows its progress; the vectors are the wrapped embedder's (each text is embedded on its own)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pipelines.embed.e5 import Embedder
from pipelines.progress import Progress

# Big enough that the bundled model's worker threads each take a few parts of every chunk (pipelines.embed.e5),
# small enough that a terminal sees the count move every few seconds on 2 cores.
CHUNK_TEXTS = 256


class ReportingEmbedder:
    """`embedder` with each call's texts added to the running stage's total and advanced chunk by chunk."""

    def __init__(self, embedder: Embedder, progress: Progress, chunk: int = CHUNK_TEXTS) -> None:
        self.embedder, self.progress, self.chunk = embedder, progress, chunk
        # the wrapped embedder's name: the cache keys vectors by it, the snapshot records it
        self.name, self.dim, self.similarity_floor = embedder.name, embedder.dim, embedder.similarity_floor

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.progress.add_total(len(texts))
        parts = []
        for start in range(0, len(texts), self.chunk):
            chunk = texts[start : start + self.chunk]
            parts.append(self.embedder.embed_passages(chunk))
            self.progress.advance(len(chunk))
        return np.concatenate(parts) if parts else self.embedder.embed_passages(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embedder.embed_query(text)
