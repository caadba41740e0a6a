"""Text handling for the rules extractor: clauses, questions and the cleaning of captured values.

Owns what the rule tables leave to plain text: where a message splits, which clauses ask rather than state,
how a capture is normalised (fillers, pronouns, tool names) and which recall keywords it yields.
"""

from __future__ import annotations

import re

from pipelines.extract.signals.mood import SCENE_THEN_I, ZH_A_NOT_A, ZH_SHA

# --------------------------------------------------------------------------------------------------
# Values: what a rule captured, cleaned so that small phrasing differences give one content string.
# --------------------------------------------------------------------------------------------------

_TRAIL_EN = re.compile(
    r"(?:[\s.,!?;:'\"]+|\s+(?:now|anymore|any\s+more|too|as\s+well|please|currently|"
    r"these\s+days|right\s+now|already|then|though)\b)+$",
    re.I,
)
_TRAIL_ZH = re.compile(r"[\s。，！？；：~～…了啦呀哦呢吧嘛啊哈.,!?;:]+$")
_LEAD = re.compile(r"^[\s:：,，]+")
# Captures that are pronouns or placeholders, not facts ("I like it", "I work at home").
STOP_VALUES = frozenset(
    {
        "it",
        "this",
        "that",
        "them",
        "you",
        "him",
        "her",
        "there",
        "here",
        "me",
        "home",
        "one",
        "这个",
        "那个",
        "它",
        "你",
        "这",
        "那",
        "家",
        # "there" in Chinese: completed from the turn that named the place (pipelines.extract.rules.across_turns)
        "那边",
        "那里",
        "那儿",
        "这边",
        "这里",
        "这儿",
    }
)
_EN_STOPWORDS = frozenset(
    {
        "a",
        "an",
        "the",
        "my",
        "their",
        "to",
        "of",
        "for",
        "and",
        "or",
        "in",
        "on",
        "with",
        "me",
        "them",
        "your",
        "it",
        "that",
        "this",
        "is",
        "at",
        "by",
        "one",
    }
)
_EN_PRONOUNS = {"my": "their", "My": "Their", "me": "them", "mine": "theirs", "myself": "themselves", "I": "they"}
_CJK = re.compile(r"[\u4e00-\u9fff]")


def clean_value(value: str, lang: str) -> str:
    """ ": Boston now." -> "Boston": leading separators and trailing fillers go."""
    value = _LEAD.sub("", value)
    previous = None
    while previous != value:  # fillers can stack: "Boston now."
        previous = value
        value = (_TRAIL_EN if lang == "en" else _TRAIL_ZH).sub("", value).strip()
    return value


def third_person_en(value: str) -> str:
    """ "renew my passport" -> "renew their passport": contents speak about the user."""
    return re.sub(r"\b(?:my|My|me|mine|myself|I)\b", lambda m: _EN_PRONOUNS[m[0]], value)


def third_person_zh(value: str) -> str:
    """ "帮我把周报发给老板" -> "把周报发给老板": drop the ask, keep the task; "我" becomes "自己"."""
    value = re.sub(r"^(?:一定|务必)?(?:要|去)?(?:帮我|给我|替我)?", "", value)
    return value.replace("我的", "自己的").replace("我", "自己")


def tool_only(value: str) -> str:
    """ "Python 写爬虫" -> "Python": a Latin tool name leading a Chinese clause is the skill."""
    match = re.match(r"[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)*", value)
    return match[0] if match else value


def value_keywords(value: str) -> list[str]:
    """Recall keys for a captured value: short names whole ("new york"), long phrases by their longest words."""
    if _CJK.search(value):
        latin = re.findall(r"[A-Za-z][\w.+#-]+", value)
        return [w.lower() for w in latin] or [value.lower()]
    words = value.lower().split()
    content = [w for w in words if w not in _EN_STOPWORDS]
    if len(words) <= 3 and len(content) == len(words):
        return [value.lower()]
    return sorted(content, key=len, reverse=True)[:2]


# --------------------------------------------------------------------------------------------------
# Clauses and questions.
# --------------------------------------------------------------------------------------------------

