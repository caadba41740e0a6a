"""One night of the plain-Python stages over a raw log, timed per stage: where a night's minutes go.

Prints `night msgs=.. validate_s=.. extract_s=.. resolve_s=.. decay_s=.. publish_s=.. total_s=.. msgs_per_min=..`
(wall seconds; `cpu_s` is user+system time of all threads), then what the e5 engine did inside the night (texts,
tokens, seconds, tokens/s), and with `--profile N` the N costliest functions of extract by cumulative time.
Defaults: the LoCoMo dev log, the rules extractor, the bundled e5 and a fresh store in a temporary folder.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipelines.embed.e5 import E5Embedder, Embedder  # noqa: E402
from pipelines.extract.rules.engine import RulesExtractor  # noqa: E402
from pipelines.ingest.read import IngestDefaults  # noqa: E402
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate  # noqa: E402
from pipelines.resolve.decay import DecayParams  # noqa: E402

LOCOMO_DEV = ROOT.parent / "shared/eval/locomo-dev/session_log.parquet"


class MeteredEmbedder:
    """The embedder the night is given, counting what reaches the engine: calls, texts and seconds."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name, self.dim, self.similarity_floor = inner.name, inner.dim, inner.similarity_floor
        self.calls = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0
        self.texts: list[str] = []

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        started, cpu = time.perf_counter(), cpu_seconds()
        vectors = self.inner.embed_passages(texts)
        self.seconds += time.perf_counter() - started
        self.cpu_seconds += cpu_seconds() - cpu
        self.calls += 1
        self.texts += list(texts)
        return vectors

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(stage: Callable[[], Any], profile: cProfile.Profile | None = None) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    if profile is None:
        stage()
    else:
        profile.runcall(stage)
    return time.perf_counter() - wall, cpu_seconds() - cpu


def engine_tokens(embedder: Embedder, texts: list[str]) -> int:
    """Tokens the e5 engine fed for `texts` (prefix and specials included); 0 for another embedder."""
    model = getattr(embedder, "_model", None)
    return sum(model.token_count(t) for t in texts) if model is not None else 0


def engine_rates(embedder: Embedder, texts: list[str]) -> str:
    """Tokens/s of the engine over `texts` in one call, in one call sorted by length, and in calls of 32 (a
    night's texts arrive in one call; the engine packs tokens without padding, so order should not matter)."""
    tokens = engine_tokens(embedder, texts)
    ways = {
        "one_call": [texts],
        "sorted": [sorted(texts, key=len)],
        "calls_of_32": [texts[i : i + 32] for i in range(0, len(texts), 32)],
    }
    rates = {}
    for name, calls in ways.items():
        started = time.perf_counter()
        for call in calls:
            embedder.embed_passages(call)
        rates[name] = tokens / (time.perf_counter() - started)
    return f"engine texts={len(texts)} tokens={tokens} " + " ".join(f"{k}_tok_s={v:.0f}" for k, v in rates.items())


def run_night(raw: Path, store: Path, embedder: MeteredEmbedder, profile: cProfile.Profile | None) -> dict[str, Any]:
    now = datetime.now(UTC)
    extractor = RulesExtractor()
    stages: dict[str, Callable[[], Any]] = {
        "validate": lambda: stage_validate(raw, store, IngestDefaults(), now),
        "extract": lambda: stage_extract(store, extractor, embedder),
        "resolve": lambda: stage_resolve(store, now),
        "decay": lambda: stage_decay(store, now.date(), DecayParams()),
        "publish": lambda: stage_publish(store, now, 14, {}),
    }
    return {name: timed(stage, profile if name == "extract" else None) for name, stage in stages.items()}


def night_line(messages: int, seconds: dict[str, tuple[float, float]]) -> str:
    total = sum(wall for wall, _ in seconds.values())
    cpu = sum(used for _, used in seconds.values())
    figures = " ".join(f"{name}_s={wall:.1f}" for name, (wall, _) in seconds.items())
    rate = messages / total * 60
    return f"night msgs={messages} {figures} total_s={total:.1f} cpu_s={cpu:.1f} msgs_per_min={rate:.0f}"


def embed_line(embedder: MeteredEmbedder, messages: int, load_s: float) -> str:
    tokens = engine_tokens(embedder.inner, embedder.texts)
    rate = f"{tokens / embedder.seconds:.0f}" if embedder.seconds else "n/a"
    return (
        f"embed calls={embedder.calls} texts={len(embedder.texts)} texts_per_msg={len(embedder.texts) / messages:.2f} "
        f"tokens={tokens} seconds={embedder.seconds:.1f} cpu_s={embedder.cpu_seconds:.1f} tokens_per_s={rate} "
        f"model_load_s={load_s:.1f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--raw", type=Path, default=LOCOMO_DEV, help="raw log file or folder (default LoCoMo dev)")
    parser.add_argument("--store", type=Path, help="store folder (default: a fresh temporary one)")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="print extract's N costliest functions")
    parser.add_argument("--engine", type=int, default=0, metavar="N", help="also time the engine on N of the texts")
    args = parser.parse_args(argv)
    messages = pl.scan_parquet(args.raw).select(pl.len()).collect().item()
    load_started = time.perf_counter()
    embedder = MeteredEmbedder(E5Embedder())
    load_s = time.perf_counter() - load_started
    profile = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory(prefix="night-profile-") as scratch:
        seconds = run_night(args.raw, args.store or Path(scratch) / "store", embedder, profile)
    print(night_line(messages, seconds))
    print(embed_line(embedder, max(messages, 1), load_s))
    if args.engine:
        print(engine_rates(embedder.inner, list(dict.fromkeys(embedder.texts))[: args.engine]))
    if profile is not None:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(args.profile)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
