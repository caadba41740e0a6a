"""The benchmark's generated chat log: deterministic, zh and en, user and assistant turns, valid raw log, varied."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime

import polars as pl
import pytest

from bench.etl_log import chat_log, persona, user_ids, write_days
from bench.etl_night import night_run_time
from bench.etl_turns import exchange
from bench.etl_words import CITIES_EN, CITIES_ZH
from pipelines.core.schemas import MEMORY_SCHEMA
from pipelines.ingest.files import list_input_files, new_input_files
from pipelines.ingest.read import IngestDefaults, read_raw
from pipelines.ingest.validate import validate
from pipelines.nightly import known_episodes

DAY = date(2026, 2, 1)
CJK = r"[\u4e00-\u9fff]"


@pytest.fixture(scope="module")
def log() -> pl.DataFrame:
    return pl.from_arrow(chat_log(4000, user_ids(200), seed=3, first_day=DAY, days=3))


def test_the_same_seed_gives_the_same_log_and_another_seed_another():
    first = chat_log(300, user_ids(20), seed=5, first_day=DAY, days=2)
    assert first.equals(chat_log(300, user_ids(20), seed=5, first_day=DAY, days=2))
    assert not first.equals(chat_log(300, user_ids(20), seed=6, first_day=DAY, days=2))


def test_the_log_has_the_asked_size_both_languages_both_roles_and_many_users(log):
    assert log.height == 4000
    assert set(log["role"]) == {"user", "assistant"}
    chinese = log["content"].str.contains(CJK)
    assert 0.3 < chinese.mean() < 0.7  # type: ignore[operator]
    assert log.filter(pl.col("role") == "user")["user_id"].n_unique() > 100
    assert log["session_id"].n_unique() > 300


def test_sessions_count_their_messages_from_one_in_time_order(log):
    sessions = log.sort("session_id", "msg_seq").group_by("session_id", maintain_order=True).agg("msg_seq", "ts")
    for seqs, times in zip(sessions["msg_seq"], sessions["ts"], strict=True):
        assert seqs.to_list() == list(range(1, len(seqs) + 1))
        assert times.is_sorted() and times.n_unique() == len(times)
    assert log["message_id"].n_unique() == log.height


def test_texts_are_mostly_distinct_so_the_embedding_cache_cannot_fake_speed(log):
    assert log["content"].n_unique() / log.height > 0.8
    longer = log.filter(pl.col("content").str.len_chars() >= 20)["content"]
    assert longer.n_unique() / longer.len() > 0.9


def test_messages_are_shaped_like_chat_short_replies_and_longer_turns(log):
    lengths = log["content"].str.len_chars()
    assert lengths.quantile(0.1) <= 20 and lengths.quantile(0.9) > 150  # type: ignore[operator]


def test_the_written_days_pass_the_raw_log_validation(tmp_path, log):
    table = log.to_arrow()
    counts = write_days(table, tmp_path, "night1")
    assert sum(counts.values()) == log.height
    days = {path.parent.name for path in list_input_files(tmp_path)}
    assert days == {f"date={day}" for day in counts} and len(days) >= 3
    messages = read_raw(new_input_files(list_input_files(tmp_path), set()), IngestDefaults())
    nothing_stored = known_episodes(pl.DataFrame(MEMORY_SCHEMA.empty_table()))
    valid, quarantine = validate(messages, nothing_stored, night_run_time(table))
    assert quarantine.height == 0 and valid.height == log.height


def _speakers(log: pl.DataFrame) -> pl.DataFrame:
    return log.filter(pl.col("role") == "user").select("user_id", "speaker").unique()


def test_a_later_day_never_reuses_a_message_id_and_its_users_keep_their_names(log):
    returning = log["user_id"].unique(maintain_order=True).to_list()[:5]
    later = pl.from_arrow(chat_log(500, returning, seed=3, first_day=date(2026, 2, 4)))
    assert later["message_id"].is_in(log["message_id"].implode()).sum() == 0
    both = _speakers(later).join(_speakers(log), on="user_id")
    assert both.height == 5 and (both["speaker"] == both["speaker_right"]).all()


def test_a_move_updates_the_persona_and_answers_name_only_cities_the_user_said():
    rng = random.Random(1)
    for language_user in ("user00000", "user00001", "user00002", "user00003"):
        who = persona(language_user, seed=2)
        moves = 0
        for _ in range(60):
            before = who.city
            said, answer = exchange("move", who, rng)
            moves += who.city != before
            # a move names the new city, or says the old one is left (the next statement names where they went)
            assert who.city == before or who.city.lower() in said.lower() or before.lower() in said.lower()
            cities = CITIES_EN if who.language == "en" else CITIES_ZH
            named = [city for city in cities if city in answer]
            assert all(city.lower() in said.lower() or city == before for city in named), (said, answer)
        assert moves > 10


def test_the_night_runs_at_two_after_the_last_message():
    table = chat_log(50, user_ids(3), seed=1, first_day=DAY)
    last = pl.from_arrow(table)["ts"].max()
    run = night_run_time(table)
    assert run.hour == 2 and run.minute == 0 and last < run <= last + (run - last)  # type: ignore[operator]
    assert (run - last).total_seconds() <= 26 * 3600  # type: ignore[operator]
    assert night_run_time(table.slice(0, 1)) > datetime.combine(DAY, datetime.min.time(), tzinfo=UTC)
