"""How long ago the store last published: the moment `CURRENT` records for its last pointer swap against a clock,
judged against the longest gap a nightly schedule allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from pipelines.core.clock import iso_seconds
from pipelines.store.snapshots import SnapshotStore

# a night runs at 02:00 every 24 hours; two hours more cover a slow run or one queued behind another
NIGHTLY_MAX_AGE = timedelta(hours=26)


@dataclass(frozen=True)
class Freshness:
    passed: bool
    summary: str
    published_at: datetime | None
    age_hours: float | None  # None when nothing was ever published


def publication_freshness(store_root: Path | str, now: datetime, max_age: timedelta = NIGHTLY_MAX_AGE) -> Freshness:
    store = SnapshotStore(store_root)
    published = store.pointer_published_at() if store.current_version() is not None else None
    if published is None:
        return Freshness(False, f"{store.uri}: nothing published yet; run the nightly job", None, None)
    age = now - published
    hours = round(age.total_seconds() / 3600, 2)
    limit = max_age.total_seconds() / 3600
    if age > max_age:
        summary = (
            f"the last publish was {hours:g} h ago ({iso_seconds(published)}), more than {limit:g} h: "
            "the nightly run has not published; look at its last runs and the schedule"
        )
        return Freshness(False, summary, published, hours)
    return Freshness(True, f"published {hours:g} h ago ({iso_seconds(published)})", published, hours)
