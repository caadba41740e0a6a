"""Whose state a message states, read from its words: a logistic reader over hashed word and character n-grams.

The own head reads the e5 vector, which carries what a message is about far more than whose it is ("我老公跳槽了…
下周一入职" reads as the user's own). Whose it is lies in a few small words (I / my sister / 打算 / 吗 / 我在…这边),
which n-grams of the words themselves keep: "我在一家出版社做插画师 … 怎么报价" and "帮我推荐几本绘本，我在浦东张江这边
周末教小朋友" state the user's job and home beside a request, which the mood rules leave tentative. Trained on the
own head's messages (data/own_head/) by `make own-words`, bundled next to this module. Deterministic: features are
hashed with CRC-32, not Python's salted hash, and the fit is full-batch.
"""

from __future__ import annotations

import argparse
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import polars as pl

from pipelines.extract.signals.topic_head import Adam

BUNDLED_OWN_WORDS = Path(__file__).with_name("own_words.npz")
FEATURES = 1 << 18  # hashed feature slots; collisions cost little at a few hundred thousand distinct n-grams
OWN_LABEL = "own"

# a Latin word (digits folded to 0, so numbers of any value are one word) or one Chinese character
_TOKEN = re.compile(r"[a-z0-9']+|[\u3400-\u9fff]")
_DIGIT = re.compile(r"\d")


def message_tokens(text: str) -> list[str]:
    """`text`'s words, lower-cased, with its start and end marked (a message that opens with "I" differs)."""
    return ["<s>", *_TOKEN.findall(_DIGIT.sub("0", text.lower())), "</s>"]


def feature_slots(text: str) -> np.ndarray:
    """The distinct hashed slots of `text`'s word 1- to 3-grams."""
    words = message_tokens(text)
    grams = {" ".join(words[at : at + n]) for n in (1, 2, 3) for at in range(len(words) - n + 1)}
    return np.array(sorted({zlib.crc32(gram.encode()) % FEATURES for gram in grams}), dtype=np.int64)


@dataclass(frozen=True)
class _Design:
    """Texts as a sparse 0/1 matrix: every text's slots back to back."""

    slots: np.ndarray
    starts: np.ndarray
    rows: np.ndarray  # the text each slot belongs to
    norm: np.ndarray  # 1 / sqrt(slots per text): a long message weighs no more than a short one

    @classmethod
    def of(cls, texts: Sequence[str]) -> _Design:
        per_text = [feature_slots(text) for text in texts]
        counts = np.array([len(slots) for slots in per_text], dtype=np.int64)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        return cls(
            np.concatenate(per_text) if per_text else np.zeros(0, np.int64),
            starts,
            np.repeat(np.arange(len(texts)), counts),
            1.0 / np.sqrt(np.maximum(counts, 1)),
        )

    def logits(self, weights: np.ndarray, bias: float | np.ndarray) -> np.ndarray:
        return np.add.reduceat(weights[self.slots], self.starts) * self.norm + bias


@dataclass(frozen=True)
class OwnWords:
    weights: np.ndarray  # (FEATURES,)
    bias: float

    def probabilities(self, texts: Sequence[str]) -> np.ndarray:
        """The probability that each text states the user's own value now."""
        if not texts:
            return np.zeros(0)
        return 1.0 / (1.0 + np.exp(-_Design.of(texts).logits(self.weights, self.bias)))

    def save(self, path: Path) -> None:
        np.savez_compressed(path, weights=self.weights.astype(np.float16), bias=np.array(self.bias))

    @classmethod
    def load(cls, path: Path) -> OwnWords:
        with np.load(path) as saved:
            return cls(saved["weights"].astype(np.float32), float(saved["bias"]))


@cache
def bundled_own_words(path: Path = BUNDLED_OWN_WORDS) -> OwnWords | None:
    """The bundled reader, loaded once; None when it is not there."""
    return OwnWords.load(path) if path.exists() else None


def fit_own_words(texts: Sequence[str], own: Sequence[bool], steps: int = 300, l2: float = 1e-6) -> OwnWords:
    """Logistic regression over the texts' slots, full-batch Adam from zero (the same data give the same reader)."""
    design = _Design.of(texts)
    target = np.asarray(own, dtype=np.float64)
    weights, bias = np.zeros(FEATURES), np.zeros(1)
    optimiser = Adam([weights, bias], learning_rate=0.05)
    for _ in range(steps):
        residual = (1.0 / (1.0 + np.exp(-design.logits(weights, bias))) - target) / len(target)
        gradient = np.bincount(design.slots, (residual * design.norm)[design.rows], FEATURES) + l2 * weights
        optimiser.step([gradient, np.array([residual.sum()])])
    return OwnWords(weights.astype(np.float32), float(bias[0]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="train the reader of whose state a message states from its words")
    parser.add_argument(
        "messages", type=Path, nargs="+", help="labelled messages (content, label own / not_own) as Parquet"
    )
    parser.add_argument("--out", type=Path, default=BUNDLED_OWN_WORDS, help=f"default: {BUNDLED_OWN_WORDS}")
    args = parser.parse_args(argv)
    messages = pl.concat([pl.read_parquet(path).select("content", "label") for path in args.messages])
    reader = fit_own_words(messages["content"].to_list(), (messages["label"] == OWN_LABEL).to_list())
    reader.save(args.out)
    print(f"own words: {len(messages)} messages -> {args.out}")


if __name__ == "__main__":
    main()
