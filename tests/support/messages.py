"""One user message, as the extractor tests write them."""

from __future__ import annotations

from datetime import datetime

from pipelines.core.schemas import Message


def user_message(text: str, ts: datetime = datetime(2025, 3, 1)) -> Message:
    return Message(
        message_id="m1", agent_id="a", user_id="u", session_id="s", msg_seq=1, role="user", content=text, ts=ts
    )
