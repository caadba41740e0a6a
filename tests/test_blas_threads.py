"""The nightly process runs OpenBLAS on one thread unless told otherwise (pipelines/__init__.py)."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = """
import ctypes, glob, os
import pipelines.nightly, numpy
print(os.environ["OPENBLAS_NUM_THREADS"])
libs = glob.glob(os.path.join(os.path.dirname(numpy.__file__), os.pardir, "numpy.libs", "*openblas*"))
getters = [getattr(ctypes.CDLL(lib), name, None) for lib in libs for name in (
    "scipy_openblas_get_num_threads64_", "openblas_get_num_threads64_", "openblas_get_num_threads")]
print(next((g() for g in getters if g is not None), "unknown"))
"""


def _threads(env: dict[str, str]) -> list[str]:
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True).stdout
    return out.split()


def test_openblas_runs_one_thread_by_default_and_the_environment_overrides_it():
    clean = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    variable, threads = _threads(clean)
    assert variable == "1" and threads in ("1", "unknown")
    variable, threads = _threads({**clean, "OPENBLAS_NUM_THREADS": "2"})
    assert variable == "2" and threads in ("2", "unknown")
