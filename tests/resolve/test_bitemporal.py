"""Issue 4: restatements, moving back, retractions, near-duplicates, expiry and arrival-order independence."""

from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.resolve.dedup import collapse_by_id, with_memory_ids
from pipelines.resolve.merge import MergeParams, same_value
from pipelines.resolve.resolution import ResolutionParams, is_current, resolve
from tests.support.candidate_rows import candidate, memories
from tests.support.raw_logs import MAR, UTC

SAMPLE = Path("data/sample")


def resolved(*rows, now=MAR(11), embeddings=None, params=ResolutionParams()):
    frame = memories(list(rows))
    if embeddings:
        vectors = [embeddings.get(c) for c in frame["content"]]
        frame = frame.with_columns(pl.Series("embedding", vectors, dtype=pl.Array(pl.Float32, 384)))
    return resolve(collapse_by_id(frame), now, params)


def residence(city, day, session):
    return candidate(f"User lives in {city}.", "residence", day=day, session=session, message_id=f"{session}:1")


def test_moving_back_keeps_both_periods():
    history = resolved(residence("Shanghai", 1, "a"), residence("Beijing", 3, "b"), residence("Shanghai", 9, "c"))
    timeline = history.filter(pl.col("topic") == "residence").sort("valid_from")
    assert timeline["content"].to_list() == [
        "User lives in Shanghai.",
        "User lives in Beijing.",
        "User lives in Shanghai.",
    ]
    assert timeline["valid_to"].to_list() == [MAR(3), MAR(9), None]


def test_restatements_of_one_period_fold_into_the_first():
    history = resolved(residence("Beijing", 3, "b"), residence("Beijing", 6, "c"), residence("Paris", 8, "d"))
    survivor = history.filter((pl.col("content") == "User lives in Beijing.") & pl.col("merged_into").is_null())
    member = history.filter(pl.col("merged_into").is_not_null())
    assert survivor.height == 1 and member.height == 1
    row = survivor.row(0, named=True)
    assert row["valid_from"] == MAR(3) and row["valid_to"] == MAR(8)
    assert row["source_message_ids"] == ["b:1"]  # stored as stated; recall presents the union
    assert member["merged_into"][0] == row["memory_id"] and member["valid_to"][0] == MAR(8)
    assert history.filter(is_current() & (pl.col("topic") == "residence"))["content"].to_list() == [
        "User lives in Paris."
    ]


def test_retraction_closes_the_value_without_inventing_one():
    acme = candidate("User works at Acme.", "employer", day=1, session="a", message_id="a:1")
    left = candidate("User no longer works at Acme.", "employer", day=5, session="b", message_id="b:1") | {
        "retraction": True
    }
    history = resolved(acme, left).filter(pl.col("topic") == "employer").sort("valid_from")
    old, retraction = history.rows(named=True)
    assert old["valid_to"] == MAR(5) and old["superseded_by"] == retraction["memory_id"]
    assert retraction["retraction"] and retraction["valid_to"] is None
    assert history.height == 2  # no replacement employer appears


def _unit(seed, near=None, noise=0.015):  # noise 0.015 per dim: cosine to `near` about 0.95
    rng = np.random.default_rng(seed)
    vec = rng.normal(size=384) if near is None else near + noise * rng.normal(size=384)
    return (vec / np.linalg.norm(vec)).astype(np.float32)


def test_near_duplicates_merge_but_different_values_do_not():
    rust = _unit(1)
    embeddings = {
        "User knows Rust.": rust,
        "User knows Rust programming.": _unit(2, near=rust),
        "User knows Go.": _unit(3, near=rust),  # as close as e5 puts different values: must not merge
    }
    rows = [
        candidate("User knows Rust.", "skills", kind="skill", day=4, session="a", confidence=0.7),
        candidate("User knows Rust programming.", "skills", kind="skill", day=2, session="b", confidence=0.9),
        candidate("User knows Go.", "skills", kind="skill", day=3, session="c"),
    ]
    history = resolved(*rows, embeddings=embeddings)
    survivors = history.filter(pl.col("merged_into").is_null()).sort("content")
    assert survivors["content"].to_list() == ["User knows Go.", "User knows Rust programming."]
    rust_row = survivors.row(1, named=True)
    assert rust_row["valid_from"] == MAR(2)
    member = history.filter(pl.col("merged_into") == rust_row["memory_id"])
    assert member["content"].to_list() == ["User knows Rust."]


