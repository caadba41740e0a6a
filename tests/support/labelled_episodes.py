"""User messages as episode candidates, labelled by the rules' cues alone (no embedding leans either way), or with
the learned readers a test gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl

from pipelines.core.schemas import CANDIDATE_SCHEMA
from pipelines.extract.signals.labelling import label_statements
from tests.support.candidate_rows import candidate


def episode_row(kind: str, topic: str, content: str, message_id: str) -> dict:
    said = candidate(content, topic, kind=kind, message_id=message_id, confidence=1.0)
    return said | {"keywords": ["Li"], "context": None, "mood": None}


def _flat(texts: list[str]) -> np.ndarray:  # e5 prefers no topic: the cues alone decide
    return np.ones((len(texts), 8), dtype=np.float32)


def labels_and_mentions(*texts: str) -> list[tuple[str, str | None, list[str]]]:
    """Each message's topic, mood and the topics it states in passing."""
    rows = [episode_row("episode", "episode", text, f"m{at}") for at, text in enumerate(texts, 1)]
    labelled = label_statements(pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), _flat)
    return labelled.select("topic", "mood", "mentions").rows()


def labelled_moods(texts: list[str], embed: Callable, **readers: Any) -> list[tuple[str, str | None]]:
    """Each message's topic and mood, labelled as one conversation with `readers` (head, own_head, own_words)."""
    rows = [
        candidate(text, "episode", kind="episode", message_id=f"m{at}", confidence=1.0)
        | {"keywords": ["Ana"], "context": None, "mood": None}
        for at, text in enumerate(texts)
    ]
    return (
        label_statements(pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), embed, **readers).select("topic", "mood").rows()
    )
