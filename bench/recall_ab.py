"""Recall latency of this work tree against another git revision, interleaved, on the same queries.

This machine's speed drifts by ±20 % over minutes, so two `make bench` runs cannot tell a 10 % change
from noise. Here each side serves recalls from its own process (the revision's `pipelines/` is exported
with `git archive`, so any layout works), the queries alternate between them in random order, each side
times its own recall, and their answers are checked to be the same (`make bench` generates the store).

    .venv/bin/python bench/recall_ab.py HEAD~1 --queries 300
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.recall_bench import TARGET_USER, VOCAB  # noqa: E402

# One recall per input line ({"text", "vector"}), answered with the ids and the milliseconds it took.
# Both layouts are tried: the reader moved from pipelines/recall.py to pipelines/recall/reader.py.
SERVE = """
import json, sys, time
try:
    from pipelines.recall.reader import MemoryReader
except ImportError:
    from pipelines.recall import MemoryReader
reader = MemoryReader(sys.argv[1], use_embeddings=False)
for line in sys.stdin:
    query = json.loads(line)
    start = time.perf_counter()
    found = reader.recall(sys.argv[2], query["text"], k=10, query_vector=query["vector"])
    took = (time.perf_counter() - start) * 1000
    print(json.dumps({"ids": [m.memory_id for m in found], "ms": took}), flush=True)
"""


def tree_at(revision: str) -> Path:
    """A folder holding `pipelines/` as it was at `revision`."""
    folder = Path(tempfile.mkdtemp(prefix="recall-ab-"))
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "pipelines"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    archive_path = folder / "tree.tar"
    archive_path.write_bytes(archive)
    with tarfile.open(archive_path) as tar:
        tar.extractall(folder, filter="data")
    return folder


def serve(tree: Path, store: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", SERVE, str(store), TARGET_USER],
        cwd=tree,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )


def ask(server: subprocess.Popen, text: str, vector: list[float]) -> dict:
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(json.dumps({"text": text, "vector": vector}) + "\n")
    server.stdin.flush()
    return json.loads(server.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", help="git revision to compare against, e.g. HEAD~1")
    parser.add_argument("--store", type=Path, default=ROOT / "bench" / "out" / "store")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument(
        "--count-differences",
        action="store_true",
        help="count queries whose answers differ instead of stopping (when the ranking changed on purpose)",
    )
    args = parser.parse_args()
    servers = {args.revision: serve(tree_at(args.revision), args.store), "work tree": serve(ROOT, args.store)}
    rng = np.random.default_rng(11)
    vectors = rng.standard_normal((args.queries, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    texts = [" ".join(rng.choice(VOCAB, size=4)) for _ in range(args.queries)]
    times: dict[str, list[float]] = {name: [] for name in servers}
    differing = 0
    for text, vector in zip(texts, vectors.tolist(), strict=True):
        answers = {}
        for name in random.sample(list(servers), len(servers)):
            reply = ask(servers[name], text, vector)
            answers[name] = reply["ids"]
            times[name].append(reply["ms"])
        if len({tuple(ids) for ids in answers.values()}) != 1:
            if not args.count_differences:
                raise SystemExit(f"the readers disagree on {text!r}: {answers}")
            differing += 1
    for server in servers.values():
        server.terminate()
    for name, ms in times.items():
        warm = sorted(ms[1:])  # the first recall loads the user's tables
        print(f"{name:>12}: p50 {statistics.median(warm):.2f} ms  p90 {warm[int(len(warm) * 0.9)]:.2f} ms")
    print(f"answers differ on {differing} of {len(texts)} queries")


if __name__ == "__main__":
    main()
