"""The nightly stages as store-to-store steps: each reads what the previous one staged and stages its own.

Dagster assets (and tests) call these; each returns the figures an operator scans for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from datetime import date, datetime, timedelta
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.compute as pc

from pipelines.conservation import night_conservation
from pipelines.core.config import LimitSettings
from pipelines.core.schemas import CANDIDATE_SCHEMA, MEMORY_SCHEMA, MESSAGE_KEY, UTC_DATETIME
from pipelines.embed.cache import EmbeddingCache
from pipelines.embed.e5 import Embedder
from pipelines.embed.passages import memory_vectors
from pipelines.embed.reporting import ReportingEmbedder
from pipelines.extract.candidates import extract, session_count
from pipelines.extract.interface import Extractor
from pipelines.extract.signals.labelling import label_statements
from pipelines.extract.signals.own_words import bundled_own_words
from pipelines.extract.signals.topic_head import OWN_HEAD, bundled_head
from pipelines.ingest.files import day_input_files, list_input_files, new_input_files
from pipelines.ingest.read import IngestDefaults, read_raw, read_raw_file
from pipelines.ingest.validate import validate
from pipelines.night_scope import (
    LIGHT_COLUMNS,
    VECTOR,
    LostVectorError,
    among,
    new_vectors,
    resolved_users,
    split_by_users,
    vectors_needed,
    with_stored_vectors,
    with_vectors,
)
from pipelines.progress import Progress
from pipelines.reports import (
    DecayReport,
    ExtractionReport,
    PublishReport,
    ResolutionReport,
    RowCounts,
    ValidationReport,
)
from pipelines.resolve.decay import DecayParams, decay, reinforce
from pipelines.resolve.dedup import collapse_by_id, with_memory_ids
from pipelines.resolve.invariants import LEDGER_KEYS, table_invariants
from pipelines.resolve.resolution import ResolutionParams, is_current, resolve
from pipelines.store.access import read_new_events
from pipelines.store.lease import release, run_stage
from pipelines.store.location import work_folder
from pipelines.store.shard_files import MEMORIES
from pipelines.store.shards import row_counts, shards_of_users
from pipelines.store.snapshots import SnapshotStore, VersionRejectedError
from pipelines.store.staging import LOCAL_RUN, StagingArea
from pipelines.store.tombstones import Tombstones

MAX_MESSAGE_CHARS = LimitSettings.max_message_chars
EMBEDDING_CACHE = "cache/embeddings"  # one file per user shard (pipelines.embed.cache)


def code_version() -> str:
    try:
        return package_version("agent-memory")
    except PackageNotFoundError:
        return "unknown"


def known_episodes(previous: pl.DataFrame) -> pl.DataFrame:
    """(agent_id, user_id, message_id, content) of every stored user message: ids are unique per tenant only."""
    return (
        previous.filter(pl.col("kind") == "episode")
        .select("agent_id", "user_id", pl.col("source_message_ids").list.first().alias("message_id"), "content")
        .unique(MESSAGE_KEY, keep="first")
    )


def stored_episodes(store: SnapshotStore, base: int | None, shards: set[int], users: pl.Series) -> pl.DataFrame:
    """known_episodes of `users` in `shards` of version `base`, read without the columns it does not look at."""
    where = (pc.field("kind") == "episode") & among("user_id", users.drop_nulls().unique())
    columns = ["agent_id", "user_id", "kind", "source_message_ids", "content"]
    return known_episodes(store.read_memories(base, shards, columns=columns, where=where))


def check_new_raw_files(raw: Path | str, store_root: Path | str) -> int:
    """Reads every raw file not yet in the store as validation will; raises RawLogError naming the first
    broken one (not Parquet, truncated, a missing or mistyped column). Returns how many files are new.

    `memory materialize` calls it before starting the run, so a bad file is one line and exit status 2."""
    done = {f["sha256"] for f in SnapshotStore(store_root).processed_files()}
    files = new_input_files(list_input_files(raw), done)
    for file in files:
        read_raw_file(Path(file.path), IngestDefaults())
    return len(files)


def stage_validate(
    raw: Path | str,
    store_root: Path | str,
    defaults: IngestDefaults,
    now: datetime,
    *,
    run_key: str = LOCAL_RUN,
    day: str | None = None,
    expiry_grace_days: float = ResolutionParams().expiry_grace_days,
    progress: Progress | None = None,
    shared: bool = False,
) -> ValidationReport:
    """Validate raw files not yet folded into the store; stage messages, quarantine and the file list. With `day`,
    only the files of its `date=YYYY-MM-DD` folder (a backfill or a re-run of one day). It also chooses the user
    shards the night rewrites (`expiry_grace_days` as resolution will use it: a shard whose deadline closes).

    The run's first stage: it claims the store for `run_key` (pipelines.store.lease) and records the version
    it builds on; every later stage of the run reads that version, and publish refuses if it is no longer
    current; `progress` hears the messages validated. `shared`: the run's later stages may run on other hosts (a
    sharded run: pipelines.store.staging keeps its hand-off where they read it)."""
    with run_stage(work_folder(store_root), run_key, "raw_messages"):
        present = list_input_files(raw) if day is None else day_input_files(raw, day)
        staging = StagingArea(store_root, run_key, shared=shared)
        return _validate(present, store_root, defaults, now, staging, expiry_grace_days, progress or Progress())


def _validate(
    present: list[Path],
    store_root: Path | str,
    defaults: IngestDefaults,
    now: datetime,
    staging: StagingArea,
    grace_days: float,
    progress: Progress,
) -> ValidationReport:
    store = SnapshotStore(store_root)
    base = store.current_version()
    done = {f["sha256"] for f in store.processed_files()}
    files = new_input_files(present, done)
    consumed = store.manifest(base).get("access_consumed", {}) if base is not None else {}
    events, offsets = read_new_events(store_root, consumed)
    with progress.stage("validate", "messages", total=sum(file.rows for file in files)):
        raw_rows, forgotten = Tombstones(store_root).split(read_raw(files, defaults, progress.advance))
        shards = touched_shards(store, base, [raw_rows["user_id"], events["user_id"]], now, grace_days)
        staging.write_json("base", {"version": base, "shards": sorted(shards)})
        messages, quarantine = validate(raw_rows, stored_episodes(store, base, shards, raw_rows["user_id"]), now)
    # rows neither kept nor quarantined: repeats of a kept message (the conservation check proves it)
    repeats = raw_rows.join(messages, on=LEDGER_KEYS, how="anti").join(quarantine, on=LEDGER_KEYS, how="anti")
    staging.write_frame("messages", messages)
    staging.write_frame("quarantine", quarantine)
    staging.write_frame("repeats", repeats.select(*LEDGER_KEYS, *MESSAGE_KEY))
    staging.write_frame("forgotten", forgotten.select(LEDGER_KEYS))  # positions only: no words of theirs
    # The events read now are the ones this run folds in (their users' shards are touched); publish records
    # the offsets, so an event is applied by exactly one published version.
    staging.write_frame("access_events", events)
    staging.write_json("access", {"consumed": offsets})
    report = ValidationReport(
        input_files=files,
        files_skipped=len(present) - len(files),
        rows_in=raw_rows.height + forgotten.height,
        messages=messages.height,
        duplicate_rows=repeats.height,
        quarantined=quarantine.height,
        forgotten_rows=forgotten.height,
    )
    staging.write_json("inputs", report.to_json())
    return report


def touched_shards(
    store: SnapshotStore, base: int | None, users: list[pl.Series], now: datetime, grace_days: float
) -> set[int]:
    """The shards this night rewrites: where its messages' and access events' users live, and where a deadline
    has passed (resolution closes it: pipelines.resolve.resolution). Every other shard is reused as it is."""
    if base is None:
        return shards_of_users(pl.concat(users).to_list(), store.shard_count)
    count = int(store.manifest(base)["shard_count"])
    due = [
        int(name)
        for name, refs in store.shard_refs(base).items()
        if (moment := refs[MEMORIES].get("next_expiry")) is not None
        and datetime.fromisoformat(moment) + timedelta(days=grace_days) <= now
    ]
    return shards_of_users(pl.concat(users).to_list(), count) | set(due)


def night_shards(staging: StagingArea) -> set[int]:
    """The shards the run's validate stage chose to rewrite."""
    return set(staging.read_json("base")["shards"])


