"""Why a recall or a topic history came back empty, in one line: an unknown user (or agent), an unknown topic,
or filters that leave nothing. An empty answer must never look like a real "nothing is known"."""

from __future__ import annotations

import duckdb

from pipelines.store.snapshots import SnapshotStore

TOPICS_SHOWN = 12  # a user's topics listed in the hint; enough to spot a typo
TENANT = "FROM read_parquet($path) WHERE user_id = $user AND ($agent IS NULL OR agent_id = $agent)"


def _tenant_query(store: SnapshotStore, version: int | None, select: str, user_id: str, agent_id: str | None):
    params = {"path": str(store.memories_path(version, user_id=user_id)), "user": user_id, "agent": agent_id}
    return duckdb.execute(f"{select} {TENANT}", params).fetchall()


def unknown_user(store: SnapshotStore, version: int | None, user_id: str, agent_id: str | None) -> str | None:
    """The line to print when the user (under the agent, when given) has no memory at all in the version."""
    if _tenant_query(store, version, "SELECT count(*)", user_id, agent_id)[0][0]:
        return None
    under = f" under agent {agent_id!r}" if agent_id else ""
    chosen = store.require_version(version)
    return f"user {user_id!r}{under} has no memories in version {chosen} of {store.uri} (user ids match exactly)"


def tenant_topics(store: SnapshotStore, version: int | None, user_id: str, agent_id: str | None) -> list[str]:
    """The topics the user's memories are on (plain episodes aside), sorted."""
    rows = _tenant_query(store, version, "SELECT DISTINCT topic", user_id, agent_id)
    return sorted(topic for (topic,) in rows if topic != "episode")


def empty_recall_reason(store: SnapshotStore, version: int | None, user_id: str, agent_id: str | None) -> str:
    """Why `memory recall` found nothing: the user is unknown, or the filters left nothing of theirs."""
    return unknown_user(store, version, user_id, agent_id) or (
        f"no memory of user {user_id!r} matches; loosen --kinds, --as-of, --min-confidence or --known-at"
    )


def empty_history_reason(
    store: SnapshotStore, version: int | None, user_id: str, topic: str, agent_id: str | None
) -> str:
    """Why `memory history` found nothing: the user is unknown, or has nothing on that topic (their topics
    are listed, so a typo shows)."""
    missing = unknown_user(store, version, user_id, agent_id)
    if missing:
        return missing
    topics = tenant_topics(store, version, user_id, agent_id)
    shown = ", ".join(topics[:TOPICS_SHOWN]) + (", ..." if len(topics) > TOPICS_SHOWN else "")
    return f"user {user_id!r} has no memories on topic {topic!r}; their topics: {shown or 'none (episodes only)'}"
