"""Progress of the night's long stages: the reporting interface (start a stage with a total and a unit, advance,
finish) and its displays: a line redrawn in place on a terminal, plain log lines elsewhere, or nothing.

Plain Python: assets/progress.py turns the same reports into Dagster log events and metadata.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Literal, Protocol, TextIO

Clock = Callable[[], float]
Event = Literal["start", "advance", "finish", "interrupt"]


@dataclass(frozen=True)
class StageFigures:
    """Where a stage stands: how much of `total` (None while unknown) is done, and after how many seconds."""

    stage: str
    unit: str
    total: int | None
    count: int
    seconds: float

    @property
    def rate(self) -> float:
        """Units per second so far."""
        return self.count / self.seconds if self.seconds > 0 else 0.0

    @property
    def percent(self) -> int | None:
        return min(100, self.count * 100 // self.total) if self.total else None

    @property
    def eta_seconds(self) -> float | None:
        """Seconds left at the rate so far; None while the total or the rate is unknown."""
        if not self.total or self.rate <= 0:
            return None
        return max(0, self.total - self.count) / self.rate

    def metadata(self) -> dict[str, float]:
        """What a finished stage adds to its asset's metadata, e.g. validate_seconds and messages_per_second."""
        return {f"{self.stage}_seconds": round(self.seconds, 3), f"{self.unit}_per_second": round(self.rate, 1)}


class Display(Protocol):
    def show(self, figures: StageFigures, event: Event) -> None:
        """Show a stage that started, advanced, finished or was interrupted by an error."""
        ...


class SilentDisplay:
    def show(self, figures: StageFigures, event: Event) -> None:
        return None


SILENT = SilentDisplay()


class Progress:
    """The reporting interface: one stage at a time, shown on `display` (silent by default); keeps each
    finished stage's figures. Not thread-safe: report from the thread that runs the stage."""

    def __init__(self, display: Display = SILENT, clock: Clock = time.monotonic) -> None:
        self.display, self.clock = display, clock
        self.finished: list[StageFigures] = []
        self._running: StageFigures | None = None
        self._started = 0.0

    def start(self, stage: str, total: int | None, unit: str) -> None:
        self._started = self.clock()
        self._running = StageFigures(stage, unit, total, 0, 0.0)
        self.display.show(self._running, "start")

    def add_total(self, count: int) -> None:
        """More work found while the stage runs (the embedder learns its texts one call at a time)."""
        self._running = replace(self._now(), total=(self._now().total or 0) + count)

    def advance(self, count: int = 1) -> None:
        figures = self._now()
        self._running = replace(figures, count=figures.count + count)
        self.display.show(self._running, "advance")

    def finish(self) -> StageFigures:
        figures = self._now()
        self.finished.append(figures)
        self.display.show(figures, "finish")
        self._running = None
        return figures

    def interrupt(self) -> None:
        """End the running stage without figures: an error stopped it."""
        if self._running is not None:
            self.display.show(self._now(), "interrupt")
            self._running = None

    @contextmanager
    def stage(self, stage: str, unit: str, total: int | None = None) -> Iterator[Progress]:
        """The stage from start to finish; interrupted when its body raises."""
        self.start(stage, total, unit)
        try:
            yield self
        except BaseException:
            self.interrupt()
            raise
        self.finish()

    def metadata(self) -> dict[str, float]:
        """Seconds and rate of every finished stage."""
        return {key: value for figures in self.finished for key, value in figures.metadata().items()}

    def _now(self) -> StageFigures:
        if self._running is None:
            raise RuntimeError("no stage is running: call Progress.start first")
        return replace(self._running, seconds=self.clock() - self._started)


class Displays:
    """Several displays shown the same stages (the Dagster log and the terminal of `memory materialize`)."""

    def __init__(self, displays: Sequence[Display]) -> None:
        self.displays = list(displays)

    def show(self, figures: StageFigures, event: Event) -> None:
        for display in self.displays:
            display.show(figures, event)


def clock_text(seconds: float) -> str:
    """0:07, 4:24, 1:02:03."""
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def seconds_text(seconds: float) -> str:
    return f"{seconds:.1f} s" if seconds < 60 else clock_text(seconds)


def rate_text(figures: StageFigures) -> str:
    rate = figures.rate
    return f"{rate:,.0f} {figures.unit}/s" if rate >= 100 else f"{rate:.1f} {figures.unit}/s"


def counted(count: int, unit: str) -> str:
    """`2,760 messages`, `1 message`, `1 memory` (units are given in the plural)."""
    if count != 1:
        return f"{count:,} {unit}"
    return f"1 {unit[:-3] + 'y' if unit.endswith('ies') else unit.removesuffix('s')}"


def done_text(figures: StageFigures) -> str:
    """`2,760 messages in 3.0 s, 920 messages/s`."""
    return f"{counted(figures.count, figures.unit)} in {seconds_text(figures.seconds)}, {rate_text(figures)}"


def eta_text(figures: StageFigures) -> str:
    eta = figures.eta_seconds
    return f"ETA {clock_text(eta)}" if eta is not None else "ETA ?"