def stage_extract(
    store_root: Path | str,
    extractor: Extractor,
    embedder: Embedder,
    max_message_chars: int = MAX_MESSAGE_CHARS,
    *,
    run_key: str = LOCAL_RUN,
    progress: Progress | None = None,
) -> ExtractionReport:
    """Extract candidates from staged messages, embed them through the cache, stage candidates and outcomes.

    Extraction, the topic signal and embeddings read a message's first `max_message_chars` characters.
    `progress` hears the sessions extracted and the texts embedded."""
    with run_stage(work_folder(store_root), run_key, "memory_candidates"):
        staging = StagingArea(store_root, run_key)
        return _extract(store_root, extractor, embedder, max_message_chars, staging, progress or Progress())


def _extract(
    store_root: Path | str,
    extractor: Extractor,
    embedder: Embedder,
    max_message_chars: int,
    staging: StagingArea,
    progress: Progress,
) -> ExtractionReport:
    messages, store, base = staging.read_frame("messages"), SnapshotStore(store_root), base_version(staging)
    turns = store.read_turns(base, night_shards(staging))
    with progress.stage("extract", "sessions", total=session_count(messages)):
        candidates, outcomes = extract(messages, extractor, turns, max_message_chars, progress.advance)
    shard_count = int(store.manifest(base)["shard_count"]) if base is not None else store.shard_count
    cache = EmbeddingCache(work_folder(store_root) / EMBEDDING_CACHE, embedder.name, shard_count, night_shards(staging))
    with progress.stage("embed", "texts"):
        embedder = ReportingEmbedder(embedder, progress)
        # (labelled first: a change taken back drops the distilled memories it voided)
        candidates = label_statements(
            candidates,
            lambda texts: cache.embed(texts, embedder),
            max_chars=max_message_chars,
            head=bundled_head(embedder.name),
            own_head=bundled_head(embedder.name, OWN_HEAD),
            own_words=bundled_own_words(),
        )
        vectors = memory_vectors(candidates, cache, embedder, max_message_chars)
    cache.save()
    staging.write_json("embedding", {"model": embedder.name, "dim": embedder.dim})
    candidates = candidates.with_columns(pl.Series("embedding", vectors, dtype=pl.Array(pl.Float32, embedder.dim)))
    staging.write_frame("candidates", candidates)
    staging.write_frame("outcomes", outcomes)
    run_stats = getattr(extractor, "run_stats", None)  # the LLM extractor's calls, tokens and failures
    return ExtractionReport(
        messages=messages.height,
        candidates=candidates.height,
        per_kind=dict(candidates.group_by("kind").len().sort("kind").iter_rows()),
        messages_extracted=outcomes.filter(pl.col("outcome") == "extracted").height,
        messages_no_memory=outcomes.filter(pl.col("outcome") == "no_memory").height,
        embedding_cache_hits=cache.hits,
        embedded=cache.misses,
        extractor=extractor.name,
        embedder=embedder.name,
        llm=run_stats() if run_stats else None,
    )


