"""Whether a message says that a thing it names has ended: "the hilux is gone, flogged it", "I hung up the green
apron at Fernleaf", "明锐已经出掉了", "大连那套房子卖了".

A retraction rule needs the topic's own word ("sold my car", "车卖了"). People mostly name the thing itself, so
the words of the name tie the ending to the topic statement that named it (pipelines.resolve.endings).
"""

from __future__ import annotations

import re

from pipelines.extract.signals.mood import ASSERTION, clauses_with_moods
from pipelines.index.tokens import CHINESE_STOP_CHARS, HAN_RUN, english_terms

# Per topic, the words that end a value of it. Only things that can end are here: a car sold, a home given up, a
# job or a school left, a partner left, a line cut off (a preference changes to a new value instead).
_ENDED_BY_TOPIC = {
    "vehicle": (
        r"\bsold\b|\bflogged\b|\bscrap(?:ped)?\b|\bwritten\s+off\b|\btotall?ed\b|\btotal\s+loss\b|\bwrite-?off\b"
        r"|\btraded\s+in\b|\bis\s+gone\b|'s\s+gone\b"
        # ... or dead for good, or parted with: "the corolla finally died for real", "finally let go of the taco"
        r"|\b(?:finally|officially|completely)\s+died\b|\bdied\s+for\s+(?:real|good)\b|\bgave\s+up\s+the\s+ghost\b"
        r"|\bbeyond\s+repair\b|\blet\s+go\s+of\b",
        # (a sale only decided is no sale: "决定了！Polo卖掉，月底去提一辆Model 3")
        r"卖了|卖掉了|卖掉啦|(?:已经|早就?|刚|都)卖掉|出掉|出手了|转手|报废了|没了|彻底(?:坏|趴窝)了|修不好了",
    ),
    "residence": (
        r"\bmoved\s+out\b|\bkeys?\s+back\b|\bsold\b|\bis\s+gone\b|'s\s+gone\b|\blease\s+(?:is\s+|was\s+)?(?:up|over|ended)\b"
        # ... or a lease run out and not renewed: "the landlord didn't renew", "东门外那间到期了，房东要卖房，没续成"
        r"|\b(?:didn't|did\s+not|wouldn't|won't|couldn't)\s+renew\b|\bnot\s+renewed\b"
        # ... or the place given up said plainly: "so the staff residence thing is over", "把嘉禾那个房子退了"
        r"|\b(?:thing|lease|place|flat|room|residence)\s+is\s+over\b"
        # ... or the user put out of it: "the landlord's selling and we all had to get out by the 1st"
        r"|\bhad\s+to\s+(?:get|move)\s+out\b|\bbetween\s+places\b",
        r"卖了|卖掉了|卖掉啦|(?:已经|早就?|刚|都)卖掉|退租|退房了|搬走了|搬出|不住了|到期|没续|不续了|不给续|房子?(?:已经|也)?退(?:掉)?了",
    ),
    "employer": (
        r"\bquit\b|\bhung\s+up\b|\blast\s+(?:day|shift)\s+at\b|\bnot\s+going\s+back\b|\bno\s+more\b|\bwalked\s+out\b"
        # a business of the user's own closed: "we closed Thistle & Thread for good"
        r"|\bclosed\b.{0,40}\bfor\s+good\b|\bshut\s+(?:it\s+)?down\b|\bclosed\s+(?:the|our|my)\s+doors\b"
        # ... or the user left it, said any way: "so I left the hostel", "handed in my notice at brightminds",
        # "finished my last week at Riverside", "me and Hollis are done"
        # (_NOT_LEFT keeps out a thing left behind there and work finished there)
        r"|\bleft\b|\bresigned\b|\bhanded\s+in\s+(?:my\s+)?(?:notice|resignation)\b|\b(?:my|the)\s+last\s+week\s+at\b"
        r"|\b(?:are|we're|we\s+are)\s+done\b|\b(?:laid\s+off|let\s+go)\b"
        # ... or the job's gear handed back: "i turned in my wings last friday", "turned in my badge"
        r"|\bturned\s+in\s+(?:my|the)\s+(?:wings|badge|keys|uniform|lanyard|notice|resignation)\b"
        # ... or a contract run out: "contract not renewed, I'm done with Velora"
        r"|\b(?:didn't|did\s+not|wouldn't|won't)\s+renew\b|\bnot\s+renewed\b"
        # ... or notice given, the keys handed back: "put in my 2 weeks at the airport", "handed back my keys at the
        # Meeple"
        r"|\b(?:put|putting)\s+in\s+my\s+(?:two|2)\s+weeks\b|\bgave\s+(?:them\s+)?my\s+(?:two|2)\s+weeks\b"
        r"|\bhanded\s+(?:back|in)\s+(?:my|the)\s+keys\b",
        # (a place of work given up, left or closed: "花间集那边我也不去了", "从风驰退出来了", "官宣闭店了，我们全体
        # 就地解散"; a contract not renewed, a shop let go, rides no longer run: "跟巡逻队说了不续了", "卡牌屋已经转出去
        # 了", "外卖那头我不跑了")
        r"不干了|辞了|辞职|不会回去|不回去了|离职了|没了|关门了|倒闭了|歇业|盘出去了|不去了|退出来了|退出了|闭店|解散了"
        r"|没续(?:约|签)?|不续(?:约|签)?了|转(?:出|让)出?去了|我?不跑了",
    ),
    "relationship_status": (
        r"\bbroke\s+up\b|\bsplit\s+up\b|\bcalled\s+it\s+quits\b|\b(?:are|we're|we\s+are)\s+done\b|\bdivorced\b"
        # ... or the engagement called off: "kyle and i called off the engagement in july"
        r"|\b(?:called|broke|calling|breaking)\s+off\s+(?:the|our)\s+(?:engagement|wedding)\b",
        r"掰了|分手|分了|离婚|离了|退婚|解除婚约|取消婚约|婚不结了",
    ),
    "phone": (
        r"\b(?:is|it's|its)\s+(?:dead|gone|disconnected)\b|\bshut\s+off\b|\bcut\s+off\b|\bcancell?ed\b"
        # ... or a line that rings nowhere: "the 0187 number doesn't ring anywhere anymore"
        r"|\b(?:doesn't|doesnt|does\s+not|won't|wont)\s+ring\b|\bno\s+longer\s+(?:works|in\s+service)\b",
        r"停机|注销|销号|停掉|不用了|打不通了|空号",
    ),
    # ... and a reminder or a contact window called off: "所以那个六点的提醒用不着了，取消吧", "the 8pm thing for
    # reminders doesnt work anymore"
    "contact_time": (
        r"\b(?:doesn't|doesnt|does\s+not|won't|wont)\s+work\s+any\s?more\b|\bcancel\s+(?:it|that|them|the\s+\w+)\b"
        r"|\bstop\s+sending\b",
        # (a message sent each day stopped: "那个早上的天气播报别发了")
        r"用不着了|取消(?:吧|了|掉)|不用(?:再)?提醒|(?:别|不用|不要)(?:再)?发了",
    ),
    # ... and a post given up, said by its name: "no more nipper runs for this girl", "I'm not a trainee anymore"
    "job_title": (
        r"\bnot\s+an?\s+[\w-]+\s+any\s?more\b|\bno\s+longer\s+an?\s+[\w-]+\b|\bno\s+more\s+[\w-]+\s+(?:runs|shifts|duty|duties)\b",
        r"不再是|不当[^，,。！？]{1,6}了|不做[^，,。！？]{1,6}了",
    ),
    "school": (
        r"\bdropped\s+(?:out|it|the\s+(?:class|course|program(?:me)?|module))\b|\bquit\b|\bnot\s+going\s+back\b|\bwithdr[ae]w\b",
        # (a driving school left too: "驾校那边我退了…暂时不学了")
        r"退学|休学了|不读了|不念了|不学了|那边我?(?:也)?退了",
    ),
}
ENDED_BY_TOPIC = {
    topic: re.compile(f"{english}|{chinese}", re.IGNORECASE) for topic, (english, chinese) in _ENDED_BY_TOPIC.items()
}
# ... but a job is not left by a thing left behind at it ("left my laptop at Acme", "left the keys at Acme reception")
# or by work finished there ("we're done with the inventory at Acme"); read in Python only (the first pass in Polars
# takes no lookaround)
_NOT_LEFT = {
    "employer": re.compile(
        r"\bleft\s+(?:my|his|her|their|a|an|it|them|for)\b|\bleft\b[^.,;!?]{0,40}\bat\b|\bdone\s+(?:with|for)\b",
        re.IGNORECASE,
    )
}
# Any of them, as a Rust regex for a first pass in Polars over many messages.
ANY_ENDING = "(?i)" + "|".join(f"{english}|{chinese}" for english, chinese in _ENDED_BY_TOPIC.values())

