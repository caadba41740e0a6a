"""Topics that accumulate (the user's pets, hobbies, the languages they speak): which one a question asks about,
and which one a user's own statement adds to.

A new value of these adds to the old ones instead of replacing them, so nothing is closed: the labels only let a
question about the topic ("what pets does the user have?") put every statement of it before small talk that
shares its words ("what shots does a kitten need").
"""

from __future__ import annotations

import re

from pipelines.extract.signals.mood import ASSERTION, clauses_with_moods, owned_clauses

_LANGUAGES_EN = (
    r"english|chinese|mandarin|cantonese|spanish|french|german|japanese|korean|portuguese|italian|russian|arabic|"
    r"hindi|vietnamese|thai|dutch|swedish|polish|turkish|greek|hebrew"
)
_LANGUAGES_ZH = (
    r"英语|英文|中文|普通话|粤语|日语|日文|韩语|法语|德语|西班牙语|俄语|意大利语|葡萄牙语|阿拉伯语|泰语|越南语|方言"
)

# topic -> (English pattern, Chinese pattern) of a statement that adds to it
_STATED = {
    "pets": (
        r"\b(?:dogs?|cats?|pupp(?:y|ies)|kittens?|beagle|labrador|retriever|poodle|corgi|terrier|husky|dachshund|"
        r"shepherd|parrots?|rabbits?|bunn(?:y|ies)|hamsters?|guinea\s+pigs?|rats?|turtles?|tortoise|goldfish|"
        r"aquarium|fish\s+tank|gecko|snake|pets?|adopted|rescue)\b",
        r"猫|(?<!成)(?<!单身)狗|宠物|柯基|金毛|泰迪|布偶|英短|仓鼠|兔子|鹦鹉|乌龟|金鱼|鱼缸|铲屎|遛狗|领养|收养",
    ),
    "hobbies": (
        r"\b(?:hobby|hobbies|pottery|ceramics|climbing|bouldering|hiking|running|jogging|marathon|yoga|pilates|"
        r"painting|drawing|knitting|crochet|sewing|chess|guitar|piano|violin|ukulele|drums|photography|gardening|"
        r"baking|surfing|cycling|swimming|dancing|salsa|tennis|badminton|pickleball|frisbee|camping|fishing|"
        r"woodworking|skiing|snowboarding|skateboarding|board\s+games|gaming|birdwatching|calligraphy|origami)\b",
        r"爱好|兴趣|飞盘|羽毛球|篮球|足球|乒乓球|网球|游泳|跑步|马拉松|爬山|徒步|露营|钓鱼|摄影|画画|书法|吉他|钢琴|"
        r"尤克里里|瑜伽|普拉提|攀岩|滑雪|冲浪|骑行|烘焙|编织|下棋|围棋|象棋|桌游|跳舞|舞蹈|陶艺|插花|拼图|乐高|手工",
    ),
    "skills": (
        rf"\b(?:speak|speaks|spoke|fluent|native|bilingual|JLPT|N[1-5]|HSK|IELTS|TOEFL|DELE)\b.*\b(?:{_LANGUAGES_EN})\b"
        rf"|\b(?:{_LANGUAGES_EN})\b.*\b(?:fluent|native|speaker|level|exam|test|JLPT|N[1-5]|HSK|DELE|B[12]|C[12])\b"
        # a language exam passed names its language: "passed N2", "JLPT N3 done"
        r"|\b(?:passed|cleared|got|aced)\b.*\b(?:JLPT\s*)?N[1-5]\b|\b(?:JLPT\s*)?N[1-5]\b.*\b(?:passed|done|cleared)\b"
        r"|\b(?:passed|cleared|got|aced)\b.*\b(?:HSK|IELTS|TOEFL|TOPIK|DELF|DALF|DELE|TestDaF)\b",
        rf"(?:会说|会讲|说得|讲得|母语|流利|过了|考过).*(?:{_LANGUAGES_ZH})|(?:{_LANGUAGES_ZH}).*(?:都ok|都行|都会|流利|过了|"
        rf"N[1-5]|等级|考试|母语)"
        r"|(?<![A-Za-z])(?:JLPT\s*)?N[1-5](?![0-9])\s*(?:考)?(?:过|拿下|通过)(?:了|啦|咯)|(?:考)?(?:过|拿下|通过)(?:了|啦)\s*(?:JLPT\s*)?N[1-5](?![0-9])"
        r"|(?:雅思|托福|(?i:HSK|TOPIK|IELTS|TOEFL))[^，,。]{0,6}(?:过了|考过了|考了|拿到|出分)",
    ),
}
# topic -> a question about it
_ASKED = {
    "pets": r"\bpets?\b|\banimals?\b|宠物|养了?(?:什么|哪些|几只|啥)",
    "hobbies": r"\bhobb(?:y|ies)\b|\bfor\s+fun\b|\b(?:free|spare)\s+time\b|\bpastimes?\b|爱好|兴趣|业余|空闲时间|闲暇",
    "skills": r"\blanguages?\b.*\b(?:speak|speaks|know|knows)\b|\b(?:speak|speaks)\b.*\blanguages?\b"
    r"|会(?:说|讲)(?:哪些|什么|几种)|(?:哪些|几种|什么)语言",
}
_STATED_PATTERNS = {
    topic: (re.compile(en, re.IGNORECASE), re.compile(zh, re.IGNORECASE)) for topic, (en, zh) in _STATED.items()
}
_ASKED_PATTERNS = {topic: re.compile(pattern, re.IGNORECASE) for topic, pattern in _ASKED.items()}
# The accumulating topics a question may ask about.
COLLECTIONS: tuple[str, ...] = tuple(_ASKED)


def asked_collection(query: str) -> str | None:
    """The accumulating topic `query` asks about, or None."""
    return next((topic for topic, pattern in _ASKED_PATTERNS.items() if pattern.search(query)), None)


# Keeping someone else's animal for a while: "帮朋友养两周猫", "把她家柯基寄放在我这", "dog-sitting for my neighbour"
_KEPT_FOR_SOMEONE = re.compile(
    r"帮[^，,。]{0,6}(?:养|照顾|看)|代养|寄养|寄放|放在我这|\b(?:pet|dog|cat|house)-?sitting\b|\blooking\s+after\s+\w+'s\b",
    re.IGNORECASE,
)


def stated_collection(text: str) -> str | None:
    """The accumulating topic the user's own assertions in `text` add to (the one most of them name), or None: a
    question, a plan or someone else's pet (kept for them) adds nothing."""
    if _KEPT_FOR_SOMEONE.search(text):
        return None
    hits: dict[str, int] = {}
    for (clause, mood), owned in zip(clauses_with_moods(text), owned_clauses(text), strict=True):
        if mood != ASSERTION or not owned:
            continue
        for topic, (en, zh) in _STATED_PATTERNS.items():
            count = len(en.findall(clause)) + len(zh.findall(clause))
            if count:
                hits[topic] = hits.get(topic, 0) + count
    return max(sorted(hits), key=hits.__getitem__) if hits else None
