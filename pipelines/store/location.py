"""Where a store lives: a local folder or `s3://bucket/prefix`, and the few object operations a store needs there
(read, write whole, create only if absent, list, delete, upload, download), plus the writer's local work folder.

S3 goes through s3fs (fsspec): one library gives the store its object calls, the conditional put
(`If-None-Match: *`) that commits a version, and the filesystem DuckDB and Polars read the same URIs with.
Credentials and the endpoint come only from the standard AWS variables or profile, never from the URI.
"""

from __future__ import annotations

import hashlib
from functools import cached_property
from pathlib import Path
from typing import Any

from pipelines.core.atomic import write_atomic
from pipelines.core.config import work_dir_if_set

S3_SCHEME = "s3://"


def is_remote(root: Path | str) -> bool:
    return str(root).startswith(S3_SCHEME)


def store_uri(root: Path | str) -> str:
    """The store as the user named it: `s3://bucket/prefix` untouched (Path would fold its `//`), a local folder
    as a path string."""
    text = str(root)
    return text.rstrip("/") if is_remote(text) else str(Path(text))


def work_folder(root: Path | str) -> Path:
    """The local folder of a store's writer-only and read-cache files (the store folder itself when local)."""
    return StoreLocation(root).work


def store_root(root: Path | str) -> Path | str:
    """A store as given (`--store`, MEMORY_STORE, a resource): an `s3://` URI stays text (a Path would fold its
    `//`), a folder becomes a Path."""
    return store_uri(root) if is_remote(root) else Path(root)


def absolute_store(root: Path | str) -> str:
    """The store as a run records it: an `s3://` URI, or the folder's absolute path (the UI's process has another
    working directory)."""
    return store_uri(root) if is_remote(root) else str(Path(root).resolve())


class VersionTakenError(RuntimeError):
    """An object that may be created once (a version's claim, a commit record) already exists."""


