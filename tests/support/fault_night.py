"""One night of the plain-Python pipeline with a fault at the N-th durable write (the fault suites' subject).

Every file the store keeps is made durable by an fsync before it is renamed into place (pipelines.core.atomic,
the version seal), so the fsyncs are the points between writes: `--kill-at N` SIGKILLs the process just
before the N-th one, `--enospc-at N` makes it fail as a full disk does. `--count` prints how many a whole
night makes. Run as `python -m tests.support.fault_night RAW STORE RUN_KEY [...]`.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from pipelines.extract.rules.engine import RulesExtractor
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.reports import PublishReport
from pipelines.resolve.decay import DecayParams
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import NIGHT

KEEP_VERSIONS = 2  # small, so the nights also prune


def run_night(raw: Path, store: Path, run_key: str) -> PublishReport:
    stage_validate(raw, store, IngestDefaults(), NIGHT, run_key=run_key)
    stage_extract(store, RulesExtractor(), HashingEmbedder(), run_key=run_key)
    stage_resolve(store, NIGHT, run_key=run_key)
    stage_decay(store, NIGHT.date(), DecayParams(), run_key=run_key)
    return stage_publish(store, NIGHT, KEEP_VERSIONS, {}, run_key=run_key)


class FsyncFault:
    """Replaces os.fsync: counts calls and acts at the N-th (0: never)."""

    def __init__(self, at: int, act: Callable[[], None]) -> None:
        self.at, self.act, self.calls = at, act, 0
        self.real = os.fsync

    def __call__(self, fd: int) -> None:
        self.calls += 1
        if self.calls == self.at:
            self.act()
        self.real(fd)


def _kill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _disk_full() -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("raw", type=Path)
    parser.add_argument("store", type=Path)
    parser.add_argument("run_key")
    parser.add_argument("--kill-at", type=int, default=0)
    parser.add_argument("--enospc-at", type=int, default=0)
    parser.add_argument("--count", action="store_true")
    args = parser.parse_args()
    fault = FsyncFault(args.kill_at or args.enospc_at, _kill if args.kill_at else _disk_full)
    os.fsync = fault
    try:
        run_night(args.raw, args.store, args.run_key)
    except OSError as exc:
        print(f"night failed: {exc}", file=sys.stderr)
        return 3
    if args.count:
        print(fault.calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
