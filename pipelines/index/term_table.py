"""The index terms of many texts at once, in Polars: for each text, the multiset of terms `tokens.terms` gives.

The batch job indexes a million memories this way; recall keeps `terms` for its one query (same rules,
property-tested equal on zh, en and arbitrary Unicode text).
"""

from __future__ import annotations

import polars as pl

from pipelines.index.tokens import (
    CHINESE_STOP_BIGRAMS,
    CHINESE_STOP_CHARS,
    ENGLISH_STOPWORDS,
    ENGLISH_WORD,
    HAN_RUN,
    stem_word,
)


def _english(texts: pl.DataFrame) -> pl.DataFrame:
    """english_terms of the whole text: `terms` joins the runs between Han characters with spaces, but a Han
    character separates words just as well (it is caseless and ENGLISH_WORD does not match it)."""
    words = (
        texts.with_columns(pl.col("text").str.to_lowercase().str.extract_all(ENGLISH_WORD.pattern).alias("term"))
        .explode("term", keep_nulls=False)
        .with_columns(pl.col("term").str.split("'").list.first())  # "caroline's" -> "caroline"
        .filter(~pl.col("term").is_in(sorted(ENGLISH_STOPWORDS)))  # a match starts with a letter: never empty
    )
    # the stemmer runs once per distinct word of the batch
    vocabulary = words["term"].unique().to_list()
    stems = pl.DataFrame(
        {"term": vocabulary, "stem": [stem_word(word) for word in vocabulary]},
        schema={"term": pl.String, "stem": pl.String},
    )
    return words.join(stems, on="term", how="left").drop("term").rename({"stem": "term"})


def _chinese(texts: pl.DataFrame) -> pl.DataFrame:
    """chinese_terms: each Han run's overlapping bigrams (a lone character stands for itself), stopwords out."""
    runs = (
        texts.with_columns(pl.col("text").str.extract_all(HAN_RUN.pattern).alias("run"))
        .explode("run", keep_nulls=False)
        .with_columns(pl.col("run").str.len_chars().alias("length"))
    )
    stop_chars = sorted(CHINESE_STOP_CHARS)
    lone = runs.filter((pl.col("length") == 1) & ~pl.col("run").is_in(stop_chars)).rename({"run": "term"})
    grams = (
        runs.filter(pl.col("length") > 1)
        .with_columns(pl.int_ranges(0, pl.col("length") - 1).alias("offset"))
        .explode("offset")
        .with_columns(pl.col("run").str.slice("offset", 2).alias("term"))
        .drop("run", "offset")
    )
    both_stop = pl.col("term").str.slice(0, 1).is_in(stop_chars) & pl.col("term").str.slice(1, 1).is_in(stop_chars)
    grams = grams.filter(~pl.col("term").is_in(sorted(CHINESE_STOP_BIGRAMS)) & ~both_stop)
    return pl.concat([lone.drop("length"), grams.drop("length")])


def term_table(texts: pl.DataFrame) -> pl.DataFrame:
    """Each row of `texts` (a `text` column and any others) once per term of its text, the term in `term`;
    a row whose text is null or has no terms is dropped."""
    present = texts.filter(pl.col("text").is_not_null())
    return pl.concat([_english(present), _chinese(present)]).drop("text")
