"""The rule tables of `rules@1`: retractions, specific phrasings and generic cues, per topic, zh and en together.

Order is behaviour: lists are tried retractions → specific → generic, and in a topic the first rule that fires wins.
"""
from __future__ import annotations

from dataclasses import replace

from pipelines.extract.rules.frames import phrasebook_rules
from pipelines.extract.rules.grammar import (
    DECISION,
    EN_I,
    EN_IM,
    FACT,
    LANGUAGES_EN,
    LANGUAGES_ZH,
    PREF,
    SKILL,
    SPOKEN_LANGUAGES_EN,
    TASK,
    Rule,
    en,
    language_named_in_itself,
    zh,
)
from pipelines.extract.rules.text import third_person_en, third_person_zh, tool_only
from pipelines.extract.signals.lexicon import ANSWER_IN_ITS_OWN_LANGUAGE
from pipelines.extract.signals.mood import ASSERTION, PAST, PLAN

# A wish about how the assistant answers may be put as a wish ("I'd like you to reply in Japanese") or in passing,
# but not in someone else's words ("my tandem partner says I should make you answer only in German")
_WISHED = frozenset({ASSERTION, PLAN, PAST})
# a rule that names no subject states what its clause's subject does: "我男朋友最近迷上生椰拿铁了" is his
_OWN = frozenset({ASSERTION})

# A wish only weighed for later is no wish yet: "到时候可能让你全用英文回我", "maybe once the course starts I'll have
# you answer in Spanish"
_HEDGED_LATER_ZH = r"到时候|可能会?让你|也许|说不定|或许"
_HEDGED_LATER_EN = (r"\bmaybe\s+(?:once|when|after|next|in\s+a|at\s+some)\b|\bmight\s+(?:have|make|get|ask)\s+you\b"
                    r"|\bat\s+some\s+point\b")
# A time for one occasion is no standing preference: "call me after the meeting tomorrow", "明天下午三点以后找我"
_ONE_OFF_EN = r"\b(?:tomorrow|tonight|today|this\s+(?:morning|afternoon|evening|week)|later)\b"
_ONE_OFF_ZH = r"明天|今天|今晚|后天|待会|一会儿|等会"

# The single-valued topics said as states, changes and endings come from the phrasebook; what follows are the
# topics whose values are preferences and the accumulating ones.
_PHRASEBOOK_HOLDS, _PHRASEBOOK_ENDS = phrasebook_rules()
RETRACTION_RULES: tuple[Rule, ...] = tuple(replace(r, retracts=True) for r in _PHRASEBOOK_ENDS)

# --------------------------------------------------------------------------------------------------
# Vocabularies of single topics. A layout or length word counts only next to a cue that it is about
# the answers ("use tables", not "I bought tables").
# --------------------------------------------------------------------------------------------------

_FORMAT_CUE_EN = (r"^(?=.*\b(?:answers?|responses?|replies|reply|respond|output|format|formatted|use|using|prefer|"
                  r"give|show|present|write|put|please|pls|plz|instead)\b)")
_FORMAT_CUE_ZH = r"^(?=.*(?:用|以|偏好|喜欢|希望|请|输出|回答|回复|格式|展示|列出|整理成|做成))"
_LENGTH_CUE_EN = r"^(?=.*\b(?:keep|be|answers?|responses?|replies|reply|respond|output|explanations?)\b)"
_LENGTH_CUE_ZH = r"^(?=.*(?:偏好|喜欢|希望|请|以后|回答|回复|输出|说|写|一点|一些|些))"
# a ceiling in characters: "以后控制在一百字以内", "别超过200字"
_WORD_CAP_ZH = (
    r"(?:控制在|不超过|别超过|不要超过)[0-9一二三四五六七八九十百两]+个?字|[0-9一二三四五六七八九十百两]+个?字(?:以内|之内)"
)
# "短一点" is about the answer unless it describes a thing: "发表周期短一点的期刊"
_SHORTER_ZH = r"短一?[点些](?!的(?!回答|回复|答案|解释|就|吧|好))"
# A length named to drop it or to say what it got wrong is no preference for it: "forget the short answers rule",
# "the short answers kept leaving stuff out", "别再那么简短了"
_LENGTH_DROPPED_EN = (
    r"\b(?:forget|drop|scrap|ditch|ignore|never\s*mind|no\s+more|stop\s+(?:with|giving|the))\b"
    # "no need to keep it brief anymore"
    r"|\b(?:no\s+(?:longer\s+)?need|(?:don't|dont|do\s+not)\s+(?:need|have))\s+to\s+keep\b"
    r"|\bkept\s+(?:leaving|cutting|missing)|\b(?:too|so)\s+(?:short|brief)\b"
    # ... or that it does not do: "the short answers aren't helping me learn anything"
    r"|\b(?:short|brief)\s+(?:answers?|replies|responses|ones|versions?)\s+(?:aren't|arent|are\s+not|don't|dont|do\s+not|"
    r"isn't|is\s+not|won't|just\s+don't)\b"
)
# (or the wish itself dropped: "之前说的“简短”就不用了，该展开就展开")
_LENGTH_DROPPED_ZH = r"别再|不用再|不要再|不用那么|别那么|太简短|太短|就不用了|不限(?:长度|字数)"
# A question or a hypothetical is no task ("would I have to start eating meat"), nor a complaint about what keeps
# happening ("I have to keep saying no")
_NO_TASK_EN = (r"\b(?:would|do|does|did|will|should|could|if)\s+I\s+(?:need|have|must)\s+to\b|\bhypothetically\b"
               r"|\b(?:need|have)\s+to\s+keep\s+\w+ing\b")
