"""The `memory` command line: run the nightly job in-process, recall, evaluate, topic history, snapshot versions.

`materialize` runs the very Dagster job the schedule runs (same assets, checks and resources), so the
command line and the UI never diverge; recall and snapshots never import Dagster.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from pipelines.core.clock import parse_utc
from pipelines.core.config import EmbedSettings, SettingsError
from pipelines.recall.reader import EmbeddingModelMismatchError, memory_label
from pipelines.store.integrity import StoreCorruptError
from pipelines.store.lease import StoreLockedError
from pipelines.store.snapshots import SnapshotNotFoundError, SnapshotStore


class CommandError(Exception):
    """A failure the user can fix; printed without a traceback."""


def _parse_time(text: str) -> datetime:
    try:
        return parse_utc(text)
    except ValueError as exc:
        raise CommandError(
            f"--as-of '{text}' is not an ISO timestamp (e.g. 2026-03-02 or 2026-03-02T12:00:00+08:00)"
        ) from exc


def cmd_materialize(args: argparse.Namespace) -> int:
    from assets.run import run_nightly  # the Dagster layer loads only for this command
    from pipelines.ingest.files import RawLogError
    from pipelines.nightly import check_new_raw_files

    try:  # a broken raw file is the user's to fix: one line, exit 2, before the run starts
        check_new_raw_files(args.raw, args.store)
    except RawLogError as exc:
        raise CommandError(str(exc)) from exc
    report = run_nightly(raw=args.raw, store=args.store, extractor=args.extractor, run_as_of=args.run_as_of)
    if report.user_error:
        raise CommandError(report.error or "the run failed")
    print(report.describe())
    return 0 if report.success else 1


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
    from pipelines.recall.reader import MemoryReader, format_for_prompt

    if args.k < 1:
        raise CommandError(f"-k {args.k}: ask for at least 1 memory")
    if args.json and args.prompt:
        raise CommandError("--json and --prompt print different things: choose one")
    kinds = _recall_kinds(args.kinds)
    reader = MemoryReader(args.store, embedder=_recall_embedder(), params=_recall_params(args.diversity))
    as_of = _parse_time(args.as_of) if args.as_of else None
    version = args.version
    if args.known_at:
        version = reader.store.version_known_at(_parse_time(args.known_at))
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
        print(json.dumps([m.to_json() for m in found], ensure_ascii=False, indent=2))
    elif args.prompt:
        print(format_for_prompt(found))
    else:
        print(f"recall user={args.user} query={args.query!r} ({len(found)} memories)")
        for m in found:
            print(
                f"  {m.score:.3g}  [{memory_label(m)}] {m.content}  "
                f"(since {m.valid_from:%Y-%m-%d}, from {', '.join(m.source_message_ids)})"
            )
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from pipelines.recall.history import format_history, topic_history

    history = topic_history(SnapshotStore(args.store), args.user, args.topic, args.agent, args.version)
    if args.json:
        print(json.dumps(history.to_dicts(), ensure_ascii=False, indent=2, default=str))
    else:
        print(f"history user={args.user} topic={args.topic}")
        print(format_history(history))
    return 0


def _recall_embedder():
    """The remote embedder when the snapshot was embedded remotely (MEMORY_EMBEDDER=openai), else the default."""
    embed = EmbedSettings.from_env()
    if embed.embedder != "openai":
        return None
    from pipelines.embed.remote import RemoteEmbedder

    return RemoteEmbedder(api_key=embed.api_key, **embed.remote_options())


def cmd_snapshots(args: argparse.Namespace) -> int:
    store = SnapshotStore(args.store)
    current = store.current_version()
    listing = []
    for version in store.versions():
        manifest = store.manifest(version)
        rows = manifest.get("rows", {})
        listing.append(
            {
                "version": version,
                "parent": manifest.get("parent"),
                "created_at": manifest.get("created_at"),
                "rows": rows.get("total"),
                "current_rows": rows.get("current"),
                "superseded": rows.get("superseded"),
                "quarantined": manifest.get("quarantined_this_run", 0),
                "new_files": len(manifest.get("input_files", [])),
                "current": version == current,
                "published_at": (at.isoformat() if (at := store.published_at(version)) else None),
            }
        )
    if args.json:
        print(json.dumps(listing, ensure_ascii=False, indent=2))
        return 0
    print(f"{'version':>8} {'parent':>7}  {'created_at':<32} {'rows':>6} {'current':>8} {'new files':>9}")
    for row in listing:
        mark = " *" if row["current"] else ("" if row["published_at"] else "  (never published)")
        print(
            f"{row['version']:>8} {row['parent']!s:>7}  {row['created_at']!s:<32} {row['rows']!s:>6} "
            f"{row['current_rows']!s:>8} {row['new_files']:>9}{mark}"
        )
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    from pipelines.store.doctor import diagnose, repair

    store = SnapshotStore(args.store)
    if args.repair:
        for action in repair(store):
            print(f"repaired: {action}")
    problems = diagnose(store)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{store.root}: sound (current version {store.current_version()}, {len(store.versions())} versions)")
    return 2 if problems else 0


def cmd_forget(args: argparse.Namespace) -> int:
    from pipelines.forget import forget_user

    print(forget_user(args.store, args.user, args.agent).describe())
    return 0


def _parse_ks(text: str) -> list[int]:
    try:
        ks = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError as exc:
        raise CommandError(f"-k '{text}' is not a comma-separated list of positive integers (e.g. 1,5,10)") from exc
    if not ks or ks[0] < 1:
        raise CommandError(f"-k '{text}' must list positive integers (e.g. 1,5,10)")
    return ks


def cmd_eval(args: argparse.Namespace) -> int:
    from pipelines.recall.eval import QuestionFileError
    from pipelines.recall.eval_sets import format_report, read_question_set, score_question_set
    from pipelines.recall.reader import MemoryReader

    ks = _parse_ks(args.k)
    try:
        question_set = read_question_set(args.questions, args.name)
    except QuestionFileError as exc:
        raise CommandError(str(exc)) from exc
    reader = MemoryReader(args.store, params=_recall_params(args.diversity), record_access=False)
    report = score_question_set(reader, question_set, ks)
    print(json.dumps(report, ensure_ascii=False) if args.json else format_report(report))
    return 0


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("agent-memory")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


DIVERSITY_HELP = (
    "maximal marginal relevance: keep near-identical memories from filling the top k "
    "(λ in (0, 1], e.g. 0.7; off by default)"
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="memory", description="Long-term memory for AI agents (batch ETL + recall).")
    parser.add_argument("--version", action="version", version=f"memory {_package_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("materialize", help="run the nightly Dagster job in-process on a raw log folder")
    run.add_argument("--raw", required=True, type=Path, help="raw session-log Parquet file or folder")
    run.add_argument("--store", required=True, type=Path, help="snapshot store folder")
    run.add_argument(
        "--extractor",
        default=None,
        choices=["rules", "llm"],
        help="default: MEMORY_EXTRACTOR, else rules; llm: any OpenAI-compatible server, from "
        "MEMORY_LLM_BASE_URL/MODEL/API_KEY",
    )
    run.add_argument("--run-as-of", default=None, help="replay the run as if at this ISO time (decay, recorded_at)")
    run.set_defaults(func=cmd_materialize)

    recall = sub.add_parser("recall", help="recall a user's memories for a query")
    recall.add_argument("--store", required=True, type=Path)
    recall.add_argument("--user", required=True)
    recall.add_argument("--agent", default=None)
    recall.add_argument("--query", required=True)
    recall.add_argument("-k", type=int, default=5)
    recall.add_argument("--kinds", default=None, help="comma-separated kinds, e.g. fact,preference")
    recall.add_argument("--as-of", default=None, help="valid time: what was true at this ISO time")
    recall.add_argument("--min-confidence", type=float, default=None)
    known = recall.add_mutually_exclusive_group()
    known.add_argument("--version", type=int, default=None, help="transaction time: recall from this snapshot version")
    known.add_argument("--known-at", default=None, help="transaction time: what the system knew at this ISO time")
    recall.add_argument("--diversity", type=float, default=None, metavar="LAMBDA", help=DIVERSITY_HELP)
    recall.add_argument("--json", action="store_true")
    recall.add_argument("--prompt", action="store_true", help="print the block to put in a system prompt")
    recall.set_defaults(func=cmd_recall)

    history = sub.add_parser("history", help="a topic's timeline: each value, its valid interval, when recorded")
    history.add_argument("--store", required=True, type=Path)
    history.add_argument("--user", required=True)
    history.add_argument("--topic", required=True)
    history.add_argument("--agent", default=None)
    history.add_argument("--version", type=int, default=None)
    history.add_argument("--json", action="store_true")
    history.set_defaults(func=cmd_history)

    evaluation = sub.add_parser(
        "eval",
        help="score a store on labelled questions: evidence recall@k (shared/eval), or current@1 and stale@3 "
        "when the file has stale_message_ids (updates-dev)",
    )
    evaluation.add_argument("--store", required=True, type=Path)
    evaluation.add_argument("--questions", required=True, type=Path, help="questions Parquet (or .jsonl)")
    evaluation.add_argument("--name", default=None, help="the set's name in the summary line (default: its folder)")
    evaluation.add_argument("-k", default="1,5,10", help="comma-separated cut-offs (default 1,5,10)")
    evaluation.add_argument("--diversity", type=float, default=None, metavar="LAMBDA", help=DIVERSITY_HELP)
    evaluation.add_argument("--json", action="store_true")
    evaluation.set_defaults(func=cmd_eval)

    snaps = sub.add_parser("snapshots", help="list snapshot versions")
    snaps.add_argument("--store", required=True, type=Path)
    snaps.add_argument("--json", action="store_true")
    snaps.set_defaults(func=cmd_snapshots)

    doctor = sub.add_parser(
        "doctor", help="check every version against its manifest (one line per problem, exit 2 when unsound)"
    )
    doctor.add_argument("--store", required=True, type=Path)
    doctor.add_argument(
        "--repair",
        action="store_true",
        help="remove killed writers' temp files, move damaged versions to <store>/damaged/ and point CURRENT at "
        "the newest sound published version (the next run re-reads the raw files it lacks)",
    )
    doctor.set_defaults(func=cmd_doctor)

    forget = sub.add_parser(
        "forget",
        help="remove a user from every retained version, staging, caches, backlog and access logs; a tombstone "
        "keeps a re-ingest of the same raw files from bringing them back",
    )
    forget.add_argument("--store", required=True, type=Path)
    forget.add_argument("--user", required=True)
    forget.add_argument("--agent", default=None, help="only the user's rows under this agent (default: every agent)")
    forget.set_defaults(func=cmd_forget)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = args.func(args)
        sys.stdout.flush()  # inside the try: a reader that left shows here, not at interpreter exit
        return status
    except BrokenPipeError:
        # the reader of our output left (`memory recall ... | head`): nothing is wrong, stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (
        CommandError,
        SettingsError,
        SnapshotNotFoundError,
        StoreCorruptError,
        StoreLockedError,
        EmbeddingModelMismatchError,
    ) as exc:
        print(f"memory: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
