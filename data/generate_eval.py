"""Owns data/eval-sample/: a small labelled eval set (two users, zh and en) in the shared/eval locomo format, so
`make eval` scores recall from a fresh clone. Written for this project; no shared data is copied.
"""

from __future__ import annotations

import argparse
from datetime import datetime, timedelta
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

AGENT = "companion"
# (user, speaker, session, day, [(role, text)]): naive times as the shared sets write them (UTC)
SESSIONS = [
    (
        "u_mei",
        "美",
        "mei-1",
        "2026-02-02 20:00",
        [
            ("user", "我在杭州一家做跨境电商的公司上班，做数据分析。"),
            ("assistant", "数据分析很有意思，平时用什么工具？"),
            ("user", "主要用 Python 和 SQL，最近在学 Rust。"),
            ("assistant", "Rust 上手有点陡，加油。"),
        ],
    ),
    (
        "u_mei",
        "美",
        "mei-2",
        "2026-02-09 21:00",
        [
            ("user", "周末带我家的柯基豆豆去西湖边跑了一圈。"),
            ("assistant", "豆豆一定很开心！"),
            ("user", "对了，我对花生过敏，推荐菜谱的时候记得避开。"),
            ("assistant", "记住了，以后的菜谱都不放花生。"),
        ],
    ),
    (
        "u_mei",
        "美",
        "mei-3",
        "2026-02-20 19:30",
        [
            ("user", "下个月我要去成都出差一周，帮我记一下三月十号出发。"),
            ("assistant", "好的，三月十号出发去成都，一周。"),
            ("user", "顺便提醒我出发前给豆豆约好寄养。"),
        ],
    ),
    (
        "u_tom",
        "Tom",
        "tom-1",
        "2026-02-03 18:00",
        [
            ("user", "I just started as a nurse at St. Mary's hospital in Leeds."),
            ("assistant", "Congratulations on the new job! Night shifts too?"),
            ("user", "Mostly nights for now. I unwind by playing the cello."),
            ("assistant", "The cello sounds like a lovely way to relax."),
        ],
    ),
    (
        "u_tom",
        "Tom",
        "tom-2",
        "2026-02-12 08:30",
        [
            ("user", "My sister Anna is getting married in June, I'm giving the toast."),
            ("assistant", "What an honour. Want help drafting it?"),
            ("user", "Yes please, keep it short and funny. I'm vegetarian, so skip the steak jokes."),
        ],
    ),
]
# (user, question id, question, answer, category, evidence message ids, asked at); categories as shared/eval:
# 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop
QUESTIONS = [
    ("u_mei", "mei/q1", "我在哪个城市工作？", "杭州", 4, ["mei-1:1"], "2026-03-01 09:00"),
    ("u_mei", "mei/q2", "我在学什么编程语言？", "Rust", 4, ["mei-1:3"], "2026-03-01 09:00"),
    ("u_mei", "mei/q3", "我对什么食物过敏？", "花生", 4, ["mei-2:3"], "2026-03-01 09:00"),
    ("u_mei", "mei/q4", "我的狗叫什么名字，是什么品种？", "豆豆，柯基", 1, ["mei-2:1"], "2026-03-01 09:00"),
    ("u_mei", "mei/q5", "我什么时候去成都出差？", "三月十号", 2, ["mei-3:1"], "2026-03-01 09:00"),
    ("u_mei", "mei/q6", "出差前要为豆豆安排什么？", "寄养", 1, ["mei-3:3", "mei-2:1"], "2026-03-01 09:00"),
    ("u_tom", "tom/q1", "Where do I work?", "St. Mary's hospital in Leeds", 4, ["tom-1:1"], "2026-03-01 09:00"),
    ("u_tom", "tom/q2", "What instrument do I play?", "the cello", 4, ["tom-1:3"], "2026-03-01 09:00"),
    ("u_tom", "tom/q3", "When is my sister's wedding?", "June", 2, ["tom-2:1"], "2026-03-01 09:00"),
    (
        "u_tom",
        "tom/q4",
        "What should the toast avoid, and why?",
        "steak jokes: vegetarian",
        3,
        ["tom-2:3"],
        "2026-03-01 09:00",
    ),
]
LOG_SCHEMA = pa.schema(
    [
        ("agent_id", pa.string()),
        ("user_id", pa.string()),
        ("session_id", pa.string()),
        ("msg_seq", pa.int64()),
        ("message_id", pa.string()),
        ("role", pa.string()),
        ("speaker", pa.string()),
        ("content", pa.string()),
        ("ts", pa.timestamp("us")),
        ("source", pa.string()),
    ]
)
QUESTION_SCHEMA = pa.schema(
    [
        ("user_id", pa.string()),
        ("question_id", pa.string()),
        ("question", pa.string()),
        ("answer", pa.string()),
        ("category", pa.int64()),
        ("evidence_message_ids", pa.list_(pa.string())),
        ("asked_at", pa.timestamp("us")),
    ]
)


def session_rows() -> list[dict]:
    rows = []
    for user, speaker, session, start, turns in SESSIONS:
        began = datetime.fromisoformat(start)
        for seq, (role, text) in enumerate(turns, start=1):
            rows.append(
                {
                    "agent_id": AGENT,
                    "user_id": user,
                    "session_id": session,
                    "msg_seq": seq,
                    "message_id": f"{session}:{seq}",
                    "role": role,
                    "speaker": speaker if role == "user" else "assistant",
                    "content": text,
                    "ts": began + timedelta(seconds=30 * seq),
                    "source": "chat",
                }
            )
    return rows


def question_rows() -> list[dict]:
    names = ("user_id", "question_id", "question", "answer", "category", "evidence_message_ids", "asked_at")
    return [dict(zip(names, (*q[:6], datetime.fromisoformat(q[6])), strict=True)) for q in QUESTIONS]


def write(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(session_rows(), LOG_SCHEMA), out / "session_log.parquet", compression="zstd")
    pq.write_table(
        pa.Table.from_pylist(question_rows(), QUESTION_SCHEMA), out / "questions.parquet", compression="zstd"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "eval-sample")
    write(parser.parse_args().out)
