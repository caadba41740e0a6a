"""Trains a bundled head from labelled user messages.

    python -m pipelines.extract.signals.head_training data/topic_head/messages.parquet [--out PATH]
    python -m pipelines.extract.signals.head_training data/own_head/messages.parquet --out .../own_head.npz

The messages file has `speaker`, `content` and `label` (a single-valued topic or "none" for the topic head; "own"
or "not_own" for the head that reads whose state a message states); each message is embedded
as the labeller embeds an episode (embedding_texts: "speaker: message", without its context), so the head reads
the same vectors at night as it was trained on. Deterministic: the same file and embedder give the same head.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import polars as pl

from pipelines.embed.e5 import E5Embedder, Embedder
from pipelines.embed.passages import embedding_texts
from pipelines.extract.signals.topic_head import BUNDLED_HEAD, HeadTraining, TopicHead, fit_topic_head


def message_passages(messages: pl.DataFrame) -> list[str]:
    """Each message's passage, as label_statements embeds its episode."""
    return [
        embedding_texts("episode", content, [speaker] if speaker else None, None)[0]
        for speaker, content in messages.select("speaker", "content").iter_rows()
    ]


def train_head(messages: pl.DataFrame, embedder: Embedder, training: HeadTraining | None = None) -> TopicHead:
    """A head fitted to `messages`' labels over `embedder`'s vectors of them."""
    vectors = np.asarray(embedder.embed_passages(message_passages(messages)), dtype=np.float32)
    return fit_topic_head(embedder.name, vectors, messages["label"].to_list(), training or HeadTraining())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="train a head bundled with the extractor (the topic head by default)")
    parser.add_argument("messages", type=Path, help="labelled messages (speaker, content, label) as Parquet")
    parser.add_argument("--out", type=Path, default=BUNDLED_HEAD, help=f"where to write it (default: {BUNDLED_HEAD})")
    args = parser.parse_args(argv)
    messages = pl.read_parquet(args.messages)
    head = train_head(messages, E5Embedder())
    head.save(args.out)
    counts = ", ".join(f"{label} {n}" for label, n in messages.group_by("label").len().sort("label").iter_rows())
    print(f"head: {len(messages)} messages ({counts}) -> {args.out}")


if __name__ == "__main__":
    main()
