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
# Ways of writing an answer out that a user asks for and later drops
_WRITTEN_EN = r"bullet(?:\s*points?|s)|tables?|numbered\s+lists?|headers|headings|emojis?|markdown"
_WRITTEN_ZH = r"表格|列表|分点|要点|markdown|emoji|表情|小标题"
_DROP_EN = (
    r"(?:drop|forget|scrap|ditch|cancel|lift|remove|kill|lose|stop"
    # "you don't have to stick to that short-reply rule anymore"
    # ... "u dont have to do the chinese thing anymore"
    r"|(?:don't|dont|do\s+not|no\s+need\s+to)\s+(?:have\s+to\s+|need\s+to\s+)?"
    r"(?:stick\s+to|follow|keep\s+to|worry\s+about|bother\s+with|do|keep\s+doing|keep\s+up))"
)
_NAMED_AND_DROPPED_EN = re.compile(
    # "drop the 3 sentence thing", "can we drop the spanish thing?"
    rf"\b{_DROP_EN}\s+(?:about\s+)?(?:the|that|this|my|your)\s+(?P<named>[^.!?]{{0,40}}?)\b{_RULE_EN}\b"
    # "that super-short-answers rule I gave you, drop it", "the spanish-only rule, let's drop it"
    rf"|\b(?:the|that|this|my|your)\s+(?P<named_first>[^.!?]{{0,40}}?)\b{_RULE_EN}\b[^.!?]{{0,40}}?"
    rf"\b{_DROP_EN}\s+(?:it|that)\b"
    # a way of writing named and dropped without "rule": "can you stop with the bullet points?", "no more tables pls"
    rf"|\b(?:(?:stop\s+(?:with|using|doing)|quit\s+(?:with|using)|no\s+more|ditch|drop|lose|skip)\s+"
    rf"(?:the\s+|all\s+the\s+|those\s+|these\s+|your\s+)?"
    # ... or a bare "no" that closes its phrase: "no tables, no bullets unless I ask" (not "no tables needed here")
    rf"|no\s+(?=(?:{_WRITTEN_EN})\s*(?:[,.!;]|$|unless\b|please\b|pls\b|anymore\b|any\s+more\b|going\s+forward\b)))"
    rf"(?P<named_direct>{_WRITTEN_EN})"
    # ... or the answer language named bare: "you can drop the spanish, no need anymore" (not a class: "drop the
    # spanish class"; the replies named are the phrasebook's: "drop the spanish replies")
    rf"|\b(?:drop|ditch|lose|skip|stop\s+(?:with|using))\s+the\s+(?P<named_language>{LANGUAGES_EN})\b"
    r"(?!\s+(?:class|course|lessons?|homework|exam|test|tutor|app|module|credits?|repl(?:y|ies)|answers?|responses?)\b)"
    # ... or said no longer needed: "don't need the tables anymore", "the bullet points aren't needed anymore"
    # (for good, not for one answer: "I don't need tables for this one")
    rf"|\b(?:(?:(?:don't|dont|do\s+not)(?=[^.!?]{{0,40}}\bany\s*more\b)|no\s+longer)\s+need\s+"
    rf"(?:the\s+|those\s+|these\s+|any\s+|your\s+)?(?P<named_needed>{_WRITTEN_EN})|(?P<named_unneeded>{_WRITTEN_EN})\s+(?:aren't|arent|are\s+not|isn't|isnt|is\s+not)"
    r"\s+(?:needed|necessary)\s+any\s*more)",
    re.IGNORECASE,
)
# (or the matter pointed at: "那个表格的事不用了哈")
_RULE_ZH = "(?:限制|规定|要求|规矩|规则|(?<=[的个那这])事儿?)"
_DROP_ZH = "(?:取消|不用了|不用管了|作废|去掉|免了|不要了|撤了|算了)"
# a thing to do said no longer to be done: "别用了", "不用再做了", "不要再弄了"
_NO_MORE_DOING_ZH = "(?:别|不用|不要|甭)再?(?:用|做|弄|搞|加|给|列|画)了"
_NAMED_AND_DROPPED_ZH = re.compile(
    # "之前那个一百字的限制取消吧", "英文回复那个要求不用了", "之前让你回答别超过100字，这个限制取消吧"
    rf"(?P<named>[^。！？]{{0,24}}?){_RULE_ZH}[^。！？]{{0,6}}?{_DROP_ZH}"
    # "把一百字的限制去掉"
    rf"|(?:取消|去掉|撤掉)(?P<named_first>[^。！？，,]{{0,14}}?){_RULE_ZH}"
    # the rule pointed at as what was asked before: "之前让你回短点那个作废哈"
    rf"|(?P<named_before>(?:之前|以前|上次|刚才|前面)[^。！？]{{0,20}}?)(?:那个|这个|那条)[^。！？]{{0,4}}?{_DROP_ZH}"
    # a way of writing no longer wanted: "别再用表格了", "表格就不用了", "表格还是别用了", "表格不用再做了"
    rf"|(?:别|不要|不用)再?(?:用|给我?|加|弄)?(?P<named_direct>{_WRITTEN_ZH})了"
    rf"|(?P<named_then>{_WRITTEN_ZH})(?:就|也|还是)?(?:不用了|免了|算了|{_NO_MORE_DOING_ZH})"
)
# Whether dropping it is only weighed: "should I drop the spanish thing?", "if we drop that rule"
_WEIGHED = re.compile(r"\b(?:should\s+(?:i|we)|do\s+you\s+think|if|whether|would\s+it)\b[^.!?]*$", re.IGNORECASE)


