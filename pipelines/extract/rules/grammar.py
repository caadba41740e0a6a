"""The rule grammar: the `Rule` record, its `en`/`zh` constructors and the macros their patterns use.

Also the building blocks several topics share: the first-person subjects and the job vocabularies.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from pipelines.core.schemas import Kind

FACT, PREF, SKILL, TASK, DECISION = Kind.FACT, Kind.PREFERENCE, Kind.SKILL, Kind.TASK, Kind.DECISION

# --------------------------------------------------------------------------------------------------
# Macros keep the patterns short: <V> is an English value up to a connective, <T> free text to the end,
# <ZV> a Chinese value, <END> Chinese sentence-final fillers. <V:w> names the capture w instead of v.
# --------------------------------------------------------------------------------------------------

_EN_TERM = (
    r"(?=\s+(?:and|but|since|because|so|as|now|anymore|any\s+more|these\s+days|currently|"
    r"at\s+the\s+moment|right\s+now|for|with|from|in|on|at|by|to|too|already|though|instead|"
    r"which|who|where|when|if)\b|\s*$)"
)
# A capital letter even inside case-insensitive English patterns: names and tools start with one.
CAPITAL = r"(?-i:[A-Z])"
_EN_DETERMINERS = r"(?:a|an|my|our|the|this|that|his|her|their|your|some|another|there|here|home|it)"
_NO_DETERMINER = rf"(?-i:(?!{_EN_DETERMINERS}\b))"
_NOT_COMPANY = r"(?!(?:with|w)\b)"
# "moved in may", "moved in on friday": a month or a day is when, never where
_NO_DATE = (
    r"(?!(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|apr|"
    r"jun|jul|aug|sept?|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday|on|spring|summer|fall|"
    r"autumn|winter)\b)"
)
_EN_WORDS = r"[\w'.&-]+(?:\s+[\w'.&-]+){0,3}?"  # one to four words, as few as the end allows
# (a word shouted in capitals is no part of a name: "first week at Spotify DONE.")
_SHOUTED = r"(?-i:(?:DONE|LOL|OMG|YAY|NOW|TODAY|FINALLY|OFFICIALLY|YES|WOO+|OK|OKAY|BTW|ASAP|TBH|IMO|FYI|AF|AGAIN)\b)"
_CAPITALISED = rf"(?!{_SHOUTED}){CAPITAL}[\w'.&+-]*"
_EN_VALUE_END = (
    r"(?=\s+(?:and|but|since|because|cause|so|as|now|anymore|these\s+days|currently|right\s+now|for|with|from|in|on|"
    r"at|by|to|too|already|though|instead|which|who|where|when|if|this|last|next|yesterday|today|tonight|tomorrow|"
    r"ago|recently|done|was|went|felt|feels|after|before|until|near|around|starting|effective|soon|finally|officially|lol|haha|btw|"
    r"downtown|uptown|midtown|nearby|(?:end|start|beginning|middle)\s+of|"
    r"permanently|full[- ]time|part[- ]time|again|a\s+(?:few|couple)|(?:two|three|four|five|six|\d+)\s+"
    r"(?:days?|weeks?|months?|years?))\b|\s*[,.;:!?()\u2013\u2014]|\s+-|\s*$"
    # ... or an emoji: "new contract kicked off this week with Meridian Freight 🚚 they run…"
    r"|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF])"
)
# A Chinese value ends at a particle, a duration or an "after/when" ("搬到杭州快一个月了", "搬到北京以后").
_ZH_VALUE_END = (
    r"(?=(?:快|都|已经|有|差不多)?[一二两三四五六七八九十几半\d]+(?:个)?(?:多)?(?:月|年|周|天|礼拜|星期)"
    r"|了|啦|呀|啊|吧|呢|哈|嘛|哦|喔|咯|的时候|之后|以后|这边|那边|$)"
)
# Words that end as jobs do but name no job held at a place ("a member at Equinox", "a regular at Joe's")
_NOT_A_JOB = (
    r"member|customer|user|subscriber|player|regular|volunteer|reader|viewer|follower|buyer|shopper|rider|"
    r"passenger|visitor|partner|beginner|newcomer|foreigner|stranger|other|neighbou?r|donor|sponsor|investor|"
    r"father|mother|brother|sister|daughter|lover|believer|supporter|fighter|runner|swimmer|climber|gamer|"
    r"traveller|traveler|tourist|vegetarian|pescatarian|christian|parishioner|guardian|senior|junior|freshman"
)
_EN_JOBS = (
    r"engineer|developer|programmer|manager|designer|scientist|analyst|teacher|professor|doctor|nurse|"
    r"lawyer|attorney|accountant|consultant|architect|researcher|student|writer|editor|journalist|"
    r"founder|ceo|cto|cfo|director|intern|marketer|administrator|technician|pharmacist|dentist|chef|"
    r"pilot|artist|photographer|musician|specialist|coordinator|recruiter|economist|mechanic|physician|"
    r"surgeon|therapist|librarian|lead|owner|officer|salesperson|product\s+manager|pm|swe|sre|"
    # ... and the jobs no ending tells: "head baseball coach", "zoning clerk" (not "assistant" or "deputy", which
    # open titles: "assistant manager")
    r"coach|clerk|aide|medic|paramedic|tutor|cook|barista|nanny|cashier|paralegal|umpire|referee|"
    r"sergeant|detective|midwife|secretary|receptionist|postdoc|"
    # ... those of hotels, farms and crews, and the ones said short ("a physio at Summit Sports Rehab", "bumped up to
    # herdsman", "a concierge at the Alden Hotel")
    r"concierge|physio|hostess|valet|sommelier|apprentice|trainee|steward(?:ess)?|attendant|agent|rep|"
    r"EMT|CNA|RN|LPN|(?:fore|herds|journey|crafts|sales|handy|deck|yard|line|ranch|cattle)man|(?:deck|farm|ranch)\s*hand|"
    # a job not listed is mostly named as one who does something: "dispatcher", "paralegal" is not, "dispatcher" is
    rf"(?!(?:{_NOT_A_JOB})s?\b)[a-z]{{3,}}(?:er|or|ist|ian)"
)
_ZH_JOBS = (
    r"经理|工程师|设计师|程序员|开发|老师|教师|医生|护士|律师|会计|分析师|架构师|研究员|学生|主管|总监|"
    r"运营|销售|顾问|编辑|记者|创始人|实习生|科学家|教授|司机|厨师|产品|测试|专员|主任|负责人|后端|前端|算法|运维|医师|技师|护师|药师|"
    r"助理|精算|文员|客服|翻译|策划|讲师|助教|技术员|教研员|干事|科员|职员|业务员|督导|主播|店员|收银|咖啡师|调酒师|骑手|快递员|保安|药剂师|营养师|HR|人事|行政|财务|"
    # ... and the crews and counters of planes, shops and libraries ("在南航当乘务员", "电信营业厅当营业员")
    r"乘务员|乘务长|空乘|机长|副驾驶|飞行员|营业员|官员|馆员|管理员|"
    # ... and of ships ("在东晟航运当二副")
    r"船长|[大二三]副|轮机长|[大二三]管|水手长|水手|海员|"
    # ... and of call centres, clinics, sites, farms and stages ("我就是个普通坐席", "主治兽医", "在工地当焊工")
    r"坐席|话务员|接线员|导购|兽医|审计师|审计|法务|美容师|理发师|摄影师|焊工|电工|木工|瓦工|护工|月嫂|保洁|仓管|分拣员|"
    r"理货员|质检员|叉车司机|农民|果农|菜农|养蜂人|面点师|烘焙师|演员|歌手|主持人|民警|辅警|警察|消防员|"
    # the heads of things ("会长", "车间主任" is above) and the titles said in English ("升 PM 了")
    r"[会楼组科处校院店班队部局厂行社村所站]长|董事长|秘书长|"
    # ... and the ranks of a lab ("答辩完就留所里了，现在是博后")
    r"博士后|博后|博士生|硕士生|研究生|"
    r"(?<![A-Za-z])(?:PM|APM|TPM|SRE|VP|CTO|CEO|CFO|COO|TL|leader|Leader|lead|Lead|manager|Manager)(?![A-Za-z])"
)
# An employer named without a verb ("现在在字节，天天加班"): a company people name by its short name, or a name
# ending as organisations do. A place ("现在在北京") is none of these.
_ZH_ORGS = (
    r"阿里巴巴|阿里|腾讯|字节跳动|字节|百度|华为|小米|美团|京东|拼多多|网易|蚂蚁集团|蚂蚁|滴滴|快手|携程|哔哩哔哩|B站|"
    r"小红书|大疆|比亚迪|宁德时代|联想|中兴|荣耀|米哈游|商汤|蔚来|小鹏|微软|谷歌|苹果公司|亚马逊|特斯拉|"
    # ... and the airlines ("在南航当乘务员第四年了")
    r"国航|东航|南航|海航|川航|厦航|深航|"
    r"[\u4e00-\u9fffA-Za-z]{1,10}?(?:公司|集团|银行|科技|医院|研究院|研究所|事务所|工作室|律所|物流|医疗|传媒|资本|证券|保险|地产|房产|置业|制药|能源|数据|软件|网络|教育|游戏|电子|咨询|基金|智能|信息|航空|航运|海运|船务)"
)
# What a Chinese place or organisation never starts with: a description ("入职的一家私募") or how long ago
# ("入职刚满一个月"; 快手 and 满洲里 are names)
# ... nor is a while ("入职三个月胖了五斤")
_NOT_A_NAME_ZH = (
    r"的|一家|一个|刚|才|已经|没多久|不久|满(?!洲)|快(?!手)|第[一二三四五六七八九十\d]"
    r"|[一两二三四五六七八九十半几\d]+个?多?(?:月|年|周|天|星期|礼拜)"
)
_MACROS = {
    "V": r"(?P<{g}>.+?)" + _EN_TERM,
    "T": r"(?P<{g}>.+?)\s*$",
    "NAME": rf"(?P<{{g}}>{CAPITAL}[\w'.-]*(?:\s+{CAPITAL}[\w'.-]*){{0,3}})",
    "TOOL": rf"(?P<{{g}}>{CAPITAL}[\w.+#-]*(?:\s+{CAPITAL}[\w.+#-]*)*)",
    # Latin letters only: a tool's name ends where the Chinese resumes ("PS和Illustrator都挺熟了")
    "LATIN": r"(?P<{g}>[A-Za-z][A-Za-z0-9_.+#-]*(?:\s+[A-Z][A-Za-z0-9_.+#-]*)*)",
    "ZV": r"(?P<{g}>.+?)",
    "END": r"(?:了|啦|呀|哦|呢|吧|嘛|啊|哈)*$",
    "EMAIL": r"(?P<{g}>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)",
    # (a bracket opens a number only round its area code: "my cell (312-555-0147)" is 312-555-0147)
    "PHONE": r"(?P<{g}>\+?(?:\(\d{1,4}\)\s?)?\d[\d\s()-]{5,}\d)",
    # (a job of someone's: "a buyer's agent")
    "JOB": rf"(?P<{{g}}>(?:[\w'-]+\s+){{0,3}}?(?:{_EN_JOBS})s?)\b",
    # the job words in a row make one title: "运营主管", "后端开发工程师"
    # ... and no workplace before it: "在一家做SaaS的公司当产品助理" is 产品助理
    "ZJOB": rf"(?P<{{g}}>(?:(?!公司|企业|单位|当|做|担任)[^，,。]){{0,12}}?(?:{_ZH_JOBS})+)",
    # Values of the phrasebook (pipelines.extract.rules.phrasebook): they end where a time, a reason or a
    # connective starts ("moved to denver last spring"), and a place or an organisation never starts with a
    # determiner ("moved to a new place" names no city).
    # (whom the user moved in with is no place: "moved in w my cousin over in Hobart")
    "PLACE": rf"(?P<{{g}}>(?:the\s+(?={CAPITAL}))?{_NO_DETERMINER}{_NO_DATE}{_NOT_COMPANY}{_EN_WORDS}){_EN_VALUE_END}",
    "ORG": rf"(?P<{{g}}>(?:the\s+)?{_CAPITALISED}(?:\s+(?:of\s+|and\s+|&\s+)?{_CAPITALISED}){{0,3}}){_EN_VALUE_END}",
    # (a workplace goes with its article when it is named: "I work at the Alden Hotel downtown")
    "WORK": rf"(?P<{{g}}>(?:the\s+(?={CAPITAL}))?{_NO_DETERMINER}{_EN_WORDS}){_EN_VALUE_END}",
    "ROLE": rf"(?:an?\s+|the\s+|their\s+|our\s+)?(?P<{{g}}>[\w'/-]+(?:\s+[\w'/-]+){{0,4}}?){_EN_VALUE_END}",
    # a place or an organisation, not what is said of it ("入职的一家私募" names none)
    "ZP": rf"(?!{_NOT_A_NAME_ZH})(?P<{{g}}>[^，,。！？!?\s]{{1,14}}?){_ZH_VALUE_END}",
    "ZORG": rf"(?P<{{g}}>{_ZH_ORGS})(?=[，,。！!？?\s]|$|了|啦|呀|吧|呢|上班|工作|做|报到)",
}

# Languages answers may come in.
# (a script of Chinese is an answer language of its own: "switch to traditional Chinese" supersedes "Chinese")
LANGUAGES_EN = (
    r"English|(?:Traditional\s+|Simplified\s+)?Chinese|Mandarin|Cantonese|Japanese|Korean|French|German|Spanish|Italian|"
    r"Portuguese|Russian"
)
# A language named in itself ("auf Deutsch", "en español"), by the word that starts its name
_NAMED_IN_ITSELF = {"deutsch": "German", "espa": "Spanish", "castellano": "Spanish", "fran": "French",
                    "portu": "Portuguese", "italiano": "Italian", "nederlands": "Dutch"}  # fmt: skip


def language_named_in_itself(said: str) -> str:
    """The English name of a language named in itself: "auf Deutsch" is German, "en español" Spanish."""
    word = said.split()[-1].lower()
    return next(name for start, name in _NAMED_IN_ITSELF.items() if word.startswith(start))


# ... and languages the user speaks, a longer list read only after "speak" ("polish my CV", "prefer Thai food")
SPOKEN_LANGUAGES_EN = (
    LANGUAGES_EN + r"|Polish|Arabic|Hindi|Urdu|Bengali|Punjabi|Tamil|Vietnamese|Thai|Indonesian|Malay|Tagalog|Dutch|"
    r"Swedish|Norwegian|Danish|Finnish|Greek|Turkish|Hebrew|Persian|Farsi|Ukrainian|Czech|Hungarian|Romanian|Swahili"
)
LANGUAGES_ZH = (
    r"(?:繁体|简体|繁體|簡體)(?:中文|字)?|中文|英文|英语|汉语|普通话|粤语|闽南语|闽南话|客家话|潮汕话|广东话|海南话|上海话|"
    r"四川话|越南话|他加禄语|日语|日文|韩语|韩文|法语|德语|西班牙语|俄语|意大利语|葡萄牙语|阿拉伯语|"
    r"波兰语|泰语|越南语|印尼语|马来语|荷兰语|土耳其语|希腊语|瑞典语"
)
SKILLS_TOPIC, LANGUAGES_TOPIC = "skills", "languages"
_SPOKEN = {
    "en": re.compile(rf"(?:{SPOKEN_LANGUAGES_EN})", re.IGNORECASE),
    "zh": re.compile(rf"(?:{LANGUAGES_ZH})"),
}
_SPEAKS = {"en": ("User speaks {v} and {w}.", "User speaks {v}."), "zh": ("用户会说{v}和{w}", "用户会说{v}")}


def spoken_languages(values: dict[str, str], lang: str) -> str | None:
    """What a skill whose every value is a language says: the user speaks them ("I'm fluent in Portuguese", "我会说
    普通话" are no tool or craft; a question about skills does not take them, one about languages does)."""
    named = [values[name] for name in ("v", "w") if name in values]
    if not named or not all(_SPOKEN[lang].fullmatch(value) for value in named):
        return None
    two, one = _SPEAKS[lang]
    spoken = [value[:1].upper() + value[1:] for value in named]
    return two.format(v=spoken[0], w=spoken[1]) if len(spoken) == 2 else one.format(v=spoken[0])


# First-person subjects with the adverbs that may follow them ("I've just", "I'm currently", "我现在").
EN_I = r"\bI(?:'ve|\u2019ve|ve|\s+have)?\s+(?:just\s+|recently\s+|now\s+|currently\s+|also\s+|really\s+|finally\s+)*"
EN_IM = r"\bI(?:'m|\u2019m|m|\s+am)\s+(?:now\s+|currently\s+|also\s+|really\s+)*"
ZH_WO = r"我(?:现在|目前|已经|也|还|刚|刚刚|最近|平时)*"


def expand(pattern: str) -> str:
    # Macro names are upper case, so regex syntax such as (?P<v>...) and (?<!...) is left alone.
    return re.sub(r"<([A-Z]+)(?::(\w+))?>", lambda m: _MACROS[m[1]].replace("{g}", m[2] or "v"), pattern)


@dataclass(frozen=True)
class Rule:
    """One phrasing: a pattern and what a match of it means."""

    pattern: re.Pattern[str]
    kind: Kind
    topic: str
    templates: tuple[str, ...]  # tried in order; the first whose fields were all captured wins
    keywords: tuple[str, ...]
    confidence: float
    lang: str
    transform: Callable[[str], str] | None = None
    unless: re.Pattern[str] | None = None  # a clause matching this is not what the rule means
    unless_message: re.Pattern[str] | None = None  # ... nor a clause of a message matching this
    needs_deadline: bool = False  # "我要…" is a task only when it names a deadline
    retracts: bool = False
    # Which moods of the clause may state this (pipelines.extract.signals.mood); None: the rule checks itself.
    moods: frozenset[str] | None = None
    # the pattern names its own subject ("they made me lead"): only the words before it set the mood
    own_subject: bool = False
    # a request asked as a question states it: "can you call me Lex from now on?"
    requested: bool = False


def _rule(
    lang: str,
    pattern: str,
    kind: Kind,
    topic: str,
    templates: str | tuple[str, ...],
    keywords: str,
    confidence: float = 0.9,
    *,
    transform: Callable[[str], str] | None = None,
    unless: str | None = None,
    unless_message: str | None = None,
    needs_deadline: bool = False,
    moods: frozenset[str] | None = None,
    own_subject: bool = False,
    requested: bool = False,
) -> Rule:
    flags = re.IGNORECASE if lang == "en" else 0
    return Rule(
        pattern=re.compile(expand(pattern), flags),
        kind=kind,
        topic=topic,
        templates=(templates,) if isinstance(templates, str) else templates,
        keywords=tuple(keywords.split()),
        confidence=confidence,
        lang=lang,
        transform=transform,
        unless=re.compile(unless, flags) if unless else None,
        unless_message=re.compile(unless_message, flags) if unless_message else None,
        needs_deadline=needs_deadline,
        moods=moods,
        own_subject=own_subject,
        requested=requested or kind is Kind.PREFERENCE,
    )


en = partial(_rule, "en")
zh = partial(_rule, "zh")
