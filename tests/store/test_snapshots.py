import json
import os
import subprocess
import sys

import polars as pl
import pytest

from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA
from pipelines.store.lease import StoreLockedError
from pipelines.store.snapshots import SnapshotNotFoundError, SnapshotStore


def _empty(schema):
    return pl.from_arrow(schema.empty_table())


def _publish(store: SnapshotStore, note: str) -> int:
    version = store.write_version(_empty(MEMORY_SCHEMA), _empty(QUARANTINE_SCHEMA), {"note": note})
    store.publish(version)
    return version


def test_versions_chain_and_pointer_moves(tmp_path):
    store = SnapshotStore(tmp_path)
    assert store.current_version() is None
    assert store.read_memories().is_empty()
    v1, v2 = _publish(store, "a"), _publish(store, "b")
    assert (v1, v2) == (1, 2)
    assert store.current_version() == 2
    assert store.manifest()["parent"] == 1 and store.manifest(1)["parent"] is None
    assert store.manifest()["note"] == "b"


def test_unpublished_version_is_invisible_until_pointer_swap(tmp_path):
    store = SnapshotStore(tmp_path)
    _publish(store, "live")
    draft = store.write_version(_empty(MEMORY_SCHEMA), _empty(QUARANTINE_SCHEMA), {"note": "draft"})
    assert store.current_version() == 1  # a crash here leaves version 1 live
    assert store.manifest()["note"] == "live"
    store.publish(draft)
    assert store.manifest()["note"] == "draft"


def test_crash_while_writing_leaves_previous_version_readable(tmp_path):
    store = SnapshotStore(tmp_path)
    _publish(store, "live")
    # Kill a writer halfway: it dies after creating its temp folder, before rename or pointer swap.
    code = (
        "import os, polars as pl\n"
        "from pipelines.store.snapshots import SnapshotStore\n"
        "from pipelines.core.schemas import MEMORY_SCHEMA\n"
        "s = SnapshotStore(os.environ['ROOT'])\n"
        "(s.snapshots / '.tmp-00000002-1').mkdir()\n"
        "(s.snapshots / '.tmp-00000002-1' / 'memories.parquet').write_bytes(b'PAR1 half written')\n"
        "os._exit(9)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "ROOT": str(tmp_path)})
    assert done.returncode == 9
    assert store.current_version() == 1
    assert store.read_memories().schema == pl.from_arrow(MEMORY_SCHEMA.empty_table()).schema
    assert _publish(store, "next") == 2
    store.prune(keep=14)
    assert not list(store.snapshots.glob(".tmp-*"))


def test_prune_keeps_newest_and_never_the_current(tmp_path):
    store = SnapshotStore(tmp_path)
    for i in range(5):
        _publish(store, str(i))
    assert store.prune(keep=2) == [1, 2, 3]
    assert store.versions() == [4, 5]


def test_lock_held_is_reported_clearly(tmp_path):
    store = SnapshotStore(tmp_path)
    with store.writer_lock("run A"):
        other = SnapshotStore(tmp_path)
        with (
            pytest.raises(StoreLockedError, match=r"locked by another writer \(run A pid="),
            other.writer_lock("run B"),
        ):
            pass
    with store.writer_lock("run C"):  # released after the first run
        pass


def test_missing_version_is_a_clear_error(tmp_path):
    store = SnapshotStore(tmp_path)
    with pytest.raises(SnapshotNotFoundError, match="no snapshot published yet"):
        store.require_version()
    _publish(store, "a")
    with pytest.raises(SnapshotNotFoundError, match="version 7 does not exist"):
        store.manifest(7)


def test_manifest_is_json_with_parent(tmp_path):
    store = SnapshotStore(tmp_path)
    _publish(store, "a")
    on_disk = json.loads((store.version_path(1) / "manifest.json").read_text())
    assert on_disk["version"] == 1 and on_disk["parent"] is None
