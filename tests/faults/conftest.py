"""Two nights of the bundled sample (days 1-5, then days 6-10) and the snapshot an uninterrupted run makes."""

import shutil
from pathlib import Path

import polars as pl
import pytest

from tests.support.fault_night import run_night

REPO = Path(__file__).resolve().parents[2]
SNAPSHOT_COLUMNS = ["memory_id", "kind", "topic", "content", "valid_from", "valid_to", "superseded_by", "merged_into"]


def snapshot_rows(memories: pl.DataFrame) -> list[tuple]:
    """What a user relies on in a snapshot: which memories, their words and their valid times."""
    return memories.select(SNAPSHOT_COLUMNS).sort("memory_id").rows()


@pytest.fixture(scope="session")
def two_nights(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("faults")
    first_raw, second_raw = base / "raw1", REPO / "data" / "sample"
    for day in sorted(second_raw.glob("date=2026-03-0[1-5]")):
        shutil.copytree(day, first_raw / day.name)
    after_first = base / "after_first"
    run_night(first_raw, after_first, "night-1")
    reference = base / "reference"
    shutil.copytree(after_first, reference)
    run_night(second_raw, reference, "night-2")
    return {"after_first": after_first, "second_raw": second_raw, "reference": reference}
