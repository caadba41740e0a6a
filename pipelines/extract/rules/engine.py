"""The offline default extractor (`rules@1`): applies the rule tables to each clause of a user message.

Owns the evaluation order (retractions, then specific rules, then generic cues; one memory per topic per
clause), rendering and keywords; deadlines come from `pipelines.extract.deadlines`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from string import Formatter
from typing import NamedTuple

from pipelines.core.schemas import ExtractedMemory, Kind, Message
from pipelines.core.topics import CONTACT_TOPICS
from pipelines.extract.deadlines import find_deadline
from pipelines.extract.rules.across_turns import facts_across_turns
from pipelines.extract.rules.dropped import dropped_rules
from pipelines.extract.rules.frames import INCLUSIVE_SUBJECT, NEGATION_BEFORE, SUBJECT_GROUP
from pipelines.extract.rules.grammar import LANGUAGES_TOPIC, SKILLS_TOPIC, Rule, spoken_languages
from pipelines.extract.rules.tables import GENERIC_RULES, RETRACTION_RULES, RULES
from pipelines.extract.rules.text import (
    EDGE_PUNCT,
    MAX_CLAUSE_CHARS,
    STOP_VALUES,
    WH_QUESTION,
    clean_value,
    is_question,
    split_clauses,
    value_keywords,
)
from pipelines.extract.signals.lexicon import names_a_change
from pipelines.extract.signals.mood import (
    ANOTHERS_CONTACT,
    ANOTHERS_NEW_CONTACT,
    ASSERTION,
    NEGATED,
    PAST,
    PLAN,
    REPORTED,
    THIRD_PARTY,
    clause_at,
    clause_mood,
    continued_frames,
    continued_plans,
    continued_subjects,
    is_owned,
    is_request,
    quoted_spans,
    reaches_me,
)


class _Clause(NamedTuple):
    text: str  # punctuation stripped
    task_text: str  # the same without its deadline words, for task rules
    expires_at: datetime | None
    question: bool
    request: bool
    message: Message
    someone_elses: bool  # it names no subject and goes on with a third party's ("my sister…, moved to NYC")
    planned: bool = False  # ... or with a plan's ("下周我要换号了，新号是 177…")
    framed: bool = False  # ... or tells of a past stretch set before it ("外派那半年，住大巴窑的组屋")
    # topics whose plan states the next value: the user has just ended the old one ("今天最后一天" … "下周一去青禾报到")
    plans_hold: frozenset[str] = frozenset()


def _cut(text: str, span: tuple[int, int]) -> str:
    left, right = text[: span[0]].rstrip(), text[span[1] :].lstrip()
    # A space only where Latin words would otherwise run together.
    glue = " " if left and right and (left[-1].isascii() or right[0].isascii()) else ""
    return (left + glue + right).strip()


def _values(rule: Rule, match: re.Match) -> dict[str, str] | None:
    values = {}
    for name, raw in match.groupdict().items():
        if raw is None or name.startswith("_"):  # the frame's own groups (the subject) are no values
            continue
        value = clean_value(raw, rule.lang)
        if rule.transform and name in ("v", "w"):
            value = clean_value(rule.transform(value), rule.lang)
        if not value or (name != "count" and value.lower() in STOP_VALUES):
            return None
        values[name] = value
    return values


def _render(templates: tuple[str, ...], values: dict[str, str]) -> str | None:
    for template in templates:
        fields = {field for _, field, _, _ in Formatter().parse(template) if field}
        if fields <= values.keys():
            return template.format(**values)
    return None


def _keywords(base: tuple[str, ...], values: dict[str, str]) -> list[str]:
    extra: list[str] = []
    for name, value in values.items():
        if name not in ("count", "x"):
            extra += [k for k in value_keywords(value) if k not in extra]
    extra = extra[:2]
    return [*[k for k in base if k not in extra][: 5 - len(extra)], *extra]


# Someone else's belief or word about the user, just before what it says: "我妈…以为我养狗了", "she thinks I quit"
_BELIEVED_BY_ANOTHER = re.compile(
    r"(?:以为|觉得|认为|说|听说|传)\s*$|\b(?:thinks?|thought|assumes?|assumed|believes?|believed|says?|said|saying|"
    r"tells?\s+me|told\s+me|telling\s+me)\s+(?:that\s+)?$",
    re.IGNORECASE,
)


# A state supposed, not had: "假如我搬到深圳前海那边住", "if I moved to Denver"
_SUPPOSED = re.compile(r"\b(?:if|suppose|supposing|hypothetically)\b|假如|如果|要是|假设|万一", re.IGNORECASE)


def _not_the_users(rule: Rule, text: str, match: re.Match) -> bool:
    """Whether the words before a match in its clause make it someone else's belief, someone else's words quoted,
    or, but for a task ("if it rains tomorrow remind me to…"), a supposition."""
    speaker = clause_at(text, match.start())
    believed = bool(_BELIEVED_BY_ANOTHER.search(speaker)) and clause_mood(speaker) == THIRD_PARTY
    return (
        believed
        or _quoted_from_another(text, match)
        or (rule.topic in CONTACT_TOPICS and bool(ANOTHERS_CONTACT.search(text[: match.end()])))
        or (rule.kind is not Kind.TASK and bool(_SUPPOSED.search(speaker)))
    )


# What introduces words in quotes as someone's: "her exact words to our neighbor: 'we're a vegan household now'"
_QUOTE_INTRO = re.compile(
    r"\b(?:said|says|saying|words|told|tells|wrote|writes|texted|asked|goes|went)\b[^'\"\u201c]*$|(?:说|讲|问|写)道?[：:，,]?\s*$",
    re.IGNORECASE,
)
_THE_USER_SPEAKS = re.compile(r"\b(?:i|i'm|im|i've)\b|我(?!们)", re.IGNORECASE)


def _quoted_from_another(text: str, match: re.Match) -> bool:
    """Whether the match lies in quotes that someone other than the user is said to have spoken."""
    for begin, end in quoted_spans(text):
        if begin <= match.start() < end:
            before = text[:begin]
            return bool(_QUOTE_INTRO.search(before)) and not _THE_USER_SPEAKS.search(before)
    return False


def _stated(rule: Rule, clause: _Clause, text: str, match: re.Match) -> bool:
    """Whether the clause, up to the match, states the user's own value in a mood the rule accepts."""
    if _not_the_users(rule, text, match):
        return False
    if rule.moods is None:
        # (what goes on with someone else's subject is theirs whatever the rule reads: "he says I ought to have you
        # write me long, | detailed explanations"; and so is what someone else's clause says: "my manager … said I
        # should make you answer in flowing paragraphs because 'numbered lists are for children'")
        return not clause.someone_elses and clause_mood(text[: match.end()]) not in (THIRD_PARTY, REPORTED)
    moods = rule.moods | {PLAN} if rule.topic in clause.plans_hold else rule.moods
    # an ending is often said as a denial: "no car now 🥲"
    moods = moods | {NEGATED} if rule.retracts else moods
    if (clause.someone_elses and THIRD_PARTY not in moods) or (clause.planned and PLAN not in moods):
        return False
    if clause.framed and PAST not in moods:
        return False
    before = text[: match.start()]
    if rule.own_subject and reaches_me(text[: match.end()]):
        return ASSERTION in moods  # "people can text me at 206-555-0178": whoever texts, the number is the user's
    if rule.own_subject:
        speaker = clause_at(text, match.start())
        if speaker.strip() and clause_mood(speaker) == THIRD_PARTY:
            return False
        mood = clause_mood(before) if before.strip() else ASSERTION
        return mood in moods and not NEGATION_BEFORE[rule.lang].search(before)
    mood = clause_mood(text[: match.end()])
    if mood != THIRD_PARTY and clause_mood(_from_its_clause(text, match)) == THIRD_PARTY:
        mood = THIRD_PARTY  # "big family news: my sister packed up and moved to Denver" is the sister's move
    if mood == THIRD_PARTY and INCLUSIVE_SUBJECT.fullmatch(match.groupdict().get(SUBJECT_GROUP) or ""):
        mood = clause_mood(text[match.start() : match.end()])  # "my wife and I moved …" is the user too
    if mood not in moods:
        return False
    return rule.retracts or not NEGATION_BEFORE[rule.lang].search(before)


