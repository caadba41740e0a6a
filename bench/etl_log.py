"""Owns the benchmark's raw session log: a deterministic multi-user chat log (zh and en) in the raw-log contract
(pipelines.core.schemas), written as `date=YYYY-MM-DD/` Parquet files like data/generate_sample.py writes.

Users have a persona (name, city, employer, pet) they talk about; sessions are a greeting, exchanges of facts,
preferences, moves and job changes, tasks, questions, long stories and small talk, and often a thanks.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from bench import etl_words as words
from bench.etl_turns import Persona, exchange
from pipelines.core.schemas import RAW_OPTIONAL, RAW_REQUIRED

RAW_LOG_SCHEMA = pa.schema([*RAW_REQUIRED.items(), *RAW_OPTIONAL.items()])
AGENTS = ("support_bot", "travel_bot", "coding_assistant")
# How often each intent comes between a session's opening greeting and closing thanks (weights).
MIDDLE_INTENTS = {
    "question": 26, "fact": 14, "story": 13, "small_talk": 12, "preference": 11, "task": 10,
    "greeting": 2, "thanks": 2, "move": 3, "job": 3,
}  # fmt: skip
# Exchanges per session: mostly a handful, sometimes a long conversation.
SESSION_LENGTHS = {1: 8, 2: 14, 3: 16, 4: 15, 5: 12, 6: 10, 7: 7, 8: 6, 10: 5, 12: 4, 16: 3}
# When sessions start (UTC hour weights): quiet at night, busiest in the evening.
HOUR_WEIGHTS = [1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 8, 8, 7, 7, 7, 7, 8, 8, 9, 10, 10, 8, 5, 3]
SOURCES = {"chat": 85, "ticket": 10, "email": 5}


def user_ids(count: int) -> list[str]:
    return [f"user{i:05d}" for i in range(count)]


def persona(user_id: str, seed: int, agents: Sequence[str] = AGENTS) -> Persona:
    """The same user always has the same persona for a seed, whichever batch of the log it speaks in."""
    rng = random.Random(f"{seed}:{user_id}")
    en = rng.random() < 0.55
    return Persona(
        user_id=user_id,
        agent_id=rng.choice(agents),
        language="en" if en else "zh",
        name=rng.choice(words.NAMES_EN if en else words.NAMES_ZH),
        city=rng.choice(words.CITIES_EN if en else words.CITIES_ZH),
        company=rng.choice(words.COMPANIES_EN if en else words.COMPANIES_ZH),
        role=rng.choice(words.ROLES_EN if en else words.ROLES_ZH),
        pet=rng.choice(words.PETS_EN if en else words.PETS_ZH),
        pet_name=rng.choice(words.PET_NAMES),
    )


def chat_log(
    messages: int,
    users: Sequence[str],
    seed: int,
    first_day: date,
    days: int = 1,
    agents: Sequence[str] = AGENTS,
) -> pa.Table:
    """`messages` rows (user and assistant turns) of sessions that start on `days` days from `first_day`, by
    `users` (a few talk a lot, most a little), in RAW_LOG_SCHEMA ordered by time. Session ids carry the user and
    the day, so batches over other days never reuse a message id."""
    rng = random.Random(f"{seed}:{first_day.isoformat()}:{days}:{len(users)}")
    personas = [persona(user, seed, agents) for user in users]
    activity = list(itertools.accumulate(rng.lognormvariate(0, 0.75) for _ in personas))
    sessions: Counter[str] = Counter()
    rows: list[dict] = []
    while len(rows) < messages:
        who = rng.choices(personas, cum_weights=activity)[0]
        day = first_day + timedelta(days=rng.randrange(days))
        session_id = f"{who.user_id}-{day:%Y%m%d}-{sessions[who.user_id]}"
        sessions[who.user_id] += 1
        rows += session_rows(who, session_id, _start(day, rng), rng)[: messages - len(rows)]
    rows.sort(key=lambda row: (row["ts"], row["message_id"]))
    return pa.Table.from_pylist(rows, schema=RAW_LOG_SCHEMA)


def _start(day: date, rng: random.Random) -> datetime:
    hour = rng.choices(range(24), weights=HOUR_WEIGHTS)[0]
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC) + timedelta(seconds=rng.randrange(3600))


def session_intents(rng: random.Random) -> list[str]:
    """What each of a session's exchanges is about: often a greeting first and a thanks last."""
    length = rng.choices(list(SESSION_LENGTHS), weights=list(SESSION_LENGTHS.values()))[0]
    intents = rng.choices(list(MIDDLE_INTENTS), weights=list(MIDDLE_INTENTS.values()), k=length)
    if length > 1 and rng.random() < 0.4:
        intents[0] = "greeting"
    if length > 2 and rng.random() < 0.3:
        intents[-1] = "thanks"
    return intents


def session_rows(who: Persona, session_id: str, start: datetime, rng: random.Random) -> list[dict]:
    """One session's messages, msg_seq from 1: the user writes, the assistant answers seconds later, and the
    user takes longer to write a long message than a short one."""
    source = rng.choices(list(SOURCES), weights=list(SOURCES.values()))[0]
    usual = who.language
    if rng.random() < 0.05:  # now and then a user speaks their other language for a session
        who.language = "zh" if usual == "en" else "en"
    rows, ts = [], start
    for intent in session_intents(rng):
        said, answer = exchange(intent, who, rng)
        for role, speaker, content in (("user", who.name, said), ("assistant", "assistant", answer)):
            seq = len(rows) + 1
            rows.append(
                {
                    "session_id": session_id,
                    "msg_seq": seq,
                    "role": role,
                    "content": content,
                    "ts": ts,
                    "agent_id": who.agent_id,
                    "user_id": who.user_id,
                    "message_id": f"{session_id}:{seq}",
                    "source": source,
                    "speaker": speaker,
                }
            )
            ts += timedelta(seconds=rng.randint(3, 25) if role == "user" else rng.randint(10, 40) + len(said) // 2)
    who.language = usual
    return rows


def write_days(log: pa.Table, raw: Path, part: str) -> dict[str, int]:
    """The log as one file per UTC day of its messages, `<raw>/date=YYYY-MM-DD/<part>.parquet` (the folders
    SessionLogWriter writes); returns rows per day. `part` names this batch, so a later batch that reaches the
    same day adds a file beside the earlier one."""
    days = pc.strftime(log["ts"], format="%Y-%m-%d", locale="C")
    counts = {}
    for day in sorted(set(days.to_pylist())):
        rows = log.filter(pc.equal(days, day))
        folder = raw / f"date={day}"
        folder.mkdir(parents=True, exist_ok=True)
        pq.write_table(rows, folder / f"{part}.parquet", compression="zstd")
        counts[day] = rows.num_rows
    return counts
