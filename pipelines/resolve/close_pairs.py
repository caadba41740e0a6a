"""Which memories of a merge group may state one value: close embeddings, and the words of the one with fewer
possibly all among the other's. Batched matrix products over the groups, no per-pair Python.

Groups are runs of consecutive rows; a null embedding is a zero vector whose cosine with anything is 0. A matrix
product sums a dot product in another order than one np.dot per pair, so a cosine within a float32 rounding
(~1e-7) of the threshold may land on the other side of it than the per-pair computation put it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

# Floats of one batch (dot products or gathered rows): 16 MB, whatever the group sizes.
BATCH = 1 << 22
# Words hash into this many buckets. Words contained in another statement's land in buckets contained in its
# buckets, so the bucket test never drops a pair same_value accepts; with a few words per statement it keeps
# few others, and those are checked word by word after.
WORD_BUCKETS = 128
_Found = tuple[np.ndarray, np.ndarray, np.ndarray]  # left rows, right rows, cosines


@dataclass(frozen=True)
class Statements:
    """What the pair search reads of each row."""

    vectors: np.ndarray  # float32, one row per memory, zeros for a null embedding
    norms: np.ndarray  # float32
    buckets: np.ndarray  # float32 0/1, one column per word bucket
    words: np.ndarray  # number of distinct words (merge.content_tokens)


def statements(embeddings: pl.Series, tokens: pl.Series) -> Statements:
    """From each row's embedding (or null) and its distinct words."""
    present = embeddings.is_not_null().to_numpy()
    values = embeddings.drop_nulls().cast(pl.List(pl.Float32)).explode(keep_nulls=False).to_numpy()
    dim = len(values) // int(present.sum()) if present.any() else 1
    vectors = np.zeros((len(present), dim), dtype=np.float32)
    vectors[present] = values.reshape(-1, dim)
    # the formula np.linalg.norm uses for one vector: the square root of its dot product with itself
    norms = np.sqrt(np.einsum("ij,ij->i", vectors, vectors))
    words = tokens.to_frame("word").with_row_index("row").explode("word", keep_nulls=False)
    buckets = np.zeros((len(present), WORD_BUCKETS), dtype=np.float32)
    buckets[words["row"].to_numpy(), (words["word"].hash() % WORD_BUCKETS).to_numpy()] = 1.0
    return Statements(vectors, norms, buckets, tokens.list.len().fill_null(0).to_numpy())


def cosines(dots: np.ndarray, left_norms: np.ndarray, right_norms: np.ndarray) -> np.ndarray:
    """dot / (|a| |b|) in float64 over a float32 norm product, 0 where a vector is null or zero."""
    denominators = (left_norms * right_norms).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominators > 0, dots.astype(np.float64) / denominators, 0.0)


def consecutive_cosines(rows: Statements) -> np.ndarray:
    """Cosine of each row with the row before it (the first row gets 0)."""
    dots = np.einsum("ij,ij->i", rows.vectors[:-1], rows.vectors[1:])
    return np.concatenate([[0.0], cosines(dots, rows.norms[:-1], rows.norms[1:])])


def close_pairs(
    rows: Statements, starts: np.ndarray, sizes: np.ndarray, threshold: float, batch: int = BATCH
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row pairs (i < j) inside one group [start, start + size) whose cosine is at least `threshold` and whose
    word buckets pass the containment test, with that cosine.

    Groups are padded to the next power of two and multiplied a batch of equal shapes at a time, so the
    Python loop runs per size class and batch, not per group or pair.
    """
    padded = _Padded.of(rows)
    widths = np.maximum(2, 1 << np.ceil(np.log2(np.maximum(sizes, 1))).astype(np.int64))
    found: list[_Found] = [(np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.float64))]
    for width in np.unique(widths):
        chosen = widths == width
        offsets = np.arange(width)
        index = starts[chosen, None] + offsets
        index[offsets >= sizes[chosen, None]] = padded.padding
        per_batch = max(1, batch // (int(width) * max(int(width), padded.columns)))
        for first in range(0, len(index), per_batch):
            found.extend(padded.close_in(index[first : first + per_batch], threshold, batch))
    left, right, cosine = zip(*found, strict=True)
    return np.concatenate(left), np.concatenate(right), np.concatenate(cosine)


@dataclass(frozen=True)
class _Padded:
    """Statements plus one all-zero padding row (the last), so groups pad to equal widths."""

    rows: Statements
    bucket_counts: np.ndarray

    @classmethod
    def of(cls, rows: Statements) -> _Padded:
        def pad(values: np.ndarray) -> np.ndarray:
            return np.concatenate([values, np.zeros((1, *values.shape[1:]), dtype=values.dtype)])

        padded = Statements(pad(rows.vectors), pad(rows.norms), pad(rows.buckets), pad(rows.words))
        return cls(padded, padded.buckets.sum(axis=1))

    @property
    def padding(self) -> int:
        return len(self.rows.norms) - 1

    @property
    def columns(self) -> int:
        return self.rows.vectors.shape[1] + WORD_BUCKETS

    def close_in(self, index: np.ndarray, threshold: float, batch: int) -> list[_Found]:
        """Close pairs of a batch of equally padded groups (`index`: groups x width row numbers), per row block."""
        rows, width = self.rows, index.shape[1]
        vectors, buckets = rows.vectors[index].transpose(0, 2, 1), rows.buckets[index].transpose(0, 2, 1)
        step = width if width * width <= batch else max(1, batch // width)  # a big group goes in row blocks
        found: list[_Found] = []
        for top in range(0, width, step):
            block = index[:, top : top + step]
            left, right = block[:, :, None], index[:, None, :]
            cosine = cosines(np.matmul(rows.vectors[block], vectors), rows.norms[left], rows.norms[right])
            # padding has the largest row number, so left < right also keeps padding out of the left side
            close = (cosine >= threshold) & (left < right) & (right < self.padding)
            close &= self._may_contain(np.matmul(rows.buckets[block], buckets), left, right)
            group, row, column = np.nonzero(close)
            found.append((block[group, row], index[group, column], cosine[group, row, column]))
        return found

    def _may_contain(self, shared: np.ndarray, left: np.ndarray, right: np.ndarray) -> np.ndarray:
        """The row with fewer words (the left one on a tie) has some, and all its buckets are the other's."""
        left_words, right_words = self.rows.words[left], self.rows.words[right]
        buckets = np.where(left_words <= right_words, self.bucket_counts[left], self.bucket_counts[right])
        return (np.minimum(left_words, right_words) > 0) & (shared == buckets)
