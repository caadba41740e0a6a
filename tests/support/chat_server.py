"""A real HTTP server on 127.0.0.1 speaking the chat-completions protocol, with scripted answers.

Tests queue replies (status, body, headers, delay) or give a responder that answers from the request.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Reply:
    status: int = 200
    body: str | dict = ""
    headers: dict = field(default_factory=dict)
    delay: float = 0.0


def completion(content: str, tokens_in: int = 100, tokens_out: int = 20) -> Reply:
    return Reply(
        200,
        {
            "id": "c1",
            "object": "chat.completion",
            "model": "scripted",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": tokens_in, "completion_tokens": tokens_out},
        },
    )


def memories_answer(memories: list[dict]) -> Reply:
    return completion(json.dumps({"memories": memories}, ensure_ascii=False))


def window_lines(request: dict) -> list[dict]:
    """The message lines of the window in a request's first user turn."""
    text = request["messages"][1]["content"]
    body = re.search(r"<conversation>\n(.*)\n</conversation>", text, re.DOTALL).group(1)
    return [json.loads(line) for line in body.splitlines()]


def window_user(request: dict) -> str:
    return re.search(r'user_id="([^"]*)"', request["messages"][1]["content"]).group(1)


def echo_memory(line: dict, user: str, **changes) -> dict:
    """A plausible memory for one user line: what a well-behaved model would answer."""
    memory = {
        "user_id": user,
        "kind": "fact",
        "topic": "misc",
        "content": f"User said: {line['text']}",
        "keywords": ["said", "user", "note"],
        "confidence": 0.8,
        "valid_from": line["ts"],
        "expires_at": None,
        "source_message_ids": [line["id"]],
        "retracts": False,
    }
    return memory | changes


def echo_responder(request: dict) -> Reply:
    """One fact per non-context user message of the window."""
    user = window_user(request)
    lines = [line for line in window_lines(request) if line["role"] == "user" and not line.get("context")]
    return memories_answer([echo_memory(line, user) for line in lines])


class ChatServer:
    """Answers POST /v1/chat/completions from `script` (in order), then from `responder`."""

    def __init__(self, responder: Callable[[dict], Reply] = echo_responder) -> None:
        self.script: list[Reply] = []
        self.responder = responder
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        # shutdown() waits for the serve loop's next poll; the default 0.5 s poll made every test half a second longer
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __enter__(self) -> ChatServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def _next(self, request: dict, headers: dict) -> Reply:
        with self._lock:
            self.requests.append(request)
            self.headers.append(headers)
            scripted = self.script.pop(0) if self.script else None
        return scripted or self.responder(request)

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                reply = server._next(request, dict(self.headers))
                time.sleep(reply.delay)
                body = reply.body if isinstance(reply.body, str) else json.dumps(reply.body, ensure_ascii=False)
                data = body.encode("utf-8")
                try:
                    self.send_response(reply.status)
                    for name, value in {"Content-Type": "application/json", **reply.headers}.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and hung up: that is what the test wanted

        return Handler