def as_memories(candidates: pl.DataFrame, now: datetime) -> pl.DataFrame:
    """Candidates in the memory-record shape: ids from their keys, fresh strength, no version yet."""
    for optional in ("context", "mood", "role", "mentions"):
        if optional not in candidates.columns:
            candidates = candidates.with_columns(pl.lit(None, CANDIDATE_SCHEMA[optional]).alias(optional))
    rows = with_memory_ids(candidates).with_columns(
        pl.lit(None, UTC_DATETIME).alias("valid_to"),
        pl.lit(now).cast(UTC_DATETIME).alias("recorded_at"),
        pl.lit(None, pl.Int64).alias("recorded_version"),
        pl.lit(None, pl.Int64).alias("retired_version"),
        pl.lit(None, pl.String).alias("superseded_by"),
        pl.lit(None, pl.String).alias("merged_into"),
        pl.lit(1.0).alias("strength"),
        pl.lit(None, pl.Float64).alias("strength_at_access"),
        pl.lit(0, pl.Int64).alias("access_count"),
        pl.lit(None, UTC_DATETIME).alias("last_accessed"),
    )
    return rows.select(MEMORY_SCHEMA.names)


def stage_resolve(
    store_root: Path | str, now: datetime, params: ResolutionParams = ResolutionParams(), *, run_key: str = LOCAL_RUN
) -> ResolutionReport:
    """Merge staged candidates into the run's base snapshot by idempotency key, then resolve valid time."""
    with run_stage(work_folder(store_root), run_key, "resolved_memories"):
        return _resolve(store_root, now, params, StagingArea(store_root, run_key))


