"""Whether a clause asserts the user's own current state, or only mentions a topic.

Moods: `assertion` (a statement, or a request about how to treat the user), `question`, `plan` (an intention,
hypothetical or maybe), `third_party` (someone else is the subject), `past` (a trip or visit), `reported`
(someone else's words). Only assertions may change what is current; the rest must change nothing.
"""

from __future__ import annotations

import re

ASSERTION, QUESTION, PLAN, THIRD_PARTY, PAST, REPORTED = (
    "assertion",
    "question",
    "plan",
    "third_party",
    "past",
    "reported",
)
# An assertion whose topic signal is too weak to change what is current: a later statement on the topic
# closes it, it never closes anything (pipelines.resolve.resolution).
TENTATIVE = "tentative"
NEGATED = "negated"
# "no offer", "没有对象": what did not happen states nothing new
_NEGATED = re.compile(r"^\s*(?:and\s+|but\s+)?(?:no|not|nothing|never)\b|^\s*(?:没有|没)", re.IGNORECASE)

# "Can you answer in Spanish?" asks for a way of being treated: a preference, not a question.
_REQUEST = re.compile(
    r"^\s*(?:(?:can|could|would|will)\s+you\b|please\b|pls\b|from now on\b)|^\s*(?:请|麻烦|以后|能不能|可以|可不可以)",
    re.IGNORECASE,
)
# A question asks; "Was in Tokyo last week." does not (an auxiliary at the start is not enough here).
_QUESTION = re.compile(
    r"(?<![?？])[?？]\s*$|^\s*(?:what|what's|where|when|why|who|whom|whose|which|how)\b|(?:吗|么|呢)[\s。]*$|是不是|有没有|要不要",
    re.IGNORECASE,
)
_PEOPLE_EN = (
    r"sister|brother|mom|mum|mother|dad|father|parents|friend|wife|husband|boss|manager|colleague|coworker|"
    r"cousin|grandma|grandmother|grandpa|grandfather|son|daughter|kids?|children|partner|girlfriend|boyfriend|"
    r"team\s*lead|roommate|neighbou?r|landlord|aunt|uncle|in-laws|family|everyone|everybody|people"
)
_THIRD_PARTY = re.compile(
    rf"^\s*(?:(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:{_PEOPLE_EN})\b|(?:he|she|they|everyone|everybody)\b)"
    r"|^\s*(?:我妈|我爸|妈妈|爸爸|我姐|我哥|我弟|我妹|我老公|我老婆|朋友|同事|我们组长|组长|老板|领导|表哥|表姐|"
    r"他们|她们|他|她|孩子|儿子|女儿|大家|别人|室友|房东)|大家都|别人都|everyone\s+(?:says|uses|calls)",
    re.IGNORECASE,
)
_PLAN = re.compile(
    r"\b(?:might|maybe|perhaps|thinking\s+(?:about|of)|considering|consider|plan(?:ning)?\s+to|going\s+to|gonna|"
    r"want\s+to|wanna|would|if|wondering|not\s+sure|hoping|hope\s+to|[0-9]+%\s+sure|tempted|should\s+i|"
    # a change being explored is not a change made
    r"recruiters?|interview(?:s|ing|ed)?|job\s+offer|an\s+offer|applying|applied)\b"
    r"|考虑|打算|如果|要是|可能|准备|计划|还没定|只是问问|犹豫|纠结|想要|想去|想搬|想换|面试|猎头|投简历",
    re.IGNORECASE,
)
_PAST = re.compile(
    r"\b(?:was|were)\s+in\b|\btrip\b|\bvisit(?:ed|ing)?\b|\bvacation\b|\bholiday\b|\bconference\b|"
    r"\btravel(?:l?ed|ling|ing)?\b|\bback\s+from\s+(?!the\s+honeymoon)"
    r"|出差|旅游|旅行|度假|玩了|去了一趟|回老家|探亲",
    re.IGNORECASE,
)
_REPORTED = re.compile(
    r"\b(?:says|said|told\s+me|asked\s+me|introduced\s+me|calls?\s+me\s+'|keeps?\s+telling)\b"
    r"|(?<!跟你)(?<!和你)(?<!给你)(?:念叨|介绍|说)(?:让我|我)|^\s*(?:还|又|也)?(?:让|叫|逼)我",
    re.IGNORECASE,
)


def clause_mood(clause: str) -> str:
    """The mood of one clause; the first rule that applies wins (a third party's plan is a third party's)."""
    if _THIRD_PARTY.search(clause):
        return THIRD_PARTY
    if _NEGATED.search(clause):
        return NEGATED
    if _REPORTED.search(clause):
        return REPORTED
    if _QUESTION.search(clause) and not _REQUEST.search(clause):
        return QUESTION
    if _PLAN.search(clause):
        return PLAN
    if _PAST.search(clause):
        return PAST
    return ASSERTION


# Finer than the extractor's clauses: a mood changes at any punctuation, an emoji, or a space between Chinese.
_CLAUSE_END = re.compile(
    r"(?<=[!?;。！？；，,\n])(?![!?！？])\s*|(?<=\.)(?=\s|$)\s*|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
)


def split_clauses(text: str) -> list[str]:
    return [piece.strip() for piece in _CLAUSE_END.split(text) if piece and piece.strip(" .,!?;。，！？；")]


def about_a_trip(text: str) -> bool:
    """True when `text` speaks of a trip or visit, whatever its mood ("which cities has she visited?")."""
    return bool(_PAST.search(text))


def clauses_with_moods(text: str) -> list[tuple[str, str]]:
    """The message's clauses, each with its mood."""
    return [(clause, clause_mood(clause)) for clause in split_clauses(text)]
