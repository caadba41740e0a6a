"""A night's conservation ledger counted from the data: the input files' own row counts against the staged
messages, quarantine, repeated and forgotten rows, and every kept message against its extraction outcome.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from pipelines.ingest.files import InputFile
from pipelines.reports import ValidationReport
from pipelines.resolve.invariants import Verdict, all_hold, messages_accounted, repeats_are_repeats, rows_accounted
from pipelines.store.staging import StagingArea


def rows_per_file(files: list[InputFile]) -> dict[str, int]:
    """Each input file's row count from its own Parquet footer, not from what the validate stage reported."""
    return {f.path: pq.ParquetFile(f.path).metadata.num_rows for f in files}


def night_conservation(store_root: Path | str, staging: StagingArea | None = None) -> Verdict:
    """The ledger of the night staged in `staging` (the local run's when not given)."""
    staging = staging or StagingArea(store_root)
    inputs = ValidationReport.from_json(staging.read_json("inputs"))
    messages = staging.read_frame("messages")
    placed = {
        "messages": messages,
        "quarantined": staging.read_frame("quarantine"),
        "repeats": staging.read_frame("repeats"),
        "forgotten": staging.read_frame("forgotten"),
    }
    return all_hold(
        rows_accounted(rows_per_file(inputs.input_files), placed),
        repeats_are_repeats(placed["repeats"], messages),
        messages_accounted(messages, staging.read_frame("outcomes")),
    )
