"""The extractor interface: what the rules and LLM extractors promise the extract stage.

An extractor sees one session at a time (ordered messages); a batch extractor sees the whole night.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from pipelines.core.schemas import ExtractedMemory, Message


class Extractor(Protocol):
    """Finds memories in one session's messages (ordered by msg_seq)."""

    name: str  # "rules@1", "llm:<model>@<prompt version>"

    def extract_session(self, messages: Sequence[Message]) -> list[ExtractedMemory]: ...


@runtime_checkable
class BatchExtractor(Extractor, Protocol):
    """An extractor that sees the whole night at once (the LLM: concurrency, a per-run cap, a backlog)."""

    def extract_sessions(
        self, sessions: Sequence[Sequence[Message]], on_session: Callable[[], None] | None = None
    ) -> list[list[ExtractedMemory]]:
        """Memories per session, in order; `on_session` is called as each session's extraction is done."""
        ...

    def recovered(self) -> list[tuple[list[Message], list[ExtractedMemory]]]:
        """(messages, memories) from earlier runs' sessions that only succeeded now."""
        ...
