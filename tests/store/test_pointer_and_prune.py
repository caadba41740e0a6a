"""The pointer swap is a rename (never an in-place write) and prune never removes the version readers are on."""

import os

import polars as pl

from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA
from pipelines.store.snapshots import POINTER, SnapshotStore


def _write(store: SnapshotStore) -> int:
    return store.write_version(
        pl.from_arrow(MEMORY_SCHEMA.empty_table()), pl.from_arrow(QUARANTINE_SCHEMA.empty_table()), {}
    )


def test_the_pointer_is_swapped_by_rename_so_an_open_reader_keeps_a_whole_old_pointer(tmp_path):
    store = SnapshotStore(tmp_path)
    store.publish(_write(store))
    with open(tmp_path / POINTER) as held:  # a reader that opened the pointer just before the swap
        before = os.fstat(held.fileno()).st_ino
        store.publish(_write(store))
        assert held.read().split()[0] == "1"  # an in-place write would show it "2" (or half of it)
    assert os.stat(tmp_path / POINTER).st_ino != before and store.current_version() == 2


def test_prune_keeps_the_current_version_even_when_it_is_not_among_the_newest(tmp_path):
    store = SnapshotStore(tmp_path)
    for _ in range(5):
        store.publish(_write(store))
    store.publish(1)  # rolled back (as `memory doctor --repair` does)
    assert store.prune(keep=2) == [2, 3]
    assert store.versions() == [1, 4, 5] and store.current_version() == 1
    assert store.read_memories().is_empty()
