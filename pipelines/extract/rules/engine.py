"""The offline default extractor (`rules@1`): regex tables that turn zh/en user messages into memories.

Owns the phrasing tables, clause splitting, question filtering and value normalisation; deadlines live in
`pipelines.extract.deadlines`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from string import Formatter
from typing import Callable, NamedTuple, Sequence

from pipelines.extract.deadlines import find_deadline
from pipelines.core.schemas import ExtractedMemory, Kind, Message

FACT, PREF, SKILL, TASK, DECISION = Kind.FACT, Kind.PREFERENCE, Kind.SKILL, Kind.TASK, Kind.DECISION

# --------------------------------------------------------------------------------------------------
# Values: what a rule captured, cleaned so that small phrasing differences give one content string.
# --------------------------------------------------------------------------------------------------

_TRAIL_EN = re.compile(r"(?:[\s.,!?;:'\"]+|\s+(?:now|anymore|any\s+more|too|as\s+well|please|currently|"
                       r"these\s+days|right\s+now|already|then|though)\b)+$", re.I)
_TRAIL_ZH = re.compile(r"[\s。，！？；：~～…了啦呀哦呢吧嘛啊哈.,!?;:]+$")
_LEAD = re.compile(r"^[\s:：,，]+")
# Captures that are pronouns or placeholders, not facts ("I like it", "I work at home").
_STOP_VALUES = frozenset({"it", "this", "that", "them", "you", "him", "her", "there", "here", "me", "home",
                          "one", "这个", "那个", "它", "你", "这", "那", "家"})
_EN_STOPWORDS = frozenset({"a", "an", "the", "my", "their", "to", "of", "for", "and", "or", "in", "on", "with",
                           "me", "them", "your", "it", "that", "this", "is", "at", "by", "one"})
_EN_PRONOUNS = {"my": "their", "My": "Their", "me": "them", "mine": "theirs", "myself": "themselves", "I": "they"}


def _clean(value: str, lang: str) -> str:
    value = _LEAD.sub("", value)
    previous = None
    while previous != value:  # fillers can stack: "Boston now."
        previous = value
        value = (_TRAIL_EN if lang == "en" else _TRAIL_ZH).sub("", value).strip()
    return value


def third_person_en(value: str) -> str:
    """"renew my passport" -> "renew their passport": contents speak about the user."""
    return re.sub(r"\b(?:my|My|me|mine|myself|I)\b", lambda m: _EN_PRONOUNS[m[0]], value)


def third_person_zh(value: str) -> str:
    """"帮我把周报发给老板" -> "把周报发给老板": drop the ask, keep the task; "我" becomes "自己"."""
    value = re.sub(r"^(?:一定|务必)?(?:要|去)?(?:帮我|给我|替我)?", "", value)
    return value.replace("我的", "自己的").replace("我", "自己")


def tool_only(value: str) -> str:
    """"Python 写爬虫" -> "Python": a Latin tool name leading a Chinese clause is the skill."""
    match = re.match(r"[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)*", value)
    return match[0] if match else value


# --------------------------------------------------------------------------------------------------
# Rule tables. A rule is one phrasing; its templates are tried in order, the first whose fields were
# all captured wins. Macros keep the patterns short: <V> is an English value up to a connective,
# <T> free text to the end, <ZV> a Chinese value, <END> Chinese sentence-final fillers.
# --------------------------------------------------------------------------------------------------

_EN_TERM = (r"(?=\s+(?:and|but|since|because|so|as|now|anymore|any\s+more|these\s+days|currently|"
            r"at\s+the\s+moment|right\s+now|for|with|from|in|on|at|by|to|too|already|though|instead|"
            r"which|who|where|when|if)\b|\s*$)")
_CAP = r"(?-i:[A-Z])"
_EN_JOBS = (r"engineer|developer|programmer|manager|designer|scientist|analyst|teacher|professor|doctor|nurse|"
            r"lawyer|attorney|accountant|consultant|architect|researcher|student|writer|editor|journalist|"
            r"founder|ceo|cto|cfo|director|intern|marketer|administrator|technician|pharmacist|dentist|chef|"
            r"pilot|artist|photographer|musician|specialist|coordinator|recruiter|economist|mechanic|physician|"
            r"surgeon|therapist|librarian|lead|owner|officer|salesperson|product\s+manager")
_ZH_JOBS = (r"经理|工程师|设计师|程序员|开发|老师|教师|医生|护士|律师|会计|分析师|架构师|研究员|学生|主管|总监|"
            r"运营|销售|顾问|编辑|记者|创始人|实习生|科学家|教授|司机|厨师|产品|测试|专员|主任|负责人")
_MACROS = {
    "V": r"(?P<{g}>.+?)" + _EN_TERM,
    "T": r"(?P<{g}>.+?)\s*$",
    "NAME": rf"(?P<{{g}}>{_CAP}[\w'.-]*(?:\s+{_CAP}[\w'.-]*){{0,3}})",
    "TOOL": rf"(?P<{{g}}>{_CAP}[\w.+#-]*(?:\s+{_CAP}[\w.+#-]*)*)",
    "LATIN": r"(?P<{g}>[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)*)",
    "ZV": r"(?P<{g}>.+?)",
    "END": r"(?:了|啦|呀|哦|呢|吧|嘛|啊|哈)*$",
    "EMAIL": r"(?P<{g}>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)",
    "PHONE": r"(?P<{g}>\+?\d[\d\s()-]{5,}\d)",
    "JOB": rf"(?P<{{g}}>(?:[\w-]+\s+){{0,3}}?(?:{_EN_JOBS})s?)\b",
    "ZJOB": rf"(?P<{{g}}>[^，,。]{{0,12}}?(?:{_ZH_JOBS}))",
}


def _expand(pattern: str) -> str:
    # Macro names are upper case, so regex syntax such as (?P<v>...) and (?<!...) is left alone.
    return re.sub(r"<([A-Z]+)(?::(\w+))?>", lambda m: _MACROS[m[1]].replace("{g}", m[2] or "v"), pattern)


@dataclass(frozen=True)
class Rule:
    """One phrasing: a pattern and what a match of it means."""

    pattern: re.Pattern[str]
    kind: Kind
    topic: str
    templates: tuple[str, ...]
    keywords: tuple[str, ...]
    confidence: float
    lang: str
    transform: Callable[[str], str] | None = None
    unless: re.Pattern[str] | None = None  # a clause matching this is not what the rule means
    needs_deadline: bool = False  # "我要…" is a task only when it names a deadline
    retracts: bool = False


def _rule(lang: str, pattern: str, kind: Kind, topic: str, templates: str | tuple[str, ...], keywords: str,
          confidence: float = 0.9, *, transform: Callable[[str], str] | None = None, unless: str | None = None,
          needs_deadline: bool = False) -> Rule:
    flags = re.IGNORECASE if lang == "en" else 0
    return Rule(
        pattern=re.compile(_expand(pattern), flags), kind=kind, topic=topic,
        templates=(templates,) if isinstance(templates, str) else templates,
        keywords=tuple(keywords.split()), confidence=confidence, lang=lang, transform=transform,
        unless=re.compile(unless, flags) if unless else None, needs_deadline=needs_deadline,
    )


en = partial(_rule, "en")
zh = partial(_rule, "zh")
_I = r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|now\s+|currently\s+|also\s+|really\s+|finally\s+)*"
_IM = r"\bI(?:'m|\s+am)\s+(?:now\s+|currently\s+|also\s+|really\s+)*"
_ZWO = r"我(?:现在|目前|已经|也|还|刚|刚刚|最近|平时)*"

_RESIDENCE_KW = ("residence live city address", "住址 居住 城市")
_EMPLOYER_KW = ("employer work company job", "工作 公司 单位 雇主")

# A retraction closes the current value of a single-valued topic; it wins over every positive rule.
RETRACTION_RULES: tuple[Rule, ...] = tuple(replace(r, retracts=True) for r in (
    en(_I + r"(?:no\s+longer|don't|dont|do\s+not)\s+live\s+in\s+<V>", FACT, "residence",
       "User no longer lives in {v}.", _RESIDENCE_KW[0]),
    en(_IM + r"(?:no\s+longer|not)\s+(?:living|based)\s+in\s+<V>", FACT, "residence",
       "User no longer lives in {v}.", _RESIDENCE_KW[0]),
    en(_I + r"moved\s+(?:out\s+of|away\s+from|from)\s+<V>", FACT, "residence",
       "User no longer lives in {v}.", _RESIDENCE_KW[0], unless=r"\bto\s"),
    en(_I + r"(?:no\s+longer|don't|dont|do\s+not)\s+work\s+(?:at|for)\s+<V>", FACT, "employer",
       "User no longer works at {v}.", _EMPLOYER_KW[0]),
    en(_IM + r"(?:no\s+longer|not)\s+(?:working|employed)\s+(?:at|for|by)\s+<V>", FACT, "employer",
       "User no longer works at {v}.", _EMPLOYER_KW[0]),
    en(_I + r"(?:left|quit)\s+<TOOL>", FACT, "employer", "User no longer works at {v}.", _EMPLOYER_KW[0]),
    en(_I + r"(?:left|quit)\s+my\s+job\b|\bI\s+(?:was|got)\s+(?:laid\s+off|fired)\b", FACT, "employer",
       "User left their job.", _EMPLOYER_KW[0]),
    zh(_ZWO + r"(?:不再|不)在<ZV>(?:工作|上班|任职|供职|实习)<END>", FACT, "employer",
       "用户不再在{v}工作", _EMPLOYER_KW[1]),
    zh(_ZWO + r"从<ZV>(?:离职|辞职)<END>", FACT, "employer", "用户不再在{v}工作", _EMPLOYER_KW[1]),
    zh(_ZWO + r"(?:离职|辞职|被裁员?|被开除)<END>", FACT, "employer", "用户已离职", _EMPLOYER_KW[1]),
    zh(_ZWO + r"(?:不再|不)住在<ZV><END>", FACT, "residence", "用户不再住在{v}", _RESIDENCE_KW[1]),
    zh(_ZWO + r"不在<ZV>(?:住)?了$", FACT, "residence", "用户不再住在{v}", _RESIDENCE_KW[1],
       unless=r"工作|上班|任职|供职|实习"),
    zh(_ZWO + r"(?:从<ZV>搬走|搬离(?:了)?<ZV:w>)<END>", FACT, "residence",
       ("用户不再住在{v}", "用户不再住在{w}"), _RESIDENCE_KW[1]),
))

_FORMAT_CUE_EN = (r"^(?=.*\b(?:answers?|responses?|replies|reply|respond|output|format|formatted|use|using|prefer|"
                  r"give|show|present|write|put|please)\b)")
_FORMAT_CUE_ZH = r"^(?=.*(?:用|以|偏好|喜欢|希望|请|输出|回答|回复|格式|展示|列出|整理成|做成))"
_LENGTH_CUE_EN = r"^(?=.*\b(?:keep|be|answers?|responses?|replies|reply|respond|output|explanations?)\b)"
_LENGTH_CUE_ZH = r"^(?=.*(?:偏好|喜欢|希望|请|以后|回答|回复|输出|说|写|一点|一些|些))"
_FORMATS = (  # (English pattern, Chinese pattern, English value, Chinese value, keyword)
    (r"\btables?\b|\btabular\b", r"表格", "tables", "表格", "table"),
    (r"\bbullet(?:ed)?(?:\s+points?|\s+lists?)?\b|\bbullets\b", r"要点|分点|列表|条目|项目符号", "bullet points",
     "要点列表", "bullet"),
    (r"\bnumbered\s+(?:lists?|steps?)\b", r"编号|序号", "numbered lists", "编号列表", "numbered"),
    (r"\b(?:prose|paragraphs?|plain\s+text)\b", r"段落|纯文本|大段文字", "prose", "段落", "prose"),
    (r"\bmarkdown\b", r"(?i:markdown)", "markdown", "Markdown", "markdown"),
)
_LANGUAGES_EN = r"English|Chinese|Mandarin|Cantonese|Japanese|Korean|French|German|Spanish|Italian|Portuguese|Russian"
_LANGUAGES_ZH = r"中文|英文|英语|汉语|普通话|粤语|日语|日文|韩语|韩文|法语|德语|西班牙语|俄语"
_PETS_EN = r"dogs?|cats?|pupp(?:y|ies)|kittens?|parrots?|rabbits?|bunn(?:y|ies)|hamsters?|fish|turtles?|birds?|horses?"
_PETS_ZH = r"猫咪|猫|狗狗|狗|兔子|仓鼠|鹦鹉|金鱼|鱼|乌龟|鸟|柯基|金毛|泰迪|布偶猫|英短"
_KIN_EN = (r"(?:little\s+|older\s+|younger\s+|big\s+|twin\s+)?(?:sons?|daughters?|kids?|children|brothers?|"
           r"sisters?|siblings?)")
_KIN_ZH = r"儿子|女儿|孩子|哥哥|姐姐|弟弟|妹妹|老婆|老公|妻子|丈夫|爱人|男朋友|女朋友"
_COUNT_EN = r"(?P<count>a|an|one|two|three|four|five|\d+)"
_COUNT_ZH = r"(?P<count>[一两二三四五六七八九十几\d]+[只条个位匹头])"


def _format_rules() -> tuple[Rule, ...]:
    rules = []
    for en_re, zh_re, en_value, zh_value, keyword in _FORMATS:
        rules.append(en(_FORMAT_CUE_EN + rf".*(?:{en_re})", PREF, "output_format",
                        f"User prefers answers formatted as {en_value}.", f"format layout output {keyword}", 0.8))
        rules.append(zh(_FORMAT_CUE_ZH + rf".*(?:{zh_re})", PREF, "output_format",
                        f"用户偏好{zh_value}形式的回答", f"格式 输出 排版 {zh_value.lower()}", 0.8))
    return tuple(rules)


# Specific phrasings. Several may fire on one clause, at most one per topic.
RULES: tuple[Rule, ...] = (
    # name
    en(r"\bmy\s+(?:first\s+|full\s+)?name\s+is\s+<V>", FACT, "name", "User's name is {v}.", "name called identity"),
    en(r"\b(?:call|address)\s+me\s+(?!at\b)<NAME>", FACT, "name", "User's name is {v}.", "name called identity"),
    en(r"\bI(?:'m|\s+am)\s+called\s+<NAME>", FACT, "name", "User's name is {v}.", "name called identity"),
    zh(r"我的?名字(?:是|叫)<ZV><END>", FACT, "name", "用户的名字是{v}", "名字 姓名 称呼"),
    zh(r"我叫(?!了|过|外卖|车)(?P<v>[\u4e00-\u9fffA-Za-z·\s]{1,12}?)<END>", FACT, "name", "用户的名字是{v}",
       "名字 姓名 称呼"),
    zh(r"(?:^|请|你)叫我(?P<v>[\u4e00-\u9fffA-Za-z·\s]{1,12}?)(?:就行|就好|就可以)?<END>", FACT, "name",
       "用户的名字是{v}", "名字 姓名 称呼"),
    # residence
    en(_I + r"(?:live|reside)\s+in\s+<V>", FACT, "residence", "User lives in {v}.", _RESIDENCE_KW[0]),
    en(_I + r"(?:moved|relocated)\s+(?:from\s+.+?\s+)?to\s+(?=" + _CAP + r")<V>", FACT, "residence",
       "User lives in {v}.", _RESIDENCE_KW[0]),
    en(_IM + r"(?:living|based|located|staying)\s+in\s+<V>", FACT, "residence", "User lives in {v}.",
       _RESIDENCE_KW[0], 0.8),
    en(r"\bmy\s+(?:home\s+)?address\s+is\s+<T>", FACT, "residence", "User's address is {v}.", _RESIDENCE_KW[0]),
    zh(_ZWO + r"(?:住在|定居在|定居于|住)<ZV><END>", FACT, "residence", "用户住在{v}", _RESIDENCE_KW[1],
       unless=r"住院|住酒店|住宾馆"),
    zh(_ZWO + r"搬(?:家)?(?:到|去)了?<ZV><END>", FACT, "residence", "用户住在{v}", _RESIDENCE_KW[1]),
    zh(_ZWO + r"在<ZV>住<END>", FACT, "residence", "用户住在{v}", _RESIDENCE_KW[1]),
    zh(r"我家在<ZV><END>", FACT, "residence", "用户住在{v}", _RESIDENCE_KW[1], 0.7),
    zh(r"我的?(?:家庭)?(?:地址|住址)(?:是|：|:)<ZV><END>", FACT, "residence", "用户的地址是{v}", _RESIDENCE_KW[1]),
    # employer and job title
    en(_I + r"work(?:ing)?\s+(?:at|for)\s+<V>", FACT, "employer", "User works at {v}.", _EMPLOYER_KW[0]),
    en(_IM + r"(?:working\s+(?:at|for)|employed\s+(?:at|by))\s+<V>", FACT, "employer", "User works at {v}.",
       _EMPLOYER_KW[0]),
    en(_I + r"(?:joined|got\s+a\s+job\s+at)\s+<TOOL>", FACT, "employer", "User works at {v}.", _EMPLOYER_KW[0],
       0.8),
    en(_IM + r"an?\s+<JOB:x>\s+(?:at|for|with)\s+<V>", FACT, "employer", "User works at {v}.", _EMPLOYER_KW[0],
       0.8),
    en(r"\bI(?:'m)?\s+(?:\w+\s+){0,2}?work(?:ing)?\b.*?\bas\s+(?:an?\s+|the\s+)?<V>", FACT, "job_title",
       "User's job title is {v}.", "job title role position"),
    en(_IM + r"an?\s+<JOB>", FACT, "job_title", "User's job title is {v}.", "job title role position", 0.8),
    en(r"\bmy\s+(?:job\s+title|title|role|position|job)\s+is\s+(?:an?\s+)?<V>", FACT, "job_title",
       "User's job title is {v}.", "job title role position"),
    zh(_ZWO + r"在<ZV>(?:工作|上班|任职|供职|实习)<END>", FACT, "employer", "用户在{v}工作", _EMPLOYER_KW[1]),
    zh(r"我的?(?:公司|单位|雇主)是<ZV><END>", FACT, "employer", "用户在{v}工作", _EMPLOYER_KW[1]),
    zh(_ZWO + r"是(?:一名|一个|一位|个|名|位)?<ZJOB><END>", FACT, "job_title", "用户的职位是{v}",
       "职位 职业 岗位 工作", 0.8),
    zh(r"(?:当|担任|做)(?:一名|一个|个)?<ZJOB><END>", FACT, "job_title", "用户的职位是{v}", "职位 职业 岗位 工作",
       0.7),
    zh(r"我的?(?:职位|职业|岗位|工作)是<ZV><END>", FACT, "job_title", "用户的职位是{v}", "职位 职业 岗位 工作"),
    # answer language, layout and length
    en(r"\b(?:answers?|repl(?:y|ies)|respon(?:d|ses?)|write|communicate|use|prefer|(?:talk|speak)\s+to\s+me)\b"
       rf"(?:\s+[\w']+){{0,3}}?\s+(?:in\s+)?(?P<v>{_LANGUAGES_EN})\b", PREF, "language",
       "User wants answers in {v}.", "language reply answer"),
    zh(rf"(?:用|使用|以|说|讲)(?P<v>{_LANGUAGES_ZH})(?:来)?(?:回答|回复|交流|沟通|跟我说|和我说|对话|聊|输出|写)",
       PREF, "language", "用户希望用{v}回答", "语言 回答 回复"),
    zh(rf"我(?:更|比较)?(?:偏好|习惯|希望用)(?P<v>{_LANGUAGES_ZH})<END>", PREF, "language", "用户希望用{v}回答",
       "语言 回答 回复"),
    *_format_rules(),
    en(_LENGTH_CUE_EN + r".*\b(?:short|shorter|brief|briefer|concise|succinct|terse|to\s+the\s+point)\b", PREF,
       "answer_length", "User prefers concise answers.", "length concise short brief", 0.8),
    en(_LENGTH_CUE_EN + r".*\b(?:detailed|in\s+detail|thorough|in\s+depth|in-depth|longer)\b", PREF,
       "answer_length", "User prefers detailed answers.", "length detailed thorough long", 0.8),
    zh(_LENGTH_CUE_ZH + r".*(?:简洁|简短|简明|精简|言简意赅|短一点|短一些|别太长|不要太长|少点废话)", PREF,
       "answer_length", "用户偏好简洁的回答", "长度 简洁 简短 回答", 0.8),
    zh(_LENGTH_CUE_ZH + r".*(?:详细|详尽|展开讲|具体一点|具体些)", PREF, "answer_length", "用户偏好详细的回答",
       "长度 详细 详尽 回答", 0.7),
    # contact details, birthday, time zone, relationship
    en(r"\b(?:my\s+)?e-?mail(?:\s+address)?\s+is:?\s*<EMAIL>|\b(?:e-?mail|reach)\s+me\s+at\s+<EMAIL:w>", FACT,
       "email", ("User's email is {v}.", "User's email is {w}."), "email contact address"),
    zh(r"(?:邮箱|邮件地址|电子邮件|(?i:e-?mail))(?:地址)?(?:是|：|:|为)\s*<EMAIL>", FACT, "email",
       "用户的邮箱是{v}", "邮箱 联系方式 email"),
    en(r"\bmy\s+(?:phone|mobile|cell)(?:\s+number)?\s+is:?\s*<PHONE>|\bcall\s+me\s+at\s+<PHONE:w>", FACT, "phone",
       ("User's phone number is {v}.", "User's phone number is {w}."), "phone contact number"),
    zh(r"(?:手机|电话|手机号|电话号码|手机号码|联系方式)(?:是|：|:|为)\s*<PHONE>", FACT, "phone", "用户的电话是{v}",
       "电话 手机 联系方式"),
    en(r"\bmy\s+birthday\s+is\s+(?:on\s+)?<V>|\bI\s+was\s+born\s+on\s+<V:w>", FACT, "birthday",
       ("User's birthday is {v}.", "User's birthday is {w}."), "birthday birth date"),
    zh(r"我的?生日是<ZV><END>|我(?:出生)?(?:于|在)?<ZV:w>出生<END>|我出生于<ZV:u><END>", FACT, "birthday",
       ("用户的生日是{v}", "用户的生日是{w}", "用户的生日是{u}"), "生日 出生 日期"),
    en(r"\bmy\s+time\s*zone\s+is\s+<V>|\bI(?:'m|\s+am)\s+(?:in|on)\s+(?:the\s+)?"
       r"(?P<w>(?-i:[A-Z]{2,3}T)|UTC\s*[+-]\s*\d{1,2}|GMT\s*[+-]\s*\d{1,2})\b(?:\s+time\s*zone)?", FACT, "timezone",
       ("User's time zone is {v}.", "User's time zone is {w}."), "timezone time zone"),
    zh(r"我的?时区是<ZV><END>|我在(?P<w>[东西][一二三四五六七八九十]+区)", FACT, "timezone",
       ("用户的时区是{v}", "用户的时区是{w}"), "时区 时间"),
    en(_IM + r"(?:happily\s+)?(?P<v>married|single|engaged|divorced|widowed)\b|\bI\s+got\s+(?P<w>married|engaged|"
       r"divorced)\b", FACT, "relationship_status", ("User is {v}.", "User is {w}."),
       "relationship status marriage"),
    zh(_ZWO + r"(?:结婚|已婚)<END>", FACT, "relationship_status", "用户已婚", "婚姻 感情 状态"),
    zh(_ZWO + r"(?:是)?单身<END>", FACT, "relationship_status", "用户单身", "婚姻 感情 状态"),
    zh(_ZWO + r"订婚<END>", FACT, "relationship_status", "用户已订婚", "婚姻 感情 状态"),
    # pets and family
    en(rf"\bI\s+(?:have|own|got)\s+{_COUNT_EN}\s+(?P<species>{_PETS_EN})\b(?:\s+(?:named|called)\s+<NAME:name>)?",
       FACT, "pets", ("User has {count} {species} named {name}.", "User has {count} {species}."), "pet animal"),
    en(rf"\bmy\s+(?P<species>{_PETS_EN})(?:'s\s+name)?\s+is\s+(?:named\s+|called\s+)?<NAME:name>", FACT, "pets",
       "User has a {species} named {name}.", "pet animal"),
    zh(rf"我(?:家)?(?:养了|养着|养|有){_COUNT_ZH}?(?P<species>{_PETS_ZH})[，,]?"
       r"(?:(?:名字)?叫(?:做)?(?P<name>[^，,。]{1,8}?))?<END>", FACT, "pets",
       ("用户养了{count}{species}，名叫{name}", "用户养了{species}，名叫{name}", "用户养了{count}{species}",
        "用户养了{species}"), "宠物 动物"),
    en(rf"\bI\s+have\s+{_COUNT_EN}\s+(?P<rel>{_KIN_EN})\b(?:\s+(?:named|called)\s+<NAME:name>)?", FACT, "family",
       ("User has {count} {rel} named {name}.", "User has {count} {rel}."), "family relatives kin"),
    en(r"\bmy\s+(?P<rel>wife|husband|partner|son|daughter|mother|mom|father|dad|brother|sister|boyfriend|"
       r"girlfriend)(?:'s\s+name)?\s+is\s+(?:named\s+|called\s+)?<NAME:name>", FACT, "family",
       "User's {rel} is named {name}.", "family relatives kin"),
    zh(rf"我有{_COUNT_ZH}?(?P<rel>{_KIN_ZH})<END>", FACT, "family", ("用户有{count}{rel}", "用户有{rel}"),
       "家人 家庭 亲属"),
    zh(rf"我的?(?P<rel>{_KIN_ZH}|妈妈|爸爸|母亲|父亲)(?:的名字)?叫(?P<name>[^，,。]{{1,8}}?)<END>", FACT, "family",
       "用户的{rel}叫{name}", "家人 家庭 亲属"),
    # skills
    en(_I + r"(?:know|use|used|have\s+used|speak|write|code\s+in|program\s+in)\s+<TOOL>", SKILL, "skills",
       "User knows {v}.", "skill experience tech", 0.8),
    en(_IM + r"(?:familiar|experienced|proficient|fluent|skilled|good|an\s+expert|expert)\s+(?:with|in|at)\s+<V>",
       SKILL, "skills", "User knows {v}.", "skill experience tech"),
    en(_I + r"(?:have|'ve\s+got)\s+(?:\w+\s+)?experience\s+(?:with|in)\s+<V>", SKILL, "skills", "User knows {v}.",
       "skill experience tech"),
    zh(r"我(?:很|比较|非常|挺)?(?:熟悉|精通|擅长|懂|掌握了?)\s*<ZV><END>", SKILL, "skills", "用户掌握{v}",
       "技能 会用 经验", transform=tool_only),
    zh(r"我(?:会|能)(?:用|使用|写|说|讲)\s*<ZV><END>", SKILL, "skills", "用户掌握{v}", "技能 会用 经验",
       transform=tool_only),
    zh(r"我会\s*<LATIN>", SKILL, "skills", "用户掌握{v}", "技能 会用 经验"),
    zh(r"(?:用|使用)\s*<LATIN>\s*\S*?过", SKILL, "skills", "用户掌握{v}", "技能 会用 经验", 0.8),
    zh(r"(?:部署|使用|用|写|搭建|开发|配置|维护|学)过\s*<LATIN>", SKILL, "skills", "用户掌握{v}", "技能 会用 经验",
       0.8),
    # invoices: event-like, content is fixed so two requests read the same and differ by session
    en(r"\b(?:need|want|would\s+like|'d\s+like|send\s+me|email\s+me|get\s+me|issue|request|require|provide|"
       r"can\s+i\s+(?:get|have))\b.*?\b(?:an?\s+|the\s+|my\s+)?invoices?\b", TASK, "invoice", "User needs an invoice.",
       "invoice billing receipt request", unless=r"\b(?:don't|do\s+not|no\s+need|not|cancel|pay|paid|paying|review)\b"),
    zh(r"(?:要|需要|想要|请(?:帮我|给我)?开|帮我开|给我开|申请|补开|开一?张)(?:一?张|个)?"
       r"(?:电子|纸质|增值税|专用|普通)?发票", TASK, "invoice", "用户需要发票", "发票 开票 报销 账单",
       unless=r"不要|不需要|不用|别|没"),
    # reminders
    en(r"\bremind\s+me\s+to\s+<T>|\bdon't\s+let\s+me\s+forget\s+to\s+<T:w>", TASK, "reminder",
       ("User needs to {v}.", "User needs to {w}."), "reminder todo task deadline", transform=third_person_en),
    en(r"\bremind\s+me\s+(?:about|of)\s+<T>", TASK, "reminder", "User wants a reminder about {v}.",
       "reminder todo task deadline", transform=third_person_en),
    zh(r"(?:记得|别忘了|不要忘了|别忘记|不要忘记|提醒我|提醒一下我|帮我记着)(?:要|去)?<ZV><END>", TASK, "reminder",
       "用户需要{v}", "提醒 待办 任务 截止", transform=third_person_zh),
    # decisions
    en(r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:finally\s+|just\s+)?decided\s+(?P<v>(?:to|on|that)\s+.+?)\s*$", DECISION,
       "plan", "User decided {v}.", "decision plan choice", transform=third_person_en),
    en(r"\blet'?s\s+(?P<v>(?:go\s+with|use|pick|choose|take|try|stick\s+with|book)\s+.+?)\s*$", DECISION, "plan",
       "User decided to {v}.", "decision plan choice", transform=third_person_en),
    en(r"\b(?:I|we)(?:'ll|\s+will|'m\s+going\s+to|'re\s+going\s+to|\s+am\s+going\s+to|\s+are\s+going\s+to)\s+"
       r"(?P<v>(?:go\s+with|use|pick|choose|take|stick\s+with|opt\s+for)\s+.+?)\s*$", DECISION, "plan",
       "User decided to {v}.", "decision plan choice", transform=third_person_en),
    en(r"\b(?:I|we)(?:'m|\s+am|'re|\s+are)?\s+plann?(?:ing)?\s+to\s+<T>", DECISION, "plan",
       "User plans to {v}.", "decision plan intention", 0.7, transform=third_person_en),
    zh(r"我(?:们)?(?:已经|最终|最后)?决定(?:了)?[，,]?<ZV><END>", DECISION, "plan", "用户决定{v}",
       "决定 计划 方案 选择", transform=third_person_zh),
    zh(r"就(?P<v>(?:用|选|选择|按|采用|定)\S+?)<END>", DECISION, "plan", "用户决定{v}", "决定 计划 方案 选择"),
    zh(r"我(?:们)?(?:选|选择|挑)了?(?P<v>方案\S+?|\S+?方案)<END>", DECISION, "plan", "用户决定选{v}",
       "决定 计划 方案 选择"),
    zh(r"我(?:们)?(?:打算|计划|准备)<ZV><END>", DECISION, "plan", "用户计划{v}", "决定 计划 打算 安排", 0.7,
       transform=third_person_zh),
    # hobbies
    en(r"\bmy\s+hobb(?:y|ies)\s+(?:is|are|include)\s+<T>", FACT, "hobbies", "User's hobbies include {v}.",
       "hobby hobbies leisure fun"),
    zh(r"我的?(?:兴趣)?爱好是<ZV><END>", FACT, "hobbies", "用户的爱好是{v}", "爱好 兴趣 休闲"),
)

# Broad cues that only count when no specific rule explained the clause ("喜欢用表格" is a format).
GENERIC_RULES: tuple[Rule, ...] = (
    en(r"\bI\s+(?:don't|dont|do\s+not)\s+(?:really\s+)?(?:like|enjoy|love)\s+<V>|\bI\s+(?:really\s+)?"
       r"(?:hate|dislike|detest|can't\s+stand|cannot\s+stand)\s+<V:w>", PREF, "dislikes",
       ("User dislikes {v}.", "User dislikes {w}."), "dislike avoid hate", 0.8),
    en(r"\bI\s+(?:really\s+|also\s+|just\s+|absolutely\s+)*(?:like|love|enjoy|adore|prefer)\s+<V>|"
       r"\bI(?:'m|\s+am)\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into)\s+<V:w>", PREF, "likes",
       ("User likes {v}.", "User likes {w}."), "like enjoy favorite", 0.8),
    zh(r"我(?:很|也|还|真的|实在)?(?:不喜欢|不爱|讨厌|受不了|反感|不想要)<ZV><END>", PREF, "dislikes",
       "用户不喜欢{v}", "不喜欢 讨厌 避免", 0.8),
    zh(r"(?:^|我)(?:很|也|还|超|最|特别|非常|比较|挺|真的|平时)*(?:喜欢|爱|热爱|喜爱|偏爱)<ZV><END>", PREF, "likes",
       "用户喜欢{v}", "喜欢 爱好 偏好", 0.8),
    en(r"\bI\s+(?:need|have|must|got)\s+to\s+<T>|\bI\s+must\s+<T:w>", TASK, "reminder",
       ("User needs to {v}.", "User needs to {w}."), "reminder todo task deadline", 0.7, transform=third_person_en),
    zh(r"我(?:需要|得|要|必须)<ZV><END>", TASK, "reminder", "用户需要{v}", "提醒 待办 任务 截止", 0.7,
       transform=third_person_zh, needs_deadline=True),
)

# --------------------------------------------------------------------------------------------------
# Clauses and questions.
# --------------------------------------------------------------------------------------------------

# Split after sentence punctuation (not inside "alice@example.com", "Node.js" or "May 3, 1990") and
# before an English "and/but/so" that starts a new first-person clause.
_SPLIT = re.compile(r"(?<=[!?;。！？；\n，])|(?<=,)(?!\s*\d)|(?<=\.)(?=\s|$)|\s+(?:and|but|so)\s+(?=(?:I|my|we)\b)")
_QUESTION_START = re.compile(
    r"^\s*(?:do|does|did|can|could|would|will|is|are|am|was|were|should|shall|have|has|what|what's|where|"
    r"when|why|who|whom|whose|which|how)\b", re.I)
_QUESTION_ZH = re.compile(r"(?:吗|么|呢)[\s？?。]*$|是不是|有没有|能不能|可不可以|会不会|要不要|行不行")
_WH = re.compile(r"\b(?:what|what's|where|when|why|who|whom|whose|which|how)\b|什么|哪|怎么|为什么|为何|多少|谁|几点|几号",
                 re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")
# Facts come in short sentences; a longer run without punctuation is pasted text, left to its episode
# (and lazy value patterns would make it quadratic).
MAX_CLAUSE_CHARS = 500
_PUNCT = re.compile(r"^[\s.,!?;:。，！？；：、~～…]+|[\s.,!?;:。，！？；：、~～…]+$")


def split_clauses(text: str) -> list[str]:
    """Sentence-ish pieces of a message; each keeps its closing punctuation for question detection."""
    return [piece.strip() for piece in _SPLIT.split(text) if piece and piece.strip()]


def is_question(clause: str) -> bool:
    """True for "Do you know where I live?", "北京这周会下雨吗" and friends."""
    stripped = clause.strip()
    return stripped.endswith(("?", "？")) or bool(_QUESTION_START.match(stripped) or _QUESTION_ZH.search(stripped))


# --------------------------------------------------------------------------------------------------
# Applying rules.
# --------------------------------------------------------------------------------------------------


class _Clause(NamedTuple):
    text: str  # punctuation stripped
    task_text: str  # the same without its deadline words, for task rules
    expires_at: datetime | None
    question: bool
    message: Message


def _cut(text: str, span: tuple[int, int]) -> str:
    left, right = text[: span[0]].rstrip(), text[span[1]:].lstrip()
    # A space only where Latin words would otherwise run together.
    glue = " " if left and right and (left[-1].isascii() or right[0].isascii()) else ""
    return (left + glue + right).strip()


def _values(rule: Rule, match: re.Match) -> dict[str, str] | None:
    values = {}
    for name, raw in match.groupdict().items():
        if raw is None:
            continue
        value = _clean(raw, rule.lang)
        if rule.transform and name in ("v", "w"):
            value = _clean(rule.transform(value), rule.lang)
        if not value or (name != "count" and value.lower() in _STOP_VALUES):
            return None
        values[name] = value
    return values


def _render(templates: tuple[str, ...], values: dict[str, str]) -> str | None:
    for template in templates:
        fields = {field for _, field, _, _ in Formatter().parse(template) if field}
        if fields <= values.keys():
            return template.format(**values)
    return None


def _value_keywords(value: str) -> list[str]:
    """Recall keys for a captured value: short names whole ("new york"), long phrases by their longest words."""
    if _CJK.search(value):
        latin = re.findall(r"[A-Za-z][\w.+#-]+", value)
        return [w.lower() for w in latin] or [value.lower()]
    words = value.lower().split()
    content = [w for w in words if w not in _EN_STOPWORDS]
    if len(words) <= 3 and len(content) == len(words):
        return [value.lower()]
    return sorted(content, key=len, reverse=True)[:2]


def _keywords(base: tuple[str, ...], values: dict[str, str]) -> list[str]:
    extra: list[str] = []
    for name, value in values.items():
        if name not in ("count", "x"):
            extra += [k for k in _value_keywords(value) if k not in extra]
    extra = extra[:2]
    return [*[k for k in base if k not in extra][: 5 - len(extra)], *extra]


def _apply(rule: Rule, clause: _Clause) -> ExtractedMemory | None:
    is_task = rule.kind is Kind.TASK
    text = clause.task_text if is_task else clause.text
    if (rule.needs_deadline and clause.expires_at is None) or (rule.unless and rule.unless.search(text)):
        return None
    match = rule.pattern.search(text)
    values = _values(rule, match) if match else None
    content = _render(rule.templates, values) if values is not None else None
    if content is None:
        return None
    return ExtractedMemory(
        kind=rule.kind, topic=rule.topic, content=content, keywords=_keywords(rule.keywords, values),
        confidence=rule.confidence, valid_from=clause.message.ts,
        expires_at=clause.expires_at if is_task else None,
        source_message_ids=[clause.message.message_id], retracts=rule.retracts,
    )


def _fire(rules: Sequence[Rule], clause: _Clause) -> list[ExtractedMemory]:
    found: list[ExtractedMemory] = []
    for rule in rules:
        # Questions assert nothing, but "Can you remind me to…?" and "可以开发票吗" are still requests.
        if (clause.question and rule.kind is not Kind.TASK) or any(m.topic == rule.topic for m in found):
            continue
        memory = _apply(rule, clause)
        if memory is not None:
            found.append(memory)
    return found


def clause_memories(raw_clause: str, message: Message) -> list[ExtractedMemory]:
    """Memories in one clause: retractions alone if any, else specific rules, else the generic ones."""
    question = is_question(raw_clause)
    if len(raw_clause) > MAX_CLAUSE_CHARS or (question and _WH.search(raw_clause)):
        return []
    text = _PUNCT.sub("", raw_clause)
    deadline = find_deadline(text, message.ts)
    task_text = _cut(text, deadline[1]) if deadline else text
    clause = _Clause(text, task_text, deadline[0] if deadline else None, question, message)
    for rules in (RETRACTION_RULES, RULES, GENERIC_RULES):
        found = _fire(rules, clause)
        if found:
            return found
    return []


def extract_message(message: Message) -> list[ExtractedMemory]:
    """Every memory a single user message states, without repeats."""
    memories: list[ExtractedMemory] = []
    for clause in split_clauses(message.content):
        for memory in clause_memories(clause, message):
            if not any((m.topic, m.content) == (memory.topic, memory.content) for m in memories):
                memories.append(memory)
    return memories


class RulesExtractor:
    """Offline default extractor: regex rules for Chinese and English, no model, deterministic."""

    name = "rules@1"

    def extract_session(self, messages: Sequence[Message]) -> list[ExtractedMemory]:
        return [memory for message in messages if message.role == "user" for memory in extract_message(message)]