# Words that say a thing of the user's own is over, whatever its topic: the endings above, a job or a contract left or
# run out, a partner left ("called it quits", "掰了"). Beside a denial of the topic ("no job rn", "现在就自己一个人，也
# 没打算再找") they make the denial the old value's end, not a change refused (tells_an_ending).
_ANY_THING_ENDED = re.compile(
    ANY_ENDING
    + r"|\b(?:retired|ended|finished|gave\s+(?:my\s+)?notice|ran\s+out|expired|last\s+(?:day|week|shift)|were\s+done)\b"
    # ... or a way of living said to be over: "so keto's done", "the night shifts are over"
    r"|\b\w+(?:'s|\s+is|\s+are)\s+(?:done|over)\b(?!\s+(?:with|for|by|in|at)\b)"
    r"|离职|到期|结束了|黄了"
)


def ends_a_thing(text: str) -> bool:
    """tells_an_ending of a message's text, its clauses read only where an ending word is in it (most messages)."""
    return bool(_ANY_THING_ENDED.search(text)) and tells_an_ending(clauses_with_moods(text))


def tells_an_ending(said: list[tuple[str, str]]) -> bool:
    """Whether a clause of the user's own (clauses_with_moods) says a thing of theirs is over."""
    return any(mood == ASSERTION and _ANY_THING_ENDED.search(clause) for clause, mood in said)


