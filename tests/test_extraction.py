from datetime import datetime

import numpy as np
import polars as pl

from conftest import UTC, message
from pipelines.embed.cache import EmbeddingCache
from pipelines.extract.candidates import extract
from pipelines.core.schemas import MESSAGE_SCHEMA, ExtractedMemory, Kind

T = datetime(2026, 3, 3, 10, tzinfo=UTC)


def messages(rows):
    frame = pl.DataFrame([r | {"input_file": "f.parquet", "input_row": i} for i, r in enumerate(rows)])
    return frame.select(MESSAGE_SCHEMA.names).cast(pl.from_arrow(MESSAGE_SCHEMA.empty_table()).schema)


class OneFactPerSession:
    name = "fake@1"

    def extract_session(self, session):
        first = session[0]
        good = ExtractedMemory(kind=Kind.FACT, topic="residence", content="User lives in Oslo.", confidence=0.9,
                               valid_from=first.ts, source_message_ids=[first.message_id])
        foreign = good.model_copy(update={"content": "stolen", "source_message_ids": ["other-session:1"]})
        return [good, foreign]


def test_every_user_message_becomes_an_episode_and_outcomes_cover_every_message():
    frame = messages([
        message("s1", 1, "I live in Oslo", T),
        message("s1", 2, "Noted.", T, role="assistant"),
        message("s2", 1, "hello", T, user="u2"),
    ])
    candidates, outcomes = extract(frame, OneFactPerSession())
    assert sorted(candidates.filter(pl.col("kind") == "episode")["content"]) == ["I live in Oslo", "hello"]
    assert "stolen" not in candidates["content"].to_list()  # cites a message outside its session
    facts = candidates.filter(pl.col("kind") == "fact")
    assert facts["user_id"].to_list() == ["u1", "u2"]  # each session's fact belongs to that session's user
    assert dict(outcomes.select("message_id", "outcome").iter_rows()) == {
        "s1:1": "extracted", "s1:2": "no_memory", "s2:1": "extracted",
    }
    assert candidates.filter(pl.col("kind") == "episode")["extractor"].unique().to_list() == ["verbatim@1"]


def test_embedding_cache_never_embeds_the_same_text_twice(tmp_path, embedder):
    path = tmp_path / "cache" / "embeddings.parquet"
    first = EmbeddingCache(path, embedder.name)
    vectors = first.embed(["用户住在北京", "User likes tables.", "用户住在北京"], embedder)
    first.save()
    assert embedder.calls == 2 and (first.misses, first.hits) == (2, 1)
    assert np.allclose(vectors[0], vectors[2])
    again = EmbeddingCache(path, embedder.name)
    assert np.allclose(again.embed(["User likes tables."], embedder)[0], vectors[1])
    assert embedder.calls == 2 and again.hits == 1
    other_model = EmbeddingCache(path, "another-model@1")
    other_model.embed(["User likes tables."], embedder)
    other_model.save()
    assert embedder.calls == 3  # a cache entry is only valid for the model that made it
    assert EmbeddingCache(path, embedder.name).embed(["用户住在北京"], embedder).shape == (1, 384)
    assert embedder.calls == 3
