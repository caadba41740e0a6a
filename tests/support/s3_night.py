"""One scripted night run as its own process, as a writer on another host would: `python -m tests.support.s3_night
STORE RAW DAY [--wait-for FILE] [--kill-at POINT]`. Exit 2 with one line when the store refuses the publish.

`--wait-for` stages the night, then waits for FILE before publishing (two writers on one base); `--kill-at` stops
the process (SIGKILL, as `kill -9`) once half its files are uploaded (`upload`) or its manifest is (`manifest`).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from datetime import timedelta
from pathlib import Path

from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.resolve.decay import DecayParams
from pipelines.store.lease import StoreLockedError
from pipelines.store.location import StoreLocation
from pipelines.store.snapshots import VersionRejectedError
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import NIGHT
from tests.support.scripted_night import ScriptedExtractor


def _kill_after(point: str) -> None:
    """Make the process die like `kill -9` once half the version's files are uploaded (or after its manifest)."""
    original = StoreLocation.upload if point == "upload" else StoreLocation.create

    def then_die(self, *args, **kwargs):
        if point == "upload":  # half the version's files reach the store
            files = dict(list(args[0].items())[: max(1, len(args[0]) // 2)])
            original(self, files)
            os.kill(os.getpid(), signal.SIGKILL)
        original(self, *args, **kwargs)
        if str(args[0]).endswith("manifest.json"):
            os.kill(os.getpid(), signal.SIGKILL)

    setattr(StoreLocation, "upload" if point == "upload" else "create", then_die)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("store")
    parser.add_argument("raw", type=Path)
    parser.add_argument("day", type=int, help="days after NIGHT")
    parser.add_argument("--wait-for", type=Path)
    parser.add_argument("--kill-at", choices=["upload", "manifest"])
    args = parser.parse_args()
    now = NIGHT + timedelta(days=args.day)
    stage_validate(args.raw, args.store, IngestDefaults(), now)
    stage_extract(args.store, ScriptedExtractor(), HashingEmbedder())
    stage_resolve(args.store, now)
    stage_decay(args.store, now.date(), DecayParams())
    if args.wait_for is not None:
        Path(f"{args.wait_for}.ready-{os.getpid()}").touch()
        while not args.wait_for.exists():
            time.sleep(0.01)
    if args.kill_at:
        _kill_after(args.kill_at)
    try:
        report = stage_publish(args.store, now, 14, {})
    except (StoreLockedError, VersionRejectedError) as exc:
        print(f"memory: {exc}", file=sys.stderr)
        return 2
    print(f"published {report.version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
