"""The time a recall query asks about: the day it names ("What did I cook on May 5th?", "在4月27号我们聊了什么？"),
if any, and whether it asks when something happened ("When did Caroline go to the support group?").

A question that names a day asks about what was said that day: recall favours memories whose valid time
starts within it. A date without a year is the latest such day not after the moment asked. A question that
asks when is answered by a message that says when ("I went to a support group yesterday"): recall favours
memories that carry a time expression (SAYS_WHEN), since the answer is their date plus that expression.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>\d{4}))?"
_PATTERNS = (
    re.compile(rf"\b{_MONTH}\s+{_DAY}\b{_YEAR}", re.I),  # May 4th, 2023
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}\b{_YEAR}", re.I),  # 4 May 2023, the 4th of May
    re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b"),  # 2023-05-04
    re.compile(r"(?:(?P<year>\d{4})\s*年\s*)?(?P<month>\d{1,2})\s*月\s*(?P<day>\d{1,2})\s*[日号]"),  # 2023年5月4日
)
# The log's times are UTC and the user's day is local: half a day either side covers every time zone's day.
DAY_MARGIN = timedelta(hours=12)


def _month_number(text: str) -> int:
    return int(text) if text.isdigit() else _MONTHS[text.lower().rstrip(".")]


def _resolve(year: int | None, month: int, day: int, asked: datetime) -> datetime | None:
    try:
        if year is not None:
            return datetime(year, month, day, tzinfo=UTC)
        moment = datetime(asked.year, month, day, tzinfo=UTC)
        return moment if moment <= asked else datetime(asked.year - 1, month, day, tzinfo=UTC)
    except ValueError:  # "February 30th"
        return None


def named_day(query: str, asked: datetime) -> tuple[float, float] | None:
    """(start, end) in epoch seconds of the first day `query` names, widened by DAY_MARGIN; None if it names none."""
    for pattern in _PATTERNS:
        match = pattern.search(query)
        if match is None:
            continue
        year = int(match["year"]) if match["year"] else None
        day = _resolve(year, _month_number(match["month"]), int(match["day"]), asked.astimezone(UTC))
        if day is not None:
            return (day - DAY_MARGIN).timestamp(), (day + timedelta(days=1) + DAY_MARGIN).timestamp()
    return None


# "When did…", "what year…", "how long has…", "as of…", "什么时候…": the answer is a time
_ASKS_WHEN = re.compile(
    r"^\s*(?:when|what\s+(?:year|month|day|date|time)|which\s+(?:year|month|day)|how\s+long)\b|\bas\s+of\b"
    r"|什么时候|啥时候|哪年|哪一年|几月|哪天|哪一天|多久|多长时间",
    re.IGNORECASE,
)
# A time expression in a memory, as DuckDB's RE2 reads it (pipelines.recall.sql): a day or period relative to
# when it was said, a duration, a date's parts, or a word saying it just happened.
SAYS_WHEN = (
    r"(?i)\b(?:yesterday|today|tonight|tomorrow|recently|lately|just|since|ago|the\s+other\s+day"
    r"|(?:last|this|next)\s+(?:night|week|weekend|month|year|spring|summer|fall|autumn|winter|morning|evening"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:19|20)\d\d"
    r"|january|february|march|april|may|june|july|august|september|october|november|december)\b"
    r"|昨天|前天|今天|今晚|明天|上周|上个?星期|上礼拜|上个?月|去年|今年|前年|最近|刚刚|刚才|前几天|前阵子|\d+\s*[年月]"
)


def asks_when(query: str) -> bool:
    """Whether the query asks when something happened or how long it has lasted."""
    return bool(_ASKS_WHEN.search(query))


# A question about a state the user is in, not about an event: "What sales tax rate should be used for the user's
# totals?", "Which market does the user trade at on Saturdays?", "用户现在在哪个市场摆摊？" (not "What did Caroline
# paint?", "When did she move?", "用户上次去哪了？")
_ASKS_AN_EVENT = re.compile(
    r"(?i)\b(?:did|was|were|had|went|ever|once|first|last|ago|before|after|yesterday|previously|used\s+to)\b"
    r"|了|过|上次|那次|之前|以前|当时|那时"
)
_ASKS_A_STATE = re.compile(
    r"(?i)\b(?:does|do|is|are|should|now|currently|still|these\s+days)\b|现在|目前|如今|平时|默认|一般|还在|还是"
)


def asks_a_state(query: str) -> bool:
    """Whether the query asks what holds for the user (a state), not what happened once (its answer is the latest of
    the user's statements on it)."""
    return bool(_ASKS_A_STATE.search(query)) and not _ASKS_AN_EVENT.search(query) and not asks_when(query)
