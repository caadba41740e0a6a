"""Knowledge-update scoring of a store (the protocol of shared/eval/updates-dev/README.md).

current@1 and stale@3 of each probe's top 3, recalled as of its `as_of` or else now; means overall, per
category, per language and per category × language, with evidence R@k and chars@10 beside them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.core.clock import utc
from pipelines.core.timeline import on_timeline
from pipelines.recall.eval import CHARS_AT, QuestionFileError, Tally, parse_times, question_recall, require_columns
from pipelines.recall.eval_failures import probe_miss
from pipelines.recall.reader import MemoryReader

PROBE_COLUMNS = ("user_id", "question_id", "question", "category", "evidence_message_ids", "stale_message_ids")
# The README recalls every story through the one agent its log was written with; a questions file may name
# another per probe in an `agent_id` column.
STORY_AGENT = "assistant-1"
TOP_K = 3
# The README's order of categories; others a file may add follow in alphabetical order.
CATEGORIES = ("update", "retraction", "distractor", "multi_valued", "late_arrival", "as_of")
# `upd-<lang>-<nnn>`: the story's language is the user id's middle part.
LANGUAGE_PATTERN = r"^[^-]+-([a-z]{2})-[^-]+$"
README = "shared/eval/updates-dev/README.md"


def current_at_1(evidence: Iterable[str], stale: Iterable[str], provenance: Sequence[Sequence[str]]) -> int:
    """1 when the first result cites an evidence message and no stale one; 0 without a first result."""
    if not provenance:
        return 0
    first = set(provenance[0])
    return int(bool(first & set(evidence)) and not first & set(stale))


def stale_at_k(stale: Iterable[str], provenance: Sequence[Sequence[str]], k: int = TOP_K) -> int:
    """1 when any of the top k results cites a stale message (a memory counts through all it cites)."""
    wanted = set(stale)
    return int(any(wanted & set(ids) for ids in provenance[:k]))


def read_probes(frame: pl.DataFrame, path: Path | str) -> pl.DataFrame:
    """Every probe of a question table (none is excluded), with `as_of` parsed and the story's `language`."""
    require_columns(frame, PROBE_COLUMNS, path, README)
    frame = parse_times(frame, "as_of") if "as_of" in frame.columns else frame.with_columns(as_of=pl.lit(None))
    frame = frame.with_columns(language=pl.col("user_id").str.extract(LANGUAGE_PATTERN))
    unnamed = frame.filter(pl.col("language").is_null())
    if unnamed.height:
        first = unnamed.row(0, named=True)
        raise QuestionFileError(
            f"{path}: probe {first['question_id']}: user_id '{first['user_id']}' does not name the story's "
            f"language (upd-<lang>-<nnn>, e.g. upd-en-001); see {README}"
        )
    return frame.sort("question_id")


@dataclass
class UpdateTally:
    """Sums over probes; figures are means (R@k over the probes that have evidence)."""

    ks: tuple[int, ...]
    questions: int = 0
    current: int = 0
    stale: int = 0
    evidence: Tally = field(init=False)

    def __post_init__(self) -> None:
        self.evidence = Tally(self.ks)

    def add(self, current: int, stale: int, recalls: dict[int, float] | None, chars: int) -> None:
        self.questions += 1
        self.current += current
        self.stale += stale
        if recalls is not None:
            self.evidence.add(recalls, chars)

    def figures(self) -> dict[str, Any]:
        n = max(self.questions, 1)
        out: dict[str, Any] = {
            "questions": self.questions,
            "current@1": round(self.current / n, 4),
            f"stale@{TOP_K}": round(self.stale / n, 4),
        }
        out.update({key: value for key, value in self.evidence.figures().items() if key != "questions"})
        return out


def _recall_time(as_of: datetime | None) -> datetime | None:
    # README: "as of `as_of` (valid time) when it is set, otherwise the current state" — None is now
    # (the current state), not `asked_at`, which only says the probe comes after the story's last message.
    return utc(as_of) if as_of is not None else None


