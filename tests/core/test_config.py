"""MEMORY_* settings: parsing, defaults, one-line errors, secrets kept out of reprs and the UI, the README table."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines.core.config import (
    VARIABLES,
    EmbedSettings,
    LimitSettings,
    LLMSettings,
    LocationSettings,
    RecallSettings,
    RunSettings,
    SettingsError,
    markdown_table,
)
from pipelines.core.env_values import parse_flag

ROOT = Path(__file__).resolve().parents[2]
GROUPS = (LocationSettings, LLMSettings, EmbedSettings, RecallSettings, RunSettings)
SECRET = "sk-test-abcdefghijklmnop0123"


@pytest.fixture
def clean_env(monkeypatch):
    """No MEMORY_* variable set, whatever the machine running the tests exports."""
    for name in [n for n in os.environ if n.startswith("MEMORY_")]:
        monkeypatch.delenv(name)
    return monkeypatch


def _env_without_memory_variables(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORY_")}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def test_defaults_apply_with_nothing_set(clean_env):
    assert LocationSettings.from_env() == LocationSettings(".store", "data/sample", "rules", 14, 256, "UTC")
    assert LLMSettings.from_env() == LLMSettings("", "", "", 60.0, 4, 4, 3000, 2, 0, 0)
    assert EmbedSettings.from_env() == EmbedSettings("e5", "", "", "", 0.0, True)
    assert RecallSettings.from_env() == RecallSettings(False)
    assert RunSettings.from_env() == RunSettings("WARNING")


PARSED = [  # (variable, text, group, attribute, value)
    ("MEMORY_STORE", "/srv/memory", LocationSettings, "store", "/srv/memory"),
    ("MEMORY_RAW", "/srv/raw", LocationSettings, "raw", "/srv/raw"),
    ("MEMORY_EXTRACTOR", "LLM", LocationSettings, "extractor", "llm"),
    ("MEMORY_KEEP_VERSIONS", "0", LocationSettings, "keep_versions", 0),
    ("MEMORY_SHARDS", "16", LocationSettings, "shards", 16),
    ("MEMORY_SHARD_GROUPS", "4", LocationSettings, "shard_groups", 4),
    ("MEMORY_EXECUTOR", "K8S", LocationSettings, "executor", "k8s"),
    ("MEMORY_SCHEDULE_TIMEZONE", "Asia/Shanghai", LocationSettings, "schedule_timezone", "Asia/Shanghai"),
    ("MEMORY_FIRST_DAY", " 2025-12-31 ", LocationSettings, "first_day", "2025-12-31"),
    ("MEMORY_LLM_BASE_URL", "http://127.0.0.1:11434/v1", LLMSettings, "base_url", "http://127.0.0.1:11434/v1"),
    ("MEMORY_LLM_MODEL", "qwen2.5:7b", LLMSettings, "model", "qwen2.5:7b"),
    ("MEMORY_LLM_API_KEY", SECRET, LLMSettings, "api_key", SECRET),
    ("MEMORY_LLM_TIMEOUT_SECONDS", "2.5", LLMSettings, "timeout_seconds", 2.5),
    ("MEMORY_LLM_MAX_RETRIES", "0", LLMSettings, "max_retries", 0),
    ("MEMORY_LLM_CONCURRENCY", " 8 ", LLMSettings, "concurrency", 8),
    ("MEMORY_LLM_WINDOW_TOKENS", "1200", LLMSettings, "window_tokens", 1200),
    ("MEMORY_LLM_WINDOW_OVERLAP", "0", LLMSettings, "window_overlap", 0),
    ("MEMORY_LLM_MAX_CALLS_PER_RUN", "50", LLMSettings, "max_calls_per_run", 50),
    ("MEMORY_LLM_MAX_TOKENS_PER_RUN", "100000", LLMSettings, "max_tokens_per_run", 100000),
    ("MEMORY_EMBEDDER", "openai", EmbedSettings, "embedder", "openai"),
    ("MEMORY_EMBED_BASE_URL", "http://127.0.0.1:8000/v1", EmbedSettings, "base_url", "http://127.0.0.1:8000/v1"),
    ("MEMORY_EMBED_MODEL", "e5-small", EmbedSettings, "model", "e5-small"),
    ("MEMORY_EMBED_API_KEY", SECRET, EmbedSettings, "api_key", SECRET),
    ("MEMORY_EMBED_SIMILARITY_FLOOR", "0.8", EmbedSettings, "similarity_floor", 0.8),
    ("MEMORY_EMBED_INPUT_TYPE", "off", EmbedSettings, "send_input_type", False),
    ("MEMORY_MAX_MESSAGE_CHARS", "8000", LimitSettings, "max_message_chars", 8000),
    ("MEMORY_MAX_QUERY_CHARS", "200", LimitSettings, "max_query_chars", 200),
    ("MEMORY_RECORD_ACCESS", "on", RecallSettings, "record_access", True),
    ("MEMORY_POINTER_CHECK_SECONDS", "0", RecallSettings, "pointer_check_seconds", 0.0),
    ("MEMORY_WORK_DIR", "/var/cache/memory", LocationSettings, "work_dir", "/var/cache/memory"),
    ("MEMORY_LOG_LEVEL", "debug", RunSettings, "log_level", "DEBUG"),
]


@pytest.mark.parametrize("name, text, group, attribute, value", PARSED, ids=[case[0] for case in PARSED])
def test_each_variable_is_parsed_into_its_setting(clean_env, name, text, group, attribute, value):
    clean_env.setenv(name, text)
    assert getattr(group.from_env(), attribute) == value


def test_every_variable_has_a_parsing_case_and_a_group():
    assert sorted(case[0] for case in PARSED) == sorted(v.name for v in VARIABLES)
    assert len({v.name for v in VARIABLES}) == len(VARIABLES)


@pytest.mark.parametrize("text", ["1", "true", "TRUE", "Yes", "on", " On "])
def test_the_flag_parser_reads_on(text):
    assert parse_flag("MEMORY_RECORD_ACCESS", text) is True


@pytest.mark.parametrize("text", ["0", "false", "False", "NO", "off", "OFF", "", "  "])
def test_the_flag_parser_reads_off(text):
    assert parse_flag("MEMORY_RECORD_ACCESS", text) is False


@pytest.mark.parametrize("text", ["2", "maybe", "enabled", "y"])
def test_the_flag_parser_refuses_anything_else_naming_the_variable(text):
    with pytest.raises(SettingsError, match=rf"^MEMORY_EMBED_INPUT_TYPE='{text}' is not a boolean"):
        parse_flag("MEMORY_EMBED_INPUT_TYPE", text)


def test_both_flags_share_the_rule_off_is_off_and_blank_is_off(clean_env):
    for text, expected in [("off", False), ("no", False), ("", False), ("ON", True), ("yes", True)]:
        clean_env.setenv("MEMORY_EMBED_INPUT_TYPE", text)
        clean_env.setenv("MEMORY_RECORD_ACCESS", text)
        assert EmbedSettings.from_env().send_input_type is expected, text
        assert RecallSettings.from_env().record_access is expected, text


def test_a_blank_value_means_the_default_for_everything_but_flags(clean_env):
    for variable in VARIABLES:
        clean_env.setenv(variable.name, " ")
    assert LocationSettings.from_env() == LocationSettings()
    assert LLMSettings.from_env() == LLMSettings()
    assert RunSettings.from_env() == RunSettings()


BAD = [  # (variable, text, group, what the one-line message must say after "NAME='text' ")
    ("MEMORY_KEEP_VERSIONS", "14x", LocationSettings, "is not an integer (allowed: >= 0); unset it for the default 14"),
    ("MEMORY_KEEP_VERSIONS", "-1", LocationSettings, "is out of range (allowed: >= 0)"),
    ("MEMORY_SHARDS", "0", LocationSettings, "is out of range (allowed: >= 1)"),
    ("MEMORY_SHARD_GROUPS", "0", LocationSettings, "is out of range (allowed: >= 1)"),
    ("MEMORY_EXECUTOR", "ray", LocationSettings, "is not one of"),
    ("MEMORY_LLM_CONCURRENCY", "0", LLMSettings, "is out of range (allowed: >= 1)"),
    ("MEMORY_LLM_MAX_RETRIES", "-2", LLMSettings, "is out of range (allowed: >= 0)"),
    ("MEMORY_LLM_MAX_CALLS_PER_RUN", "ten", LLMSettings, "is not an integer"),
    ("MEMORY_LLM_WINDOW_TOKENS", "3000.5", LLMSettings, "is not an integer"),
    ("MEMORY_LLM_TIMEOUT_SECONDS", "60s", LLMSettings, "is not a number (allowed: > 0); unset it for the default 60"),
    ("MEMORY_LLM_TIMEOUT_SECONDS", "0", LLMSettings, "is out of range (allowed: > 0)"),
    ("MEMORY_LLM_TIMEOUT_SECONDS", "inf", LLMSettings, "is out of range (allowed: > 0)"),
    ("MEMORY_EMBED_SIMILARITY_FLOOR", "1.0", EmbedSettings, "is out of range (allowed: [0, 1))"),
    ("MEMORY_EMBED_SIMILARITY_FLOOR", "-0.1", EmbedSettings, "is out of range (allowed: [0, 1))"),
    ("MEMORY_EXTRACTOR", "gpt", LocationSettings, "is not one of rules, llm; unset it for the default rules"),
    ("MEMORY_EMBEDDER", "openia", EmbedSettings, "is not one of e5, openai"),
    ("MEMORY_LOG_LEVEL", "loud", RunSettings, "is not one of DEBUG, INFO, WARNING"),
    ("MEMORY_SCHEDULE_TIMEZONE", "Mars/Olympus", LocationSettings, "is not a timezone ZoneInfo knows"),
    ("MEMORY_SCHEDULE_TIMEZONE", "America", LocationSettings, "is not a timezone ZoneInfo knows"),
    ("MEMORY_FIRST_DAY", "20260301", LocationSettings, "is not a day written YYYY-MM-DD"),
    ("MEMORY_FIRST_DAY", "2026-02-30", LocationSettings, "is not a day written YYYY-MM-DD"),
    ("MEMORY_MAX_MESSAGE_CHARS", "50", LimitSettings, "is out of range (allowed: >= 100)"),
    ("MEMORY_RECORD_ACCESS", "maybe", RecallSettings, "is not a boolean: use 1/true/yes/on or 0/false/no/off"),
]


@pytest.mark.parametrize("name, text, group, message", BAD, ids=[f"{c[0]}={c[1]}" for c in BAD])
def test_a_bad_value_fails_in_one_line_naming_variable_value_and_rule(clean_env, name, text, group, message):
    clean_env.setenv(name, text)
    with pytest.raises(SettingsError) as error:
        group.from_env()
    assert str(error.value).startswith(f"{name}={text!r} {message}")
    assert "\n" not in str(error.value) and error.value.__cause__ is None


def test_secrets_stay_out_of_reprs(clean_env):
    clean_env.setenv("MEMORY_LLM_API_KEY", SECRET)
    clean_env.setenv("MEMORY_EMBED_API_KEY", SECRET)
    llm, embed = LLMSettings.from_env(), EmbedSettings.from_env()
    assert llm.api_key == embed.api_key == SECRET
    assert SECRET not in repr(llm) and SECRET not in repr(embed) and SECRET not in str(llm)
    assert {v.name for v in VARIABLES if v.secret} == {"MEMORY_LLM_API_KEY", "MEMORY_EMBED_API_KEY"}


def test_the_config_module_imports_nothing_heavy():
    code = (
        "import sys, pipelines.core.config; "
        "print([m for m in ('polars', 'duckdb', 'dagster', 'pyarrow', 'numpy', 'pydantic') if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=_env_without_memory_variables(),
    )
    assert out.stdout.strip() == "[]"


# --- the Dagster layer ---------------------------------------------------------------------------------------


def test_the_code_location_loads_with_nothing_set(tmp_path):
    code = (
        "import json, dagster as dg; from assets.definitions import defs; dg.Definitions.validate_loadable(defs); "
        "r = defs.resources; zone = defs.resolve_schedule_def('nightly_memory_schedule').execution_timezone; "
        "print(json.dumps([zone, r['store'].root, r['store'].keep_versions, r['extractor'].kind, "
        "r['extractor'].llm_api_key, r['embedder'].kind, r['embedder'].send_input_type, r['raw_log'].path]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env_without_memory_variables(DAGSTER_HOME=str(tmp_path)),
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [
        "UTC",
        ".store",
        14,
        "rules",
        "",
        "e5",
        True,
        "data/sample",
    ]


def test_a_typo_stops_the_code_location_load_with_the_variable_named(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", "import assets.definitions"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env_without_memory_variables(DAGSTER_HOME=str(tmp_path), MEMORY_KEEP_VERSIONS="14x"),
    )
    assert out.returncode != 0
    assert out.stderr.strip().splitlines()[-1] == (
        "pipelines.core.env_values.SettingsError: MEMORY_KEEP_VERSIONS='14x' is not an integer (allowed: >= 0); "
        "unset it for the default 14"
    )
    assert "invalid literal for int()" not in out.stderr


def test_the_ui_sees_the_secret_names_never_the_secret_values(clean_env):
    import dagster as dg
    from dagster._core.remote_representation.external_data import RepositorySnap, ResourceConfigEnvVarSnap
    from dagster._serdes import serialize_value

    from assets.definitions import STAGE_MODULES, build_resources

    clean_env.setenv("MEMORY_LLM_API_KEY", SECRET)
    clean_env.setenv("MEMORY_EMBED_API_KEY", SECRET + "-embed")
    clean_env.setenv("MEMORY_LLM_MODEL", "visible-model")
    defs = dg.Definitions(
        assets=dg.load_assets_from_modules(STAGE_MODULES),
        resources=build_resources(store=".store", raw_path="data/sample", extractor="llm"),
    )
    snap = RepositorySnap.from_def(defs.get_repository_def())
    shown = {resource.name: resource.configured_values for resource in snap.resources}
    assert shown["extractor"]["llm_api_key"] == ResourceConfigEnvVarSnap(name="MEMORY_LLM_API_KEY")
    assert shown["embedder"]["api_key"] == ResourceConfigEnvVarSnap(name="MEMORY_EMBED_API_KEY")
    assert shown["extractor"]["llm_model"] == '"visible-model"'  # the snapshot does carry the other values
    assert SECRET not in serialize_value(snap)


def test_resources_take_every_setting_from_the_config_module(clean_env):
    from assets.definitions import build_resources

    for name, text in [
        ("MEMORY_EXTRACTOR", "llm"),
        ("MEMORY_KEEP_VERSIONS", "3"),
        ("MEMORY_LLM_WINDOW_TOKENS", "900"),
        ("MEMORY_EMBED_INPUT_TYPE", "off"),
        ("MEMORY_SCHEDULE_TIMEZONE", "Asia/Shanghai"),
    ]:
        clean_env.setenv(name, text)
    resources = build_resources(store="s", raw_path="r", run_as_of="2026-03-11T02:00:00+00:00")
    assert (resources["extractor"].kind, resources["store"].keep_versions) == ("llm", 3)
    assert resources["extractor"].llm_window_tokens == 900 and resources["extractor"].llm_api_key == ""
    assert resources["embedder"].send_input_type is False
    assert resources["settings"].timezone == "Asia/Shanghai"
    assert build_resources(store="s", raw_path="r", extractor="rules")["extractor"].kind == "rules"  # a flag wins


# --- commands and recall ---------------------------------------------------------------------------------------


def test_commands_report_a_bad_value_in_one_line_and_exit_2(clean_env, tmp_path, capsys):
    from pipelines.cli import main as memory_cli

    clean_env.setenv("MEMORY_KEEP_VERSIONS", "14x")
    assert memory_cli(["materialize", "--raw", "data/sample", "--store", str(tmp_path / "store")]) == 2
    assert capsys.readouterr().err == (
        "memory: MEMORY_KEEP_VERSIONS='14x' is not an integer (allowed: >= 0); unset it for the default 14\n"
    )
    clean_env.setenv("MEMORY_EMBEDDER", "openia")
    assert memory_cli(["recall", "--store", str(tmp_path), "--user", "u1", "--query", "q"]) == 2
    assert capsys.readouterr().err.startswith("memory: MEMORY_EMBEDDER='openia' is not one of e5, openai")


def test_materialize_without_a_flag_runs_the_extractor_the_schedule_runs(clean_env):
    from pipelines.cli import build_parser

    assert build_parser().parse_args(["materialize", "--raw", "r", "--store", "s"]).extractor is None


def test_recall_builds_the_remote_embedder_from_the_config_module(clean_env):
    from pipelines.cli import _recall_embedder

    assert _recall_embedder() is None
    for name, text in [
        ("MEMORY_EMBEDDER", "openai"),
        ("MEMORY_EMBED_BASE_URL", "http://127.0.0.1:9/v1"),
        ("MEMORY_EMBED_MODEL", "m"),
        ("MEMORY_EMBED_API_KEY", SECRET),
        ("MEMORY_EMBED_INPUT_TYPE", "off"),
        ("MEMORY_EMBED_SIMILARITY_FLOOR", "0.8"),
    ]:
        clean_env.setenv(name, text)
    remote = _recall_embedder()
    assert (remote.url, remote.model, remote.api_key) == ("http://127.0.0.1:9/v1/embeddings", "m", SECRET)
    assert remote.similarity_floor == 0.8 and remote._send_input_type is False


def test_the_reader_refuses_a_malformed_record_access_flag(clean_env, tmp_path):
    from pipelines.recall.reader import MemoryReader

    clean_env.setenv("MEMORY_RECORD_ACCESS", "off")
    assert MemoryReader(tmp_path, use_embeddings=False).access_log is None
    clean_env.setenv("MEMORY_RECORD_ACCESS", "sometimes")
    with pytest.raises(SettingsError, match="MEMORY_RECORD_ACCESS='sometimes'"):
        MemoryReader(tmp_path, use_embeddings=False)


# --- one home: the README table and the code agree, nothing else reads the environment -----------------------


def _readme_section(title: str) -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def test_the_readme_table_is_the_config_modules_table():
    rows = [line for line in _readme_section("Configuration").splitlines() if line.startswith("| `MEMORY_")]
    assert rows == markdown_table().splitlines()[2:], "paste `python -m pipelines.core.config` into README.md"


def test_the_readme_mentions_only_variables_the_config_module_knows():
    mentioned = set(re.findall(r"\bMEMORY_[A-Z_]*[A-Z]\b", (ROOT / "README.md").read_text())) - {"MEMORY_SCHEMA"}
    assert mentioned <= {v.name for v in VARIABLES}


def test_no_module_but_the_config_module_reads_memory_variables():
    known = {v.name for v in VARIABLES} | {"MEMORY_SCHEMA"}
    for path in [*ROOT.glob("pipelines/**/*.py"), *ROOT.glob("assets/**/*.py"), *ROOT.glob("bench/**/*.py")]:
        if path.name in {"config.py", "env_values.py"} and path.parent.name == "core":
            continue
        source = path.read_text()
        reads = [line for line in source.splitlines() if re.search(r"os\.environ|getenv\(", line)]
        assert all("DAGSTER_HOME" in line for line in reads), (path, reads)
        assert set(re.findall(r"\bMEMORY_[A-Z_]*[A-Z]\b", source)) <= known, path