def test_same_value_needs_both_close_vectors_and_contained_words():
    params = MergeParams(similarity_threshold=0.9)
    assert same_value("User knows Rust.", "User knows Rust programming.", 0.95, params)
    assert not same_value("User lives in Beijing.", "User lives in Shanghai.", 0.99, params)
    assert not same_value("用户住在北京", "用户住在上海", 0.98, params)
    assert not same_value("User knows Rust.", "User knows Rust programming.", 0.5, params)


def test_a_later_statement_that_adds_words_on_a_single_valued_timeline_is_a_new_value():
    params = MergeParams(similarity_threshold=0.9)
    assert not same_value("用户的职位是产品经理", "用户的职位是高级产品经理", 0.97, params, in_order=True)
    assert same_value("用户的职位是高级产品经理", "用户的职位是产品经理", 0.97, params, in_order=True)
    title = "job_title"
    pm = candidate("User's job title is product manager.", title, day=2, session="a", message_id="a:1")
    senior = candidate("User's job title is senior product manager.", title, day=6, session="b", message_id="b:1")
    embeddings = {c["content"]: np.ones(384, dtype=np.float32) for c in (pm, senior)}  # as close as vectors get
    history = resolved(senior, pm, embeddings=embeddings)  # the promotion arrives first: order must not matter
    current = history.filter(is_current() & (pl.col("topic") == title))
    assert current["content"].to_list() == ["User's job title is senior product manager."]
    assert current["source_message_ids"].to_list() == [["b:1"]]
    assert history.filter(pl.col("merged_into").is_not_null()).is_empty()


def test_event_like_memories_never_merge_across_sessions_even_when_identical():
    first = candidate("User decided to use Postgres.", "plan", kind="decision", day=2, session="a")
    second = candidate("User decided to use Postgres.", "plan", kind="decision", day=5, session="b")
    assert resolved(first, second).filter(pl.col("merged_into").is_null()).height == 2


def test_expired_tasks_close_after_the_grace_period_and_their_episode_expires_too():
    task = candidate("User needs to renew their passport.", "reminder", kind="task", day=2, session="t") | {
        "expires_at": MAR(6, 23)
    }
    said = candidate("Remind me to renew my passport by Friday", "episode", kind="episode", day=2, session="t")
    params = ResolutionParams(expiry_grace_days=7)
    within = resolved(task, said, now=MAR(10), params=params)
    assert within.filter(pl.col("kind") == "task")["valid_to"][0] is None
    assert within.filter(pl.col("kind") == "episode")["expires_at"][0] == MAR(6, 23)
    after = resolved(task, said, now=MAR(14), params=params)
    assert after.filter(pl.col("kind") == "task")["valid_to"][0] == MAR(6, 23)


def test_a_message_that_states_a_topic_beside_its_task_keeps_the_statement_past_the_deadline():
    task = candidate("User needs to cost the winter menu.", "reminder", kind="task", day=2, session="t") | {
        "expires_at": MAR(6, 23)
    }
    said = "business card literally says Chef de Cuisine now. and I have to cost the winter menu by friday"
    statement = candidate(said, "job_title", kind="episode", day=2, session="t") | {"mood": "assertion"}
    after = resolved(task, statement, now=MAR(30))
    episode = after.filter(pl.col("kind") == "episode").row(0, named=True)
    assert (episode["expires_at"], episode["valid_to"]) == (None, None)
    assert after.filter(pl.col("kind") == "task")["valid_to"][0] == MAR(6, 23)


# --- order independence over generated histories ---------------------------------------------------

VALUES = {"residence": ["Paris", "Lyon", "Nice"], "employer": ["Acme", "Globex"], "likes": ["jazz", "tea", "hiking"]}


@st.composite
def histories(draw):
    rows = []
    for n in range(draw(st.integers(2, 9))):
        topic = draw(st.sampled_from(sorted(VALUES)))
        value = draw(st.sampled_from(VALUES[topic]))
        user = draw(st.sampled_from(["u1", "u2"]))
        retract = topic == "employer" and draw(st.booleans())
        verb = {"residence": "lives in", "employer": "works at", "likes": "likes"}[topic]
        content = (
            f"User no longer {verb.replace('works', 'work').replace('lives', 'live')} {value}."
            if retract
            else f"User {verb} {value}."
        )
        kind = "preference" if topic == "likes" else "fact"
        row = candidate(content, topic, kind=kind, day=1, session=f"s{n}", message_id=f"s{n}:1")
        row |= {"user_id": user, "retraction": retract, "valid_from": MAR(1) + timedelta(hours=7 * n)}
        rows.append(row)
        rows.append(
            candidate(content, "episode", kind="episode", day=1, session=f"s{n}", message_id=f"s{n}:1")
            | {"user_id": user, "valid_from": row["valid_from"]}
        )
    return rows


