"""Frames around the phrasebook's entries: who may be the subject, which adverbs may stand between subject and
verb, and which moods of a clause may state a value. Turns `pipelines.extract.rules.phrasebook` into rules.

English: "I", "we", "my wife and I" with their contracted auxiliaries ("I'm", "we've"); a change may also
leave the subject out at the start of a clause or after "and" ("Finally settled in Lisbon", "left Acme and
joined Globex"). Chinese: "我", "我们", "我家" with time words and adverbs ("上个月底我已经…"), or no subject at the
start of a clause ("目前在深圳生活").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipelines.extract.rules.grammar import Rule, en, zh
from pipelines.extract.rules.phrasebook import PHRASEBOOK, Entry, Say, TopicBook, Ways
from pipelines.extract.signals.mood import ASSERTION, PAST

_EN_COMPANIONS = r"wife|husband|partner|fianc[ée]e?|girlfriend|boyfriend|family|kids|roommates?"
_EN_SUBJECT = rf"(?P<_s>\b(?:I|we|my\s+(?:{_EN_COMPANIONS})\s+and\s+I))"
_EN_ADVERBS = (
    r"(?:(?:just|recently|now|currently|also|really|finally|officially|already|actually|basically|permanently|still|"
    r"eventually|even|both|all|literally|technically|kinda|kind\s+of|sort\s+of|pretty\s+much|honestly|since|"
    r"somehow|happily|proudly|ended\s+up)\s+)*"
)
# A clause may open with news words before a subjectless change: "Big news - joined Globex", "btw moved to Oslo".
_EN_OPENING = (
    r"(?:(?:big\s+news|good\s+news|news|update|quick\s+update|life\s+update|fyi|btw|by\s+the\s+way|oh|so|well|also|"
    r"ok|okay|anyway|anyways|guess\s+(?:what|who)|yay|welp|finally|and|then)\b[\s,:!.\u2013\u2014-]*)*"
)
_EN_SUBJECTLESS = r"(?:^|\b(?:and|then|&)\s+(?:then\s+)?|[,;:]\s*|\s[\u2013\u2014-]+\s*)" + _EN_OPENING
# "im", "ive" as typed on a phone ("im vegan now"); not "were" for "we're" ("we were living in Austin")
_EN_AUX = {
    "am": r"(?:'m|\u2019m|(?<=[Ii])m|\s+am|'re|\u2019re|\s+are)\s+",
    "have": r"(?:'ve|\u2019ve|(?<=[Ii])ve|\s+have)\s+",
}
_EN_OPTIONAL_AUX = r"(?:'ve|\u2019ve|(?<=[Ii])ve|\s+have|'d|\u2019d|\s+had)?\s+"

_ZH_SUBJECT = r"(?P<_s>我们家|我们|我家|咱们|咱家|我俩|我)"
_ZH_ADVERBS = (
    r"(?:现在|目前|已经|已|也|还|都|就|又|才|刚|刚刚|最近|终于|总算|正式|顺利|一直|平时|开始|如今|今年|去年|年初|年底|"
    r"月初|月底|上个?月(?:底|初|中)?|这个?月|上周末?|上礼拜|上星期|这周末?|周末|前几天|前阵子|前段时间|昨天|前天|今天|下周一?|直接|干脆|"
    r"下个?月|[一二三四五六七八九十\d]{1,3}月(?:份|初|底|中)?(?:[一二三四五六七八九十\d]{1,3}[号日])?|总算是|算是)*"
)
_ZH_OPENING = r"(?:对了|哦对了|跟你说|告诉你|好消息|其实|另外|顺便说一下|话说|嗯|哈哈+|啊|诶|欸)*"

# Which moods of a clause may state a value (pipelines.extract.signals.mood). A contact detail said ahead ("the new
# number will be …" next week) is a plan: often called off, and the old one holds until the new one is in use.
GATES = {"state": frozenset({ASSERTION}), "contact": frozenset({ASSERTION, PAST})}


def _aux_and_rest(entry: str) -> tuple[str, str]:
    """The glue between subject and entry, and the entry after its auxiliary: "am", "have", an optional "am" ("I'm
    not vegan anymore" beside "stopped being vegan"), or none."""
    for aux in _EN_AUX:
        for lead, glue in (
            (aux + r"\s+", _EN_AUX[aux]),
            (rf"(?:{aux}\s+)?", rf"(?:{_EN_AUX[aux]}|{_EN_OPTIONAL_AUX})"),
        ):
            if entry.startswith(lead):
                return glue, entry[len(lead) :]
    return _EN_OPTIONAL_AUX, entry


def _en_frames(entry: str, subjectless: bool) -> list[str]:
    glue, rest = _aux_and_rest(entry)
    framed = [_EN_SUBJECT + glue + _EN_ADVERBS + rest]
    # one pattern per frame: an entry's value group may appear only once in a pattern
    return [*framed, _EN_SUBJECTLESS + _EN_ADVERBS + rest] if subjectless else framed


def _zh_frames(entry: str) -> list[str]:
    return [_ZH_SUBJECT + _ZH_ADVERBS + f"(?:{entry})", f"^{_ZH_OPENING}{_ZH_ADVERBS}(?:{entry})"]


def _phrase(entry: Entry) -> str:
    return entry.phrase if isinstance(entry, Say) else entry


def _contents(entry: Entry, template: str) -> str:
    if isinstance(entry, Say) and entry.value is not None:
        return (entry.content or template).replace("{v}", entry.value)
    return entry.content if isinstance(entry, Say) and entry.content else template


def _framed(ways: Ways, lang: str) -> Iterator[tuple[Entry, str, bool, bool]]:
    """(entry, pattern, retracts, own subject) for every entry of one language; sentences come unframed."""
    for entries, subjectless, retracts in (
        (ways.states, False, False),
        (ways.changes, True, False),
        (ways.ends, True, True),
    ):
        for entry in entries:
            patterns = _en_frames(_phrase(entry), subjectless) if lang == "en" else _zh_frames(_phrase(entry))
            for pattern in patterns:
                yield entry, pattern, retracts, False
    for entries, retracts in ((ways.sentences, False), (ways.ending_sentences, True)):
        for entry in entries:
            yield entry, _phrase(entry), retracts, True


def topic_rules(book: TopicBook) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """(rules stating a value, rules ending one) for one topic, English first."""
    holds: list[Rule] = []
    ends: list[Rule] = []
    for lang, ways, make in (("en", book.en, en), ("zh", book.zh, zh)):
        index = 0 if lang == "en" else 1
        for entry, pattern, retracts, own_subject in _framed(ways, lang):
            template = _contents(entry, (book.ends if retracts else book.holds)[index])
            unless = entry.unless if isinstance(entry, Say) else None
            unless_message = entry.unless_message if isinstance(entry, Say) else None
            rule = make(
                pattern,
                book.kind,
                book.topic,
                template,
                book.keywords[index],
                book.confidence,
                moods=GATES[book.gate],
                unless=unless,
                unless_message=unless_message,
                own_subject=own_subject,
                requested=book.requested,
            )
            (ends if retracts else holds).append(rule)
    return tuple(holds), tuple(ends)


def phrasebook_rules() -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """Every topic's (stating rules, ending rules), in phrasebook order."""
    holds: list[Rule] = []
    ends: list[Rule] = []
    for book in PHRASEBOOK:
        topic_holds, topic_ends = topic_rules(book)
        holds += topic_holds
        ends += topic_ends
    return tuple(holds), tuple(ends)


# The frame's subject group. A clause that starts with someone else ("我妈说我在深圳买房了") states nothing, unless
# the subject itself takes the user in: "My wife and I moved to Denver", "我们家搬到杭州了".
SUBJECT_GROUP = "_s"
INCLUSIVE_SUBJECT = re.compile(r"we|my\s+.+\s+and\s+I|我们家|我们|我家|咱们|咱家|我俩", re.I)
NEGATION_BEFORE = {
    "en": re.compile(
        r"\b(?:not|never|don't|dont|do\s+not|didn't|didnt|did\s+not|won't|wont|no\s+longer|haven't|hasn't|isn't|"
        r"wasn't|aren't|can't|cannot|wouldn't|shouldn't|nobody)\b(?:\s+\S+){0,2}\s*$",
        re.I,
    ),
    "zh": re.compile(r"(?:不|没|别|未|甭)[^，,。]{0,3}$"),
}
