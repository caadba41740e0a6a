"""A memory's vector: the mean embedding of the passages that say it (an episode also with its context).

Embedded through the cache, so a rerun embeds nothing it has seen.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from pipelines.core.config import LimitSettings
from pipelines.embed.cache import EmbeddingCache
from pipelines.embed.e5 import Embedder

MAX_CHARS = LimitSettings.max_message_chars


def embedding_texts(
    kind: str, content: str, keywords: list[str] | None, context: str | None, max_chars: int = MAX_CHARS
) -> list[str]:
    """Passages whose mean embedding is the memory's vector, each text cut to its first `max_chars` characters
    (e5 reads 512 tokens anyway, and its cost grows with the length it is given).

    An episode is embedded as "speaker: message" and again with the previous turn before it: the first
    keeps the vector on what was said, the second lets a question about the exchange reach the answer.
    """
    content, context = content[:max_chars], context[:max_chars] if context else context
    if kind != "episode":
        return [content]
    said = f"{keywords[0]}: {content}" if keywords else content
    return [said, f"{context}\n{said}"] if context else [said]


def memory_vectors(
    frame: pl.DataFrame, cache: EmbeddingCache, embedder: Embedder, max_chars: int = MAX_CHARS
) -> np.ndarray:
    """(n, dim) L2-normalised vectors for rows with kind, content, keywords, context; through the cache (each
    text kept in its user's shard part), every text of the frame in one call (the engine packs a call's tokens
    into large batches)."""
    rows = frame.select("kind", "content", "keywords", "context", "user_id").iter_rows()
    per_row = [
        (user, embedding_texts(kind, content, keywords, context, max_chars))
        for kind, content, keywords, context, user in rows
    ]
    if not per_row:
        return np.empty((0, embedder.dim), dtype=np.float32)
    flat = [text for _, texts in per_row for text in texts]
    vectors = cache.embed(flat, embedder, users=[user for user, texts in per_row for _ in texts])
    starts = np.cumsum([0] + [len(texts) for _, texts in per_row[:-1]])
    summed = np.add.reduceat(vectors, starts, axis=0)  # every row has at least one text
    norms = np.linalg.norm(summed, axis=1, keepdims=True)
    return np.divide(summed, norms, out=summed, where=norms > 0).astype(np.float32)
