"""Topics that accumulate (the user's pets, hobbies, the languages they speak, the skills and tools they know): which
one a question asks about, and which one a user's own statement adds to.

A new value of these adds to the old ones instead of replacing them, so nothing is closed: the labels only let a
question about the topic ("what pets does the user have?") put every statement of it before small talk that
shares its words ("what shots does a kitten need").
"""

from __future__ import annotations

import re

from pipelines.extract.signals.lexicon import LANGUAGES_EN
from pipelines.extract.signals.mood import ASSERTION, clauses_with_moods, owned_clauses

_LANGUAGES_ZH = (
    r"英语|英文|中文|普通话|粤语|日语|日文|韩语|法语|德语|西班牙语|俄语|意大利语|葡萄牙语|阿拉伯语|泰语|越南语|方言|"
    # the home tongues of China and the languages of its neighbours, by the names people say ("闽南话都溜", "越南话")
    r"闽南话|闽南语|客家话|潮汕话|上海话|四川话|广东话|白话|东北话|海南话|温州话|台语|壮话|壮语|越南话|他加禄语|菲律宾语|印尼语|"
    r"马来语|缅甸语|柬埔寨语|老挝语|蒙古语|藏语|维吾尔语|印地语|土耳其语|波兰语|乌克兰语|荷兰语|手语"
)

