"""The rule grammar: the `Rule` record, its `en`/`zh` constructors and the macros their patterns use.

Also the building blocks several topics share: the first-person subjects and the job vocabularies.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from pipelines.core.schemas import Kind

FACT, PREF, SKILL, TASK, DECISION = Kind.FACT, Kind.PREFERENCE, Kind.SKILL, Kind.TASK, Kind.DECISION

# --------------------------------------------------------------------------------------------------
# Macros keep the patterns short: <V> is an English value up to a connective, <T> free text to the end,
# <ZV> a Chinese value, <END> Chinese sentence-final fillers. <V:w> names the capture w instead of v.
# --------------------------------------------------------------------------------------------------

_EN_TERM = (
    r"(?=\s+(?:and|but|since|because|so|as|now|anymore|any\s+more|these\s+days|currently|"
    r"at\s+the\s+moment|right\s+now|for|with|from|in|on|at|by|to|too|already|though|instead|"
    r"which|who|where|when|if)\b|\s*$)"
)
# A capital letter even inside case-insensitive English patterns: names and tools start with one.
CAPITAL = r"(?-i:[A-Z])"
_EN_JOBS = (
    r"engineer|developer|programmer|manager|designer|scientist|analyst|teacher|professor|doctor|nurse|"
    r"lawyer|attorney|accountant|consultant|architect|researcher|student|writer|editor|journalist|"
    r"founder|ceo|cto|cfo|director|intern|marketer|administrator|technician|pharmacist|dentist|chef|"
    r"pilot|artist|photographer|musician|specialist|coordinator|recruiter|economist|mechanic|physician|"
    r"surgeon|therapist|librarian|lead|owner|officer|salesperson|product\s+manager"
)
_ZH_JOBS = (
    r"经理|工程师|设计师|程序员|开发|老师|教师|医生|护士|律师|会计|分析师|架构师|研究员|学生|主管|总监|"
    r"运营|销售|顾问|编辑|记者|创始人|实习生|科学家|教授|司机|厨师|产品|测试|专员|主任|负责人"
)
_MACROS = {
    "V": r"(?P<{g}>.+?)" + _EN_TERM,
    "T": r"(?P<{g}>.+?)\s*$",
    "NAME": rf"(?P<{{g}}>{CAPITAL}[\w'.-]*(?:\s+{CAPITAL}[\w'.-]*){{0,3}})",
    "TOOL": rf"(?P<{{g}}>{CAPITAL}[\w.+#-]*(?:\s+{CAPITAL}[\w.+#-]*)*)",
    "LATIN": r"(?P<{g}>[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)*)",
    "ZV": r"(?P<{g}>.+?)",
    "END": r"(?:了|啦|呀|哦|呢|吧|嘛|啊|哈)*$",
    "EMAIL": r"(?P<{g}>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)",
    "PHONE": r"(?P<{g}>\+?\(?\d[\d\s()-]{5,}\d)",
    "JOB": rf"(?P<{{g}}>(?:[\w-]+\s+){{0,3}}?(?:{_EN_JOBS})s?)\b",
    "ZJOB": rf"(?P<{{g}}>[^，,。]{{0,12}}?(?:{_ZH_JOBS}))",
}

# First-person subjects with the adverbs that may follow them ("I've just", "I'm currently", "我现在").
EN_I = r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|now\s+|currently\s+|also\s+|really\s+|finally\s+)*"
EN_IM = r"\bI(?:'m|\s+am)\s+(?:now\s+|currently\s+|also\s+|really\s+)*"
ZH_WO = r"我(?:现在|目前|已经|也|还|刚|刚刚|最近|平时)*"


def expand(pattern: str) -> str:
    # Macro names are upper case, so regex syntax such as (?P<v>...) and (?<!...) is left alone.
    return re.sub(r"<([A-Z]+)(?::(\w+))?>", lambda m: _MACROS[m[1]].replace("{g}", m[2] or "v"), pattern)


@dataclass(frozen=True)
class Rule:
    """One phrasing: a pattern and what a match of it means."""

    pattern: re.Pattern[str]
    kind: Kind
    topic: str
    templates: tuple[str, ...]  # tried in order; the first whose fields were all captured wins
    keywords: tuple[str, ...]
    confidence: float
    lang: str
    transform: Callable[[str], str] | None = None
    unless: re.Pattern[str] | None = None  # a clause matching this is not what the rule means
    needs_deadline: bool = False  # "我要…" is a task only when it names a deadline
    retracts: bool = False


def _rule(
    lang: str,
    pattern: str,
    kind: Kind,
    topic: str,
    templates: str | tuple[str, ...],
    keywords: str,
    confidence: float = 0.9,
    *,
    transform: Callable[[str], str] | None = None,
    unless: str | None = None,
    needs_deadline: bool = False,
) -> Rule:
    flags = re.IGNORECASE if lang == "en" else 0
    return Rule(
        pattern=re.compile(expand(pattern), flags),
        kind=kind,
        topic=topic,
        templates=(templates,) if isinstance(templates, str) else templates,
        keywords=tuple(keywords.split()),
        confidence=confidence,
        lang=lang,
        transform=transform,
        unless=re.compile(unless, flags) if unless else None,
        needs_deadline=needs_deadline,
    )


en = partial(_rule, "en")
zh = partial(_rule, "zh")
