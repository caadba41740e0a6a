"""Checking a model's answer for one window: valid JSON, the schema, and provenance inside the window.

An unparsable or schema-violating answer is re-asked; a memory citing ids outside the window, or
attributed to another user, is rejected on its own (the rest of the answer stands).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from pydantic import ValidationError

from pipelines.core.redaction import mask_secrets
from pipelines.core.schemas import ExtractedMemory, Kind
from pipelines.extract.llm.prompt import AnsweredMemory, ExtractionAnswer
from pipelines.extract.llm.windows import Window

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


class InvalidAnswer(ValueError):
    """The answer is not JSON matching ExtractionAnswer; the message says what was wrong."""


@dataclass
class CheckedAnswer:
    memories: list[ExtractedMemory] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)  # one reason per rejected memory


def parse_answer(text: str) -> ExtractionAnswer:
    """The answer as a validated model; a ```json fence (some local servers add one) is tolerated."""
    fenced = _FENCE.match(text)
    body = fenced.group(1) if fenced else text
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise InvalidAnswer(f"not JSON: {exc}") from None
    try:
        return ExtractionAnswer.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
        raise InvalidAnswer(f"does not match the schema: {problems}") from None


def check_answer(answer: ExtractionAnswer, window: Window) -> CheckedAnswer:
    """Memories whose user and source ids belong to this window, with secrets masked."""
    checked = CheckedAnswer()
    for memory in answer.memories:
        problem = _provenance_problem(memory, window)
        if problem:
            checked.rejected.append(f"{memory.content[:80]!r}: {problem}")
        else:
            checked.memories.append(_as_extracted(memory))
    return checked


def _provenance_problem(memory: AnsweredMemory, window: Window) -> str | None:
    owner = window.first.user_id
    if memory.user_id != owner:
        return f"attributed to user {memory.user_id!r} but the window belongs to {owner!r}"
    known = {m.message_id for m in window.all_messages}
    foreign = [i for i in memory.source_message_ids if i not in known]
    if foreign:
        return f"cites message ids outside the window: {foreign[:3]}"
    fresh = {m.message_id for m in window.messages}
    if not fresh.intersection(memory.source_message_ids):
        return "cites only context messages (an earlier window extracts those)"
    return None


def _as_extracted(memory: AnsweredMemory) -> ExtractedMemory:
    return ExtractedMemory(
        kind=Kind(memory.kind),
        topic=memory.topic,
        content=mask_secrets(memory.content.strip()),
        keywords=[mask_secrets(k) for k in memory.keywords],
        confidence=memory.confidence,
        valid_from=memory.valid_from,
        expires_at=memory.expires_at,
        source_message_ids=list(dict.fromkeys(memory.source_message_ids)),
        retracts=memory.retracts,
    )
