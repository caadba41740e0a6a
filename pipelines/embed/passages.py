"""A memory's vector: the embedding of the passage that says it; an episode's leans towards the turn before it.

Embedded through the cache, so a rerun embeds nothing it has seen and a message is embedded once.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from pipelines.core.config import LimitSettings
from pipelines.embed.cache import EmbeddingCache
from pipelines.embed.e5 import Embedder

MAX_CHARS = LimitSettings.max_message_chars
# How far an episode's vector leans towards its previous turn: the weight of that turn's vector in the sum.
# Chosen on every dev set together (docs/recall.md, "An episode's context without a second passage").
CONTEXT_WEIGHT = 0.7


def embedding_texts(
    kind: str, content: str, keywords: list[str] | None, context: str | None, max_chars: int = MAX_CHARS
) -> list[str]:
    """Passages whose weighted sum of embeddings is the memory's vector (`memory_vectors`), each text cut to its
    first `max_chars` characters (e5 reads 512 tokens anyway, and its cost grows with the length it is given).

    An episode is embedded as "speaker: message", plus its context when it has one: the previous turn, which
    `episode_for` writes as that turn's own passage ("speaker: message", the message cut to `max_chars`), so
    the cache finds it embedded for that turn's episode and no message is embedded twice. The first keeps the
    vector on what was said, the second lets a question about the exchange reach the answer.
    """
    content = content[:max_chars]
    if kind != "episode":
        return [content]
    said = f"{keywords[0]}: {content}" if keywords else content
    # the context is already a cut message behind a speaker's name: a wider bound keeps it equal to that turn's
    # passage (so the cache has it) while still stopping a pathological speaker name
    return [said, context[: 2 * max_chars]] if context else [said]


def passage_weights(texts: list[str]) -> list[float]:
    """The weight of each of a memory's passages (`embedding_texts`) in its vector: what was said counts
    whole, the previous turn `CONTEXT_WEIGHT`."""
    return [1.0, CONTEXT_WEIGHT][: len(texts)]


def memory_vectors(
    frame: pl.DataFrame, cache: EmbeddingCache, embedder: Embedder, max_chars: int = MAX_CHARS
) -> np.ndarray:
    """(n, dim) L2-normalised vectors for rows with kind, content, keywords, context; through the cache (each
    text kept in its user's shard part), every text of the frame in one call (the engine packs a call's tokens
    into large batches, and a text asked twice in a call is embedded once)."""
    rows = frame.select("kind", "content", "keywords", "context", "user_id").iter_rows()
    per_row = [
        (user, embedding_texts(kind, content, keywords, context, max_chars))
        for kind, content, keywords, context, user in rows
    ]
    if not per_row:
        return np.empty((0, embedder.dim), dtype=np.float32)
    flat = [text for _, texts in per_row for text in texts]
    vectors = cache.embed(flat, embedder, users=[user for user, texts in per_row for _ in texts])
    weights = np.array([w for _, texts in per_row for w in passage_weights(texts)], dtype=np.float32)
    starts = np.cumsum([0] + [len(texts) for _, texts in per_row[:-1]])
    summed = np.add.reduceat(vectors * weights[:, None], starts, axis=0)  # every row has at least one text
    norms = np.linalg.norm(summed, axis=1, keepdims=True)
    return np.divide(summed, norms, out=summed, where=norms > 0).astype(np.float32)
