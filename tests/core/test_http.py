"""One retry policy for every HTTP client: the chat client and the embeddings client back off alike."""

import pytest

from pipelines.core.http import RetryPolicy
from pipelines.embed.remote import RemoteEmbedder, RemoteEmbeddingError
from tests.support.chat_server import ChatServer, Reply


def test_backoff_doubles_up_to_the_cap_with_equal_jitter():
    policy = RetryPolicy(backoff_seconds=1.0, backoff_cap_seconds=4.0)
    assert [policy.wait_seconds(n, None, jitter=0.0) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 2.0]
    assert [policy.wait_seconds(n, None, jitter=1.0) for n in (1, 2, 3, 4)] == [1.0, 2.0, 4.0, 4.0]
    assert policy.wait_seconds(1, 7.0, jitter=0.5) == 7.0  # the server's Retry-After wins


def test_give_up_after_max_retries_or_on_a_wait_longer_than_allowed():
    policy = RetryPolicy(max_retries=2, max_retry_after_seconds=60)
    assert policy.give_up_reason(2, None) is None
    assert policy.give_up_reason(3, None) == "gave up after 3 attempts"
    assert policy.give_up_reason(1, 61.0) == "server asked to wait 61s"


def _embeddings(n: int = 1) -> Reply:
    return Reply(200, {"data": [{"index": i, "embedding": [1.0] + [0.0] * 383} for i in range(n)]})


def test_the_embeddings_client_retries_5xx_and_429_with_the_shared_policy():
    sleeps: list[float] = []
    with ChatServer() as server:
        server.script = [Reply(503, "busy"), Reply(429, "slow down", {"Retry-After": "2"}), _embeddings()]
        remote = RemoteEmbedder(server.url, "m", max_retries=3, sleep=sleeps.append, jitter=lambda: 0.5)
        vector = remote.embed_query("hello")
    assert vector.shape == (384,) and len(server.requests) == 3
    assert sleeps == [0.75, 2.0]  # equal jitter of the 1 s first step, then Retry-After


def test_the_embeddings_client_gives_up_naming_the_setting_and_does_not_retry_a_4xx():
    with ChatServer() as server:
        server.script = [Reply(503, "busy")] * 3
        remote = RemoteEmbedder(server.url, "m", max_retries=1, sleep=lambda s: None)
        with pytest.raises(RemoteEmbeddingError, match="gave up after 2 attempts"):
            remote.embed_query("hello")
        server.script = [Reply(401, "bad key")]
        with pytest.raises(RemoteEmbeddingError, match="MEMORY_EMBED_API_KEY"):
            remote.embed_query("hello")
    assert len(server.requests) == 3  # two tries of the 503, one of the 401
