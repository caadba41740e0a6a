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

STAGE_MODULES = [raw, extraction, resolution, decay, snapshot]


def build_resources(
    store: str, raw_path: str, extractor: str = "rules", embedder: str = "e5", **settings: object
) -> dict[str, dg.ConfigurableResource]:
    """The resource set the UI, the schedule and the CLI all run with."""
    return {
        "store": MemoryStoreResource(root=store, keep_versions=int(os.environ.get("MEMORY_KEEP_VERSIONS", "14"))),
        "raw_log": RawLogResource(path=raw_path),
        "extractor": ExtractorResource(kind=extractor),
        "embedder": EmbedderResource(kind=embedder),
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
