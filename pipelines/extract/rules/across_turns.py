"""Facts whose value is said in another clause than the change: "my number changed" … "it's 555-0142",
"我搬家了" … "杭州", and "there"/"那边" standing for the place or company named just before.

The phrases are entries in `pipelines.extract.rules.turn_tables`; `pipelines.extract.rules.engine` runs this
walk over a session's turns after the single-clause rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from pipelines.core.schemas import ExtractedMemory, Kind, Message
from pipelines.extract.rules.grammar import expand
from pipelines.extract.rules.text import clean_value, is_question, split_clauses, value_keywords
from pipelines.extract.rules.turn_tables import (
    ANSWER_SHAPES,
    ANTECEDENTS,
    ASKS_WHATS_NEXT,
    ASKS_WHERE,
    ASSISTANT_ASKS,
    BARE_SHAPES,
    CHANGE_WITHOUT_VALUE,
    DEICTIC_STATEMENTS,
    EN_NOT_VALUES,
    NOT_ANSWER_WORDS,
    STATEMENTS,
    VALUE_SHAPES,
    ZH_STOP_CHARS,
)
from pipelines.extract.signals.lexicon import cue_hits
from pipelines.extract.signals.mood import ANOTHERS_NEW_CONTACT, ASSERTION, clause_mood


def _compile(entries: Sequence[str], flags: int) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(expand(entry), flags) for entry in entries)


class _Patterns(NamedTuple):
    """A topic's entries in both languages; the first entry that matches is the match."""

    en: tuple[re.Pattern[str], ...]
    zh: tuple[re.Pattern[str], ...]

    def search(self, text: str) -> re.Match[str] | None:
        return next((m for p in (*self.en, *self.zh) if (m := p.search(text))), None)

    def finditer(self, text: str) -> list[re.Match[str]]:
        return [m for p in (*self.en, *self.zh) for m in p.finditer(text)]


def _table(table: Mapping[str, tuple[Sequence[str], Sequence[str]]], en_flags: int = re.I) -> dict[str, _Patterns]:
    return {topic: _Patterns(_compile(en, en_flags), _compile(zh, 0)) for topic, (en, zh) in table.items()}


_OPENINGS = _table(CHANGE_WITHOUT_VALUE)
_VALUES = _table(VALUE_SHAPES)
# bare names are told by their capital letter, so these are case-sensitive
_BARE = _table({topic: ((en,), (zh,)) for topic, (en, zh) in BARE_SHAPES.items()}, en_flags=0)
_DEICTICS = _table(DEICTIC_STATEMENTS)
_PLACES = _table({topic: ((en,), (zh,)) for topic, (en, zh) in ANTECEDENTS.items()}, en_flags=0)
_ASKS = _table(ASSISTANT_ASKS)
_ANSWERS = _table({topic: ((en,), (zh,)) for topic, (en, zh) in ANSWER_SHAPES.items()}, en_flags=0)


# A reply's first clause when it holds no answer yet: "oh right, I'm in Columbus now", "嗯，苏州"
_FILLER = re.compile(
    r"^\s*(?:(?:oh|ah|um+|uh+|hm+|ok(?:ay)?|yeah|yep|yes|right|well|so|lol|haha|sure|true|嗯+|哦+|噢+|啊+|对|是的|好的?|哈+)"
    r"[\s,.!~，。！～]*)+$",
    re.IGNORECASE,
)


@dataclass
class _Opening:
    topic: str
    message: Message
    user_turns_left: int = 2  # the value comes in this message or one of the next two user turns
    asked: bool = False  # the assistant asked for it since
    by_assistant: bool = False  # the assistant's question opened it: the answer leads the next user turn
    # other topics the question fits ("What address should I use?"): an answer shaped like one of their values
    # (an e-mail address) is theirs; a bare word is nobody's while the question is ambiguous
    others: tuple[str, ...] = ()
    ambiguous: bool = False

    def sources(self, answer: Message) -> list[Message]:
        return [answer] if self.by_assistant else [self.message, answer]


def _statement(topic: str, value: str, sources: list[Message], lang: str) -> ExtractedMemory:
    (en_template, zh_template), (en_keywords, zh_keywords) = STATEMENTS[topic]
    template, keywords = (en_template, en_keywords) if lang == "en" else (zh_template, zh_keywords)
    ids = list(dict.fromkeys(m.message_id for m in sources))
    return ExtractedMemory(
        kind=Kind.FACT,
        topic=topic,
        content=template.format(v=value),
        keywords=[*keywords.split()[:3], *value_keywords(value)[:2]],
        confidence=0.8,
        valid_from=max(m.ts for m in sources),
        source_message_ids=ids,
    )


def _language(text: str) -> str:
    return "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"


def _captured(match: re.Match[str] | None, lang: str) -> str | None:
    if match is None:
        return None
    raw = next((v for v in match.groupdict().values() if v), None)
    value = clean_value(raw, lang) if raw else None
    if not value or value.lower() in EN_NOT_VALUES or (lang == "zh" and ZH_STOP_CHARS.search(value)):
        return None
    return value


def _value_for(opening: _Opening, clause: str) -> str | None:
    clause = clause.strip(" .,!;:。，！；：~～")
    lang = _language(clause)
    value = _captured(_VALUES[opening.topic].search(clause), lang)
    if opening.ambiguous:
        return value
    if value is None and opening.asked and opening.topic in _BARE:
        value = _captured(_BARE[opening.topic].search(clause), lang)
    if value is None and opening.by_assistant and opening.topic in _ANSWERS:
        value = _captured(_ANSWERS[opening.topic].search(clause), lang)
        value = None if value and NOT_ANSWER_WORDS & set(value.lower().split()) else value
    return value


