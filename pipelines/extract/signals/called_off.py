"""A change called off in its own conversation: "transferring to KU Leuven!" … "never mind, not doing that".

A user who weighs or announces a change and takes it back a few turns later leaves the earlier value standing. The
taking back rarely names the topic ("nope mine stays the same", "想了两天，没去", "算了算了，还是照旧"), so it speaks
to the topic the conversation was last on, and what the conversation said of that topic's change is void: it states
no value, closes none, and never answers a question about the topic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.signals.lexicon import names_a_change
from pipelines.extract.signals.mood import ASSERTION

# Words that take a change back or say nothing changed (a plain "no" or "nah" is an answer, not a taking back: "nah
# just fyi" to "Want some new snack ideas?" leaves "I'm eating meat again" standing)
_CALLS_OFF = re.compile(
    r"\b(?:never\s*mind|nvm|scratch\s+that|forget\s+(?:it|that)|call(?:ed|ing)?\s+(?:it\s+)?off|not\s+happening|"
    r"not\s+doing\s+(?:it|that|this)|not\s+going\s+(?:through\s+with|ahead)|stay(?:ing)?\s+put|after\s+all|"
    r"same\s+as\s+(?:always|before|ever)|nothing(?:'s|\s+has|\s+is)?\s+chang(?:ed|ing)|stays?\s+the\s+same|"
    r"(?:i'm|im|i\s+am|we're|we\s+are)\s+not\s+(?:changing|moving|switching|converting|transferring|taking\s+it)|"
    r"turned\s+(?:it|them|him|her|the\s+\w+)\s+down|declined\s+(?:it|the)|changed\s+my\s+mind|backed\s+out|"
    r"talked\s+(?:me|myself|us)\s+out\s+of|(?:for\s+life|till\s+the\s+end|forever)\b)"
    r"|算了|不去了|没去|不换了|不搬了|不跳了|不转了|不改了|不动了|先不动|不考虑了|还是老样子|照旧|没变|不变|没换|没搬|没跳|"
    r"没答应|拒绝了|推掉了|回绝了|没那回事|黄了|取消了|搁置了|不了了之|打消了|改主意",
    re.IGNORECASE,
)


def calls_off(text: str) -> bool:
    """Whether a message takes a change back or says nothing changed."""
    return bool(_CALLS_OFF.search(text))


def called_off(said: Sequence[tuple[str, str | None, str]]) -> list[int]:
    """Of the episodes a conversation labelled with a single-valued topic before a message that calls a change off
    (`said`: topic, mood and text of each, in order), the ones it voids: those on the last topic spoken to, but a
    plain assertion of the user's own value ("I live in Seattle" stays; "Dev accepted an offer at Ledgerly", read as
    the user's, and "should I switch to Pinecrest?" go)."""
    if not said:
        return []
    topic = said[-1][0]
    return [
        at
        for at, (spoken, mood, text) in enumerate(said)
        if spoken == topic and (mood != ASSERTION or names_a_change(text))
    ]
