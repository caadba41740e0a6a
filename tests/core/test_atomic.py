"""All-or-nothing writes: the target is the old file or the new one, never half, and no temp file stays."""

import pytest

from pipelines.core.atomic import atomic_path, write_text_atomic


def test_a_write_replaces_the_target_and_leaves_no_temp_file(tmp_path):
    target = tmp_path / "deep" / "CURRENT"
    write_text_atomic(target, "1\n")
    write_text_atomic(target, "2\n")
    assert target.read_text() == "2\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["CURRENT"]


def test_a_failed_write_keeps_the_old_file_and_removes_its_temp(tmp_path):
    target = tmp_path / "memories.parquet"
    target.write_text("old")
    with pytest.raises(OSError), atomic_path(target) as tmp:
        tmp.write_text("half")
        raise OSError("disk full")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["memories.parquet"]


def test_the_temp_file_is_hidden_from_parquet_listings(tmp_path):
    with atomic_path(tmp_path / "part-0.parquet") as tmp:
        assert tmp.name.startswith(".") and not tmp.name.endswith(".parquet")
        tmp.write_text("x")
