"""Deadline resolution for tasks: "by Friday", "明天之前", "in 3 days" → an instant, relative to the message time.

Every deadline is the end of a UTC day (23:59:59) except "in N hours", so the same words said at 09:00 and
at 17:00 on one day expire together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from pipelines.core.clock import UTC, utc

_EN_WEEKDAYS = {
    "monday": 0,
    "mon": 0,
    "tuesday": 1,
    "tue": 1,
    "tues": 1,
    "wednesday": 2,
    "wed": 2,
    "thursday": 3,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "friday": 4,
    "fri": 4,
    "saturday": 5,
    "sat": 5,
    "sunday": 6,
    "sun": 6,
}
_EN_MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sept": 9,
    "sep": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
_EN_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_WEEKDAYS = {**{c: i for i, c in enumerate("一二三四五六")}, "日": 6, "天": 6, **{str(i + 1): i for i in range(7)}}


def end_of_day(day: date) -> datetime:
    """23:59:59 UTC on `day`: deadlines name a day, not an instant."""
    return datetime.combine(day, time(23, 59, 59), tzinfo=UTC)


def upcoming_weekday(today: date, weekday: int) -> date:
    """The next `weekday` (0 = Monday) on or after today: "by Friday" said on a Friday means today."""
    return today + timedelta(days=(weekday - today.weekday()) % 7)


def next_week_day(today: date, weekday: int) -> date:
    """`weekday` of the calendar week (Mon..Sun) after this one."""
    return today + timedelta(days=7 - today.weekday() + weekday)


def month_end(today: date, months_ahead: int = 0) -> date:
    """Last day of this month (or of a later one)."""
    first = date(today.year + (today.month - 1 + months_ahead + 1) // 12, (today.month + months_ahead) % 12 + 1, 1)
    return first - timedelta(days=1)


def next_month_day(today: date, month: int, day: int, year: int | None = None) -> date | None:
    """The date `month`/`day` in `year`, or its next occurrence on or after today; None when invalid."""
    try:
        candidate = date(year or today.year, month, day)
        if year is None and candidate < today:
            candidate = date(today.year + 1, month, day)
    except ValueError:
        return None
    return candidate


def zh_number(text: str) -> int | None:
    """Small Chinese or Arabic numerals ("3", "三", "十二", "二十", "两") as an int."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        value = (_ZH_DIGITS.get(tens, -100) if tens else 1) * 10 + (_ZH_DIGITS.get(ones, -100) if ones else 0)
        return value if value > 0 else None
    return _ZH_DIGITS.get(text) if len(text) == 1 else None


def _en_count(text: str) -> int | None:
    return int(text) if text.isdigit() else _EN_NUMBERS.get(text.lower())


def _after(now: datetime, count: int | None, unit: str) -> datetime | None:
    """`count` units after `now`: hours are exact, days and weeks end with their day."""
    if not count:
        return None
    if unit.startswith(("hour", "小时", "钟头")):
        return now + timedelta(hours=count)
    days = count * (7 if unit.startswith(("week", "周", "星期", "礼拜")) else 1)
    return end_of_day(now.date() + timedelta(days=days))


def _day_offset(word: str) -> int:
    offsets = {
        "today": 0,
        "tonight": 0,
        "eod": 0,
        "tomorrow": 1,
        "今天": 0,
        "今晚": 0,
        "今夜": 0,
        "明天": 1,
        "明晚": 1,
        "后天": 2,
        "大后天": 3,
    }
    word = " ".join(word.lower().split())
    return 2 if word == "the day after tomorrow" else offsets.get(word, 0)


def _week_word(word: str | None) -> int:
    """0 for this week, 1 for next week; None/"this"/"这"/"本" mean this week."""
    return 1 if word and word.lower().startswith(("next", "下")) else 0


def _on_weekday(today: date, week_word: str | None, weekday: int) -> date:
    return next_week_day(today, weekday) if _week_word(week_word) else upcoming_weekday(today, weekday)


def _week_end(today: date, week_word: str | None) -> date:
    return upcoming_weekday(today, 6) + timedelta(days=7 * _week_word(week_word))


def _period_end(today: date, week_word: str | None, unit: str) -> date:
    if unit.lower().startswith(("month", "月")):
        return month_end(today, _week_word(week_word))
    return _week_end(today, week_word)


_Resolver = Callable[[re.Match, datetime], "datetime | None"]


def _eod(fn: Callable[[re.Match, date], date | None]) -> _Resolver:
    """Lift a match->date function to a match->end-of-day deadline."""

    def resolve(match: re.Match, now: datetime) -> datetime | None:
        day = fn(match, now.date())
        return end_of_day(day) if day else None

    return resolve


_MONTH_RE = "|".join(sorted(_EN_MONTHS, key=len, reverse=True))
_WEEKDAY_RE = "|".join(sorted(_EN_WEEKDAYS, key=len, reverse=True))
_PREP = r"(?:\b(?:by|before|until|till|due|on|no\s+later\s+than)\s+)?"
_ZN = r"[\d零一二两三四五六七八九十]{1,3}"
_ZH_BEFORE = r"(?:之前|以前|前|为止)?"

