"""Keyword tokenisation for BM25, shared by the batch job (postings) and recall (query terms).

English: lowercase words, stopwords dropped, Snowball-stemmed (measured in docs/recall.md); Chinese:
overlapping character bigrams of each run of Han characters, so "表格" matches "喜欢用表格" without a segmenter.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Words too common to say anything about a memory; the apostrophe forms appear after splitting "it's".
ENGLISH_STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "d",
        "ll",
        "m",
        "re",
        "ve",
        "don",
        "didn",
        "doesn",
        "isn",
        "wasn",
        "aren",
        "weren",
        "won",
        "wouldn",
        "couldn",
        "shouldn",
        "hasn",
        "haven",
        "hadn",
        "yeah",
        "yes",
        "oh",
        "hey",
        "hi",
        "wow",
        "really",
        "also",
        "got",
        "get",
        "like",
        "just",
        "thanks",
        "thank",
        "ok",
        "okay",
        "lol",
    ]
)

# Han characters and bigrams that carry no topic: particles, pronouns, copulas.
CHINESE_STOP_CHARS = frozenset("的了是在我你他她它们吗呢吧啊呀哦嗯和与及也都就还又很太这那有个着过么")
CHINESE_STOP_BIGRAMS = frozenset(
    {
        "我们",
        "你们",
        "他们",
        "她们",
        "什么",
        "怎么",
        "这个",
        "那个",
        "一个",
        "没有",
        "就是",
        "可以",
        "因为",
        "所以",
        "但是",
        "如果",
        "还是",
        "已经",
        "现在",
        "自己",
        "知道",
        "觉得",
        "用户",
    }
)

ENGLISH_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LATIN_OR_DIGIT = re.compile(r"[^\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def stem_word(word: str) -> str:
    return _stemmer().stemWord(word)


def english_terms(text: str, stem: bool = True) -> list[str]:
    words = []
    for match in ENGLISH_WORD.findall(text.lower()):
        word = match.split("'", 1)[0]  # "caroline's" -> "caroline", "don't" -> "don"
        if word and word not in ENGLISH_STOPWORDS:
            words.append(stem_word(word) if stem else word)
    return words


def chinese_terms(text: str) -> list[str]:
    terms = []
    for run in HAN_RUN.findall(text):
        if len(run) == 1:
            if run not in CHINESE_STOP_CHARS:
                terms.append(run)
            continue
        for i in range(len(run) - 1):
            gram = run[i : i + 2]
            if gram in CHINESE_STOP_BIGRAMS or (gram[0] in CHINESE_STOP_CHARS and gram[1] in CHINESE_STOP_CHARS):
                continue
            terms.append(gram)
    return terms


def terms(text: str, stem: bool = True) -> list[str]:
    """Index terms of `text` in order (repeats kept: BM25 counts them)."""
    latin = " ".join(_LATIN_OR_DIGIT.findall(text))
    return english_terms(latin, stem) + chinese_terms(text)
