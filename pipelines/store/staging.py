"""Hand-off files between the nightly stages, kept in `<store>/staging/` until the next run replaces them.

Each stage writes its output here atomically so a later stage (or a rerun of it from the UI) reads
exactly what the earlier one produced; nothing here is read by recall.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.core.atomic import write_atomic, write_text_atomic


class StagingArea:
    def __init__(self, store_root: Path | str) -> None:
        self.root = Path(store_root) / "staging"

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
