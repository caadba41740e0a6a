"""The phrasebook of the single-valued topics: every way of stating, changing or ending a value that the
offline rules know, one entry per phrasing, English beside Chinese.

An entry is the words after the subject ("moved to <PLACE>"); `pipelines.extract.rules.frames` puts the
subjects, adverbs and mood checks around it, so "I've finally moved to", "we moved to", "Big news - moved to"
and "上个月底我已经把家搬到" all come from the entries "moved to <PLACE>" and "把家搬到了?<ZP>". Someone else as the
subject, questions, plans and conditionals, negation, reported speech and past trips are the frame's concern,
not the entry's. Macros (<PLACE>, <ORG>, <ROLE>, <ZP>, ...) are in `pipelines.extract.rules.grammar`.
A phrasing the rules miss is one more entry here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipelines.core.schemas import Kind
from pipelines.extract.rules.grammar import LANGUAGES_EN, LANGUAGES_ZH
from pipelines.extract.signals.lexicon import A_WORKPLACE_ZH, CAR_MODELS_ZH, CITIES_ZH
from pipelines.extract.signals.mood import PEOPLE_EN


@dataclass(frozen=True)
class Say:
    """An entry whose meaning is not the topic's template: a fixed value ("tied the knot" -> married) or its
    own content ("stopped eating <V>" -> "User doesn't eat {v}.")."""

    phrase: str
    value: str | None = None
    content: str | None = None
    unless: str | None = None  # a clause matching this is not what the entry means
    # a message matching this is not what the entry means: a name given in a message about a new pet is the pet's
    unless_message: str | None = None


Entry = str | Say


@dataclass(frozen=True)
class Ways:
    """One language's entries for a topic."""

    # after a subject: "live in <PLACE>" ("I live in", "we've been living in", "我住在")
    states: tuple[Entry, ...] = ()
    # after a subject, or with it left out at the start of a clause or after "and": "moved to <PLACE>"
    changes: tuple[Entry, ...] = ()
    # whole sentences with their own subject, found anywhere in a clause: "my address is <T>"
    sentences: tuple[Entry, ...] = ()
    # the value no longer holds, framed like changes: "moved out of <PLACE>"; "quit my job" names none
    ends: tuple[Entry, ...] = ()
    # sentences, with their own subject, that end the value: "you can drop the <LANG> replies"
    ending_sentences: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class TopicBook:
    topic: str
    kind: Kind
    en: Ways
    zh: Ways
    holds: tuple[str, str]  # (English, Chinese) content of a value that holds
    ends: tuple[str, str]  # content of a value that no longer holds
    keywords: tuple[str, str]
    # "state": only a plain assertion of the user's own state counts (no plan, condition, trip or aside);
    # "contact": a plan or a condition still gives the value ("if you need me, my number is ...")
    gate: str = "state"
    # asking for it states it ("can you call me Lex from now on?"), as with every preference
    requested: bool = False
    confidence: float = 0.9
    notes: tuple[str, ...] = field(default=(), compare=False)


_PREP_PLACE = r"(?:in|to|into)"
# The rank words a title opens with, which let it go without an article ("I'm head baseball coach at …")
_RANKS_EN = "head|assistant|lead|chief|senior|associate|deputy|interim|executive|first|second|third"
_NO_HOME_EN = "User has no fixed home now."  # a home given up with no new one named

RESIDENCE = TopicBook(
    "residence",
    Kind.FACT,
    en=Ways(
        states=(
            r"live\s+in\s+<PLACE>", r"reside\s+in\s+<PLACE>", r"am\s+(?:living|based|settled|located)\s+in\s+<PLACE>",
            r"am\s+based\s+out\s+of\s+<PLACE>", r"have\s+been\s+(?:living|based)\s+in\s+<PLACE>",
            r"call\s+<PLACE>\s+home", r"am\s+a\s+(?:resident|local)\s+of\s+<PLACE>",
            r"am\s+(?:now\s+)?in\s+(?![\w\s-]*\bat\s+(?-i:[A-Z]))<PLACE>\s+(?:now|these\s+days|full[- ]time|for\s+good)\b",
            # ... or one of the place's people now: "I'm a Miami girl now apparently"
            r"am\s+an?\s+(?P<v>(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){0,2})\s+(?:girl|guy|gal|boy|resident|local)\s+now\b",
        ),
        changes=(
            r"moved\s+(?:from\s+.+?\s+)?(?:back\s+|over\s+|out\s+|down\s+|up\s+|across\s+|all\s+the\s+way\s+)?"
            + _PREP_PLACE + r"\s+<PLACE>",
            r"relocated\s+(?:from\s+.+?\s+)?(?:back\s+)?to\s+<PLACE>",
            r"packed\s+up\s+and\s+moved\s+(?:back\s+|over\s+|out\s+)?to\s+<PLACE>",
            r"(?:made|finished)\s+the\s+move\s+to\s+<PLACE>", r"settled\s+(?:down\s+)?in\s+<PLACE>",
            r"(?:got|found|rented|bought|signed\s+(?:a\s+)?lease\s+on|signed\s+(?:for|on))\s+(?:a|an|our|my)\s+(?:new\s+)?"
            r"(?:place|apartment|flat|house|condo|home|studio|room|[0-9]\s?br|[0-9][- ]bedroom)\s+in\s+<PLACE>",
            r"signed\s+a\s+lease\s+in\s+<PLACE>", r"moved\s+(?:house|home)\s+to\s+<PLACE>",
            # in with someone, in their town: "moved in w my cousin over in Hobart"
            r"moved\s+in\s+(?:with|w/?)\s+(?:my\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:over\s+|out\s+|up\s+|down\s+)?in\s+<PLACE>",
            # one city given up for another: "Six months since I traded Milwaukee for Santa Fe"
            r"(?:traded|swapped|exchanged)\s+(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){0,2}\s+for\s+<PLACE>",
            r"left\s+.+?\s+for\s+(?:good\s+)?(?:and\s+moved\s+to\s+)?<PLACE:w>(?=.*\b(?:moved|live|living|lease|apartment|flat))",
        ),
        sentences=(
            Say(r"\bmy\s+(?:new\s+)?(?:home\s+)?address\s+is(?:\s+now)?:?\s+<T>", content="User's address is {v}."),
            r"(?<!from\s)(?<!at\s)\bhome\s+is\s+(?:now\s+)?<PLACE>(?:\s+now)?$",
            # where the user is now, after a move told before it: "so now we're in Santa Fe" (not a stay: "now I'm in
            # Denver for the weekend")
            r"\bnow\s+(?:we're|we\s+are|i'm|i\s+am|im)\s+(?:(?:living|based|settled)\s+)?in\s+(?![^,.!?]*\b(?:for|visiting|until|till)\b)<PLACE>", r"\bmy\s+new\s+(?:home|place|apartment|flat)\s+is\s+in\s+<PLACE>",
            # the user's home named in passing: "my apartment in Brooklyn has mice", "rent on my place in East Austin"
            r"\bmy\s+(?:place|apartment|flat|house|condo|studio)\s+in\s+(?P<v>(?:(?:east|west|north|south|downtown|uptown|"
            r"central)\s+)?(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2})\b",
        ),
        ends=(
            r"(?:no\s+longer|don't|dont|do\s+not)\s+live\s+in\s+<PLACE>", r"am\s+(?:no\s+longer|not)\s+(?:living|based)\s+in\s+<PLACE>",
            r"moved\s+(?:out\s+of|away\s+from)\s+<PLACE>(?!.*\bto\s)",
            # the home given back: "gave back the keys", "Handed the keys back last week" (not a car's or an office's)
            # (not a car's: "Handed the Buick keys to my grandson")
            Say(r"(?:gave|handed|turned)\s+(?:back\s+|in\s+)?(?:the|my|our)\s+(?!(?:car|office|work|van|truck|(?-i:[A-Z])\w+)\b)"
                r"(?:[\w-]+\s+)?(?:keys\b|key\s+(?:back|in)\b(?!\s+(?:to|for)\s+(?:the\s+)?(?:car|office|van|truck)\b))",
                content=_NO_HOME_EN),
            Say(r"(?:gave\s+up|moved\s+out\s+of)\s+(?:the|my|our)\s+(?:flat|apartment|place|lease|room|house)\b(?!\s+(?:in|on|at)\b)",
                content=_NO_HOME_EN),
        ),
        ending_sentences=(
            # ... and no home now: "no fixed address", "so no flat anywhere now", "living out of two backpacks"
            Say(r"\bno\s+(?:fixed|permanent)\s+(?:address|abode|home|place)\b", content=_NO_HOME_EN),
            Say(r"\bno\s+(?:flat|apartment|place|home|house)\s+(?:anywhere|at\s+the\s+moment|right\s+now|now|rn)\b",
                content=_NO_HOME_EN),
            Say(r"\bliving\s+out\s+of\s+(?:a|my|our|two|three|\w+)\s+(?:backpacks?|suitcases?|duffels?)\b",
                content=_NO_HOME_EN),
            # ... or between homes, on others' sofas: "I'm between places rn, kipping wherever", "couch surfing"
            Say(r"\b(?:between\s+(?:places|homes|flats|apartments)|(?:couch|sofa)[- ]?surfing|kipping\s+wherever)\b",
                content=_NO_HOME_EN),
            # ... or every kind of home denied in a row: "No house, no apartment, nothing, just my sister's address"
            Say(r"^\s*(?:so\s+|and\s+)?no\s+(?:house|home|apartment|flat|condo)\s*[,.!;]?\s*$", content=_NO_HOME_EN),
        ),
    ),
    zh=Ways(
        states=(
            # (not 住宿, lodging: "一个月控制在五千以内，住宿加吃饭")
            r"住在<ZP>", r"住(?![宿院持手口嘴])<ZP>", r"定居(?:在|于)?<ZP>", r"在<ZV>(?:住|定居|安家|落户|生活|租房|租了房)<END>",
            # "调到杭州分公司快一个月了，租在滨江"
            r"(?:^|我)租在<ZP>",
            r"家在<ZP>", r"(?:人)?在<ZV>(?:这边|这儿|这里)(?:住|生活|定居)", r"是<ZV>(?:人|本地人)了<END>",
            # where the user is now, working or not: "现在在老家赣州这边的新厂上班"
            rf"(?:现在|目前|如今)(?:人)?在(?:老家)?(?P<v>{CITIES_ZH})(?:这边|这儿|这里)",
            # a trade plied in a city: "我是洛阳的退休语文老师" (not where one comes from: "我是成都人")
            rf"(?:^|我)是(?P<v>{CITIES_ZH})的[^，,。！？]{{0,8}}?(?:老师|医生|护士|司机|工人|师傅|会计|律师|教师|员工|保安)",
            # years lived there, and still: "我在成都住了五年了" (a stay of days is a trip: "在青岛住了一礼拜")
            r"(?:^|我|我们|俺)在<ZV>(?:住|生活)了?(?:快|都|已经|有|差不多)?[一两二三四五六七八九十几半\d]+(?:个)?多?(?:年|个月)了",
        ),
        changes=(
            # (not a stall or a shop moved: "搬到滨河农贸市场快三个月了" is where the user sells)
            rf"(?:把家)?搬(?:家)?(?:到|去|来|回)了?(?!{A_WORKPLACE_ZH})<ZP>", r"搬回(?:了)?<ZP>", r"落户(?:到|在)?了?<ZP>", r"安家在<ZP>",
            r"安顿在<ZP>", r"在<ZV>(?:买了?房|安顿下来|安顿好|租(?:了|好|下|到)?(?:了)?(?:个|套|间)?房子?|定居下来|落脚)<END>",
            r"(?:回|去)<ZV>(?:定居|安家|生活)了?<END>", r"(?:已经)?在<ZV>落脚",
            # the first season spent there: "在珠海过第一个冬天" (not a trip's: "在三亚过了个年")
            r"(?:^|我|俺)(?:今年)?在<ZV>过(?:的)?第一个(?:冬天|夏天|春节|年|春天|秋天)",
        ),
        sentences=(
            Say(r"我的?(?:新)?(?:家庭)?(?:地址|住址)(?:是|：|:|改成|换成)<ZV><END>", content="用户的地址是{v}"),
            r"我(?:的)?新家在<ZP>",
            # where the rented home is: "我租的老房子在海珠区"
            r"(?:^|我)(?:现在|新|刚)?(?:租|住)的(?:老|新)?(?:房子|公寓|房间|出租屋)(?:在|位于)<ZP>",
            # housing that comes with the job: "公司宿舍在南山"
            r"(?:^|我(?:的|们)?|我住的)(?:公司|单位)?宿舍(?:在|位于)<ZP>",
            # home is there from now on: "以后休假回家就是回青岛了"
            r"(?:以后|现在|今后)[^，,。！？]{0,6}回家就是回<ZP>",
        ),
        ends=(
            r"(?:不再|不)住在<ZV><END>", Say(r"不在<ZV>(?:住)?了$", content="用户不再住在{v}", unless=r"工作|上班|任职|供职|实习|读书|上学"),
            r"从<ZV>搬(?:走|出来)<END>", r"搬离(?:了)?<ZV><END>", r"离开<ZV>(?:了)?(?=.*(?:搬|住|房))",
            Say(r"(?:房子)?退(?:租|房)(?:了|啦)", content="用户已退租，没有固定住处"),
            # the home named and given back: "南山的房子上周已经退了"
            # ... or taken in hand first: "我上周把悉尼的房子退了"
            # (not one kept: "我这边的房子也不用退了")
            Say(r"(?:把)?(?P<v>(?!把|我|这边|那边)[\u4e00-\u9fff]{2,6}?)的(?:房子|公寓|出租屋)[^，,。]{0,6}?(?<![不没用])退(?:掉|租)?了",
                content="用户不再住在{v}"),
            Say(r"(?:暂时|现在|目前)?没有固定(?:的)?(?:住处|住所|住的地方)", content="用户没有固定住处"),
            # a home given up for the road: "买了辆二手房车…走到哪儿住到哪儿"
            Say(r"走到哪(?:儿|里)?(?:就)?住到哪(?:儿|里)?", content="用户没有固定住处"),
        ),
    ),
    holds=("User lives in {v}.", "用户住在{v}"),
    ends=("User no longer lives in {v}.", "用户不再住在{v}"),
    keywords=("residence live city address", "住址 居住 城市"),
)

