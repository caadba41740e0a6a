"""Whether a message says that a thing it names has ended: "the hilux is gone, flogged it", "I hung up the green
apron at Fernleaf", "明锐已经出掉了", "大连那套房子卖了".

A retraction rule needs the topic's own word ("sold my car", "车卖了"). People mostly name the thing itself, so
the words of the name tie the ending to the topic statement that named it (pipelines.resolve.endings).
"""

from __future__ import annotations

import re

from pipelines.extract.signals.mood import ASSERTION, clauses_with_moods
from pipelines.index.tokens import CHINESE_STOP_CHARS, HAN_RUN, english_terms

# Per topic, the words that end a value of it. Only things that can end are here: a car sold, a home given up, a
# job or a school left (a preference or a contact changes to a new value instead).
_ENDED_BY_TOPIC = {
    "vehicle": (
        r"\bsold\b|\bflogged\b|\bscrap(?:ped)?\b|\bwritten\s+off\b|\btotall?ed\b|\btraded\s+in\b|\bis\s+gone\b|'s\s+gone\b",
        r"卖了|卖掉|出掉|出手了|转手|报废了|没了",
    ),
    "residence": (
        r"\bmoved\s+out\b|\bkeys?\s+back\b|\bsold\b|\bis\s+gone\b|'s\s+gone\b|\blease\s+(?:is\s+|was\s+)?up\b",
        r"卖了|卖掉|退租|退房了|搬走了|搬出|不住了",
    ),
    "employer": (
        r"\bquit\b|\bhung\s+up\b|\blast\s+(?:day|shift)\s+at\b|\bnot\s+going\s+back\b|\bno\s+more\b|\bwalked\s+out\b"
        # a business of the user's own closed: "we closed Thistle & Thread for good"
        r"|\bclosed\b.{0,40}\bfor\s+good\b|\bshut\s+(?:it\s+)?down\b|\bclosed\s+(?:the|our|my)\s+doors\b",
        r"不干了|辞了|不会回去|不回去了|离职了|没了|关门了|倒闭了|歇业|盘出去了",
    ),
    "school": (
        r"\bdropped\s+out\b|\bquit\b|\bnot\s+going\s+back\b|\bwithdr[ae]w\b",
        r"退学|休学了|不读了|不念了",
    ),
}
ENDED_BY_TOPIC = {
    topic: re.compile(f"{english}|{chinese}", re.IGNORECASE) for topic, (english, chinese) in _ENDED_BY_TOPIC.items()
}
# Any of them, as a Rust regex for a first pass in Polars over many messages.
ANY_ENDING = "(?i)" + "|".join(f"{english}|{chinese}" for english, chinese in _ENDED_BY_TOPIC.values())

# Characters that make a Chinese pair of characters a word of grammar or time rather than of a name
# ("已经", "今天", "一个").
_NOT_A_NAME_ZH = CHINESE_STOP_CHARS | frozenset("一不没已经要会把被给让说去来到天年月时候点多少啥怎什为以可能得地自己")


# Three capitals that are chat, not a name ("OMG", "TBH")
_CHAT_CAPITALS = frozenset({"OMG", "BTW", "IMO", "TBH", "FYI", "WTF", "DIY", "ETA", "IDK", "SMH", "TBD", "YAY"})


def name_words(text: str) -> frozenset[str]:
    """The words of `text` that can name a thing: English index terms of four letters or more, or three written in
    capitals ("transferring to NEC" — "scratch the NEC thing"), none with digits (numbers and dates), and Chinese
    pairs of characters that are not words of grammar or time."""
    capitals = " ".join(word for word in re.findall(r"\b[A-Z]{3}\b", text) if word not in _CHAT_CAPITALS)
    english = {word for word in english_terms(text) if len(word) >= 4 and not any(ch.isdigit() for ch in word)}
    english |= set(english_terms(capitals))
    chinese = {
        run[i : i + 2]
        for run in HAN_RUN.findall(text)
        for i in range(len(run) - 1)
        if not (set(run[i : i + 2]) & _NOT_A_NAME_ZH)
    }
    return frozenset(english | chinese)


def ended_names(text: str) -> dict[str, frozenset[str]]:
    """Per topic, the name words of the clauses of `text` that assert (not ask, plan or tell of someone else) that
    a thing of that topic ended."""
    ended: dict[str, set[str]] = {}
    for clause, mood in clauses_with_moods(text):
        if mood != ASSERTION:
            continue
        for topic, ending in ENDED_BY_TOPIC.items():
            if ending.search(clause):
                ended.setdefault(topic, set()).update(name_words(clause))
    return {topic: frozenset(words) for topic, words in ended.items() if words}
