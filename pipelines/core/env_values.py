"""Parsing one environment variable's text into a typed value, and the error naming what is wrong with it.

Every rule lives here once (the one boolean parser included); pipelines/core/config.py applies them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import date
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

Parser = Callable[[str, str], object]  # (variable name, its text) -> typed value, or SettingsError

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
# An empty value is off: `VAR= command` is how a shell switches a flag off for one command.
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})
# The names Python's logging (and Dagster's console logger) accept; WARN and FATAL are their aliases.
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL", "FATAL")


class SettingsError(ValueError):
    """An environment variable holds a value its setting cannot take; one line naming variable, value and rule."""


def parse_flag(name: str, text: str) -> bool:
    """The boolean rule of every MEMORY_* flag: 1/true/yes/on or 0/false/no/off/empty, any case."""
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise SettingsError(f"{name}={text!r} is not a boolean: use 1/true/yes/on or 0/false/no/off")


def parse_text(name: str, text: str) -> str:
    return text


def integer(minimum: int) -> Parser:
    """Whole numbers from `minimum` up (counts: a negative one has no meaning)."""

    def parse(name: str, text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise SettingsError(f"{name}={text!r} is not an integer (allowed: >= {minimum})") from None
        if value < minimum:
            raise SettingsError(f"{name}={text!r} is out of range (allowed: >= {minimum})")
        return value

    return parse


def number(minimum: float, below: float | None = None, above_minimum: bool = False) -> Parser:
    """Finite decimals in [minimum, below), or (minimum, below) with `above_minimum`."""
    if below is not None:
        allowed = f"{'(' if above_minimum else '['}{minimum:g}, {below:g})"
    else:
        allowed = f"{'>' if above_minimum else '>='} {minimum:g}"

    def parse(name: str, text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            raise SettingsError(f"{name}={text!r} is not a number (allowed: {allowed})") from None
        too_low = value <= minimum if above_minimum else value < minimum
        if not math.isfinite(value) or too_low or (below is not None and value >= below):
            raise SettingsError(f"{name}={text!r} is out of range (allowed: {allowed})")
        return value

    return parse


def choice(*options: str) -> Parser:
    """One of `options`, any case; returned in the case the options are written in."""
    by_key = {option.casefold(): option for option in options}

    def parse(name: str, text: str) -> str:
        option = by_key.get(text.strip().casefold())
        if option is None:
            raise SettingsError(f"{name}={text!r} is not one of {', '.join(options)}")
        return option

    return parse


def parse_log_level(name: str, text: str) -> str:
    return str(choice(*LOG_LEVELS)(name, text))


def parse_day(name: str, text: str) -> str:
    """A calendar day written YYYY-MM-DD, as the raw folders' `date=` names write it."""
    key = text.strip()
    try:
        date.fromisoformat(key)
    except ValueError:
        raise SettingsError(f"{name}={text!r} is not a day written YYYY-MM-DD (e.g. 2026-03-01)") from None
    if len(key) != 10:  # fromisoformat also takes 20260301, which names no `date=` folder
        raise SettingsError(f"{name}={text!r} is not a day written YYYY-MM-DD (e.g. 2026-03-01)")
    return key


def parse_timezone(name: str, text: str) -> str:
    """An IANA name ZoneInfo knows (the schedule and the decay calendar both use it)."""
    key = text.strip()
    try:
        ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a folder name such as "America"
        raise SettingsError(
            f"{name}={text!r} is not a timezone ZoneInfo knows (e.g. UTC, Europe/Berlin, Asia/Shanghai)"
        ) from None
    return key
