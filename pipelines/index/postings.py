"""A memory's keyword postings (term, weighted tf, doc_len): what BM25 recall finds it by.

Postings read content, keywords and context; recall returns only the content (docs/recall.md measures why).
"""

from __future__ import annotations

import polars as pl
import pyarrow as pa

from pipelines.index.tokens import terms

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
    return pl.concat([said, heard]).drop_nulls("text")


def _terms_of(texts: pl.Series) -> pl.DataFrame:
    """(text, term) with repeats, each distinct text tokenised once: the stemmer runs per text, not per row."""
    distinct = texts.unique()
    return pl.DataFrame(
        {"text": distinct, "term": [terms(text) for text in distinct]},
        schema={"text": pl.String, "term": pl.List(pl.String)},
    ).explode("term", keep_nulls=False)


def build_postings(memories: pl.DataFrame) -> pa.Table:
    """One row per (memory, term), sorted by tenant so recall reads only its user's row groups.

    Rows of one (user, agent, term) keep the memories' input order, as a stable sort of per-memory rows would.
    """
    texts = _weighted_texts(memories)
    counts = (
        texts.join(_terms_of(texts["text"]), on="text")
        .group_by("row", "term")
        .agg(pl.col("weight").sum().alias("tf"))
        .with_columns(pl.col("tf").sum().over("row").alias("doc_len"))
    )
    ids = memories.select("agent_id", "user_id", "memory_id").with_row_index("row")
    postings = (
        counts.join(ids, on="row")
        .sort(["user_id", "agent_id", "term", "row"], nulls_last=True)
        .select(POSTINGS_SCHEMA.names)
    )
    return postings.to_arrow().cast(POSTINGS_SCHEMA)