# Detail asked for one answer is no standing preference: "那详细说说猫为什么半夜跑酷", "explain ETFs in detail"
_ONE_ANSWER_EN = (r"^(?!.*\b(?:always|from\s+now\s+on|in\s+general|going\s+forward|every\s+time|"
                  r"all\s+(?:your\s+)?answers)\b)"
                  r".*(?:\b(?:explain|tell\s+me\s+about|walk\s+me\s+through|describe|go\s+over)\b"
                  r"|\bexplanation\s+(?:of|on|for)\b)")
_ONE_ANSWER_ZH = (r"^(?!.*(?:以后|之后|今后|每次|一直|都|回答|回复))"
                  r".*(?:详细|具体)(?:地)?(?:说说|讲讲|介绍|解释|聊聊|说一下|讲一下|分析)")
_FORMATS = (  # (English pattern, Chinese pattern, English value, Chinese value, keyword)
    (r"\btables?\b|\btabular\b", r"表格", "tables", "表格", "table"),
    (r"\bbullet(?:ed)?(?:\s+points?|\s+lists?)?\b|\bbullets\b", r"要点|分点|列表|条目|项目符号", "bullet points",
     "要点列表", "bullet"),
    (r"\bnumbered\s+(?:lists?|steps?)\b", r"编号|序号", "numbered lists", "编号列表", "numbered"),
    (r"\b(?:prose|paragraphs?|plain\s+text)\b", r"段落|纯文本|大段文字", "prose", "段落", "prose"),
    (r"\bmarkdown\b", r"(?i:markdown)", "markdown", "Markdown", "markdown"),
)
# answer languages, pets, family members and how many
_PETS_EN = (
    r"dogs?|cats?|pupp(?:y|ies)|kittens?|parrots?|rabbits?|bunn(?:y|ies)|hamsters?|fish|turtles?|birds?|horses?|"
    # breeds people name their pets by: "my beagle Biscuit"
    r"beagles?|corgis?|poodles?|huskies|husky|labs?|labradors?|retrievers?|terriers?|pugs?|dachshunds?|chihuahuas?|"
    r"tabb(?:y|ies)|guinea\s+pigs?|geckos?|snakes?"
)
# Words a pet's word goes before when it names something else: "lab reports", "fish tacos", "cat memes"
_NOT_A_PET_EN = (
    r"reports?|results?|work|partners?|tests?|coats?|meetings?|sessions?|class(?:es)?|assignments?|techs?|equipment|"
    r"tanks?|tacos?|sticks?|fillets?|cages?|houses?|treats?|walkers?|trainers?|groomers?|insurance|names?|shows?|"
    r"movies?|pics?|photos?|pictures?|memes?|stickers?|mugs?|shirts?|costumes?|cafes?|caf\u00e9s?|bites?|scratch\w*"
)
_PETS_ZH = r"猫咪|猫|狗狗|狗|兔子|仓鼠|鹦鹉|金鱼|鱼|乌龟|鸟|柯基|金毛|泰迪|布偶猫|英短"
_KIN_EN = (r"(?:little\s+|older\s+|younger\s+|big\s+|twin\s+)?(?:sons?|daughters?|kids?|children|brothers?|"
           r"sisters?|siblings?)")
