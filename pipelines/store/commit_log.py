"""The pointer of a store on object storage: `log/<seq>.json`, one record per pointer move, each created once with
a conditional put (`If-None-Match: *`); the record with the highest sequence names the current version.

S3 has no rename, so a version is published by creating the record that follows the one its writer built on:
of two writers that read the same head, exactly one creates the next record and the other is refused whole.
Records never change once written, so a reader lists `log/` and reads only the records it has not seen.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from datetime import datetime

from pipelines.store.integrity import StoreCorruptError
from pipelines.store.lease import StoreLockedError
from pipelines.store.location import StoreLocation, VersionTakenError

LOG = "log"
_RECORD = re.compile(r"^(\d{8})\.json$")


@dataclass(frozen=True)
class Commit:
    """The `seq`th pointer move: to `version`, built on `parent`, at `published_at`."""

    seq: int
    version: int
    parent: int | None
    published_at: datetime


def record_key(seq: int) -> str:
    return f"{LOG}/{seq:08d}.json"


class CommitLog:
    def __init__(self, location: StoreLocation) -> None:
        self.location = location
        self._read: dict[int, Commit] = {}  # records are immutable: each is fetched once per instance
        self._listed: tuple[float, Commit | None] | None = None  # (when, head) of the last listing

    def commits(self) -> list[Commit]:
        """Every record, oldest first: one listing of `log/`, plus a read of each record not seen before."""
        seqs = []
        for key in self.location.find(LOG):
            match = _RECORD.match(key.rsplit("/", 1)[-1])
            if match:
                seqs.append(int(match[1]))
        return [self._commit(seq) for seq in sorted(seqs)]

    def head(self, max_age: float = 0.0) -> Commit | None:
        """The newest record; with `max_age`, the one listed at most that many seconds ago (a writer never
        passes it: its compare-and-swap needs the store's own)."""
        if max_age <= 0 or self._listed is None or time.monotonic() - self._listed[0] > max_age:
            commits = self.commits()
            self._listed = (time.monotonic(), commits[-1] if commits else None)
        return self._listed[1]

    def _commit(self, seq: int) -> Commit:
        if seq not in self._read:
            key = record_key(seq)
            try:
                body = json.loads(self.location.read_bytes(key))
                self._read[seq] = Commit(
                    seq, int(body["version"]), body["parent"], datetime.fromisoformat(body["published_at"])
                )
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise StoreCorruptError(f"{self.location.url(key)}: unreadable commit record ({exc})") from exc
        return self._read[seq]

    def require_head(self, parent: int | None, version: int) -> Commit | None:
        """The newest record, which must name `parent` (the version `version` was built on); else refused."""
        head = self.head()
        if (head.version if head else None) != parent:
            raise _lost(version, parent, head.version if head else None)
        return head

    def append(self, version: int, parent: int | None, at: datetime) -> Commit:
        """Point readers at `version`, which was built on `parent`: refused (StoreLockedError, nothing written)
        when the head is no longer `parent` or another writer creates the same record first."""
        head = self.require_head(parent, version)
        commit = Commit(head.seq + 1 if head else 1, version, parent, at)
        body = {"version": version, "parent": parent, "published_at": at.isoformat()}
        try:
            self.location.create(record_key(commit.seq), json.dumps(body).encode())
        except VersionTakenError:
            raise _lost(version, parent, None) from None
        self._read[commit.seq] = commit
        return commit


def _lost(version: int, parent: int | None, current: int | None) -> StoreLockedError:
    since = f"version {current} was published since" if current is not None else "a version was published first"
    return StoreLockedError(
        f"version {version} not published: it was built on version {parent}, but {since} by another writer (on "
        "another host, or a run this host's lock did not see); nothing was changed: run the job again, its raw "
        "files are still unprocessed"
    )
