"""Hypothesis strategies for memory tables and access events: zh and en texts, restatements, retractions,
null embeddings and cosines on both sides of the merge threshold, for the vectorised-vs-row-by-row tests."""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import polars as pl
from hypothesis import strategies as st

from pipelines.core.schemas import EMBEDDING_DIM, MEMORY_SCHEMA
from tests.support.raw_logs import MAR

MEMORY_COLUMNS = pl.from_arrow(MEMORY_SCHEMA.empty_table()).schema

PHRASES = [
    "User lives in Beijing.",
    "User lives in Shanghai.",
    "User lives in Beijing",
    "  User lives in Beijing.  ",
    "User knows Rust.",
    "User knows Rust programming.",
    "User likes hiking and chess",
    "User likes hiking",
    "Caroline's kids paint, painting daily",
    "I don't like it's RUNNING runs",
    "用户住在北京",
    "用户住在上海",
    "用户住在北京。",
    "喜欢用表格",
    "喜欢用表格和 DuckDB 做分析",
    "我的了吗",
    "好",
    "",
    "   ",
    "\x1fUser knows Rust.\u3000",
]
WORDS = ["user", "Rust", "北京", "表格", "hiking", "the", "s", "don't", "K", "İstanbul", "咖啡", "1990s", "的"]

TENANTS = [("bot", "u1"), ("bot", "u2"), ("helper", "u1")]
TOPICS = ["residence", "employer", "likes", "skills", "misc"]
# Small-integer directions (exact in float32 whichever way a dot product is summed): their cosines fall on
# both sides of 0.9, e.g. (3,1,0) with (1,0,0) is 0.949 and (2,1,0) with (1,0,0) is 0.894; the zero vector too.
DIRECTIONS = [(1, 0, 0), (3, 1, 0), (2, 1, 0), (1, 1, 0), (0, 0, 1), (3, 1, 1), (0, 0, 0)]


def _text() -> st.SearchStrategy[str]:
    composed = st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join)
    return st.one_of(st.sampled_from(PHRASES), composed, st.text(max_size=12))


def _palette() -> np.ndarray:
    """Every direction plain and perturbed by seeded noise (generic floats, none within 1e-3 of a threshold)."""
    vectors = []
    for index, direction in enumerate(DIRECTIONS):
        noise = np.random.default_rng(index).standard_normal(EMBEDDING_DIM).astype(np.float32)
        for scale in NOISE:
            vector = np.zeros(EMBEDDING_DIM, dtype=np.float32)
            vector[:3] = direction
            vectors.append(vector + noise * np.float32(scale) if scale else vector)
    return np.stack(vectors)


NOISE = [0.0, 0.01, 0.2]
PALETTE = _palette()


def _with_embeddings(frame: pl.DataFrame, picks: list[int | None]) -> pl.DataFrame:
    """Fills `embedding` from PALETTE rows (None: a null embedding), without a Python list per vector."""
    present = np.array([pick is not None for pick in picks], dtype=bool)
    vectors = PALETTE[[pick or 0 for pick in picks]] if picks else np.zeros((0, EMBEDDING_DIM), np.float32)
    column = pl.Series("embedding", vectors, dtype=pl.Array(pl.Float32, EMBEDDING_DIM))
    return frame.with_columns(pl.when(pl.Series(present)).then(column).otherwise(None).alias("embedding"))


