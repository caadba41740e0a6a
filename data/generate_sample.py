"""Owns data/sample/: the deterministic raw session-log sample (4 users, 2 agents, 2026-03-01..10) the job reads.
Two rows are bad on purpose (quarantine demo): s-bob-03:5 (user, empty content), s-bob-04:7 (role "narrator")."""

from __future__ import annotations

import argparse
import shutil
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

import pyarrow as pa
import pyarrow.parquet as pq

SCHEMA = pa.schema(
    [
        ("agent_id", pa.string()),
        ("user_id", pa.string()),
        ("session_id", pa.string()),
        ("msg_seq", pa.int64()),
        ("message_id", pa.string()),
        ("role", pa.string()),
        ("speaker", pa.string()),
        ("content", pa.string()),
        ("ts", pa.timestamp("us", tz="UTC")),
        ("source", pa.string()),
    ]
)
# Fixed writer settings: same input rows -> same bytes (for a given pyarrow version).
WRITE_OPTIONS = dict(
    row_group_size=10_000,
    compression="zstd",
    compression_level=3,
    use_dictionary=True,
    write_statistics=True,
    data_page_version="1.0",
    version="2.6",
)
SPEAKERS = {"u_li": "李雷", "u_wang": "王芳", "u_alice": "Alice", "u_bob": "Bob"}


class Session(NamedTuple):
    session_id: str
    agent_id: str
    user_id: str
    source: str
    start: str  # ts of the first message, UTC, "YYYY-MM-DD HH:MM"
    turns: list[tuple[str, str]]  # (user message, assistant reply)
    drop_date: str | None = None  # folder the file lands in; None = the day of `start`


LI = [
    # Arrives late: ts 2026-03-01 09:00 but dropped in date=2026-03-05, after the Beijing move (date=2026-03-03).
    Session(
        "s-li-01",
        "support_bot",
        "u_li",
        "chat",
        "2026-03-01 09:00",
        [
            ("我住在上海", "好的，已记下您住在上海。请问怎么称呼您？"),
            ("我叫李雷", "李雷您好，很高兴为您服务。"),
            ("我偏好简洁的输出，喜欢用表格", "明白，之后我会尽量用表格简洁呈现。"),
            ("谢谢", "不客气！"),
        ],
        drop_date="2026-03-05",
    ),
    Session(
        "s-li-02",
        "support_bot",
        "u_li",
        "chat",
        "2026-03-03 10:00",
        [
            ("我搬到北京了，别按老地址派单", "收到，已把您的地址改为北京，之后按新地址派单。"),
            ("我在字节跳动工作", "好的，已记录您的工作单位。"),
            ("我会用 Python", "太好了，后面的示例代码我用 Python 给出。"),
            ("帮我查一下最近的订单", "您最近有两笔订单：A1001 和 B2002，都在配送中。"),
            ("谢谢", "不客气，有需要随时找我。"),
        ],
    ),
    Session(
        "s-li-03",
        "support_bot",
        "u_li",
        "ticket",
        "2026-03-04 14:00",
        [
            ("你好", "你好！请问有什么可以帮您？"),
            ("订单 A1001 已经到了", "太好了，订单 A1001 已签收。"),
            ("要发票", "好的，已为订单 A1001 申请发票，开好后发到您邮箱。"),
            ("抬头写公司名", "好的，抬头写您的公司名称。"),
            ("谢谢", "不客气！"),
        ],
    ),
    Session(
        "s-li-04",
        "support_bot",
        "u_li",
        "ticket",
        "2026-03-06 16:30",
        [
            ("订单 B2002 也到了", "收到，订单 B2002 已签收。"),
            ("要发票", "好的，已为订单 B2002 申请发票。"),
            ("和上次一样开电子发票就行", "明白，B2002 也开电子发票。"),
        ],
    ),
    Session(
        "s-li-05",
        "support_bot",
        "u_li",
        "chat",
        "2026-03-08 08:45",
        [
            ("早上好", "早上好！"),
            ("记得明天之前帮我把周报发给老板", "好的，我会提醒您明天之前把周报发给老板。"),
            ("我决定用 DuckDB 做分析", "好的，已记录：分析用 DuckDB。"),
            ("DuckDB 能直接读 Parquet 吗？", "可以，用 read_parquet 就能直接查询。"),
            ("我养了一只猫叫咪咪", "咪咪这个名字真可爱！"),
            ("好的，拜拜", "再见，祝您愉快！"),
        ],
    ),
    Session(
        "s-li-06",
        "support_bot",
        "u_li",
        "chat",
        "2026-03-10 11:20",
        [
            ("你好", "你好！"),
            ("北京这周会下雨吗？", "预报说周四有小雨，记得带伞。"),
            ("谢谢", "不客气！"),
        ],
    ),
]

