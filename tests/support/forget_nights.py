"""A user to forget (Zoe) beside one to keep (u2): two nights of theirs, with recalls recorded between them."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from pipelines.recall.reader import MemoryReader
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly

ZOE = "zoe-4711"
HER_WORDS = ["Timbuktu", "Quokka", "zoe.w@example.org", "Kalamazoo", ZOE]


def zoe_rows(tag: str = "") -> list[dict]:
    return [
        message("z1", 1, f"I live in Timbuktu{tag}", MAR(2), user=ZOE),
        message("z1", 2, "Write to zoe.w@example.org", MAR(2, 10), user=ZOE),
        message("z2", 1, "Quokka rides on Sunday", MAR(3), user=ZOE, role="robot"),  # quarantined: unknown role
    ]


def two_nights_of_zoe(raw: Path, store: Path | str, embedder) -> None:
    """Zoe's and u2's messages, a night, recalls of both, Zoe's next message, a night, and a recall of hers that
    no night has consumed yet."""
    other = [
        message("s1", 1, "I moved to Beijing", MAR(3), user="u2"),
        message("s2", 1, "I prefer tables", MAR(4), user="u2"),
    ]
    write_raw(raw / "a.parquet", [*zoe_rows(), *other])
    nightly(raw, store, embedder)
    with MemoryReader(store, HashingEmbedder(), record_access=True) as reader:
        reader.recall(ZOE, "where do I live", k=3)
        reader.recall("u2", "where do I live", k=3)
        write_raw(raw / "b.parquet", [message("z3", 1, "Kalamazoo next year", MAR(8), user=ZOE)])
        nightly(raw, store, embedder, now=NIGHT + timedelta(days=1))
        reader.recall(ZOE, "Kalamazoo", k=3)
