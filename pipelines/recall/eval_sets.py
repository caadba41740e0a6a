"""Which protocol scores a questions file (read from the columns it has), and the one-line summary per set.

Files with `stale_message_ids` (updates-dev) are scored by current@1 and stale@3; the others (locomo-dev,
memorybank-dev) by evidence R@k and chars@10. The summary line is what to compare across commits.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.recall import eval as locomo
from pipelines.recall import eval_updates as updates
from pipelines.recall.eval_failures import format_misses
from pipelines.recall.reader import MemoryReader

LOCOMO = "locomo"
UPDATES = "updates"
PROTOCOL_TEXT = {
    LOCOMO: "evidence R@k and chars@10, categories 1-4, as of asked_at (shared/eval/README.md)",
    UPDATES: f"current@1 and stale@{updates.TOP_K} of the top {updates.TOP_K}, as of as_of, else now "
    f"({updates.README})",
}


@dataclass(frozen=True)
class QuestionSet:
    """The questions a protocol scores, and the set's name for the summary line."""

    name: str
    protocol: str
    questions: pl.DataFrame


def read_question_set(path: Path | str, name: str | None = None) -> QuestionSet:
    """The file's scored questions under the protocol its columns call for; the name defaults to its folder."""
    path = Path(path)
    table = locomo.read_question_table(path)
    set_name = name or path.resolve().parent.name
    if "stale_message_ids" in table.columns:
        return QuestionSet(set_name, UPDATES, updates.read_probes(table, path))
    return QuestionSet(set_name, LOCOMO, locomo.scored_questions(table, path))


def of_users(question_set: QuestionSet, pattern: str) -> QuestionSet:
    """The set's questions of the users whose id `pattern` (a regular expression) matches whole: half of a set of
    stories ("upd8-.*[13579]"), one language ("upd-zh-.*"). Raises re.error for a bad pattern."""
    chosen = re.compile(pattern)
    users = [user for user in question_set.questions["user_id"].unique().to_list() if chosen.fullmatch(user)]
    return replace(question_set, questions=question_set.questions.filter(pl.col("user_id").is_in(users)))


def score_question_set(
    reader: MemoryReader, question_set: QuestionSet, ks: Sequence[int], failures: bool = False
) -> dict[str, Any]:
    """The protocol's report, headed by the set's name and protocol and ending with its summary line; `failures`
    (knowledge-update sets only) adds every failed probe with its top 3."""
    if question_set.protocol == UPDATES:
        figures = updates.evaluate_updates(reader, question_set.questions, ks, failures)
    else:
        figures = locomo.evaluate(reader, question_set.questions, ks)
    report = {"set": question_set.name, "protocol": question_set.protocol, **figures}
    report["summary"] = summary_line(report)
    return report


def summary_line(report: dict[str, Any]) -> str:
    """`eval set=<name> questions=<n> <figure>=<value> ...`: current@1 and stale@3, or R@k and chars@10."""
    if report["protocol"] == UPDATES:
        metrics = ["current@1", f"stale@{updates.TOP_K}"]
    else:
        metrics = [key for key in report if key.startswith("R@")] + [f"chars@{locomo.CHARS_AT}"]
    values = " ".join(f"{m}={report[m]:.0f}" if m.startswith("chars@") else f"{m}={report[m]:.3f}" for m in metrics)
    return f"eval set={report['set']} questions={report['questions']} {values}"


def format_report(report: dict[str, Any]) -> str:
    """The protocol line, the protocol's table, then the summary line."""
    table = updates.format_updates_table(report) if report["protocol"] == UPDATES else locomo.format_table(report)
    header = f"set={report['set']} protocol={report['protocol']}: {PROTOCOL_TEXT[report['protocol']]}"
    misses = f"{format_misses(report['failures'])}\n" if "failures" in report else ""
    return f"{header}\n{table}\n{misses}{report['summary']}"