class _Rule(NamedTuple):
    topic: str
    en_words: re.Pattern[str]  # what names a rule of this topic, in English and in Chinese
    zh_words: re.Pattern[str]
    ended: tuple[str, str]  # the retraction's content, English and Chinese; {v} is the value named
    keywords: tuple[str, str]
    capitalised: bool = False  # the value named is written capitalised in English ("Spanish")


_RULES = (
    _Rule(
        "language",
        re.compile(rf"(?P<v>{LANGUAGES_EN})", re.IGNORECASE),
        re.compile(rf"(?P<v>{LANGUAGES_ZH})"),
        ("User no longer wants answers in {v}.", "用户不再需要用{v}回答"),
        ("language reply answer", "语言 回答 回复"),
        capitalised=True,
    ),
    _Rule(
        "answer_length",
        re.compile(
            r"\b(?:short|shorter|long|length|sentences?|words?|lines?|brief|concise|tl;?dr|one-liners?)\b", re.I
        ),
        # "回答短一点那个要求", "三行以内那个要求" (not 短信, 短视频)
        re.compile(
            "[0-9一二三四五六七八九十百]+(?:字|行)|句话|长度|篇幅|简短|简洁|字数|短(?!信|视频|期|途|板|片)|太长|啰嗦"
        ),
        ("User no longer wants a limit on answer length.", "用户不再限制回答长度"),
        ("length answers limit", "长度 回答 限制"),
    ),
    _Rule(
        "output_format",
        re.compile(rf"(?P<v>{_WRITTEN_EN})", re.IGNORECASE),
        re.compile(rf"(?P<v>{_WRITTEN_ZH})"),
        ("User no longer wants answers written with {v}.", "用户不再需要用{v}回答"),
        ("format answers", "格式 回答"),
    ),
    _Rule(
        "contact_time",
        # "that after-9pm thing, forget it", "之前说的九点以后那个不用管了"
        re.compile(
            r"\b(?:\d{1,2}\s*(?:am|pm)|(?:after|before)\s+\d{1,2}|mornings?|evenings?|nights?|weekends?)\b", re.I
        ),
        re.compile("[0-9一二两三四五六七八九十]+点|早上|上午|中午|下午|晚上|白天|周末"),
        ("User no longer has a preferred time to be contacted.", "用户不再限定联系时间"),
        ("contact time reach", "联系 时间 方便"),
    ),
)


def _named_rule(text: str) -> tuple[str, str, tuple[int, int]] | None:
    """The words that name a dropped rule, the language they are in and where the naming and dropping stand."""
    for lang, pattern in (("en", _NAMED_AND_DROPPED_EN), ("zh", _NAMED_AND_DROPPED_ZH)):
        for match in pattern.finditer(text):
            if lang == "en" and _WEIGHED.search(text[: match.start()]):
                continue
            named = next((words for words in match.groupdict().values() if words), "")
            return named, lang, match.span()
    return None


def _nearest_naming(words: str, lang: str) -> str:
    """The clause next to the dropping that names a rule, when one does: in "我晚上有空慢慢看了，之前说的三行那个限制就
    不用了" the evening is when the user reads, and the three lines are the rule ("之前让你回答别超过100字，这个限制
    取消吧" names it a clause before)."""
    if lang != "zh":
        return words
    nearest = re.split("[，,]", words)[-1]
    return nearest if any(rule.zh_words.search(nearest) for rule in _RULES) else words


def dropped_rules(message: Message) -> list[tuple[ExtractedMemory, tuple[int, int]]]:
    """The retraction of each rule `message` names and drops (at most one per topic), with where it is said."""
    named = _named_rule(message.content)
    if named is None:
        return []
    words, lang, span = named
    words = _nearest_naming(words, lang)
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
            content=content.format(v=value.capitalize() if value and rule.capitalised else value),
            keywords=rule.keywords[lang == "zh"].split(),
            confidence=0.8,
            valid_from=message.ts,
            source_message_ids=[message.message_id],
            retracts=True,
        )
        found.append((memory, span))
    return found
