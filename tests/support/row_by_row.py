"""The row-by-row implementations the vectorised resolve and index stages replaced, kept as references.

Property tests check the vectorised functions give exactly these frames; bench/resolve_bench.py times both.
"""

from __future__ import annotations

from datetime import datetime

import numpy as np
import polars as pl
import pyarrow as pa

from pipelines.core.schemas import STATE_KINDS
from pipelines.core.timeline import TIMELINE_GROUP, on_timeline, timeline_order
from pipelines.core.topics import is_single_valued
from pipelines.index.postings import CONTEXT_TERM_WEIGHT, POSTINGS_SCHEMA
from pipelines.index.tokens import terms
from pipelines.resolve import resolution
from pipelines.resolve.decay import DecayParams
from pipelines.resolve.merge import MergeParams, same_value
from pipelines.resolve.resolution import ResolutionParams


def weighted_terms(content: str, keywords: list[str] | None, context: str | None) -> dict[str, float]:
    """Each term's count in content and keywords, plus CONTEXT_TERM_WEIGHT per occurrence in the context."""
    counts: dict[str, float] = {}
    said = terms(content) + [term for keyword in keywords or [] for term in terms(keyword)]
    for term, weight in [(t, 1.0) for t in said] + [(t, CONTEXT_TERM_WEIGHT) for t in terms(context or "")]:
        counts[term] = counts.get(term, 0.0) + weight
    return counts


def build_postings(memories: pl.DataFrame) -> pa.Table:
    """One row per (memory, term), sorted by tenant so recall reads only its user's row groups."""
    columns: dict[str, list] = {name: [] for name in POSTINGS_SCHEMA.names}
    rows = memories.select("agent_id", "user_id", "memory_id", "content", "keywords", "context")
    for agent, user, memory_id, content, keywords, context in rows.iter_rows():
        counts = weighted_terms(content, keywords, context)
        doc_len = float(sum(counts.values()))
        for term, tf in counts.items():
            columns["agent_id"].append(agent)
            columns["user_id"].append(user)
            columns["memory_id"].append(memory_id)
            columns["term"].append(term)
            columns["tf"].append(float(tf))
            columns["doc_len"].append(doc_len)
    table = pa.table(columns, schema=POSTINGS_SCHEMA)
    return table.sort_by([("user_id", "ascending"), ("agent_id", "ascending"), ("term", "ascending")])


def _groups_single_valued(rows: list[dict], params: MergeParams, before: dict[str, str]) -> list[list[dict]]:
    """Consecutive restatements on a timeline: Beijing, Beijing, Shanghai, Beijing is three periods (`before`: each
    statement's predecessor on its whole timeline, whatever its kind)."""
    runs: list[list[dict]] = []
    for row in rows:
        previous = runs[-1][-1] if runs else None
        if (
            previous is not None
            and before.get(row["memory_id"]) == previous["memory_id"]
            and not row["retraction"]
            and not previous["retraction"]
            and same_value(previous["content"], row["content"], _cosine(previous, row), params, in_order=True)
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


def _timeline_predecessors(memories: pl.DataFrame) -> dict[str, str]:
    """memory_id -> the statement just before it on its single-valued topic's timeline (any kind)."""
    if "mood" not in memories.columns:
        memories = memories.with_columns(pl.lit(None, pl.String).alias("mood"))
    timeline = memories.filter(on_timeline()).sort([*TIMELINE_GROUP, *timeline_order()])
    before: dict[str, str] = {}
    for part in timeline.partition_by(TIMELINE_GROUP, maintain_order=True):
        ids = part["memory_id"].to_list()
        before.update(zip(ids[1:], ids[:-1], strict=True))
    return before


def _cosine(a: dict, b: dict) -> float:
    if a["embedding"] is None or b["embedding"] is None:
        return 0.0
    x, y = np.asarray(a["embedding"], dtype=np.float32), np.asarray(b["embedding"], dtype=np.float32)
    norm = float(np.linalg.norm(x) * np.linalg.norm(y))
    return float(x @ y) / norm if norm else 0.0


def _fold(group: list[dict]) -> list[dict]:
    """The earliest statement survives; the others point at it and keep their own values."""
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
    before = _timeline_predecessors(memories)
    for part in candidates.partition_by(keys, maintain_order=True):
        rows = part.to_dicts()
        single = is_single_valued(rows[0]["topic"])
        groups = _groups_single_valued(rows, params, before) if single else _groups_multi_valued(rows, params)
        for group in groups:
            folded.extend(_fold(group) if len(group) > 1 else group)
    rest = memories.filter(~(is_state & crowded))
    return pl.concat([rest, pl.DataFrame(folded, schema=memories.schema)])


def resolve(memories: pl.DataFrame, now: datetime, params: ResolutionParams = ResolutionParams()) -> pl.DataFrame:
    """Recompute merges and both valid-time columns over the whole (key-deduplicated) memory set."""
    merged = merge_near_duplicates(memories, params.merge)
    spoken = resolution._afterwords_tentative(merged, params.afterword_hours)
    closed = resolution._members_follow_survivors(resolution._close_single_valued(spoken))
    resolved = resolution._tentative_before_statements(
        resolution._episodes_follow_facts(resolution._close_expired(closed, now, params.expiry_grace_days))
    )
    return resolved.sort(["agent_id", "user_id", "kind", "topic", "valid_from", "memory_id"])


def _decayed(base: float, anchor: datetime, moment: datetime, params: DecayParams) -> float:
    days = max((moment.date() - anchor.date()).days, 0)
    return max(params.floor, base * params.rate**days)


def reinforce(memories: pl.DataFrame, events: pl.DataFrame, params: DecayParams = DecayParams()) -> pl.DataFrame:
    """Fold access events (memory_id, accessed_at) into the decay anchors, oldest event first."""
    if events.is_empty():
        return memories
    touched = events.join(memories.select("memory_id"), on="memory_id", how="semi").sort("memory_id", "accessed_at")
    if touched.is_empty():
        return memories
    state = memories.join(touched.select("memory_id").unique(), on="memory_id", how="semi").select(
        "memory_id", "strength_at_access", "last_accessed", "recorded_at", "access_count"
    )
    current = {row["memory_id"]: row for row in state.iter_rows(named=True)}
    for memory_id, accessed_at in touched.select("memory_id", "accessed_at").iter_rows():
        row = current[memory_id]
        anchor = row["last_accessed"] or row["recorded_at"]
        before = _decayed(
            row["strength_at_access"] if row["strength_at_access"] is not None else 1.0, anchor, accessed_at, params
        )
        row["strength_at_access"] = max(params.floor, before * params.rate + params.access_boost)
        row["last_accessed"] = max(anchor, accessed_at) if row["last_accessed"] else accessed_at
        row["access_count"] = (row["access_count"] or 0) + 1
    updates = pl.DataFrame(list(current.values()), schema=state.schema).drop("recorded_at")
    return memories.update(updates, on="memory_id")