def _resolve(store_root: Path | str, now: datetime, params: ResolutionParams, staging: StagingArea) -> ResolutionReport:
    """Resolves the rows of the night's users (night_scope.resolved_users) and stages them, without vectors,
    beside the other rows of the shards it rewrites; stages apart the vectors the night made or refreshed."""
    store, base, shards = SnapshotStore(store_root), base_version(staging), night_shards(staging)
    fresh = as_memories(staging.read_frame("candidates"), now)
    fresh_ids = fresh["memory_id"].unique()
    stored = store.read_memories(base, shards, columns=LIGHT_COLUMNS)
    users = resolved_users(fresh, stored, now, params.expiry_grace_days)
    mine, others = split_by_users(stored, users)
    read = ["memory_id", "user_id", "kind", VECTOR]
    vectors = store.read_memories(base, shards, columns=read, where=vectors_needed(users, fresh_ids))
    previous = with_refreshed_context(with_stored_vectors(mine, vectors.select("memory_id", VECTOR)), fresh)
    merged = collapse_by_id(pl.concat([previous, fresh.cast(previous.schema)]))
    resolved = resolve(merged, now, params)
    staging.write_frame("new_vectors", new_vectors(resolved, fresh_ids, fresh.schema[VECTOR]))
    staged = pl.concat([resolved.drop(VECTOR), others.select(resolved.drop(VECTOR).columns)])
    staging.write_frame("resolved", staged)
    return ResolutionReport(
        previous_rows=stored.height,
        candidates=fresh.height,
        new_memories=fresh_ids.filter(~fresh_ids.is_in(stored["memory_id"].implode())).len(),
        collapsed_duplicates=fresh.height - fresh_ids.len(),
        rows=staged.height,
        superseded=staged.filter(pl.col("superseded_by").is_not_null()).height,
        merged_restatements=staged.filter(pl.col("merged_into").is_not_null()).height,
        current=staged.filter(is_current()).height,
    )


def with_refreshed_context(previous: pl.DataFrame, fresh: pl.DataFrame) -> pl.DataFrame:
    """Stored episodes take the context (and the vector made with it) their session now gives them: a turn
    that arrived late may be the one before them. Everything else of a stored memory stays as it was."""
    refreshed = fresh.filter(pl.col("kind") == "episode").select("memory_id", "context", "embedding")
    if refreshed.is_empty() or previous.is_empty():
        return previous
    return previous.update(refreshed.cast({"embedding": previous.schema["embedding"]}), on="memory_id")


def stage_decay(store_root: Path | str, today: date, params: DecayParams, *, run_key: str = LOCAL_RUN) -> DecayReport:
    """Fold new access events into the decay anchors, then decay every strength to `today`."""
    with run_stage(work_folder(store_root), run_key, "decayed_memories"):
        return _decay(store_root, today, params, StagingArea(store_root, run_key))


def _decay(store_root: Path | str, today: date, params: DecayParams, staging: StagingArea) -> DecayReport:
    events = staging.read_frame("access_events")
    resolved = staging.read_frame("resolved")
    decayed = decay(reinforce(resolved, events, params), today, params)
    staging.write_frame("decayed", decayed)
    staging.write_json("decay", {"day": today.isoformat()})  # a new day alone is reason to publish
    return DecayReport(
        rows=decayed.height,
        today=today.isoformat(),
        mean_strength=round(decayed.select(pl.col("strength").mean().fill_null(0.0)).item(), 4),
        at_floor=decayed.filter(pl.col("strength") <= params.floor).height,
        access_events=events.height,
        memories_accessed=events.join(resolved.select("memory_id"), on="memory_id", how="semi")["memory_id"].n_unique(),
    )


# Writes the version of a checked night and returns its number: (store, staging, stamped memories, manifest).
VersionWriter = Callable[[SnapshotStore, StagingArea, pl.DataFrame, dict[str, Any]], int]


