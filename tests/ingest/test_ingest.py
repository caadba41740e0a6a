from datetime import datetime

import polars as pl
import pytest

from pipelines.ingest.files import RawLogError, list_input_files, new_input_files
from pipelines.ingest.read import IngestDefaults, read_raw, read_raw_file
from pipelines.ingest.validate import validate
from tests.support.raw_logs import NIGHT, UTC, message, write_raw

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
NO_EPISODES = pl.DataFrame(
    schema={"agent_id": pl.String, "user_id": pl.String, "message_id": pl.String, "content": pl.String}
)


def test_missing_required_column_names_file_and_column(tmp_path):
    rows = [{k: v for k, v in message("s1", 1, "hi", T0).items() if k != "ts"}]
    path = write_raw(tmp_path / "a.parquet", rows)
    with pytest.raises(RawLogError, match=r"a\.parquet: missing required column\(s\) ts"):
        read_raw_file(path, IngestDefaults())


def test_uncastable_type_names_file_and_column(tmp_path):
    row = message("s1", 1, "hi", T0) | {"msg_seq": "first"}
    path = write_raw(tmp_path / "b.parquet", [row])
    with pytest.raises(RawLogError, match=r"b\.parquet: column 'msg_seq' has type string"):
        read_raw_file(path, IngestDefaults())


def test_optional_columns_default_and_naive_ts_is_utc(tmp_path):
    rows = [{"session_id": "s9", "msg_seq": 3, "role": "user", "content": "hello", "ts": datetime(2026, 3, 1, 9)}]
    path = write_raw(tmp_path / "c.parquet", rows)
    frame = pl.from_arrow(read_raw_file(path, IngestDefaults(agent_id="agentX", user_id="userY")))
    row = frame.row(0, named=True)
    assert (row["agent_id"], row["user_id"], row["message_id"], row["source"]) == ("agentX", "userY", "s9:3", "chat")
    assert row["ts"] == T0
    assert (row["input_file"], row["input_row"]) == (str(path), 0)


def test_bad_rows_are_quarantined_with_file_row_and_reason(tmp_path):
    rows = [
        message("s1", 1, "I live in Boston", T0),
        message("s1", 2, "   ", T0),
        message("s1", 3, "who am I", None),
        message("s1", 4, "once upon a time", T0, role="narrator"),
        message("s1", 5, "version one", T0),
        message("s1", 5, "version two", T0),
        message("s1", 1, "I live in Boston", T0),  # exact repeat: collapsed, not quarantined
    ]
    path = write_raw(tmp_path / "d.parquet", rows)
    good, quarantine = validate(read_raw([*new_input_files([path], set())], IngestDefaults()), NO_EPISODES, NIGHT)
    assert good["message_id"].to_list() == ["s1:1"]
    reasons = {(r["input_row"], r["reason"]) for r in quarantine.iter_rows(named=True)}
    assert reasons == {
        (1, "null or empty content"),
        (2, "null ts"),
        (3, "unknown role: narrator"),
        (4, "message_id seen with different content in this batch"),
        (5, "message_id seen with different content in this batch"),
    }
    assert set(quarantine["input_file"]) == {str(path)}


def test_message_already_stored_with_other_words_is_quarantined(tmp_path):
    path = write_raw(tmp_path / "e.parquet", [message("s1", 1, "I live in Paris", T0)])
    stored = pl.DataFrame(
        {"agent_id": ["bot"], "user_id": ["u1"], "message_id": ["s1:1"], "content": ["I live in Boston"]}
    )
    good, quarantine = validate(read_raw(new_input_files([path], set()), IngestDefaults()), stored, NIGHT)
    assert good.is_empty()
    assert quarantine["reason"].to_list() == ["message_id already stored with different content"]


def test_incremental_input_skips_files_by_checksum(tmp_path):
    first = write_raw(tmp_path / "raw/date=2026-03-01/part-0.parquet", [message("s1", 1, "hi", T0)])
    copy = tmp_path / "raw/date=2026-03-02/part-0.parquet"
    copy.parent.mkdir(parents=True)
    copy.write_bytes(first.read_bytes())
    files = list_input_files(tmp_path / "raw")
    assert files == [first, copy]
    fresh = new_input_files(files, set())
    assert [f.path for f in fresh] == [str(first)]  # the renamed copy carries nothing new
    assert new_input_files(files, {fresh[0].sha256}) == []


def test_missing_raw_path_is_a_clear_error(tmp_path):
    with pytest.raises(RawLogError, match="raw input path does not exist"):
        list_input_files(tmp_path / "nowhere")


def test_reading_reports_each_files_rows_as_it_is_read(tmp_path):
    write_raw(tmp_path / "raw/date=2026-03-01/part-0.parquet", [message("s1", 1, "hi", T0)])
    write_raw(tmp_path / "raw/date=2026-03-02/part-0.parquet", [message("s2", i, f"hi {i}", T0) for i in (1, 2, 3)])
    heard: list[int] = []
    frame = read_raw(new_input_files(list_input_files(tmp_path / "raw"), set()), IngestDefaults(), heard.append)
    assert heard == [1, 3] and frame.height == 4
