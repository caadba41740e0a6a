"""A small client for OpenAI-compatible chat completions: structured output, timeouts, retries.

Works with OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp's server and LM Studio; stdlib HTTP only.
"""

from __future__ import annotations

import json
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

from pipelines.core.http import RETRYABLE_STATUS, RetryPolicy, retry_after_seconds


@dataclass(frozen=True)
class ChatSettings:
    base_url: str  # up to and including /v1, as OpenAI clients take it
    model: str
    api_key: str = ""
    timeout_seconds: float = 60.0
    max_retries: int = 4
    temperature: float = 0.0

    @property
    def retry(self) -> RetryPolicy:
        return RetryPolicy(max_retries=self.max_retries)


@dataclass(frozen=True)
class ChatReply:
    text: str
    tokens_in: int
    tokens_out: int
    attempts: int


class ChatFailure(Exception):
    """The server never gave a usable reply; `raw` is the last body (or error) it produced."""

    def __init__(self, reason: str, raw: str, attempts: int) -> None:
        super().__init__(reason)
        self.reason, self.raw, self.attempts = reason, raw, attempts


class _Retryable(Exception):
    def __init__(self, reason: str, raw: str, wait: float | None) -> None:
        super().__init__(reason)
        self.reason, self.raw, self.wait = reason, raw, wait


class ChatClient:
    """POSTs to `<base_url>/chat/completions`; thread-safe, counts every HTTP call it makes."""

    def __init__(
        self,
        settings: ChatSettings,
        sleep: Callable[[float], None] = time.sleep,
        jitter: Callable[[], float] = random.random,
    ) -> None:
        self.settings = settings
        self._sleep, self._jitter = sleep, jitter
        self._lock = threading.Lock()
        self.calls = 0
        self.retries = 0
        # Flipped once when the server rejects json_schema; from then on the schema goes in the prompt.
        self.schema_in_prompt = False

    def complete(self, system: Callable[[bool], str], turns: list[dict], schema: dict) -> ChatReply:
        """One answer to the system prompt plus `turns`; retries 429/5xx/timeouts as core.http's policy says."""
        attempts = 0
        while True:
            attempts += 1
            try:
                return self._post(system, turns, schema, attempts)
            except _Retryable as exc:
                policy = self.settings.retry
                reason = policy.give_up_reason(attempts, exc.wait)
                if reason is not None:
                    raise ChatFailure(f"{exc.reason} ({reason})", exc.raw, attempts) from None
                with self._lock:
                    self.retries += 1
                self._sleep(policy.wait_seconds(attempts, exc.wait, self._jitter()))

    def _post(self, system: Callable[[bool], str], turns: list[dict], schema: dict, attempt: int) -> ChatReply:
        schema_in_prompt = self.schema_in_prompt
        body = {
            "model": self.settings.model,
            "temperature": self.settings.temperature,
            "messages": [{"role": "system", "content": system(schema_in_prompt)}, *turns],
            "response_format": {"type": "json_object"}
            if schema_in_prompt
            else {"type": "json_schema", "json_schema": {"name": "memories", "strict": True, "schema": schema}},
        }
        status, headers, raw = self._send(body)
        if status == 400 and not schema_in_prompt and ("response_format" in raw or "json_schema" in raw):
            self.schema_in_prompt = True
            return self._post(system, turns, schema, attempt)
        if status in RETRYABLE_STATUS:
            raise _Retryable(f"HTTP {status} from {self._url}", raw, retry_after_seconds(headers.get("Retry-After")))
        if status != 200:
            raise ChatFailure(
                f"HTTP {status} from {self._url}: check MEMORY_LLM_MODEL / MEMORY_LLM_API_KEY ({raw[:200]})",
                raw,
                attempt,
            )
        return self._reply(raw, attempt)

    @property
    def _url(self) -> str:
        return self.settings.base_url.rstrip("/") + "/chat/completions"

    def _send(self, body: dict) -> tuple[int, dict, str]:
        headers = {"Content-Type": "application/json"}
        if self.settings.api_key:
            headers["Authorization"] = f"Bearer {self.settings.api_key}"
            if ".openai.azure.com" in self.settings.base_url:
                headers["api-key"] = self.settings.api_key
        request = urllib.request.Request(self._url, json.dumps(body).encode("utf-8"), headers, method="POST")
        with self._lock:
            self.calls += 1
        try:
            with urllib.request.urlopen(request, timeout=self.settings.timeout_seconds) as response:
                return response.status, dict(response.headers), response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            return exc.code, dict(exc.headers or {}), exc.read().decode("utf-8", "replace")
        except TimeoutError as exc:
            raise _Retryable(
                f"no answer from {self._url} within {self.settings.timeout_seconds}s", str(exc), None
            ) from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (TimeoutError, socket.timeout)):
                raise _Retryable(
                    f"no answer from {self._url} within {self.settings.timeout_seconds}s", str(exc), None
                ) from exc
            raise _Retryable(f"cannot reach {self._url}: {exc.reason}", str(exc), None) from exc
        except (ConnectionError, OSError) as exc:
            raise _Retryable(f"connection to {self._url} failed: {exc}", str(exc), None) from exc

    def _reply(self, raw: str, attempt: int) -> ChatReply:
        try:
            payload = json.loads(raw)
            text = payload["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError):
            raise _Retryable(f"malformed chat-completions body from {self._url}", raw, None) from None
        usage = payload.get("usage") or {}
        return ChatReply(text, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0), attempt)
