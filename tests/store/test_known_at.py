"""`--known-at` before every retained version: the error says when the oldest was published, and whether older
ones were pruned (tests/recall/test_cli_recall.py has the first-version case through the CLI)."""

from datetime import timedelta

import pytest

from pipelines.store.snapshots import SnapshotNotFoundError, SnapshotStore
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly


def test_known_at_before_the_retained_window_says_history_was_pruned(store, embedder):
    raw = store.parent / "raw"
    for day in (1, 2):
        write_raw(raw / f"day-{day}.parquet", [message(f"d{day}", 1, "I prefer tables", MAR(11 + day))])
        nightly(raw, store, embedder, NIGHT + timedelta(days=day))
    SnapshotStore(store).prune(1)
    with pytest.raises(SnapshotNotFoundError) as error:
        SnapshotStore(store).version_known_at(NIGHT)
    assert str(error.value).endswith(
        "(the oldest retained one, version 3, was published at 2026-03-13T02:00:00+00:00; raise MEMORY_KEEP_VERSIONS "
        "to keep more history)"
    )
