"""Hand-off files between the nightly stages: `<work folder>/staging/<run key>/`, one folder per run; a sharded
run's on an object store live under the store itself (`s3://.../staging/<run key>/`), where every host reads them.

Each stage writes its output here whole (a local temp file renamed, or one PUT) so a later stage (or a re-execution
of the run from the UI, which keeps the root run's key) reads exactly what the earlier one of the same run produced;
another run can never read or overwrite it. Nothing here is read by recall.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import polars as pl

from pipelines.core.atomic import remove_paths, write_atomic, write_text_atomic
from pipelines.store.location import StoreLocation

LOCAL_RUN = "local"  # the run key of stages called outside Dagster (tests, scripts): one run at a time
STAGING = "staging"


class StagingArea:
    """One run's hand-off. `shared`: read by steps on other hosts (a sharded run's plan, groups and publisher), so
    on an `s3://` store it lives on the object store; a local store's folder is already where every step looks."""

    def __init__(self, store_root: Path | str, run_key: str = LOCAL_RUN, *, shared: bool = False) -> None:
        self.location = StoreLocation(store_root)
        self.remote = shared and self.location.remote
        self.folder = re.sub(r"[^A-Za-z0-9_.-]", "_", run_key)
        self.base = self.location.work / STAGING  # writer-only: local, unless shared on an object store
        self.root = self.base / self.folder
        self.prefix = f"{STAGING}/{self.folder}"

    @property
    def where(self) -> str:
        """The area as messages name it."""
        return self.location.url(self.prefix) if self.remote else str(self.root)

    def write_frame(self, name: str, frame: pl.DataFrame) -> None:
        if self.remote:
            buffer = io.BytesIO()
            frame.write_parquet(buffer)
            self.location.write_bytes(f"{self.prefix}/{name}.parquet", buffer.getvalue())
        else:
            write_atomic(self.root / f"{name}.parquet", frame.write_parquet)

    def read_frame(self, name: str) -> pl.DataFrame:
        try:
            if self.remote:
                return pl.read_parquet(io.BytesIO(self._read(f"{name}.parquet")))
            return pl.read_parquet(self.root / f"{name}.parquet")
        except FileNotFoundError:
            raise FileNotFoundError(
                f"{self.where}/{name}.parquet: staged '{name}' is missing; materialize the upstream asset first (or "
                "run the whole job)"
            ) from None

    def write_json(self, name: str, value: dict[str, Any]) -> None:
        text = json.dumps(value, indent=2, ensure_ascii=False, default=str)
        if self.remote:
            self.location.write_bytes(f"{self.prefix}/{name}.json", text.encode())
        else:
            write_text_atomic(self.root / f"{name}.json", text)

    def read_json(self, name: str) -> dict[str, Any]:
        try:
            return json.loads(self._read(f"{name}.json"))
        except FileNotFoundError:
            raise FileNotFoundError(
                f"{self.where}/{name}.json: staged '{name}' is missing; run the upstream asset first"
            ) from None

    def _read(self, file: str) -> bytes:
        if self.remote:
            return self.location.read_bytes(f"{self.prefix}/{file}")
        return (self.root / file).read_bytes()

    def exists(self) -> bool:
        """Whether the run's hand-off is still there (another run's publish removes it)."""
        if not self.remote:
            return self.root.exists()
        return any(key.startswith(f"{self.prefix}/") for key in self.location.find(self.prefix))

    def finish(self, published: bool) -> None:
        """After the run's publish. Once a version is published every other run's hand-off files are dropped, here
        and on the object store (and the flat files of stores staged before runs had folders): their base version
        is gone, so they can never be published. On an object store a shared area goes too, with its groups'
        (`<run key>.<group>`): nothing reads a finished run's hand-off, and no host would clean it up."""
        if published:
            remove_paths([p for p in self.base.iterdir() if p != self.root] if self.base.exists() else [])
        if self.location.remote:
            mine = (f"{self.prefix}/", f"{self.prefix}.") if self.remote else ()
            self.location.delete([key for key in self.location.find(STAGING) if published or key.startswith(mine)])
