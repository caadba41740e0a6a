"""The `forget_user_job`: `memory forget` from the UI (pipelines.forget does the work under the writer lock)."""

import dagster as dg

from assets.resources import MemoryStoreResource
from pipelines.forget import forget_user


class ForgetConfig(dg.Config):
    user_id: str
    agent_id: str | None = None  # None: the user under every agent


@dg.op(description="Remove one user from every version, staging, cache, backlog and access log; write a tombstone.")
def forget_tenant(context: dg.OpExecutionContext, config: ForgetConfig, store: MemoryStoreResource) -> None:
    report = forget_user(store.path, config.user_id, config.agent_id)
    context.log.info(report.describe())  # counts only: the log outlives the user


@dg.job(description="Forget a user (run config: ops.forget_tenant.config.user_id, optional agent_id).")
def forget_user_job() -> None:
    forget_tenant()
