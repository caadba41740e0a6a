"""Dagster resources: where the store and raw log live, which extractor and embedder run, and the knobs.

Everything the pipeline needs from the outside world is configured here and nowhere else.
"""

from datetime import date, datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import dagster as dg

from pipelines.decay import DecayParams
from pipelines.embedding import E5Embedder, Embedder
from pipelines.extraction import Extractor
from pipelines.ingest import IngestDefaults
from pipelines.merge import MergeParams
from pipelines.resolution import ResolutionParams


class MemoryStoreResource(dg.ConfigurableResource):
    """The snapshot store folder (only the batch job writes it) and how many versions to keep."""

    root: str
    keep_versions: int = 14

    @property
    def path(self) -> Path:
        return Path(self.root)


class RawLogResource(dg.ConfigurableResource):
    """Where the chat framework drops session-log Parquet, and defaults for columns it may omit."""

    path: str
    default_agent_id: str = "default_agent"
    default_user_id: str = "default_user"
    default_source: str = "chat"

    def defaults(self) -> IngestDefaults:
        return IngestDefaults(self.default_agent_id, self.default_user_id, self.default_source)


class ExtractorResource(dg.ConfigurableResource):
    """Which extractor turns sessions into memories: `rules` (offline default)."""

    kind: str = "rules"

    def build(self) -> Extractor:
        if self.kind == "rules":
            from pipelines.rules_extractor import RulesExtractor

            return RulesExtractor()
        raise ValueError(f"unknown extractor '{self.kind}'; choose 'rules'")


class EmbedderResource(dg.ConfigurableResource):
    """Which embedder vectorises memories: `e5` (bundled multilingual-e5-small, offline)."""

    kind: str = "e5"

    def build(self) -> Embedder:
        if self.kind == "e5":
            return E5Embedder()
        raise ValueError(f"unknown embedder '{self.kind}'; choose 'e5'")


class MemorySettingsResource(dg.ConfigurableResource):
    """Decay, merge and expiry parameters, the run's calendar, and an optional fixed clock for reruns."""

    decay_rate: float = 0.95
    decay_floor: float = 0.3
    access_boost: float = 0.05
    timezone: str = "UTC"
    run_as_of: str | None = None  # ISO timestamp: replay a night as if it ran then (tests, backfills)
    near_duplicate_similarity: float = 0.9
    expiry_grace_days: float = 7.0

    def decay_params(self) -> DecayParams:
        return DecayParams(self.decay_rate, self.decay_floor, self.access_boost)

    def resolution_params(self) -> ResolutionParams:
        return ResolutionParams(MergeParams(self.near_duplicate_similarity), self.expiry_grace_days)

    def now(self) -> datetime:
        if self.run_as_of:
            moment = datetime.fromisoformat(self.run_as_of)
            return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
        return datetime.now(timezone.utc)

    def today(self) -> date:
        return self.now().astimezone(ZoneInfo(self.timezone)).date()
