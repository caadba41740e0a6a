"""`memory forget`: remove one user (optionally under one agent) from everything the store keeps.

Every retained version (the files holding them rewritten under their paths, manifests resealed), versions moved
aside by the doctor, staging, the embedding and answer caches, the LLM backlog and the access logs; a tombstone
keeps a later backfill or re-ingest of the same raw files from bringing them back (pipelines.store.tombstones).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from pipelines.core.atomic import write_atomic, write_text_atomic
from pipelines.core.clock import now_utc
from pipelines.embed.cache import text_hash
from pipelines.embed.passages import embedding_texts
from pipelines.store.access import ACCESS_DIR
from pipelines.store.doctor import DAMAGED
from pipelines.store.shards import row_counts, shard_name, shard_of
from pipelines.store.snapshots import MANIFEST, MEMORIES, QUARANTINE, TURNS, SnapshotStore
from pipelines.store.tombstones import Tombstones


@dataclass
class ForgetReport:
    versions_rewritten: list[int] = field(default_factory=list)  # on an object store: the version published
    versions_dropped: list[int] = field(default_factory=list)  # on an object store: those still holding them
    memories: int = 0
    turns: int = 0
    quarantined_rows: int = 0
    staged_rows: int = 0
    embedding_cache_entries: int = 0
    answer_cache_entries: int = 0
    backlog_windows: int = 0
    access_events: int = 0

    def describe(self) -> str:
        counts = ", ".join(f"{name.replace('_', ' ')} {value}" for name, value in asdict(self).items())
        return f"forgotten: {counts}; tombstone written (a re-ingest of their raw rows drops them)"


@dataclass(frozen=True)
class Tenant:
    user_id: str
    agent_id: str | None = None

    def rows(self) -> pl.Expr:
        """Rows of this tenant in any table with agent_id and user_id columns."""
        mine = pl.col("user_id") == self.user_id
        return (mine & (pl.col("agent_id") == self.agent_id) if self.agent_id else mine).fill_null(False)


def forget_user(
    store_root: Path | str, user_id: str, agent_id: str | None = None, at: datetime | None = None
) -> ForgetReport:
    """Remove the tenant everywhere in the store; other tenants' rows and ids stay exactly as they were. On an
    object store through a new version (pipelines.forget_remote); this host's caches and staging either way."""
    store, tenant, report = SnapshotStore(store_root), Tenant(user_id, agent_id), ForgetReport()
    moment = at or now_utc()
    # this host's writers; on an object store a writer of another host is refused by the commit log instead
    with store.host_lock(f"memory forget {'(one agent) ' if agent_id else ''}"):
        # the tombstone first: a run that starts after this line can no longer fold their rows back in
        Tombstones(store.uri).add(user_id, agent_id, moment)
        if store.location.remote:
            traces = _forget_published(store, tenant, moment, report)
            folders: list[Path] = []
        else:
            folders = [store.version_path(v) for v in store.versions()]
            folders += sorted(p for p in (store.root / DAMAGED).glob("*") if (p / MANIFEST).exists())
            files = _their_files(store, _manifests(folders), user_id)
            traces = _traces(store, files, tenant)
            _rewrite_files(store, folders, files, tenant, traces["message_ids"], report)
        report.staged_rows = _scrub_staging(store.root / "staging", tenant, traces["message_ids"])
        report.embedding_cache_entries = _scrub_embedding_cache(store.root / "cache" / "embeddings", traces)
        report.answer_cache_entries = _scrub_answer_cache(store.root / "cache" / "extractions.parquet", traces)
        report.backlog_windows = _scrub_frame(store.root / "llm" / "pending_windows.parquet", tenant.rows())
        report.access_events += _scrub_access_logs(store, tenant, folders)
    return report


def _forget_published(store: SnapshotStore, tenant: Tenant, at: datetime, report: ForgetReport) -> dict[str, set[str]]:
    from pipelines.forget_remote import fetch, forget_published

    manifests = {version: store.manifest(version) for version in store.versions()}
    files = _their_files(store, list(manifests.values()), tenant.user_id)
    fetch(store, manifests, set(files))
    traces = _traces(store, files, tenant)
    forget_published(store, manifests, files, tenant, traces["message_ids"], at, report)
    return traces


def _manifests(folders: list[Path]) -> list[dict[str, Any]]:
    return [json.loads((folder / MANIFEST).read_bytes()) for folder in folders]


def _their_files(store: SnapshotStore, manifests: list[dict[str, Any]], user_id: str) -> dict[str, str]:
    """Every file that may hold the user's rows, by path: their shard's tables in every version, and every
    quarantine segment (a quarantined row may lack a valid user)."""
    files: dict[str, str] = {}
    for manifest in manifests:
        shard = shard_name(shard_of(user_id, int(manifest["shard_count"])))
        for name, ref in manifest.get("shards", {}).get(shard, {}).items():
            files[ref["path"]] = name
        files.update({ref["path"]: QUARANTINE for ref in manifest.get("quarantine", [])})
    return files


def _traces(store: SnapshotStore, files: dict[str, str], tenant: Tenant) -> dict[str, set[str]]:
    """The tenant's message ids and the hashes of every text embedded for them, from every version."""
    ids: set[str] = set()
    hashes: set[str] = set()
    for path in [p for p, name in files.items() if name in (MEMORIES, TURNS)]:
        frame = pl.DataFrame(pq.read_table(store.root / path)).filter(tenant.rows())
        if files[path] == TURNS:
            ids |= set(frame["message_id"].to_list())
            continue
        ids |= {i for sources in frame["source_message_ids"].to_list() for i in sources or []}
        for kind, content, keywords, context in frame.select("kind", "content", "keywords", "context").iter_rows():
            hashes |= {text_hash(text) for text in embedding_texts(kind, content, keywords, context)}
            hashes |= {text_hash(text) for text in embedding_texts(kind, content, keywords, None)}
    return {"message_ids": ids, "text_hashes": hashes}


