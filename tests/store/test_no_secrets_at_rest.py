"""Secrets said in chat are masked before anything is written: after two nights (a re-delivery, conflicts and
bad rows included), no planted secret is readable in any file under the store, as text columns or as bytes."""

import re
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from pipelines.extract.rules.engine import RulesExtractor
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.resolve.decay import DecayParams
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import MAR, NIGHT, message, write_raw

# (what the user says, the secret in it), zh and en, labelled and not
PLANTED = [
    ("my password is hunter2x", "hunter2x"),
    ("aws_secret_access_key=wJalrXUtnFEMIK7MDENGbPxRfiCY", "wJalrXUtnFEMIK7MDENGbPxRfiCY"),
    ("here is my token github_pat_11ABCDEFG0123456789_abcdefghijkl", "github_pat_11ABCDEFG0123456789_abcdefghijkl"),
    ("the password for my bank is Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("our wifi password is sunflower42", "sunflower42"),
    ("wifi password daisy-77-chain", "daisy-77-chain"),
    ("密 码 是 lotus8899", "lotus8899"),
    ("我的密码是abc12345，别告诉别人", "abc12345"),
    ("验证码：482913", "482913"),
    ("sk-abcdefghijklmnopqrstuvwx", "sk-abcdefghijklmnopqrstuvwx"),
    ("AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("密钥是AKIAZZZZODNN7EXAMPLE谢谢", "AKIAZZZZODNN7EXAMPLE"),
    ("I live in Boston, api key: sk-proj-livesinboston12345", "sk-proj-livesinboston12345"),
    ("card 4111 1111 1111 1111 please", "4111 1111 1111 1111"),
    ("the PIN for my debit card is 7391", "7391"),
    ("DB_PASSWORD=s3cretSauce!", "s3cretSauce!"),
]


_DIGEST = re.compile(r"\b[0-9a-f]{64}\b")


def _night(raw: Path, store: Path, name: str, rows: list[dict]) -> None:
    write_raw(raw / name / "part-0.parquet", rows)
    stage_validate(raw, store, IngestDefaults(), NIGHT)
    stage_extract(store, RulesExtractor(), HashingEmbedder())
    stage_resolve(store, NIGHT)
    stage_decay(store, NIGHT.date(), DecayParams())
    stage_publish(store, NIGHT, 30, {})


def _texts(path: Path) -> list[str]:
    """Every string a Parquet file holds in a text or list-of-text column."""
    table = pq.read_table(path)
    found: list[str] = []
    for column in table.columns:
        values = column.combine_chunks()
        while pa.types.is_list(values.type) or pa.types.is_large_list(values.type):
            values = values.flatten()
        if pa.types.is_string(values.type) or pa.types.is_large_string(values.type):
            found += [v for v in values.to_pylist() if v]
    return found


def test_no_planted_secret_is_readable_anywhere_in_the_store(tmp_path):
    raw, store = tmp_path / "raw", tmp_path / "store"
    first = [message("s1", i + 1, text, MAR(1, 9).replace(minute=i)) for i, (text, _) in enumerate(PLANTED)]
    first += [
        message("s2", 1, "my password is conflictA1", MAR(2)),  # one id, two contents: both quarantined
        message("s2", 1, "my password is conflictB2", MAR(2)),
        message("s2", 2, "验证码：556677", MAR(2), role="narrator"),  # unknown role: quarantined
        message("s2", 3, "wifi password: nullts99", None),  # no ts: quarantined
    ]
    _night(raw, store, "night=1", first)
    second = [
        message("s1", 1, PLANTED[0][0], MAR(1, 9)),  # re-delivered as it was
        message("s1", 2, "aws_secret_access_key=OtherValue0987654321xyz", MAR(1, 9)),  # stored id, other words
        message("s3", 1, "my new password is Zebra!Crossing9", MAR(3)),
    ]
    _night(raw, store, "night=2", second)
    secrets = [s for _, s in PLANTED] + [
        "conflictA1",
        "conflictB2",
        "556677",
        "nullts99",
        "OtherValue0987654321xyz",
        "Zebra!Crossing9",
    ]
    leaks = []
    files = [p for p in store.rglob("*") if p.is_file()]
    assert any(p.name == "quarantine.parquet" for p in files) and any("staging" in p.parts for p in files)
    for path in files:
        blob = path.read_bytes()
        texts = _texts(path) if path.suffix == ".parquet" else [blob.decode("utf-8", "replace")]
        # a content hash (the embedding cache's key) is no secret, though its hex may hold a PIN's digits by chance
        for digest in {d for t in texts for d in _DIGEST.findall(t)}:
            blob = blob.replace(digest.encode(), b"")
        texts = [_DIGEST.sub("", t) for t in texts]
        leaks += [
            (str(path.relative_to(store)), s) for s in secrets if s.encode() in blob or any(s in t for t in texts)
        ]
    assert leaks == []
