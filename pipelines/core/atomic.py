"""All-or-nothing file writes: a temp file beside the target, fsynced, renamed over it, folder fsynced.

A crash at any point leaves either the old file or the new one, never half of either; readers need no lock.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def fsync_dir(path: Path) -> None:
    """Make a rename inside `path` durable (POSIX keeps directory entries in the directory's own data)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


@contextmanager
def atomic_path(target: Path | str) -> Iterator[Path]:
    """Yields a temp path to write; on a clean exit it replaces `target` durably, on an error it is removed.

    The temp name starts with a dot and carries the pid, so concurrent writers never share one and
    listings of `*.parquet` never see it.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        yield tmp
        fsync_file(tmp)
        tmp.replace(target)
        fsync_dir(target.parent)
    finally:
        tmp.unlink(missing_ok=True)


DISK_FULL_BYTES = 1 << 20  # a write that fails with less than this left found the disk full


def write_atomic(target: Path | str, write: Callable[[Path], object]) -> Path:
    """`write(temp_path)` then swap it in: `write_atomic(p, frame.write_parquet)`.

    A writer that fails on a full disk with an error of its own ("Invalid thrift: transport error", from
    Polars' Parquet sink) raises OSError(ENOSPC) naming the file instead."""
    with atomic_path(target) as tmp:
        try:
            write(tmp)
        except OSError:
            raise
        except Exception as exc:
            if shutil.disk_usage(tmp.parent).free < DISK_FULL_BYTES:
                raise OSError(errno.ENOSPC, f"No space left on device writing {target} ({exc})") from exc
            raise
    return Path(target)


def remove_paths(paths: list[Path]) -> None:
    """Delete files and whole folders alike (what killed or superseded writers left)."""
    for path in paths:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def write_text_atomic(target: Path | str, text: str) -> Path:
    return write_atomic(target, lambda tmp: tmp.write_text(text, encoding="utf-8"))