class LogLineDisplay:
    """Plain lines for a log file or the Dagster event log: one when a stage starts, one at every tenth of its
    total (or every `every_seconds` when the total is unknown or progress is slow), one when it ends."""

    def __init__(
        self, write: Callable[[str], None], every_seconds: float = 30.0, tenths: int = 10, min_seconds: float = 1.0
    ) -> None:
        self.write, self.every_seconds, self.tenths, self.min_seconds = write, every_seconds, tenths, min_seconds
        self._step, self._last = 0, 0.0

    def show(self, figures: StageFigures, event: Event) -> None:
        name = figures.stage
        if event == "start":
            self._step, self._last = 0, 0.0
            todo = f", {counted(figures.total, figures.unit)} to do" if figures.total else ""
            self.write(f"{name}: started{todo}")
        elif event == "finish":
            self.write(f"{name}: done, {done_text(figures)}")
        elif event == "interrupt":
            self.write(f"{name}: stopped by an error after {counted(figures.count, figures.unit)}")
        elif self._due(figures):
            self._last = figures.seconds
            self.write(f"{name}: {self._so_far(figures)}")

    def _due(self, figures: StageFigures) -> bool:
        """`every_seconds` passed, or a new tenth of the total was reached at least `min_seconds` after the last
        line (a stage done in a second logs its start and end only); the last tenth is the finish line's."""
        if figures.total and figures.count >= figures.total:
            return False
        step = figures.count * self.tenths // figures.total if figures.total else self._step
        since = figures.seconds - self._last
        if since >= self.every_seconds or (step > self._step and since >= self.min_seconds):
            self._step = step
            return True
        return False

    @staticmethod
    def _so_far(figures: StageFigures) -> str:
        """`1,240/2,760 messages (44%) in 3.0 s, 413 messages/s, ETA 0:04`."""
        speed = f"in {seconds_text(figures.seconds)}, {rate_text(figures)}"
        if not figures.total:
            return f"{counted(figures.count, figures.unit)} {speed}"
        counts = f"{figures.count:,}/{figures.total:,} {figures.unit} ({figures.percent}%)"
        return f"{counts} {speed}, {eta_text(figures)}"


class TerminalDisplay:
    """One line per stage on a terminal, redrawn in place (carriage return) at most every `redraw_seconds`:
    a bar, counts, rate and ETA while it runs; its count, seconds and rate once it is done."""

    BAR = 20

    def __init__(self, stream: TextIO, width: int | None = None, redraw_seconds: float = 0.1) -> None:
        self.stream, self.width, self.redraw_seconds = stream, width, redraw_seconds
        self._drawn = 0.0

    def show(self, figures: StageFigures, event: Event) -> None:
        if event == "advance" and figures.seconds - self._drawn < self.redraw_seconds:
            return
        self._drawn = figures.seconds
        text = f"{figures.stage:<9} {done_text(figures) if event == 'finish' else self._running(figures)}"
        # \x1b[K clears what a longer previous drawing left; a finished or interrupted stage keeps its line
        end = "" if event in ("start", "advance") else "\n"
        self.stream.write(f"\r{text[: self._columns() - 1]}\x1b[K{end}")
        self.stream.flush()

    def _running(self, figures: StageFigures) -> str:
        elapsed = seconds_text(figures.seconds)
        if not figures.total:
            rate = f"  {rate_text(figures)}" if figures.count else ""
            return f"{counted(figures.count, figures.unit)}  {elapsed}{rate}"
        filled = self.BAR * min(figures.count, figures.total) // figures.total
        bar = "#" * filled + "." * (self.BAR - filled)
        counts = f"{figures.count:,}/{figures.total:,} {figures.unit}"
        speed = f"  {rate_text(figures)}  {eta_text(figures)}" if figures.count else f"  {elapsed}"
        return f"[{bar}] {figures.percent:>3}%  {counts}{speed}"

    def _columns(self) -> int:
        """The terminal's width, so a line never wraps (a wrapped line cannot be redrawn in place)."""
        if self.width is not None:
            return self.width
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (OSError, ValueError):
            columns = 0
        return columns or 80  # a pseudo-terminal nobody sized (`script`, a CI runner) says 0


@contextmanager
def console_display(stream: TextIO, quiet: bool = False) -> Iterator[Display]:
    """What `memory materialize` shows on `stream` (its stderr): a redrawn line on a terminal, plain lines
    prefixed `memory:` elsewhere, nothing when quiet.

    It writes to its own copy of the stream's descriptor: while an asset runs, Dagster points descriptor 2 at
    the step's compute log (an instance under $DAGSTER_HOME), which would take the progress away from the
    terminal and put carriage returns in the log the UI shows."""
    if quiet:
        yield SILENT
        return
    with _own_copy(stream) as own:
        if own.isatty():
            yield TerminalDisplay(own)
        else:
            yield LogLineDisplay(lambda line: print(f"memory: {line}", file=own, flush=True))


@contextmanager
def _own_copy(stream: TextIO) -> Iterator[TextIO]:
    try:
        descriptor = os.dup(stream.fileno())
    except (OSError, ValueError, AttributeError):  # an in-memory stream (a test's capture): write to it directly
        yield stream
        return
    with open(descriptor, "w", encoding=stream.encoding or "utf-8", errors="replace", buffering=1) as own:
        yield own
