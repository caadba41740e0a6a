"""Near-duplicate merging of state-like memories (fact, preference, skill) into one survivor each.

Recomputed from the whole memory set on every run, so the result never depends on arrival order:
members stay in the table as stated, with `merged_into` pointing at the earliest statement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import polars as pl

from pipelines.core.schemas import STATE_KINDS
from pipelines.core.timeline import timeline_order
from pipelines.core.topics import is_single_valued

_WORD = re.compile(r"[a-z0-9]+|[\u3400-\u9fff]")


@dataclass(frozen=True)
class MergeParams:
    # e5 puts "用户住在北京" and "用户住在上海" at 0.98, so cosine alone never decides: see same_value().
    similarity_threshold: float = 0.9


def content_tokens(text: str) -> frozenset[str]:
    """Lowercase latin words and single CJK characters: enough to tell 北京 from 上海."""
    return frozenset(_WORD.findall(text.lower()))


def same_value(a_text: str, b_text: str, cosine: float, params: MergeParams) -> bool:
    """Two statements of one value: close embeddings AND one's words all appear in the other.

    The word test keeps "User lives in Beijing." apart from "User lives in Shanghai." (cosine 0.94)
    while "User knows Rust." and "User knows Rust programming." merge.
    """
    if a_text.strip() == b_text.strip():
        return True
    a, b = content_tokens(a_text), content_tokens(b_text)
    shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
    return cosine >= params.similarity_threshold and bool(shorter) and shorter <= longer


def _groups_single_valued(rows: list[dict], params: MergeParams) -> list[list[dict]]:
    """Consecutive restatements on a timeline: Beijing, Beijing, Shanghai, Beijing is three periods."""
    runs: list[list[dict]] = []
    for row in rows:
        previous = runs[-1][-1] if runs else None
        if (
            previous is not None
            and not row["retraction"]
            and not previous["retraction"]
            and same_value(previous["content"], row["content"], _cosine(previous, row), params)
        ):
            runs[-1].append(row)
        else:
            runs.append([row])
    return runs


def _groups_multi_valued(rows: list[dict], params: MergeParams) -> list[list[dict]]:
    """Connected components of the same-value relation (a function of the set, not of the order)."""
    parent = list(range(len(rows)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(rows)):
        for j in range(i + 1, len(rows)):
            if same_value(rows[i]["content"], rows[j]["content"], _cosine(rows[i], rows[j]), params):
                parent[root(j)] = root(i)
    components: dict[int, list[dict]] = {}
    for i, row in enumerate(rows):
        components.setdefault(root(i), []).append(row)
    return list(components.values())


def _cosine(a: dict, b: dict) -> float:
    if a["embedding"] is None or b["embedding"] is None:
        return 0.0
    x, y = np.asarray(a["embedding"], dtype=np.float32), np.asarray(b["embedding"], dtype=np.float32)
    norm = float(np.linalg.norm(x) * np.linalg.norm(y))
    return float(x @ y) / norm if norm else 0.0


def _fold(group: list[dict]) -> list[dict]:
    """The earliest statement survives; the others point at it and keep their own values.

    Stored rows stay as stated so the next run can regroup them from scratch; readers present a
    survivor with its group's union of provenance and highest confidence (see pipelines.recall.reader).
    """
    survivor = min(group, key=lambda r: (r["valid_from"], r["memory_id"]))
    return [r if r is survivor else dict(r, merged_into=survivor["memory_id"]) for r in group]


def merge_near_duplicates(memories: pl.DataFrame, params: MergeParams) -> pl.DataFrame:
    """Sets `merged_into` on every restatement (from scratch: earlier runs' merges are not trusted)."""
    memories = memories.with_columns(pl.lit(None, pl.String).alias("merged_into"))
    is_state = pl.col("kind").is_in(STATE_KINDS)
    keys = ["agent_id", "user_id", "kind", "topic"]
    crowded = pl.len().over(keys) > 1
    candidates = memories.filter(is_state & crowded).sort([*keys, *timeline_order()])
    if candidates.is_empty():
        return memories
    folded: list[dict] = []
    for part in candidates.partition_by(keys, maintain_order=True):
        rows = part.to_dicts()
        single = is_single_valued(rows[0]["topic"])
        groups = _groups_single_valued(rows, params) if single else _groups_multi_valued(rows, params)
        for group in groups:
            folded.extend(_fold(group) if len(group) > 1 else group)
    rest = memories.filter(~(is_state & crowded))
    return pl.concat([rest, pl.DataFrame(folded, schema=memories.schema)])
