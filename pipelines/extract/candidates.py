"""The extract stage: validated messages into candidate memories and a conservation ledger.

Every user and assistant message is also kept verbatim as an `episode` memory, so nothing said becomes
unrecallable; tool and system messages are not conversation and leave none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import polars as pl

from pipelines.core.config import LimitSettings
from pipelines.core.redaction import mask_secrets
from pipelines.core.schemas import (
    CANDIDATE_SCHEMA,
    MESSAGE_KEY,
    OUTCOME_SCHEMA,
    TURN_SCHEMA,
    ExtractedMemory,
    Kind,
    Message,
)
from pipelines.extract.interface import BatchExtractor, Extractor

MAX_CHARS = LimitSettings.max_message_chars


def episode_for(message: Message, previous: Message | None = None, max_chars: int = MAX_CHARS) -> ExtractedMemory:
    """The verbatim memory every user message leaves behind, so nothing said becomes unrecallable.

    Its keyword is who said it and its context the turn before, so "Yes, twice a week" can be found by
    the question it answered; the content stays the message alone (recall returns what was said), whole
    however long; the context is the previous turn's first `max_chars` characters.
    """
    context = f"{previous.speaker or previous.role}: {previous.content[:max_chars]}" if previous else None
    return ExtractedMemory(
        kind=Kind.EPISODE,
        topic="episode",
        content=message.content,
        keywords=[message.speaker] if message.speaker else [],
        confidence=1.0,
        valid_from=message.ts,
        source_message_ids=[message.message_id],
        context=context,
    )


SESSION_KEY = ["agent_id", "user_id", "session_id"]
# The roles whose messages are kept as episodes; only the user's are read for facts about the user.
EPISODE_ROLES = ("user", "assistant")
_TURN_FIELDS = TURN_SCHEMA.names


def _sessions(messages: pl.DataFrame) -> list[list[Message]]:
    ordered = messages.select(_TURN_FIELDS).sort([*SESSION_KEY, "msg_seq"])
    grouped = ordered.partition_by(SESSION_KEY, maintain_order=True)
    return [[Message(**row) for row in part.to_dicts()] for part in grouped]


def session_count(messages: pl.DataFrame) -> int:
    """How many sessions `extract` will read (and report, one by one, to its `on_session`)."""
    return messages.select(SESSION_KEY).n_unique() if messages.height else 0


def _whole_sessions(messages: pl.DataFrame, earlier_turns: pl.DataFrame | None) -> dict[tuple, list[Message]]:
    """Each session of the batch with the turns stored from earlier nights, in msg_seq order."""
    turns = messages.select(_TURN_FIELDS)
    if earlier_turns is not None and earlier_turns.height:
        touched = turns.select(SESSION_KEY).unique()
        stored = earlier_turns.select(_TURN_FIELDS).join(touched, on=SESSION_KEY, how="semi")
        turns = pl.concat([turns, stored.cast(turns.schema)]).unique(MESSAGE_KEY)
    return {(s[0].agent_id, s[0].user_id, s[0].session_id): s for s in _sessions(turns)}


def clipped(session: list[Message], max_chars: int) -> list[Message]:
    """The session as the extractor sees it: each message cut to its first `max_chars` characters."""
    return [
        m.model_copy(update={"content": m.content[:max_chars]}) if len(m.content) > max_chars else m for m in session
    ]


def extract(
    messages: pl.DataFrame,
    extractor: Extractor,
    earlier_turns: pl.DataFrame | None = None,
    max_chars: int = MAX_CHARS,
    on_session: Callable[[], None] | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Run the extractor over every session; returns (candidates, outcomes).

    A memory citing a message outside its session is discarded: provenance must point at what was said.
    `outcomes` has one row per input message: `extracted` when it is the source of at least one
    memory, `no_memory` otherwise (greetings, tool output). Episodes are made for every user and assistant message
    of a touched session, the stored ones included, with the turn before each in the whole session as its
    context (`earlier_turns`: the sessions' turns from earlier nights), so batching never changes them.
    The extractor sees each message's first `max_chars` characters; its episode keeps the whole text.
    `on_session` is called as each session's extraction is done (progress reporting).
    """
    sessions = [clipped(s, max_chars) for s in _sessions(messages)]
    # a rules extractor reads the whole session (a value given two turns after its change may arrive a night
    # later); a model extractor reads what arrived, as its calls cost money
    whole = _whole_sessions(messages, earlier_turns)
    recovered: list[tuple[list[Message], list[ExtractedMemory]]] = []
    if isinstance(extractor, BatchExtractor):
        found_per_session = extractor.extract_sessions(sessions, on_session)
        recovered = extractor.recovered()
    else:
        found_per_session = []
        for session in sessions:
            found_per_session.append(
                _new_in(session, extractor.extract_session(clipped(whole[_key(session)], max_chars)))
            )
            if on_session is not None:
                on_session()
    rows: list[dict] = []
    for session, found in zip(sessions, found_per_session, strict=True):
        turns = whole[_key(session)]
        episodes = [
            episode_for(m, turns[i - 1] if i else None, max_chars)
            for i, m in enumerate(turns)
            if m.role in EPISODE_ROLES
        ]
        rows += _rows(turns, list(found) + episodes, extractor.name)
    for session, found in recovered:
        rows += _rows(session, found, extractor.name)  # their episodes were stored when first seen
    candidates = pl.DataFrame(rows, schema=CANDIDATE_SCHEMA) if rows else pl.DataFrame(schema=CANDIDATE_SCHEMA)
    return candidates, _outcomes(messages, candidates)