WANG = [
    Session(
        "s-wang-01",
        "support_bot",
        "u_wang",
        "chat",
        "2026-03-01 13:00",
        [
            ("你好", "你好！有什么可以帮您？"),
            ("我的名字是王芳", "王芳您好，很高兴认识您。"),
            ("我现在住在杭州", "好的，已记录您住在杭州。"),
            ("请用中文回答", "好的，我会一直用中文回答。"),
            ("我不喜欢太长的回答", "明白，我会尽量简短。"),
            ("谢谢", "不客气！"),
        ],
    ),
    Session(
        "s-wang-02",
        "support_bot",
        "u_wang",
        "chat",
        "2026-03-02 11:00",
        [
            ("我在阿里巴巴上班", "好的，已记录您的工作单位。"),
            ("我是产品经理", "明白，之后从产品角度给您建议。"),
            ("我熟悉 Kubernetes", "好的，部署问题可以聊得深入些。"),
            ("我用 DuckDB 分析过销售数据", "了解，DuckDB 很适合这类分析。"),
            ("部署过 Cloudflare Tunnel", "好的，内网穿透的问题可以直接聊细节。"),
        ],
    ),
    Session(
        "s-wang-03",
        "support_bot",
        "u_wang",
        "chat",
        "2026-03-05 19:00",
        [
            ("我喜欢爬山", "爬山是很好的运动！"),
            ("杭州附近有什么山推荐？", "可以试试北高峰或九溪十八涧，路线不长。"),
            ("周五前提醒我交房租", "好的，周五前提醒您交房租。"),
            ("我的生日是5月3日", "记下了，5月3日。"),
            ("谢谢", "不客气！"),
        ],
    ),
    Session(
        "s-wang-04",
        "support_bot",
        "u_wang",
        "chat",
        "2026-03-07 10:15",
        [
            ("上次的两个方案各有什么优缺点？", "方案A成本低但上线慢；方案B稍贵但一周内能上线。"),
            ("就用方案B吧", "好的，按方案B推进。"),
            ("帮我列一下下一步", "1. 确认预算；2. 排期；3. 周三前评审。"),
            ("好的，谢谢", "不客气！"),
        ],
    ),
    Session(
        "s-wang-05",
        "support_bot",
        "u_wang",
        "chat",
        "2026-03-09 20:00",
        [
            ("你好", "你好！"),
            ("我已经不在杭州了", "收到，已把杭州从您的住址中移除。"),
            ("新地址以后再告诉你", "没问题，需要时再告诉我。"),
            ("谢谢", "不客气！"),
        ],
    ),
]