# the delivery and ride apps people work for, as they type them
_GIG_APPS_EN = (
    r"(?:uber\s*eats|uber|lyft|doordash|door\s*dash|instacart|shipt|grubhub|postmates|gopuff|deliveroo|"
    r"amazon\s+flex|flex|spark|roadie|favor|caviar)"
)

_GIG_APPS_ZH = r"(?:美团|饿了么|顺丰同城|闪送|滴滴|货拉拉|达达|蜂鸟|(?i:UU)跑腿|京东到家|快狗|花小猪|曹操)(?:众包|专送|外卖|快送|出行|打车)?"

# what a send-off for someone leaving a job is called
_SEND_OFF = r"(?:farewell|goodbye|going[- ]away|send[- ]off)"

EMPLOYER = TopicBook(
    "employer",
    Kind.FACT,
    en=Ways(
        states=(
            r"work\s+(?:at|for)\s+<WORK>", r"am\s+(?:working\s+(?:at|for)|employed\s+(?:at|by))\s+<WORK>",
            r"teach\s+(?:[\w-]+\s+){0,3}?at\s+<ORG>",  # "I teach 4th grade at Ridgeview Elementary"
            # ... and the other trades done somewhere: "I clean rooms at the Palmetto Suites, 2 years now"
            r"(?:clean|cook|bake|bartend|waitress|wait\s+tables|tend\s+bar|nurse|cashier|stock\s+shelves|wash\s+dishes|"
            r"do\s+housekeeping|do\s+maintenance)\s+(?:[\w-]+\s+){0,2}?at\s+<ORG>",
            r"have\s+been\s+working\s+(?:at|for)\s+<WORK>", r"am\s+(?:now\s+)?with\s+<ORG>(?=\s+now|\s*$)",
            r"am\s+an?\s+<JOB:x>\s+(?:at|for|with)\s+<WORK>", r"am\s+on\s+the\s+\w+\s+team\s+at\s+<ORG>",
            # ... on a team there: "I'm a buyer's agent on the Lindqvist team at Coastline Realty"
            r"am\s+an?\s+<JOB:x>\s+on\s+(?:the\s+|a\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+team\s+(?:at|with)\s+<ORG>",
            # ... a title with its rank said without an article: "I'm head baseball coach at Northgate High"
            rf"am\s+(?:the\s+)?(?=(?:{_RANKS_EN})\s)<JOB:x>\s+(?:at|for|with)\s+<WORK>",
            # ... or the company's team: "I've been on Shopify's payments team for 3 yrs"
            r"(?:am|have\s+been|been)\s+(?:on|in)\s+(?P<v>(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,2})(?:'s|\u2019s)\s+"
            r"(?:[\w-]+\s+){0,2}(?:team|department|dept|division|group|org)\b",
            # the field named first: "I work in regulatory affairs at Medtronic"
            r"(?:work|am)\s+in\s+(?:[\w&-]+\s+){1,3}at\s+<ORG>",
            # a shift named: "working nights at St. Aldric Medical Center this month"
            r"am\s+working\s+(?:nights|days|evenings|weekends|overnights|night\s+shifts?|part[- ]time|full[- ]time)\s+(?:at|for)\s+<ORG>",
        ),
        changes=(
            r"joined\s+<ORG>", r"started\s+(?:a\s+new\s+job\s+|working\s+|my\s+new\s+job\s+|work\s+)?(?:at|with|for)\s+<ORG>",
            r"started\s+(?:a\s+new\s+job\s+|working\s+|my\s+new\s+job\s+|work\s+)(?:at|for)\s+<WORK>",
            r"(?:got|took|accepted|landed)\s+(?:a|the|an)\s+(?:new\s+)?(?:job|position|role|offer)\s+(?:at|with|from)\s+<WORK>",
            r"(?:got|was)\s+hired\s+(?:at|by)\s+<WORK>", r"moved\s+over\s+to\s+<ORG>(?=\s+(?:as|last|this)\b)",
            r"moved\s+to\s+<ORG>(?=\s+as\b)",  # "moved to Porto last week" is a city
            r"left\s+.+?\s+for\s+<ORG>", r"switched\s+(?:jobs\s+|companies\s+)?to\s+<ORG>(?=.*\b(?:job|role|work|team|as)\b)",
            r"switched\s+(?:jobs|companies)\s+to\s+<WORK>", r"signed\s+(?:on\s+)?with\s+<ORG>",
            r"signed\s+(?:the|my|an|their)\s+(?:job\s+)?offer(?:\s+letter)?\s+(?:from|with|at)\s+<ORG>",
            # a start in a role somewhere: "took a while but I start as sous at Little Ember on monday"
            r"start(?:ed|ing|s)?\s+as\s+(?:an?\s+|the\s+)?(?:[\w'-]+\s+){1,3}?at\s+<ORG>",
            # days a week worked somewhere: "so I left. doing 3 days a week at Dr. Okafor's practice now"
            r"(?:doing|working)\s+(?:\d|one|two|three|four|five|six|a\s+few)\s+(?:days?|shifts?|nights?)\s+a\s+week\s+(?:at|for)\s+<WORK>",
            # an agent's license placed with a brokerage: "hung my license at Keystone & Vale last monday"
            r"(?:hung|moved|transferred|put)\s+my\s+(?:real\s+estate\s+)?licen[cs]e\s+(?:at|with|to|over\s+to)\s+<ORG>",
        ),
        sentences=(
            r"\bmy\s+(?:manager|boss|team|coworkers?|colleagues?|team\s*lead|supervisor|director|skip[\s-]level)\s+(?:at|over\s+at)\s+<ORG>",
            # hired by name: "the Merriweather Museum hired me onto their collections team"
            # ... or a part of it: "Mercy Health's outpatient pharmacy hired me full time"
            r"\b(?P<v>(?:the\s+)?(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3}?)(?:(?:'s|\u2019s)(?:\s+[a-z][\w-]*){1,3})?"
            r"\s+(?:just\s+|finally\s+|officially\s+)?hired\s+me\b",
                        r"\b(?:my\s+)?(?:new\s+)?(?:employer|company)\s+is\s+(?:now\s+)?<ORG>", r"\b(?P<v>(?-i:[A-Z])[\w'.&+-]*(?:\s+(?-i:[A-Z])[\w'.&+-]*){0,3})\s+is\s+where\s+I\s+(?:now\s+)?work\b", r"\b(?:started|starting)\s+at\s+<ORG>\s+(?:on|this|next)\b",
            # a time counted since starting: "one month in at Tidewell Energy and wow"
            r"^(?:\w+\s+)?(?:one|a|two|three|four|five|six|\d+)\s+(?:days?|weeks?|months?)\s+in\s+at\s+<ORG>",
            # a first stretch counted at a place that is no school or trip: "survived week 1 at Northgate Health!!"
            Say(r"^(?:\w+\s+)?(?:(?:first|second|third)\s+(?:full\s+)?(?:day|week|month)|(?:day|week|month)\s+(?:\d+|one|two|three|four|five))\s+"
                # (an office of a larger place: "first week at the uni's International Student Office done!")
                r"(?:at|with)\s+(?:the\s+(?:uni|university|college|hospital|city|county|company)(?:'s|\u2019s)\s+)?<ORG>",
                unless=r"\b(?:University|College|School|Academy|Institute|High|Park|Resort|Hotel|Camp|"
                r"Festival|Con|Conference|World|Land)\b|\b(?:trip|vacation|holiday|conference|festival|semester|class(?:es)?)\b"),
            r"^\s*working\s+(?:nights|days|evenings|weekends|overnights|night\s+shifts?|part[- ]time|full[- ]time)\s+(?:at|for)\s+<ORG>",
            # the employer printed on the badge: "the badge itself says BRIGHTWATER HEALTH" (not "the title on my badge")
            r"(?<!on\s)\b(?:my|the)\s+(?:new\s+)?(?:work\s+)?badge(?:\s+itself)?\s+(?:now\s+|literally\s+)*(?:says|reads)\s+<ORG>",
            # ... the badge named a clause before: "still getting used to the new badge tho, it says Riverside Subaru"
            Say(r"^\s*it\s+(?:now\s+|literally\s+)*(?:says|reads)\s+<ORG>",
                unless_message=r"^(?![\s\S]*\b(?:my|the)\s+(?:new\s+)?(?:work\s+)?(?:badge|name\s*tag|lanyard)\b)"),
            # ... or on the pay: "same desk, same calls, but my paycheck now says Calloway Solutions"
            r"\bmy\s+(?:pay\s*check|pay\s*slip|pay\s*stub|w-?2)s?\s+(?:now\s+|literally\s+)*(?:says|reads|comes\s+from)\s+<ORG>",
            # a contract begun with a client: "new contract kicked off this week with Meridian Freight"
            r"\bnew\s+(?:contract|gig|engagement)\s+(?:kicked\s+off|started|began|starts)\s+(?:[\w\s]{0,20}?\s)?with\s+<ORG>",
            # a delivery app worked for: "been doing uber eats the last 2 weeks", "flex is all I'm doing now"
            rf"\b(?:I'?m\s+|I\s+am\s+|I'?ve\s+|I\s+have\s+)?(?:been\s+)?(?:doing|driving\s+for|delivering\s+for|dashing\s+for)\s+"
            rf"(?P<v>{_GIG_APPS_EN})\b(?!\s+(?:orders?|deliver(?:y|ies)|app)\s+(?:for\s+me|to\s+me))",
            # "im officially on the Kestrel Freight payroll"
            r"\b(?:i'?m|i\s+am)\s+(?:now\s+|officially\s+|finally\s+)*on\s+(?:the\s+)?(?P<v>(?-i:[A-Z])[\w&'-]+(?:\s+(?-i:[A-Z])[\w&'-]+){0,3})\s+payroll\b",
        ),
        ends=(
            r"(?:no\s+longer|don't|dont|do\s+not)\s+work\s+(?:at|for)\s+<WORK>",
            r"am\s+(?:no\s+longer|not)\s+(?:working|employed)\s+(?:at|for|by)\s+<WORK>", r"(?:left|quit|quitting)\s+<ORG>",
            r"am\s+not\s+(?:at|with)\s+<ORG>\s+any\s*more\b", r"am\s+no\s+longer\s+(?:at|with)\s+<ORG>",
            Say(r"(?:left|quit)\s+my\s+job\b", content="User left their job."),
            Say(r"(?:was|got)\s+(?:laid\s+off|fired|let\s+go)\b", content="User left their job."),
            Say(r"resigned\b", content="User left their job."),
            Say(r"am\s+(?:between\s+jobs|unemployed|out\s+of\s+work)\b", content="User left their job."),
            # the badge given back: "so I handed my badge in at st aldric today"
            Say(r"(?:handed|turned|gave)\s+(?:in\s+)?my\s+(?:badge|work\s+laptop|lanyard|keycard)\b", content="User left their job."),
            # ... or hung up for good: "Hung up my docent lanyard for good last week"
            Say(r"hung\s+up\s+my\s+(?:[\w-]+\s+)?(?:lanyard|badge|apron|scrubs|whistle)\b", content="User left their job."),
            Say(r"(?:worked|did|finished)\s+my\s+(?:very\s+)?last\s+(?:shift|day|service)\b", content="User left their job."),
            # a job walked out of or declared over: "walked out of Bellwether last week", "I'm done at the co-op"
            # (not a visit: "done at the dentist", nor a day's work: "done at work for today")
            r"walked\s+(?:out\s+(?:of|on)|off)\s+<ORG>",
            # ... or stopped at, with when (a stop on the way has no month): "I stopped at the council end of May"
            r"stopped\s+working\s+(?:at|for)\s+<WORK>",
            r"stopped\s+at\s+(?:the\s+)?<WORK>(?=\s+(?:at\s+the\s+)?(?:end|start|beginning|middle)\s+of\s+(?:"
            r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|last\s+month|the\s+month)\w*)",
            Say(r"walked\s+(?:off|out\s+on)\s+(?:the|my)\s+job\b", content="User left their job."),
            Say(r"am\s+(?:done|through|finished)\s+at\s+(?:the\s+)?<WORK>(?=\s*(?:[.!;,]|$|after\b|for\s+good\b))",
                unless=r"\bat\s+(?:the\s+|my\s+)?(?:dentist|doctor|vet|gym|salon|mall|store|shop|work)\b"),
            # ... or retired from: "freshly retired from the county clerk's office", "I'm retired now"
            r"retired\s+from\s+(?:the\s+)?(?![a-z]+ing\b)<WORK>",
            Say(r"retired\s+from\s+[a-z]+ing\b", content="User has retired."),
            Say(r"am\s+(?:now\s+)?(?:officially\s+|freshly\s+|newly\s+|finally\s+|fully\s+)?retired\b(?!\s+from)",
                content="User has retired."),
        ),
        ending_sentences=(
            # a delivery app let go of: "turned off shipt for good and deleted the app", "amazon deactivated me"
            rf"\b(?:turned\s+off|deleted|uninstalled|quit)\s+(?P<v>{_GIG_APPS_EN})\b(?=[^.!?]*\bfor\s+good\b)",
            rf"\b(?P<v>{_GIG_APPS_EN}|amazon)\s+(?:just\s+)?deactivated\s+(?:me|my\s+account)\b",
            # ... or a day before it: "last Friday was my final day at the library" (not "my last day of vacation",
            # "in Lisbon")
            Say(r"\b(?:(?:today|yesterday|(?:last\s+|this\s+|on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(?:is|was)\s+"
                r"my\s+(?:very\s+)?(?:last|final)\s+(?:day|shift|service)|my\s+(?:last|final)\s+day\s+(?:is|was)\s+(?:today|yesterday)|"
                r"(?:last|final)\s+day\s+today)\b(?!\s+(?:of|in|on|off|before)\b)",
                content="User left their job."),
            # a layoff told of the team: "Lumen did a 'restructuring' and my whole team got cut on Thursday"
            Say(r"\bmy\s+(?:whole\s+|entire\s+)?(?:team|department|role|position|job)\s+(?:got|was)\s+(?:cut|eliminated|laid\s+off)\b",
                content="User left their job."),
            # a send-off held for the user: "they did a farewell lunch for me today"
            # (a lunch, drinks or a card: a going-away party may be for a move)
            Say(r"\b(?:(?:they|we|the\s+(?:team|office)|my\s+(?:team|coworkers|colleagues)|work|everyone)\s+(?:did|threw|had|gave|held|"
                rf"organi[sz]ed|got)\s+(?:me\s+)?(?:a|an|my)\s+)?(?:{_SEND_OFF}|leaving)\s+"
                r"(?:lunch|drinks|cake|card)\s+for\s+me\b", content="User left their job."),
            Say(rf"\b(?:took|taking|take)\s+me\s+out\s+for\s+(?:a\s+)?{_SEND_OFF}\s+"
                r"(?:lunch|drinks|dinner)\b", content="User left their job."),
            # ... or for the last day: "the crew took me out for tacos today for my last day"
            Say(r"\b(?:took|treated)\s+me\s+(?:out\s+)?(?:for|to)\b[^.!?]{0,30}\bfor\s+my\s+last\s+day\b",
                content="User left their job."),
            # the user's own send-off ("my farewell lunch is friday"), or one the team is in ("farewell lunch, the
            # team got me a cake"; "team took me out for tacos today, lots of 'don't forget us' speeches")
            Say(rf"\bmy\s+(?:{_SEND_OFF}|leaving)\s+(?:lunch|drinks|dinner|cake|card)\b",
                content="User left their job."),
            Say(rf"\b{_SEND_OFF}\s+(?:lunch|drinks|dinner)\b(?=[^.!?]{{0,40}}\b(?:the\s+team|"
                r"my\s+team|coworkers|colleagues|the\s+office)\b)", content="User left their job."),
            Say(rf"^\s*(?:a\s+)?{_SEND_OFF}\s+(?:lunch|drinks|dinner)\W*$", content="User left their job."),
            Say(r"\b(?:the|my)\s+team\s+(?:got|gave|made|threw|took)\s+me\b[^.!?]{0,40}(?:don'?t\s+forget\s+us|farewell|goodbye)",
                content="User left their job."),
            # the boss told it is over: "told em Friday I was through, after 11 yrs"
            Say(r"\btold\s+(?:em|'em|them|my\s+boss|the\s+boss|my\s+manager)\b[^.!?]{0,20}\bI\s*(?:was|'m|am)\s+"
                r"(?:through|done|quitting|out)\b", content="User left their job."),
            # a contract not renewed: "my contract ran out and they didn't renew it" (not a lease or a phone plan)
            Say(r"\bmy\s+(?:work\s+|teaching\s+|job\s+)?contract\s+(?:ran\s+out|ended|expired|is\s+up|was\s+up)\b"
                r"(?=[^.!?]{0,40}\b(?:didn'?t|did\s+not|won'?t|not|no)\s+(?:renew|extend)|[^.!?]{0,40}\bnot\s+renewed\b)",
                content="User left their job."),
            # the last day named ahead: "last day is friday", "my last day at Orbis is the 30th"
            Say(r"^\s*(?:my\s+)?last\s+day\s+(?:at\s+\w+(?:\s+\w+)?\s+)?(?:is|will\s+be|'s)\s+(?:this\s+|next\s+|on\s+)?"
                r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|the\s+\d{1,2}(?:st|nd|rd|th)?)\b",
                content="User left their job."),
        ),
    ),
    zh=Ways(
        states=(
            Say(r"在<ZV>(?:工作|上班|任职|供职|实习|打工)<END>", unless=r"找(?:份)?工作|面试|应聘|投简历"),
            # a delivery app run for: "我在深圳南山跑美团众包"
            rf"(?:在[^，,。！？]{{0,8}})?(?:跑|开)(?P<v>{_GIG_APPS_ZH})",
            r"在(?!一家|一个|家)<ZV>(?:做|当|担任)<ZJOB:x>", r"是<ZV>的员工<END>",
            # a vehicle driven for a living there: "我在市急救中心开救护车"
            r"在(?!一家|一个|家)<ZV>开(?:救护车|公交车?|出租车?|大巴|货车|班车|校车|叉车)",
            # the organisation with the department the user is in: "我在仁和医院心内科", "在招商银行信用卡中心"
            r"在(?P<v>[\u4e00-\u9fffA-Za-z]{1,10}?(?:医院|公司|银行|集团|研究院|研究所|事务所|律所|航空|航运))"
            r"的?[\u4e00-\u9fff]{1,5}?(?:科|部|室|组|处|中心|分行|支行|门店|分公司)<END>",
        ),
        changes=(
            r"(?:已经)?入职(?:了)?<ZP>", r"(?:去|到)<ZORG>报到", r"跳槽(?:去|到)了?<ZP>", r"去了<ZV>(?:工作|上班)<END>", r"加入(?:了)?<ZP>",
            Say(r"换到(?:了)?<ZV>(?:工作|上班)?<END>", unless=r"[早晚夜白中]班|班次|倒班"), r"跳槽(?:去|到)了?<ZV>(?:做|当)", r"入职(?:了)?<ZV>(?:做|当)",
            r"进了<ZV>(?:工作|上班)<END>", r"去<ZV>(?:上班|工作)了<END>", r"(?:现在|目前|如今)(?:人)?在<ZORG>",
            rf"(?:改|换(?:去)?|转)(?:成)?(?:跑|开)(?P<v>{_GIG_APPS_ZH})",
            # transferred somewhere to a post: "调到区教育发展研究院当初中数学教研员"
            r"调(?:到|去)了?(?P<v>[^，,。！？]{2,14}?)(?:当|做|担任)(?:了)?<ZJOB:x>",
            r"在<ZV>(?:干|做|待)了?(?:快|都|已经|有|差不多)?[一两二三四五六七八九十半几\d]+(?:个)?(?:多)?(?:月|年)",
            # ... at a workplace, not in a city: "来成都半年了" is a stay there
            Say(r"来<ZV>(?:快|已经|都)?(?:[一两二三四五六七八九十半几\d]+个?(?:月|年|周|星期|礼拜))(?:多)?了",
                unless=f"来(?:{CITIES_ZH})"), r"拿了<ZV>的offer(?:，|,)?(?:已经)?(?:入职|去了)",
            # a business of the user's own opened: "开了家牛肉面馆，自己当老板了" (not a friend's: "朋友开了家店")
            Say(r"(?:^|我|自己)(?:在[^，,。！？]{1,8})?开了(?:一)?(?:家|个|间)(?P<v>[\u4e00-\u9fff]{1,8}?(?:馆|店|铺|餐厅|工作室))",
                content="用户自己开了{v}"),
        ),
        sentences=(
            r"我的?(?:新)?(?:公司|单位|雇主|东家)(?:是|叫)<ZV><END>", r"新东家(?:是)?<ZP>",
            # one of a company's people now: "今天入社式！正式成为Pixel Harbor的新人了"
            r"(?:正式|终于)?成为(?:了)?(?P<v>[^，,。！？的]{2,16})的(?:新人|新员工|员工|一员)",
            # a company named as it is called, wherever in the clause: "我又跳了😂 现在去了一家叫青禾生物的"
            r"(?:去了|进了|跳到了?|跳去了?|入职了?)(?:一家|家)叫(?P<v>[^，,。！？的]{2,12})的",
            # "our" company named as one's own: "年底我们南城银行又开始冲存款任务了"
            # (a colleague's move is none: "我们组老李跳槽去恒信证券做投行了")
            r"(?:我们|咱们)(?!的|一家|这|那|新|老|原来)(?P<v>(?:(?![去到跳在是了说])[\u4e00-\u9fff]){1,8}?(?:公司|集团|银行|科技|医院|研究院|研究所|事务所|律所|物流|证券|保险|制药|传媒))(?!的人|的客户)",
        ),
        ends=(
            r"(?:不再|不)在<ZV>(?:工作|上班|任职|供职|实习)<END>", r"从<ZV>(?:离职|辞职)<END>", r"离开(?:了)?<ZV>(?:公司)?<END>",
            Say(r"(?:离职|辞职|裸辞|被裁员?|被开除|被辞退|被优化|被毕业|失业)(?:了)?<END>", content="用户已离职"),
            # the job itself let go of, said short: "辞了，去了家私立", "把工作辞了"
            Say(r"(?:^|把)(?:工作|活儿)?(?:给)?辞了<END>", content="用户已离职"),
            # ... or the employer named first: "顺丰辞了 干不动了"
            r"^\s*(?P<v>(?!工作|活儿|他|她|我|你|都|也|早|刚)[\u4e00-\u9fffA-Za-z]{2,6}?)(?:那边|那份工|那活儿?|的活儿?)?(?:我|俺)?(?:给)?辞了<END>",
            # ... or thrown down: "物业那摊子我撂了"
            r"^\s*(?P<v>(?!工作|活儿|他|她|我|你)[\u4e00-\u9fffA-Za-z]{2,6}?)(?:那摊子|那摊儿|的活儿?|那活儿?)(?:我|俺)?(?:给)?撂(?:了|下了)",
            Say(r"撂挑子(?:了|不干了)", content="用户已离职"),
            # quit without naming it: "合同到期我没续，不干了"; retired: "我退休了"
            Say(r"^\s*(?:我|俺)?(?:已经|就|也)?不干了<END>", content="用户已离职"),
            Say(r"^\s*(?:我|俺)?(?:已经|刚|正式)?退休了<END>", content="用户已退休"),
        ),
        ending_sentences=(
            Say(r"今天(?:是)?(?:我的)?(?:(?i:last\s+day)|最后一天(?:上班)?)(?!前)", content="用户已离职"),
            # the user's whole team cut: "整个组被优化了", "我们部门都被裁了" (not 隔壁组)
            Say(r"(?<!隔壁)(?:整个|我们|我们整个)(?:组|部门|团队|项目组|事业部)(?:都|全|整个)?被(?:优化|裁撤?|解散|砍)(?:掉)?(?:了)?",
                content="用户已离职"),
            # a send-off the team gave the user (not a class's: 毕业散伙饭)
            Say(r"(?:组里|公司|同事们?|部门|团队|领导|老板)[^，,。]{0,6}?(?:给我|为我)[^，,。]{0,4}?(?:散伙饭|欢送会|送别宴|告别宴|饯行)",
                content="用户已离职"),
            # a work contract run out: "代课合同到期了，学校说明年没名额就不续了" (not a lease: 房租合同到期)
            Say(r"(?:劳动|工作|代课|聘用|实习|劳务|博后)合同(?:已经)?(?:到期|结束)(?:了|[，,]?(?:我|俺)?(?:没|不)(?:再)?续)",
                content="用户已离职"),
        ),
    ),
    holds=("User works at {v}.", "用户在{v}工作"),
    ends=("User no longer works at {v}.", "用户不再在{v}工作"),
    keywords=("employer work company job", "工作 公司 单位 雇主"),
)

