"""A sensor on the raw folder: new or changed session-log files trigger the nightly job early."""

import hashlib

import dagster as dg

from assets.resources import RawLogResource
from assets.schedules import nightly_memory_job
from pipelines.ingest.files import RawLogError, list_input_files


def raw_folder_fingerprint(raw_path: str) -> str:
    """Cheap identity of the folder's contents (names, sizes, mtimes); the job itself checks checksums."""
    try:
        files = list_input_files(raw_path)
    except RawLogError:
        return ""
    listing = "\n".join(f"{p}|{p.stat().st_size}|{p.stat().st_mtime_ns}" for p in files)
    return hashlib.sha256(listing.encode()).hexdigest()


@dg.sensor(job=nightly_memory_job, minimum_interval_seconds=300, default_status=dg.DefaultSensorStatus.STOPPED)
def raw_log_sensor(context: dg.SensorEvaluationContext, raw_log: RawLogResource):
    fingerprint = raw_folder_fingerprint(raw_log.path)
    if not fingerprint or fingerprint == context.cursor:
        return dg.SkipReason(f"no new session-log files under {raw_log.path}")
    context.update_cursor(fingerprint)
    return dg.RunRequest(run_key=fingerprint)
