"""One timeline order: resolution, the invariants and recall's SQL pick the same winner on a tie."""

from datetime import timedelta

import polars as pl

from pipelines.core.timeline import SOURCE_PRIORITY, timeline_order, timeline_order_sql
from pipelines.recall.reader import MemoryReader
from pipelines.resolve.invariants import no_overlapping_intervals
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row


def _tied_residences() -> list[dict]:
    """Two residences said at the same moment with the same confidence; only the source differs.

    The document's id sorts first, so an order that falls through to memory_id picks the other one.
    """
    chat = {**row("User lives in Porto.", topic="residence"), "memory_id": "b" * 32, "source": "chat"}
    document = {**row("User lives in Lisbon.", topic="residence"), "memory_id": "a" * 32, "source": "document"}
    return [document, chat]


def test_the_sql_order_lists_the_same_keys_as_the_polars_order():
    assert len(timeline_order()) == timeline_order_sql().count(" ASC")
    assert all(f"WHEN '{source}' THEN {rank}" in timeline_order_sql() for source, rank in SOURCE_PRIORITY.items())


def test_recall_breaks_a_tie_like_resolution_now_and_as_of(tmp_path):
    rows = _tied_residences()
    winner = pl.DataFrame(rows).sort(timeline_order())["content"].to_list()[-1]
    assert winner == "User lives in Porto."  # the chat source outranks the document
    store = publish(tmp_path, rows)
    reader = MemoryReader(store.root, HashingEmbedder())
    for as_of in (None, RECORDED + timedelta(days=1)):
        found = reader.recall("u1", "where does the user live", k=5, as_of=as_of)
        assert [m.content for m in found if m.topic == "residence"] == [winner]


def test_the_overlap_invariant_reads_a_tie_in_timeline_order():
    document, chat = _tied_residences()
    # ids the other way round, so an order that falls through to memory_id puts the winner first
    document, chat = {**document, "memory_id": "c" * 32}, {**chat, "memory_id": "a" * 32}
    # resolved: the document holds for a zero-length moment and is superseded by the chat statement
    resolved = pl.DataFrame(
        [{**document, "valid_to": document["valid_from"], "superseded_by": chat["memory_id"]}, chat]
    )
    assert no_overlapping_intervals(resolved).passed
