"""What makes a snapshot version sound: its files match the checksums and row counts in its manifest, and
its vectors are finite and unit length. The store checks a version before anything is built on or read from it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

# Stored vectors are L2-normalised (pipelines.embed.passages); float32 sums of 384 terms stay well inside this.
UNIT_TOLERANCE = 1e-3
_CHUNK = 1 << 20


class StoreCorruptError(RuntimeError):
    """A store file is missing, unreadable or not what its manifest says; `memory doctor` reports and repairs."""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def file_record(path: Path) -> dict[str, Any]:
    """What the manifest keeps of a version's Parquet file: its size, sha256 and row count."""
    return {"bytes": path.stat().st_size, "sha256": sha256_of(path), "rows": pq.ParquetFile(path).metadata.num_rows}


def file_problems(folder: Path, files: dict[str, dict[str, Any]]) -> list[str]:
    """One line per file of `folder` that differs from its manifest record (missing, resized, other bytes)."""
    problems = []
    for name, record in sorted(files.items()):
        path = folder / name
        if not path.exists():
            problems.append(f"{path}: missing (the manifest lists it)")
        elif path.stat().st_size != record["bytes"]:
            problems.append(f"{path}: {path.stat().st_size} bytes, the manifest says {record['bytes']}")
        elif sha256_of(path) != record["sha256"]:
            problems.append(f"{path}: sha256 differs from the manifest (the file was changed or replaced)")
    return problems


def row_count_problems(folder: Path, files: dict[str, dict[str, Any]]) -> list[str]:
    problems = []
    for name, record in sorted(files.items()):
        path = folder / name
        try:
            rows = pq.ParquetFile(path).metadata.num_rows
        except (OSError, pa.ArrowException) as exc:
            problems.append(f"{path}: not readable as Parquet ({exc})")
            continue
        if rows != record["rows"]:
            problems.append(f"{path}: {rows} rows, the manifest says {record['rows']}")
    return problems


def embedding_problems(path: Path) -> list[str]:
    """Every stored vector is finite and unit length (a null vector is allowed: keyword-only memories)."""
    try:
        column = pq.read_table(path, columns=["memory_id", "embedding"])
    except (OSError, pa.ArrowException) as exc:
        return [f"{path}: not readable as Parquet ({exc})"]
    embeddings = column.column("embedding").combine_chunks()
    present = np.asarray(embeddings.is_valid())
    if not present.any():
        return []
    flat = embeddings.filter(pa.array(present)).flatten().to_numpy(zero_copy_only=False)
    matrix = flat.reshape(int(present.sum()), -1).astype(np.float64)
    finite = np.isfinite(matrix).all(axis=1)
    with np.errstate(over="ignore", invalid="ignore"):
        norms = np.linalg.norm(np.where(np.isfinite(matrix), matrix, 0.0), axis=1)
    bad = ~finite | (np.abs(norms - 1.0) > UNIT_TOLERANCE)
    if not bad.any():
        return []
    ids = np.asarray(column.column("memory_id").combine_chunks().filter(pa.array(present)))[bad]
    worst = float(np.max(np.where(finite, np.abs(norms - 1.0), np.inf)[bad]))
    return [
        f"{path}: {int(bad.sum())} embeddings not finite or not unit length "
        f"(worst |norm-1| {worst:.3g}; e.g. memory {ids[0]})"
    ]
