"""Recall latency of this work tree against another git revision, interleaved in one process.

This machine's speed drifts by ±20 % over minutes, so two `make bench` runs cannot tell a 10 % change
from noise; here both readers answer the same queries in alternating random order on the bench store
(`make bench` generates it), and their answers are checked to be the same.

    .venv/bin/python bench/recall_ab.py HEAD~1 --queries 300
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.recall_bench import TARGET_USER, VOCAB  # noqa: E402
from pipelines.recall.reader import MemoryReader  # noqa: E402
from pipelines.core.schemas import EMBEDDING_DIM  # noqa: E402


def reader_class_at(revision: str) -> type:
    """`MemoryReader` of pipelines/recall/reader.py as it was at `revision` (the rest of `pipelines` is this tree's)."""
    source = subprocess.run(["git", "show", f"{revision}:pipelines/recall/reader.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "recall_at_revision.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("recall_at_revision", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is created
    spec.loader.exec_module(module)
    return module.MemoryReader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", help="git revision to compare against, e.g. HEAD~1")
    parser.add_argument("--store", type=Path, default=ROOT / "bench" / "out" / "store")
    parser.add_argument("--queries", type=int, default=300)
    args = parser.parse_args()
    readers = {args.revision: reader_class_at(args.revision)(args.store, use_embeddings=False),
               "work tree": MemoryReader(args.store, use_embeddings=False)}
    rng = np.random.default_rng(11)
    vectors = rng.standard_normal((args.queries, EMBEDDING_DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    texts = [" ".join(rng.choice(VOCAB, size=4)) for _ in range(args.queries)]
    times: dict[str, list[float]] = {name: [] for name in readers}
    for text, vector in zip(texts, vectors):
        answers = {}
        for name in random.sample(list(readers), len(readers)):
            start = time.perf_counter()
            answers[name] = [m.memory_id for m in readers[name].recall(TARGET_USER, text, k=10, query_vector=vector)]
            times[name].append((time.perf_counter() - start) * 1000)
        if len({tuple(ids) for ids in answers.values()}) != 1:
            raise SystemExit(f"the readers disagree on {text!r}: {answers}")
    for name, ms in times.items():
        warm = sorted(ms[1:])  # the first recall loads the user's tables
        print(f"{name:>12}: p50 {statistics.median(warm):.2f} ms  p90 {warm[int(len(warm) * 0.9)]:.2f} ms")


if __name__ == "__main__":
    main()