def stage_publish(
    store_root: Path | str,
    now: datetime,
    keep_versions: int,
    settings: dict[str, Any],
    *,
    run_key: str = LOCAL_RUN,
    write: VersionWriter | None = None,
    shared: bool = False,
) -> PublishReport:
    """Write the staged, checked memories as a new version, swap the pointer, prune old versions, and give
    the store back (the lease; other runs' hand-off files, unpublishable from now on, are removed). `write`
    makes the version's files (write_whole_night by default; a sharded night gathers its groups' files, from the
    `shared` hand-off stage_validate was given)."""
    with run_stage(work_folder(store_root), run_key, "memory_snapshot"):
        staging = StagingArea(store_root, run_key, shared=shared)
        report = _publish(store_root, now, keep_versions, settings, staging, write or write_whole_night)
        staging.finish(report.published)  # not published: the base did not move, other runs can still publish
        release(work_folder(store_root), run_key)
    return report


def _publish(
    store_root: Path | str,
    now: datetime,
    keep_versions: int,
    settings: dict[str, Any],
    staging: StagingArea,
    write: VersionWriter,
) -> PublishReport:
    store = SnapshotStore(store_root)
    require_base_current(store, staging)
    inputs = ValidationReport.from_json(staging.read_json("inputs"))
    conserved = night_conservation(store_root, staging)
    if not conserved.passed:
        raise VersionRejectedError(f"nothing published: input rows not accounted for: {conserved.summary}")
    version = store.next_version()
    memories = with_version_stamps(staging.read_frame("decayed"), version)
    decay_day, base, shards = _decay_day(staging), base_version(staging), night_shards(staging)
    reason = nothing_new(store, base, inputs, memories, decay_day, shards, _access_consumed(store, staging))
    if reason:
        parent = store.manifest(base)["parent"] if base is not None else None
        rows = RowCounts(**store.manifest(base)["rows"]) if base is not None else count_rows(memories)
        return PublishReport(base, parent, rows, store.prune(keep_versions), published=False, reason=reason)
    new_files = [asdict(f) for f in inputs.input_files]
    manifest = {
        "created_at": now.isoformat(),
        "decay_day": decay_day,
        "quarantined_this_run": inputs.quarantined,
        "forgotten_rows_this_run": inputs.forgotten_rows,
        "input_files": new_files,
        "code_version": code_version(),
        **_embedding_model(store, staging),
        "access_consumed": _access_consumed(store, staging),
        **settings,
    }
    written = write(store, staging, memories, manifest)
    reject_broken_version(store, written)
    store.publish(written, now)  # verifies the files it wrote once more (checksums, rows, vectors), then swaps
    pruned = store.prune(keep_versions)
    rows = RowCounts(**store.manifest(written)["rows"])
    return PublishReport(version=written, parent=store.manifest(written)["parent"], rows=rows, pruned=pruned)


def write_whole_night(
    store: SnapshotStore, staging: StagingArea, memories: pl.DataFrame, manifest: dict[str, Any]
) -> int:
    """The version of a night run by one writer: it writes the shards it touched itself (VersionWriter)."""
    base, shards = base_version(staging), night_shards(staging)
    memories = with_night_vectors(store, base, shards, memories, staging.read_frame("new_vectors"))
    turns, quarantine = _all_turns(store, staging), staging.read_frame("quarantine")
    return store.write_version(
        memories, quarantine, manifest, turns, shards, input_files=manifest["input_files"], base=base
    )


def with_version_stamps(decayed: pl.DataFrame, version: int) -> pl.DataFrame:
    """Decayed memories as `version` records them: new rows recorded in it, rows closed now retired in it."""
    return decayed.with_columns(
        pl.col("recorded_version").fill_null(version),
        # transaction time of retirement: the first version in which the memory was no longer current
        pl.when(is_current())
        .then(None)
        .otherwise(pl.col("retired_version").fill_null(version))
        .alias("retired_version"),
    )


def nothing_new(
    store: SnapshotStore,
    base: int | None,
    inputs: ValidationReport,
    memories: pl.DataFrame,
    decay_day: str | None,
    shards: set[int],
    consumed: dict[str, int],
) -> str:
    """Why this run has nothing to publish (empty when it has): a version identical to its base would only push
    real history out of the retained window. New input files always publish (their quarantine and their
    checksums must be recorded, or every night would read them again), and so do newly consumed access events."""
    if inputs.input_files:
        return ""
    if base is None:
        return "nothing new: no input files and no snapshot yet" if memories.is_empty() else ""
    manifest = store.manifest(base)
    if manifest.get("decay_day") != decay_day or manifest.get("access_consumed", {}) != consumed:
        return ""
    if not same_memories(store.read_memories(base, shards, columns=LIGHT_COLUMNS), memories):
        return ""
    return f"nothing new: no new input files, and the memories and their decay day ({decay_day}) are version {base}'s"