def _from_its_clause(text: str, match: re.Match) -> str:
    """The text from the start of the finest clause (clause_at) that holds the match's start to the match's end."""
    return text[match.start() - len(clause_at(text, match.start())) : match.end()]


class _Found(NamedTuple):
    memory: ExtractedMemory
    span: tuple[int, int]  # where in the clause the rule matched
    value: tuple[int, int]  # ... and where the values it captured stand

    def inside(self, other: _Found) -> bool:
        """Whether this one's value is said inside `other`'s words: "以后就不用英文回答了" reads as a wish for English
        answers from 以后 on, and as their end from 不用 on; the words that end it hold the value."""
        return other.span[0] <= self.value[0] and self.value[1] <= other.span[1]


def _value_span(match: re.Match) -> tuple[int, int]:
    """From the first to the end of the last value the match captured (its own groups, named with `_`, are none)."""
    spans = [
        match.span(name) for name, raw in match.groupdict().items() if raw is not None and not name.startswith("_")
    ]
    return (min(s for s, _ in spans), max(e for _, e in spans)) if spans else match.span()


def _apply(rule: Rule, clause: _Clause, text: str, match: re.Match) -> _Found | None:
    """The memory `rule` makes of `clause`, whose `text` (the task text for a task rule) its pattern matched."""
    is_task = rule.kind is Kind.TASK
    if (rule.needs_deadline and clause.expires_at is None) or (rule.unless and rule.unless.search(text)):
        return None
    if rule.unless_message and rule.unless_message.search(clause.message.content):
        return None
    if not _stated(rule, clause, text, match):
        return None
    values = _values(rule, match)
    content = _render(rule.templates, values) if values is not None else None
    if values is None or content is None:
        return None
    topic = rule.topic
    spoken = spoken_languages(values, rule.lang) if topic == SKILLS_TOPIC else None
    if spoken:
        topic, content = LANGUAGES_TOPIC, spoken
    memory = ExtractedMemory(
        kind=rule.kind,
        topic=topic,
        content=content,
        keywords=_keywords(rule.keywords, values),
        confidence=rule.confidence,
        valid_from=clause.message.ts,
        expires_at=clause.expires_at if is_task else None,
        source_message_ids=[clause.message.message_id],
        retracts=rule.retracts,
    )
    return _Found(memory, match.span(), _value_span(match))


