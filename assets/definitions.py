"""The one `Definitions` of the memory code location: assets, checks, job, schedule, sensor, resources.

Settings come from pipelines/core/config.py (README "Configuration"); paths from MEMORY_STORE and MEMORY_RAW.
"""

import dagster as dg

from assets import decay, extraction, raw, resolution, snapshot
from assets.days import memory_day_job
from assets.executors import step_executor
from assets.forget import forget_user_job
from assets.freshness import snapshot_freshness_job, snapshot_freshness_schedule, snapshot_published_recently
from assets.resources import (
    EmbedderResource,
    ExtractorResource,
    MemorySettingsResource,
    MemoryStoreResource,
    RawLogResource,
)
from assets.runs import dead_run_sensor
from assets.schedules import nightly_memory_job, nightly_schedule
from assets.sensors import raw_log_sensor
from assets.sharded import sharded_assets, sharded_nightly_job
from pipelines.core.config import EmbedSettings, LimitSettings, LLMSettings, LocationSettings

STAGE_MODULES = [raw, extraction, resolution, decay, snapshot]


def _secret(name: str, value: str) -> str | dg.EnvVar:
    """An EnvVar when set, so the key is read at run launch and the UI shows only its name.

    Unset, it stays "": Dagster fails a run whose EnvVar names an unset variable instead of using the default.
    """
    return dg.EnvVar(name) if value else ""


def llm_extractor_config(kind: str, llm: LLMSettings) -> ExtractorResource:
    """The extractor resource, LLM settings from MEMORY_LLM_* (README "LLM extraction")."""
    return ExtractorResource(
        kind=kind,
        llm_base_url=llm.base_url,
        llm_model=llm.model,
        llm_api_key=_secret("MEMORY_LLM_API_KEY", llm.api_key),
        llm_timeout_seconds=llm.timeout_seconds,
        llm_max_retries=llm.max_retries,
        llm_concurrency=llm.concurrency,
        llm_window_tokens=llm.window_tokens,
        llm_window_overlap=llm.window_overlap,
        llm_max_calls_per_run=llm.max_calls_per_run,
        llm_max_tokens_per_run=llm.max_tokens_per_run,
    )


def embedder_config(kind: str, embed: EmbedSettings) -> EmbedderResource:
    """The embedder resource; the remote one from MEMORY_EMBED_* (README "Remote embeddings")."""
    return EmbedderResource(kind=kind, api_key=_secret("MEMORY_EMBED_API_KEY", embed.api_key), **embed.remote_options())


def build_resources(
    store: str,
    raw_path: str,
    extractor: str | None = None,
    embedder: str | None = None,
    run_as_of: str | None = None,
) -> dict[str, dg.ConfigurableResource]:
    """The resource set the UI, the schedule and the CLI all run with; an extractor or embedder not given
    comes from MEMORY_EXTRACTOR / MEMORY_EMBEDDER; `run_as_of` replays a night as if it ran then (ISO time).
    Raises SettingsError naming a malformed variable."""
    location, embed = LocationSettings.from_env(), EmbedSettings.from_env()
    return {
        "store": MemoryStoreResource(root=store, keep_versions=location.keep_versions),
        "raw_log": RawLogResource(path=raw_path),
        "extractor": llm_extractor_config(extractor or location.extractor, LLMSettings.from_env()),
        "embedder": embedder_config(embedder or embed.embedder, embed),
        "settings": MemorySettingsResource(
            timezone=location.schedule_timezone,
            run_as_of=run_as_of,
            max_message_chars=LimitSettings.from_env().max_message_chars,
        ),
    }


def build_defs() -> dg.Definitions:
    """The code location as MEMORY_* says now (`memory materialize` rebuilds it per run: its settings are read
    when the command runs, not when this module was first imported)."""
    location = LocationSettings.from_env()
    return dg.Definitions(
        assets=[*dg.load_assets_from_modules(STAGE_MODULES), *sharded_assets(location.shard_groups)],
        asset_checks=[*dg.load_asset_checks_from_modules(STAGE_MODULES), snapshot_published_recently],
        jobs=[
            nightly_memory_job,
            memory_day_job,
            snapshot_freshness_job,
            forget_user_job,
            sharded_nightly_job(step_executor(location.executor)),
        ],
        schedules=[nightly_schedule, snapshot_freshness_schedule],
        sensors=[raw_log_sensor, dead_run_sensor],
        resources=build_resources(store=location.store, raw_path=location.raw),
    )


defs = build_defs()
