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