def _fire(rules: Sequence[Rule], clause: _Clause) -> list[_Found]:
    found: list[_Found] = []
    topics: set[str] = set()  # the topics found so far: the first rule that fires in a topic wins
    for rule in rules:
        # Questions assert nothing, but "Can you remind me to…?", "可以开发票吗" and "Can you reply in Spanish from
        # now on?" are still requests.
        asks = clause.question and not (rule.kind is Kind.TASK or (rule.requested and clause.request))
        if asks or rule.topic in topics:
            continue
        # the pattern first, here: almost no clause matches it, and without a match nothing else is asked
        text = clause.task_text if rule.kind is Kind.TASK else clause.text
        match = rule.pattern.search(text)
        hit = _apply(rule, clause, text, match) if match else None
        if hit is not None:
            found.append(hit)
            topics.add(rule.topic)
    return found


def clause_memories(
    raw_clause: str,
    message: Message,
    someone_elses: bool = False,
    planned: bool = False,
    framed: bool = False,
    plans_hold: frozenset[str] = frozenset(),
) -> list[ExtractedMemory]:
    """Memories in one clause: the specific rules and the retractions, else the generic ones. On one topic, a
    new value said beside a retraction wins ("left Acme and joined Globex" is the Globex fact); a value said
    inside the retraction is what it retracts ("不用再用英文回复了")."""
    question = is_question(raw_clause)
    if len(raw_clause) > MAX_CLAUSE_CHARS or (question and WH_QUESTION.search(raw_clause)):
        return []
    text = EDGE_PUNCT.sub("", raw_clause)
    deadline = find_deadline(text, message.ts)
    task_text = _cut(text, deadline[1]) if deadline else text
    expires_at = deadline[0] if deadline else None
    request = is_request(text)
    clause = _Clause(
        text, task_text, expires_at, question, request, message, someone_elses, planned, framed, plans_hold
    )
    stated, ended = _fire(RULES, clause), _fire(RETRACTION_RULES, clause)
    outvoted = [s for s in stated if any(s.memory.topic == e.memory.topic and s.inside(e) for e in ended)]
    stated = [s for s in stated if s not in outvoted]
    ended = [e for e in ended if all(s.memory.topic != e.memory.topic for s in stated)]
    found = [*ended, *stated] or _fire(GENERIC_RULES, clause)
    return [f.memory for f in found]


