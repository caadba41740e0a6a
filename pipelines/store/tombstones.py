"""Forgotten tenants: a later backfill or re-ingest of the same raw files must not bring a forgotten user back.

`<store>/tombstones.json` keeps a sha256 of each forgotten (agent, user) — not the id itself, so the store
holds no trace of who was forgotten beyond what is needed to recognise their rows again.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path

import polars as pl

from pipelines.store.integrity import StoreCorruptError
from pipelines.store.location import StoreLocation

TOMBSTONES = "tombstones.json"
ANY_AGENT = "*"


def tenant_key(user_id: str, agent_id: str | None = None) -> str:
    """The tombstone of a user under one agent, or under every agent when `agent_id` is None."""
    return hashlib.sha256(f"{agent_id or ANY_AGENT}\x00{user_id}".encode()).hexdigest()


class Tombstones:
    def __init__(self, store_root: Path | str) -> None:
        self.location = StoreLocation(store_root)  # shared with every host: on the object store for s3://
        self.path = self.location.url(TOMBSTONES)

    def entries(self) -> list[dict[str, str]]:
        try:
            text = self.location.read_bytes(TOMBSTONES).decode("utf-8")
        except FileNotFoundError:
            return []
        try:
            return list(json.loads(text)["forgotten"])
        except (ValueError, KeyError, TypeError) as exc:
            raise StoreCorruptError(f"{self.path}: unreadable tombstones ({exc}); restore it from a backup") from exc

    def keys(self) -> set[str]:
        return {entry["key"] for entry in self.entries()}

    def add(self, user_id: str, agent_id: str | None, at: datetime) -> None:
        key = tenant_key(user_id, agent_id)
        entries = [e for e in self.entries() if e["key"] != key]
        entries.append({"key": key, "forgotten_at": at.isoformat()})
        self.location.write_bytes(TOMBSTONES, json.dumps({"forgotten": entries}, indent=2).encode())

    def is_forgotten(self, user_id: str, agent_id: str | None) -> bool:
        keys = self.keys()
        return tenant_key(user_id) in keys or tenant_key(user_id, agent_id) in keys

    def split(self, rows: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
        """(rows of tenants still remembered, rows of forgotten ones) by their agent_id and user_id."""
        keys = self.keys()
        if not keys or rows.is_empty():
            return rows, rows.clear()
        tenants = rows.select("agent_id", "user_id").unique()
        gone = tenants.filter(
            pl.Series(
                [tenant_key(user) in keys or tenant_key(user, agent) in keys for agent, user in tenants.iter_rows()],
                dtype=pl.Boolean,
            )
        )
        forgotten = rows.join(gone, on=["agent_id", "user_id"], how="semi", nulls_equal=True)
        kept = rows.join(gone, on=["agent_id", "user_id"], how="anti", nulls_equal=True)
        return kept, forgotten
