"""Hand-off files between the nightly stages, kept in `<store>/staging/` until the next run replaces them.

Each stage writes its output here atomically so a later stage (or a rerun of it from the UI) reads
exactly what the earlier one produced; nothing here is read by recall.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl


class StagingArea:
    def __init__(self, store_root: Path | str) -> None:
        self.root = Path(store_root) / "staging"

    def write_frame(self, name: str, frame: pl.DataFrame) -> Path:
        self.root.mkdir(parents=True, exist_ok=True)
        target = self.root / f"{name}.parquet"
        tmp = target.with_suffix(".parquet.tmp")
        frame.write_parquet(tmp)
        tmp.replace(target)
        return target

    def read_frame(self, name: str) -> pl.DataFrame:
        path = self.root / f"{name}.parquet"
        if not path.exists():
            raise FileNotFoundError(
                f"{path}: staged '{name}' is missing; materialize the upstream asset first (or run the whole job)"
            )
        return pl.read_parquet(path)

    def write_json(self, name: str, value: dict[str, Any]) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        target = self.root / f"{name}.json"
        tmp = target.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(value, indent=2, ensure_ascii=False, default=str))
        tmp.replace(target)

    def read_json(self, name: str) -> dict[str, Any]:
        path = self.root / f"{name}.json"
        if not path.exists():
            raise FileNotFoundError(f"{path}: staged '{name}' is missing; run the upstream asset first")
        return json.loads(path.read_text())