def with_night_vectors(
    store: SnapshotStore, base: int | None, shards: set[int], memories: pl.DataFrame, changed: pl.DataFrame
) -> pl.DataFrame:
    """The staged (vector-less) rows with their vectors: the night's own, else the stored ones, read once here
    (but for those the night changed)."""
    kept = store.read_memories(base, shards, [VECTOR, "memory_id"], where=~among("memory_id", changed["memory_id"]))
    try:
        return with_vectors(memories, changed, kept.select("memory_id", VECTOR))
    except LostVectorError as exc:
        raise VersionRejectedError(
            f"nothing published: {exc}; run the job again from validate: its staged vectors do not match its base "
            f"version {base}"
        ) from exc


def same_memories(stored: pl.DataFrame, fresh: pl.DataFrame) -> bool:
    """The same memory rows, whatever their order (a version is written sorted by tenant only); strengths are
    compared after both were decayed to the same day, so only their anchors can differ."""
    if stored.height != fresh.height:
        return False
    fresh = fresh.select(stored.columns).cast(stored.schema)
    return stored.sort("memory_id").equals(fresh.sort("memory_id"))


def _decay_day(staging: StagingArea) -> str | None:
    """The day the staged strengths were decayed to (None for a run staged before it was recorded)."""
    try:
        return staging.read_json("decay")["day"]
    except FileNotFoundError:
        return None


def base_version(staging: StagingArea) -> int | None:
    """The version the run's validate stage built on (None for the first night)."""
    return staging.read_json("base")["version"]


def require_base_current(store: SnapshotStore, staging: StagingArea) -> None:
    """Compare-and-swap: a version builds on the one its run read, else another writer's memories are lost."""
    if not staging.exists():  # the publish of another run removed this run's hand-off files
        raise VersionRejectedError(
            f"nothing published: {staging.where} is gone because another run published since this one started; "
            "run the job again: its raw files are still unprocessed"
        )
    base, current = base_version(staging), store.current_version()
    if base != current:
        raise VersionRejectedError(
            f"nothing published: this run built on version {base}, but version {current} was published since "
            "(another writer); run the job again: its raw files are still unprocessed"
        )


def reject_broken_version(store: SnapshotStore, version: int) -> None:
    """The shards the version wrote, read back from disk, keep every table invariant (they are per user, and the
    other shards kept them when they were written); else it is never published."""
    written = [int(name) for name in store.manifest(version)["written_shards"]]
    memories = store.read_memories(version, written, columns=LIGHT_COLUMNS)  # publish checks the vectors
    for invariant in table_invariants(with_vectors=False):
        verdict = invariant(memories)
        if not verdict.passed:
            examples = f" (e.g. {', '.join(verdict.examples)})" if verdict.examples else ""
            raise VersionRejectedError(f"version {version} not published: {verdict.summary}{examples}")


def _all_turns(store: SnapshotStore, staging: StagingArea) -> pl.DataFrame:
    """The stored turns plus this night's messages, one row per (agent, user, message id); staged messages had
    their secrets masked by validation (pipelines.ingest.validate)."""
    fresh = staging.read_frame("messages")
    turns = store.read_turns(base_version(staging), night_shards(staging))
    both = pl.concat([turns, fresh.select(turns.columns).cast(turns.schema)])
    return both.unique(MESSAGE_KEY, keep="first", maintain_order=True)


def _embedding_model(store: SnapshotStore, staging: StagingArea) -> dict[str, Any]:
    """The model the vectors were made with (the base's when this run embedded nothing); recall refuses a query
    embedded by another one."""
    try:
        staged = staging.read_json("embedding")
    except FileNotFoundError:
        base = base_version(staging)
        kept = store.manifest(base) if base is not None else {}
        return {key: kept[key] for key in ("embedding_model", "embedding_dim") if key in kept}
    return {"embedding_model": staged["model"], "embedding_dim": staged["dim"]}


def _access_consumed(store: SnapshotStore, staging: StagingArea) -> dict[str, int]:
    try:
        return staging.read_json("access")["consumed"]
    except FileNotFoundError:
        return store.manifest().get("access_consumed", {}) if store.current_version() is not None else {}


def count_rows(memories: pl.DataFrame) -> RowCounts:
    return RowCounts(**row_counts(memories))