JOB_TITLE = TopicBook(
    "job_title",
    Kind.FACT,
    en=Ways(
        states=(
            r"work(?:ing)?\s+as\s+<ROLE>", r"am\s+working\s+as\s+<ROLE>", Say(r"am\s+an?\s+<JOB>", content="User's job title is {v}."),
            r"work\s+(?:at|for)\s+\S+(?:\s+\S+){0,3}?\s+as\s+<ROLE>", r"am\s+now\s+(?:the|a|an)\s+<ROLE>(?=.*\b(?:at|team|job|work)\b)",
            r"am\s+(?:now\s+)?officially\s+(?:the\s+|a\s+|an\s+)?<JOB>",
            Say(rf"am\s+(?:the\s+)?(?=(?:{_RANKS_EN})\s)<JOB>(?=\s+(?:at|for|with|here|now)\b|\s*[,.!;]|\s*$)",
                content="User's job title is {v}."),
            # ... and a chief's letters: "she's CEO, I'm CTO"
            Say(r"am\s+(?:now\s+)?(?:the\s+)?(?P<v>(?-i:C[ETFOPM]O))\b", content="User's job title is {v}."),
            # ... and a title said with "now" after a promotion: "im counsel now!!"
            Say(r"am\s+(?P<v>(?:senior\s+|of\s+)?counsel|(?:senior\s+|junior\s+|equity\s+)?partner)\s+now\b",
                content="User's job title is {v}."),
            # a department run, which is a post: "I'm running the whole service department now"
            Say(r"am\s+(?:now\s+)?(?:running|heading|managing)\s+(?:the\s+)?(?:whole\s+|entire\s+)?"
                r"(?P<v>[\w&-]+(?:\s+[\w&-]+)?\s+(?:department|dept|division|unit|floor|kitchen|desk))"
                r"(?=\s*(?:now\b|here\b|at\b|for\b|[,.!;]|$))", content="User runs the {v}."),
        ),
        changes=(
            r"(?:got|was|been|have\s+been)\s+promoted\s+(?:to|as)\s+<ROLE>", r"(?:got\s+|was\s+)?bumped\s+up\s+to\s+<ROLE>", r"got\s+(?:a\s+)?promot(?:ed|ion)\s+to\s+<ROLE>",
            r"joined\s+\S+(?:\s+\S+){0,3}?\s+as\s+<ROLE>", r"started\s+(?:at\s+\S+(?:\s+\S+){0,3}?\s+|a\s+new\s+job\s+)?as\s+<ROLE>",
            r"(?:got|was)\s+hired\s+(?:at\s+\S+\s+|by\s+\S+\s+)?as\s+<ROLE>", r"(?:became|become)\s+(?:a|an|the)\s+<ROLE>",
            r"moved\s+(?:into|up\s+to)\s+(?:a|an|the)\s+<ROLE>\s+(?:role|position)", r"switched\s+to\s+(?:a|an|the)\s+<ROLE>\s+(?:role|position)",
            r"(?:took|accepted|landed|got)\s+(?:a|an|the)\s+(?:new\s+)?(?:job|position|role)\s+as\s+(?:a|an|the\s+)?<ROLE>",
        ),
        sentences=(
            r"\bmy\s+(?:new\s+)?(?:job\s+title|title|role|position|job)\s+is\s+(?:now\s+)?(?:an?\s+)?<ROLE>",
            r"\b(?:they|my\s+boss|my\s+manager)\s+made\s+me\s+(?:the\s+|a\s+)?<ROLE>",
            # ... by whoever made the user one: "Erik stepped back from day to day and made me team lead"
            Say(r"\b(?:they|he|she|(?-i:[A-Z])[a-z]+|(?:the|my|our)\s+(?:new\s+)?(?:boss|owners?|manager|partners?|board|"
                r"director|chief|captain|chef|principal))\s+(?:[\w'-]+\s+){0,8}?"
                r"made\s+me\s+(?:the\s+|a\s+|an\s+)?(?:new\s+)?<JOB>(?=\s*(?:[.!,;]|$|\W*[\U0001F300-\U0001FAFF]|\s+(?:of|for|at|on|over|now)\b))",
                content="User's job title is {v}."),
            # a post given: "they gave me the assistant principal spot here at Jefferson"
            r"\b(?:they|he|she|the\s+board|my\s+boss|the\s+district)\s+(?:gave|handed)\s+me\s+the\s+"
            r"(?P<v>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?:spot|job|role|position|post)\b",
            # ... or named to one: "the board named me interim principal", "they pinned Master Sergeant on me"
            r"\b(?:named|appointed)\s+me\s+(?:the\s+|as\s+)?(?P<v>[\w'-]+(?:\s+[\w'-]+){0,3}?)(?=\s+(?:until|for|at|of|on)\b|\s*[,.!;]|\s*$)",
            r"\b(?:(?:they|he|she|we)\s+)?pinned\s+(?P<v>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\s+on\s+me\b",
            r"\bnew\s+title:?\s+<ROLE>",
            # a trade's card come in: "journeyman card came in the mail today"
            r"\b(?P<v>journeyman|master\s+(?:electrician|plumber|carpenter)|journey[- ]level\s+\w+)\s+(?:card|license|licence|ticket)\s+"
            r"(?:came|arrived|showed\s+up|finally\s+came|is\s+in)\b",
            # a first stretch in a role: "First week as engineering manager and I already miss writing code"
            r"^\s*(?:my\s+)?first\s+(?:day|week|month)s?\s+as\s+(?:an?\s+|the\s+)?<ROLE>",
            # ... or a first trip, shift or season in it, wherever it is said: "sign on tmrw in Antwerp — first trip as chief mate!!"
            r"\bfirst\s+(?:trip|voyage|rotation|hitch|shift|season|contract)\s+as\s+(?:an?\s+|the\s+)?<ROLE>",
            # the title as written somewhere: "the title on my badge literally says Engineering Manager"
            r"\btitle\s+(?:on\s+my\s+\w+\s+)?(?:now\s+|literally\s+|officially\s+)*(?:says|reads)\s+<ROLE>",
        ),
    ),
    zh=Ways(
        states=(
            r"是(?:一名|一个|一位|个|名|位)?<ZJOB><END>",
            # the workplace said before the job: "我是一家电商公司的运营专员"
            r"是(?:一家|一个)?[^，,。]{0,10}?(?:公司|单位|医院|银行|学校|工厂|店)的<ZJOB><END>", r"(?:当(?!上)|担任|做)了?(?:一名|一个|个)?<ZJOB><END>",
            r"在\S+?(?:做|当|担任)<ZJOB><END>",
        ),
        changes=(
            r"升(?:职)?(?:为|成|到|做|当)?了?<ZJOB>", r"升职(?:了)?(?:，|,)?(?:现在)?(?:是|做|当)<ZJOB>", r"(?:被)?(?:提拔|晋升)(?:为|成)?了?<ZJOB>",
            # "我三月份被提成产品总监", "大伙儿选我当了会长"
            r"被(?:提|调|任命|聘)(?:为|成|到|做|当)了?<ZJOB>", r"(?:选|推|任命|聘)我(?:当|做|为)了?<ZJOB>",
            r"转岗(?:做|到|成|为)了?<ZJOB>", r"(?:当上|评上|评为|评了)(?:了)?<ZJOB>", r"(?:入职|跳槽去|跳槽到)\S+?(?:做|当)<ZJOB>",
            # "自从当了教务处副主任", "调到区教育发展研究院当初中数学教研员"
            r"自从(?:当上?|做)了?<ZJOB>", r"(?:正式|终于|总算)?聘上(?:了)?<ZJOB>", r"调(?:到|去)[^，,。]{2,14}?(?:当|做|担任)(?:了)?<ZJOB>",
        ),
        sentences=(
            r"我的?(?:新)?(?:职位|职业|岗位|工作|title|头衔)(?:是|变成了?|改成了?)<ZV><END>",
            # one's own boss now: "元旦过后我出来单干了！！…自己当老板" (not a friend's: "他出来单干了")
            Say(r"(?:^|我)(?:也|终于|正式)?(?:出来)?单干了|(?:^|我)(?:现在)?自己当(?:上了|了)?老板",
                content="用户自己当老板（单干）"),
            # a rank named first, then that it was given, wherever in the clause: "会上宣布主治聘上了"
            r"(?P<v>主治(?:医师|医生)?|(?:副)?主任医师|(?:副)?教授|讲师|(?:高级)?工程师|高工|副高|正高)(?:也|终于|总算)?"
            r"(?:聘上|评上|升上|批下来)了",
        ),
    ),
    holds=("User's job title is {v}.", "用户的职位是{v}"),
    ends=("User no longer has a job title.", "用户不再担任原职位"),
    keywords=("job title role position", "职位 职业 岗位 工作"),
    confidence=0.85,
)

