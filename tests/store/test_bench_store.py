"""The benchmark's generated store is a store like any other: sealed, published, recallable."""

import numpy as np

from bench.recall_bench import TARGET_USER, generate
from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.recall.reader import MemoryReader
from pipelines.store.snapshots import SnapshotStore


def test_the_generated_store_passes_the_integrity_checks_and_answers_recalls(tmp_path):
    generate(tmp_path, total=600, target=200, per_user=200)
    assert SnapshotStore(tmp_path).problems(1) == []
    vector = np.ones(EMBEDDING_DIM, dtype=np.float32) / np.sqrt(EMBEDDING_DIM)
    found = MemoryReader(tmp_path, use_embeddings=False).recall(TARGET_USER, "tables", k=5, query_vector=vector)
    assert len(found) == 5 and {m.user_id for m in found} == {TARGET_USER}
