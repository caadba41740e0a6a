"""`memory migrate`: convert a store of the one-file-per-version layout into user shards, version by version.

Each retained version keeps its number, its publication marker and its history; its tables are rewritten as
shard files and segments and its folder swapped for one holding the new manifest. Killed midway, the store is
part converted and part not; running it again finishes the job.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from pipelines.core.atomic import fsync_dir, write_text_atomic
from pipelines.core.config import LocationSettings
from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA, TURN_SCHEMA
from pipelines.store.shard_files import INPUTS, INPUTS_SCHEMA, MEMORIES, QUARANTINE, write_folder
from pipelines.store.shards import shard_name, split_by_shard, summed_counts
from pipelines.store.snapshots import MANIFEST, PUBLISHED, SEGMENTS, SnapshotStore, version_dir_name


def legacy_versions(store: SnapshotStore) -> list[int]:
    """The versions whose manifest is of the one-file-per-version layout (no shard count)."""
    found = []
    for version in store.versions():
        manifest = json.loads((store.version_path(version) / MANIFEST).read_bytes())
        if "shard_count" not in manifest:
            found.append(version)
    return found


def migrate(store: SnapshotStore, shard_count: int | None = None) -> list[str]:
    """Convert every legacy version of the store; returns what was done, one line each."""
    count = shard_count or LocationSettings.from_env().shards
    done = []
    with store.writer_lock("memory migrate"):
        for leftover in store.snapshots.glob(".migrate-*"):
            shutil.rmtree(leftover)
        store.ensure_empty_tables()
        for version in legacy_versions(store):
            rows = _migrate_version(store, version, count)
            done.append(f"version {version}: {rows} memories in {count} user shards")
        legacy_cache = store.root / "cache" / "embeddings.parquet"
        if legacy_cache.exists():
            (store.root / "cache" / "embeddings").mkdir(exist_ok=True)
            legacy_cache.rename(store.root / "cache" / "embeddings" / "common.parquet")
            done.append("embedding cache kept as cache/embeddings/common.parquet")
    return done


def _migrate_version(store: SnapshotStore, version: int, count: int) -> int:
    folder = store.version_path(version)
    legacy = json.loads((folder / MANIFEST).read_bytes())
    memories = _legacy_table(folder / "memories.parquet", MEMORY_SCHEMA)
    turns = _legacy_table(folder / "turns.parquet", TURN_SCHEMA)
    refs = {}
    for shard, (mine, said) in split_by_shard(memories, turns, count, None).items():
        refs[shard_name(shard)] = store.write_shard(shard, version, mine, said)
    manifest = {key: value for key, value in legacy.items() if key not in ("files", "processed_files")}
    manifest |= {
        "shard_count": count,
        "rows": summed_counts(r[MEMORIES]["counts"] for r in refs.values()),
        "shards": dict(sorted(refs.items())),
        "written_shards": sorted(refs),
        "migrated_from": "one file per version",
        **_segments(store, version, folder, legacy.get("processed_files", [])),
    }
    _swap_manifest(store, folder, manifest)
    return memories.height


def _legacy_table(path: Path, schema: pa.Schema) -> pl.DataFrame:
    """A legacy table in today's schema (columns added since it was written are null)."""
    if not path.exists():
        return pl.DataFrame(schema.empty_table())
    table = pq.read_table(path)
    for field in schema:
        if field.name not in table.column_names:
            table = table.append_column(field.name, pa.nulls(table.num_rows, field.type))
    return pl.DataFrame(table.select(schema.names).cast(schema))


def _segments(store: SnapshotStore, version: int, folder: Path, processed: list[dict[str, Any]]) -> dict[str, Any]:
    """The version's whole quarantine and list of processed files, as one segment each."""
    quarantine = _legacy_table(folder / "quarantine.parquet", QUARANTINE_SCHEMA)
    inputs = [{"path": f["path"], "sha256": f["sha256"], "rows": f["rows"]} for f in processed]
    tables = {QUARANTINE: quarantine.to_arrow().cast(QUARANTINE_SCHEMA)} if quarantine.height else {}
    if inputs:
        tables[INPUTS] = pa.Table.from_pylist(inputs, schema=INPUTS_SCHEMA)
    written = write_folder(store.root, store.root / SEGMENTS / version_dir_name(version), tables) if tables else {}
    return {
        "quarantine": [{**written[QUARANTINE], "written": version}] if QUARANTINE in written else [],
        "inputs": [{**written[INPUTS], "written": version}] if INPUTS in written else [],
    }


def _swap_manifest(store: SnapshotStore, folder: Path, manifest: dict[str, Any]) -> None:
    """The version folder swapped for one holding the new manifest (and the same publication marker)."""
    fresh = store.snapshots / f".migrate-new-{folder.name}"
    old = store.snapshots / f".migrate-old-{folder.name}"
    fresh.mkdir()
    write_text_atomic(fresh / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False, default=str))
    if (folder / PUBLISHED).exists():
        shutil.copy2(folder / PUBLISHED, fresh / PUBLISHED)
    folder.rename(old)
    fresh.rename(folder)
    fsync_dir(store.snapshots)
    shutil.rmtree(old)
