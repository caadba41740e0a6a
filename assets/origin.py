"""Where a run of the nightly job comes from: the `memory` code location that workspace.yaml names, and the job
rebuilt from an import path, so runs the CLI executes in-process are runs the UI can list and re-execute.

A run recorded by `execute_in_process` has no code-location origin: the UI leaves it out of the job's Runs tab and
its "Re-execute" fails (`CheckError: Expected non-None value`, dagster-io/dagster#19458).
"""

import sys
from pathlib import Path

import dagster as dg
from dagster._core.definitions.reconstruct import ReconstructableJob
from dagster._core.remote_origin import RemoteJobOrigin, RemoteRepositoryOrigin
from dagster._core.workspace.load import location_origin_from_module_name

from assets.definitions import build_defs
from assets.schedules import nightly_memory_job

LOCATION_NAME = "memory"  # workspace.yaml's location_name
DEFINITIONS_MODULE = "assets.definitions"
REPOSITORY_NAME = "__repository__"  # what Dagster names the repository of a module's one Definitions
# workspace.yaml's working_directory (`.`, the folder holding it): the project root, the parent of assets/
PROJECT_ROOT = Path(__file__).resolve().parents[1]


def nightly_job() -> dg.JobDefinition:
    """The nightly job as the code location resolves it; module level, so `dg.reconstructable` can import it."""
    return build_defs().resolve_job_def(nightly_memory_job.name)


def reconstructable_nightly_job() -> ReconstructableJob:
    return dg.reconstructable(nightly_job)


def remote_job_origin(job_name: str = nightly_memory_job.name) -> RemoteJobOrigin:
    """The origin `dagster dev -w workspace.yaml` gives the job (built as its workspace loader builds it): the UI
    finds the code location by its name to list and re-execute the run."""
    location = location_origin_from_module_name(
        DEFINITIONS_MODULE, None, str(PROJECT_ROOT), LOCATION_NAME, sys.executable
    )
    return RemoteRepositoryOrigin(location, REPOSITORY_NAME).get_job_origin(job_name)


def sharded_job() -> dg.JobDefinition:
    """`sharded_nightly_job` as the code location resolves it; module level, so each step's process (or pod)
    rebuilds it with `dg.reconstructable`."""
    return build_defs().resolve_job_def("sharded_nightly_job")
