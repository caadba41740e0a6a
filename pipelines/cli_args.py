"""The `memory` command's arguments: every subcommand and flag with its help, and a real call as an example.

The commands themselves are in pipelines.cli; `--store` defaults to $MEMORY_STORE there, so it is optional here.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pipelines.store.location import store_root

DIVERSITY_HELP = (
    "maximal marginal relevance: keep near-identical memories from filling the top k "
    "(λ in (0, 1], e.g. 0.7; off by default)"
)
TIME_FORMS = "ISO 8601: 2026-03-11, 2026-03-11T12:00Z or 2026-03-11T12:00:00+08:00; naive times are UTC"

EXAMPLES = {
    "materialize": [
        "memory materialize --raw data/sample --store .store",
        "memory materialize --raw data/sample --store .store --run-as-of 2026-03-11T02:00:00Z",
        "memory materialize --raw /var/log/agents --store /srv/memory --quiet",
    ],
    "recall": [
        'memory recall --store .store --user u_li --query "我现在住在哪里？" -k 3',
        'memory recall --store .store --user u_li --query "我住在哪里" --as-of 2026-03-02 --kinds fact',
        'MEMORY_STORE=.store memory recall --user u_alice --query "how should answers be formatted?" --json',
    ],
    "history": ["memory history --store .store --user u_li --topic residence"],
    "eval": ["memory eval --store S --questions ../shared/eval/updates-dev/questions.parquet --name updates-dev"],
    "snapshots": ["memory snapshots --store .store", "memory snapshots --store .store --json"],
    "doctor": ["memory doctor --store .store", "memory doctor --store .store --repair"],
    "forget": ["memory forget --store .store --user u_li --agent support_bot"],
    "migrate": ["memory migrate --store .store", "memory migrate --store .store --shards 1024"],
}


def _epilog(command: str) -> str:
    return "examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[command])


def _common() -> argparse.ArgumentParser:
    """The flags every subcommand takes (after its name): the store and how much to say on failure."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--store",
        type=store_root,
        default=None,
        metavar="DIR",
        help="snapshot store folder or s3://bucket/prefix (default: $MEMORY_STORE)",
    )
    common.add_argument(
        "--verbose",
        action="store_true",
        help="on failure also print the traceback (materialize: the Dagster run's log, at MEMORY_LOG_LEVEL)",
    )
    return common


