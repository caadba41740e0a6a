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
from pipelines.extract.deadlines import find_deadline
from pipelines.extract.rules.across_turns import facts_across_turns
from pipelines.extract.rules.grammar import Rule
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


class _Clause(NamedTuple):
    text: str  # punctuation stripped
    task_text: str  # the same without its deadline words, for task rules
    expires_at: datetime | None
    question: bool
    message: Message


def _cut(text: str, span: tuple[int, int]) -> str:
    left, right = text[: span[0]].rstrip(), text[span[1] :].lstrip()
    # A space only where Latin words would otherwise run together.
    glue = " " if left and right and (left[-1].isascii() or right[0].isascii()) else ""
    return (left + glue + right).strip()


def _values(rule: Rule, match: re.Match) -> dict[str, str] | None:
    values = {}
    for name, raw in match.groupdict().items():
        if raw is None:
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


def _apply(rule: Rule, clause: _Clause) -> ExtractedMemory | None:
    is_task = rule.kind is Kind.TASK
    text = clause.task_text if is_task else clause.text
    if (rule.needs_deadline and clause.expires_at is None) or (rule.unless and rule.unless.search(text)):
        return None
    match = rule.pattern.search(text)
    values = _values(rule, match) if match else None
    content = _render(rule.templates, values) if values is not None else None
    if values is None or content is None:
        return None
    return ExtractedMemory(
        kind=rule.kind,
        topic=rule.topic,
        content=content,
        keywords=_keywords(rule.keywords, values),
        confidence=rule.confidence,
        valid_from=clause.message.ts,
        expires_at=clause.expires_at if is_task else None,
        source_message_ids=[clause.message.message_id],
        retracts=rule.retracts,
    )


def _fire(rules: Sequence[Rule], clause: _Clause) -> list[ExtractedMemory]:
    found: list[ExtractedMemory] = []
    for rule in rules:
        # Questions assert nothing, but "Can you remind me to…?" and "可以开发票吗" are still requests.
        if (clause.question and rule.kind is not Kind.TASK) or any(m.topic == rule.topic for m in found):
            continue
        memory = _apply(rule, clause)
        if memory is not None:
            found.append(memory)
    return found


def clause_memories(raw_clause: str, message: Message) -> list[ExtractedMemory]:
    """Memories in one clause: retractions alone if any, else specific rules, else the generic ones."""
    question = is_question(raw_clause)
    if len(raw_clause) > MAX_CLAUSE_CHARS or (question and WH_QUESTION.search(raw_clause)):
        return []
    text = EDGE_PUNCT.sub("", raw_clause)
    deadline = find_deadline(text, message.ts)
    task_text = _cut(text, deadline[1]) if deadline else text
    clause = _Clause(text, task_text, deadline[0] if deadline else None, question, message)
    for rules in (RETRACTION_RULES, RULES, GENERIC_RULES):
        found = _fire(rules, clause)
        if found:
            return found
    return []


def extract_message(message: Message) -> list[ExtractedMemory]:
    """Every memory a single user message states, without repeats."""
    memories: list[ExtractedMemory] = []
    for clause in split_clauses(message.content):
        for memory in clause_memories(clause, message):
            if not any((m.topic, m.content) == (memory.topic, memory.content) for m in memories):
                memories.append(memory)
    return memories


class RulesExtractor:
    """Offline default extractor: regex rules for Chinese and English, no model, deterministic."""

    name = "rules@1"

    def extract_session(self, messages: Sequence[Message]) -> list[ExtractedMemory]:
        found = [memory for message in messages if message.role == "user" for memory in extract_message(message)]
        return found + facts_across_turns(messages, found)
