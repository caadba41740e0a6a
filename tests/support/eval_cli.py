"""`memory eval --json` on a store built from hand-made rows, as a user would call it."""

from __future__ import annotations

import json
from pathlib import Path

from pipelines.cli import main


def eval_json(capsys, store: Path, questions: Path, *flags: str) -> dict:
    """The parsed `--json` report of `memory eval` (asserts the command succeeded)."""
    assert main(["eval", "--store", str(store), "--questions", str(questions), *flags, "--json"]) == 0
    return json.loads(capsys.readouterr().out)
