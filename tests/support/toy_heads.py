"""A learned head that gives every vector the same class probabilities, for labelling tests."""

import numpy as np

from pipelines.extract.signals.topic_head import TopicHead
from tests.support.hashing_embedder import HashingEmbedder


def toy_head(probabilities: dict[str, float]) -> TopicHead:
    """A head over HashingEmbedder vectors that gives every vector these class `probabilities`."""
    classes = tuple(probabilities)
    dim = HashingEmbedder.dim
    bias = np.log(list(probabilities.values()))
    return TopicHead("toy", classes, np.zeros((dim, len(classes))), bias, np.zeros(dim), 1.0)
