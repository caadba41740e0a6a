"""The run-level writer lease: one nightly run owns a store from its first stage to its publish.

Each stage holds an exclusive flock on the store folder itself while it writes (deleting a file cannot
let a second holder in) and, under it, checks `<store>/writer.lease`: the run that claimed the store at
its first stage. A lease whose process is gone (same host, pid dead or reused) is stale and is taken
over; a live one refuses the caller with one line naming the holder. Publish releases it.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from pipelines.core.atomic import write_text_atomic
from pipelines.core.clock import now_utc

LEASE = "writer.lease"
HOLDER_NOTE = "writer.lock"  # who holds the stage lock right now (informational: the flock is on the folder)


class StoreLockedError(RuntimeError):
    """Another writer holds the store."""


def process_start_ticks(pid: int) -> int | None:
    """The process's start time in clock ticks since boot (Linux), which tells a reused pid from the holder."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[19])


def process_alive(pid: int, start_ticks: int | None) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return start_ticks is None or process_start_ticks(pid) in (None, start_ticks)


@dataclass(frozen=True)
class Lease:
    """Which run owns the store, and the process that can vouch for it."""

    run_key: str
    holder: str
    host: str
    pid: int
    start_ticks: int | None
    since: str

    @classmethod
    def mine(cls, run_key: str, holder: str) -> Lease:
        pid = os.getpid()
        stamp = now_utc().isoformat(timespec="seconds")
        return cls(run_key, holder, socket.gethostname(), pid, process_start_ticks(pid), stamp)

    def alive(self) -> bool:
        """False only when it is certain the holder is gone; a holder on another host is taken as alive."""
        if self.host != socket.gethostname():
            return True
        return process_alive(self.pid, self.start_ticks)

    def describe(self) -> str:
        return f"{self.holder}, run {self.run_key}, pid {self.pid} on {self.host}, since {self.since}"


def read_lease(root: Path) -> Lease | None:
    path = root / LEASE
    try:
        return Lease(**json.loads(path.read_text()))
    except FileNotFoundError:
        return None
    except (ValueError, TypeError, OSError):
        return None  # a torn or foreign lease names no live holder: the stage flock still serialises writers


def locked_error(root: Path, who: str) -> StoreLockedError:
    """The one refusal every writer gets, naming who holds the store."""
    return StoreLockedError(
        f"{root}: the store is locked by another writer ({who}); "
        "wait for that run to finish — only one batch run may write a store at a time"
    )


@contextmanager
def folder_lock(root: Path, holder: str) -> Iterator[None]:
    """Exclusive flock on the store folder for one stage; fails at once when another process holds it."""
    root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            note = root / HOLDER_NOTE
            who = note.read_text().strip() if note.exists() else "unknown holder"
            raise locked_error(root, who or "unknown holder") from None
        stamp = now_utc().isoformat(timespec="seconds")
        (root / HOLDER_NOTE).write_text(f"{holder} pid={os.getpid()} host={socket.gethostname()} since={stamp}")
        yield
    finally:
        os.close(fd)  # closing the descriptor drops the flock


@contextmanager
def run_stage(root: Path, run_key: str, holder: str) -> Iterator[Lease]:
    """One stage of run `run_key`: the folder lock, and the lease claimed (first stage) or confirmed.

    A lease held by another live run refuses; a stale one (its process is gone) is taken over. A stage that
    fails gives the lease back: if another run publishes before the re-execution, the publish refuses.
    """
    with folder_lock(root, holder):
        current = read_lease(root)
        if current is not None and current.run_key != run_key and current.alive():
            raise locked_error(root, current.describe())
        lease = Lease.mine(run_key, holder)
        try:
            write_text_atomic(root / LEASE, json.dumps(asdict(lease)))  # a full disk may fail it after the rename
            yield lease
        except BaseException:
            release(root, run_key)  # a failed run holds nothing; its re-execution claims the store again
            raise


def release(root: Path, run_key: str) -> None:
    """Give the store back (call while holding the folder lock, after the publish)."""
    current = read_lease(root)
    if current is not None and current.run_key == run_key:
        (root / LEASE).unlink(missing_ok=True)


def live_holder(root: Path) -> str | None:
    """Who owns the store right now, or None when nobody live does (checked before a run is started)."""
    current = read_lease(root)
    return current.describe() if current is not None and current.alive() else None
