"""Session windows for LLM extraction: a session split under a token budget, with overlapping context.

A window carries the messages the model extracts from plus a few earlier ones as context (so "it",
"there" and "上周" resolve); its hash over the masked rendering keys the extraction cache.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from pipelines.core.redaction import mask_secrets
from pipelines.core.schemas import Message
from pipelines.extract.llm.prompt import render_window


def estimate_tokens(text: str) -> int:
    """Rough tokenizer-free count: a CJK character is about one token, other text about four chars a token."""
    cjk = sum(1 for char in text if "\u3000" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af")
    return cjk + (len(text) - cjk + 3) // 4 + 8  # +8: the JSON framing of one message line


@dataclass(frozen=True)
class Window:
    context: tuple[Message, ...]  # earlier messages, shown but not extracted from
    messages: tuple[Message, ...]

    @property
    def first(self) -> Message:
        return self.messages[0]

    @property
    def all_messages(self) -> tuple[Message, ...]:
        return self.context + self.messages

    def lines(self) -> list[dict]:
        """What the model sees of each message: masked text, id, UTC time, weekday, role."""
        rows = []
        for message in self.all_messages:
            ts = message.ts.isoformat()
            row = {
                "id": message.message_id,
                "ts": ts,
                "weekday": message.ts.strftime("%A"),
                "role": message.role,
                "text": mask_secrets(message.content),
            }
            rows.append(row | {"context": True} if message in self.context else row)
        return rows

    def prompt(self) -> str:
        first = self.first
        return render_window(first.agent_id, first.user_id, first.session_id, self.lines())

    def content_hash(self) -> str:
        return hashlib.sha256(self.prompt().encode("utf-8")).hexdigest()

    def tokens(self) -> int:
        return sum(estimate_tokens(line["text"]) for line in self.lines())

    def to_json(self) -> str:
        """The window's messages, secrets masked (it is written to the store), to retry it in a later run.

        Masking is idempotent, so the retried window renders (and hashes) exactly as this one."""
        return json.dumps(
            {
                "context": [_masked(m) for m in self.context],
                "messages": [_masked(m) for m in self.messages],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Window:
        data = json.loads(text)
        return cls(tuple(Message(**m) for m in data["context"]), tuple(Message(**m) for m in data["messages"]))


def _masked(message: Message) -> dict:
    return message.model_dump(mode="json") | {"content": mask_secrets(message.content)}


def split_session(messages: Sequence[Message], token_budget: int, overlap: int) -> list[Window]:
    """Consecutive windows whose new messages fit `token_budget`; each shows the `overlap` messages before it.

    A single message larger than the budget still gets a window of its own (it is never cut mid-text).
    """
    windows: list[Window] = []
    start = 0
    while start < len(messages):
        end, used = start, 0
        while end < len(messages):
            cost = estimate_tokens(messages[end].content)
            if end > start and used + cost > token_budget:
                break
            used += cost
            end += 1
        context = tuple(messages[max(0, start - overlap) : start])
        windows.append(Window(context, tuple(messages[start:end])))
        start = end
    return windows
