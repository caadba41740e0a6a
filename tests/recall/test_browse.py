"""Browsing a snapshot through MemoryReader: get, list (filters, history, valid time), history, stats, scoping."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from pipelines.forget import forget_user
from pipelines.recall import MemoryReader, UnknownMemoryError
from pipelines.recall.history import topic_history
from pipelines.store.snapshots import SnapshotStore
from pipelines.store.tombstones import Tombstones
from tests.support.memory_rows import RECORDED, publish, row
from tests.support.raw_logs import MAR, NIGHT

# The scripted night (tests/support/scripted_night.py) as every row of u1 shows, oldest valid_from first.
EVERY_ROW = [
    ("fact", "residence", "User lives in Shanghai.", "superseded", ["s1:1"]),
    ("episode", "episode", "I live in Shanghai", "superseded", ["s1:1"]),
    ("fact", "residence", "User lives in Beijing.", "current", ["s2:1", "s5:1"]),  # the group's provenance
    ("episode", "episode", "I moved to Beijing", "current", ["s2:1"]),
    ("episode", "episode", "Noted, Beijing it is.", "current", ["s2:2"]),
    ("episode", "episode", "I prefer tables", "current", ["s3:1"]),
    ("preference", "output_format", "User prefers answers as tables.", "current", ["s3:1"]),
    ("task", "reminder", "User must renew passport.", "expired", ["s4:1"]),
    ("episode", "episode", "renew passport by Friday", "expired", ["s4:1"]),
    ("episode", "episode", "Still in Beijing", "current", ["s5:1"]),
    ("fact", "residence", "User lives in Beijing.", "restatement", ["s5:1"]),
]
CURRENT = [entry for entry in EVERY_ROW if entry[3] == "current"]


def shown(memories):
    return [(m.kind, m.topic, m.content, m.status, m.source_message_ids) for m in memories]


@pytest.fixture
def reader(store):
    with MemoryReader(store, use_embeddings=False) as reader:
        yield reader


def test_list_gives_what_is_true_now_oldest_first(reader):
    assert shown(reader.list("u1")) == CURRENT
    assert shown(reader.list("u1", agent_id="bot")) == CURRENT


def test_list_as_of_a_moment_gives_what_was_true_then(reader):
    # valid time: on 2 March the user lived in Shanghai (its status says what the version knows since)
    assert shown(reader.list("u1", as_of=MAR(2))) == [EVERY_ROW[0], EVERY_ROW[1]]
    # before its deadline the passport task (and its episode) still holds
    assert [m.content for m in reader.list("u1", as_of=MAR(5, 12))] == [
        "User lives in Beijing.",
        "I moved to Beijing",
        "Noted, Beijing it is.",
        "I prefer tables",
        "User prefers answers as tables.",
        "User must renew passport.",
        "renew passport by Friday",
        "Still in Beijing",
    ]


def test_include_history_shows_superseded_expired_and_merged_rows(reader):
    assert shown(reader.list("u1", include_history=True)) == EVERY_ROW


def test_kind_and_topic_filter(reader):
    assert shown(reader.list("u1", kind="fact")) == [EVERY_ROW[2]]
    assert shown(reader.list("u1", kind="fact", include_history=True)) == [EVERY_ROW[0], EVERY_ROW[2], EVERY_ROW[10]]
    assert shown(reader.list("u1", topic="output_format")) == [EVERY_ROW[6]]
    assert shown(reader.list("u1", kind="episode", topic="residence")) == []
    assert shown(reader.list("intruder", kind="episode", topic="residence")) == [
        ("episode", "residence", "I live in Paris", "current", ["x1:1"])
    ]
    with pytest.raises(ValueError, match="kind 'facts' is no kind; use one of fact, preference, skill"):
        reader.list("u1", kind="facts")


def test_an_unknown_user_or_topic_is_an_empty_answer(reader):
    assert reader.list("nobody") == []
    assert reader.list("u1", topic="no_such_topic") == []
    assert reader.history("nobody", "residence") == []
    assert reader.list("u1", agent_id="another_bot") == []


def test_history_is_the_topics_timeline_as_memory_history_prints_it(reader, store):
    timeline = reader.history("u1", "residence")
    assert shown(timeline) == [EVERY_ROW[0], EVERY_ROW[2], EVERY_ROW[10]]
    assert [(m.valid_from, m.valid_to) for m in timeline] == [(MAR(1), MAR(3)), (MAR(3), None), (MAR(5), None)]
    printed = topic_history(SnapshotStore(store), "u1", "residence")
    assert [(m.memory_id, m.status) for m in timeline] == printed.select("memory_id", "status").rows()
    assert timeline[0].superseded_by == timeline[1].memory_id
    assert timeline[2].merged_into == timeline[1].memory_id


def test_get_returns_the_stored_row_as_json(reader):
    beijing = reader.list("u1", kind="fact")[0]
    found = reader.get(beijing.memory_id)
    assert found == beijing
    as_json = found.to_json()
    assert json.loads(json.dumps(as_json)) == as_json
    assert as_json == {
        "memory_id": beijing.memory_id,
        "agent_id": "bot",
        "user_id": "u1",
        "kind": "fact",
        "topic": "residence",
        "content": "User lives in Beijing.",
        "status": "current",
        "keywords": [],
        "confidence": 0.9,
        "source": "chat",
        "session_id": "s2",
        "source_message_ids": ["s2:1", "s5:1"],
        "valid_from": "2026-03-03T09:00:00+00:00",
        "valid_to": None,
        "recorded_at": NIGHT.isoformat(),
        "recorded_version": 1,
        "retired_version": None,
        "superseded_by": None,
        "merged_into": None,
        "retraction": False,
        "expires_at": None,
        "strength": 1.0,
        "access_count": 0,
        "last_accessed": None,
        "extractor": "scripted@1",
        "mood": None,
        "role": None,
    }
    superseded = reader.list("u1", include_history=True)[0]
    assert reader.get(superseded.memory_id, user_id="u1", agent_id="bot").status == "superseded"


def test_get_of_an_unknown_id_or_another_tenants_is_a_key_error_naming_it(reader):
    with pytest.raises(KeyError) as missing:
        reader.get("0" * 32)
    assert isinstance(missing.value, UnknownMemoryError) and missing.value.memory_id == "0" * 32
    assert f"no memory '{'0' * 32}' in snapshot version 1" in str(missing.value)
    paris = reader.list("intruder")[0]
    assert reader.get(paris.memory_id).content == "I live in Paris"
    with pytest.raises(UnknownMemoryError, match=f"no memory '{paris.memory_id}' for user 'u1' in"):
        reader.get(paris.memory_id, user_id="u1")
    with pytest.raises(UnknownMemoryError, match="under agent 'other'"):
        reader.get(paris.memory_id, agent_id="other")


def test_stats_count_one_users_memories(reader):
    stats = reader.stats("u1")
    assert stats.to_json() == {
        "user_id": "u1",
        "agent_id": None,
        "version": 1,
        "memories": 11,
        "current": 6,
        "by_kind": {"fact": 1, "preference": 1, "skill": 0, "task": 0, "decision": 0, "episode": 4},
        "by_topic": {"episode": 4, "output_format": 1, "residence": 1},
        "by_status": {"current": 6, "expired": 2, "restatement": 1, "superseded": 2},
        "sessions": 5,
        "first_valid_from": "2026-03-01T09:00:00+00:00",
        "last_valid_from": "2026-03-05T09:00:00+00:00",
    }
    assert reader.stats("u1", as_of=MAR(5, 12)).by_kind["task"] == 1
    nobody = reader.stats("nobody", agent_id="bot")
    assert (nobody.memories, nobody.current, nobody.sessions, nobody.first_valid_from) == (0, 0, 0, None)
    assert set(nobody.by_kind.values()) == {0} and nobody.by_status == {}


def test_a_user_is_scoped_to_the_agent_asked_for(tmp_path):
    publish(tmp_path, [row("User likes tea.", agent="a"), row("User likes chess.", agent="b")])
    with MemoryReader(tmp_path, use_embeddings=False) as reader:
        assert [m.content for m in reader.list("u1", agent_id="a")] == ["User likes tea."]
        assert sorted(m.content for m in reader.list("u1")) == ["User likes chess.", "User likes tea."]
        assert reader.stats("u1", agent_id="b").current == 1


def test_a_retraction_and_what_it_closed(tmp_path):
    acme = row("User works at Acme.", topic="employer")
    gone = row("User no longer works at Acme.", topic="employer", valid_from=RECORDED + timedelta(days=2))
    acme |= {"valid_to": gone["valid_from"], "superseded_by": gone["memory_id"], "retired_version": 1}
    gone |= {"retraction": True}
    publish(tmp_path, [acme, gone])
    with MemoryReader(tmp_path, use_embeddings=False) as reader:
        assert [(m.content, m.status) for m in reader.history("u1", "employer")] == [
            ("User works at Acme.", "retracted"),
            ("User no longer works at Acme.", "retraction (current)"),
        ]
        assert [m.content for m in reader.list("u1")] == ["User no longer works at Acme."]


def test_browsing_follows_the_pointer_and_reads_an_older_version_when_asked(tmp_path):
    publish(tmp_path, [row("User likes tea.")])
    with MemoryReader(tmp_path, use_embeddings=False) as reader:
        assert [m.content for m in reader.list("u1")] == ["User likes tea."]
        publish(tmp_path, [row("User likes tea."), row("User likes chess.")])
        assert sorted(m.content for m in reader.list("u1")) == ["User likes chess.", "User likes tea."]
        assert [m.content for m in reader.list("u1", version=1)] == ["User likes tea."]
        assert reader.stats("u1").version == 2


def test_a_forgotten_user_is_never_shown(store):
    with MemoryReader(store, use_embeddings=False) as reader:
        beijing, paris = reader.list("u1", kind="fact")[0], reader.list("intruder")[0]
        # the tombstone alone (a forget still rewriting the versions) already hides them
        Tombstones(store).add("u1", None, NIGHT)
        assert reader.list("u1", include_history=True) == []
        assert reader.stats("u1").memories == 0
        with pytest.raises(UnknownMemoryError):
            reader.get(beijing.memory_id)
        assert reader.get(paris.memory_id) == paris
    forget_user(store, "intruder")
    with MemoryReader(store, use_embeddings=False) as reader:
        assert reader.list("intruder", include_history=True) == []
        with pytest.raises(UnknownMemoryError):
            reader.get(paris.memory_id)


def test_times_are_utc_whatever_the_zone_duckdb_answers_in(reader):
    reader._con.execute("SET TimeZone = 'Asia/Shanghai'")  # a reader on a machine set to another zone
    (beijing,) = reader.list("u1", kind="fact")
    assert beijing.to_json()["valid_from"] == "2026-03-03T09:00:00+00:00"