# Split after sentence punctuation (not inside "alice@example.com", "Node.js" or "May 3, 1990") and
# before an English "and/but/so" that starts a new first-person clause.
# Chinese typed in chat puts a space where a comma would be: "房子退了 现在没有固定的住处" is two clauses.
_SPLIT = re.compile(
    r"(?<=[!?;。！？；\n，])|(?<=,)(?!\s*\d)|(?<=\.)(?<!\b(?:St|Mt|Dr|Mr|Ms|Jr|Sr|vs)\.)(?<!\bMrs\.)(?=\s|$)|\s+(?:and|but|so)\s+(?=(?:I|my|we)\b)"
    # "doc flagged my iron low | and after a lot of back and forth | I'm not doing the vegetarian thing anymore"
    rf"|\s+and\s+(?=(?i:{SCENE_THEN_I}))"
    # "how do i survive back to school season at target lol | i work the front end"
    r"|(?:(?<=\b(?i:lol))|(?<=\b(?i:lmao))|(?<=\b(?i:haha))|(?<=\b(?i:tbh))|(?<=\b(?i:ngl))|(?<=\b(?i:omg)))"
    r"\s+(?=(?i:i|i'm|im|i've|ive|we|we're|my)\b)"
    r"|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
    # an emoji closes what it comments on: "…feel like reading a spreadsheet 😅 | can u just write paragraphs instead?"
    r"|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\s+"
    # ... and after an address typed between Chinese words: "我邮箱是 a@example.com 是不是被拦截了"
    r"|(?<=\.[A-Za-z]{2})\s+(?=[\u4e00-\u9fff])|(?<=\.[A-Za-z]{3})\s+(?=[\u4e00-\u9fff])"
)
_QUESTION_START = re.compile(
    r"^\s*(?:do|does|did|can|could|would|will|is|are|am|was|were|should|shall|have|has|what|what's|where|"
    r"when|why|who|whom|whose|which|how)\b",
    re.I,
)
_QUESTION_ZH = re.compile(
    r"(?:吗|么|呢)[\s？?。]*$|是不是|有没有|能不能|可不可以|会不会|要不要|行不行|咋|" + ZH_SHA + "|" + ZH_A_NOT_A
)
# A question with a question word asks for a value ("where do I live?"); one without may still be a request.
WH_QUESTION = re.compile(
    r"\b(?:what|what's|where|when|why|who|whom|whose|which|how)\b|什么|哪|怎么|为什么|为何|多少|谁|几点|几号|咋|"
    + ZH_SHA,
    re.I,
)
# Facts come in short sentences; a longer run without punctuation is pasted text, left to its episode
# (and lazy value patterns would make it quadratic).
MAX_CLAUSE_CHARS = 500
# (an emoji closing a clause is punctuation too: "现在身份证上是陈知夏了🎉")
EDGE_PUNCT = re.compile(
    r"^[\s.,!?;:。，！？；：、~～…]+|[\s.,!?;:。，！？；：、~～…\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]+$"
)


# A person named before "and I" is the subject's first half, not a clause: "if Theo and I split up" is one
# supposition, "Maya and I moved to Porto" one move.
_HALF_A_SUBJECT = re.compile(
    r"(?:(?:if|when|once|unless|whether|after|before|until|since|and|but|so)\s+)?(?:[A-Z][\w'-]*|my\s+[\w'-]+)"
)


def _joins_a_subject(before: str) -> bool:
    return bool(_HALF_A_SUBJECT.fullmatch(re.split(r"[,.!?;]", before)[-1].strip()))


def split_clauses(text: str) -> list[str]:
    """Sentence-ish pieces of a message; each keeps its closing punctuation for question detection."""
    pieces, start = [], 0
    for cut in _SPLIT.finditer(text):
        if cut.group(0).strip().lower() == "and" and _joins_a_subject(text[start : cut.start()]):
            continue
        pieces.append(text[start : cut.start()])
        start = cut.end()
    pieces.append(text[start:])
    return [piece.strip() for piece in pieces if piece and piece.strip()]


def is_question(clause: str) -> bool:
    """True for "Do you know where I live?", "北京这周会下雨吗" and friends."""
    stripped = clause.strip()
    return stripped.endswith(("?", "？")) or bool(_QUESTION_START.match(stripped) or _QUESTION_ZH.search(stripped))
