"""A change called off in its own conversation: "transferring to KU Leuven!" … "never mind, not doing that".

A user who weighs or announces a change and takes it back a few turns later leaves the earlier value standing. The
taking back rarely names the topic ("nope mine stays the same", "想了两天，没去", "算了算了，还是照旧"), so it speaks
to the topics the conversation's last message on one spoke to, and what the conversation said of those topics' change
is void: it states no value, closes none, and never answers a question about the topic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.signals.lexicon import cue_hits, names_a_change, says_from_now_on
from pipelines.extract.signals.mood import ASSERTION, QUESTION, clauses_with_moods


# Words that take a change back or say nothing changed (a plain "no" or "nah" is an answer, not a taking back: "nah
# just fyi" to "Want some new snack ideas?" leaves "I'm eating meat again" standing)
def _calls_off_pattern(guarded: bool) -> str:
    """The words that call a change off; `guarded`: with what may not stand around "X is off" (lookarounds, which
    Polars' regex engine cannot read)."""
    subject_guard = (
        r"(?!(?:it|that|this|he|she|they|everything|pressure|heat|power|lights?|phone|tv|ac|gloves|alarm|oven|stove|"
        r"heating|aircon|fridge|water|wifi|internet|mic|camera|sound|volume|engine|meeting|class|school|work|game|show|"
        r"shift)\b)"
        if guarded
        else ""
    )
    off_guard = r"(?!\s+(?:to|for|at|on|work|duty|today|tomorrow|the)\b)" if guarded else ""
    ignore_guard = (
        r"(?<!will\s)(?<!\bcan\s)(?<!could\s)(?<!would\s)(?<!they\s)(?<!\bhe\s)(?<!she\s)(?<!always\s)"
        if guarded
        else ""
    )
    return (
        r"\b(?:never\s*mind|nvm|scratch\s+(?:all\s+)?that|scrap\s+(?:all\s+)?(?:it|that)|forget\s+(?:it|that)|"
        # (ignore told to the assistant, not done by someone: "the school groups will ignore it but cute")
        + ignore_guard
        + r"ignore\s+(?:that|it|what\s+i\s+(?:just\s+)?said)\b|call(?:ed|ing)?\s+(?:it\s+)?off|not\s+happening|"
        r"not\s+doing\s+(?:it|that|this)|not\s+going\s+(?:through\s+with|ahead)|stay(?:ing)?\s+put|after\s+all|"
        r"same\s+as\s+(?:always|before|ever)|nothing(?:'s|\s+has|\s+is)?\s+chang(?:ed|ing)|stays?\s+the\s+same|"
        r"(?:i'm|im|i\s+am|we're|we\s+are)\s+not\s+(?:changing|moving|switching|converting|transferring|taking\s+it|"
        r"going\s+back|leaving)|"
        r"turned\s+(?:it|them|him|her|the\s+\w+)\s+down|declined\s+(?:it|the)|changed\s+my\s+mind|backed\s+out|"
        r"talked\s+(?:me|myself|us)\s+out\s+of|(?:for\s+life|till\s+the\s+end|forever)\b|"
        # ... or that the change came to nothing ("Phoenix is off", "scrap the whole waterloo thing", "the vegan thing
        # lasted 4 days", "we're back together"; not "I'm off to Phoenix", "my day off", "took Friday off")
        # (what is off is a thing named or a change, not a device or an occasion: "the pressure's off", "phone is off")
         + subject_guard + r"[\w-]+(?:'s|\s+is|\s+are)\s+(?:officially\s+)?off\b" + off_guard + "|"
        r"(?:scrap(?:ped|ping)?|scratch(?:ed|ing)?|ditch(?:ed|ing)?)\s+(?:the\s+|that\s+)?(?:whole\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:thing|idea|plan)|"
        r"fell\s+through|(?:did\s*n[o']?t|never)\s+(?:work\s+out|happen|go\s+through|pan\s+out)|"
        r"lasted\s+(?:like\s+|about\s+|all\s+of\s+|exactly\s+)?(?:\d+|a|one|two|three|four|five|six)\s+(?:days?|weeks?)|"
        r"back\s+together)"
        # (a return urged and refused: "我才不回去 在这边做跨境客服工资比老家高一倍")
        r"|算了|不去了|没去|不回去|不换了|不搬了|不用改|不跳了|不转了|不改了|不动了|先不动|不考虑了|还是老样子|照旧|没变|不变|没换|没搬|没跳|"
        r"没答应|拒绝了|推掉了|回绝了|没那回事|黄了|取消了|搁置了|不了了之|打消了|改主意|"
        r"没(?:换|搬|去|转|跳|改|买|办|签)成|泡汤|和好了|复合了|坚持了[一二两三四五六七八九十\d]+天"
        # ... and a bare "不改" that ends its clause: "不用不用 不改，九点前我肯定到家了" (not "死性不改")
         + (r"|(?<!性)不改(?=[，,。！!\s]|$)" if guarded else "|不改")
    )


CALLS_OFF = re.compile(_calls_off_pattern(guarded=True), re.IGNORECASE)
# The same words without the guards: more messages, to choose which to read.
CALLS_OFF_ROUGHLY = "(?i)" + _calls_off_pattern(guarded=False)


def calls_off(text: str) -> bool:
    """Whether a message takes a change back or says nothing changed; not when the words only take back the question
    the message just asked of no topic ("wait is ITD the DMV? nvm, googling")."""
    if not CALLS_OFF.search(text):  # (most messages: no clause to read)
        return False
    said = clauses_with_moods(text)
    for at, (clause, _) in enumerate(said):
        if CALLS_OFF.search(clause):
            asked = said[at - 1] if at else None
            return not (asked is not None and asked[1] == QUESTION and not cue_hits(asked[0]))
    return True  # (words that span clauses: "scratch\nthat")


def called_off(said: Sequence[tuple[str, str | None, str, str]]) -> list[int]:
    """Of what a conversation said on single-valued topics before a message that calls a change off (`said`: topic,
    mood, text and message of each, in order), the ones it voids: those on a topic the last message spoken on one
    spoke to, but a plain assertion of the user's own value ("I live in Seattle" stays; "Dev accepted an offer at
    Ledgerly", read as the user's, "should I switch to Pinecrest?" and "use my new club address on everything from
    now on" go), but never what a message that called a change off said: the value it kept."""
    if not said:
        return []
    last = said[-1][3]
    topics = {topic for topic, _, _, message in said if message == last}
    return [
        at
        for at, (spoken, mood, text, _) in enumerate(said)
        if spoken in topics
        and (mood != ASSERTION or names_a_change(text) or says_from_now_on(text))
        # (a value a take-back restored stays: "算了算了改名的事作罢…还是叫我阿喵吧" then "头像也不换了")
        and not calls_off(text)
    ]
