"""The vectorised postings are exactly the row-by-row ones (tests/support/row_by_row): rows, order, tf, doc_len."""

import polars as pl
from hypothesis import given, settings
from polars.testing import assert_frame_equal

from pipelines.index.postings import POSTINGS_SCHEMA, build_postings
from tests.support import row_by_row
from tests.support.memory_rows import row
from tests.support.random_memories import memory_tables


def _same_table(memories: pl.DataFrame) -> None:
    built, expected = build_postings(memories), row_by_row.build_postings(memories)
    assert built.schema == POSTINGS_SCHEMA
    assert_frame_equal(pl.from_arrow(built), pl.from_arrow(expected), check_exact=True)
    assert built.equals(expected)


@settings(max_examples=120, deadline=None)
@given(memory_tables())
def test_postings_give_the_row_by_row_table(memories):
    _same_table(memories)


def test_a_text_shared_by_rows_and_columns_counts_once_per_place():
    """One distinct text is tokenised once but counted wherever it appears: as content, keyword and context."""
    memories = pl.DataFrame(
        [
            row("User likes tables.", keywords=["tables", "tables"], context="User likes tables.", user="u2"),
            row("User likes tables.", topic="misc", user="u2"),
            row("喜欢用表格", keywords=[], context=None, user="u1"),
            row("the and of", keywords=["表格"], context="?"),  # no terms but its keyword's
        ]
    )
    _same_table(memories)
    tf = pl.from_arrow(build_postings(memories)).filter(pl.col("term") == "tabl")["tf"].to_list()
    assert tf == [1.0 + 2.0 + 0.5, 1.0]


def test_tenants_sort_as_pyarrow_sorts_them_nulls_last():
    rows = [row("User likes tables.", user="u2", agent="b"), row("User likes chess.", user="u1", agent="b")]
    rows += [
        {**row("User likes tables too.", user="u1"), "agent_id": None},
        {**row("表格", agent="a"), "user_id": None},
    ]
    _same_table(pl.DataFrame(rows))
