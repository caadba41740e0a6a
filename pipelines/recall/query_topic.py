"""Which single-valued topic a recall query asks about ("where does the user live?" → residence), if any.

The same lexicon as the statements' topic signal, and the e5 query vector against question prototypes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from pipelines.core.topics import SERVICE_TOPICS
from pipelines.extract.signals.collections import asked_collection
from pipelines.extract.signals.lexicon import SERVICE_NAMES
from pipelines.extract.signals.mood import about_a_trip
from pipelines.extract.signals.prototypes import QUESTIONS, TopicCentroids, centroids
from pipelines.extract.signals.topic_signal import SignalParams, message_signal, vector_preference

# A question with no word of any topic's lexicon still asks about one when e5 puts it this many standard deviations
# (of the spread over topics) above the next topic's question prototypes ("What is the user's marital status now?",
# "用户那时读的是什么专业？"; not "用户家里养猫吗？", as near the diet questions as the residence ones). Statements need
# a word as well; a question to the memory is short and names what it asks.
QUESTION_ONLY_MARGIN = 0.8

# A honeymoon asked about is a trip, not the marriage: "Where is the user going on honeymoon?" (said by the user,
# "back from the honeymoon" still tells that they married)
_HONEYMOON = re.compile(r"honeymoon|蜜月", re.IGNORECASE)


class QueryTopics:
    """Recognises a query's topic; the question prototypes are embedded once, on first use."""

    def __init__(
        self,
        embed_query: Callable[[str], np.ndarray] | None,
        params: SignalParams = SignalParams(),
        question_similarity: Callable[[], float | None] = lambda: None,
    ):
        """`question_similarity`: the embedder's cosine to a topic's question prototypes at which a question with no
        topic word asks about it (E5Embedder.question_topic_similarity), or None: topics from words only. A
        callable, as the embedder loads on first use."""
        self._embed_query = embed_query
        self._params = params
        self._question_similarity = question_similarity
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
        if about_a_trip(query) or _HONEYMOON.search(query):
            return None
        centroids_ = self._question_centroids() if vector is not None else None
        said = message_signal(query, vector, centroids_, self._params).topic
        if said is None and asked_collection(query) is None:  # "which languages can the user speak?"
            said = _asked_in_other_words(vector, centroids_, self._question_similarity())
        # a service is asked about by its name or its place; what is done there asks about a pastime or an event
        # ("How often does John work out?", "最近我在尝试哪些健身的方法？", "When is the next appointment?")
        return None if said in SERVICE_TOPICS and not SERVICE_NAMES.search(query) else said


def _asked_in_other_words(
    vector: np.ndarray | None, centroids_: TopicCentroids | None, similarity: float | None
) -> str | None:
    """The topic the vector alone reads in a question whose words no lexicon knows, when it is as close as
    `similarity` to that topic's question prototypes (a question about something else entirely can still stand out
    among the topics) and stands clear of the rest."""
    ranked = sorted(vector_preference(vector, centroids_).items(), key=lambda item: -item[1])
    if vector is None or centroids_ is None or similarity is None or len(ranked) < 2:
        return None
    (best, preference), (_, runner_up) = ranked[0], ranked[1]
    close = centroids_.similarities(vector)[best] >= similarity
    return best if close and preference - runner_up >= QUESTION_ONLY_MARGIN else None
