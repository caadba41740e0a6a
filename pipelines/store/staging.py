"""Hand-off files between the nightly stages: `<store>/staging/<run key>/`, one folder per run.

Each stage writes its output here atomically so a later stage (or a re-execution of the run from the UI,
which keeps the root run's key) reads exactly what the earlier one of the same run produced; another run
can never read or overwrite it. Nothing here is read by recall.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.core.atomic import remove_paths, write_atomic, write_text_atomic
from pipelines.store.location import work_folder

LOCAL_RUN = "local"  # the run key of stages called outside Dagster (tests, scripts): one run at a time


class StagingArea:
    def __init__(self, store_root: Path | str, run_key: str = LOCAL_RUN) -> None:
        self.base = work_folder(store_root) / "staging"  # writer-only: local even for an s3:// store
        self.root = self.base / re.sub(r"[^A-Za-z0-9_.-]", "_", run_key)

    def write_frame(self, name: str, frame: pl.DataFrame) -> Path:
        return write_atomic(self.root / f"{name}.parquet", frame.write_parquet)

    def read_frame(self, name: str) -> pl.DataFrame:
        path = self.root / f"{name}.parquet"
        if not path.exists():
            raise FileNotFoundError(
                f"{path}: staged '{name}' is missing; materialize the upstream asset first (or run the whole job)"
            )
        return pl.read_parquet(path)

    def write_json(self, name: str, value: dict[str, Any]) -> None:
        write_text_atomic(self.root / f"{name}.json", json.dumps(value, indent=2, ensure_ascii=False, default=str))

    def read_json(self, name: str) -> dict[str, Any]:
        path = self.root / f"{name}.json"
        if not path.exists():
            raise FileNotFoundError(f"{path}: staged '{name}' is missing; run the upstream asset first")
        return json.loads(path.read_text())

    def remove_other_runs(self) -> list[Path]:
        """Drop every other run's hand-off files (and the flat files of stores staged before runs had folders):
        once this run has published, their base version is gone and they can never be published."""
        others = [p for p in self.base.iterdir() if p != self.root] if self.base.exists() else []
        remove_paths(others)
        return others
