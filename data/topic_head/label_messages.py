"""Labels the user messages of knowledge-update story sets for the topic head.

    python data/topic_head/label_messages.py OUT.parquet STORY_DIR...

Each STORY_DIR holds session_log.parquet and questions.parquet (the updates-dev layout). A user message is labelled
with the single-valued topic of the probe it is evidence or stale for (the topic recall reads in the probe's
question); a message such probes disagree on, or whose probe names no topic, is left out; a message no probe
points to, or only a multi-valued probe, is "none".
"""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl

from pipelines.embed.e5 import E5Embedder
from pipelines.extract.signals.topic_head import NONE_CLASS
from pipelines.recall.query_topic import QueryTopics


def probe_topics(questions: pl.DataFrame, topics: QueryTopics, embedder: E5Embedder) -> dict[str, set[str | None]]:
    """Per message id, the topics of the single-valued probes it is evidence or stale for."""
    labels: dict[str, set[str | None]] = {}
    for question, category, evidence, stale in questions.select(
        "question", "category", "evidence_message_ids", "stale_message_ids"
    ).iter_rows():
        if category == "multi_valued":
            continue
        topic = topics.topic_of(question, embedder.embed_query(question))
        for message_id in list(evidence) + list(stale or []):
            labels.setdefault(message_id, set()).add(topic)
    return labels


def labelled_messages(story: Path, topics: QueryTopics, embedder: E5Embedder) -> pl.DataFrame:
    labels = probe_topics(pl.read_parquet(story / "questions.parquet"), topics, embedder)
    messages = pl.read_parquet(story / "session_log.parquet").filter(pl.col("role") == "user")
    rows = []
    for message_id, speaker, content in messages.select("message_id", "speaker", "content").iter_rows():
        said = labels.get(message_id, {NONE_CLASS})
        if len(said) == 1 and None not in said:
            rows.append(
                {
                    "story_set": story.name,
                    "message_id": message_id,
                    "speaker": speaker,
                    "content": content,
                    "label": said.pop(),
                }
            )
    return pl.DataFrame(rows)


def main(out: str, *stories: str) -> None:
    embedder = E5Embedder()
    topics = QueryTopics(embedder.embed_query, question_similarity=lambda: embedder.question_topic_similarity)
    frames = [labelled_messages(Path(story), topics, embedder) for story in stories]
    pl.concat(frames).write_parquet(out)


if __name__ == "__main__":
    main(*sys.argv[1:])
