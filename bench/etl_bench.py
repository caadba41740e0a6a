"""Nightly ETL throughput (issue 13): two nights over a generated multi-user chat log, then one night of new
messages over a generated 1M-memory store, each run as the product runs it (`memory materialize` in a child).

Night 1 loads --messages messages of --users users (bench/etl_log.py); night 2 adds 1 % as many new messages
from 1 % of the users. Prints each night's seconds per stage as it ends, then

    etl msgs_per_min=.. night2_s=.. night2_share=.. peak_rss_mb=..
    etl_store memories=.. new_messages=.. night_s=.. peak_rss_mb=..

With the bundled e5 a night runs at roughly 600-2,000 messages a minute on 2 cores: the default 100k messages
take about an hour. `--messages 3000 --users 300` checks the harness in minutes.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.etl_log import chat_log, user_ids, write_days  # noqa: E402
from bench.etl_night import Night, dagster_home, night_run_time, run_night  # noqa: E402
from bench.synthetic_store import AGENT, MULTI_VALUED_TOPICS, SPAN, START, generate, store_users  # noqa: E402

FIRST_DAY = date(2026, 2, 1)
NIGHT1_DAYS = 7  # night 1 folds in a week of log; night 2 the day after it
STORE_PER_USER = 1_000  # memories of each user of the generated store
STORE_SPEAKERS = 40  # how many of the store's users speak in its night
# What the bench writes in its work folder; anything else there is not its to delete.
WORK_ENTRIES = {"raw", "store", "dagster_home", "night1.log", "night2.log", "store-raw", "store-memories", "store.log"}


def prepared_work(out: Path) -> Path:
    """`out` emptied of a previous run's entries; refuses a folder that holds anything else."""
    if out.exists():
        strangers = sorted(p.name for p in out.iterdir() if p.name not in WORK_ENTRIES)
        if strangers:
            raise SystemExit(f"{out}: refusing to clear it, it holds {strangers[:5]}; pass another --out")
        for entry in out.iterdir():
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()
    out.mkdir(parents=True, exist_ok=True)
    return out


def report(name: str, night: Night, log: Path) -> None:
    """The night's figures; a failed night's figures so far, then the bench stops (nothing to compare)."""
    rate, cpu = night.messages / night.seconds * 60, night.cpu_seconds
    print(f"{name}: {night.messages} messages in {night.seconds:.1f} s ({rate:.0f} msgs/min; {cpu:.0f} s of CPU), "
          f"peak RSS {night.peak_rss_mb:.0f} MB; seconds per stage: {night.breakdown()}", flush=True)  # fmt: skip
    if night.error:
        raise SystemExit(f"{name} FAILED ({night.error}); its output is in {log}")
    counts = [line.strip() for line in night.summary.splitlines() if line.strip().startswith("memories:")]
    print(f"  after {name}: {counts[0] if counts else night.summary.strip()}", flush=True)


def two_nights(work: Path, home: Path, messages: int, users: int, seed: int) -> tuple[Night, Night]:
    """Night 1 over a week of log, night 2 over the next day's 1 % new messages from 1 % of the users."""
    raw, store = work / "raw", work / "store"
    everyone = user_ids(users)
    first = chat_log(messages, everyone, seed, FIRST_DAY, NIGHT1_DAYS)
    write_days(first, raw, "night1")
    night1 = run_night(raw, store, home, night_run_time(first), first.num_rows, work / "night1.log")
    report("night1", night1, work / "night1.log")
    returning = random.Random(seed).sample(everyone, max(1, users // 100))
    second = chat_log(max(1, messages // 100), returning, seed, FIRST_DAY + timedelta(days=NIGHT1_DAYS))
    write_days(second, raw, "night2")
    night2 = run_night(raw, store, home, night_run_time(second), second.num_rows, work / "night2.log")
    report(f"night2 ({len(returning)} users)", night2, work / "night2.log")
    return night1, night2


def store_night(work: Path, home: Path, memories: int, messages: int, seed: int) -> Night:
    """A store of `memories` generated memories (no pipeline run), then a night of `messages` new messages from
    a few dozen of its users."""
    root = work / "store-memories"
    started = time.perf_counter()
    # a store as resolution leaves it: the night pays for its new messages, not for settling generated conflicts
    written = generate(root, memories, STORE_PER_USER, STORE_PER_USER, seed, MULTI_VALUED_TOPICS)
    print(f"generated a store of {written} memories in {time.perf_counter() - started:.0f} s", flush=True)
    users = [user for user, _ in store_users(memories, STORE_PER_USER, STORE_PER_USER)]
    speakers = random.Random(seed).sample(users, min(STORE_SPEAKERS, len(users)))
    log = chat_log(messages, speakers, seed, (START + SPAN).date(), agents=[AGENT])
    write_days(log, work / "store-raw", "night")
    night = run_night(work / "store-raw", root, home, night_run_time(log), log.num_rows, work / "store.log")
    report(f"night over {written} memories ({len(speakers)} users)", night, work / "store.log")
    return night


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=100_000, help="night 1's messages (default 100,000)")
    parser.add_argument("--users", type=int, default=3_000, help="users of the log (default 3,000)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "etl", help="work folder (cleared)")
    parser.add_argument("--skip-1m", action="store_true", help="leave out the night over the generated store")
    parser.add_argument("--store-memories", type=int, default=1_000_000, help="memories of the generated store")
    parser.add_argument("--store-messages", type=int, default=1_000, help="new messages of its night")
    args = parser.parse_args(argv)
    work = prepared_work(args.out)
    home = dagster_home(work)
    night1, night2 = two_nights(work, home, args.messages, args.users, args.seed)
    store = None if args.skip_1m else store_night(work, home, args.store_memories, args.store_messages, args.seed)
    print(
        f"etl msgs_per_min={night1.messages / night1.seconds * 60:.0f} night2_s={night2.seconds:.1f} "
        f"night2_share={night2.seconds / night1.seconds:.3f} "
        f"peak_rss_mb={max(night1.peak_rss_mb, night2.peak_rss_mb):.0f}"
    )
    if store is not None:
        print(
            f"etl_store memories={args.store_memories} new_messages={store.messages} night_s={store.seconds:.1f} "
            f"peak_rss_mb={store.peak_rss_mb:.0f}"
        )


if __name__ == "__main__":
    main()