def evaluate_updates(
    reader: MemoryReader, probes: pl.DataFrame, ks: Sequence[int] = (1, 5, 10), failures: bool = False
) -> dict[str, Any]:
    """{"questions", "current@1", "stale@3", "R@k"..., "chars@10", "per_category", "per_language",
    "per_category_language", "distractors"}; the groups' keys are `update`, `en`, `update:en`. With `failures`,
    also "failures": every failed probe with its top 3 (pipelines.recall.eval_failures)."""
    ks = tuple(sorted(set(ks)))
    depth = max(*ks, CHARS_AT)
    overall = UpdateTally(ks)
    per_category: defaultdict[str, UpdateTally] = defaultdict(lambda: UpdateTally(ks))
    per_language: defaultdict[str, UpdateTally] = defaultdict(lambda: UpdateTally(ks))
    per_pair: defaultdict[str, UpdateTally] = defaultdict(lambda: UpdateTally(ks))
    misses: list[dict[str, Any]] = []
    version = reader.store.require_version()  # one snapshot for every probe, even if a run publishes meanwhile
    for row in probes.iter_rows(named=True):
        user, agent, at = row["user_id"], row.get("agent_id") or STORY_AGENT, _recall_time(row["as_of"])
        # The metrics read the top 3 of a k=3 recall as the README says (with MMR on, a deeper recall's first
        # three can differ); evidence R@k and chars@10 come from a second, deeper recall. The query is
        # embedded once for both: embedding costs more than the recalls.
        vector = reader.query_vector(row["question"], version)
        found = reader.recall(user, row["question"], TOP_K, agent, as_of=at, version=version, query_vector=vector)
        top = [m.source_message_ids for m in found]
        deep = reader.recall(user, row["question"], depth, agent, as_of=at, version=version, query_vector=vector)
        evidence, stale = row["evidence_message_ids"] or [], row["stale_message_ids"] or []
        provenance = [m.source_message_ids for m in deep]
        recalls = {k: question_recall(evidence, provenance, k) for k in ks} if evidence else None
        scores = (current_at_1(evidence, stale, top), stale_at_k(stale, top), recalls)
        if failures and (scores[0] == 0 or scores[1] == 1):
            misses.append(probe_miss(row, found, evidence, stale))
        chars = sum(len(m.content) for m in deep[:CHARS_AT])
        category, language = row["category"], row["language"]
        for tally in (overall, per_category[category], per_language[language], per_pair[f"{category}:{language}"]):
            tally.add(*scores, chars)
    audit = distractor_audit(reader.store.read_memories(version), probes)
    categories, languages = _categories(probes), sorted(per_language)
    pairs = [f"{c}:{lang}" for c in categories for lang in languages if f"{c}:{lang}" in per_pair]
    return {
        **overall.figures(),
        "per_category": {c: per_category[c].figures() for c in categories},
        "per_language": {lang: per_language[lang].figures() for lang in languages},
        "per_category_language": {pair: per_pair[pair].figures() for pair in pairs},
        "distractors": audit,
        **({"failures": misses} if failures else {}),
    }


def distractor_audit(memories: pl.DataFrame, probes: pl.DataFrame) -> dict[str, int]:
    """What the distractor messages (the stale messages of `distractor` probes) did to the store: how many became
    a statement on a single-valued topic, how many only a tentative one, and how many closed an older value
    (a false supersession)."""
    distractors = (
        probes.filter(pl.col("category") == "distractor")
        .select("user_id", pl.col("stale_message_ids").alias("message_id"))
        .explode("message_id")
        .drop_nulls()
        .unique()
    )
    cited = memories.filter(pl.col("agent_id") == STORY_AGENT).explode("source_message_ids")
    made = cited.join(distractors, left_on=["user_id", "source_message_ids"], right_on=["user_id", "message_id"])
    statements = made.filter(on_timeline())
    closed = memories.filter(pl.col("superseded_by").is_in(made["memory_id"].implode()))
    return {
        "messages": distractors.height,
        "statements": statements.select("user_id", "source_message_ids").unique().height,
        "tentative": made.filter(pl.col("mood") == "tentative").select("user_id", "source_message_ids").unique().height,
        "closed_older": closed.height,
    }


def _categories(probes: pl.DataFrame) -> list[str]:
    present = set(probes["category"].to_list())
    return [c for c in CATEGORIES if c in present] + sorted(present - set(CATEGORIES))


def format_updates_table(report: dict[str, Any]) -> str:
    """A plain-text table: all probes, then per category, per language and per category × language."""
    metrics = [key for key in report if key in {"current@1", f"stale@{TOP_K}", f"chars@{CHARS_AT}"} or key[:2] == "R@"]
    lines = [f"{'probes':<24} {'n':>5} " + " ".join(f"{m:>9}" for m in metrics)]
    groups = ("per_category", "per_language", "per_category_language")
    rows = [("all", report), *((name, figures) for group in groups for name, figures in report[group].items())]
    for name, figures in rows:
        lines.append(f"{name:<24} {figures['questions']:>5} " + " ".join(f"{figures[m]:>9}" for m in metrics))
    audit = report.get("distractors")
    if audit:
        lines.append(
            f"distractor messages {audit['messages']}: {audit['statements']} became a statement, "
            f"{audit['tentative']} a tentative one, {audit['closed_older']} closed an older value"
        )
    return "\n".join(lines)
