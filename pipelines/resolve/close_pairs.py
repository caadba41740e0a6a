"""Which memories of a merge group have close embeddings: cosines by batched matrix products, no per-pair Python.

Groups are runs of consecutive rows; a null embedding is a zero vector whose cosine with anything is 0.
"""

from __future__ import annotations

import numpy as np
import polars as pl

# Floats of one batch (dot products or gathered vectors): 16 MB, whatever the group sizes.
BATCH = 1 << 22


def embedding_matrix(embeddings: pl.Series) -> tuple[np.ndarray, np.ndarray]:
    """(vectors, norms) as float32, one row per memory; null embeddings give zero rows with norm 0."""
    present = embeddings.is_not_null().to_numpy()
    values = embeddings.drop_nulls().cast(pl.List(pl.Float32)).explode(keep_nulls=False).to_numpy()
    dim = len(values) // int(present.sum()) if present.any() else 1
    vectors = np.zeros((len(present), dim), dtype=np.float32)
    vectors[present] = values.reshape(-1, dim)
    # the formula np.linalg.norm uses for one vector: the square root of its dot product with itself
    norms = np.sqrt(np.einsum("ij,ij->i", vectors, vectors))
    return vectors, norms


def cosines(dots: np.ndarray, left_norms: np.ndarray, right_norms: np.ndarray) -> np.ndarray:
    """dot / (|a| |b|) in float64 over a float32 norm product, 0 where a vector is null or zero."""
    denominators = (left_norms * right_norms).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominators > 0, dots.astype(np.float64) / denominators, 0.0)


def consecutive_cosines(vectors: np.ndarray, norms: np.ndarray) -> np.ndarray:
    """Cosine of each row with the row before it (the first row gets 0)."""
    dots = np.einsum("ij,ij->i", vectors[:-1], vectors[1:])
    return np.concatenate([[0.0], cosines(dots, norms[:-1], norms[1:])])


def close_pairs(
    vectors: np.ndarray,
    norms: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    threshold: float,
    batch: int = BATCH,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row pairs (i < j) inside one group [start, start + size) whose cosine is at least `threshold`, and
    that cosine.

    Groups are padded to the next power of two and multiplied a batch of equal shapes at a time, so the
    Python loop runs per size class and batch, not per group or pair.
    """
    rows, dim = vectors.shape
    padded = np.vstack([vectors, np.zeros((1, dim), dtype=np.float32)])  # row `rows` is the padding
    padded_norms = np.append(norms, np.float32(0))
    widths = np.maximum(2, 1 << np.ceil(np.log2(np.maximum(sizes, 1))).astype(np.int64))
    found = [(np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.float64))]
    for width in np.unique(widths):
        chosen = widths == width
        offsets = np.arange(width)
        index = starts[chosen, None] + offsets
        index[offsets >= sizes[chosen, None]] = rows
        per_batch = max(1, batch // (int(width) * max(int(width), dim)))
        for first in range(0, len(index), per_batch):
            found.extend(_close_in_batch(padded, padded_norms, index[first : first + per_batch], threshold, batch))
    left, right, cosine = zip(*found, strict=True)
    return np.concatenate(left), np.concatenate(right), np.concatenate(cosine)


def _close_in_batch(
    padded: np.ndarray, padded_norms: np.ndarray, index: np.ndarray, threshold: float, batch: int
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Close pairs of a batch of equally padded groups (`index`: groups x width row numbers), per row block."""
    width, padding = index.shape[1], len(padded) - 1
    columns = padded[index].transpose(0, 2, 1)
    step = width if width * width <= batch else max(1, batch // width)  # a big group goes in row blocks
    found = []
    for top in range(0, width, step):
        block = index[:, top : top + step]
        cosine = cosines(
            np.matmul(padded[block], columns), padded_norms[block][:, :, None], padded_norms[index][:, None, :]
        )
        # padding has the largest row number, so left < right also keeps padding out of the left side
        close = (cosine >= threshold) & (block[:, :, None] < index[:, None, :]) & (index[:, None, :] < padding)
        group, row, column = np.nonzero(close)
        found.append((block[group, row], index[group, column], cosine[group, row, column]))
    return found
