"""Tenants never touch each other: two users (or agents) whose sessions and message ids collide each end with
the snapshot and the recall results they would have had alone, whether they arrive in one night or several."""

import tempfile
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pipelines.extract.rules.engine import RulesExtractor
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.recall.reader import MemoryReader
from pipelines.resolve.decay import DecayParams
from pipelines.store.snapshots import SnapshotStore
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import MAR, NIGHT, message, write_raw

TENANTS = [("bot", "u1"), ("bot", "u2"), ("helper", "u1")]
TEXTS = [
    "I live in Shanghai",
    "I moved to Beijing last week",
    "I no longer live in Beijing",
    "I work at Acme",
    "Please answer in bullet points from now on",
    "I like hiking",
    "hello there",
]
QUERIES = ["Where does the user live now?", "answer format", "employer", "hiking"]
STATE = ["memory_id", "kind", "topic", "content", "valid_from", "valid_to", "superseded_by", "merged_into", "mood"]

Tenant = tuple[str, str]
Said = tuple[str, int, str, int]  # session, seq, text index, day


def _rows(tenant: Tenant, said: list[Said]) -> list[dict]:
    agent, user = tenant
    return [
        message(session, seq, TEXTS[text], MAR(day, 9).replace(minute=seq), user=user, agent=agent)
        for session, seq, text, day in said
    ]


def _run(root: Path, nights: list[list[dict]]) -> Path:
    store, raw, embedder = root / "store", root / "raw", HashingEmbedder()
    for n, rows in enumerate(nights):
        write_raw(raw / f"night={n}" / "part-0.parquet", rows)
        stage_validate(raw, store, IngestDefaults(), NIGHT)
        stage_extract(store, RulesExtractor(), embedder)
        stage_resolve(store, NIGHT)
        stage_decay(store, NIGHT.date(), DecayParams())
        stage_publish(store, NIGHT, 30, {})
    return store


def _view(store: Path, tenant: Tenant) -> tuple[pl.DataFrame, dict[str, list[str]]]:
    """One tenant's memories and recall answers."""
    agent, user = tenant
    memories = SnapshotStore(store).read_memories()
    mine = memories.filter((pl.col("agent_id") == agent) & (pl.col("user_id") == user)).select(STATE)
    reader = MemoryReader(store, HashingEmbedder())
    answers = {q: [m.content for m in reader.recall(user, q, k=5, agent_id=agent)] for q in QUERIES}
    return mine.sort("memory_id"), answers


_said = st.lists(
    st.tuples(st.sampled_from(["1", "2"]), st.integers(1, 3), st.integers(0, len(TEXTS) - 1), st.integers(1, 9)),
    min_size=1,
    max_size=5,
    unique_by=lambda s: (s[0], s[1]),  # within a tenant a message id names one message
)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs=st.lists(_said, min_size=2, max_size=3), one_night=st.booleans())
# found by this test: both users' "1:1" in one night (one user lost every memory to quarantine), and another
# agent's memories of the same user id shifting the keyword statistics of recall
@example(logs=[[("1", 1, 0, 1)], [("1", 1, 0, 1)]], one_night=True)
@example(logs=[[("1", 1, 0, 1)], [("1", 1, 0, 1)], [("1", 1, 6, 1), ("1", 2, 0, 1), ("1", 3, 0, 1)]], one_night=False)
def test_colliding_message_ids_leave_each_tenant_as_it_would_be_alone(logs, one_night):
    tenants = TENANTS[: len(logs)]
    with tempfile.TemporaryDirectory() as shared:
        per_tenant = [_rows(t, said) for t, said in zip(tenants, logs, strict=True)]
        nights = [[row for rows in per_tenant for row in rows]] if one_night else per_tenant
        together = _run(Path(shared), nights)
        views = {t: _view(together, t) for t in tenants}
    for tenant, said in zip(tenants, logs, strict=True):
        with tempfile.TemporaryDirectory() as alone:
            expected_state, expected_answers = _view(_run(Path(alone), [_rows(tenant, said)]), tenant)
        state, answers = views[tenant]
        assert state.equals(expected_state), tenant
        assert answers == expected_answers, tenant


def test_another_user_reusing_a_message_id_neither_quarantines_nor_closes_the_victims_memory(tmp_path):
    victim = [message("1", 1, "I live in Shanghai", MAR(1), user="victim")]
    intruder = [
        message("1", 1, "I moved to Beijing last week", MAR(2), user="intruder"),
        message("1", 2, "I no longer live in Beijing", MAR(3), user="intruder"),
    ]
    store = _run(tmp_path, [victim, intruder])
    memories = SnapshotStore(store).read_memories()
    victims = memories.filter(pl.col("user_id") == "victim")
    assert victims.filter(pl.col("valid_to").is_not_null()).is_empty()
    assert SnapshotStore(store).read_quarantine().is_empty()
    found = MemoryReader(store, HashingEmbedder()).recall("victim", "Where does the user live?", k=3)
    assert "Shanghai" in found[0].content


def test_two_users_whose_sessions_are_both_called_1_keep_all_their_messages(tmp_path):
    rows = [
        message("1", 1, "I live in Shanghai", MAR(1), user="a"),
        message("1", 1, "I work at Acme", MAR(1), user="b"),
    ]
    store = _run(tmp_path, [rows])
    memories = SnapshotStore(store).read_memories()
    assert SnapshotStore(store).read_quarantine().is_empty()
    assert set(memories.filter(pl.col("kind") == "episode")["user_id"]) == {"a", "b"}
    assert memories.filter(pl.col("user_id") == "b", pl.col("topic") == "employer").height == 1