@st.composite
def memory_row(draw: st.DrawFn, index: int, tenants: list[tuple[str, str]], topics: list[str]) -> dict:
    kind = draw(st.sampled_from(["fact", "fact", "fact", "preference", "skill", "task", "episode"]))
    topic = draw(st.sampled_from(topics))
    agent, user = draw(st.sampled_from(tenants))
    day = draw(st.integers(1, 6))
    return {
        "memory_id": f"m{draw(st.integers(0, 9))}{index:03d}",  # unique, in an order unrelated to the rows
        "agent_id": agent,
        "user_id": user,
        "kind": kind,
        "topic": topic,
        "content": draw(_text()),
        "keywords": draw(st.one_of(st.none(), st.lists(st.sampled_from(WORDS), max_size=3))),
        "confidence": draw(st.sampled_from([0.5, 0.9])),
        "source": draw(st.sampled_from(["chat", "ticket", "document"])),
        "session_id": f"s{day}",
        "source_message_ids": [f"s{day}:{draw(st.integers(1, 3))}"],
        "valid_from": MAR(day),
        "recorded_at": MAR(10 + draw(st.integers(0, 1))),
        "recorded_version": 1,
        "merged_into": draw(st.sampled_from([None, "m0000"])),  # a stale merge the run must recompute
        "retraction": draw(st.sampled_from([False, False, True, None])),
        "expires_at": draw(st.sampled_from([None, MAR(3), MAR(30)])) if kind == "task" else None,
        "strength": 1.0,
        "access_count": 0,
        "embedding": None,  # filled from `palette_pick` by memory_tables
        "palette_pick": draw(st.sampled_from([None, 0, 0, 3, 3, 6, 1, 4, 2, 5, 9, 12, 15, 18, 7, 13])),
        "extractor": "test@1",
        "context": draw(st.one_of(st.none(), _text())),
        "mood": draw(st.sampled_from([None, "assertion", "tentative"])) if kind == "episode" else None,
        "role": "user" if kind == "episode" else None,
        "mentions": draw(st.sampled_from([None, [], ["employer"], ["residence", "name"]]))
        if kind == "episode"
        else None,
    }


@st.composite
def memory_tables(draw: st.DrawFn, max_rows: int = 24) -> pl.DataFrame:
    """A memory table in MEMORY_SCHEMA (possibly empty), rows in no particular order."""
    size = draw(st.integers(0, max_rows))
    # a few tenants and topics per table, so most groups are crowded enough to merge something
    tenants = draw(st.lists(st.sampled_from(TENANTS), min_size=1, max_size=3))
    topics = draw(st.lists(st.sampled_from(TOPICS), min_size=1, max_size=3))
    rows = [draw(memory_row(index, tenants, topics)) for index in range(size)]
    picks = [row.pop("palette_pick") for row in rows]
    return _with_embeddings(pl.DataFrame(rows, schema=MEMORY_COLUMNS), picks)


@st.composite
def access_histories(draw: st.DrawFn) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(memories with decay anchors, access events): several events per memory, same-day and out-of-order
    ones, events before a memory was recorded, and events for ids the table does not hold."""
    size = draw(st.integers(1, 6))
    moments = st.integers(-3 * 24, 40 * 24).map(lambda hours: MAR(10) + timedelta(hours=hours))
    memories = pl.DataFrame(
        {
            "memory_id": [f"m{i}" for i in range(size)],
            "recorded_at": [MAR(10)] * size,
            "strength_at_access": draw(st.lists(st.sampled_from([None, 0.3, 0.42, 1.0]), min_size=size, max_size=size)),
            "last_accessed": draw(st.lists(st.one_of(st.none(), moments), min_size=size, max_size=size)),
            "access_count": draw(st.lists(st.sampled_from([None, 0, 3]), min_size=size, max_size=size)),
        },
        schema={
            name: MEMORY_COLUMNS[name]
            for name in ("memory_id", "recorded_at", "strength_at_access", "last_accessed", "access_count")
        },
    )
    count = draw(st.integers(0, 30))
    events = pl.DataFrame(
        {
            "memory_id": draw(
                st.lists(st.sampled_from([*memories["memory_id"], "gone"]), min_size=count, max_size=count)
            ),
            "accessed_at": draw(st.lists(moments, min_size=count, max_size=count)),
            "process": ["p"] * count,
        },
        schema={"memory_id": pl.String, "accessed_at": MEMORY_COLUMNS["last_accessed"], "process": pl.String},
    )
    return memories, events