_KIN_ZH = r"儿子|女儿|孩子|哥哥|姐姐|弟弟|妹妹|老婆|老公|妻子|丈夫|爱人|男朋友|女朋友"
_COUNT_EN = r"(?P<count>a|an|one|two|three|four|five|\d+)"
_COUNT_ZH = r"(?P<count>[一两二三四五六七八九十几\d]+[只条个位匹头])"


# A layout named as the one not wanted: "prose paragraphs instead of bullet lists", "不要表格"
_FORMAT_REFUSED_EN = (
    r"\b(?:instead\s+of|rather\s+than|not|no|no\s+more|without|stop\s+(?:using|with)|drop\s+the|ditch\s+the|hate|sick\s+of|"
    r"tired\s+of)\s+(?:\w+\s+){{0,2}}?(?:{0})|(?:{0})\w*\s+(?:\w+\s+){{0,2}}?(?:look|looks|are|is)\s+(?:awful|terrible|ugly|bad|"
    r"weird|broken|messy|annoying)"
    # ... or blamed for how answers feel: "the bullets are making everything feel like a slide deck"
    r"|(?:{0})\w*\s+(?:are|is)\s+making\s+(?:\w+\s+){{0,2}}?(?:feel|look|seem|read)\b"
    # ... or said to feel wrong: "the bullets feel kinda choppy"
    r"|(?:{0})\w*\s+(?:feel|feels|look|looks|seem|seems|read|reads|are|is)\s+(?:\w+\s+)?(?:choppy|clunky|cluttered|"
    r"robotic|stiff|cold|weird|messy|annoying|awful|much)\b"
    # ... or said to have been fine once: "ok so the bullets were great for me but now I'm pasting your answers into
    # client letters"
    r"|(?:{0})\w*\s+(?:were|was|used\s+to\s+be)\s+(?:\w+\s+)?(?:great|fine|good|ok|okay|perfect|nice|helpful|handy)\b"
)
_FORMAT_REFUSED_ZH = (r"(?:而不是|不要|别用|不用|别再用|不再用|别|少用)[^，,。；]{{0,4}}?(?:{0})"
                      r"|(?:{0})[^，,。；]{{0,6}}(?:太乱|很乱|难看|看着累|不好看)")


def _format_rules() -> tuple[Rule, ...]:
    rules = []
    for en_re, zh_re, en_value, zh_value, keyword in _FORMATS:
        rules.append(en(_FORMAT_CUE_EN + rf".*(?:{en_re})", PREF, "output_format",
                        f"User prefers answers formatted as {en_value}.", f"format layout output {keyword}", 0.8,
                        unless=_FORMAT_REFUSED_EN.format(en_re)))
        rules.append(zh(_FORMAT_CUE_ZH + rf".*(?:{zh_re})", PREF, "output_format",
                        f"用户偏好{zh_value}形式的回答", f"格式 输出 排版 {zh_value.lower()}", 0.8,
                        unless=_FORMAT_REFUSED_ZH.format(zh_re)))
    return tuple(rules)


# --------------------------------------------------------------------------------------------------
# Specific phrasings. Several may fire on one clause, at most one per topic.
# --------------------------------------------------------------------------------------------------

