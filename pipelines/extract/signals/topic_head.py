"""A learned topic head: a softmax over the e5 vector of a user message (through a hidden layer), trained on
labelled messages.

The lexicon names a topic only in the words it lists, and a new phrasing ("week 1 in kamloops", "picked up the
keys for the Petone place") has none of them. The head reads the topic from the vector the message already has,
so it carries over to phrasings no entry was written for. It is trained on the messages of the project's own
knowledge-update stories (data/topic_head/messages.parquet, labelled with the topic of the probe each message
is evidence or stale for, or "none") by `make topic-head` (pipelines.extract.signals.head_training), and bundled
next to this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

NONE_CLASS = "none"  # a message that speaks to no single-valued topic
BUNDLED_HEAD = Path(__file__).with_name("topic_head.npz")
# The same kind of head, trained on whose state a message states (data/own_head/): OWN_CLASS, the user's own value
# now, or "not_own" (someone else's, a plan, a question, a denial, a trip, a value long gone)
OWN_HEAD = Path(__file__).with_name("own_head.npz")
OWN_CLASS = "own"


@dataclass(frozen=True)
class TopicHead:
    embedder: str  # the embedder whose vectors it reads (another embedder's vectors mean nothing to it)
    classes: tuple[str, ...]
    weights: np.ndarray  # (hidden or dim, classes)
    bias: np.ndarray  # (classes,)
    center: np.ndarray  # (dim,): the training vectors' mean, subtracted first
    scale: float  # the centred vector is multiplied by it (e5 vectors differ by small amounts)
    # a hidden layer of rectified units between the vector and the softmax: (dim, hidden) and (hidden,); without
    # it the head is linear
    hidden_weights: np.ndarray | None = None
    hidden_bias: np.ndarray | None = None

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """(n, classes) softmax probabilities of (n, dim) vectors."""
        inputs = (np.atleast_2d(vectors) - self.center) * self.scale
        if self.hidden_weights is not None and self.hidden_bias is not None:
            inputs = np.maximum(inputs @ self.hidden_weights + self.hidden_bias, 0.0)
        return _softmax(inputs @ self.weights + self.bias)

    def topic_of(self, vector: np.ndarray) -> tuple[str | None, float]:
        """The single-valued topic `vector` most likely speaks to and its probability; (None, p) when "none" wins."""
        return self.likeliest(self.probabilities(vector)[0])

    def likeliest(self, probabilities: np.ndarray) -> tuple[str | None, float]:
        """topic_of from one row of `probabilities`."""
        best = int(probabilities.argmax())
        topic = self.classes[best]
        return (None if topic == NONE_CLASS else topic), float(probabilities[best])

    def save(self, path: Path) -> None:
        arrays: dict[str, Any] = {  # (numpy types its keyword arguments as its own options)
            "embedder": np.array(self.embedder),
            "classes": np.array(self.classes),
            "weights": self.weights.astype(np.float32),
            "bias": self.bias.astype(np.float32),
            "center": self.center.astype(np.float32),
            "scale": np.array(self.scale),
        }
        if self.hidden_weights is not None and self.hidden_bias is not None:
            arrays["hidden_weights"] = self.hidden_weights.astype(np.float32)
            arrays["hidden_bias"] = self.hidden_bias.astype(np.float32)
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: Path) -> TopicHead:
        with np.load(path) as saved:
            hidden = "hidden_weights" in saved.files
            return cls(
                embedder=str(saved["embedder"]),
                classes=tuple(str(name) for name in saved["classes"]),
                weights=saved["weights"].astype(np.float64),
                bias=saved["bias"].astype(np.float64),
                center=saved["center"].astype(np.float64),
                scale=float(saved["scale"]),
                hidden_weights=saved["hidden_weights"].astype(np.float64) if hidden else None,
                hidden_bias=saved["hidden_bias"].astype(np.float64) if hidden else None,
            )


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


@cache
def bundled_head(embedder: str, path: Path = BUNDLED_HEAD) -> TopicHead | None:
    """The head bundled at `path` (the topic head, or OWN_HEAD) when it was trained on `embedder`'s vectors, else
    None (the lexicon and the mood rules alone then)."""
    if not path.exists():
        return None
    head = TopicHead.load(path)
    return head if head.embedder == embedder else None


@dataclass(frozen=True)
class HeadTraining:
    # Chosen on stories held out of training (docs/recall.md, "A learned topic head" and "Topics the head hears in
    # passing, and a hidden layer for the head"): with 256 hidden units the head read 0.887 of the held-out
    # messages' topics, the linear head 0.853
    hidden: int = 256
    penalty: float = 1e-3  # L2 on the weights
    scale: float = 20.0
    steps: int = 600
    learning_rate: float = 1e-3  # Adam's step
    seed: int = 0  # the hidden layer's first weights: the same inputs give the same head


def fit_topic_head(
    embedder: str, vectors: np.ndarray, labels: Sequence[str], training: HeadTraining = HeadTraining()
) -> TopicHead:
    """A head fitted to `vectors` (n, dim) and their `labels` (a topic or NONE_CLASS) by full-batch Adam on the
    softmax cross-entropy; each class weighs by the square root of its rarity, so the many "none" messages do not
    drown the rare topics, nor a rare topic the rest. Deterministic: the same inputs give the same head."""
    classes = tuple(sorted(set(labels)))
    index = {name: at for at, name in enumerate(classes)}
    target = np.array([index[label] for label in labels])
    center = vectors.mean(axis=0).astype(np.float64)
    inputs = (vectors.astype(np.float64) - center) * training.scale
    counts = np.bincount(target, minlength=len(classes))
    sample_weight = np.sqrt(len(target) / (len(classes) * counts))[target]
    sample_weight /= sample_weight.sum()
    layers = _initial_layers(inputs.shape[1], len(classes), training)
    optimiser = Adam(layers, training.learning_rate)
    onehot = np.eye(len(classes))[target]
    for _ in range(training.steps):
        optimiser.step(_gradients(layers, inputs, onehot, sample_weight, training.penalty))
    if training.hidden:
        hidden_weights, hidden_bias, weights, bias = layers
        return TopicHead(embedder, classes, weights, bias, center, training.scale, hidden_weights, hidden_bias)
    weights, bias = layers
    return TopicHead(embedder, classes, weights, bias, center, training.scale)


def _initial_layers(dim: int, classes: int, training: HeadTraining) -> list[np.ndarray]:
    """[hidden weights, hidden bias, weights, bias] (or [weights, bias] with no hidden layer): random hidden
    weights scaled to their fan-in (a hidden layer of zeros never learns), zeros for the rest."""
    if not training.hidden:
        return [np.zeros((dim, classes)), np.zeros(classes)]
    rng = np.random.default_rng(training.seed)
    return [
        rng.normal(0.0, dim**-0.5, (dim, training.hidden)),
        np.zeros(training.hidden),
        rng.normal(0.0, training.hidden**-0.5, (training.hidden, classes)),
        np.zeros(classes),
    ]


def _gradients(
    layers: list[np.ndarray], inputs: np.ndarray, onehot: np.ndarray, sample_weight: np.ndarray, penalty: float
) -> list[np.ndarray]:
    """The weighted cross-entropy's gradient for each of `layers` (as _initial_layers), with the L2 penalty."""
    if len(layers) == 2:
        weights, bias = layers
        error = (_softmax(inputs @ weights + bias) - onehot) * sample_weight[:, None]
        return [inputs.T @ error + penalty * weights, error.sum(axis=0)]
    hidden_weights, hidden_bias, weights, bias = layers
    hidden = np.maximum(inputs @ hidden_weights + hidden_bias, 0.0)
    error = (_softmax(hidden @ weights + bias) - onehot) * sample_weight[:, None]
    back = (error @ weights.T) * (hidden > 0)
    return [
        inputs.T @ back + penalty * hidden_weights,
        back.sum(axis=0),
        hidden.T @ error + penalty * weights,
        error.sum(axis=0),
    ]


class Adam:
    """Adam's update of `layers` in place (the usual 0.9 and 0.999 moments); the learned readers' optimiser."""

    def __init__(self, layers: list[np.ndarray], learning_rate: float):
        self.layers, self.learning_rate, self.steps = layers, learning_rate, 0
        self.first = [np.zeros_like(layer) for layer in layers]
        self.second = [np.zeros_like(layer) for layer in layers]

    def step(self, gradients: list[np.ndarray]) -> None:
        self.steps += 1
        for layer, first, second, gradient in zip(self.layers, self.first, self.second, gradients, strict=True):
            first *= 0.9
            first += 0.1 * gradient
            second *= 0.999
            second += 0.001 * gradient * gradient
            corrected = first / (1 - 0.9**self.steps)
            layer -= self.learning_rate * corrected / (np.sqrt(second / (1 - 0.999**self.steps)) + 1e-8)
