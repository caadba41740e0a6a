"""Nightly ETL throughput (issue 13): two nights over a generated multi-user chat log, then one night of new
messages over a generated 1M-memory store, each run as the product runs it (`memory materialize` in a child).

Night 1 loads --messages messages of --users users (bench/etl_log.py); night 2 adds 1 % as many new messages
from 1 % of the users. The store night: 1,000 new messages from 20 users over a generated store of 1M memories,
100 users of 10,000 each (`--store-per-user 100`: 10,000 users of 100). Prints each night's seconds per stage as
it ends, then

    etl msgs_per_min=.. night2_s=.. night2_share=.. peak_rss_mb=..
    etl_1m night_s=.. peak_rss_mb=.. new_msgs=1000 store_memories=1000000 per_user=.. store_s=.. embed_s=..
    etl_1m_naive resolve_s=.. naive_resolve_s=.. ratio=.. naive_peak_rss_mb=..

`store_s` is the night without its extract-and-embed step (what the store's size can cost), `embed_s` that step
(what the new messages cost: e5 on 2 cores). The naive line re-resolves the whole store with the night's
candidates (bench/naive_resolve.py) beside the night's own resolve step.

With the bundled e5 a night runs at roughly 600-2,000 messages a minute on 2 cores: the default 100k messages
take about an hour; `--store-only` runs the store night alone (about 5 minutes). `--messages 3000 --users 300`
checks the harness in minutes.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.etl_log import chat_log, user_ids, write_days  # noqa: E402
from bench.etl_night import Night, dagster_home, night_run_time, run_night  # noqa: E402
from bench.synthetic_store import AGENT, SPAN, START, store_users  # noqa: E402

FIRST_DAY = date(2026, 2, 1)
NIGHT1_DAYS = 7  # night 1 folds in a week of log; night 2 the day after it
STORE_PER_USER = 10_000  # memories of each user of the generated store (issue 13: 100 users, 1M memories)
STORE_SPEAKERS = 20  # how many of the store's users speak in its night
EMBED_STEP = "memory_candidates"  # the step that extracts and embeds: its cost is the new messages', not the store's
RESOLVE_STEP = "resolved_memories"
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


def store_night(
    work: Path, home: Path, memories: int, per_user: int, messages: int, seed: int
) -> tuple[Night, datetime]:
    """A store of `memories` generated memories, `per_user` each (no pipeline run), then a night of `messages` new
    messages from STORE_SPEAKERS of its users."""
    root = work / "store-memories"
    started = time.perf_counter()
    # a store as resolution leaves it (--settled): the night pays for its new messages, not for settling generated
    # conflicts. Generated in a child: a 1M store takes GBs, and a night forked from a big process reports its
    # parent's peak RSS (the kernel keeps the larger of the two across exec).
    command = [sys.executable, str(ROOT / "bench" / "synthetic_store.py"), "--out", str(root), "--settled"]
    command += ["--memories", str(memories), "--per-user", str(per_user), "--seed", str(seed)]
    written = int(subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()[-1])
    print(f"generated a store of {written} memories in {time.perf_counter() - started:.0f} s", flush=True)
    users = [user for user, _ in store_users(memories, per_user, per_user)]
    speakers = random.Random(seed).sample(users, min(STORE_SPEAKERS, len(users)))
    log = chat_log(messages, speakers, seed, (START + SPAN).date(), agents=[AGENT])
    write_days(log, work / "store-raw", "night")
    run_as_of = night_run_time(log)
    night = run_night(work / "store-raw", root, home, run_as_of, log.num_rows, work / "store.log")
    report(f"night over {written} memories ({len(speakers)} users)", night, work / "store.log")
    return night, run_as_of


def store_lines(night: Night, memories: int, per_user: int, naive: dict[str, float]) -> str:
    """The store night's figures, and the naive resolve beside the night's own."""
    embed = night.stages.get(EMBED_STEP, 0.0)
    ours = night.stages.get(RESOLVE_STEP, 0.0)
    ratio = naive["naive_resolve_s"] / ours if ours else float("nan")
    return (
        f"etl_1m night_s={night.seconds:.1f} peak_rss_mb={night.peak_rss_mb:.0f} new_msgs={night.messages} "
        f"store_memories={memories} per_user={per_user} store_s={night.seconds - embed:.1f} embed_s={embed:.1f}\n"
        f"etl_1m_naive resolve_s={ours:.1f} naive_resolve_s={naive['naive_resolve_s']:.1f} ratio={ratio:.1f} "
        f"naive_peak_rss_mb={naive['peak_rss_mb']:.0f}"
    )


def naive_resolve(work: Path, run_as_of: datetime) -> dict[str, float]:
    """bench/naive_resolve.py over the store night's base version and its staged candidates, in a child."""
    candidates = sorted((work / "store-memories" / "staging").glob("*/candidates.parquet"))
    command = [sys.executable, str(ROOT / "bench" / "naive_resolve.py"), "--store", str(work / "store-memories")]
    command += ["--candidates", str(candidates[-1]), "--now", run_as_of.isoformat()]
    line = subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    return {key: float(value) for key, value in (pair.split("=") for pair in line.split())}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=100_000, help="night 1's messages (default 100,000)")
    parser.add_argument("--users", type=int, default=3_000, help="users of the log (default 3,000)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "etl", help="work folder (cleared)")
    runs = parser.add_mutually_exclusive_group()
    runs.add_argument("--skip-1m", action="store_true", help="leave out the night over the generated store")
    runs.add_argument("--store-only", action="store_true", help="only the night over the generated store")
    parser.add_argument("--store-memories", type=int, default=1_000_000, help="memories of the generated store")
    parser.add_argument("--store-per-user", type=int, default=STORE_PER_USER, help="memories of each of its users")
    parser.add_argument("--store-messages", type=int, default=1_000, help="new messages of its night")
    args = parser.parse_args(argv)
    work = prepared_work(args.out)
    home = dagster_home(work)
    if not args.store_only:
        night1, night2 = two_nights(work, home, args.messages, args.users, args.seed)
        print(
            f"etl msgs_per_min={night1.messages / night1.seconds * 60:.0f} night2_s={night2.seconds:.1f} "
            f"night2_share={night2.seconds / night1.seconds:.3f} "
            f"peak_rss_mb={max(night1.peak_rss_mb, night2.peak_rss_mb):.0f}",
            flush=True,
        )
    if not args.skip_1m:
        per_user = args.store_per_user
        night, run_as_of = store_night(work, home, args.store_memories, per_user, args.store_messages, args.seed)
        print(store_lines(night, args.store_memories, per_user, naive_resolve(work, run_as_of)))


if __name__ == "__main__":
    main()
