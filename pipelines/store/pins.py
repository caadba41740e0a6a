"""Readers pin the versions they read, so pruning never deletes a version under a reader.

A pin is a shared flock on the version's manifest, held by the reader process for as long as it serves
from that version (the kernel drops it when the process dies). Prune takes the exclusive lock without
waiting, and skips a version it cannot get: that version goes at a later prune instead.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def pin(manifest: Path) -> int | None:
    """A descriptor holding a shared lock on `manifest`, or None when the version is gone (pruned)."""
    try:
        fd = os.open(manifest, os.O_RDONLY)
    except FileNotFoundError:
        return None
    fcntl.flock(fd, fcntl.LOCK_SH)  # waits out a prune that is deleting it right now
    try:
        still_there = os.stat(manifest).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        still_there = False
    if not still_there:
        os.close(fd)
        return None
    return fd


def unpin(fd: int) -> None:
    os.close(fd)


@contextmanager
def exclusive_unless_pinned(manifest: Path) -> Iterator[bool]:
    """Yields True while holding the version exclusively (no reader has it), False when a reader pins it."""
    try:
        fd = os.open(manifest, os.O_RDONLY)
    except FileNotFoundError:
        yield True
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)