# (pattern, resolver); the leftmost-longest match wins, so "下周五" beats "下周" and "周五".
_DEADLINE_TABLE: list[tuple[str, int, _Resolver]] = [
    (
        _PREP + r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b",
        re.I,
        _eod(lambda m, t: next_month_day(t, int(m[2]), int(m[3]), int(m[1]))),
    ),
    (
        _PREP + rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s*(\d{{4}}))?",
        re.I,
        _eod(lambda m, t: next_month_day(t, _EN_MONTHS[m[1].lower()], int(m[2]), int(m[3]) if m[3] else None)),
    ),
    (
        _PREP + rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE})\b(?:,?\s*(\d{{4}}))?",
        re.I,
        _eod(lambda m, t: next_month_day(t, _EN_MONTHS[m[2].lower()], int(m[1]), int(m[3]) if m[3] else None)),
    ),
    (
        r"(?:\b(?:by|before|until|till)\s+)?(?:the\s+end\s+of\s+)?"
        r"\b(today|tonight|tomorrow|the\s+day\s+after\s+tomorrow|eod)\b",
        re.I,
        _eod(lambda m, t: t + timedelta(days=_day_offset(m[1]))),
    ),
    (r"(?:\b(?:by|before|until|till)\s+)?\bend\s+of\s+(?:the\s+)?day\b", re.I, _eod(lambda m, t: t)),
    (
        rf"\b(?:(?:by|before|until|till|due|on)\s+(?:(this|next)\s+)?|(this|next)\s+)({_WEEKDAY_RE})\b",
        re.I,
        _eod(lambda m, t: _on_weekday(t, m[1] or m[2], _EN_WEEKDAYS[m[3].lower()])),
    ),
    (
        r"(?:\b(?:by|before|until|till|within|in|during)\s+)?(?:the\s+end\s+of\s+)?\b(this|next)\s+(week|month)\b",
        re.I,
        _eod(lambda m, t: _period_end(t, m[1], m[2])),
    ),
    (
        r"(?:\b(?:by|before|until|till)\s+)?\b(?:the\s+)?end\s+of\s+(?:the\s+)?(week|month)\b",
        re.I,
        _eod(lambda m, t: _period_end(t, None, m[1])),
    ),
    (r"(?:\b(?:by|before|until|till|over)\s+)?\bthe\s+weekend\b", re.I, _eod(lambda m, t: _week_end(t, None))),
    (
        r"\b(?:in|within)\s+(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?|hours?)\b",
        re.I,
        lambda m, now: _after(now, _en_count(m[1]), m[2].lower()),
    ),
    (
        rf"(?:在|到|于)?(\d{{4}})年({_ZN})月({_ZN})[日号]{_ZH_BEFORE}",
        0,
        _eod(lambda m, t: next_month_day(t, zh_number(m[2]) or 0, zh_number(m[3]) or 0, int(m[1]))),
    ),
    (
        rf"(?:在|到|于)?({_ZN})月({_ZN})[日号]{_ZH_BEFORE}",
        0,
        _eod(lambda m, t: next_month_day(t, zh_number(m[1]) or 0, zh_number(m[2]) or 0)),
    ),
    (
        rf"(?:在|到)?(大后天|后天|明天|明晚|今天|今晚|今夜)(?:晚上|下班|中午|下午|上午|早上)?{_ZH_BEFORE}",
        0,
        _eod(lambda m, t: t + timedelta(days=_day_offset(m[1]))),
    ),
    (
        rf"(?:在|到)?(下个?|这个?|本)?(?:周|星期|礼拜)([一二三四五六日天1-7]){_ZH_BEFORE}",
        0,
        _eod(lambda m, t: _on_weekday(t, m[1], _ZH_WEEKDAYS[m[2]])),
    ),
    (
        rf"(?:在|到)?(下个?|这个?|本)(周|星期|礼拜|月)(?![一二三四五六日天1-7末底])(?:之内|以内|内)?{_ZH_BEFORE}",
        0,
        _eod(lambda m, t: _period_end(t, m[1], m[2])),
    ),
    (rf"(?:在|到)?(?:这个?|本)?周末{_ZH_BEFORE}", 0, _eod(lambda m, t: _week_end(t, None))),
    (rf"(?:在|到)?(下个?|这个?|本)?月底{_ZH_BEFORE}", 0, _eod(lambda m, t: month_end(t, _week_word(m[1])))),
    (
        rf"({_ZN})(?:个)?(天|周|星期|礼拜|小时|钟头)(?:之内|以内|内)",
        0,
        lambda m, now: _after(now, zh_number(m[1]), m[2]),
    ),
]
_DEADLINES = [(re.compile(p, flags), fn) for p, flags, fn in _DEADLINE_TABLE]


def find_deadline(text: str, now: datetime) -> tuple[datetime, tuple[int, int]] | None:
    """The deadline named in `text`, resolved against `now`, with the span of the words naming it."""
    now = utc(now)
    hits = [(m.start(), -m.end(), m, fn) for pattern, fn in _DEADLINES for m in pattern.finditer(text)]
    for _, _, match, fn in sorted(hits, key=lambda h: h[:2]):
        deadline = fn(match, now)
        if deadline is not None:
            return deadline, match.span()
    return None


def resolve_deadline(text: str, now: datetime) -> datetime | None:
    """The deadline named in `text` ("by Friday", "明天之前", "三天内"), or None."""
    found = find_deadline(text, now)
    return found[0] if found else None
