"""Dagster resources: where the store and raw log live, which extractor and embedder run, and the knobs.

Everything the pipeline needs from the outside world is configured here (MEMORY_* values: pipelines/core/config.py).
"""

from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import dagster as dg

from pipelines.core.clock import now_utc, parse_utc
from pipelines.core.config import SettingsError
from pipelines.embed.e5 import E5Embedder, Embedder
from pipelines.extract.interface import Extractor
from pipelines.ingest.read import IngestDefaults
from pipelines.resolve.decay import DecayParams
from pipelines.resolve.merge import MergeParams
from pipelines.resolve.resolution import ResolutionParams
from pipelines.store.location import store_root


class MemoryStoreResource(dg.ConfigurableResource):
    """The snapshot store folder (only the batch job writes it) and how many versions to keep."""

    root: str
    keep_versions: int = 14

    @property
    def path(self) -> Path | str:
        """The store as the pipelines take it: a folder as a Path, an `s3://` URI as text."""
        return store_root(self.root)


class RawLogResource(dg.ConfigurableResource):
    """Where the chat framework drops session-log Parquet, and defaults for columns it may omit."""

    path: str
    default_agent_id: str = "default_agent"
    default_user_id: str = "default_user"
    default_source: str = "chat"

    def defaults(self) -> IngestDefaults:
        return IngestDefaults(self.default_agent_id, self.default_user_id, self.default_source)


class ExtractorResource(dg.ConfigurableResource):
    """Which extractor turns sessions into memories: `rules` (offline default) or `llm` (any server speaking
    the OpenAI chat-completions API; settings from MEMORY_LLM_*, the key through an EnvVar)."""

    kind: str = "rules"
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = ""
    llm_timeout_seconds: float = 60.0
    llm_max_retries: int = 4
    llm_concurrency: int = 4
    llm_window_tokens: int = 3000
    llm_window_overlap: int = 2
    llm_max_calls_per_run: int = 0
    llm_max_tokens_per_run: int = 0

    def build(self, store_root: Path | str | None = None) -> Extractor:
        if self.kind == "rules":
            from pipelines.extract.rules.engine import RulesExtractor

            return RulesExtractor()
        if self.kind == "llm":
            return self._build_llm(store_root)
        raise ValueError(f"unknown extractor '{self.kind}'; choose 'rules' or 'llm'")

    def _build_llm(self, store_root: Path | str | None) -> Extractor:
        from pipelines.extract.llm.client import ChatClient, ChatSettings
        from pipelines.extract.llm.extractor import LLMExtractor, LLMRunSettings

        if not self.llm_base_url or not self.llm_model or store_root is None:
            raise SettingsError(  # the operator's to fix: `memory materialize` exits 2 in one line
                "the llm extractor needs MEMORY_LLM_BASE_URL (e.g. http://127.0.0.1:11434/v1) and "
                "MEMORY_LLM_MODEL (and MEMORY_LLM_API_KEY when the server wants one)"
            )
        client = ChatClient(
            ChatSettings(
                self.llm_base_url, self.llm_model, self.llm_api_key, self.llm_timeout_seconds, self.llm_max_retries
            )
        )
        run = LLMRunSettings(
            self.llm_window_tokens,
            self.llm_window_overlap,
            self.llm_concurrency,
            self.llm_max_calls_per_run,
            self.llm_max_tokens_per_run,
        )
        return LLMExtractor(client, store_root, run)


class EmbedderResource(dg.ConfigurableResource):
    """Which embedder vectorises memories: `e5` (bundled multilingual-e5-small, offline) or `openai` (an
    OpenAI-compatible /v1/embeddings endpoint, MEMORY_EMBED_*; its width must match the snapshot's)."""

    kind: str = "e5"
    base_url: str = ""
    model: str = ""
    api_key: str = ""
    send_input_type: bool = True
    send_dimensions: bool = False
    similarity_floor: float = 0.0  # background cosine of unrelated texts for this model (e5: 0.8)
    timeout_seconds: float = 60.0

    def build(self, store_root: Path | str | None = None) -> Embedder:
        if self.kind == "e5":
            return E5Embedder()
        if self.kind == "openai":
            from pipelines.embed.remote import RemoteEmbedder, snapshot_embedding_dim

            if not self.base_url or not self.model:
                raise ValueError("the openai embedder needs MEMORY_EMBED_BASE_URL and MEMORY_EMBED_MODEL")
            expected = snapshot_embedding_dim(store_root) if store_root is not None else None
            return RemoteEmbedder(
                self.base_url,
                self.model,
                self.api_key,
                expected_dim=expected,
                send_input_type=self.send_input_type,
                send_dimensions=self.send_dimensions,
                similarity_floor=self.similarity_floor,
                timeout_seconds=self.timeout_seconds,
            )
        raise ValueError(f"unknown embedder '{self.kind}'; choose 'e5' or 'openai'")


class MemorySettingsResource(dg.ConfigurableResource):
    """Decay, merge and expiry parameters, the run's calendar, and an optional fixed clock for reruns."""

    decay_rate: float = 0.95
    decay_floor: float = 0.3
    access_boost: float = 0.05
    timezone: str = "UTC"
    run_as_of: str | None = None  # ISO timestamp: replay a night as if it ran then (tests, backfills)
    near_duplicate_similarity: float = 0.9
    expiry_grace_days: float = 7.0
    max_message_chars: int = 2000  # MEMORY_MAX_MESSAGE_CHARS: what extraction and embeddings read of a message

    def decay_params(self) -> DecayParams:
        return DecayParams(self.decay_rate, self.decay_floor, self.access_boost)

    def resolution_params(self) -> ResolutionParams:
        return ResolutionParams(MergeParams(self.near_duplicate_similarity), self.expiry_grace_days)

    def now(self) -> datetime:
        return parse_utc(self.run_as_of) if self.run_as_of else now_utc()

    def today(self) -> date:
        return self.now().astimezone(ZoneInfo(self.timezone)).date()
