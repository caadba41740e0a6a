"""The probes a knowledge-update set failed, with what recall put first (`memory eval --failures`).

A probe fails when its first result cites no evidence or cites a stale message (current@1 = 0), or when a stale
message reaches its top 3 (stale@3 = 1); reading those lists is how a missed phrasing is found.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pipelines.recall.reader import RecalledMemory

SHOWN_CHARS = 120  # of each result's content: enough to see which statement it is


def probe_miss(
    probe: dict[str, Any], found: Sequence[RecalledMemory], evidence: Sequence[str], stale: Sequence[str]
) -> dict[str, Any]:
    """One failed probe: its id, category, question and moment, its top results marked by what they cite, and
    its evidence and stale message ids."""
    as_of = probe.get("as_of")
    return {
        "question_id": probe["question_id"],
        "category": probe["category"],
        "question": probe["question"],
        "as_of": as_of.isoformat() if as_of is not None else None,
        "top": [_result(memory, evidence, stale) for memory in found],
        "evidence_message_ids": list(evidence),
        "stale_message_ids": list(stale),
    }


def _result(memory: RecalledMemory, evidence: Sequence[str], stale: Sequence[str]) -> dict[str, Any]:
    cited = set(memory.source_message_ids)
    cites = "stale" if cited & set(stale) else "evidence" if cited & set(evidence) else "neither"
    return {
        "cites": cites,
        "kind": memory.kind,
        "topic": memory.topic,
        "memory_id": memory.memory_id,
        "source_message_ids": list(memory.source_message_ids),
        "content": memory.content[:SHOWN_CHARS],
    }


def format_misses(misses: Sequence[dict[str, Any]]) -> str:
    """A block per failed probe: the probe, its top results (E cites evidence, S a stale message), its ids."""
    lines = [f"failed probes: {len(misses)}"]
    for miss in misses:
        moment = f" as of {miss['as_of']}" if miss["as_of"] else ""
        lines.append(f"{miss['question_id']} [{miss['category']}]{moment}: {miss['question']}")
        if not miss["top"]:
            lines.append("  (no result)")
        for result in miss["top"]:
            mark = {"evidence": "E", "stale": "S"}.get(result["cites"], "-")
            cited = ", ".join(result["source_message_ids"])
            lines.append(f"  {mark} {result['kind']}/{result['topic']} ({cited}) {result['content']}")
        lines.append(f"  evidence: {', '.join(miss['evidence_message_ids']) or '-'}")
        lines.append(f"  stale:    {', '.join(miss['stale_message_ids']) or '-'}")
    return "\n".join(lines)
