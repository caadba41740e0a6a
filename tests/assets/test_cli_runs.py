"""`memory materialize` records a run the UI treats as its own: the code location's origin (the job's Runs tab and
the timeline list it), the CLI's tags, its flags as run config, and a re-execution that runs on the same store.
"""

import shutil
import time
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.workspace.load import (
    load_workspace_process_context_from_yaml_paths,
    location_origins_from_yaml_paths,
)
from dagster_graphql.client.query import LAUNCH_PIPELINE_REEXECUTION_MUTATION
from dagster_graphql.test.utils import execute_dagster_graphql

from assets.origin import reconstructable_nightly_job, remote_job_origin
from pipelines.cli import main as memory_cli
from pipelines.store.snapshots import SnapshotStore
from tests.support.raw_logs import MAR, message, write_raw

REPO = Path(__file__).resolve().parents[2]
NIGHT = "2026-03-11T02:00:00+00:00"
REPOSITORY_LABEL = ".dagster/repository"  # the tag the job's Runs tab filters on (dagster's REPOSITORY_LABEL_TAG)


def test_the_cli_origin_is_the_code_location_workspace_yaml_names():
    (workspace_origin,) = location_origins_from_yaml_paths([str(REPO / "workspace.yaml")])
    cli_origin = remote_job_origin().repository_origin.code_location_origin
    assert cli_origin.location_name == workspace_origin.location_name == "memory"
    assert cli_origin.loadable_target_origin.module_name == workspace_origin.loadable_target_origin.module_name
    workspace_folder = (REPO / workspace_origin.loadable_target_origin.working_directory).resolve()
    assert Path(cli_origin.loadable_target_origin.working_directory) == workspace_folder  # `.`: beside the yaml


@pytest.fixture
def cli_run(tmp_path, monkeypatch):
    """A temporary DAGSTER_HOME (the repo's dagster.yaml: queued runs, pools) and one `memory materialize` run."""
    home = tmp_path / "home"
    home.mkdir()
    shutil.copy(REPO / "dagster.yaml", home / "dagster.yaml")
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    raw = tmp_path / "raw"
    write_raw(raw / "date=2026-03-01/part-0.parquet", [message("s1", 1, "I live in Boston", MAR(1))])
    store = tmp_path / "store"
    args = ["materialize", "--raw", str(raw), "--store", str(store), "--extractor", "rules", "--run-as-of", NIGHT]
    assert memory_cli(args) == 0
    with dg.DagsterInstance.get() as instance:
        (run,) = instance.get_runs()
    return run, raw, store


@pytest.mark.slow
def test_a_cli_run_carries_its_origin_tags_and_flags_and_reexecutes_on_its_store(cli_run):
    run, raw, store = cli_run
    assert {name: run.tags[name] for name in ("memory/source", "memory/store", "memory/extractor")} == {
        "memory/source": "cli",
        "memory/store": str(store),
        "memory/extractor": "rules",
    }
    assert run.remote_job_origin.location_name == "memory" and run.job_name == "nightly_memory_job"
    resources = run.run_config["resources"]
    assert resources["store"]["config"] == {"root": str(store), "keep_versions": 14}
    assert resources["raw_log"]["config"]["path"] == str(raw) and resources["extractor"]["config"]["kind"] == "rules"
    assert resources["settings"]["config"]["run_as_of"] == NIGHT
    with dg.DagsterInstance.get() as instance:
        in_the_job_tab = instance.get_runs(
            filters=dg.RunsFilter(job_name="nightly_memory_job", tags={REPOSITORY_LABEL: "__repository__@memory"})
        )
        assert [listed.run_id for listed in in_the_job_tab] == [run.run_id]
        write_raw(raw / "date=2026-03-02/part-0.parquet", [message("s2", 1, "I moved to Denver", MAR(2))])
        result = dg.execute_job(
            reconstructable_nightly_job(),
            instance,
            run_config=run.run_config,  # what the UI's re-execution takes from the run it re-executes
            reexecution_options=dg.ReexecutionOptions(parent_run_id=run.run_id),
        )
        assert result.success
        assert result.dagster_run.root_run_id == run.run_id
    assert SnapshotStore(store).versions() == [1, 2]  # the CLI's store, not the code location's default one
    assert len(SnapshotStore(store).manifest()["input_files"]) == 1


@pytest.mark.slow
def test_the_ui_reexecute_button_runs_a_cli_run_again(cli_run):
    """The GraphQL mutation the UI's "Re-execute" sends (it failed with `CheckError: Expected non-None value`), then
    the launch the daemon does for a queued run, through the code server `dagster dev -w workspace.yaml` starts."""
    run, _raw, store = cli_run
    with (
        dg.DagsterInstance.get() as instance,
        load_workspace_process_context_from_yaml_paths(instance, [str(REPO / "workspace.yaml")]) as workspace,
    ):
        context = workspace.create_request_context()
        reexecution = {"parentRunId": run.run_id, "strategy": "ALL_STEPS"}
        answer = execute_dagster_graphql(
            context, LAUNCH_PIPELINE_REEXECUTION_MUTATION, {"reexecutionParams": reexecution}
        )
        launched = answer.data["launchPipelineReexecution"]
        assert launched["__typename"] == "LaunchRunSuccess", launched
        assert launched["run"]["status"] == "QUEUED" and launched["run"]["rootRunId"] == run.run_id
        child_id = launched["run"]["runId"]
        instance.launch_run(child_id, context)
        deadline = time.monotonic() + 300
        while not instance.get_run_by_id(child_id).is_finished and time.monotonic() < deadline:
            time.sleep(0.5)
        child = instance.get_run_by_id(child_id)
    assert child.status == dg.DagsterRunStatus.SUCCESS
    assert child.tags["memory/source"] == "cli" and child.run_config == run.run_config
    assert SnapshotStore(store).versions() == [1]  # nothing new on the same store: nothing published