ALICE = [
    Session(
        "s-alice-01",
        "support_bot",
        "u_alice",
        "chat",
        "2026-03-01 15:00",
        [
            ("hi", "Hi! How can I help you today?"),
            ("My name is Alice", "Nice to meet you, Alice!"),
            ("I live in Boston", "Got it, Boston."),
            ("I work at Acme", "Noted, you work at Acme."),
            ("I prefer answers as tables", "Understood, I'll use tables where I can."),
            ("thanks!", "You're welcome!"),
        ],
    ),
    Session(
        "s-alice-02",
        "support_bot",
        "u_alice",
        "chat",
        "2026-03-02 17:20",
        [
            ("Keep answers short", "Will do."),
            ("I know Rust", "Great, I can share Rust examples."),
            ("I've used Terraform", "Good to know for infra questions."),
            ("How do I reset my password?", "Settings > Security > Reset password."),
            ("thanks!", "Anytime!"),
        ],
    ),
    # s-alice-03:1 ("I like hiking") is delivered twice: date=2026-03-04 and again in date=2026-03-06.
    Session(
        "s-alice-03",
        "support_bot",
        "u_alice",
        "chat",
        "2026-03-04 12:00",
        [
            ("I like hiking", "Hiking is great! Any favorite trails?"),
            ("I hate meetings", "Understood, I'll keep things async where possible."),
            ("I have a dog named Rex", "Rex is a great name for a dog!"),
            ("Remind me to renew my passport by Friday", "Sure, I'll remind you to renew your passport by Friday."),
        ],
    ),
    Session(
        "s-alice-04",
        "support_bot",
        "u_alice",
        "ticket",
        "2026-03-05 09:30",
        [
            ("I need an invoice", "Sure, which order is it for?"),
            ("Order C3003 from last week", "Thanks, the invoice for C3003 is on its way."),
            ("My email is alice@example.com", "Got it, I'll send it to alice@example.com."),
            ("thanks!", "You're welcome!"),
        ],
    ),
    Session(
        "t-alice-01",
        "travel_bot",
        "u_alice",
        "chat",
        "2026-03-06 18:00",
        [
            ("hi", "Hi! Where are we flying to?"),
            ("I need a flight to Chicago next Tuesday", "Two options: A leaves at 8:00, B at 11:30."),
            ("I like window seats", "Noted, window seats it is."),
            ("Let's go with option B", "Done, option B with a window seat."),
            ("thanks!", "Have a good trip!"),
        ],
    ),
    Session(
        "s-alice-05",
        "support_bot",
        "u_alice",
        "chat",
        "2026-03-08 14:00",
        [
            ("I moved to Seattle", "Congrats on the move! Updated to Seattle."),
            ("I no longer work at Acme", "Noted, I've removed Acme as your employer."),
            ("We decided to use Postgres", "Good choice, Postgres it is."),
            ("Postgres or MySQL for JSON data?", "Postgres: its jsonb type is indexable."),
            ("thanks!", "You're welcome!"),
        ],
    ),
    Session(
        "s-alice-06",
        "support_bot",
        "u_alice",
        "chat",
        "2026-03-10 16:40",
        [
            ("hi", "Hi Alice!"),
            ("What's the weather like in Seattle this week?", "Mostly cloudy, light rain on Thursday."),
            ("thanks!", "Anytime!"),
        ],
    ),
]

BOB = [
    Session(
        "s-bob-01",
        "support_bot",
        "u_bob",
        "chat",
        "2026-03-02 08:00",
        [
            ("hi", "Hello! What can I do for you?"),
            ("Call me Bob", "Sure thing, Bob."),
            ("I'm based in Berlin", "Got it, Berlin."),
            ("I work for Globex as a data engineer", "Noted: data engineer at Globex."),
            ("Please use bullet points", "- Sure\n- Bullet points from now on"),
            ("thanks!", "- You're welcome"),
        ],
    ),
    Session(
        "s-bob-02",
        "support_bot",
        "u_bob",
        "chat",
        "2026-03-03 15:45",
        [
            ("Please answer in English", "- Of course, English it is"),
            ("I love jazz", "- Jazz is wonderful\n- Any favorite artists?"),
            ("I don't like long emails", "- Understood, drafts stay brief"),
            ("我喜欢喝茶", "喝茶很好！您喜欢绿茶还是红茶？"),
            ("谢谢", "不客气！"),
        ],
    ),
    Session(
        "s-bob-03",
        "support_bot",
        "u_bob",
        "chat",
        "2026-03-05 11:10",
        [
            ("I'm familiar with Kubernetes", "- Great, I'll skip the basics"),
            ("I need to send the report by tomorrow", "- Okay, reminder set for tomorrow"),
            # BAD_ROWS inserts an empty user message here (msg_seq 5).
            (
                "Sorry, hit enter too early. Can you draft a two-line summary?",
                "- Pipeline latency down 20%\n- Backfill finishes Friday",
            ),
        ],
    ),
    Session(
        "s-bob-04",
        "support_bot",
        "u_bob",
        "chat",
        "2026-03-07 16:00",
        [
            ("Blue or grey laptop sleeve?", "- Both fit\n- The blue one is water-resistant"),
            ("I'll go with the blue one", "- Good pick, the blue one"),
            ("My birthday is May 3", "- Noted: May 3"),
            # BAD_ROWS appends a "narrator" row here (msg_seq 7).
        ],
    ),
    Session(
        "s-bob-05",
        "support_bot",
        "u_bob",
        "chat",
        "2026-03-10 09:00",
        [
            ("hi", "Hi Bob!"),
            ("What's on my list?", "- Send the report\n- Order the blue sleeve"),
            ("thanks!", "- Anytime"),
        ],
    ),
]

