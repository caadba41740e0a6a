"""The `memory` command line: run the nightly job in-process, recall, evaluate, topic history, snapshot versions.

`materialize` runs the very Dagster job the schedule runs (same assets, checks and resources), so the
command line and the UI never diverge; recall and snapshots never import Dagster.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from pipelines.cli_args import build_parser as _build_parser
from pipelines.core.clock import iso_seconds, parse_utc
from pipelines.core.config import EmbedSettings, SettingsError, store_if_set
from pipelines.recall.reader import EmbeddingModelMismatchError, RecalledMemory, memory_label
from pipelines.store.integrity import StoreCorruptError
from pipelines.store.lease import StoreLockedError
from pipelines.store.location import store_root
from pipelines.store.snapshots import SnapshotNotFoundError, SnapshotStore


class CommandError(Exception):
    """A failure the user can fix; printed without a traceback."""


USER_ERRORS = (
    CommandError,
    SettingsError,
    SnapshotNotFoundError,
    StoreCorruptError,
    StoreLockedError,
    EmbeddingModelMismatchError,
)


def _parse_time(flag: str, text: str) -> datetime:
    try:
        return parse_utc(text)
    except ValueError as exc:
        raise CommandError(
            f"{flag} '{text}' is not an ISO time (e.g. 2026-03-11, 2026-03-11T12:00Z or 2026-03-11T12:00:00+08:00)"
        ) from exc


def _store_path(args: argparse.Namespace) -> Path | str:
    """--store, else $MEMORY_STORE (a blank value counts as unset, as for every MEMORY_* setting); an `s3://`
    URI stays text (pipelines.store.location)."""
    if args.store is not None:
        return args.store
    from_env = store_if_set()
    if from_env is None:
        raise CommandError("no store given: pass --store DIR or set MEMORY_STORE")
    return store_root(from_env)


def _existing_store(args: argparse.Namespace) -> SnapshotStore:
    """The store a reading (or forgetting) command works on; a mistyped path is an error, never an empty store
    (`forget` would otherwise leave the user in the real one and a tombstone in a new folder)."""
    root = _store_path(args)
    if isinstance(root, Path) and not root.is_dir():  # an s3:// store says itself when it has no version
        raise CommandError(
            f"{root}: no such store folder; check --store (or MEMORY_STORE), or build one with `memory materialize`"
        )
    return SnapshotStore(root)


def _notice(text: str) -> None:
    """A line for the person at the terminal, beside a correct but empty answer (stdout stays parseable)."""
    print(f"memory: {text}", file=sys.stderr)


def cmd_materialize(args: argparse.Namespace) -> int:
    from assets.run import run_nightly  # the Dagster layer loads only for this command
    from pipelines.ingest.files import RawLogError
    from pipelines.progress import console_display

    store = _store_path(args)
    if args.run_as_of:
        _parse_time("--run-as-of", args.run_as_of)
    try:  # a broken raw file is the user's to fix: one line, exit 2, before the run starts
        _check_raw(args.raw, store)
    except RawLogError as exc:
        raise CommandError(str(exc)) from exc
    with console_display(sys.stderr, quiet=args.quiet) as display:
        report = run_nightly(args.raw, store, args.extractor, args.run_as_of, verbose=args.verbose, display=display)
    if report.user_error:
        raise CommandError(report.error or "the run failed")
    if not report.success:
        print(
            f"memory: {report.describe()}; the previous snapshot stays current "
            "(rerun with --verbose, or open the run in the Dagster UI)",
            file=sys.stderr,
        )
        return 1
    print(report.describe())
    return 0


def _check_raw(raw: Path, store: Path | str) -> None:
    """Refuse a raw path with no Parquet at all (a wrong folder, most likely: exit 2, nothing is run), and read
    every new file as validation will."""
    from pipelines.ingest.files import list_input_files
    from pipelines.nightly import check_new_raw_files

    if not list_input_files(raw):
        raise CommandError(
            f"{raw}: no Parquet files here (searched recursively); point --raw at the folder "
            "your agents write session logs to"
        )
    check_new_raw_files(raw, store)


def _recall_params(diversity: float | None):
    from pipelines.recall.reader import RecallParams

    if diversity is not None and not 0.0 < diversity <= 1.0:
        raise CommandError(
            f"--diversity {diversity} must be in (0, 1]: 1 keeps the ranking, lower trades "
            "relevance for variety (0.7 is a good start)"
        )
    return RecallParams(mmr_lambda=diversity)


def _recall_kinds(given: str | None) -> list[str] | None:
    """`--kinds fact,preference` as a list; a kind that does not exist is an error, not an empty answer."""
    from pipelines.core.schemas import ALL_KINDS

    if not given:
        return None
    kinds = [kind.strip() for kind in given.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in ALL_KINDS]
    if unknown or not kinds:
        raise CommandError(
            f"--kinds {given!r}: {', '.join(unknown) or 'nothing'} is no kind; use {', '.join(ALL_KINDS)}"
        )
    return kinds


def cmd_recall(args: argparse.Namespace) -> int:
    from pipelines.recall.absence import empty_recall_reason
    from pipelines.recall.reader import MemoryReader, format_for_prompt

    if args.k < 1:
        raise CommandError(f"-k {args.k}: ask for at least 1 memory")
    if args.json and args.prompt:
        raise CommandError("--json and --prompt print different things: choose one")
    kinds = _recall_kinds(args.kinds)
    as_of = _parse_time("--as-of", args.as_of) if args.as_of else None
    store = _existing_store(args)
    reader = MemoryReader(store.uri, embedder=_recall_embedder(), params=_recall_params(args.diversity))
    version = args.version
    if args.known_at:
        version = reader.store.version_known_at(_parse_time("--known-at", args.known_at))
    found = reader.recall(
        args.user,
        args.query,
        k=args.k,
        agent_id=args.agent,
        kinds=kinds,
        as_of=as_of,
        min_confidence=args.min_confidence,
        version=version,
    )
    if args.json:
        print(json.dumps([_recall_json(m) for m in found], ensure_ascii=False, indent=2))
    elif args.prompt:
        print(format_for_prompt(found))
    else:
        print("\n".join([_recall_header(args.user, args.query, len(found)), *_recall_lines(found)]))
    if not found:
        _notice(empty_recall_reason(store, version, args.user, args.agent))
    return 0


def _recall_json(memory: RecalledMemory) -> dict[str, Any]:
    """A result as JSON, its times to the second like every time the CLI prints."""
    row = memory.to_json()
    for key in ("valid_from", "valid_to", "expires_at"):
        moment = getattr(memory, key)
        row[key] = iso_seconds(moment) if moment else None
    return row


def _recall_header(user: str, query: str, count: int) -> str:
    return f"recall user={user} query={query!r} ({count} {'memory' if count == 1 else 'memories'})"


def _recall_lines(found: Sequence[RecalledMemory]) -> list[str]:
    """One line per memory, scores right-aligned to four decimals so they read down a column."""
    scores = [f"{m.score:.4f}" for m in found]
    width = max(map(len, scores), default=0)
    return [
        f"  {score:>{width}}  [{memory_label(m)}] {m.content}  "
        f"(since {iso_seconds(m.valid_from)}, from {', '.join(m.source_message_ids)})"
        for score, m in zip(scores, found, strict=True)
    ]


def cmd_history(args: argparse.Namespace) -> int:
    from pipelines.recall.absence import empty_history_reason
    from pipelines.recall.history import format_history, topic_history

    store = _existing_store(args)
    history = topic_history(store, args.user, args.topic, args.agent, args.version)
    if args.json:
        rows = [{key: _json_time(value) for key, value in row.items()} for row in history.to_dicts()]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        print(f"history user={args.user} topic={args.topic}")
        if not history.is_empty():
            print(format_history(history))
    if history.is_empty():
        _notice(empty_history_reason(store, args.version, args.user, args.topic, args.agent))
    return 0


def _json_time(value: Any) -> Any:
    return iso_seconds(value) if isinstance(value, datetime) else value


def _recall_embedder():
    """The remote embedder when the snapshot was embedded remotely (MEMORY_EMBEDDER=openai), else the default."""
    embed = EmbedSettings.from_env()
    if embed.embedder != "openai":
        return None
    from pipelines.embed.remote import RemoteEmbedder

    return RemoteEmbedder(api_key=embed.api_key, **embed.remote_options())


def cmd_snapshots(args: argparse.Namespace) -> int:
    store = _existing_store(args)
    if not store.versions():
        raise SnapshotNotFoundError(f"{store.uri}: no snapshot versions yet; run `memory materialize` first")
    listing = [_version_row(store, version, store.current_version()) for version in store.versions()]
    if args.json:
        print(json.dumps(listing, ensure_ascii=False, indent=2))
    else:
        print("\n".join(_version_table(listing)))
    return 0


def _version_row(store: SnapshotStore, version: int, current: int | None) -> dict[str, Any]:
    manifest = store.manifest(version)
    rows = manifest.get("rows", {})
    created = manifest.get("created_at")
    return {
        "version": version,
        "parent": manifest.get("parent"),
        "created_at": iso_seconds(datetime.fromisoformat(created)) if created else None,
        "rows": rows.get("total"),
        "current_rows": rows.get("current"),
        "superseded": rows.get("superseded"),
        "quarantined": manifest.get("quarantined_this_run", 0),
        "new_files": len(manifest.get("input_files", [])),
        "current": version == current,
        "published_at": (iso_seconds(at) if (at := store.published_at(version)) else None),
    }


def _version_table(listing: list[dict[str, Any]]) -> list[str]:
    """The versions as a table, and what its marks mean."""
    lines = [
        f"{'version':>7} {'parent':>6}  {'created_at':<25}  {'published_at':<25} {'rows':>6} {'current':>7} "
        f"{'new files':>9}"
    ]
    for row in listing:
        mark = "  *" if row["current"] else ""
        parent = row["parent"] if row["parent"] is not None else "-"
        lines.append(
            f"{row['version']:>7} {parent!s:>6}  {row['created_at']!s:<25}  {row['published_at'] or 'never':<25} "
            f"{row['rows']!s:>6} {row['current_rows']!s:>7} {row['new_files']:>9}{mark}"
        )
    lines.append("* the current version: what recall reads (--version N or --known-at TIME read an older one)")
    return lines


def cmd_doctor(args: argparse.Namespace) -> int:
    from pipelines.store.doctor import diagnose, repair

    store = _existing_store(args)
    if args.repair:
        for action in repair(store):
            print(f"repaired: {action}")
    problems = diagnose(store)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{store.uri}: sound (current version {store.current_version()}, {len(store.versions())} versions)")
    return 2 if problems else 0


def cmd_migrate(args: argparse.Namespace) -> int:
    from pipelines.store.migrate import migrate

    store = _existing_store(args)
    actions = migrate(store, args.shards)
    for action in actions:
        print(f"migrated: {action}")
    if not actions:
        print(f"{store.uri}: already in user shards; nothing to migrate")
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    from pipelines.forget import forget_user

    print(forget_user(_existing_store(args).uri, args.user, args.agent).describe())
    return 0


def _parse_ks(text: str) -> list[int]:
    try:
        ks = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError as exc:
        raise CommandError(f"-k '{text}' is not a comma-separated list of positive integers (e.g. 1,5,10)") from exc
    if not ks or ks[0] < 1:
        raise CommandError(f"-k '{text}' must list positive integers (e.g. 1,5,10)")
    return ks


def _of_users(question_set: Any, pattern: str, path: Path) -> Any:
    """The questions of the users `--users` names, or a one-line error: a bad pattern, or no user matched."""
    from pipelines.recall.eval_sets import of_users

    try:
        chosen = of_users(question_set, pattern)
    except re.error as exc:
        raise CommandError(f"--users '{pattern}' is no regular expression: {exc}") from exc
    if chosen.questions.is_empty():
        raise CommandError(f"{path}: no question's user_id matches --users '{pattern}' (matched whole)")
    return chosen


def cmd_eval(args: argparse.Namespace) -> int:
    from pipelines.recall.eval import QuestionFileError
    from pipelines.recall.eval_sets import UPDATES, format_report, read_question_set, score_question_set
    from pipelines.recall.reader import MemoryReader

    ks = _parse_ks(args.k)
    store = _existing_store(args)
    try:
        question_set = read_question_set(args.questions, args.name)
    except QuestionFileError as exc:
        raise CommandError(str(exc)) from exc
    if args.users is not None:
        question_set = _of_users(question_set, args.users, args.questions)
    if args.failures and question_set.protocol != UPDATES:
        raise CommandError(
            f"{args.questions}: --failures lists failed probes of knowledge-update sets only (a file "
            "with stale_message_ids)"
        )
    reader = MemoryReader(store.uri, params=_recall_params(args.diversity), record_access=False)
    report = score_question_set(reader, question_set, ks, args.failures)
    print(json.dumps(report, ensure_ascii=False) if args.json else format_report(report))
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "materialize": cmd_materialize,
    "recall": cmd_recall,
    "history": cmd_history,
    "eval": cmd_eval,
    "snapshots": cmd_snapshots,
    "doctor": cmd_doctor,
    "forget": cmd_forget,
    "migrate": cmd_migrate,
}


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("agent-memory")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    """The `memory` parser (pipelines.cli_args), with the installed version for `--version`."""
    return _build_parser(_package_version())


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = COMMANDS[args.command](args)
        sys.stdout.flush()  # inside the try: a reader that left shows here, not at interpreter exit
        return status
    except BrokenPipeError:
        # the reader of our output left (`memory recall ... | head`): nothing is wrong, stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except USER_ERRORS as exc:
        if args.verbose:
            traceback.print_exc()
        print(f"memory: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