class StoreLocation:
    """A store's root URI and what the store code does with objects under it (keys are relative, `/`-joined)."""

    def __init__(self, root: Path | str) -> None:
        self.uri = store_uri(root)
        self.remote = is_remote(self.uri)

    @cached_property
    def fs(self) -> Any:
        """The s3fs filesystem of an `s3://` store (listings never cached: another host may publish any moment).
        A local store is plain files, so nothing here imports fsspec for it."""
        import s3fs

        return s3fs.S3FileSystem(use_listings_cache=False)

    @property
    def work(self) -> Path:
        """The local folder of what only this host uses (staging, embedding cache, writer lease, read copies): the
        store folder itself when local; for S3, $MEMORY_WORK_DIR or one per store under ~/.cache/agent-memory."""
        if not self.remote:
            return Path(self.uri)
        chosen = work_dir_if_set()
        if chosen:
            return Path(chosen)
        name = self.uri[len(S3_SCHEME) :].replace("/", "_")
        digest = hashlib.sha256(self.uri.encode()).hexdigest()[:8]  # two prefixes folding to one name stay apart
        return Path.home() / ".cache" / "agent-memory" / f"{name}-{digest}"

    def path(self, relative: str = "") -> str:
        """The filesystem path of `relative` (bucket/prefix/relative for S3)."""
        base = self.uri[len(S3_SCHEME) :] if self.remote else self.uri
        return f"{base}/{relative}" if relative else base

    def url(self, relative: str = "") -> str:
        return f"{self.uri}/{relative}" if relative else self.uri

    def read_bytes(self, relative: str, start: int = 0) -> bytes:
        """The object's bytes from offset `start`; FileNotFoundError when it is absent."""
        if self.remote:
            return self.fs.cat_file(self.path(relative), start=start or None)
        with open(self.path(relative), "rb") as handle:
            handle.seek(start)
            return handle.read()

    def read_many(self, relatives: list[str]) -> dict[str, bytes]:
        """Whole objects by path relative to the store root (concurrently on S3: one request each)."""
        if not self.remote:
            return {relative: self.read_bytes(relative) for relative in relatives}
        found = self.fs.cat([self.path(r) for r in relatives]) if relatives else {}
        return {relative: found[self.path(relative)] for relative in relatives}

    def write_bytes(self, relative: str, data: bytes) -> None:
        """Replace the object whole (a PUT is atomic on S3; locally a temp file renamed over it)."""
        if self.remote:
            self.fs.pipe_file(self.path(relative), data)
        else:
            write_atomic(self.path(relative), lambda tmp: tmp.write_bytes(data))

    def create(self, relative: str, data: bytes) -> None:
        """Write the object only if nobody has (`If-None-Match: *` on S3, O_EXCL locally); VersionTakenError else."""
        target = self.path(relative)
        if not self.remote:
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            try:
                with open(target, "xb") as handle:
                    handle.write(data)
            except FileExistsError:
                raise VersionTakenError(f"{self.url(relative)}: already written by another writer") from None
            return
        try:
            self.fs.pipe_file(target, data, mode="create")
        except OSError as exc:
            if _precondition_failed(exc):
                raise VersionTakenError(f"{self.url(relative)}: already written by another writer") from None
            raise

    def find(self, relative: str) -> list[str]:
        """Every object (file) under the folder `relative`, as paths relative to the store root, sorted."""
        if not self.remote:
            folder = Path(self.path(relative))
            found = folder.rglob("*") if folder.is_dir() else []
            return sorted(p.relative_to(self.uri).as_posix() for p in found if p.is_file())
        base = self.path("")
        try:
            keys = self.fs.find(self.path(relative))
        except FileNotFoundError:
            return []
        return sorted(key[len(base) + 1 :] for key in keys if key.startswith(base + "/"))

    def delete(self, relatives: list[str]) -> None:
        if not relatives:
            return
        if self.remote:
            self.fs.rm([self.path(r) for r in relatives])
        else:
            for relative in relatives:
                Path(self.path(relative)).unlink(missing_ok=True)

    def sizes(self, relative: str) -> dict[str, int]:
        """The size of every object under the folder `relative`, by path relative to the store root (one listing
        instead of a request per object)."""
        if not self.remote:
            return {key: Path(self.path(key)).stat().st_size for key in self.find(relative)}
        base = self.path("")
        try:
            found = self.fs.find(self.path(relative), detail=True)
        except FileNotFoundError:
            return {}
        return {key[len(base) + 1 :]: int(info["size"]) for key, info in found.items() if key.startswith(base + "/")}

    def upload(self, files: dict[str, Path]) -> None:
        """Copy finished local files to the object store, concurrently (each a PUT: readers see all of a file or
        none of it); `files` maps the path relative to the store root to the local file."""
        if files:
            self.fs.put([str(local) for local in files.values()], [self.path(key) for key in files])

    def download(self, relative: str, local: Path) -> None:
        """Fetch the object into `local` whole (a temp file renamed: another reader never meets half of it)."""
        local.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(local, lambda tmp: self.fs.get_file(self.path(relative), str(tmp)))

    def register_with(self, con: Any) -> None:
        """Let a DuckDB connection read this store's `s3://` URIs through the same filesystem (no httpfs)."""
        if self.remote and not con.filesystem_is_registered("s3"):
            con.register_filesystem(self.fs)


def _precondition_failed(exc: OSError) -> bool:
    """A conditional put refused: FileExistsError from AWS, a 412 (EINVAL) with PreconditionFailed elsewhere."""
    if isinstance(exc, FileExistsError):
        return True
    cause = getattr(exc, "__cause__", None)
    response = getattr(cause, "response", None) or {}
    error = response.get("Error", {}) if isinstance(response, dict) else {}
    status = response.get("ResponseMetadata", {}).get("HTTPStatusCode") if isinstance(response, dict) else None
    return error.get("Code") in ("PreconditionFailed", "412") or status == 412