# Tools and crafts named after a verb of knowing: a capitalised or all-caps name ("Figma", "SQL", "C++"), or a craft
_TOOL_EN = (
    r"(?-i:[A-Z][\w+#.]*[A-Za-z+#])|(?:to\s+)?(?:code|program|cook|sew|knit|weld|draw|edit\s+videos?|touch\s+type|"
    r"drive\s+stick)\b"
)
# ... in Chinese: a name in Latin letters ("PR", "Python") or a craft
_TOOL_ZH = (
    r"(?<![A-Za-z])[A-Za-z][A-Za-z0-9+#.]+|剪辑|编程|做饭|烘焙|设计|建模|修图|画画|开车|写代码|视频剪辑|"
    # ... and the crafts of a trade: "我自己还会电焊", "叉车也会开"
    r"电焊|焊接|叉车|无人机|修车|理发|美甲|化妆|摄像|配音|速记|缝纫"
)
# topic -> (English pattern, Chinese pattern) of a statement that adds to it
_STATED = {
    "pets": (
        r"\b(?:dogs?|cats?|pupp(?:y|ies)|kittens?|beagle|labrador|retriever|poodle|corgi|terrier|husky|dachshund|"
        r"shepherd|parrots?|rabbits?|bunn(?:y|ies)|hamsters?|guinea\s+pigs?|rats?|turtles?|tortoise|goldfish|"
        r"aquarium|fish\s+tank|gecko|snake|pets?|adopt(?:ed|ion|ing)?|rescue|"
        # breeds and smaller animals by their own names: "a 4yo retired racer… greyhound", "my blue-tongue Sprocket"
        r"greyhounds?|whippet|lurcher|spaniel|collie|pug|bulldog|chihuahua|schnauzer|cockapoo|\w*doodle|lizard|skink|"
        r"blue-?tongue|bearded\s+dragon|cockatiel|budgies?|canar(?:y|ies)|ferrets?|chinchillas?|hens|chooks|axolotl|"
        r"hedgehog)\b"
        # (an animal named for a trade in it is no pet: "my cat grooming certification", "dog walking gigs")
        r"(?!\s+(?:grooming|groomers?|sitting|sitters?|walking|walkers?|training|trainers?|food|treats|shows?|breeders?))",
        # (nor in Chinese: "猫咪美容证", "宠物医院")
        r"猫(?!咪?美容(?:证|师))|(?<!成)(?<!单身)狗(?!狗?美容(?:证|师))|宠物(?!美容|医院|店)|柯基|金毛|泰迪|布偶|英短|仓鼠|兔子|鹦鹉|乌龟|金鱼|鱼缸|铲屎|遛狗|领养|收养|"
        # breeds and smaller animals: "我养的玄凤阿柚", "垂耳兔生了一窝"
        r"垂耳兔|玄凤|虎皮鹦鹉|蜥蜴|守宫|刺猬|龙猫|柴犬|哈士奇|边牧|萨摩|比熊|博美|雪纳瑞|拉布拉多|德牧|"
        r"我养的(?![^，,。]{0,3}(?:花|草|绿萝|多肉|植物|盆栽|菜|兰|树|鱼缸))",
    ),
    "hobbies": (
        r"\b(?:hobby|hobbies|pottery|ceramics|climbing|bouldering|hiking|running|jogging|marathon|yoga|pilates|"
        r"painting|drawing|knitting|crochet|sewing|chess|guitar|piano|violin|ukulele|drums|photography|gardening|"
        r"baking|surfing|cycling|swimming|dancing|salsa|tennis|badminton|pickleball|frisbee|camping|fishing|"
        r"woodworking|skiing|snowboarding|skateboarding|board\s+games|gaming|birdwatching|calligraphy|origami|choir|"
        r"singing|orchestra|"
        # the instruments played ("I play banjo now too"; not a bass caught, a car's keys or a body's organ)
        r"banjo|fiddle|cello|viola|flute|clarinet|oboe|bassoon|saxophone|sax|trumpet|trombone|tuba|harp|mandolin|"
        r"accordion|harmonica|bass\s+guitar|drum\s+kit|percussion|instruments?)\b",
        r"爱好|兴趣|飞盘|羽毛球|篮球|足球|乒乓球|网球|游泳|跑步|马拉松|爬山|徒步|露营|钓鱼|摄影|画画|书法|吉他|钢琴|"
        r"尤克里里|瑜伽|普拉提|攀岩|滑雪|冲浪|骑行|烘焙|编织|下棋|围棋|象棋|桌游|跳舞|舞蹈|陶艺|插花|拼图|乐高|手工|"
        # ... and the instruments played: "我从小学古筝", "年轻时候就拉二胡"
        r"乐器|二胡|古筝|琵琶|笛子|萨克斯|小提琴|大提琴|架子鼓|口琴|手风琴|长笛|单簧管|小号|葫芦丝|电子琴",
    ),
    "languages": (
        rf"\b(?:speak|speaks|spoke|fluent|native|bilingual|JLPT|N[1-5]|HSK|IELTS|TOEFL|DELE)\b.*\b(?:{LANGUAGES_EN})\b"
        rf"|\b(?:{LANGUAGES_EN})\b.*\b(?:fluent|native|speaker|level|exam|test|JLPT|N[1-5]|HSK|DELE|B[12]|C[12])\b"
        # a language exam passed names its language: "passed N2", "JLPT N3 done"
        r"|\b(?:passed|cleared|got|aced)\b.*\b(?:JLPT\s*)?N[1-5]\b|\b(?:JLPT\s*)?N[1-5]\b.*\b(?:passed|done|cleared)\b"
        r"|\b(?:passed|cleared|got|aced)\b.*\b(?:HSK|IELTS|TOEFL|TOPIK|DELF|DALF|DELE|TestDaF)\b"
        # a level reached in it, or talk held in it: "PASSED MY B2 GERMAN", "I can talk with the old ladies in Polish
        # now"
        rf"|\b(?:A[12]|B[12]|C[12])\s+(?:{LANGUAGES_EN})\b"
        rf"|\b(?:talk|chat|argue|converse|communicate|get\s+by|haggle|joke)\b[^.!?]{{0,40}}?\bin\s+(?:proper\s+|basic\s+|"
        rf"broken\s+|simple\s+|fluent\s+)?(?:{LANGUAGES_EN})\b",
        rf"(?:会说|会讲|说得|讲得|母语|流利|过了|考过).*(?:{_LANGUAGES_ZH})|(?:{_LANGUAGES_ZH}).*(?:都ok|都行|都会|都讲|都说|流利|过了|"
        rf"N[1-5]|等级|考试|母语)"
        # ... or spoken well enough, learnt, used with people: "普通话闽南话都溜", "他加禄语也学了不少",
        # "能用日语跟主人讲病情了"
        rf"|(?:{_LANGUAGES_ZH})[^，,。！？]{{0,8}}?(?:溜|没问题|能聊|聊两句|交流|凑合|会一点|也学|学了|砍价|报价|对话|聊天|能跟|能讲|能说)"
        rf"|(?:能|会|可以)用(?:{_LANGUAGES_ZH})|(?:自学|学)了?(?:{_LANGUAGES_ZH})|(?:平时|一般|在家)都?(?:讲|说)(?:{_LANGUAGES_ZH})"
        r"|(?<![A-Za-z])(?:JLPT\s*)?N[1-5](?![0-9])\s*(?:考)?(?:过|拿下|通过)(?:了|啦|咯)|(?:考)?(?:过|拿下|通过)(?:了|啦)\s*(?:JLPT\s*)?N[1-5](?![0-9])"
        r"|(?:雅思|托福|(?i:HSK|TOPIK|IELTS|TOEFL))[^，,。]{0,6}(?:过了|考过了|考了|拿到|出分)",
    ),
    # know-how the user has: a tool or a craft learnt, used at work, a certificate passed ("自学了PR，转场也会做了",
    # "PMP终于考过了", "Python也会一点", "taught myself Figma", "got my CPA license")
    "skills": (
        rf"\b(?:taught\s+myself|self[- ]taught\s+(?:in\s+)?|learned|learnt|mastered|"
        rf"got\s+(?:good|better|comfortable)\s+(?:at|with)|(?:am|i'm|im)\s+(?:pretty\s+|fairly\s+|really\s+)?(?:good|decent|proficient|comfortable|fluent|"
        rf"experienced)\s+(?:at|with|in)|know\s+my\s+way\s+around|code\s+in)\s+(?:how\s+to\s+|some\s+|basic\s+)?"
        rf"(?:{_TOOL_EN})|\bpicked\s+up\s+(?:some\s+|basic\s+)?(?-i:[A-Z]{{2,}})\b"
        rf"|\b(?:passed|cleared|aced|got)\s+(?:the\s+|my\s+)?(?:(?-i:[A-Z]{{2,}})\w*\s+)?(?:exam|cert\w*|license|licence)\b"
        rf"|\b(?:certified|licensed)\s+(?:as\s+an?\s+|in\s+)\w+"
        # a certificate or a training got, however it is named: "just finished my cat grooming certification", "I pass
        # reach truck certification today", "finished confocal training finally"
        r"|\b(?:pass|passed|finished|completed|earned|got)\s+(?:the\s+|my\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}?"
        r"(?:certification|certificate|cert|license|licence|training)\b"
        # ... or held, or signed off on: "I have forklift license", "I'm signed off to run the Zeiss on my own"
        r"|\bI\s+(?:have|hold|got)\s+(?:a\s+|my\s+|the\s+)?(?:[\w-]+\s+){0,3}?(?:license|licence|certification|cert)\b"
        r"|\b(?:signed\s+off|certified|qualified|licensed)\s+to\s+(?:run|use|operate|drive|do|fly)\b"
        # ... or an exam by its letters: "passed my FAA Part 107!!", "passed my NMLS"
        r"|\bpassed\s+(?:my\s+|the\s+)?(?-i:[A-Z]{2,})\b",
        rf"(?:自学|学会|学完|掌握|精通|熟悉|熟练|擅长|上手|搞懂|入门|会用|会写|会剪|会画)(?:了|啦)?(?:一?点|一?些)?\s*(?:{_TOOL_ZH})"
        rf"|(?:还|也)会(?:{_TOOL_ZH})"
        # a licence or certificate named before it is got: "无人机执照考下来了", "上个月去考了猫咪美容证"
        r"|(?:证|执照|证书)[^，,。！？]{0,4}?(?:考下来|考到|拿到|拿下|考过|到手|过了)|考了[^，,。！？]{0,8}?(?:证|执照)"
        rf"|(?:{_TOOL_ZH})\s*(?:也|都|还)?(?:会(?:一点|用|写|做|了)|挺熟|很熟|熟练|精通|学完|学会|上手|搞懂|搞定)"
        r"|也会(?:做|用|写|剪|画)了|(?:考过|考下|考到|拿到|拿下|通过)(?:了|啦)?[^，,。！？]{0,6}(?:证|资格|执照|(?-i:[A-Z]{2,}))"
        r"|(?<![A-Za-z])(?-i:[A-Z]{2,})[A-Za-z0-9]*\s*(?:终于|总算)?(?:考过|考下|拿下|过了|到手)"
        # a tool used for a craft as a habit: "我平时用PR剪视频", "工作上一直用Excel做报表"
        r"|(?:平时|一直|日常|天天|工作(?:中|上)?)(?:都|也)?(?:用|拿)\s*(?<![A-Za-z])[A-Za-z][A-Za-z0-9+#.]+\s*"
        r"(?:剪|做|写|画|修|建|跑|处理|算|排)",
    ),
}
# topic -> a question about it
_ASKED = {
    "pets": r"\bpets?\b|\banimals?\b|宠物|养了?(?:什么|哪些|几只|啥)",
    # (an instrument played is a pastime: "What instruments does the user play?", "用户会哪些乐器？")
    "hobbies": r"\bhobb(?:y|ies)\b|\bfor\s+fun\b|\b(?:free|spare)\s+time\b|\bpastimes?\b|\binstruments?\b"
    r"|爱好|兴趣|业余|空闲时间|闲暇|乐器",
    # (programming languages are skills)
    "languages": r"(?<!programming\s)\blanguages?\b.*\b(?:speak|speaks|know|knows|converse|conversation|fluent)\b"
    r"|\b(?:speak|speaks)\b.*\blanguages?\b|会(?:说|讲)(?:哪些|什么|几种)|(?:哪些|几种|什么)(?<!编程)语言",
    # a question about tools and technical skills asks for no language spoken ("What technical skills / tools does
    # the user know?"), and nor does one about skills: the languages spoken are a collection of their own
    "tools": r"\btechnical\b|\btools?\b|\bsoftware\b|\bprogramming\b|\bcoding\b|\btech\s+stack\b|工具|软件|编程|技术",
    "skills": r"\bskills?\b|\bcertifications?\b|\bproficien\w+|\bexpertise\b"
    r"|技能|证书|会(?:用|做)?(?:哪些|什么)(?!语言)|能力|专长|特长|本领",
}
# What answers a question about each topic: its own statements, and those of the topics it covers (a question about
# tools asks for the skills). The languages spoken are no skill: "用户有哪些技能？" asked after "我会说普通话 粤语" and
# "考了个咖啡师中级证" wants the certificate, and a spoken language ranked above it was the answer to another question.
COVERED_BY: dict[str, tuple[str, ...]] = {"tools": ("skills",)}
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