RULES: tuple[Rule, ...] = (
    *_PHRASEBOOK_HOLDS,
    # answer language
    # "write to me in", not "when I write in English" (how the user writes is not how they want answers)
    en(r"\b(?:answers?|repl(?:y|ies)|respon(?:d|ses?)|write\s+(?:to\s+me|back)|communicate|use|prefer|(?:talk|speak)\s+to\s+me)\b"
       rf"(?:\s+[\w']+){{0,3}}?\s+(?:in\s+)?(?P<v>{LANGUAGES_EN})\b", PREF, "language",
       "User wants answers in {v}.", "language reply answer", moods=_WISHED,
       unless=_HEDGED_LATER_EN),
    # ... asked in the language itself: "bitte antworte ab jetzt auf Deutsch"
    en(ANSWER_IN_ITS_OWN_LANGUAGE, PREF, "language", "User wants answers in {v}.", "language reply answer",
       transform=language_named_in_itself, moods=_WISHED, unless=_HEDGED_LATER_EN),
    zh(rf"(?:用|使用|以|说|讲)(?P<v>{LANGUAGES_ZH})(?:来)?(?:回答|回复|交流|沟通|跟我说|和我说|对话|聊|输出|写|回我)",
       PREF, "language", "用户希望用{v}回答", "语言 回答 回复", moods=_WISHED,
       unless=_HEDGED_LATER_ZH),
    # the answers named first: "以后你回答用日文，后面附上中文翻译"
    zh(rf"(?:回答|回复|回我)(?:都|就|一律|统一)?(?:用|使用|改用)(?P<v>{LANGUAGES_ZH})", PREF, "language",
       "用户希望用{v}回答", "语言 回答 回复", moods=_WISHED,
       unless=_HEDGED_LATER_ZH),
    # said from now on, or with the English verb typed in: "以后 reply 中文就好", "以后中文就行"
    zh(rf"(?:以后|之后|今后|从现在起|从今天起|(?i:reply|answer|respond))[^，,。！？]{{0,8}}?(?P<v>{LANGUAGES_ZH})"
       r"(?:就好|就行|就可以|吧|回复|回答)", PREF, "language", "用户希望用{v}回答", "语言 回答 回复", moods=_WISHED,
       unless=_HEDGED_LATER_ZH),
    zh(rf"我(?:更|比较)?(?:偏好|习惯|希望用)(?P<v>{LANGUAGES_ZH})<END>", PREF, "language", "用户希望用{v}回答",
       "语言 回答 回复"),
    # the whole reply in one language, "is enough": "你直接全英文回就行", "英文回复就好"
    zh(rf"(?:(?:全|纯|都)(?:用)?(?P<v>{LANGUAGES_ZH})(?:来)?(?:回复?|回答|写|输出)?|(?P<w>{LANGUAGES_ZH})(?:来)?(?:回复?|回答))"
       r"(?:我)?(?:就行|就好|就可以|即可)", PREF, "language", ("用户希望用{v}回答", "用户希望用{w}回答"),
       "语言 回答 回复", moods=_WISHED, unless=_HEDGED_LATER_ZH),
    # when to be contacted: "以后下午三点到六点之间找我吧", "晚上九点以后比较方便", "text me after 6pm from now on"
    zh(r"(?P<v>(?:工作日|周末|每天)?(?:早上|上午|中午|下午|傍晚|晚上|夜里)[^，,。！？找联打发别]{0,12}?(?:以后|之后|以前|之前|之间|左右))"
       r"(?:再|的时候)?(?:找我|联系我|打给我|给我打电话|打我电话|发消息给我|给我发消息|比较方便|最方便|方便)",
       PREF, "contact_time", "用户希望在{v}被联系", "联系 时间 方便", 0.8, moods=_WISHED, unless=_ONE_OFF_ZH),
    en(r"\b(?:contact|call|text|message|reach|ping)\s+me\s+(?:only\s+)?(?P<v>(?:after|before|between|in\s+the|during)\s+"
       r"(?=[^.!?,;]*(?:\d|\b(?:am|pm|noon|mornings?|evenings?|nights?|afternoons?|lunch|work|weekdays?|weekends?)\b))"
       r"[^.!?,;]{2,30}?)(?=\s*(?:[.!?,;]|$|please\b|pls\b|from\s+now\b|instead\b|thanks\b))",
       PREF, "contact_time", "User prefers to be contacted {v}.", "contact time reach", 0.8, moods=_WISHED,
       unless=_ONE_OFF_EN),
    # ... or the time something the assistant sends should come: "send my daily checklist at 5am please", and asked
    # with a question mark, which the mood rules read as a request ("push the checklist to like 7pm?")
    en(r"\b(?:send|push|move|switch|do|schedule)\s+"
       r"(?:me\s+)?(?:my|the|our)\s+(?:daily\s+|weekly\s+|morning\s+|nightly\s+)?[\w-]+(?:\s+[\w-]+){0,2}?\s+"
       r"(?:to|at|for|around|by)\s+(?:like\s+|around\s+|about\s+)?(?P<v>\d{1,2}(?::\d{2})?\s*(?:am|pm)|noon|midnight)\b",
       PREF, "contact_time", "User prefers to be contacted around {v}.", "contact time reach", 0.8,
       moods=_WISHED, unless=_ONE_OFF_EN),
    # answer layout (tables, bullets, ...): one English and one Chinese rule per format
    *_format_rules(),
    # answer length
    # ... or a count of sentences as the ceiling: "can u just give me the answer in like 2-3 sentences"
    en(_LENGTH_CUE_EN + r".*\b(?:short|shorter|brief|briefer|concise|succinct|terse|to\s+the\s+point"
       r"|(?:in|to|under|within)\s+(?:like\s+|about\s+|just\s+|maybe\s+)?(?:[1-5]|one|two|three|four|five)"
       r"(?:\s*[-\u2013]\s*(?:[1-5]|two|three|four|five)|\s+or\s+(?:[1-5]|two|three|four|five))?\s+sentences"
       r")\b", PREF,
       "answer_length", "User prefers concise answers.", "length concise short brief", 0.8, unless=_LENGTH_DROPPED_EN),
    en(_LENGTH_CUE_EN + r".*\b(?:detailed|in\s+detail|thorough|in\s+depth|in-depth|longer)\b", PREF,
       "answer_length", "User prefers detailed answers.", "length detailed thorough long", 0.8, unless=_ONE_ANSWER_EN),
    # ... or asked for as the long version whenever the user asks: "when I ask stuff give me the long version"
    en(r"\b(?:give|send)\s+me\s+the\s+(?:long|longer|full|detailed)\s+(?:version|answer|explanation)s?\b(?!\s+(?:of|for)\b)",
       PREF, "answer_length", "User prefers detailed answers.", "length detailed thorough long", 0.8,
       unless=rf"(?:{_ONE_ANSWER_EN})|\b(?:this\s+(?:time|one)|for\s+(?:this|that)|on\s+(?:this|that)|right\s+now)\b"),
    zh(_LENGTH_CUE_ZH + r".*(?:简洁|简短|简明|精简|言简意赅|" + _SHORTER_ZH + r"|别太长|不要太长|少点废话)", PREF,
       "answer_length", "用户偏好简洁的回答", "长度 简洁 简短 回答", 0.8, unless=_LENGTH_DROPPED_ZH),
    # a ceiling in characters, said of the answers: not "这篇作文要写八百字以内"
    zh(r"^(?=.*(?:回答|回复|你|以后|今后|从现在起)).*(?:" + _WORD_CAP_ZH + ")", PREF, "answer_length",
       "用户偏好简洁的回答", "长度 简洁 简短 回答", 0.8, unless=_LENGTH_DROPPED_ZH),
    # as long as it takes: the length follows the question
    en(r"\b(?:however\s+long\s+(?:it\s+)?(?:needs|has)\s+to\s+be|as\s+long\s+as\s+(?:it\s+)?(?:needs|needed|necessary|it\s+takes))\b",
       PREF, "answer_length", "User wants answers as long as the question needs.", "length as long as needed", 0.8),
    zh(r"该多?长就多?长|需要多长就多长|长短(?:看|按|随)(?:情况|需要|内容)|该展开就展开|不限(?:长度|字数)",
       PREF, "answer_length", "用户希望回答长短按需要",
       "长度 回答 按需", 0.8),
    zh(_LENGTH_CUE_ZH + r".*(?:详细|详尽|展开讲|具体一点|具体些)", PREF, "answer_length", "用户偏好详细的回答",
       "长度 详细 详尽 回答", 0.7, unless=_ONE_ANSWER_ZH),
    # birthday
    en(r"\bmy\s+birthday\s+is\s+(?:on\s+)?<V>|\bI\s+was\s+born\s+on\s+<V:w>", FACT, "birthday",
       ("User's birthday is {v}.", "User's birthday is {w}."), "birthday birth date"),
    zh(r"我的?生日是<ZV><END>|我(?:出生)?(?:于|在)?<ZV:w>出生<END>|我出生于<ZV:u><END>", FACT, "birthday",
       ("用户的生日是{v}", "用户的生日是{w}", "用户的生日是{u}"), "生日 出生 日期"),
    # time zone
    en(r"\bmy\s+time\s*zone\s+is\s+<V>|\bI(?:'m|\s+am)\s+(?:in|on)\s+(?:the\s+)?"
       r"(?P<w>(?-i:[A-Z]{2,3}T)|UTC\s*[+-]\s*\d{1,2}|GMT\s*[+-]\s*\d{1,2})\b(?:\s+time\s*zone)?", FACT, "timezone",
       ("User's time zone is {v}.", "User's time zone is {w}."), "timezone time zone"),
    zh(r"我的?时区是<ZV><END>|我在(?P<w>[东西][一二三四五六七八九十]+区)", FACT, "timezone",
       ("用户的时区是{v}", "用户的时区是{w}"), "时区 时间"),
    # pets
    en(rf"\b(?:I|we)\s+(?:have|own|got|(?:just\s+)?(?:adopted|rescued|brought\s+home))\s+{_COUNT_EN}\s+(?:\w+\s+)?"
       # (a pet's word before what it names is no pet: "40 lab reports to grade", "two fish tacos")
       rf"(?P<species>{_PETS_EN})\b(?!\s+(?:allerg\w*|food|hair|sitter|person|people|videos?|bed|toys?|{_NOT_A_PET_EN})\b)"
       r"(?:\s+(?:named|called)\s+<NAME:name>)?",
       FACT, "pets", ("User has {count} {species} named {name}.", "User has {count} {species}."), "pet animal"),
    en(rf"\bmy\s+(?P<species>{_PETS_EN})(?:'s\s+name)?\s+is\s+(?:named\s+|called\s+)?<NAME:name>", FACT, "pets",
       "User has a {species} named {name}.", "pet animal"),
    # a pet named where it is mentioned: "my dog Biscuit (beagle, 5) keeps eating grass"
    en(rf"\bmy\s+(?:\w+\s+)?(?P<species>{_PETS_EN})\s+(?P<name>(?-i:[A-Z])[a-z]+)\b", FACT, "pets",
       "User has a {species} named {name}.", "pet animal"),
    # ... or at home: "家里的橘猫叫大福"
    zh(rf"(?:我)?家(?:里)?的?[\u4e00-\u9fff]{{0,2}}?(?P<species>{_PETS_ZH})(?:名字)?叫(?P<name>[^，,。的]{{1,6}}?)(?=[，,。！!？?]|$)",
       FACT, "pets", "用户养了{species}，名叫{name}", "宠物 动物"),
    zh(rf"我(?:家)?(?:养了|养着|养|有){_COUNT_ZH}?(?P<species>{_PETS_ZH})[，,]?"
       r"(?:(?:名字)?叫(?:做)?(?P<name>[^，,。]{1,8}?))?<END>", FACT, "pets",
       ("用户养了{count}{species}，名叫{name}", "用户养了{species}，名叫{name}", "用户养了{count}{species}",
        "用户养了{species}"), "宠物 动物"),
    # family
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
    en(EN_I + r"(?:know|use|used|have\s+used|speak|write|code\s+in|program\s+in)\s+<TOOL>", SKILL, "skills",
       "User knows {v}.", "skill experience tech", 0.8),
    en(EN_IM + r"(?:familiar|experienced|proficient|fluent|skilled|good|an\s+expert|expert)\s+(?:with|in|at)\s+<V>",
       SKILL, "skills", "User knows {v}.", "skill experience tech"),
    en(EN_I + r"(?:have|'ve\s+got)\s+(?:\w+\s+)?experience\s+(?:with|in)\s+<V>", SKILL, "skills", "User knows {v}.",
       "skill experience tech"),
    zh(r"我(?:很|比较|非常|挺)?(?:熟悉|精通|擅长|懂|掌握了?)\s*<ZV><END>", SKILL, "skills", "用户掌握{v}",
       "技能 会用 经验", transform=tool_only),
    zh(r"我(?:会|能)(?:用|使用|写|说|讲)\s*<ZV><END>", SKILL, "skills", "用户掌握{v}", "技能 会用 经验",
       transform=tool_only),
    zh(r"我会\s*<LATIN>", SKILL, "skills", "用户掌握{v}", "技能 会用 经验"),
    zh(r"(?:用|使用)\s*<LATIN>\s*\S*?过", SKILL, "skills", "用户掌握{v}", "技能 会用 经验", 0.8),
    zh(r"(?:部署|使用|用|写|搭建|开发|配置|维护|学)过\s*<LATIN>", SKILL, "skills", "用户掌握{v}", "技能 会用 经验",
       0.8),
    # a tool taken up, or learnt for a while: "这周又上手了Tableau", "python学了三个月"
    zh(r"(?:上手|学会|掌握|搞定|入门)了\s*<LATIN>", SKILL, "skills", "用户掌握{v}", "技能 会用 经验", 0.8),
    zh(r"^\s*<LATIN>\s*(?:学了|练了|用了)(?:快|大概|差不多|有)?[一两二三四五六七八九十半几\d]+(?:个)?多?(?:月|年|周|星期)",
       SKILL, "skills", "用户掌握{v}", "技能 会用 经验", 0.8),
    # the tools of the user's daily work: "我平时用Excel和SQL做报表"
    zh(r"(?:平时|日常|工作中|每天|天天)(?:都|主要|一般|基本)?(?:用|使用)\s*<LATIN>(?:\s*(?:和|跟|、|\+)\s*<LATIN:w>)?\s*(?:做|写|跑|处理|搞)",
       SKILL, "skills", ("用户掌握{v}和{w}", "用户掌握{v}"), "技能 会用 经验", 0.8),
    en(EN_I + r"(?:learned|learnt|picked\s+up|got\s+(?:the\s+hang\s+of|comfortable\s+with))\s+<TOOL>", SKILL, "skills",
       "User knows {v}.", "skill experience tech", 0.8),
    # languages spoken, typed in lower case too: "I can officially say I speak spanish now", "grew up speaking polish
    # at home and english everywhere else"
    en(rf"\bI\s+(?:can\s+|also\s+|now\s+)*speak\s+(?P<v>{SPOKEN_LANGUAGES_EN})\b(?:\s+and\s+(?P<w>{SPOKEN_LANGUAGES_EN})\b)?",
       SKILL, "languages", ("User speaks {v} and {w}.", "User speaks {v}."), "skill language speak", 0.8,
       transform=str.capitalize),
    en(rf"\bgrew\s+up\s+speaking\s+(?P<v>{SPOKEN_LANGUAGES_EN})\b(?:[^.!?]{{0,20}}?\band\s+(?P<w>{SPOKEN_LANGUAGES_EN})\b)?",
       SKILL,
       "languages", ("User speaks {v} and {w}.", "User speaks {v}."), "skill language speak", 0.8,
       transform=str.capitalize),
    # "粤语普通话都没问题", "英语日语都挺溜"
    zh(rf"(?P<v>{LANGUAGES_ZH})(?:和|跟|、|\s)?(?P<w>{LANGUAGES_ZH})?都(?:没问题|溜|挺溜|很溜|流利|会说|能说|可以)",
       SKILL,
       "languages", ("用户会说{v}和{w}", "用户会说{v}"), "技能 语言 会说", 0.8),
    # tools the user is at home with: "PS和Illustrator都挺熟了", "我Python还行"
    zh(r"<LATIN>(?:\s*(?:和|跟|、)\s*<LATIN:w>)?\s*(?:都)?(?:还行|挺熟|很熟|比较熟|熟练|用得(?:挺|很)?溜|玩得(?:挺|很)?溜)",
       SKILL,
       "skills", ("用户掌握{v}和{w}", "用户掌握{v}"), "技能 会用 经验", 0.8),
    # pets at home: "我家橘猫最近老吐毛球", "家里新来了只柯基"
    zh(rf"(?:我家|家里)(?:的|那只|这只|那条|这条|(?:新|又)(?:来|添)了?(?:一)?只)?(?:[\u4e00-\u9fff]{{0,2}}?)"
       rf"(?P<species>{_PETS_ZH})(?!粮|砂|窝|毛|笼|罐头|零食|玩具|咖啡)", FACT, "pets", "用户养了{species}",
       "宠物 动物", 0.8),
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
    # ("提醒我的话尽量晚上" says when to remind, not what)
    zh(r"(?:记得|别忘了|不要忘了|别忘记|不要忘记|提醒我(?!的话|时|的时候|的(?:东西|消息|事情?|内容|通知))|提醒一下我|帮我记着)(?:要|去)?<ZV><END>",
       TASK, "reminder", "用户需要{v}", "提醒 待办 任务 截止", transform=third_person_zh),
    # decisions and plans (topic "plan")
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
    # what is chosen follows the verb ("就定了" names nothing), and an almost is no choice ("差点就定了")
    zh(r"就(?P<v>(?:用|选|选择|按|采用|定)(?!(?:了|啦|呀|哦|呢|吧|嘛|啊|哈)*$)\S+?)<END>", DECISION, "plan",
       "用户决定{v}", "决定 计划 方案 选择", unless=r"差点|差一点|险些|几乎"),
    zh(r"我(?:们)?(?:选|选择|挑)了?(?P<v>方案\S+?|\S+?方案)<END>", DECISION, "plan", "用户决定选{v}",
       "决定 计划 方案 选择"),
    zh(r"我(?:们)?(?:打算|计划|准备)<ZV><END>", DECISION, "plan", "用户计划{v}", "决定 计划 打算 安排", 0.7,
       transform=third_person_zh),
    # hobbies
    en(r"\bmy\s+hobb(?:y|ies)\s+(?:is|are|include)\s+<T>", FACT, "hobbies", "User's hobbies include {v}.",
       "hobby hobbies leisure fun"),
    zh(r"我的?(?:兴趣)?爱好是<ZV><END>", FACT, "hobbies", "用户的爱好是{v}", "爱好 兴趣 休闲"),
    # a pastime taken up or kept up weekly: "I've gotten really into bouldering", "I've been bouldering like 3x a week",
    # "最近迷上飞盘了", "每周六打完羽毛球回来"
    en(r"\bI(?:'ve|\s+have|'m|\s+am)?\s+(?:been\s+|gotten\s+|got\s+)?(?:really\s+|totally\s+|so\s+)?(?:into|obsessed\s+with|"
       r"hooked\s+on)\s+(?P<v>[a-z][\w-]*ing(?:\s+[a-z][\w-]*)?|(?:pottery|yoga|pilates|chess|tennis|golf|surfing|knitting|"
       r"crochet|photography|gardening|baking|running|climbing|bouldering|cycling|swimming|painting|drawing)\b)",
       FACT, "hobbies", "User's hobbies include {v}.", "hobby hobbies leisure fun", 0.8),
    en(r"\bI(?:'ve|\s+have)\s+been\s+(?P<v>[a-z]+ing)\s+(?:like\s+|about\s+|around\s+)?(?:\d+x|once|twice|three\s+times|"
       r"\d+\s+times|every\s+day|daily)\s+(?:a\s+|per\s+)?(?:week|day)?", FACT, "hobbies",
       "User's hobbies include {v}.", "hobby hobbies leisure fun", 0.8),
    zh(r"(?:迷上|爱上|喜欢上)了?(?P<v>(?!了|一个|个|他|她|这个|那个|清淡|辣|甜|咸|酸|重口|吃|喝)[\u4e00-\u9fff]{1,6}?)(?:了|啦)?(?=[，,。！!？?\s]|$)",
       FACT, "hobbies", "用户的爱好是{v}", "爱好 兴趣 休闲", 0.8, moods=_OWN),
    zh(r"每(?:周|个?礼拜|个?星期)[一二三四五六日天末]?(?:都|固定|会|晚上|早上|下午)*(?:去)?"
       r"(?P<verb>打|踢|游|跑|爬|练|骑|跳|滑)完?(?P<v>[\u4e00-\u9fff]{1,4}?)(?=完|回来|去|的|[，,。！!？?\s]|$)", FACT,
       "hobbies", "用户的爱好是{verb}{v}", "爱好 兴趣 休闲", 0.8, moods=_OWN),
)

