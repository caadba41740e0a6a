"""Recall's agent filter and valid-time window, each pinned by a test that fails without its SQL line."""

from pipelines.recall.reader import MemoryReader
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import publish, row
from tests.support.raw_logs import MAR


def test_an_agent_filter_sees_only_that_agents_memories(tmp_path):
    store = publish(
        tmp_path,
        [row("User likes green tea.", agent="bot"), row("User likes green tea a lot.", agent="other", message_id="m2")],
    )
    reader = MemoryReader(store.root, HashingEmbedder())
    assert {m.content for m in reader.recall("u1", "green tea", k=5)} == {
        "User likes green tea.",
        "User likes green tea a lot.",
    }
    assert [m.content for m in reader.recall("u1", "green tea", k=5, agent_id="other")] == [
        "User likes green tea a lot."
    ]


def test_as_of_a_moment_after_valid_to_the_memory_is_not_recalled(tmp_path):
    closed = {**row("User likes green tea.", valid_from=MAR(1)), "valid_to": MAR(5)}
    store = publish(tmp_path, [closed, row("User likes black coffee.", message_id="m2", valid_from=MAR(1))])
    reader = MemoryReader(store.root, HashingEmbedder())
    assert "User likes green tea." in [m.content for m in reader.recall("u1", "green tea", k=5, as_of=MAR(4))]
    assert "User likes green tea." not in [m.content for m in reader.recall("u1", "green tea", k=5, as_of=MAR(6))]