NAME = TopicBook(
    "name",
    Kind.FACT,
    en=Ways(
        states=(r"am\s+called\s+<NAME>", r"go\s+by\s+<NAME>", r"prefer\s+(?:to\s+be\s+called\s+)?<NAME>(?=\s+(?:now|please|from)\b|\s*$)"),
        changes=(r"(?:changed|legally\s+changed)\s+my\s+(?:first\s+|last\s+)?name\s+to\s+<NAME>",),
        sentences=(
            r"\bmy\s+(?:first\s+|full\s+|new\s+|preferred\s+)?name\s+is\s+(?:now\s+)?<V>", r"\b(?:call|address)\s+me\s+(?!at\b)<NAME>",
            r"(?<!her\s)(?<!his\s)(?<!its\s)(?<!their\s)(?<!\w's\s)\bname's\s+<NAME>", r"\bit's\s+<NAME>\s+now\b(?=.*\bname\b)|\bname\b.*\bit's\s+<NAME:w>\s+now\b",
            # a form the user fills in with their own details: "Name: Adaeze Whitfield, affiliation Northgate"
            r"(?:^|[?.!]\s+)(?:full\s+)?name\s*:\s*<NAME>(?=\s*[,;]|\s*$)",
            # the name as printed on the user's papers: "my social security card already says Aisha Okafor"
            r"\bmy\s+(?:new\s+)?(?:social\s+security\s+card|passport|(?:driver'?s\s+)?licen[cs]e|ID(?:\s+card)?|bank\s+card|"
            r"credit\s+card)\s+(?:already\s+|now\s+|finally\s+|officially\s+)*(?:says|reads|shows)\s+<NAME>",
            # the name the assistant is asked to use: "Would you mind using Mimi with me as well?"
            r"\b(?:use|using|go\s+with|stick\s+with|switch\s+to)\s+<NAME>\s+(?:with|for)\s+me\b",
            # ... said short, in a message about what the user is called: "just go with DJ, Dee feels weird now"
            Say(r"^\s*(?:ok\s+|so\s+)?(?:just\s+)?(?:go\s+with|stick\s+with|use)\s+<NAME>(?=\s*[,.!]?\s*$)",
                unless_message=r"^(?![\s\S]*\b(?:call|calls|calling|called|name|nickname|go\s+by)\b)"),
            # the name with its title, now: "it's Mrs. Alvarez now 💍 the kids are getting used to it"
            r"\b(?:it's|its|it\s+is|I'm|im|I\s+am)\s+(?:now\s+)?(?:officially\s+)?(?P<v>(?-i:Mrs|Ms|Mr|Miss|Dr|Mx)\.?\s+(?-i:[A-Z])[\w'-]+)\s+now\b",
            # the name people know the user by: "everyone here knows me as Trix now"
            r"\b(?:knows?|known)\s+me\s+as\s+<NAME>",
            # ... or the ones the user serves get: "from today callers get Seun", "the kids call me Miss T now"
            r"\b(?:callers|customers|clients|guests|patients|students|the\s+kids|my\s+(?:clients|students|customers))\s+"
            r"(?:now\s+|will\s+)?(?:get|call\s+me|know\s+me\s+as)\s+<NAME>",
            # ... and a switch asked for in a message about what the user is called: "switch me over to Peg pls"
            Say(r"\bswitch\s+me\s+(?:over\s+)?to\s+<NAME>",
                unless_message=r"^(?![\s\S]*\b(?:call|calls|calling|called|name|nickname|go\s+by)\b)"),
            # a name gone back to, in a message about papers: "I'm going back to Marsh — divorce final, new license"
            Say(r"\b(?:am\s+going|went|going|I'm\s+going|I\s+went)\s+back\s+to\s+(?:my\s+maiden\s+name,?\s+)?<NAME>(?=\s*(?:[,.;!\u2013\u2014-]|$))",
                unless_message=r"^(?![\s\S]*\b(?:maiden|divorce|divorced|surname|last\s+name|name\s+change)\b)"),
        ),
    ),
    zh=Ways(
        # a name is no pronoun and no aspect particle: "叫着叫着我自己也习惯了" names nobody
        # ... and a name given to a pet or a child just taken in is theirs: "捡了只小土狗，决定养了，叫豆包"
        states=(
            Say(
                r"叫(?!了|过|着|外卖|车)(?P<v>(?:(?!我|你|他|她|自己)[\u4e00-\u9fffA-Za-z·\s]){1,12}?)<END>",
                # ... and so is one given to the firm the clause before names: "在一家做SaaS的创业公司，叫云杉网络"
                unless_message=r"[猫狗鸟鱼兔崽娃]|宝宝|养了|领养|收养|捡了|宠物|取名|起名|它"
                r"|(?:公司|单位|一家[^，,。！？!?]{0,15})[，,]\s*(?:名字)?叫",
                # ... and so is one an organisation is called by: "入职的一家私募，叫青岚资本"
                unless=r"叫[^，,。]{0,10}(?:资本|基金|公司|集团|科技|工作室|银行|医院|学校|大学|学院|餐厅|小区|店)",
            ),
        ),
        changes=(r"改名(?:叫|为|成)了?(?P<v>[\u4e00-\u9fffA-Za-z·\s]{1,12}?)<END>",),
        sentences=(
            r"我的?(?:新)?名字(?:是|叫|改成了?)<ZV><END>",
            # the new name as the new papers say it: "新身份证上写的是林语桐"
            r"(?:新|现在)(?:的)?(?:身份证|户口本|护照|证件)上(?:写的|印的)?(?:名字)?(?:已经)?(?:是|叫)(?P<v>[\u4e00-\u9fff·]{2,5}?)<END>",
            r"叫我(?P<v>[\u4e00-\u9fffA-Za-z·\s]{1,12}?)(?:就行|就好|就可以|吧)?<END>",
        ),
    ),
    holds=("User's name is {v}.", "用户的名字是{v}"),
    ends=("User's name is no longer {v}.", "用户不再叫{v}"),
    keywords=("name called identity", "名字 姓名 称呼"),
    gate="contact",
    requested=True,
)

