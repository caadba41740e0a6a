"""Turns a pipeline `Verdict` into a Dagster check result, so every check reports the same way."""

import dagster as dg

from pipelines.resolve.invariants import Verdict


def check_result(verdict: Verdict) -> dg.AssetCheckResult:
    metadata = {"summary": verdict.summary}
    if verdict.examples:
        metadata["examples"] = ", ".join(verdict.examples)
    return dg.AssetCheckResult(passed=verdict.passed, metadata=metadata)
