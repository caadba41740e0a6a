"""Tokenisation (English stems and stopwords, Chinese bigrams) and the postings each snapshot carries."""

import polars as pl
import pytest

from pipelines.index.postings import CONTEXT_TERM_WEIGHT, build_postings
from pipelines.index.tokens import terms
from tests.support.memory_rows import publish, row


def test_english_is_lowercased_stemmed_and_stopword_free():
    assert terms("What did Caroline's kids paint in the paintings?") == ["carolin", "kid", "paint", "paint"]
    assert terms("Running, RUNS, ran", stem=False) == ["running", "runs", "ran"]


def test_chinese_becomes_character_bigrams_without_function_words():
    assert terms("喜欢用表格") == ["喜欢", "欢用", "用表", "表格"]
    assert terms("表格") == ["表格"]
    assert "的了" not in terms("好的了吗")
    assert terms("我用 DuckDB 做分析") == ["duckdb", "我用", "做分", "分析"]


def test_postings_count_weighted_terms_and_document_length(tmp_path):
    memories = pl.DataFrame([row("Mel swims, swims daily", keywords=["Mel"], context="Caroline: swims?")])
    postings = pl.from_arrow(build_postings(memories)).sort("term")
    tf = dict(zip(postings["term"], postings["tf"], strict=True))
    assert tf == {"carolin": CONTEXT_TERM_WEIGHT, "daili": 1.0, "mel": 2.0, "swim": 2.0 + CONTEXT_TERM_WEIGHT}
    assert postings["doc_len"].unique().to_list() == [pytest.approx(sum(tf.values()))]


def test_every_published_version_carries_postings_sorted_by_user(tmp_path):
    store = publish(tmp_path, [row("User likes tables.", user="u2"), row("喜欢用表格", user="u1")])
    for path in store.table_paths("postings.parquet"):  # one file per user shard, each sorted by user
        postings = pl.read_parquet(path)
        assert postings["user_id"].to_list() == sorted(postings["user_id"].to_list())
    postings = pl.read_parquet(store.postings_path(user_id="u1"))
    assert set(postings.filter(pl.col("user_id") == "u1")["term"]) == {"喜欢", "欢用", "用表", "表格"}