PHONE = TopicBook(
    "phone",
    Kind.FACT,
    en=Ways(
        sentences=(
            r"\bmy\s+(?:new\s+)?(?:phone|mobile|cell)(?:\s+number)?\s+is(?:\s+now)?:?\s*<PHONE>",
            r"\bmy\s+(?:new\s+)?number\s+is(?:\s+now)?:?\s*<PHONE>", r"\b(?:call|text|reach)\s+me\s+(?:at|on)\s+<PHONE>",
            r"\bnew\s+(?:phone\s+|cell\s+|mobile\s+)?(?:number|#|num|no\.)(?::|\s)?\s*(?:is\s+)?<PHONE>",
            # ... or the new one, the number said a turn before: "number's diffrent now" … "new one is 773-555-0162"
            r"\b(?:the\s+)?new\s+one(?:'s|\u2019s|\s+is)\s+(?:now\s+)?<PHONE>",
            r"\b(?:changed|switched)\s+(?:my\s+)?(?:phone\s+)?number\s+to\s+<PHONE>",
            # a number said with a word that makes it a phone number: "texts go to my cell? 520-555-0187"
            r"\b(?:number|cell|phone|mobile|text\s+me|call\s+me)\b[^.\d]{0,24}?<PHONE>",
            # ... or after "my number" further off: "if anything needs my number it's my old china one again, 138…"
            r"\bmy\s+number\b[^.\d]{0,45}?<PHONE>",
            # an instruction with the number: "use 724-555-0198 from now on"
            r"\b(?:use|save|try)\s+<PHONE>",
        ),
    ),
    zh=Ways(
        sentences=(
            r"(?:手机|电话|手机号|电话号码|手机号码|联系方式|号码)(?:是|：|:|为)\s*<PHONE>",
            r"(?:手机|电话)?(?:号|号码)?(?:换成|改成|变成|改为)了?\s*<PHONE>", r"打我?(?:电话|手机)?\s*<PHONE>",
            r"(?:号|号码|手机|电话)[^，,。\d]{0,6}[：:]?\s*<PHONE>",
        ),
    ),
    holds=("User's phone number is {v}.", "用户的电话是{v}"),
    ends=("User's phone number is no longer {v}.", "用户的电话不再是{v}"),
    keywords=("phone contact number", "电话 手机 联系方式"),
    gate="contact",
)

