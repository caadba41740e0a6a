"""One PostgreSQL server for the deploy tests (tests/support/postgres_server.py)."""

import pytest

from tests.support.postgres_server import PostgresServer, postgres_server


@pytest.fixture(scope="session")
def postgres() -> PostgresServer:
    with postgres_server() as server:
        yield server
