"""A memory's keyword postings (term, weighted tf, doc_len): what BM25 recall finds it by.

Postings read content, keywords and context; recall returns only the content (docs/recall.md measures why).
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from pipelines.index.term_table import term_table

# The previous turn helps find an answer by its question, but it is not what the memory says.
CONTEXT_TERM_WEIGHT = 0.5

POSTINGS_SCHEMA = pa.schema(
    [
        ("agent_id", pa.string()),
        ("user_id", pa.string()),
        ("memory_id", pa.string()),
        ("term", pa.string()),
        ("tf", pa.float32()),  # weighted term count: context terms count CONTEXT_TERM_WEIGHT each
        ("doc_len", pa.float32()),  # sum of the memory's weighted term counts
    ]
)


def _weighted_texts(memories: pl.DataFrame) -> pl.DataFrame:
    """(row, text, weight): content and each keyword weigh 1, the context CONTEXT_TERM_WEIGHT."""
    rows = memories.select("content", "keywords", "context").with_row_index("row")
    said = pl.concat(
        [
            rows.select("row", pl.col("content").alias("text")),
            rows.select("row", pl.col("keywords").alias("text")).explode("text"),
        ]
    ).with_columns(pl.lit(1.0).alias("weight"))
    heard = rows.select("row", pl.col("context").alias("text"), pl.lit(CONTEXT_TERM_WEIGHT).alias("weight"))
    return pl.concat([said, heard])  # null texts (no context, no keywords) have no terms


def _tenant_ranks(memories: pl.DataFrame) -> np.ndarray:
    """Per memory row, the rank of its (user_id, agent_id) in ascending order, nulls last."""
    tenants = ["user_id", "agent_id"]
    ranked = memories.select(tenants).unique().sort(tenants, nulls_last=True).with_row_index("tenant")
    rows = memories.select(tenants).with_row_index("row")
    return rows.join(ranked, on=tenants, nulls_equal=True).sort("row")["tenant"].to_numpy()


def build_postings(memories: pl.DataFrame) -> pa.Table:
    """One row per (memory, term), sorted by tenant so recall reads only its user's row groups.

    Rows of one (user, agent, term) keep the memories' input order, as a stable sort of per-memory rows would.
    One sort of the term occurrences on integer codes (tenant rank, term rank, row) both orders the postings
    and brings each (memory, term)'s occurrences together to be summed; the strings are taken once, in order.
    """
    found = term_table(_weighted_texts(memories))
    vocabulary = found["term"].unique().sort()
    row, code = found["row"].to_numpy().astype(np.int64), vocabulary.search_sorted(found["term"]).to_numpy()
    order = np.lexsort((row, code, _tenant_ranks(memories)[row]))
    row, code, weight = row[order], code[order], found["weight"].to_numpy()[order]
    first = np.flatnonzero(np.diff(row, prepend=-1) | np.diff(code, prepend=-1))  # each (memory, term) starts
    row, code = row[first], code[first]
    # sums of multiples of CONTEXT_TERM_WEIGHT: exact whatever the order of addition
    tf = np.add.reduceat(weight, first) if len(first) else weight
    doc_len = np.bincount(row, weights=tf, minlength=memories.height)[row]
    ids = memories.select("agent_id", "user_id", "memory_id").to_arrow()
    columns = {name: ids[name].take(pa.array(row)) for name in ("agent_id", "user_id", "memory_id")}
    columns["term"] = vocabulary.to_arrow().take(pa.array(code))
    columns["tf"], columns["doc_len"] = pa.array(tf), pa.array(doc_len)
    return pa.table(columns).cast(POSTINGS_SCHEMA)