def _state(frame):
    columns = [
        "memory_id",
        "valid_from",
        "valid_to",
        "superseded_by",
        "merged_into",
        "source_message_ids",
        "confidence",
    ]
    return frame.select(columns).sort("memory_id")


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(rows=histories(), data=st.data())
def test_any_batching_order_and_duplication_gives_the_same_state(rows, data):
    everything = _state(resolved(*rows))
    order = data.draw(st.permutations(range(len(rows))))
    repeats = data.draw(st.lists(st.sampled_from(range(len(rows))), max_size=4))
    arrivals = [rows[i] for i in [*order, *repeats]]
    cuts = sorted(data.draw(st.sets(st.integers(1, len(arrivals) - 1), max_size=4)))
    state = None
    for n, (lo, hi) in enumerate(zip([0, *cuts], [*cuts, len(arrivals)], strict=True)):
        batch = memories(arrivals[lo:hi], recorded=MAR(12) + timedelta(days=n))
        merged = batch if state is None else pl.concat([state, batch])
        state = resolve(collapse_by_id(merged), MAR(11))
    assert _state(state).equals(everything)
    current = state.filter(is_current() & pl.col("topic").is_in(["residence", "employer"]))
    assert current.group_by("user_id", "topic").len()["len"].max() in (None, 1)


def test_ids_are_stable_across_runs():
    row = memories([residence("Paris", 2, "s")])
    assert with_memory_ids(row.drop("memory_id"))["memory_id"].to_list() == row["memory_id"].to_list()


@pytest.mark.slow
def test_sample_log_fed_one_file_per_night_in_reverse_gives_the_same_memories(tmp_path, embedder):
    from pipelines.extract.rules.engine import RulesExtractor
    from pipelines.ingest.files import list_input_files
    from pipelines.ingest.read import IngestDefaults
    from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
    from pipelines.resolve.decay import DecayParams
    from pipelines.store.snapshots import SnapshotStore

    def night(raw, store, now):
        stage_validate(raw, store, IngestDefaults(), now)
        stage_extract(store, RulesExtractor(), embedder)
        stage_resolve(store, now)
        stage_decay(store, now.date(), DecayParams())
        stage_publish(store, now, 30, {})

    now = datetime(2026, 3, 11, 2, tzinfo=UTC)
    night(SAMPLE, tmp_path / "at_once", now)
    for n, path in enumerate(reversed(list_input_files(SAMPLE))):
        night(path, tmp_path / "nightly", now + timedelta(minutes=n))
    at_once = SnapshotStore(tmp_path / "at_once").read_memories()
    nightly = SnapshotStore(tmp_path / "nightly").read_memories()
    assert _state(nightly).equals(_state(at_once))
    assert SnapshotStore(tmp_path / "nightly").read_quarantine().height == 2


def test_a_later_title_that_drops_a_word_of_rank_is_a_promotion_not_the_same_title():
    params = MergeParams(similarity_threshold=0.9)
    assert not same_value("用户的职位是店长助理", "用户的职位是店长", 0.97, params, in_order=True)
    assert not same_value("User's job title is assistant manager.", "User's job title is manager.", 0.97, params, True)
    assert same_value("用户住在北京朝阳", "用户住在北京", 0.97, params, in_order=True)  # a restatement, as before
    title = "job_title"
    assistant = candidate("用户的职位是店长助理", title, day=2, session="a", message_id="a:1")
    manager = candidate("用户的职位是店长", title, day=6, session="b", message_id="b:1")
    embeddings = {c["content"]: np.ones(384, dtype=np.float32) for c in (assistant, manager)}
    history = resolved(manager, assistant, embeddings=embeddings)
    current = history.filter(is_current() & (pl.col("topic") == title))
    assert current["source_message_ids"].to_list() == [["b:1"]]
    assert history.filter(pl.col("merged_into").is_not_null()).is_empty()