EMAIL = TopicBook(
    "email",
    Kind.FACT,
    en=Ways(
        sentences=(
            r"\b(?:my\s+)?(?:new\s+)?e-?mail(?:\s+address)?(?:\s+is|'s|\u2019s)(?:\s+now)?:?\s*<EMAIL>",
            r"\b(?:e-?mail|reach|contact|write\s+to)\s+me\s+at\s+<EMAIL>", r"\b(?:changed|switched)\s+(?:my\s+)?e-?mail\s+to\s+<EMAIL>",
            r"\bnew\s+(?:e-?mail|address):?\s*(?:is\s+)?<EMAIL>",
            # the address to use for the user: "please use sven@example.net when you draft anything"
            r"\buse\s+<EMAIL>\s+(?:for|when|whenever|as)\b",
            # ... or from now on: "anything going forward, use sophieb.writes@example.com"
            r"\buse\s+<EMAIL>\s*(?:from\s+now\s+on|going\s+forward|instead|now)?\s*[.!]*$",
            # ... or named by what it is for: "my school email sophie.bennett@example.org"
            r"\bmy\s+(?:new\s+)?(?:school|work|personal|uni|university|college|student|shop|business|main)\s+e-?mail(?:\s+address)?"
            r"\s*(?:is\s+|:\s*|,\s*)?<EMAIL>",
            # the user's accounts moved over to it: "I'm switching every journal and conference profile to …"
            # a fresh account set up: "My son set me up a fresh account, bill.okafor@example.com"
            r"\b(?:a\s+)?(?:fresh|new|brand\s+new)\s+(?:e-?mail\s+)?(?:account|address|inbox)\s*[,:\u2013\u2014-]?\s*(?:it's\s+|is\s+)?<EMAIL>",
            r"\b(?:I'm|I\s+am|im|I've|I\s+have|I)\s+(?:now\s+|just\s+)?(?:switching|switched|moving|moved|changing|changed|"
            r"updating|updated|pointing)\s+(?:all\s+|every\s+|each\s+|my\s+)(?:[\w-]+\s+){0,5}?(?:to|over\s+to)\s+<EMAIL>",
        ),
    ),
    zh=Ways(
        sentences=(
            r"(?:邮箱|邮件地址|电子邮件|(?i:e-?mail))(?:地址)?(?:是|：|:|为)\s*<EMAIL>",
            r"(?:邮箱|邮件地址)(?:地址)?(?:换成|改成|变成|改为)了?\s*<EMAIL>", r"(?:发到|发邮件到|寄到)\s*<EMAIL>",
        ),
    ),
    holds=("User's email is {v}.", "用户的邮箱是{v}"),
    ends=("User's email is no longer {v}.", "用户的邮箱不再是{v}"),
    keywords=("email contact address", "邮箱 联系方式 email"),
    gate="contact",
)

_COUPLE_EN = r"(?P<v>married|single|engaged|divorced|widowed|separated)\b"
RELATIONSHIP = TopicBook(
    "relationship_status",
    Kind.FACT,
    en=Ways(
        states=(r"am\s+(?:happily\s+|newly\s+|officially\s+)?" + _COUPLE_EN, Say(r"am\s+(?:in\s+a\s+relationship|seeing\s+someone|dating\s+someone)\b", "in a relationship")),
        changes=(
            r"got\s+(?P<v>married|engaged|divorced)\b", Say(r"tied\s+the\s+knot\b", "married"),
            Say(r"(?:broke\s+up|split\s+up|called\s+it\s+off)\b", "single"), Say(r"(?:got|are)\s+back\s+together\b", "in a relationship"),
        ),
        sentences=(
            Say(r"\b(?:she|he)\s+said\s+yes\b", "engaged"),
            # ... or the partner named, at a shoot or a ring's moment: "my engagement shoot 😂 Jess said yes last weekend"
            Say(r"\b(?-i:[A-Z])[a-z]+\s+said\s+yes\b", "engaged",
                unless_message=r"^(?![\s\S]*(?:\bring\b|\bpropos\w*|\bknee\b|\bengage\w*|\bpopped\s+the\s+question\b))"),
            # the user's own yes, to a proposal the message tells of (not to a job offer: "BIG NEWS. I said yes!!!")
            Say(r"\bI\s+said\s+yes\b", "engaged",
                # (a date asked for is no proposal: "he asked if it could be a real date. I said yes.")
                unless_message=r"^(?![\s\S]*(?:\bring\b|\bpropos\w*|\bknee\b|\b(?:he|she)\s+asked\b(?!\s+(?:if|whether)\b|\s+me\s+out\b)"
                r"|\bpopped\s+the\s+question\b))"), Say(r"\bwe(?:'re|\s+are)\s+engaged\b", "engaged"),
            Say(r"\bwe(?:'re|\s+are)\s+(?:now\s+)?married\b", "married"),
            # the wedding's aftermath is the couple's: "back from our honeymoon", "thank-you cards for the wedding gifts"
            Say(r"\b(?:back\s+from|on|after)\s+(?:our|my)\s+honeymoon\b", "married"),
            Say(r"\bthank[- ]?you\s+(?:cards|notes)\b(?:\s+\w+){0,3}?\s+for\s+(?:all\s+)?(?:the\s+|our\s+|my\s+)?wedding\b", "married"),
            # a spouse spoken of: "my husband wants to go camping" (not "my ex-wife", "my late husband", "my wife-to-be")
            Say(r"\bmy\s+(?:husband|wife|hubby)\b(?![\s-]+to[\s-]+be)", "married",
                unless=r"\b(?:divorc\w*|separat\w*|split|broke\s+up|leaving\s+me|left\s+me)\b"),
            # ... and a fiancée spoken of: "me and my fiancee jess are house hunting" (not "my ex-fiancé")
            Say(r"\bmy\s+fianc[ée]e?\b", "engaged", unless=r"\b(?:broke\s+up|split|called\s+off|left\s+me|ex)\b"),
            # a couple counted in months: "we've been together like 3 months" (years together may be a marriage)
            # ... or a partner named: "been seeing Ines for about 8 months now" (the subject left out at the start)
            Say(r"(?:\b(?:we(?:'ve|\s+have)?|I(?:'ve|\s+have)?|ive)\s+|^\s*)been\s+(?:together|dating|seeing\s+each\s+other|"
                r"(?:seeing|dating)\s+(?:this\s+(?:guy|girl|man|woman|dude)\s+)?(?-i:[A-Z])[a-z]+|going\s+out)\s+(?:for\s+)?"
                r"(?:like\s+|about\s+|almost\s+|nearly\s+|over\s+|just\s+)?(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|"
                r"eleven|a\s+few|a\s+couple(?:\s+of)?)\s+(?:weeks?|months?)\b", "in a relationship"),
            # courting said the old way needs no months: "I've been stepping out with Leonard"
            Say(r"\b(?:been\s+|am\s+|'m\s+)?(?:stepping\s+out|going\s+steady|keeping\s+company)\s+with\s+(?-i:[A-Z])[a-z]+",
                "in a relationship"),
        ),
    ),
    zh=Ways(
        states=(Say(r"(?:是)?单身(?:狗)?<END>", "单身"),
                # single for a while: "单身快两年了", "单身第三年了"
                Say(r"单身(?:狗)?(?:快|已经|都|有)?(?:[一两二三四五六七八九十几半\d]+|第[一二三四五六七八九十\d]+)(?:个)?多?(?:年|月)了?", "单身"), Say(r"(?:已婚|结婚了)<END>", "已婚"), Say(r"有(?:对象|男朋友|女朋友)了<END>", "恋爱中")),
        changes=(
            Say(r"(?:结婚|领证|登记结婚)(?:了)?<END>", "已婚"), Say(r"订婚(?:了)?<END>", "已订婚"),
            # a couple come together: "跟隔壁线的质检小姑娘好上了"
            Say(r"(?:^|我)(?:跟|和)[^，,。！？]{1,16}好上了", "恋爱中"),
            Say(r"(?:离婚|离了)(?:了)?<END>", "已离婚"), Say(r"(?:分手|分了)(?:了)?<END>", "单身"), Say(r"脱单(?:了)?<END>", "恋爱中"),
            Say(r"(?:正式)?确定(?:了)?(?:恋爱)?关系(?:了)?<END>", "恋爱中"),
        ),
        sentences=(
            Say(r"(?:我们|我俩|咱俩)(?:已经)?(?:领证|结婚)了", "已婚"), Say(r"把(?:结婚)?证(?:给)?领了", "已婚"),
            # the certificate got, said with 完: "关键是上个月刚领完证" (not a parcel: "领完快递")
            Say(r"领完(?:了)?(?:结婚)?证|(?:结婚)?证领完了", "已婚"),
            Say(r"(?:度完|度了|刚度完)?蜜月(?:旅行)?(?:回来|归来|结束)了?", "已婚"),
            Say(r"婚假(?:休完|结束|休好)了?", "已婚"),
            # the certificate in hand: "红本本到手了", "结婚证领了"
            Say(r"(?:红本本|结婚证)(?:终于)?(?:到手|拿到|领到|领了|领好)|领了(?:红本本|结婚证)", "已婚"),
            # a couple made official, said with whom: "上周跟那个一起爬山认识的男生确定关系了"
            Say(r"(?:跟|和)[^，,。]{1,20}确定(?:了)?(?:恋爱)?关系", "恋爱中"),
            # a spouse spoken of: "我老公说周末想去露营" (not 我前夫, 我闺蜜的老公)
            Say(r"我(?:的)?(?:老公|老婆|丈夫|妻子|太太|爱人)(?!们)", "已婚", unless=r"离婚|分居|闹离"),
            # the wedding banquet held, the in-laws' red envelopes received: "国庆把酒席办完了", "改口费收了两个大红包"
            Say(r"把(?:婚礼|酒席|婚宴|喜酒)(?:给)?办(?:完|好)了|(?:收|拿)(?:了|到)?[^，,。]{0,4}?改口费|改口费(?:收|拿)(?:了|到)", "已婚"),
            # single by choice: "一个人挺好的，暂时真不想谈恋爱"
            Say(r"(?:暂时|现在|目前)(?:真|还)?不想谈恋爱", "单身"),
            # ... or plainly, with whom: "我和语言班一个韩国同学在一起了" (not a friend's: "她跟学长在一起了")
            Say(r"^[^，,。！？]{0,6}我(?:和|跟)[^，,。！？]{1,16}在一起了", "恋爱中"),
            # ... or a partner found: "跟你说个事儿，我谈了个对象😁" (not a son's: "我儿子谈了个对象")
            Say(r"我(?:也|终于)?谈(?:了)?(?:个|一个)?(?:对象|女朋友|男朋友)", "恋爱中"),
            Say(r"(?:我们|我俩|咱俩)?在一起(?:快|已经|都|有|才)?(?:[一两二三四五六七八九十几半\d]+)(?:个)?多?(?:月|星期|周|礼拜)了", "恋爱中"),
        ),
    ),
    holds=("User is {v}.", "用户{v}"),
    ends=("User is no longer {v}.", "用户不再{v}"),
    keywords=("relationship status marriage", "婚姻 感情 状态"),
)

