"""Owns running one night as the product runs it: this venv's `memory materialize` in a child process, timed by
wall clock, its peak RSS from the kernel (wait4), and its seconds per stage from the run's Dagster event log.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from datetime import time as day_time
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

ROOT = Path(__file__).resolve().parent.parent
# The nightly schedule's hour (assets/schedules.py runs at 02:00): a night replays as if run then.
NIGHT_HOUR = day_time(2)


@dataclass(frozen=True)
class Night:
    messages: int
    seconds: float  # wall clock, what the figures are
    cpu_seconds: float  # user + system time of the child: on a shared machine, how much of the wall was its own
    peak_rss_mb: float
    stages: dict[str, float]  # seconds: outside the run, each asset step in run order, its checks, between steps
    summary: str  # what `memory materialize` printed
    error: str | None = None  # how the night failed (its last line), None when it published

    def breakdown(self) -> str:
        return " ".join(f"{stage}={seconds:.1f}" for stage, seconds in self.stages.items())


def dagster_home(work: Path) -> Path:
    """A Dagster home of the bench's own (the repo's dagster.yaml), so runs are recorded with their step
    timings and never land in a developer's instance."""
    home = work / "dagster_home"
    home.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    return home


def night_run_time(log: pa.Table) -> datetime:
    """The first nightly run (02:00 UTC) after the log's last message: the night that would fold it in."""
    last = pc.max(log["ts"]).as_py()
    run = datetime.combine(last.date(), NIGHT_HOUR, tzinfo=last.tzinfo)
    return run if run > last else run + timedelta(days=1)


def run_night(raw: Path, store: Path, home: Path, run_as_of: datetime, messages: int, log: Path) -> Night:
    """`memory materialize --raw raw --store store` as of `run_as_of`, its output kept in `log`."""
    memory = Path(sys.executable).with_name("memory")
    if not memory.exists():
        raise SystemExit(f"{memory}: not found; run the bench with the venv's python after `make install`")
    command = [str(memory), "materialize", "--raw", str(raw), "--store", str(store), "--run-as-of"]
    command.append(run_as_of.isoformat())
    env = {**os.environ, "DAGSTER_HOME": str(home)}  # the bench's own instance, so the run's steps are recorded
    started = time.perf_counter()
    with open(log, "w") as output:
        child = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)
        # wait4 gives this child's own peak RSS; RUSAGE_CHILDREN would be the largest of every night so far
        _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    output = log.read_text()
    last = (output.strip().splitlines() or ["no output"])[-1]
    error = None if child.returncode == 0 else f"exit {child.returncode}: {last}"
    timings = run_stage_seconds(home, child.pid)
    run = timings.pop("run", 0.0)
    stages = {"outside_run": seconds - run, **timings}  # process start, raw check, summary
    cpu = usage.ru_utime + usage.ru_stime
    return Night(messages, seconds, cpu, usage.ru_maxrss / 1024, stages, output, error)


def run_stage_seconds(home: Path, pid: int) -> dict[str, float]:
    """Seconds of the run process `pid` recorded in `home` (none when it failed before starting one): `run`
    (start to end), each asset step in the order it ran, `checks` (every asset check step; a check's step key
    is its asset's plus a suffix) and `between_steps`."""
    import dagster as dg

    with dg.DagsterInstance.from_config(str(home)) as instance:
        # `memory materialize` tags its run with its process id (assets.runs.process_tags)
        runs = instance.get_runs(filters=dg.RunsFilter(tags={"memory/pid": str(pid)}), limit=1)
        if not runs:
            return {}
        run_id = runs[0].run_id
        steps = sorted(instance.get_run_step_stats(run_id), key=lambda step: step.start_time or 0.0)
        run = instance.get_run_stats(run_id)
    keys = {step.step_key for step in steps}
    spent = {step.step_key: (step.end_time or 0.0) - (step.start_time or 0.0) for step in steps}
    checks = {key for key in keys if any(key.startswith(other + "_") for other in keys)}
    total = (run.end_time or 0.0) - (run.start_time or 0.0)
    return {
        "run": total,
        **{key: seconds for key, seconds in spent.items() if key not in checks},
        "checks": sum(spent[key] for key in checks),
        "between_steps": total - sum(spent.values()),
    }
