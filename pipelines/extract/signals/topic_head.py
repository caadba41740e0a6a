"""A learned topic head: a softmax over the e5 vector of a user message, trained on labelled messages.

The lexicon names a topic only in the words it lists, and a new phrasing ("week 1 in kamloops", "picked up the
keys for the Petone place") has none of them. The head reads the topic from the vector the message already has,
so it carries over to phrasings no entry was written for. It is trained on the messages of the project's own
knowledge-update stories (data/topic_head/messages.parquet, labelled with the topic of the probe each message
is evidence or stale for, or "none") by `memory train-topic-head`, and bundled next to this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

NONE_CLASS = "none"  # a message that speaks to no single-valued topic
BUNDLED_HEAD = Path(__file__).with_name("topic_head.npz")


@dataclass(frozen=True)
class TopicHead:
    embedder: str  # the embedder whose vectors it reads (another embedder's vectors mean nothing to it)
    classes: tuple[str, ...]
    weights: np.ndarray  # (dim, classes)
    bias: np.ndarray  # (classes,)
    center: np.ndarray  # (dim,): the training vectors' mean, subtracted first
    scale: float  # the centred vector is multiplied by it (e5 vectors differ by small amounts)

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """(n, classes) softmax probabilities of (n, dim) vectors."""
        logits = ((np.atleast_2d(vectors) - self.center) * self.scale) @ self.weights + self.bias
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(axis=1, keepdims=True)

    def topic_of(self, vector: np.ndarray) -> tuple[str | None, float]:
        """The single-valued topic `vector` most likely speaks to and its probability; (None, p) when "none" wins."""
        probabilities = self.probabilities(vector)[0]
        best = int(probabilities.argmax())
        topic = self.classes[best]
        return (None if topic == NONE_CLASS else topic), float(probabilities[best])

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            embedder=np.array(self.embedder),
            classes=np.array(self.classes),
            weights=self.weights.astype(np.float32),
            bias=self.bias.astype(np.float32),
            center=self.center.astype(np.float32),
            scale=np.array(self.scale),
        )

    @classmethod
    def load(cls, path: Path) -> TopicHead:
        with np.load(path) as saved:
            return cls(
                embedder=str(saved["embedder"]),
                classes=tuple(str(name) for name in saved["classes"]),
                weights=saved["weights"].astype(np.float64),
                bias=saved["bias"].astype(np.float64),
                center=saved["center"].astype(np.float64),
                scale=float(saved["scale"]),
            )


@cache
def bundled_head(embedder: str) -> TopicHead | None:
    """The bundled head when it was trained on `embedder`'s vectors, else None (the lexicon alone then)."""
    if not BUNDLED_HEAD.exists():
        return None
    head = TopicHead.load(BUNDLED_HEAD)
    return head if head.embedder == embedder else None


@dataclass(frozen=True)
class HeadTraining:
    # L2 penalty on the weights: chosen on stories held out of training (docs/recall.md, "A learned topic head")
    penalty: float = 1e-3
    scale: float = 20.0
    steps: int = 600
    learning_rate: float = 0.5


def fit_topic_head(
    embedder: str, vectors: np.ndarray, labels: Sequence[str], training: HeadTraining = HeadTraining()
) -> TopicHead:
    """A head fitted to `vectors` (n, dim) and their `labels` (a topic or NONE_CLASS) by full-batch gradient descent
    on the softmax cross-entropy; each class weighs by the square root of its rarity, so the many "none" messages
    do not drown the rare topics, nor a rare topic the rest. Deterministic: the same inputs give the same head."""
    classes = tuple(sorted(set(labels)))
    index = {name: at for at, name in enumerate(classes)}
    target = np.array([index[label] for label in labels])
    center = vectors.mean(axis=0).astype(np.float64)
    inputs = (vectors.astype(np.float64) - center) * training.scale
    counts = np.bincount(target, minlength=len(classes))
    sample_weight = np.sqrt(len(target) / (len(classes) * counts))[target]
    sample_weight /= sample_weight.sum()
    onehot = np.eye(len(classes))[target]
    weights, bias = np.zeros((inputs.shape[1], len(classes))), np.zeros(len(classes))
    for _ in range(training.steps):
        logits = inputs @ weights + bias
        logits -= logits.max(axis=1, keepdims=True)
        probabilities = np.exp(logits)
        probabilities /= probabilities.sum(axis=1, keepdims=True)
        gradient = (probabilities - onehot) * sample_weight[:, None]
        weights -= training.learning_rate * (inputs.T @ gradient + training.penalty * weights)
        bias -= training.learning_rate * gradient.sum(axis=0)
    return TopicHead(embedder, classes, weights, bias, center, training.scale)