# a diet kept, ended by name: "done with the vegan thing", "quit being vegetarian"
_DIETS_KEPT = r"(?:vegetarian|vegan|pescatarian|keto|plant-based|veggie)(?:\s+(?:thing|diet|life|phase|experiment|lifestyle))?\b"
_DIET_EN = r"(?P<v>vegetarian|vegan|pescatarian|pescetarian|plant-based|keto|gluten-free|dairy-free|halal|kosher|carnivore)"
DIET = TopicBook(
    "diet",
    Kind.PREFERENCE,
    en=Ways(
        states=(
            r"am\s+(?:a\s+|fully\s+|strictly\s+|mostly\s+)?(?:total\s+|full\s+|complete\s+)?" + _DIET_EN + r"\b", Say(r"(?:don't|dont|do\s+not)\s+eat\s+<V>", content="User doesn't eat {v}."),
            Say(r"am\s+allergic\s+to\s+<V>", content="User is allergic to {v}."),
            r"have\s+been\s+(?:a\s+)?(?:fully\s+|strictly\s+|mostly\s+)?" + _DIET_EN + r"\s+(?:for|since)\b",
        ),
        changes=(
            r"(?:went|gone|have\s+gone|turned|became)\s+(?:fully\s+)?" + _DIET_EN + r"\b",
            Say(r"(?:stopped|quit|gave\s+up)\s+eating\s+<V>", content="User doesn't eat {v}."),
            Say(r"(?:started|am)\s+eating\s+<V>\s+again\b", content="User eats {v} again."),
            Say(r"(?:eat|eating)\s+<V>\s+again\b", content="User eats {v} again."),
            Say(r"(?:am\s+)?(?:no\s+longer|not)\s+(?:vegetarian|vegan|pescatarian)\b", content="User is no longer on a restricted diet."),
            # "im done with the vegan thing", "quit being vegetarian"
            Say(r"am\s+(?:done|over|finished)\s+with\s+(?:the\s+|being\s+|my\s+)?" + _DIETS_KEPT, content="User is no longer on a restricted diet."),
            Say(r"(?:quit|stopped)\s+(?:the\s+|being\s+|my\s+)" + _DIETS_KEPT, content="User is no longer on a restricted diet."),
            # "I'm not doing the vegan thing anymore"
            Say(r"(?:am\s+)?not\s+(?:doing|on|following)\s+(?:the\s+|my\s+)?" + _DIETS_KEPT + r"\s*(?:anymore|any\s+more)\b",
                content="User is no longer on a restricted diet."),
            # "I've kinda been eating meat since"
            Say(r"have\s+(?:kinda\s+|kind\s+of\s+|sort\s+of\s+)?been\s+eating\s+(?P<v>meat|fish|chicken|dairy|eggs)\s+"
                r"(?:since|ever\s+since|again)\b", content="User eats {v} again."),
        ),
        # "soooo that's the end of keto lol", "no more vegan thing for me"
        ending_sentences=(
            Say(r"\b(?:that's|thats|that\s+is)\s+(?:the\s+)?end\s+of\s+(?:my\s+|the\s+)?" + _DIETS_KEPT, content="User is no longer on a restricted diet."),
            Say(r"\bno\s+more\s+(?:the\s+)?" + _DIETS_KEPT + r"\s+for\s+me\b", content="User is no longer on a restricted diet."),
            # "fyi the veggie thing is done"
            Say(r"\bthe\s+" + _DIETS_KEPT + r"\s+(?:is|'s)\s+(?:done|over|finished)\b", content="User is no longer on a restricted diet."),
        ),
    ),
    zh=Ways(
        states=(
            Say(r"(?:是)?(?:吃素|素食者?|纯素)(?:的)?<END>", content="用户吃素"),
            # "我吃蛋奶素好几年了" (as 吃素 said long: 吃素三年了)
            Say(r"吃(?P<v>蛋奶素|奶蛋素|全素|纯素|鱼素)", content="用户吃{v}"),
            Say(r"不吃(?P<v>[^，,。！？]{1,8}?)<END>", content="用户不吃{v}"),
            Say(r"对<ZV>过敏<END>", content="用户对{v}过敏"),
        ),
        changes=(
            Say(r"(?:开始|改|决定|已经)?吃素(?:了)?<END>", content="用户吃素"), Say(r"戒了?(?P<v>肉|荤|辣|糖|奶|海鲜)<END>", content="用户不吃{v}"),
            Say(r"(?:又|重新)?(?:开始)?吃(?P<v>肉|荤|辣|海鲜)了<END>", content="用户恢复吃{v}"),
            Say(r"不(?:再)?吃素了<END>", content="用户不再吃素"),
            # the word for it put first: "素我已经不吃了"
            Say(r"^\s*(?:吃)?素(?:我|俺)?(?:已经|早就|也)?不吃了<END>", content="用户不再吃素"),
        ),
    ),
    holds=("User is {v}.", "用户{v}"),
    ends=("User is no longer {v}.", "用户不再{v}"),
    keywords=("diet food eat vegetarian", "饮食 吃 忌口"),
    confidence=0.85,
)

# a school's programme, named after it with "'s": "DePaul's part-time MBA"
_ITS_PROGRAMME = (
    r"(?P<v>(?-i:[A-Z])[\w.&+-]*(?:\s+(?-i:[A-Z])[\w.&+-]*){0,2})['’]s\s+(?:[\w-]+\s+){0,2}"
    r"(?:MBA|program(?:me)?|PhD|master'?s|MSc|degree|cohort)\b"
)
SCHOOL = TopicBook(
    "school",
    Kind.FACT,
    en=Ways(
        states=(
            r"(?:study|studying)\s+at\s+<ORG>", r"am\s+(?:studying|enrolled)\s+(?:at|in)\s+<ORG>",
            r"am\s+(?:a|an)\s+(?:\w+\s+)?(?:student|freshman|sophomore|junior|senior|undergrad|grad\s+student|PhD\s+student|master'?s\s+student)\s+at\s+<ORG>",
            r"go\s+to\s+<ORG>(?=.*\b(?:school|university|college|class|semester)\b)",
            # a programme named by its school: "I'm in Loyola's part-time MBA"
            r"am\s+in\s+" + _ITS_PROGRAMME,
        ),
        changes=(
            r"started\s+(?:grad\s+school|my\s+(?:masters?|master's|PhD|degree)|uni|college|university|school)\s+at\s+<ORG>",
            r"enrolled\s+(?:at|in)\s+<ORG>",
            r"transferred\s+to\s+<ORG>(?=.*\b(?:school|university|college|semester|credits?)\b)",
            r"transferred\s+(?:in)?to\s+" + _ITS_PROGRAMME,
        ),
        ends=(Say(r"graduated\s+from\s+<ORG>", content="User graduated from {v}."), Say(r"(?:dropped\s+out\s+of|left)\s+<ORG>(?=.*\b(?:school|university|college|program)\b)", content="User no longer studies at {v}.")),
    ),
    zh=Ways(
        states=(r"在<ZV>(?:读书|上学|读研|读博|念书|读大学|读本科|读硕士|读博士|读研究生|上大学)<END>", r"是<ZV>的(?:学生|研究生|博士生|本科生)<END>"),
        changes=(r"(?:考上|考进|考到)了?<ZP>", r"转学(?:到|去)了?<ZP>", r"(?:去|到)<ZV>(?:读研|读博|上学|读书)了<END>",
                 # the first days at a school named: "专升本上岸了！！！这周暨大开学典礼🎉" (not a child's: 儿子学校开学)
                 r"(?:这周|今天|昨天|上周|本周|刚)?(?P<v>[\u4e00-\u9fffA-Za-z]{1,10}?(?:大学|学院|学校|大|中学|高中))"
                 r"(?:的)?(?:开学典礼|新生报到|新生入学)"),
        ends=(Say(r"从<ZV>毕业(?:了)?<END>", content="用户已从{v}毕业"), Say(r"(?:已经)?毕业(?:了)?<END>", content="用户已毕业"), Say(r"(?:退学|休学)(?:了)?<END>", content="用户已离开学校")),
    ),
    holds=("User studies at {v}.", "用户在{v}读书"),
    ends=("User no longer studies at {v}.", "用户不再在{v}读书"),
    keywords=("school university study student", "学校 大学 读书 学生"),
)