# Characters that make a Chinese pair of characters a word of grammar or time rather than of a name
# ("已经", "今天", "一个").
_NOT_A_NAME_ZH = CHINESE_STOP_CHARS | frozenset("一不没已经要会把被给让说去来到天年月时候点多少啥怎什为以可能得地自己")


# Three capitals that are chat, not a name ("OMG", "TBH")
_CHAT_CAPITALS = frozenset({"OMG", "BTW", "IMO", "TBH", "FYI", "WTF", "DIY", "ETA", "IDK", "SMH", "TBD", "YAY"})


def name_words(text: str) -> frozenset[str]:
    """The words of `text` that can name a thing: English index terms of four letters or more, or three written in
    capitals ("transferring to NEC" — "scratch the NEC thing"), none with digits (numbers and dates), and Chinese
    pairs of characters that are not words of grammar or time."""
    capitals = " ".join(word for word in re.findall(r"\b[A-Z]{3}\b", text) if word not in _CHAT_CAPITALS)
    english = {word for word in english_terms(text) if len(word) >= 4 and not any(ch.isdigit() for ch in word)}
    english |= set(english_terms(capitals))
    chinese = {
        run[i : i + 2]
        for run in HAN_RUN.findall(text)
        for i in range(len(run) - 1)
        if not (set(run[i : i + 2]) & _NOT_A_NAME_ZH)
    }
    return frozenset(english | chinese)


_POINTS_BACK = re.compile(r"\b(?:it|that|them)\b|(?:这个|那个|它)", re.IGNORECASE)


def ended_names(text: str) -> dict[str, frozenset[str]]:
    """Per topic, the name words of the clauses of `text` that assert (not ask, plan or tell of someone else) that
    a thing of that topic ended."""
    ended: dict[str, set[str]] = {}
    said = clauses_with_moods(text)
    for at, (clause, mood) in enumerate(said):
        if mood != ASSERTION:
            continue
        # (a thing named, then ended by a word that points back at it: "ok so the class... | I dropped it")
        before = said[at - 1][0] if at and _POINTS_BACK.search(clause) else ""
        for topic, ending in ENDED_BY_TOPIC.items():
            if ending.search(clause) and not (topic in _NOT_LEFT and _NOT_LEFT[topic].search(clause)):
                ended.setdefault(topic, set()).update(name_words(clause) | name_words(before))
    return {topic: frozenset(words) for topic, words in ended.items() if words}
