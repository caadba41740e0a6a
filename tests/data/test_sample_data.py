"""The committed raw sample (data/sample) has the stories the demo and the pipeline tests rely on."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "sample"
GENERATOR = ROOT / "data" / "generate_sample.py"
CJK = r"[\u4e00-\u9fff]"

CONTRACT = {
    "agent_id": pl.String,
    "user_id": pl.String,
    "session_id": pl.String,
    "msg_seq": pl.Int64,
    "message_id": pl.String,
    "role": pl.String,
    "speaker": pl.String,
    "content": pl.String,
    "ts": pl.Datetime("us", "UTC"),
    "source": pl.String,
}


def read_sample(folder: Path) -> pl.DataFrame:
    """Every row with the folder it was dropped in (`folder`, a date) and its file relative to `folder`."""
    frames = []
    for path in sorted(folder.glob("date=*/*.parquet")):
        frame = pl.read_parquet(path, hive_partitioning=False)
        frames.append(
            frame.with_columns(
                pl.lit(path.parent.name.removeprefix("date=")).str.to_date().alias("folder"),
                pl.lit(path.relative_to(folder).as_posix()).alias("file"),
            )
        )
    return pl.concat(frames)


@pytest.fixture(scope="module")
def sample() -> pl.DataFrame:
    return read_sample(SAMPLE)


def one(sample: pl.DataFrame, user_id: str, content: str) -> dict:
    rows = sample.filter((pl.col("user_id") == user_id) & (pl.col("content") == content))
    assert rows.height == 1, f"{user_id} {content!r}: {rows.height} rows"
    return rows.row(0, named=True)


def test_contract_schema(sample):
    assert {name: sample.schema[name] for name in CONTRACT} == CONTRACT
    assert sample.select(pl.col(list(CONTRACT)).null_count()).sum_horizontal().item() == 0


def test_size_users_days_languages(sample):
    assert sample.height >= 200
    assert sample["user_id"].n_unique() >= 4
    assert sample["ts"].dt.date().n_unique() >= 5
    assert sample["folder"].n_unique() >= 5
    user_text = sample.filter(pl.col("role") == "user")["content"]
    assert user_text.str.contains(CJK).sum() >= 20
    assert user_text.str.contains(r"^[\x00-\x7f]*[A-Za-z]{3}[\x00-\x7f]*$").sum() >= 20


def test_agents_separate_tenants(sample):
    agents = sample.group_by("agent_id").agg(pl.col("user_id").unique().sort())
    assert dict(agents.iter_rows()) == {
        "support_bot": ["u_alice", "u_bob", "u_li", "u_wang"],
        "travel_bot": ["u_alice"],
    }


def test_sessions_ordered_and_paced(sample):
    unique = sample.unique("message_id").sort("session_id", "msg_seq")
    per_session = unique.group_by("session_id").agg(
        (pl.col("msg_seq") == pl.int_range(1, pl.len() + 1)).all().alias("seq_ok"),
        pl.col("ts").diff().dt.total_seconds().drop_nulls().alias("gaps"),
        (pl.col("message_id") == pl.col("session_id") + ":" + pl.col("msg_seq").cast(pl.String)).all().alias("id_ok"),
    )
    assert per_session["seq_ok"].all() and per_session["id_ok"].all()
    gaps = per_session.explode("gaps")["gaps"]
    assert gaps.min() >= 30 and gaps.max() <= 60


def test_late_arriving_shanghai_message(sample):
    shanghai = one(sample, "u_li", "我住在上海")
    beijing = one(sample, "u_li", "我搬到北京了，别按老地址派单")
    assert shanghai["ts"] < beijing["ts"] and shanghai["folder"] > beijing["folder"]
    assert str(shanghai["folder"]) == "2026-03-05" and str(beijing["folder"]) == "2026-03-03"


def test_duplicate_delivery_in_two_files(sample):
    dup = sample.filter(pl.col("message_id").is_duplicated())
    assert dup["message_id"].unique().to_list() == ["s-alice-03:1"]
    assert dup["file"].n_unique() == 2 and dup["content"].to_list() == ["I like hiking"] * 2
    assert dup.drop("folder", "file").unique().height == 1


def test_invoice_requested_in_two_sessions(sample):
    li = sample.filter(pl.col("user_id") == "u_li", pl.col("role") == "user").sort("session_id", "msg_seq")
    li = li.with_columns(pl.col("content").shift(1).over("session_id").alias("previous"))
    invoices = li.filter(pl.col("content") == "要发票")
    assert invoices["session_id"].n_unique() == 2
    assert sorted(invoices["previous"].str.extract(r"订单 (\w+)")) == ["A1001", "B2002"]


def test_exactly_two_documented_bad_rows(sample):
    bad = sample.filter((pl.col("content").str.strip_chars() == "") | ~pl.col("role").is_in(["user", "assistant"]))
    got = {(r["message_id"], r["user_id"], r["role"], r["content"] == "") for r in bad.iter_rows(named=True)}
    assert got == {("s-bob-03:5", "u_bob", "user", True), ("s-bob-04:7", "u_bob", "narrator", False)}
    docstring = GENERATOR.read_text().split('"""')[1]
    assert "s-bob-03:5" in docstring and "s-bob-04:7" in docstring


def test_generator_reproduces_sample(tmp_path):
    spec = importlib.util.spec_from_file_location("generate_sample", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--out", str(tmp_path / "sample")])
    assert_frame_equal(read_sample(tmp_path / "sample"), read_sample(SAMPLE))
