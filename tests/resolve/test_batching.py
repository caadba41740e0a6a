"""The same messages give the same snapshot and the same recall results, however they are batched into
nights and in whatever order the nights bring them: an episode's context is the turn before it in the whole
session, whichever night that turn arrived in."""

import tempfile
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.embed.passages import CONTEXT_WEIGHT
from pipelines.extract.rules.engine import RulesExtractor
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.recall.reader import MemoryReader
from pipelines.resolve.decay import DecayParams
from pipelines.store.snapshots import SnapshotStore
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import MAR, NIGHT, message, write_raw

TURNS = [
    # (session, seq, role, text, day)
    ("s1", 1, "user", "I live in Shanghai and work at Acme", 1),
    ("s1", 2, "assistant", "Noted: Shanghai, Acme.", 1),
    ("s1", 3, "user", "Yes, twice a week I swim", 1),
    ("s1", 4, "assistant", "How often do you swim?", 1),
    ("s2", 1, "user", "I moved to Beijing last week", 4),
    ("s2", 2, "assistant", "Which district?", 4),
    ("s2", 3, "user", "Chaoyang, near the park", 4),
    ("s2", 4, "user", "Please answer in bullet points from now on", 4),
]
QUERIES = ["Where does the user live now?", "Chaoyang district", "how often does the user swim", "answer format"]


def _rows(indices: list[int]) -> list[dict]:
    rows = []
    for i in indices:
        session, seq, role, text, day = TURNS[i]
        rows.append(message(session, seq, text, MAR(day, 9).replace(minute=seq), role=role))
    return rows


class RecordingEmbedder(HashingEmbedder):
    """Remembers every text it embedded, night by night."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[list[str]] = []

    def embed_passages(self, texts):
        self.texts[-1].extend(texts)
        return super().embed_passages(texts)


def _run_nights(
    root: Path, nights: list[list[int]], embedder: RecordingEmbedder | None = None
) -> tuple[pl.DataFrame, dict[str, list[str]]]:
    store, raw, embedder = root / "store", root / "raw", embedder or RecordingEmbedder()
    for n, night in enumerate(nights):
        embedder.texts.append([])
        write_raw(raw / f"night={n}" / "part-0.parquet", _rows(night))
        stage_validate(raw, store, IngestDefaults(), NIGHT)
        stage_extract(store, RulesExtractor(), embedder)
        stage_resolve(store, NIGHT)
        stage_decay(store, NIGHT.date(), DecayParams())
        stage_publish(store, NIGHT, 30, {})
    memories = SnapshotStore(store).read_memories()
    state = memories.select("memory_id", "topic", "mood", "context", "valid_to", "superseded_by", "embedding").sort(
        "memory_id"
    )
    reader = MemoryReader(store, embedder)
    answers = {q: [m.memory_id for m in reader.recall("u1", q, k=5, agent_id="bot")] for q in QUERIES}
    return state, answers


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_any_batching_and_order_gives_the_same_snapshot_and_recall(data):
    order = data.draw(st.permutations(range(len(TURNS))))
    cuts = sorted(data.draw(st.sets(st.integers(1, len(TURNS) - 1), max_size=3)))
    nights = [list(order[lo:hi]) for lo, hi in zip([0, *cuts], [*cuts, len(TURNS)], strict=True)]
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as many:
        expected_state, expected_answers = _run_nights(Path(one), [list(range(len(TURNS)))])
        state, answers = _run_nights(Path(many), nights)
    assert state.equals(expected_state)
    assert answers == expected_answers


def test_an_episode_whose_previous_turn_arrives_a_night_later_gets_it_as_context(tmp_path):
    state, _ = _run_nights(tmp_path, [[2], [0, 1, 3]])  # "Yes, twice a week I swim" before its question
    contexts = pl.Series(state["context"]).drop_nulls().to_list()
    assert "u1: Noted: Shanghai, Acme." in contexts  # the test log names every speaker u1


def test_the_previous_turn_vector_is_found_when_that_turn_arrived_on_an_earlier_night(tmp_path):
    embedder = RecordingEmbedder()
    _run_nights(tmp_path, [[0, 1], [2, 3]], embedder)  # "Noted: Shanghai, Acme." the night before its reply
    previous, said = "u1: Noted: Shanghai, Acme.", "u1: Yes, twice a week I swim"
    assert previous in embedder.texts[0] and said in embedder.texts[1]
    assert not [text for night in embedder.texts for text in night if previous in text and text != previous]
    assert previous not in embedder.texts[1]  # the cache had it: no message is embedded twice
    memories = SnapshotStore(tmp_path / "store").read_memories()
    vector = memories.filter(pl.col("content") == "Yes, twice a week I swim")["embedding"].to_numpy()[0]
    summed = embedder._vector(said) + CONTEXT_WEIGHT * embedder._vector(previous)
    assert np.allclose(vector, summed / np.linalg.norm(summed), atol=1e-6)