def _asked_topics(question: str, said_before: str, ended: Sequence[str]) -> tuple[list[str], bool]:
    """The topics whose value the assistant's question asks for, the one the talk was about first, and whether
    the talk leaves the first two tied (then only a value's own shape says which topic an answer is for). A topic
    the user ended in the session comes first ("farewell lunch today" … "Where are you heading next?" asks for the
    next job), and "what's next?" asks for it alone."""
    asked = [topic for topic, patterns in _ASKS.items() if patterns.search(question)]
    if not asked and ended and ASKS_WHATS_NEXT.search(question):
        asked = [ended[-1]]
    cues = cue_hits(said_before + " " + question)
    ranked = sorted(asked, key=lambda topic: (topic in ended, cues.get(topic, 0)), reverse=True)
    tie = len(ranked) > 1 and (ranked[0] in ended) == (ranked[1] in ended)
    return ranked, tie and cues.get(ranked[0], 0) == cues.get(ranked[1], 0)


def _assistant_opening(
    message: Message, clauses: Sequence[str], said_before: str, ended: Sequence[str]
) -> _Opening | None:
    for clause in reversed([c for c in clauses if is_question(c)]):
        asked, tie = _asked_topics(clause, said_before, ended)
        if asked:
            others = tuple(asked[1:])
            return _Opening(asked[0], message, 1, asked=True, by_assistant=True, others=others, ambiguous=tie)
    return None


def _antecedent(topic: str, earlier: Sequence[tuple[str, Message]]) -> tuple[str, Message] | None:
    """The value last named before, in this session's earlier clauses (either speaker), and where."""
    for clause, message in reversed(earlier):
        for match in sorted(_PLACES[topic].finditer(clause), key=lambda m: m.start(), reverse=True):
            value = _captured(match, _language(match["v"]))
            if value:
                return value, message
    return None


def facts_across_turns(session: Sequence[Message], found: Sequence[ExtractedMemory]) -> list[ExtractedMemory]:
    """The facts of `session` (in msg_seq order) whose value is in another clause than their statement.

    `found` are the single-clause memories already extracted: a message that stated a topic's value itself
    neither opens nor fills that topic.
    """
    stated = {(m.source_message_ids[0], m.topic) for m in found}
    endings = {(m.source_message_ids[0], m.topic) for m in found if m.retracts}
    ended: list[str] = []  # the topics the user ended so far in the session, in order
    memories: list[ExtractedMemory] = []
    earlier: list[tuple[str, Message]] = []
    opening: _Opening | None = None
    for message in session:
        clauses = split_clauses(message.content)
        if message.role != "user":
            if opening is not None and any(ASKS_WHERE.search(c) for c in clauses if is_question(c)):
                opening.asked = True
            elif opening is None:
                # what the talk was about: the user's last turn and the assistant's whole reply
                context = " ".join([*(c for c, m in earlier[-4:] if m.role == "user"), message.content])
                opening = _assistant_opening(message, clauses, context, ended)
            earlier += [(c, message) for c in clauses]
            continue
        ended += [topic for message_id, topic in endings if message_id == message.message_id]
        first = next((index for index, clause in enumerate(clauses) if not _FILLER.match(clause)), 0)
        for index, clause in enumerate(clauses):
            mood = clause_mood(clause)
            answers = opening is not None and (index == first or not opening.by_assistant)
            if (
                opening is not None
                and answers
                and mood == ASSERTION
                and (message.message_id, opening.topic) not in stated
            ):
                answered = _answered(opening, clause)
                if answered is not None:
                    language = _language(message.content if opening.by_assistant else opening.message.content)
                    memories.append(_statement(*answered, opening.sources(message), language))
                    opening = None
            if mood == ASSERTION:
                memories += _deictic(clause, message, earlier, stated)
                opening = _opened(clause, message, stated) or opening
            earlier.append((clause, message))
        if opening is not None and opening.message is not message:
            opening.user_turns_left -= 1
            # (a value said bare answers the question only in the turn right after it: "杭州夏天也太热了吧" two turns
            # on is no answer to "搬去哪儿啦？")
            opening.asked = False
            opening = opening if opening.user_turns_left > 0 else None
    return memories


def _answered(opening: _Opening, clause: str) -> tuple[str, str] | None:
    """(topic, value) that `clause` gives the opening: its topic's value, else one shaped like another it fits."""
    value = _value_for(opening, clause)
    if value is not None:
        return opening.topic, value
    for other in opening.others:  # only a value's own shape, as while the question is ambiguous
        value = _value_for(replace(opening, topic=other, ambiguous=True), clause)
        if value is not None:
            return other, value
    return None


def _opened(clause: str, message: Message, stated: set[tuple[str, str]]) -> _Opening | None:
    if ANOTHERS_NEW_CONTACT.search(clause):  # someone else's change: "乐乐爸换号了，新号135…" is not the user's number
        return None
    for topic, patterns in _OPENINGS.items():
        if (message.message_id, topic) not in stated and patterns.search(clause):
            return _Opening(topic, message)
    return None


def _deictic(
    clause: str, message: Message, earlier: Sequence[tuple[str, Message]], stated: set[tuple[str, str]]
) -> list[ExtractedMemory]:
    found = []
    for topic, patterns in _DEICTICS.items():
        if (message.message_id, topic) in stated or not patterns.search(clause):
            continue
        antecedent = _antecedent(topic, earlier)
        if antecedent is not None:
            value, named_in = antecedent
            found.append(_statement(topic, value, [named_in, message], _language(clause)))
    return found
