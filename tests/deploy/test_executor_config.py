"""deploy/executors/*.yaml are run config the executors they name accept for `sharded_nightly_job`."""

from pathlib import Path

import dagster as dg
import pytest
import yaml

from assets.definitions import build_defs
from assets.run import resource_config

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("executor", ["k8s", "celery"])
def test_the_run_config_fits_the_executor(executor, monkeypatch, tmp_path):
    monkeypatch.setenv("MEMORY_EXECUTOR", executor)
    monkeypatch.setenv("DAGSTER_CELERY_BROKER_URL", "redis://queue:6379/0")
    monkeypatch.setenv("DAGSTER_CELERY_BACKEND_URL", "redis://queue:6379/1")
    job = build_defs().resolve_job_def("sharded_nightly_job")
    assert job.executor_def.name == executor
    execution = yaml.safe_load((REPO / "deploy" / "executors" / f"{executor}.yaml").read_text())
    dg.validate_run_config(job, {**resource_config("data/sample", tmp_path / "store"), **execution})


def test_a_misspelt_setting_is_refused(monkeypatch, tmp_path):
    monkeypatch.setenv("MEMORY_EXECUTOR", "k8s")
    job = build_defs().resolve_job_def("sharded_nightly_job")
    with pytest.raises(dg.DagsterInvalidConfigError, match="max_concurent"):
        dg.validate_run_config(job, {"execution": {"config": {"max_concurent": 8}}})
