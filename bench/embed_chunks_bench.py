"""What reporting embedding progress costs: the bundled e5 embedder given a night's texts in one call (as before)
against the same texts through ReportingEmbedder (256 at a time, each chunk reported), interleaved.

This machine's speed drifts by ±20 % over minutes, so the two ways alternate, and the best of each is printed.

    .venv/bin/python bench/embed_chunks_bench.py --raw ../shared/eval/locomo-dev/session_log.parquet --texts 1500
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import polars as pl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipelines.embed.e5 import E5Embedder  # noqa: E402
from pipelines.embed.reporting import ReportingEmbedder  # noqa: E402
from pipelines.progress import Progress  # noqa: E402


def night_texts(raw: Path, count: int) -> list[str]:
    """The first `count` distinct message texts of a raw log (a file or a folder of Parquet)."""
    source = raw if raw.is_file() else raw / "**" / "*.parquet"
    texts = pl.scan_parquet(source, hive_partitioning=False).select("content").unique(maintain_order=True)
    return texts.head(count).collect()["content"].to_list()


def seconds(embed, texts: list[str]) -> tuple[float, np.ndarray]:
    started = time.perf_counter()
    vectors = embed(texts)
    return time.perf_counter() - started, vectors


def texts_arguments(description: str, texts: int, rounds: int) -> argparse.Namespace:
    """--raw (a log whose messages are the texts), --texts (how many) and --rounds of an embedding bench."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--raw", type=Path, default=ROOT / "data" / "sample")
    parser.add_argument("--texts", type=int, default=texts)
    parser.add_argument("--rounds", type=int, default=rounds)
    return parser.parse_args()


def main() -> None:
    args = texts_arguments(__doc__, texts=1500, rounds=3)
    texts = night_texts(args.raw, args.texts)
    embedder = E5Embedder()
    best = {"one call": float("inf"), "reported chunks": float("inf")}
    for _ in range(args.rounds):
        whole_s, whole = seconds(embedder.embed_passages, texts)
        progress = Progress()
        progress.start("embed", 0, "texts")
        chunked_s, chunked = seconds(ReportingEmbedder(embedder, progress).embed_passages, texts)
        progress.finish()
        assert np.array_equal(whole, chunked), "chunking changed a vector"
        best["one call"] = min(best["one call"], whole_s)
        best["reported chunks"] = min(best["reported chunks"], chunked_s)
    for way, took in best.items():
        print(f"embed way={way!r} texts={len(texts)} best_s={took:.2f} texts_per_s={len(texts) / took:.1f}")
    print(f"embed chunked_over_one_call={best['reported chunks'] / best['one call']:.3f}")


if __name__ == "__main__":
    main()
