"""Recall for agent processes, read-only over the published snapshot: `MemoryReader` is the entry point."""

from pipelines.recall.reader import (
    EmbeddingModelMismatchError,
    MemoryReader,
    RecalledMemory,
    RecallParams,
    format_for_prompt,
)

__all__ = ["EmbeddingModelMismatchError", "MemoryReader", "RecallParams", "RecalledMemory", "format_for_prompt"]
