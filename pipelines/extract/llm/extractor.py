"""The LLM extractor (`llm:<model>@<prompt version>`): session windows through the cache, the model and the backlog.

Owns the run of one night: cached windows cost nothing, new ones go to the model with bounded
concurrency under the per-run cap, and failed or deferred windows wait in the backlog for the next run.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from pipelines.core.clock import now_utc
from pipelines.core.schemas import ExtractedMemory, Message
from pipelines.extract.llm.answer_cache import ExtractionCache
from pipelines.extract.llm.answers import InvalidAnswer, check_answer, parse_answer
from pipelines.extract.llm.backlog import DEFERRED, QUARANTINED, PendingWindow, WindowBacklog
from pipelines.extract.llm.client import ChatClient, ChatFailure
from pipelines.extract.llm.prompt import ANSWER_SCHEMA, PROMPT_VERSION, system_prompt
from pipelines.extract.llm.windows import Window, estimate_tokens, split_session
from pipelines.reports import LLMRunStats
from pipelines.store.location import work_folder


@dataclass(frozen=True)
class LLMRunSettings:
    window_tokens: int = 3000  # budget for a window's new messages (context messages come on top)
    window_overlap: int = 2  # earlier messages shown as context
    concurrency: int = 4
    max_calls_per_run: int = 0  # windows sent to the model per run; 0 = no cap
    max_tokens_per_run: int = 0  # estimated prompt tokens per run; 0 = no cap
    invalid_answer_retries: int = 2  # re-asks after an unparsable or schema-violating answer


@dataclass
class _Outcome:
    memories: list[ExtractedMemory] | None = None  # None: the window failed or was deferred
    status: str = ""
    reason: str = ""
    raw: str = ""
    attempts: int = 0
    from_cache: bool = False
    sent: bool = False


class LLMExtractor:
    """Extracts memories from session windows with an OpenAI-compatible model; state lives in the store."""

    def __init__(self, client: ChatClient, store_root: Path | str, settings: LLMRunSettings = LLMRunSettings()) -> None:
        self.client, self.settings = client, settings
        self.name = f"llm:{client.settings.model}@{PROMPT_VERSION}"
        self.cache = ExtractionCache(work_folder(store_root) / "cache" / "extractions.parquet")
        self.backlog = WindowBacklog(work_folder(store_root) / "llm" / "pending_windows.parquet")
        self.stats = LLMRunStats()
        self._recovered: list[tuple[list[Message], list[ExtractedMemory]]] = []
        self._reserved_calls = 0
        self._reserved_tokens = 0
        self._stats_lock = threading.Lock()

    def extract_session(self, messages: Sequence[Message]) -> list[ExtractedMemory]:
        return self.extract_sessions([messages])[0]

    def extract_sessions(
        self, sessions: Sequence[Sequence[Message]], on_session: Callable[[], None] | None = None
    ) -> list[list[ExtractedMemory]]:
        """Memories per session (in order); backlog windows are retried first and land in `recovered()`.
        `on_session` is called as a session's last window gets its answer (progress reporting)."""
        now = now_utc()
        per_session = [split_session(s, self.settings.window_tokens, self.settings.window_overlap) for s in sessions]
        new_hashes = {w.content_hash() for windows in per_session for w in windows}
        pending = [p for p in self.backlog.load() if p.window.content_hash() not in new_hashes]
        flat = [p.window for p in pending] + [w for windows in per_session for w in windows]
        owners: list[int | None] = [None] * len(pending) + [i for i, windows in enumerate(per_session) for _ in windows]
        outcomes = self._run(flat, _SessionsDone(owners, len(sessions), on_session).window_done)
        backlog = self._settle_backlog(pending, outcomes[: len(pending)], now)
        results, offset = [], len(pending)
        for windows in per_session:
            mine = outcomes[offset : offset + len(windows)]
            offset += len(windows)
            backlog += [self._pending(w, o, now, now) for w, o in zip(windows, mine, strict=True) if o.memories is None]
            results.append([m for o in mine for m in (o.memories or [])])
            self._count_session(mine)
        self.backlog.replace(backlog)
        self.cache.save()
        self.stats.backlog = len(backlog)
        self.stats.quarantined = sum(p.status == QUARANTINED for p in backlog)
        self.stats.deferred = sum(p.status == DEFERRED for p in backlog)
        return results

    def recovered(self) -> list[tuple[list[Message], list[ExtractedMemory]]]:
        """(window messages, memories) of earlier runs' windows that succeeded in this run."""
        return self._recovered

    def run_stats(self) -> LLMRunStats:
        return replace(self.stats, http_calls=self.client.calls, http_retries=self.client.retries)

    # --- one night's windows ------------------------------------------------------------------
    def _run(self, windows: list[Window], on_window: Callable[[int], None]) -> list[_Outcome]:
        outcomes: list[_Outcome | None] = [self._without_model(w) for w in windows]
        todo = [i for i, o in enumerate(outcomes) if o is None]
        send = [i for i in todo if self._reserve(windows[i])]
        for i in set(todo) - set(send):
            outcomes[i] = _Outcome(status=DEFERRED, reason="per-run model cap reached; waits for the next run")
        for i in sorted(set(range(len(windows))) - set(send)):
            on_window(i)
        with ThreadPoolExecutor(max_workers=max(1, self.settings.concurrency)) as pool:
            for i, outcome in zip(send, pool.map(lambda j: self._ask(windows[j]), send), strict=True):
                outcomes[i] = outcome
                on_window(i)
        self.stats.windows += len(windows)
        self.stats.windows_to_model += len(send)
        return outcomes  # type: ignore[return-value]

    def _without_model(self, window: Window) -> _Outcome | None:
        """The answer when no call is needed: no user text in the window, or a cached answer."""
        if not any(m.role == "user" for m in window.messages):
            self.stats.windows_without_user_text += 1
            return _Outcome(memories=[])
        cached = self.cache.get(self.client.settings.model, PROMPT_VERSION, window.content_hash())
        if cached is None:
            return None
        self.stats.windows_from_cache += 1
        return _Outcome(memories=cached, from_cache=True)

    def _reserve(self, window: Window) -> bool:
        """Count a window against the per-run cap, in submission order so the cut is deterministic."""
        tokens = window.tokens() + estimate_tokens(system_prompt(False))
        over_calls = self.settings.max_calls_per_run and self._reserved_calls + 1 > self.settings.max_calls_per_run
        over_tokens = (
            self.settings.max_tokens_per_run and self._reserved_tokens + tokens > self.settings.max_tokens_per_run
        )
        if over_calls or over_tokens:
            return False
        self._reserved_calls += 1
        self._reserved_tokens += tokens
        return True

    def _ask(self, window: Window) -> _Outcome:
        """Ask until the answer validates (re-asking with the error), or give the reason and raw answer."""
        turns: list[dict] = [{"role": "user", "content": window.prompt()}]
        reason, raw, tokens_in, tokens_out = "", "", 0, 0
        for attempt in range(1, self.settings.invalid_answer_retries + 2):
            try:
                reply = self.client.complete(system_prompt, turns, ANSWER_SCHEMA)
            except ChatFailure as failure:
                return _Outcome(status=QUARANTINED, reason=failure.reason, raw=failure.raw, attempts=attempt, sent=True)
            tokens_in, tokens_out = tokens_in + reply.tokens_in, tokens_out + reply.tokens_out
            self._add_tokens(reply.tokens_in, reply.tokens_out)
            try:
                checked = check_answer(parse_answer(reply.text), window)
            except InvalidAnswer as exc:
                with self._stats_lock:
                    self.stats.invalid_answers += 1
                reason, raw = f"invalid answer after {attempt} tries: {exc}", reply.text
                turns += [
                    {"role": "assistant", "content": reply.text[:4000]},
                    {"role": "user", "content": f"That answer was rejected ({exc}). Reply again with JSON only."},
                ]
                continue
            self._note_rejections(checked.rejected)
            self.cache.put(
                self.client.settings.model,
                PROMPT_VERSION,
                window.content_hash(),
                checked.memories,
                tokens_in,
                tokens_out,
            )
            return _Outcome(memories=checked.memories, attempts=attempt, sent=True)
        return _Outcome(status=QUARANTINED, reason=reason, raw=raw, attempts=attempt, sent=True)

    def _add_tokens(self, tokens_in: int, tokens_out: int) -> None:
        with self._stats_lock:
            self.stats.tokens_in += tokens_in
            self.stats.tokens_out += tokens_out

    def _note_rejections(self, rejected: list[str]) -> None:
        with self._stats_lock:
            self.stats.rejected_memories += len(rejected)
            self.stats.rejection_examples = (self.stats.rejection_examples + rejected)[:5]

    # --- bookkeeping ---------------------------------------------------------------------------
    def _settle_backlog(
        self, pending: list[PendingWindow], outcomes: list[_Outcome], now: datetime
    ) -> list[PendingWindow]:
        still = []
        for entry, outcome in zip(pending, outcomes, strict=True):
            if outcome.memories is not None:
                self._recovered.append((list(entry.window.all_messages), outcome.memories))
                self.stats.recovered_from_backlog += 1
            elif outcome.status == DEFERRED and entry.status == QUARANTINED:
                still.append(entry)  # not retried this run: keep the failure it is quarantined for
            else:
                still.append(self._pending(entry.window, outcome, entry.first_seen, now, entry.attempts))
        return still

    @staticmethod
    def _pending(
        window: Window, outcome: _Outcome, first_seen: datetime, now: datetime, before: int = 0
    ) -> PendingWindow:
        return PendingWindow(
            window, outcome.status, outcome.reason, outcome.raw, before + outcome.attempts, first_seen, now
        )

    def _count_session(self, outcomes: list[_Outcome]) -> None:
        self.stats.sessions += 1
        if any(o.sent for o in outcomes):
            self.stats.sessions_to_model += 1
        elif outcomes and all(o.from_cache for o in outcomes):
            self.stats.sessions_from_cache += 1


class _SessionsDone:
    """Calls `on_session` when the last window of a session has its outcome; `owners` gives each window's
    session (None for backlog windows of earlier runs)."""

    def __init__(self, owners: list[int | None], sessions: int, on_session: Callable[[], None] | None) -> None:
        self.owners, self.on_session = owners, on_session
        self.left = Counter(owner for owner in owners if owner is not None)
        for _ in range(sessions - len(self.left)):  # a session without a window has nothing to wait for
            self._done()

    def window_done(self, index: int) -> None:
        owner = self.owners[index]
        if owner is not None:
            self.left[owner] -= 1
            if not self.left[owner]:
                self._done()

    def _done(self) -> None:
        if self.on_session is not None:
            self.on_session()
