"""The bundled e5 embedder's two ways of using the cores on the same texts, interleaved: one engine call whose
OpenMP threads share every matrix product (`threads=1`), and the texts cut into parts embedded by worker threads
that each run the engine on one OpenMP thread (the default). Prints wall and CPU seconds (best and median of the
rounds: this machine is shared and drifts) and checks the vectors are the same bits.

    .venv/bin/python bench/embed_threads_bench.py --raw ../shared/eval/locomo-dev/session_log.parquet --texts 600
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.embed_chunks_bench import night_texts, texts_arguments  # noqa: E402
from pipelines.embed.e5 import E5Embedder  # noqa: E402


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    args = texts_arguments(__doc__, texts=600, rounds=4)
    texts = night_texts(args.raw, args.texts)
    ways = {"one_call_openmp": E5Embedder(threads=1), "worker_threads": E5Embedder()}
    walls: dict[str, list[float]] = {way: [] for way in ways}
    cpus: dict[str, list[float]] = {way: [] for way in ways}
    for _ in range(args.rounds):
        vectors = []
        for way, embedder in ways.items():
            wall, cpu = time.perf_counter(), cpu_seconds()
            vectors.append(embedder.embed_passages(texts))
            walls[way].append(time.perf_counter() - wall)
            cpus[way].append(cpu_seconds() - cpu)
        assert np.array_equal(vectors[0], vectors[1]), "the worker threads changed a vector"
    for way in ways:
        print(
            f"embed way={way} threads={ways[way].threads} texts={len(texts)} best_s={min(walls[way]):.2f} "
            f"median_s={statistics.median(walls[way]):.2f} median_cpu_s={statistics.median(cpus[way]):.2f}"
        )
    ratio = statistics.median(walls["worker_threads"]) / statistics.median(walls["one_call_openmp"])
    print(f"embed worker_threads_over_one_call={ratio:.3f}")


if __name__ == "__main__":
    main()
