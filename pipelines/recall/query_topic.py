"""Which single-valued topic a recall query asks about ("where does the user live?" → residence), if any.

The same lexicon as the statements' topic signal, and the e5 query vector against question prototypes.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pipelines.extract.signals.mood import about_a_trip
from pipelines.extract.signals.prototypes import QUESTIONS, TopicCentroids, centroids
from pipelines.extract.signals.topic_signal import SignalParams, message_signal


class QueryTopics:
    """Recognises a query's topic; the question prototypes are embedded once, on first use."""

    def __init__(self, embed_query: Callable[[str], np.ndarray] | None, params: SignalParams = SignalParams()):
        self._embed_query = embed_query
        self._params = params
        self._centroids: TopicCentroids | None = None

    def _question_centroids(self) -> TopicCentroids | None:
        if self._embed_query is None:
            return None
        if self._centroids is None:
            embed = self._embed_query
            self._centroids = centroids(lambda texts: np.stack([embed(text) for text in texts]), QUESTIONS)
        return self._centroids

    def topic_of(self, query: str, vector: np.ndarray | None) -> str | None:
        """The topic `query` asks about, or None (no topic-specific ranking then).

        A question about trips and visits ("which cities has she visited?") asks about events, not a state.
        """
        if about_a_trip(query):
            return None
        centroids_ = self._question_centroids() if vector is not None else None
        return message_signal(query, vector, centroids_, self._params).topic
