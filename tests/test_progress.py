"""Progress reports on a fake clock: the plain log lines, the terminal line (bar, rate, ETA), silence, and which
display `memory materialize` picks for its stderr."""

import io
import os
import pty

import pytest

from pipelines.progress import (
    SILENT,
    LogLineDisplay,
    Progress,
    StageFigures,
    TerminalDisplay,
    console_display,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def run_stage(progress: Progress, clock: FakeClock, steps: list[tuple[float, int]]) -> StageFigures:
    """Advance by each (seconds later, count) step, then finish."""
    for seconds, count in steps:
        clock.now += seconds
        progress.advance(count)
    return progress.finish()


def test_log_lines_say_the_start_each_tenth_and_the_end_with_count_seconds_and_rate():
    lines: list[str] = []
    clock = FakeClock()
    progress = Progress(LogLineDisplay(lines.append), clock)
    progress.start("validate", 1000, "messages")
    figures = run_stage(progress, clock, [(2.0, 200), (2.0, 200), (0.5, 100), (5.5, 500)])
    assert lines == [
        "validate: started, 1,000 messages to do",
        "validate: 200/1,000 messages (20%) in 2.0 s, 100 messages/s, ETA 0:08",
        "validate: 400/1,000 messages (40%) in 4.0 s, 100 messages/s, ETA 0:06",
        # 50 % is a new tenth but only half a second after the last line: no line
        "validate: done, 1,000 messages in 10.0 s, 100 messages/s",
    ]
    assert (figures.count, figures.seconds, figures.rate) == (1000, 10.0, 100.0)
    assert not any("\r" in line for line in lines)


def test_log_lines_of_an_unknown_total_come_every_n_seconds():
    lines: list[str] = []
    clock = FakeClock()
    progress = Progress(LogLineDisplay(lines.append, every_seconds=30), clock)
    progress.start("embed", None, "texts")
    run_stage(progress, clock, [(10, 256), (10, 256), (10, 256), (15, 232)])
    assert lines == [
        "embed: started",
        "embed: 768 texts in 30.0 s, 25.6 texts/s",
        "embed: done, 1,000 texts in 45.0 s, 22.2 texts/s",
    ]


def test_a_total_found_on_the_way_counts_toward_the_tenths():
    lines: list[str] = []
    clock = FakeClock()
    progress = Progress(LogLineDisplay(lines.append), clock)
    progress.start("embed", 0, "texts")
    progress.add_total(100)
    clock.now += 5
    progress.advance(50)
    progress.add_total(100)
    clock.now += 5
    progress.advance(150)
    progress.finish()
    assert lines[1] == "embed: 50/100 texts (50%) in 5.0 s, 10.0 texts/s, ETA 0:05"
    assert lines[2] == "embed: done, 200 texts in 10.0 s, 20.0 texts/s"


def test_the_terminal_redraws_one_line_with_bar_rate_and_eta_and_keeps_it_once_done():
    stream = io.StringIO()
    clock = FakeClock()
    progress = Progress(TerminalDisplay(stream, width=100), clock)
    progress.start("extract", 40, "sessions")
    clock.now += 4
    progress.advance(10)
    clock.now += 0.05  # within the redraw interval: not drawn
    progress.advance(1)
    clock.now += 3.95
    progress.advance(9)
    clock.now += 8
    progress.advance(20)
    progress.finish()
    drawn = stream.getvalue().split("\r")[1:]
    assert drawn == [
        "extract   [....................]   0%  0/40 sessions  0.0 s\x1b[K",
        "extract   [#####...............]  25%  10/40 sessions  2.5 sessions/s  ETA 0:12\x1b[K",
        "extract   [##########..........]  50%  20/40 sessions  2.5 sessions/s  ETA 0:08\x1b[K",
        "extract   [####################] 100%  40/40 sessions  2.5 sessions/s  ETA 0:00\x1b[K",
        "extract   40 sessions in 16.0 s, 2.5 sessions/s\x1b[K\n",
    ]


def test_the_terminal_line_never_wraps_and_an_unknown_total_shows_count_and_time():
    stream = io.StringIO()
    clock = FakeClock()
    progress = Progress(TerminalDisplay(stream, width=30), clock)
    progress.start("embed", None, "texts")
    clock.now += 2
    progress.advance(512)
    drawn = stream.getvalue().split("\r")[1:]
    assert drawn[1] == "embed     512 texts  2.0 s  2\x1b[K"  # 29 columns: the cursor stays on the line
    assert "\n" not in stream.getvalue()


def test_a_stage_that_raises_ends_its_terminal_line_and_says_so_in_the_log():
    stream, lines = io.StringIO(), []
    for display in (TerminalDisplay(stream, width=80), LogLineDisplay(lines.append)):
        progress = Progress(display, FakeClock())
        with pytest.raises(ValueError), progress.stage("extract", "sessions", total=3):
            progress.advance()
            raise ValueError("the model server went away")
        assert progress.finished == []
    assert stream.getvalue().endswith("\n")  # the error message starts on a line of its own
    assert lines[-1] == "extract: stopped by an error after 1 session"


def test_finished_stages_give_seconds_and_rate_as_metadata():
    clock = FakeClock()
    progress = Progress(clock=clock)
    with progress.stage("extract", "sessions", total=10):
        clock.now += 4
        progress.advance(10)
    with progress.stage("embed", "texts"):
        progress.add_total(300)
        clock.now += 2
        progress.advance(300)
    assert progress.metadata() == {
        "extract_seconds": 4.0,
        "sessions_per_second": 2.5,
        "embed_seconds": 2.0,
        "texts_per_second": 150.0,
    }


def test_reporting_outside_a_stage_is_an_error():
    with pytest.raises(RuntimeError, match="no stage is running"):
        Progress().advance()


def test_quiet_shows_nothing_and_a_file_gets_plain_lines(tmp_path):
    with console_display(io.StringIO(), quiet=True) as display:
        assert display is SILENT
    log = tmp_path / "night.log"
    with open(log, "w") as stream, console_display(stream) as display:
        progress = Progress(display)
        with progress.stage("validate", "messages", total=3):
            progress.advance(3)
    text = log.read_text()
    assert text.startswith("memory: validate: started, 3 messages to do\nmemory: validate: done, 3 messages in ")
    assert "\r" not in text and "\x1b" not in text


def read_all(leader: int) -> str:
    """What was written to a pseudo-terminal whose other end is closed (Linux then answers EIO)."""
    chunks = []
    try:
        while chunk := os.read(leader, 4096):
            chunks.append(chunk)
    except OSError:
        pass
    os.close(leader)
    return b"".join(chunks).decode()


def test_a_terminal_gets_the_redrawn_line_through_its_own_descriptor():
    leader, follower = pty.openpty()
    with os.fdopen(follower, "w") as terminal, console_display(terminal) as display:
        assert isinstance(display, TerminalDisplay)
        # the display's descriptor is a copy: Dagster pointing the terminal's descriptor elsewhere (its compute
        # log) while a step runs does not move it
        assert display.stream.fileno() != terminal.fileno()
        with Progress(display).stage("decay", "memories"):
            pass
    written = read_all(leader)
    assert written.startswith("\rdecay     0 memories  0.0 s\x1b[K\r")
    assert "decay     0 memories in " in written


def test_one_of_a_unit_reads_in_the_singular():
    lines: list[str] = []
    progress = Progress(LogLineDisplay(lines.append), FakeClock())
    for unit in ("messages", "memories"):
        with progress.stage("publish", unit, total=1):
            progress.advance()
    assert [line.split(" in ")[0] for line in lines] == [
        "publish: started, 1 message to do",
        "publish: done, 1 message",
        "publish: started, 1 memory to do",
        "publish: done, 1 memory",
    ]
