"""Recall for agent processes, read-only over the published snapshot: `MemoryReader` is the entry point
(recall, and browsing: get, list, history, stats)."""

from pipelines.recall.browse import MemoryStats, StoredMemory, UnknownMemoryError
from pipelines.recall.reader import (
    EmbeddingModelMismatchError,
    MemoryReader,
    RecalledMemory,
    RecallParams,
    format_for_prompt,
)

__all__ = [
    "EmbeddingModelMismatchError",
    "MemoryReader",
    "MemoryStats",
    "RecallParams",
    "RecalledMemory",
    "StoredMemory",
    "UnknownMemoryError",
    "format_for_prompt",
]