def _key(session: Sequence[Message]) -> tuple[str, str, str]:
    return session[0].agent_id, session[0].user_id, session[0].session_id


def _new_in(batch: Sequence[Message], found: list[ExtractedMemory]) -> list[ExtractedMemory]:
    """What an extractor found in the whole session that cites a message of this batch: the rest was found
    when its messages arrived (a fact that spans two turns arrives with the later of them)."""
    arrived = {m.message_id for m in batch}
    return [m for m in found if arrived.intersection(m.source_message_ids)]


def _rows(session: Sequence[Message], found: list[ExtractedMemory], extractor_name: str) -> list[dict]:
    by_id = {m.message_id: m for m in session}
    kept = [m for m in found if set(m.source_message_ids) <= by_id.keys()]
    return [_candidate_row(m, by_id[m.source_message_ids[0]], extractor_name) for m in kept]


def _candidate_row(memory: ExtractedMemory, first: Message, extractor_name: str) -> dict:
    return {
        "agent_id": first.agent_id,
        "user_id": first.user_id,
        "kind": memory.kind.value,
        "topic": memory.topic,
        # Secrets said in chat never reach a stored memory, whichever extractor found it.
        "content": mask_secrets(memory.content),
        "keywords": [mask_secrets(k) for k in memory.keywords],
        "confidence": memory.confidence,
        "source": first.source,
        "session_id": first.session_id,
        "source_message_ids": memory.source_message_ids,
        "valid_from": memory.valid_from,
        "expires_at": memory.expires_at,
        "retraction": memory.retracts,
        "extractor": "verbatim@1" if memory.kind is Kind.EPISODE else extractor_name,
        "context": mask_secrets(memory.context) if memory.context else None,
        "mood": None,  # set on episodes by pipelines.extract.signals.labelling
        "role": first.role if memory.kind is Kind.EPISODE else None,
        "mentions": None,  # set on episodes by pipelines.extract.signals.labelling
    }


def _outcomes(messages: pl.DataFrame, candidates: pl.DataFrame) -> pl.DataFrame:
    sourced = (
        candidates.select("agent_id", "user_id", pl.col("source_message_ids").alias("message_id"))
        .explode("message_id")
        .group_by(MESSAGE_KEY)
        .agg(pl.len().cast(pl.Int64).alias("memories"))
    )
    return (
        messages.select(MESSAGE_KEY)
        .join(sourced, on=MESSAGE_KEY, how="left")
        .with_columns(pl.col("memories").fill_null(0))
        .with_columns(
            pl.when(pl.col("memories") > 0).then(pl.lit("extracted")).otherwise(pl.lit("no_memory")).alias("outcome")
        )
        .select(OUTCOME_SCHEMA.names())
        .cast(OUTCOME_SCHEMA)
    )
