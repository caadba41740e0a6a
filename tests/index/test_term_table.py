"""term_table gives every text the multiset of terms `tokens.terms` gives it, on zh, en and arbitrary Unicode."""

from collections import Counter

import polars as pl
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pipelines.index.term_table import term_table
from pipelines.index.tokens import terms

# Boundaries of the Han ranges, stop characters and bigrams, apostrophes, and letters whose lowercase is ASCII.
PIECES = [
    "我们",
    "的了",
    "喜欢用表格",
    "表",
    "㐀",
    "䶿",
    "一",
    "鿿",
    "豈",
    "﫿",
    "ꀀ",
    "、",
    "don't",
    "Caroline's",
    "'s",
]
PIECES += ["İstanbul", "K", "RUNNING", "1990s", "it's", "the", "x'y'z", "Σ中", " ", "\u3000", "é", "Σ", "ß"]
TEXTS = st.one_of(st.text(max_size=40), st.lists(st.sampled_from(PIECES), max_size=8).map("".join))


@settings(max_examples=300, deadline=None)
@given(st.lists(TEXTS, max_size=8))
@example(["吗", "x的了y", "我们喜欢用表格", "Caroline's kids don't paint", "İK 1990s"])
def test_each_text_gets_the_terms_that_terms_gives(texts):
    table = term_table(
        pl.DataFrame({"text": texts, "at": range(len(texts))}, schema={"text": pl.String, "at": pl.Int64})
    )
    found = {at: Counter(part["term"].to_list()) for (at,), part in table.group_by("at")}
    assert {at: Counter(terms(text)) for at, text in enumerate(texts) if terms(text)} == found


def test_rows_without_text_or_terms_are_dropped_and_other_columns_carried():
    texts = pl.DataFrame({"text": ["表格", None, "the", "表格"], "at": [0, 1, 2, 3]})
    assert term_table(texts).rows() == [(0, "表格"), (3, "表格")]
