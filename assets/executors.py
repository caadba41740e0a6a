"""The executor `sharded_nightly_job` runs its steps with: processes on this host, a Kubernetes job per step, or
Celery workers (MEMORY_EXECUTOR); their run config ships in deploy/executors/.

dagster-k8s and dagster-celery are the `executors` extra: imported only by a code location that names them.
"""

import dagster as dg


def step_executor(kind: str) -> dg.ExecutorDefinition:
    """`multiprocess`, `k8s` (dagster-k8s' k8s_job_executor) or `celery` (dagster-celery's celery_executor)."""
    if kind == "k8s":
        from dagster_k8s import k8s_job_executor

        return k8s_job_executor
    if kind == "celery":
        from dagster_celery import celery_executor

        return celery_executor
    return dg.multiprocess_executor
