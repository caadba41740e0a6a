"""Evidence recall of a store against labelled questions (the protocol of shared/eval/README.md).

For each question of category 1-4 with evidence: recall the user's top k as of `asked_at`; R@k is the share
of evidence message ids in the union of the k memories' provenance; chars@10 the content length of the top 10.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.core.clock import utc
from pipelines.recall.reader import MemoryReader

SCORED_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
QUESTION_COLUMNS = ("user_id", "question_id", "question", "category", "evidence_message_ids", "asked_at")
CHARS_AT = 10


class QuestionFileError(ValueError):
    """The questions file cannot be read as the protocol's table."""


@dataclass
class Tally:
    """Sums over scored questions; figures are means."""

    ks: tuple[int, ...]
    questions: int = 0
    recall_sums: dict[int, float] = field(default_factory=dict)
    chars_sum: int = 0

    def add(self, recalls: dict[int, float], chars: int) -> None:
        self.questions += 1
        for k, value in recalls.items():
            self.recall_sums[k] = self.recall_sums.get(k, 0.0) + value
        self.chars_sum += chars

    def figures(self) -> dict[str, Any]:
        n = max(self.questions, 1)
        out: dict[str, Any] = {"questions": self.questions}
        out.update({f"R@{k}": round(self.recall_sums.get(k, 0.0) / n, 4) for k in self.ks})
        out[f"chars@{CHARS_AT}"] = round(self.chars_sum / n, 1)
        return out


def read_question_table(path: Path | str) -> pl.DataFrame:
    """Every row of a questions Parquet (or JSON lines) file, as stored."""
    path = Path(path)
    try:
        return pl.read_ndjson(path) if path.suffix in {".jsonl", ".ndjson"} else pl.read_parquet(path)
    except (OSError, pl.exceptions.PolarsError) as exc:
        raise QuestionFileError(f"{path}: cannot read questions ({exc}); give a Parquet or .jsonl file") from exc


def require_columns(frame: pl.DataFrame, columns: Sequence[str], path: Path | str, readme: str) -> None:
    """Raise QuestionFileError naming the file and the missing columns."""
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise QuestionFileError(f"{path}: missing column(s) {', '.join(missing)}; see {readme}")


def parse_times(frame: pl.DataFrame, column: str) -> pl.DataFrame:
    """`column` as timestamps: JSON lines carry ISO strings (naive ones are UTC, as the raw contract says)."""
    if frame.schema[column] == pl.String:
        return frame.with_columns(pl.col(column).str.to_datetime(time_zone="UTC"))
    return frame


def read_questions(path: Path | str) -> pl.DataFrame:
    """The scored questions of a Parquet (or JSON lines) file: categories 1-4 with at least one evidence id."""
    return scored_questions(read_question_table(path), path)


def scored_questions(frame: pl.DataFrame, path: Path | str) -> pl.DataFrame:
    """The rows of a question table the LoCoMo protocol scores: categories 1-4 with at least one evidence id."""
    require_columns(frame, QUESTION_COLUMNS, path, "shared/eval/README.md")
    frame = parse_times(frame, "asked_at")
    return frame.filter(
        pl.col("category").is_in(list(SCORED_CATEGORIES)) & (pl.col("evidence_message_ids").list.len() > 0)
    ).sort("question_id")


def question_recall(evidence: Sequence[str], retrieved: Sequence[Sequence[str]], k: int) -> float:
    """|evidence ∩ provenance of the top k| / |evidence|."""
    wanted = set(evidence)
    found = {message_id for ids in retrieved[:k] for message_id in ids}
    return len(wanted & found) / len(wanted)


def evaluate(reader: MemoryReader, questions: pl.DataFrame, ks: Sequence[int] = (1, 5, 10)) -> dict[str, Any]:
    """Overall and per-category figures: {"questions", "R@k"..., "chars@10", "per_category": {...}}."""
    ks = tuple(sorted(set(ks)))
    depth = max(*ks, CHARS_AT)
    overall = Tally(ks)
    per_category = {c: Tally(ks) for c in SCORED_CATEGORIES}
    for row in questions.iter_rows(named=True):
        asked_at = row["asked_at"]
        asked_at = utc(asked_at)
        found = reader.recall(row["user_id"], row["question"], k=depth, as_of=asked_at)
        provenance = [m.source_message_ids for m in found]
        recalls = {k: question_recall(row["evidence_message_ids"], provenance, k) for k in ks}
        chars = sum(len(m.content) for m in found[:CHARS_AT])
        overall.add(recalls, chars)
        per_category[row["category"]].add(recalls, chars)
    report = overall.figures()
    report["per_category"] = {
        f"{c}:{name}": per_category[c].figures() for c, name in SCORED_CATEGORIES.items() if per_category[c].questions
    }
    return report


def format_table(report: dict[str, Any]) -> str:
    """A plain-text table: one line for all questions, one per category."""
    metrics = [key for key in report if key.startswith("R@")] + [f"chars@{CHARS_AT}"]
    lines = [f"{'questions':<18} {'n':>5} " + " ".join(f"{m:>9}" for m in metrics)]
    rows = [("all", report), *report["per_category"].items()]
    for name, figures in rows:
        lines.append(f"{name:<18} {figures['questions']:>5} " + " ".join(f"{figures[m]:>9}" for m in metrics))
    return "\n".join(lines)