SESSIONS = [*LI, *WANG, *ALICE, *BOB]

# The only two rows that break the contract: (session_id, msg_seq it takes, role, speaker, content).
BAD_ROWS = [
    ("s-bob-03", 5, "user", "Bob", ""),  # empty content
    ("s-bob-04", 7, "narrator", "narrator", "(Bob closes the chat window.)"),  # unknown role
]

# Messages delivered a second time, unchanged, in a later file: (message_id, extra drop date).
REDELIVERED = [("s-alice-03:1", "2026-03-06")]


def gap_seconds(session_id: str, index: int) -> int:
    """Deterministic 30..60 s pause before message `index` (0-based) of a session."""
    return 30 + (index * 13 + sum(map(ord, session_id))) % 31


def script_rows(session: Session) -> list[tuple[str, str, str]]:
    """(role, speaker, content) in order: the turns, with this session's BAD_ROWS spliced in."""
    rows = []
    for user_text, reply in session.turns:
        rows.append(("user", SPEAKERS[session.user_id], user_text))
        rows.append(("assistant", "assistant", reply))
    for session_id, seq, role, speaker, content in BAD_ROWS:
        if session_id == session.session_id:
            rows.insert(seq - 1, (role, speaker, content))
    return rows


def session_messages(session: Session) -> list[dict]:
    """One dict per message (contract columns plus `drop_date`), msg_seq from 1, ts strictly increasing."""
    ts = datetime.strptime(session.start, "%Y-%m-%d %H:%M").replace(tzinfo=UTC)
    drop_date = session.drop_date or ts.date().isoformat()
    messages = []
    for index, (role, speaker, content) in enumerate(script_rows(session)):
        if index:
            ts += timedelta(seconds=gap_seconds(session.session_id, index))
        seq = index + 1
        messages.append(
            {
                "agent_id": session.agent_id,
                "user_id": session.user_id,
                "session_id": session.session_id,
                "msg_seq": seq,
                "message_id": f"{session.session_id}:{seq}",
                "role": role,
                "speaker": speaker,
                "content": content,
                "ts": ts,
                "source": session.source,
                "drop_date": drop_date,
            }
        )
    return messages


def all_messages() -> list[dict]:
    """Every delivered row, redeliveries included (a redelivered row differs only in drop_date)."""
    messages = [m for session in SESSIONS for m in session_messages(session)]
    by_id = {m["message_id"]: m for m in messages}
    for message_id, drop_date in REDELIVERED:
        messages.append({**by_id[message_id], "drop_date": drop_date})
    return messages


def files_by_drop_date(messages: list[dict]) -> dict[str, list[dict]]:
    """Group rows into one file per drop date, rows ordered by (ts, message_id)."""
    files: dict[str, list[dict]] = {}
    for message in messages:
        files.setdefault(message["drop_date"], []).append(message)
    return {day: sorted(rows, key=lambda m: (m["ts"], m["message_id"])) for day, rows in sorted(files.items())}


def write_file(rows: list[dict], path: Path) -> None:
    """Write one part file with the contract schema and fixed writer settings."""
    table = pa.Table.from_pylist([{k: r[k] for k in SCHEMA.names} for r in rows], schema=SCHEMA)
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path, **WRITE_OPTIONS)


def reset_out(out: Path) -> None:
    """Delete a previous sample; refuse to touch a folder holding anything but date=* partitions."""
    if out.exists():
        strangers = [p.name for p in out.iterdir() if not (p.is_dir() and p.name.startswith("date="))]
        if strangers:
            raise SystemExit(f"{out}: refusing to delete, it holds non-sample entries {strangers[:5]}")
        shutil.rmtree(out)
    out.mkdir(parents=True)


def generate(out: Path) -> dict[str, int]:
    """Rewrite `out` from scratch; returns rows per drop date."""
    reset_out(out)
    counts = {}
    for day, rows in files_by_drop_date(all_messages()).items():
        date.fromisoformat(day)  # fail loudly on a typo in a drop date
        write_file(rows, out / f"date={day}" / "part-0.parquet")
        counts[day] = len(rows)
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "sample")
    args = parser.parse_args(argv)
    counts = generate(args.out)
    print(f"wrote {sum(counts.values())} rows in {len(counts)} files under {args.out}")


if __name__ == "__main__":
    main()
