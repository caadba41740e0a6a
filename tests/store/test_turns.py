"""The sessions' turns kept with each version: every message once, secrets masked before they are written."""

from pipelines.store.snapshots import SnapshotStore
from tests.support.raw_logs import MAR, message, write_raw
from tests.support.scripted_night import nightly


def test_turns_hold_every_message_once_with_secrets_masked(tmp_path, embedder):
    raw = tmp_path / "raw"
    rows = [
        message("s1", 1, "my password is hunter2, thanks", MAR(1)),
        message("s1", 2, "Noted.", MAR(1), role="assistant"),
    ]
    write_raw(raw / "a.parquet", rows)
    nightly(raw, tmp_path / "store", embedder)
    write_raw(raw / "b.parquet", [*rows, message("s1", 3, "I live in Shanghai", MAR(2))])  # a repeat and a new turn
    nightly(raw, tmp_path / "store", embedder)
    turns = SnapshotStore(tmp_path / "store").read_turns()
    assert turns["message_id"].to_list() == ["s1:1", "s1:2", "s1:3"]
    assert turns["content"].to_list()[0] == "my password is [REDACTED], thanks"
