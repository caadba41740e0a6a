"""What each nightly stage reports: the figures an operator scans for, typed so callers cannot misspell them.

`figures()` flattens a report into scalar name → value pairs (Dagster metadata, log lines).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from pipelines.ingest.files import InputFile

Scalar = int | float | str


def _scalars(report: object, prefix: str = "") -> dict[str, Scalar]:
    found: dict[str, Scalar] = {}
    for item in fields(report):  # type: ignore[arg-type]
        value = getattr(report, item.name)
        if isinstance(value, (int, float, str)) and not isinstance(value, bool):
            found[f"{prefix}{item.name}"] = value
    return found


@dataclass(frozen=True)
class ValidationReport:
    """The validate stage: which files were read, and where every row went."""

    input_files: list[InputFile]
    files_skipped: int
    rows_in: int
    messages: int
    duplicate_rows: int
    quarantined: int
    forgotten_rows: int = 0  # rows of forgotten users (pipelines.store.tombstones), dropped before validation

    def figures(self) -> dict[str, Scalar]:
        return {**_scalars(self), "new_files": len(self.input_files)}

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ValidationReport:
        return cls(**{**data, "input_files": [InputFile(**f) for f in data["input_files"]]})


@dataclass
class LLMRunStats:
    """One night of the LLM extractor: model calls vs cache, tokens, and what failed or waits."""

    sessions: int = 0
    sessions_to_model: int = 0
    sessions_from_cache: int = 0
    windows: int = 0
    windows_from_cache: int = 0
    windows_to_model: int = 0
    windows_without_user_text: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    http_calls: int = 0
    http_retries: int = 0
    invalid_answers: int = 0
    rejected_memories: int = 0
    quarantined: int = 0
    deferred: int = 0
    recovered_from_backlog: int = 0
    backlog: int = 0
    rejection_examples: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ExtractionReport:
    messages: int
    candidates: int
    per_kind: dict[str, int]
    messages_extracted: int
    messages_no_memory: int
    embedding_cache_hits: int
    embedded: int
    extractor: str
    embedder: str
    llm: LLMRunStats | None = None

    def figures(self) -> dict[str, Scalar]:
        kinds = {f"kind/{kind}": count for kind, count in self.per_kind.items()}
        llm = _scalars(self.llm, "llm/") if self.llm else {}
        return {**_scalars(self), **kinds, **llm}


@dataclass(frozen=True)
class ResolutionReport:
    previous_rows: int
    candidates: int
    new_memories: int
    collapsed_duplicates: int
    rows: int
    superseded: int
    merged_restatements: int
    current: int

    def figures(self) -> dict[str, Scalar]:
        return _scalars(self)


@dataclass(frozen=True)
class DecayReport:
    rows: int
    today: str
    mean_strength: float
    at_floor: int
    access_events: int
    memories_accessed: int

    def figures(self) -> dict[str, Scalar]:
        return _scalars(self)


@dataclass(frozen=True)
class RowCounts:
    """A version's memory table at a glance (also written into its manifest as `rows`)."""

    total: int
    current: int
    superseded: int
    per_kind: dict[str, int]  # current memories per kind

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class PublishReport:
    """The publish stage: the version readers see after it, and whether this run wrote it."""

    version: int | None  # None only when nothing was ever published (a first night without input)
    parent: int | None
    rows: RowCounts
    pruned: list[int]
    published: bool = True
    reason: str = ""  # why nothing was published (empty when it was)
