"""The one `Definitions` of the memory code location: assets, checks, job, schedule, sensor, resources.

Paths come from MEMORY_STORE and MEMORY_RAW (defaults: `.store` and the bundled `data/sample`).
"""

import os

import dagster as dg

from assets import decay, extraction, raw, resolution, snapshot
from assets.resources import (
    EmbedderResource, ExtractorResource, MemorySettingsResource, MemoryStoreResource, RawLogResource,
)
from assets.schedules import nightly_memory_job, nightly_schedule
from assets.sensors import raw_log_sensor
from pipelines.embed.remote import remote_settings_from_env

STAGE_MODULES = [raw, extraction, resolution, decay, snapshot]


def _secret(name: str) -> str | dg.EnvVar:
    """An EnvVar when set, so the key is read at run time and never shown in the UI's config."""
    return dg.EnvVar(name) if os.environ.get(name) else ""


def _env(name: str, default: str, cast: type = str):
    return cast(os.environ.get(name) or default)


def llm_extractor_config(kind: str) -> ExtractorResource:
    """The extractor resource, LLM settings from MEMORY_LLM_* (README "LLM extraction")."""
    return ExtractorResource(
        kind=kind,
        llm_base_url=_env("MEMORY_LLM_BASE_URL", ""),
        llm_model=_env("MEMORY_LLM_MODEL", ""),
        llm_api_key=_secret("MEMORY_LLM_API_KEY"),
        llm_timeout_seconds=_env("MEMORY_LLM_TIMEOUT_SECONDS", "60", float),
        llm_max_retries=_env("MEMORY_LLM_MAX_RETRIES", "4", int),
        llm_concurrency=_env("MEMORY_LLM_CONCURRENCY", "4", int),
        llm_window_tokens=_env("MEMORY_LLM_WINDOW_TOKENS", "3000", int),
        llm_window_overlap=_env("MEMORY_LLM_WINDOW_OVERLAP", "2", int),
        llm_max_calls_per_run=_env("MEMORY_LLM_MAX_CALLS_PER_RUN", "0", int),
        llm_max_tokens_per_run=_env("MEMORY_LLM_MAX_TOKENS_PER_RUN", "0", int),
    )


def embedder_config(kind: str) -> EmbedderResource:
    """The embedder resource; the remote one from MEMORY_EMBED_* (README "Remote embeddings")."""
    return EmbedderResource(kind=kind, api_key=_secret("MEMORY_EMBED_API_KEY"), **remote_settings_from_env())


def build_resources(
    store: str, raw_path: str, extractor: str = "rules", embedder: str | None = None, **settings: object
) -> dict[str, dg.ConfigurableResource]:
    """The resource set the UI, the schedule and the CLI all run with."""
    return {
        "store": MemoryStoreResource(root=store, keep_versions=int(os.environ.get("MEMORY_KEEP_VERSIONS", "14"))),
        "raw_log": RawLogResource(path=raw_path),
        "extractor": llm_extractor_config(extractor),
        "embedder": embedder_config(embedder or os.environ.get("MEMORY_EMBEDDER", "e5")),
        "settings": MemorySettingsResource(timezone=os.environ.get("MEMORY_SCHEDULE_TIMEZONE", "UTC"), **settings),
    }


defs = dg.Definitions(
    assets=dg.load_assets_from_modules(STAGE_MODULES),
    asset_checks=dg.load_asset_checks_from_modules(STAGE_MODULES),
    jobs=[nightly_memory_job],
    schedules=[nightly_schedule],
    sensors=[raw_log_sensor],
    resources=build_resources(
        store=os.environ.get("MEMORY_STORE", ".store"),
        raw_path=os.environ.get("MEMORY_RAW", "data/sample"),
        extractor=os.environ.get("MEMORY_EXTRACTOR", "rules"),
    ),
)
