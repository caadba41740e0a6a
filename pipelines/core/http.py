"""The retry policy every HTTP client here follows (chat completions, embeddings).

Retry what a server says is temporary (429, 408, 5xx, timeouts, refused connections) with exponential
backoff and equal jitter, honour Retry-After, and give up rather than stall a night on a long wait.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

RETRYABLE_STATUS = frozenset({408, 409, 425, 429}) | frozenset(range(500, 600))


def retry_after_seconds(value: str | None) -> float | None:
    """Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3); None when absent or unreadable."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 4
    backoff_seconds: float = 1.0
    backoff_cap_seconds: float = 30.0
    # A longer Retry-After fails the request; the next run retries what it was for.
    max_retry_after_seconds: float = 120.0

    def give_up_reason(self, attempts: int, retry_after: float | None) -> str | None:
        """Why no further attempt follows `attempts` failed ones, or None to try again."""
        if attempts > self.max_retries:
            return f"gave up after {attempts} attempts"
        if retry_after is not None and retry_after > self.max_retry_after_seconds:
            return f"server asked to wait {retry_after:.0f}s"
        return None

    def wait_seconds(self, attempts: int, retry_after: float | None, jitter: float) -> float:
        """How long to wait after `attempts` failed ones: Retry-After when given, else equal-jitter backoff
        (half the exponential step fixed, half random, so concurrent requests spread out); jitter in [0, 1)."""
        if retry_after is not None:
            return retry_after
        step = min(self.backoff_cap_seconds, self.backoff_seconds * 2 ** (attempts - 1))
        return step / 2 + jitter * step / 2
