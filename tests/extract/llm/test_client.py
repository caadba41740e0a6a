"""The chat client against a real loopback server: structured output, retries, Retry-After, timeouts."""

import json
import re

import pytest

from pipelines.core.http import retry_after_seconds
from pipelines.extract.llm.client import ChatClient, ChatFailure, ChatSettings
from pipelines.extract.llm.prompt import ANSWER_SCHEMA, system_prompt
from tests.support.chat_server import ChatServer, Reply, completion

TURNS = [{"role": "user", "content": "<window>...</window>"}]


def client_for(server: ChatServer, sleeps: list, **overrides) -> ChatClient:
    settings = ChatSettings(
        base_url=server.url,
        model="scripted-model",
        api_key="test-key",
        timeout_seconds=overrides.pop("timeout_seconds", 2.0),
        **overrides,
    )
    return ChatClient(settings, sleep=sleeps.append, jitter=lambda: 0.5)


def test_valid_answer_asks_for_json_schema_and_counts_tokens():
    with ChatServer() as server:
        server.script = [completion('{"memories": []}', tokens_in=321, tokens_out=7)]
        reply = client_for(server, []).complete(system_prompt, TURNS, ANSWER_SCHEMA)
    assert (reply.text, reply.tokens_in, reply.tokens_out, reply.attempts) == ('{"memories": []}', 321, 7, 1)
    request = server.requests[0]
    assert request["model"] == "scripted-model" and request["temperature"] == 0.0
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["schema"] == ANSWER_SCHEMA
    assert server.headers[0]["Authorization"] == "Bearer test-key"


def test_429_waits_exactly_as_long_as_retry_after_says():
    sleeps = []
    with ChatServer() as server:
        server.script = [Reply(429, {"error": "slow down"}, {"Retry-After": "3"}), completion('{"memories": []}')]
        client = client_for(server, sleeps)
        reply = client.complete(system_prompt, TURNS, ANSWER_SCHEMA)
    assert reply.attempts == 2 and sleeps == [3.0] and client.calls == 2 and client.retries == 1


def test_5xx_backs_off_exponentially_with_jitter_then_succeeds():
    sleeps = []
    with ChatServer() as server:
        server.script = [Reply(500, "boom"), Reply(502, "bad gateway"), Reply(503, "busy"), completion("{}")]
        reply = client_for(server, sleeps).complete(system_prompt, TURNS, ANSWER_SCHEMA)
    # equal jitter with jitter()=0.5: 3/4 of 1, 2, 4 seconds
    assert reply.attempts == 4 and sleeps == [0.75, 1.5, 3.0]


def test_persistent_5xx_fails_with_the_last_body_after_max_retries():
    with ChatServer() as server:
        server.script = [Reply(500, f"boom {i}") for i in range(10)]
        with pytest.raises(ChatFailure) as failure:
            client_for(server, [], max_retries=2).complete(system_prompt, TURNS, ANSWER_SCHEMA)
    assert len(server.requests) == 3
    assert "HTTP 500" in failure.value.reason and failure.value.raw == "boom 2" and failure.value.attempts == 3


def test_slow_answer_past_the_timeout_is_retried():
    sleeps = []
    with ChatServer() as server:
        server.script = [Reply(200, "{}", delay=1.0), completion('{"memories": []}')]
        reply = client_for(server, sleeps, timeout_seconds=0.3).complete(system_prompt, TURNS, ANSWER_SCHEMA)
    assert reply.attempts == 2 and len(sleeps) == 1


def test_always_slow_server_fails_naming_the_timeout():
    with ChatServer() as server:
        server.script = [Reply(200, "{}", delay=1.0)] * 2
        with pytest.raises(ChatFailure, match=r"within 0.3s"):
            client_for(server, [], timeout_seconds=0.3, max_retries=1).complete(system_prompt, TURNS, ANSWER_SCHEMA)


def test_server_without_json_schema_gets_json_object_and_the_schema_in_the_prompt():
    with ChatServer() as server:
        server.script = [
            Reply(400, {"error": {"message": "response_format type json_schema is not supported"}}),
            completion('{"memories": []}'),
            completion('{"memories": []}'),
        ]
        client = client_for(server, [])
        client.complete(system_prompt, TURNS, ANSWER_SCHEMA)
        client.complete(system_prompt, TURNS, ANSWER_SCHEMA)  # remembered: no second probe
    assert [r["response_format"]["type"] for r in server.requests] == ["json_schema", "json_object", "json_object"]
    assert json.dumps(ANSWER_SCHEMA, ensure_ascii=False) in server.requests[1]["messages"][0]["content"]


def test_auth_errors_are_not_retried_and_say_what_to_check():
    with ChatServer() as server:
        server.script = [Reply(401, {"error": {"message": "invalid api key"}})]
        with pytest.raises(ChatFailure, match="MEMORY_LLM_API_KEY"):
            client_for(server, []).complete(system_prompt, TURNS, ANSWER_SCHEMA)
    assert len(server.requests) == 1


def test_a_retry_after_longer_than_the_limit_fails_the_window_instead_of_stalling_the_night():
    sleeps = []
    with ChatServer() as server:
        server.script = [Reply(429, "quota", {"Retry-After": "3600"})]
        with pytest.raises(ChatFailure, match="wait 3600s"):
            client_for(server, sleeps).complete(system_prompt, TURNS, ANSWER_SCHEMA)
    assert sleeps == []


def test_unreachable_server_is_retried_then_reported():
    settings = ChatSettings(base_url="http://127.0.0.1:9/v1", model="m", timeout_seconds=0.5, max_retries=1)
    with pytest.raises(ChatFailure, match=re.escape("cannot reach http://127.0.0.1:9/v1/chat/completions")):
        ChatClient(settings, sleep=lambda s: None).complete(system_prompt, TURNS, ANSWER_SCHEMA)


def test_retry_after_reads_seconds_and_http_dates():
    assert retry_after_seconds("7") == 7.0
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past: go now
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None