def _rewrite_files(
    store: SnapshotStore,
    folders: list[Path],
    files: dict[str, str],
    tenant: Tenant,
    ids: set[str],
    report: ForgetReport,
) -> None:
    """Each file with their rows rewritten without them under its path; every manifest referring to it resealed."""
    rewritten: dict[str, pa.Table] = {}
    counts: dict[str, dict[str, Any]] = {}
    for path, name in sorted(files.items()):
        table = pq.read_table(store.root / path)
        frame = pl.DataFrame(table)
        # rows quarantined before the tenant columns existed are known by their message id
        theirs = tenant.rows()
        if name == QUARANTINE:
            theirs = theirs | (pl.col("user_id").is_null() & pl.col("message_id").is_in(sorted(ids)))
        gone = frame.filter(theirs).height
        if not gone:
            continue
        kept = frame.filter(~theirs.fill_null(False))
        rewritten[path] = kept.to_arrow().cast(table.schema)
        if name == MEMORIES:
            counts[path] = row_counts(kept)
            report.memories += gone
        elif name == TURNS:
            report.turns += gone
        elif name == QUARANTINE:
            report.quarantined_rows += gone
    touched = store.rewrite_shard_files(rewritten, folders, counts)
    report.versions_rewritten = sorted(int(f.name) for f in touched if f.name.isdigit())


def _scrub_frame(path: Path, theirs: pl.Expr) -> int:
    if not path.exists():
        return 0
    frame = pl.read_parquet(path)
    kept = frame.filter(~theirs)
    if kept.height != frame.height:
        write_atomic(path, kept.write_parquet)
    return frame.height - kept.height


def _scrub_staging(staging: Path, tenant: Tenant, ids: set[str]) -> int:
    """Every staged table (any run's): by tenant columns where it has them, else by the tenant's message ids."""
    removed = 0
    for path in sorted(staging.rglob("*.parquet")) if staging.exists() else []:
        columns = pq.read_schema(path).names
        if "user_id" in columns and "agent_id" in columns:
            # a recall event asked without an agent is the user's under every agent (as in the access logs)
            theirs = tenant.rows() | ((pl.col("user_id") == tenant.user_id) & pl.col("agent_id").is_null())
            if "message_id" in columns:
                theirs = theirs | (pl.col("user_id").is_null() & pl.col("message_id").is_in(sorted(ids)))
            removed += _scrub_frame(path, theirs)
        elif "message_id" in columns:
            removed += _scrub_frame(path, pl.col("message_id").is_in(sorted(ids)))
    return removed


def _scrub_embedding_cache(folder: Path, traces: dict[str, set[str]]) -> int:
    """Every part of the cache (their shard's, and the common part a text may have reached)."""
    theirs = pl.col("text_hash").is_in(sorted(traces["text_hashes"]))
    return sum(_scrub_frame(path, theirs) for path in sorted(folder.glob("*.parquet")))


def _scrub_answer_cache(path: Path, traces: dict[str, set[str]]) -> int:
    """A cached model answer is theirs when one of its memories cites one of their messages."""
    ids = traces["message_ids"]

    def cites_them(memories_json: str) -> bool:
        return any(set(m.get("source_message_ids", [])) & ids for m in json.loads(memories_json))

    return _scrub_frame(path, pl.col("memories_json").map_elements(cites_them, return_dtype=pl.Boolean))


def _scrub_access_logs(store: SnapshotStore, tenant: Tenant, folders: list[Path]) -> int:
    """Drop their recall events; every manifest's consumed byte offset is moved to the same event boundary."""
    root = store.root / ACCESS_DIR
    removed = 0
    for path in sorted(root.glob("*/*.jsonl")) if root.exists() else []:
        key = path.relative_to(root).as_posix()
        kept, shift, offset, new_offsets = [], 0, 0, {0: 0}
        for line in path.read_bytes().splitlines(keepends=True):
            offset += len(line)
            if line.endswith(b"\n") and _event_is_theirs(line, tenant):
                shift += len(line)
                removed += 1
            else:
                kept.append(line)
            new_offsets[offset] = offset - shift
        if shift:
            _write_bytes_atomic(path, b"".join(kept))
            _move_consumed_offsets(store, folders, key, new_offsets)
    return removed


def _write_bytes_atomic(path: Path, data: bytes) -> None:
    write_atomic(path, lambda tmp: tmp.write_bytes(data))


def _event_is_theirs(line: bytes, tenant: Tenant) -> bool:
    try:
        event = json.loads(line)
    except ValueError:
        return False
    agent = event.get("agent_id")
    return event.get("user_id") == tenant.user_id and (tenant.agent_id is None or agent in (None, tenant.agent_id))


def _move_consumed_offsets(store: SnapshotStore, folders: list[Path], key: str, new_offsets: dict[int, int]) -> None:
    for folder in folders:
        manifest = json.loads((folder / MANIFEST).read_text())
        consumed = manifest.get("access_consumed", {})
        if key in consumed and consumed[key] in new_offsets and new_offsets[consumed[key]] != consumed[key]:
            consumed[key] = new_offsets[consumed[key]]
            write_text_atomic(folder / MANIFEST, json.dumps(manifest, indent=2, ensure_ascii=False, default=str))
