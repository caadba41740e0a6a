"""A run's stage progress as Dagster log events and asset metadata, echoed on the terminal of `memory materialize`.

The CLI executes the job in its own process (assets/run.py) and lends its display for the run's length here: a
resource would be run config, recorded and replayed by a re-execution from the UI, and cannot hold a terminal.
"""

from collections.abc import Iterator
from contextlib import contextmanager

import dagster as dg

from pipelines.progress import SILENT, Display, Displays, LogLineDisplay, Progress

# The display of the process's terminal: silent unless `memory materialize` lends one (UI and schedule runs
# report through the run's log only). A stack, so a nested lend gives back the one before it.
_terminal: list[Display] = [SILENT]


@contextmanager
def terminal_display(display: Display) -> Iterator[None]:
    """Show the stages of the runs this process executes on `display` too, until the block ends."""
    _terminal.append(display)
    try:
        yield
    finally:
        _terminal.pop()


def stage_progress(context: dg.AssetExecutionContext) -> Progress:
    """Progress that logs each stage as `context.log.info` events and echoes it on the lent terminal; its
    `metadata()` is the finished stages' seconds and rates for the asset's MaterializeResult."""
    return Progress(Displays([LogLineDisplay(context.log.info), _terminal[-1]]))