# --------------------------------------------------------------------------------------------------
# Broad cues that only count when no specific rule explained the clause ("喜欢用表格" is a format).
# --------------------------------------------------------------------------------------------------

GENERIC_RULES: tuple[Rule, ...] = (
    # likes and dislikes
    en(r"\bI\s+(?:don't|dont|do\s+not)\s+(?:really\s+)?(?:like|enjoy|love)\s+<V>|\bI\s+(?:really\s+)?"
       r"(?:hate|dislike|detest|can't\s+stand|cannot\s+stand)\s+<V:w>", PREF, "dislikes",
       ("User dislikes {v}.", "User dislikes {w}."), "dislike avoid hate", 0.8, transform=third_person_en),
    en(r"\bI\s+(?:really\s+|also\s+|just\s+|absolutely\s+)*(?:like|love|enjoy|adore|prefer)\s+<V>|"
       r"\bI(?:'m|\s+am)\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into)\s+<V:w>", PREF, "likes",
       ("User likes {v}.", "User likes {w}."), "like enjoy favorite", 0.8, transform=third_person_en,
       # (a pronoun or a bare "being" names no thing liked: "I like being with the kids")
       unless=r"\b(?:like|love|enjoy|adore|prefer)\s+(?:being|it|that|this|them|him|her|when|how)\b"),
    zh(r"我(?:很|也|还|真的|实在)?(?:不喜欢|不爱|讨厌|受不了|反感|不想要)<ZV><END>", PREF, "dislikes",
       "用户不喜欢{v}", "不喜欢 讨厌 避免", 0.8),
    zh(r"(?:^|我)(?:很|也|还|超|最|特别|非常|比较|挺|真的|平时)*(?:喜欢|爱|热爱|喜爱|偏爱)<ZV><END>", PREF, "likes",
       "用户喜欢{v}", "喜欢 爱好 偏好", 0.8),
    # tasks said without a reminder cue; the Chinese "我要…" counts only with a deadline
    en(r"\bI\s+(?:need|have|must|got)\s+to\s+<T>|\bI\s+must\s+<T:w>", TASK, "reminder",
       ("User needs to {v}.", "User needs to {w}."), "reminder todo task deadline", 0.7, transform=third_person_en,
       unless=_NO_TASK_EN),
    zh(r"我(?:需要|得|要|必须)<ZV><END>", TASK, "reminder", "用户需要{v}", "提醒 待办 任务 截止", 0.7,
       transform=third_person_zh, needs_deadline=True),
)
