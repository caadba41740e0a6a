"""A throwaway PostgreSQL server: initdb into a temporary folder, started on a free loopback port, stopped after.

The binaries are Debian's postgresql package's (on PATH, else /usr/lib/postgresql/<version>/bin). The server
refuses to run as root, so under root (CI) the folder belongs to, and the server runs as, the `postgres` user.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg2

SERVER_USER = "postgres"  # the system user Debian's package creates
ROLE, PASSWORD = "memory", "memory-test-only"


def pg_binary(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise FileNotFoundError(f"{name}: PostgreSQL is not installed; run `make postgres` (Debian's postgresql)")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass(frozen=True)
class PostgresServer:
    port: int
    database: str

    @property
    def url(self) -> str:
        return f"postgresql://{ROLE}:{PASSWORD}@127.0.0.1:{self.port}/{self.database}"

    def environment(self) -> dict[str, str]:
        """What deploy/dagster.yaml reads its connection from."""
        return {
            "DAGSTER_POSTGRES_HOST": "127.0.0.1",
            "DAGSTER_POSTGRES_PORT": str(self.port),
            "DAGSTER_POSTGRES_DB": self.database,
            "DAGSTER_POSTGRES_USER": ROLE,
            "DAGSTER_POSTGRES_PASSWORD": PASSWORD,
        }


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", SERVER_USER, "--", *command] if os.geteuid() == 0 else command


def _run(command: list[str]) -> None:
    done = subprocess.run(_as_server_user(command), capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip() or done.stdout}")


@contextmanager
def postgres_server(database: str = "dagster") -> Iterator[PostgresServer]:
    """A server with `database` owned by role `memory` (password auth over TCP), removed with its folder after."""
    root = Path(tempfile.mkdtemp(prefix="memory-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, SERVER_USER, SERVER_USER)
    data, port = root / "data", free_port()
    try:
        (root / "password").write_text(PASSWORD)
        if os.geteuid() == 0:
            shutil.chown(root / "password", SERVER_USER, SERVER_USER)
        _run([pg_binary("initdb"), "-D", str(data), "-U", ROLE, f"--pwfile={root / 'password'}", "-E", "UTF8",
              "--no-locale", "--auth-local=trust", "--auth-host=scram-sha-256"])  # fmt: skip
        options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"  # a test server: no durability
        _run([pg_binary("pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "server.log"), "-w", "start"])
        try:
            server = PostgresServer(port, database)
            admin = psycopg2.connect(server.url.rsplit("/", 1)[0] + "/postgres")
            admin.autocommit = True  # CREATE DATABASE runs outside a transaction
            admin.cursor().execute(f'CREATE DATABASE "{database}"')
            admin.close()
            yield server
        finally:
            _run([pg_binary("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)
