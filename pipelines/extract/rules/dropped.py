"""A rule the user set for the assistant, named and dropped: "that super-short-answers rule I gave you, drop it", "can
we drop the spanish thing?", "之前那个一百字的限制取消吧".

The words that name the rule and the words that drop it are often in different clauses, so the whole message is read.
What the rule was about (the answers' length, their language) comes from the words that name it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from pipelines.core.schemas import ExtractedMemory, Kind, Message
from pipelines.extract.rules.grammar import LANGUAGES_EN, LANGUAGES_ZH

_RULE_EN = r"(?:rule|thing|limit|cap|restriction|requirement)s?"
_DROP_EN = (
    r"(?:drop|forget|scrap|ditch|cancel|lift|remove|kill|lose|stop"
    # "you don't have to stick to that short-reply rule anymore"
    r"|(?:don't|dont|do\s+not|no\s+need\s+to)\s+(?:have\s+to\s+|need\s+to\s+)?(?:stick\s+to|follow|keep\s+to|worry\s+about|bother\s+with))"
)
_NAMED_AND_DROPPED_EN = re.compile(
    # "drop the 3 sentence thing", "can we drop the spanish thing?"
    rf"\b{_DROP_EN}\s+(?:about\s+)?(?:the|that|this|my|your)\s+(?P<named>[^.!?]{{0,40}}?)\b{_RULE_EN}\b"
    # "that super-short-answers rule I gave you, drop it", "the spanish-only rule, let's drop it"
    rf"|\b(?:the|that|this|my|your)\s+(?P<named_first>[^.!?]{{0,40}}?)\b{_RULE_EN}\b[^.!?]{{0,40}}?"
    rf"\b{_DROP_EN}\s+(?:it|that)\b",
    re.IGNORECASE,
)
_RULE_ZH = "(?:限制|规定|要求|规矩|规则)"
_DROP_ZH = "(?:取消|不用了|作废|去掉|免了|不要了|撤了|算了)"
_NAMED_AND_DROPPED_ZH = re.compile(
    # "之前那个一百字的限制取消吧", "英文回复那个要求不用了", "之前让你回答别超过100字，这个限制取消吧"
    rf"(?P<named>[^。！？]{{0,24}}?){_RULE_ZH}[^。！？]{{0,6}}?{_DROP_ZH}"
    # "把一百字的限制去掉"
    rf"|(?:取消|去掉|撤掉)(?P<named_first>[^。！？，,]{{0,14}}?){_RULE_ZH}"
)
# Whether dropping it is only weighed: "should I drop the spanish thing?", "if we drop that rule"
_WEIGHED = re.compile(r"\b(?:should\s+(?:i|we)|do\s+you\s+think|if|whether|would\s+it)\b[^.!?]*$", re.IGNORECASE)


class _Rule(NamedTuple):
    topic: str
    en_words: re.Pattern[str]  # what names a rule of this topic, in English and in Chinese
    zh_words: re.Pattern[str]
    ended: tuple[str, str]  # the retraction's content, English and Chinese; {v} is the value named
    keywords: tuple[str, str]


_RULES = (
    _Rule(
        "language",
        re.compile(rf"(?P<v>{LANGUAGES_EN})", re.IGNORECASE),
        re.compile(rf"(?P<v>{LANGUAGES_ZH})"),
        ("User no longer wants answers in {v}.", "用户不再需要用{v}回答"),
        ("language reply answer", "语言 回答 回复"),
    ),
    _Rule(
        "answer_length",
        re.compile(r"\b(?:short|shorter|long|length|sentences?|words?|brief|concise|tl;?dr|one-liners?)\b", re.I),
        # "回答短一点那个要求", "三行以内那个要求" (not 短信, 短视频)
        re.compile(
            "[0-9一二三四五六七八九十百]+(?:字|行)|句话|长度|篇幅|简短|简洁|字数|短(?!信|视频|期|途|板|片)|太长|啰嗦"
        ),
        ("User no longer wants a limit on answer length.", "用户不再限制回答长度"),
        ("length answers limit", "长度 回答 限制"),
    ),
)


def _named_rule(text: str) -> tuple[str, str, tuple[int, int]] | None:
    """The words that name a dropped rule, the language they are in and where the naming and dropping stand."""
    for lang, pattern in (("en", _NAMED_AND_DROPPED_EN), ("zh", _NAMED_AND_DROPPED_ZH)):
        for match in pattern.finditer(text):
            if lang == "en" and _WEIGHED.search(text[: match.start()]):
                continue
            return match.group("named") or match.group("named_first") or "", lang, match.span()
    return None


def dropped_rules(message: Message) -> list[tuple[ExtractedMemory, tuple[int, int]]]:
    """The retraction of each rule `message` names and drops (at most one per topic), with where it is said."""
    named = _named_rule(message.content)
    if named is None:
        return []
    words, lang, span = named
    found = []
    for rule in _RULES:
        said = (rule.en_words if lang == "en" else rule.zh_words).search(words)
        if said is None:
            continue
        content = rule.ended[lang == "zh"]
        value = said.groupdict().get("v")
        memory = ExtractedMemory(
            kind=Kind.PREFERENCE,
            topic=rule.topic,
            content=content.format(v=value.capitalize() if value and lang == "en" else value),
            keywords=rule.keywords[lang == "zh"].split(),
            confidence=0.8,
            valid_from=message.ts,
            source_message_ids=[message.message_id],
            retracts=True,
        )
        found.append((memory, span))
    return found
