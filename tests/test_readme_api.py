"""The README's Python API example, run as written: write with SessionLogWriter, `memory materialize`, read back.

The blocks are taken from the README itself, so the documented example and its printed output cannot drift.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SECTION = "## Python API for agent processes"

pytestmark = pytest.mark.slow  # a real nightly run with the bundled e5 model


def readme_blocks() -> list[tuple[str, str]]:
    """(language, code) of every fenced block of the section, in order."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    section = text[start : text.index("\n## ", start + len(SECTION))]
    return re.findall(r"^```(\w+)\n(.*?)^```$", section, flags=re.S | re.M)


def test_the_section_has_the_example_and_its_output():
    assert [language for language, _ in readme_blocks()] == ["python", "bash", "python", "text"]


def test_the_readme_example_runs_as_written_and_prints_what_it_shows(tmp_path, dagster_home):
    write, materialize, read, printed = [code for _, code in readme_blocks()]
    # `memory` as after `make run` with the venv activated; runs go to the test's Dagster instance
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    assert env["DAGSTER_HOME"] == str(dagster_home)
    for code, command in (
        (write, [sys.executable, "-c"]),
        (materialize, ["bash", "-ec"]),
        (read, [sys.executable, "-c"]),
    ):
        done = subprocess.run([*command, code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    assert done.stdout == printed
    assert len(list((tmp_path / "raw").glob("date=*/*.parquet"))) == 2