_CAR_EN = (
    r"(?P<v>(?:(?:19|20)\d\d\s+)?(?-i:(?:Toyota|Honda|Tesla|Subaru|Ford|BMW|Audi|Mercedes(?:-Benz)?|Volkswagen|VW|Kia|Hyundai|"
    r"Nissan|Mazda[236]|Mazda|Volvo|Jeep|Chevy|Chevrolet|Lexus|Porsche|Mini|Fiat|Rivian|Polestar|BYD|Prius|Civic|Corolla|Camry|"
    # ... and the models people name alone: "my Tacoma", "a little red Mazda3 hatchback", "the Odyssey"
    r"Tacoma|Tundra|Silverado|F-?150|RAV4|CR-?V|Outback|Forester|Crosstrek|Accord|Odyssey|Sienna|Highlander|Wrangler|"
    r"Mustang|CX-?[3579]0?|"
    r"Model\s+[3YSX]))(?:\s+(?-i:[A-Z0-9])[\w-]*){0,2}(?:\s+(?:hatchback|sedan|wagon|pickup|truck|minivan|hybrid))?)"
)
_CAR_ZH = (
    r"(?P<v>(?:特斯拉|比亚迪|蔚来|小鹏|理想|丰田|本田|大众|宝马|奔驰|奥迪|日产|马自达|沃尔沃|吉利|长城|五菱|问界|小米|极氪|领克|哪吒|零跑|"
    + CAR_MODELS_ZH
    + r")[\w\u4e00-\u9fff]{0,6}?)"
)
# a car as its owner names it in passing: "the civic", "my outback"
_CAR_NAMED_EN = (
    r"(?:car|civic|corolla|camry|prius|jeep|truck|van|subaru|outback|forester|tesla|honda|toyota|accord|rav4|cr-?v|"
    r"mazda|golf|jetta|wrangler|mini)"
)
VEHICLE = TopicBook(
    "vehicle",
    Kind.FACT,
    en=Ways(
        states=(r"(?:drive|own|have)\s+(?:a|an)\s+(?:new\s+|used\s+)?" + _CAR_EN, r"am\s+driving\s+(?:a|an)\s+(?:new\s+|used\s+)?" + _CAR_EN),
        changes=(
            r"(?:bought|got|leased|picked\s+up)\s+(?:a|an|my)\s+(?:new\s+|used\s+|second-hand\s+)?" + _CAR_EN,
            r"traded\s+(?:in\s+)?.+?\s+for\s+(?:a|an)\s+(?:new\s+|used\s+)?" + _CAR_EN,
            # driven home from the lot: "drove off in a little red Mazda3 hatchback"
            r"drove\s+(?:off|away|home)\s+in\s+(?:a|an|my)\s+(?:(?:new|used|little|big|shiny|red|blue|black|white|silver|grey|gray|"
            r"green)\s+){0,3}" + _CAR_EN,
        ),
        # the user's car named in passing: "my Tacoma is permanently caked in salt spray"
        sentences=(r"\bmy\s+(?:old\s+|new\s+|trusty\s+)?" + _CAR_EN + r"(?=\s+(?:is|has|needs|keeps|was|just|won't|broke|got)\b|'s\b)",),
        ends=(Say(r"sold\s+(?:my|the|our)\s+(?:car|" + _CAR_EN + r")", content="User no longer has a car."), Say(r"(?:don't|dont|do\s+not)\s+(?:have|own)\s+a\s+car\s+anymore\b", content="User no longer has a car."),
              # "anyway no car now", "I'm officially car-free"
              Say(r"(?:have\s+)?no\s+car\s+(?:for\s+me\s+)?(?:now|anymore|any\s+more|these\s+days|for\s+now|til|till|until)\b", content="User no longer has a car."),
              Say(r"am\s+(?:officially\s+)?car-?free\b", content="User no longer has a car."),
              # "I'm done with cars, period", "handed the Buick keys to my grandson"
              Say(r"am\s+done\s+(?:with\s+(?:cars|driving)|driving)\b", content="User no longer has a car."),
              Say(r"(?:gave|handed)\s+(?:the|my)\s+(?:" + _CAR_NAMED_EN + r"|(?-i:[A-Z])\w+)\s+keys\s+(?:over\s+)?to\s+(?:my|our|a|the)\b",
                  content="User no longer has a car."),
              # the car called "her" in a message that names it: "the jeep thumbnail era is officially over, sold her"
              Say(r"sold\s+(?:her|him)\b", content="User no longer has a car.",
                  unless_message=r"^(?![\s\S]*\b" + _CAR_NAMED_EN + r"s?\b)")),
        # the car named gone, its subject its own: "context: the civic is gone, sold it to a coworker"
        ending_sentences=(
            # none at all now: "honestly just biking everywhere, no vehicle at all"
            Say(r"\bno\s+(?:car|vehicle|truck|van|wheels)\s+(?:at\s+all|anymore|any\s+more|for\s+now|these\s+days)\b",
                content="User no longer has a car."),
            # "the subaru is officially someone elses problem"
            Say(r"\b(?:the|my|our)\s+(?:old\s+)?" + _CAR_NAMED_EN + r"(?:\s+is|'s|\u2019s)\s+(?:officially\s+|finally\s+|now\s+)?"
                r"(?:gone|sold|someone\s+else'?s(?:\s+problem)?)\b", content="User no longer has a car."),
            # ... or by a model name no list holds, with "the": "Right so the Octavia's gone" (not "my Nan's gone")
            Say(r"\bthe\s+(?:old\s+)?(?-i:[A-Z][a-z]+)(?:\s+is|'s|\u2019s)\s+(?:officially\s+|finally\s+|now\s+)?gone\b",
                content="User no longer has a car."),
            # ... or gone to someone: "So the Camry went to my neighbor's boy", "the Octavia went to a guy from Poznań"
            Say(r"\b(?:the|my|our)\s+(?:old\s+)?(?:" + _CAR_NAMED_EN + r"|(?-i:[A-Z][a-z]+(?<!s)))\s+went\s+to\s+"
                r"(?:a|an|my|our|some|this|one\s+of\s+my)\s+(?:[\w'\u2019-]+\s+){0,2}?(?:" + PEOPLE_EN + r")\b",
                content="User no longer has a car."),
            # its buyer gone with it: "craigslist guy just drove off in the civic"
            Say(r"\bdrove\s+(?:off|away)\s+(?:in|with)\s+(?:the|my|our)\s+(?:old\s+)?" + _CAR_NAMED_EN + r"\b", content="User no longer has a car."),
        ),
    ),
    zh=Ways(
        states=(r"开(?:的是|着)?(?:一辆|辆)?" + _CAR_ZH + r"<END>", r"(?:的车是|车是)" + _CAR_ZH + r"<END>"),
        # the user's car, pointed at: "我那辆2018年的卡罗拉该做保养了"
        sentences=(r"我(?![^，,。]*(?:卖|出手|转手|报废|撞))(?:家)?(?:那|这)(?:辆|台)(?:[\d一二三四五六七八九〇零]{2,4}年的?)?(?:老|旧)?" + _CAR_ZH + r"(?=[该要又还也都最早晚今昨现一老总开打冬夏春秋每真太好，,。！？\s]|$)",),
        changes=(r"(?:买了|提了|入手了?|换了)(?:一辆|辆|台)?(?:新的?|二手)?" + _CAR_ZH,),
        ends=(
            Say(r"(?:把车卖了|卖了车|车卖了|卖掉了?车)", content="用户已经没有车了"),
            # sold off, said as people say it: "车出了，闲鱼上一个大学生收的" (not 车出了问题)
            Say(r"车(?:已经|终于)?(?:出|出手|转手|卖掉)了(?=[，,。！？~～\s]|$)", content="用户已经没有车了"),
            Say(r"(?:现在|目前)?没(?:有)?车了", content="用户已经没有车了"),
        ),
    ),
    holds=("User drives a {v}.", "用户的车是{v}"),
    ends=("User no longer has a {v}.", "用户不再有{v}"),
    keywords=("car vehicle drive", "车 汽车 开车"),
)

_LANG_EN = rf"(?P<v>{LANGUAGES_EN})\b"
_LANG_ZH = rf"(?P<v>{LANGUAGES_ZH})"
# How answers' language is asked for lives in the rule tables (a preference cue, not a state); here are the
# ways of going back to another language and of dropping the request.
LANGUAGE = TopicBook(
    "language",
    Kind.PREFERENCE,
    en=Ways(
        sentences=(
            r"\b(?:go|switch|change|going)\s+back\s+to\s+" + _LANG_EN, r"\bback\s+to\s+" + _LANG_EN + r"\s+(?:please|replies|answers|for\s+now)",
            # asked in the language itself: "ok new rule: 이제부터 한국어로 대답해 주세요!"
            Say(r"한국어로\s*(?:대답|답장|답|말)", content="User wants answers in Korean."),
            Say(r"日本語で(?:答え|返事|返信|話し|お願い)", content="User wants answers in Japanese."),
        ),
        ending_sentences=(
            r"\b(?:drop|stop|skip|ditch|pause|no\s+more|enough\s+with|done\s+with)\s+(?:the\s+|with\s+the\s+)?" + _LANG_EN
            + r"(?:\s+(?:replies|answers|responses|mode|thing|practice))?",
            r"\bstop\s+(?:replying|answering|writing|responding|talking)\s+(?:to\s+me\s+)?in\s+" + _LANG_EN,
            # "the spanish immersion experiment is officially over", "the spanish-only experiment is over"
            _LANG_EN + r"(?:-\w+)?\s+(?:\w+\s+)?(?:experiment|thing|mode|practice|replies|answers)\s+(?:is|are)\s+"
            r"(?:officially\s+)?(?:over|done|finished)",
            r"\bno\s+(?:need|longer\s+need)\s+(?:for|to\s+(?:use|reply\s+in|answer\s+in))\s+" + _LANG_EN,
            r"\b(?:don't|dont|do\s+not)\s+(?:need|want)\s+(?:the\s+)?" + _LANG_EN + r"\s+(?:replies|answers|responses)\s+anymore",
            # "you don't need to do spanish for me anymore"
            r"\b(?:don't|dont|do\s+not|no)\s+(?:need|have)\s+to\s+(?:do|use|keep\s+(?:doing|using)|answer\s+in|reply\s+in|"
            r"write\s+in)\s+" + _LANG_EN + r"(?:\s+(?:for|with)\s+me)?\s+(?:anymore|any\s+more)\b",
        ),
    ),
    zh=Ways(
        sentences=(r"(?:恢复|改回|换回|切回|还是)(?:用)?" + _LANG_ZH + r"(?:回复|回答|交流|吧|就行)?",),
        ending_sentences=(
            r"不用(?:再)?(?:用)?" + _LANG_ZH + r"(?:回复|回答|回我|跟我说|聊|交流)?了",
            # a request put aside: "英文那事先放一放吧"
            _LANG_ZH + r"(?:回复|回答)?(?:那事|的事|那个事|这事)(?:就)?(?:先)?(?:放一放|放放|停一停|停停|算了)", r"(?:别|不要)(?:再)?用" + _LANG_ZH + r"(?:回复|回答|跟我说)了?",
            # ... or the language alone: "新加坡去不成了…英文就不用了"
            r"" + _LANG_ZH + r"(?:回复|回答)?(?:那个|这个|的事)?(?:就|也)?(?:可以)?(?:先)?(?:停了|不用了|取消)",
            r"不用(?:再)?(?:特意|专门|刻意|非得)(?:用)?" + _LANG_ZH,
        ),
    ),
    holds=("User wants answers in {v}.", "用户希望用{v}回答"),
    ends=("User no longer wants answers in {v}.", "用户不再需要用{v}回答"),
    keywords=("language reply answer", "语言 回答 回复"),
    gate="contact",
)

PHRASEBOOK: tuple[TopicBook, ...] = (
    NAME, RESIDENCE, EMPLOYER, JOB_TITLE, PHONE, EMAIL, RELATIONSHIP, DIET, SCHOOL, VEHICLE, LANGUAGE,
)