def _json_flag(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--json", action="store_true", help=f"print {what} as JSON instead of text")


def _add_materialize(sub, common: argparse.ArgumentParser) -> None:
    run = _subcommand(sub, common, "materialize", "run the nightly Dagster job in-process on a raw log folder")
    run.add_argument(
        "--raw", required=True, type=Path, metavar="PATH", help="raw session-log Parquet file or folder (recursive)"
    )
    run.add_argument(
        "--extractor",
        default=None,
        choices=["rules", "llm"],
        help="default: MEMORY_EXTRACTOR, else rules; llm: any OpenAI-compatible server, from "
        "MEMORY_LLM_BASE_URL/MODEL/API_KEY",
    )
    run.add_argument(
        "--run-as-of",
        default=None,
        metavar="TIME",
        help=f"replay the night as if run then (decay, recorded_at, publication time); {TIME_FORMS}",
    )
    run.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress on stderr (by default a line redrawn per stage on a terminal, plain log lines "
        "otherwise); the summary and errors still print",
    )


def _add_recall(sub, common: argparse.ArgumentParser) -> None:
    recall = _subcommand(sub, common, "recall", "recall a user's memories for a query")
    recall.add_argument("--user", required=True, help="user id, matched exactly")
    recall.add_argument("--agent", default=None, help="only memories under this agent id (default: every agent)")
    recall.add_argument("--query", required=True, help="the question or text to recall for (zh or en)")
    recall.add_argument("-k", type=int, default=5, help="how many memories to return (default 5)")
    recall.add_argument(
        "--kinds", default=None, help="comma-separated kinds: fact, preference, skill, task, decision, episode"
    )
    recall.add_argument("--as-of", default=None, metavar="TIME", help=f"valid time: what was true then; {TIME_FORMS}")
    recall.add_argument(
        "--min-confidence", type=float, default=None, metavar="C", help="leave out memories below this confidence"
    )
    known = recall.add_mutually_exclusive_group()
    known.add_argument(
        "--version", type=int, default=None, metavar="N", help="transaction time: recall from snapshot version N"
    )
    known.add_argument(
        "--known-at",
        default=None,
        metavar="TIME",
        help=f"transaction time: what the system knew then (the newest version published by then); {TIME_FORMS}",
    )
    recall.add_argument("--diversity", type=float, default=None, metavar="LAMBDA", help=DIVERSITY_HELP)
    _json_flag(recall, "the memories with their score parts")
    recall.add_argument("--prompt", action="store_true", help="print the block to put in a system prompt")


def _add_history(sub, common: argparse.ArgumentParser) -> None:
    history = _subcommand(sub, common, "history", "a topic's timeline: each value, its valid interval, when recorded")
    history.add_argument("--user", required=True, help="user id, matched exactly")
    history.add_argument("--topic", required=True, help="topic slot, e.g. residence, employer, output_format")
    history.add_argument("--agent", default=None, help="only memories under this agent id (default: every agent)")
    history.add_argument("--version", type=int, default=None, metavar="N", help="read version N (default: current)")
    _json_flag(history, "the timeline")


def _add_eval(sub, common: argparse.ArgumentParser) -> None:
    evaluation = _subcommand(
        sub,
        common,
        "eval",
        "score a store on labelled questions: evidence recall@k (shared/eval), or current@1 and stale@3 "
        "when the file has stale_message_ids (updates-dev)",
    )
    evaluation.add_argument("--questions", required=True, type=Path, help="questions Parquet (or .jsonl)")
    evaluation.add_argument("--name", default=None, help="the set's name in the summary line (default: its folder)")
    evaluation.add_argument("-k", default="1,5,10", help="comma-separated cut-offs (default 1,5,10)")
    evaluation.add_argument("--diversity", type=float, default=None, metavar="LAMBDA", help=DIVERSITY_HELP)
    evaluation.add_argument(
        "--users",
        default=None,
        metavar="REGEX",
        help="score only the questions of users whose id the regular expression matches whole (e.g. 'upd-zh-.*', "
        "or half of a set of stories: '.*[13579]')",
    )
    evaluation.add_argument(
        "--failures",
        action="store_true",
        help="knowledge-update sets only: also list every failed probe with its top 3 (E cites evidence, S a "
        "stale message) and its evidence and stale message ids",
    )
    _json_flag(evaluation, "the report")


def _add_store_commands(sub, common: argparse.ArgumentParser) -> None:
    snaps = _subcommand(sub, common, "snapshots", "list snapshot versions (* marks the current one)")
    _json_flag(snaps, "the versions")
    doctor = _subcommand(
        sub, common, "doctor", "check every version against its manifest (one line per problem, exit 2 when unsound)"
    )
    doctor.add_argument(
        "--repair",
        action="store_true",
        help="remove killed writers' temp files, move damaged versions to <store>/damaged/ and point CURRENT at "
        "the newest sound published version (the next run re-reads the raw files it lacks)",
    )
    forget = _subcommand(
        sub,
        common,
        "forget",
        "remove a user from every retained version, staging, caches, backlog and access logs; a tombstone "
        "keeps a re-ingest of the same raw files from bringing them back",
    )
    forget.add_argument("--user", required=True, help="user id, matched exactly")
    forget.add_argument("--agent", default=None, help="only the user's rows under this agent (default: every agent)")
    migrate = _subcommand(
        sub,
        common,
        "migrate",
        "convert a store written before user shards (one file per version): every retained version keeps its "
        "number, history and publication time",
    )
    migrate.add_argument(
        "--shards", type=int, default=None, metavar="N", help="user shards of the store (default: $MEMORY_SHARDS, 256)"
    )


def _subcommand(sub, common: argparse.ArgumentParser, name: str, text: str) -> argparse.ArgumentParser:
    return sub.add_parser(
        name,
        parents=[common],
        help=text,
        description=text,
        epilog=_epilog(name),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def build_parser(version: str) -> argparse.ArgumentParser:
    """The `memory` parser; `version` is what `memory --version` prints."""
    parser = argparse.ArgumentParser(
        prog="memory",
        description="Long-term memory for AI agents (batch ETL + recall). Errors you can fix exit 2 in one line.",
        epilog="run `memory COMMAND --help` for a command's flags and examples",
    )
    parser.add_argument("--version", action="version", version=f"memory {version}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    common = _common()
    for add in (_add_materialize, _add_recall, _add_history, _add_eval, _add_store_commands):
        add(sub, common)
    return parser