# A value said beside a retraction is the new one only when its clause says so ("Now I'm at Globex", "joined
# Globex"); else it is the value being ended ("裸辞了。。在星澜干了三年实在干不动了").
_NOW = re.compile(r"\b(?:now|nowadays|these\s+days|currently)\b|现在|目前|如今|眼下", re.IGNORECASE)


def _anothers_new_contact(memory: ExtractedMemory, clause: str, said: str) -> bool:
    """Whether a number or address found in `clause`, which is not the user's own, is someone else's whose new one
    the message (`said`, up to the clause's end) told of: "我妈换号了 新号 139 0000 5521" (not "…我的号还是186…")."""
    return memory.topic in CONTACT_TOPICS and bool(ANOTHERS_NEW_CONTACT.search(said)) and not is_owned(clause)


def extract_message(message: Message, plans_hold: frozenset[str] = frozenset()) -> list[ExtractedMemory]:
    """Every memory a single user message states, without repeats; a topic given a new value in one clause
    and ended in another ("I left Acme. Now I'm at Globex.") keeps the new value, and a topic ended beside a
    restatement of its old value is ended. A rule named to drop it ("that short-answers rule, drop it") is no
    preference for it; a new value said beside it is ("forget the short answers rule… answer however long it needs")."""
    memories: list[ExtractedMemory] = []
    new_values: set[str] = set()
    dropped = dropped_rules(message)
    clauses = split_clauses(message.content)
    carried = zip(
        clauses, continued_subjects(clauses), continued_plans(clauses), continued_frames(clauses), strict=True
    )
    at = 0
    for clause, someone_elses, planned, framed in carried:
        start = max(message.content.find(clause, at), at)
        at = start + len(clause)
        for memory in clause_memories(clause, message, someone_elses, planned, framed, plans_hold):
            if any(memory.topic == d.topic and start < d_end and d_start < at for d, (d_start, d_end) in dropped):
                continue
            if _anothers_new_contact(memory, clause, message.content[:at]):
                continue
            if not memory.retracts and (names_a_change(clause) or _NOW.search(clause)):
                new_values.add(memory.topic)
            if not any((m.topic, m.content) == (memory.topic, memory.content) for m in memories):
                memories.append(memory)
    memories += [d for d, _ in dropped if all(m.topic != d.topic or m.retracts for m in memories)]
    ended = {m.topic for m in memories if m.retracts}
    return [m for m in memories if m.topic not in ended or (m.retracts != (m.topic in new_values))]


# Topics whose next value a plan gives once the old one is ended: a job left and the next one named with its start
# date ("今天最后一天 交了工牌…" then "下周一去青禾医疗报到") is where the user works from now; a plan said without an
# ending ("下个月要跳槽去星火网校了") is still only a plan.
NEXT_AFTER_AN_END = frozenset({"employer", "job_title", "residence"})


def _held(ended: set[str]) -> frozenset[str]:
    """The topics a plan states, given those ended: a job left ends its title too."""
    held = ended & NEXT_AFTER_AN_END
    return frozenset(held | {"job_title"} if "employer" in held else held)


class RulesExtractor:
    """Offline default extractor: regex rules for Chinese and English, no model, deterministic."""

    name = "rules@1"

    def extract_session(self, messages: Sequence[Message]) -> list[ExtractedMemory]:
        found: list[ExtractedMemory] = []
        ended: set[str] = set()  # what the user ended earlier in the session
        for message in messages:
            if message.role != "user":
                continue
            memories = extract_message(message, _held(ended))
            ends = {m.topic for m in memories if m.retracts} & NEXT_AFTER_AN_END
            if ends - ended:  # ... or in this message: "last day today, starting at Brightwell on the 4th"
                ended |= ends
                memories = extract_message(message, _held(ended))
            found += memories
        return found + facts_across_turns(messages, found)
