import itertools
from datetime import timedelta

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.resolve.dedup import collapse_by_id
from pipelines.resolve.resolution import is_current, resolve
from tests.support.candidate_rows import candidate, memories
from tests.support.raw_logs import MAR


def merge(*batches, now=MAR(11)):
    return resolve(collapse_by_id(pl.concat(batches)), now)


SHANGHAI = candidate("用户住在上海", "residence", day=1, session="s-li-01", message_id="s-li-01:1")
BEIJING = candidate("用户住在北京", "residence", day=3, session="s-li-02", message_id="s-li-02:1")


def current(frame):
    return frame.filter(is_current())


def test_newer_valid_time_wins_even_when_older_fact_arrives_later():
    first_beijing = merge(memories([BEIJING], recorded=MAR(3, 23)), memories([SHANGHAI], recorded=MAR(5, 23)))
    first_shanghai = merge(memories([SHANGHAI], recorded=MAR(5, 23)), memories([BEIJING], recorded=MAR(3, 23)))
    for resolved in (first_beijing, first_shanghai):
        residence = resolved.filter(pl.col("topic") == "residence").sort("valid_from")
        assert residence["content"].to_list() == ["用户住在上海", "用户住在北京"]
        shanghai, beijing = residence.rows(named=True)
        assert shanghai["valid_to"] == MAR(3) and shanghai["superseded_by"] == beijing["memory_id"]
        assert beijing["valid_to"] is None and beijing["superseded_by"] is None
    assert first_beijing.sort("memory_id").equals(first_shanghai.sort("memory_id"))


def test_episode_of_a_superseded_fact_closes_with_it():
    episodes = [
        candidate("我住在上海", "episode", kind="episode", day=1, session="s-li-01", message_id="s-li-01:1"),
        candidate("我搬到北京了", "episode", kind="episode", day=3, session="s-li-02", message_id="s-li-02:1"),
    ]
    resolved = merge(memories([SHANGHAI, BEIJING, *episodes]))
    old_episode = resolved.filter(pl.col("content") == "我住在上海").row(0, named=True)
    beijing_id = resolved.filter(pl.col("content") == "用户住在北京")["memory_id"][0]
    assert old_episode["valid_to"] == MAR(3) and old_episode["superseded_by"] == beijing_id
    assert current(resolved).filter(pl.col("kind") == "episode")["content"].to_list() == ["我搬到北京了"]


def test_another_users_superseded_fact_from_the_same_message_id_leaves_this_users_episode_open():
    mine = candidate("我住在上海", "episode", kind="episode", day=1, session="1", message_id="1:1")
    theirs = [
        candidate("用户住在上海", "residence", day=1, session="1", message_id="1:1") | {"user_id": "u2"},
        candidate("用户住在北京", "residence", day=3, session="1", message_id="1:2") | {"user_id": "u2"},
        candidate("用户要续签护照", "passport", kind="task", day=1, session="1", message_id="1:1")
        | {"user_id": "u2", "expires_at": MAR(2)},
    ]
    resolved = merge(memories([mine, *theirs]))
    episode = resolved.filter(pl.col("user_id") == "u1").row(0, named=True)
    assert (episode["valid_to"], episode["superseded_by"], episode["expires_at"]) == (None, None, None)


def test_same_words_in_two_sessions_are_two_tasks_but_one_within_a_session():
    a = candidate("用户需要发票", "invoice", kind="task", day=4, session="s-li-03")
    b = candidate("用户需要发票", "invoice", kind="task", day=6, session="s-li-04")
    again = candidate("用户需要发票", "invoice", kind="task", day=4, session="s-li-03", message_id="s-li-03:9")
    resolved = merge(memories([a, b, again]))
    assert resolved.height == 2
    first = resolved.filter(pl.col("session_id") == "s-li-03").row(0, named=True)
    assert first["source_message_ids"] == ["s-li-03:4", "s-li-03:9"]


def test_same_message_written_twice_is_one_episode_and_state_facts_merge():
    hiking = candidate("I like hiking", "episode", kind="episode", day=2, message_id="s-alice-03:1")
    likes_a = candidate("User likes hiking.", "likes", kind="preference", day=2, session="s2")
    likes_b = candidate("User likes hiking.", "likes", kind="preference", day=5, session="s5", confidence=0.7)
    resolved = merge(memories([hiking]), memories([hiking, likes_b]), memories([likes_a]))
    assert resolved.filter(pl.col("kind") == "episode").height == 1
    likes = resolved.filter(pl.col("topic") == "likes").row(0, named=True)
    assert resolved.filter(pl.col("topic") == "likes").height == 1
    assert likes["valid_from"] == MAR(2) and likes["confidence"] == 0.9
    assert likes["source_message_ids"] == ["s2:2", "s5:5"]


def test_valid_from_tie_is_broken_by_confidence_then_source():
    sure = candidate("User lives in Paris.", "residence", day=4, confidence=0.9, session="a")
    unsure = candidate("User lives in Lyon.", "residence", day=4, confidence=0.6, session="b")
    ticket = candidate("User lives in Nice.", "residence", day=4, confidence=0.9, source="ticket", session="c")
    winner = current(merge(memories([unsure, ticket, sure]))).filter(pl.col("topic") == "residence")
    assert winner["content"].to_list() == ["User lives in Paris."]


CITIES = ["Paris", "Lyon", "Nice", "Lille", "Metz"]
HISTORY = [candidate(f"User lives in {c}.", "residence", day=d + 1, session=f"s{d}") for d, c in enumerate(CITIES)]


@settings(max_examples=40, deadline=None)
@given(order=st.permutations(range(len(HISTORY))), cuts=st.sets(st.integers(1, len(HISTORY) - 1)))
def test_current_state_is_independent_of_arrival_order_and_batching(order, cuts):
    rows = [HISTORY[i] for i in order]
    bounds = [0, *sorted(cuts), len(rows)]
    state = pl.DataFrame()
    for lo, hi in itertools.pairwise(bounds):
        batch = memories(rows[lo:hi], recorded=MAR(11) + timedelta(hours=lo))
        state = merge(batch) if state.is_empty() else merge(state, batch)
    now_true = current(state)
    assert now_true["content"].to_list() == ["User lives in Metz."]
    closed = state.filter(pl.col("valid_to").is_not_null()).sort("valid_from")
    assert closed["valid_to"].to_list() == [MAR(d) for d in range(2, 6)]
