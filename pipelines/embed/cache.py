"""The embedding cache: unchanged text is never embedded twice.

Passage vectors keyed by (model, sha256 of the text), one Parquet file per user shard under `<store>/cache/
embeddings/` (texts no user said, such as topic prototypes, in `common.parquet`), so a night loads and rewrites
the cache of the shards it touches, not of the whole store.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import polars as pl

from pipelines.core.atomic import write_atomic
from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.embed.e5 import Embedder
from pipelines.store.shards import shard_name, shard_of

COMMON = "common"


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class EmbeddingCache:
    """Passage embeddings keyed by (model, text hash) in the parts of `shards` (and the common part); a text
    embedded for a user is kept in that user's shard part. A part is read for the texts asked of it only, so a
    night holds its own texts' vectors, not every vector its shards' users ever had embedded."""

    def __init__(self, folder: Path, model: str, shard_count: int = 1, shards: Iterable[int] = ()) -> None:
        self.folder = Path(folder)
        self.model = model
        self.shard_count = shard_count
        self.parts = [COMMON, *(shard_name(s) for s in sorted(set(shards)))]
        self._vectors: dict[str, np.ndarray] = {}  # the vectors looked up or embedded so far
        self._new: dict[str, dict[str, np.ndarray]] = {}  # part -> vectors to add to its file
        self.hits = 0
        self.misses = 0

    @property
    def held(self) -> int:
        """How many vectors this cache holds in memory (looked up or embedded)."""
        return len(self._vectors)

    def _path(self, part: str) -> Path:
        return self.folder / f"{part}.parquet"

    def _look_up(self, hashes: list[str]) -> None:
        """Load the stored vectors of `hashes` not held yet; a later part wins, as the common part is read first."""
        wanted = pl.Series("text_hash", hashes, dtype=pl.String).unique()
        wanted = wanted.filter(~wanted.is_in(list(self._vectors)))
        if wanted.is_empty():
            return
        for part in self.parts:
            path = self._path(part)
            if not path.exists():
                continue
            mine = (pl.col("model") == self.model) & pl.col("text_hash").is_in(wanted.implode())
            cached = pl.scan_parquet(path).filter(mine).select("text_hash", "embedding").collect()
            matrix = cached["embedding"].to_numpy() if cached.height else np.empty((0, EMBEDDING_DIM))
            self._vectors.update(zip(cached["text_hash"].to_list(), np.asarray(matrix, dtype=np.float32), strict=True))

    def embed(self, texts: Sequence[str], embedder: Embedder, users: Sequence[str | None] | None = None) -> np.ndarray:
        """Embeddings for `texts` in order, computing only those not cached; `users` says whose text each is."""
        hashes = [text_hash(t) for t in texts]
        self._look_up(hashes)
        owners = users if users is not None else [None] * len(texts)
        todo: dict[str, tuple[str, str]] = {}
        for digest, text, user in zip(hashes, texts, owners, strict=True):
            if digest not in self._vectors and digest not in todo:
                todo[digest] = (text, COMMON if user is None else shard_name(shard_of(user, self.shard_count)))
        self.misses += len(todo)
        self.hits += len(hashes) - len(todo)
        if todo:
            fresh = embedder.embed_passages([text for text, _ in todo.values()])
            for (digest, (_, part)), vector in zip(todo.items(), fresh, strict=True):
                self._vectors[digest] = vector
                self._new.setdefault(part, {})[digest] = vector
        if not hashes:
            return np.empty((0, embedder.dim), dtype=np.float32)
        return np.stack([self._vectors[h] for h in hashes])

    def save(self) -> None:
        """Add the new vectors to their parts' files, each written atomically (other models' rows are kept)."""
        for part, vectors in self._new.items():
            mine = pl.DataFrame(
                {
                    "model": [self.model] * len(vectors),
                    "text_hash": list(vectors),
                    "embedding": np.stack(list(vectors.values())),
                }
            )
            path = self._path(part)
            if path.exists():
                kept = pl.read_parquet(path).filter(
                    ~pl.col("text_hash").is_in(list(vectors)) | (pl.col("model") != self.model)
                )
                mine = pl.concat([kept, mine.cast(kept.schema)]) if kept.height else mine
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, mine.write_parquet)
        self._new = {}
