"""Shard groups: the static keys a sharded night fans out over, each a contiguous run of the store's user shards.

The keys depend on MEMORY_SHARD_GROUPS only, so a deployment's steps keep their names whatever the shard count;
which shards a key covers is worked out at run time from the store's own shard count.
"""

from __future__ import annotations

from collections.abc import Iterable

import polars as pl

from pipelines.store.shards import SHARD_COLUMN, with_shard


def group_keys(group_count: int) -> list[str]:
    """`g000`, `g001`, ...: one key per group, in shard order."""
    return [f"g{group:03d}" for group in range(group_count)]


def group_index(key: str) -> int:
    return int(key.removeprefix("g"))


def group_of_shard(shard: int, shard_count: int, group_count: int) -> int:
    """Contiguous, near-equal runs of shards: 256 shards in 8 groups are 0-31, 32-63, ..."""
    return shard * group_count // shard_count


def shards_of_group(key: str, shards: Iterable[int], shard_count: int, group_count: int) -> set[int]:
    """Those of `shards` that group `key` writes (more groups than shards leaves some groups empty)."""
    group = group_index(key)
    return {s for s in shards if group_of_shard(s, shard_count, group_count) == group}


def rows_of_shards(frame: pl.DataFrame, shards: set[int], shard_count: int) -> pl.DataFrame:
    """The rows of `frame` whose user lives in one of `shards`."""
    return with_shard(frame, shard_count).filter(pl.col(SHARD_COLUMN).is_in(sorted(shards))).drop(SHARD_COLUMN)
