"""Whether a clause asserts the user's own current state, or only mentions a topic.

Moods: `assertion` (a statement, or a request about how to treat the user), `question`, `plan` (an intention,
hypothetical or maybe), `third_party` (someone else is the subject), `past` (a trip or visit, or a state that no
longer holds), `reported` (someone else's words). Only assertions may change what is current; the rest must change
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipelines.extract.signals.lexicon import LANGUAGES_EN, URGED_DEEDS_ZH, names_a_change

# 的话 makes a condition, except on the assistant's deed: "有事提醒我的话尽量晚上8点以后" is when to remind the user
_IF_ZH = r"(?<!提醒我)(?<!联系我)(?<!找我)(?<!通知我)(?<!给我)的话"

ASSERTION, QUESTION, PLAN, THIRD_PARTY, PAST, REPORTED = (
    "assertion",
    "question",
    "plan",
    "third_party",
    "past",
    "reported",
)
# An assertion whose topic signal is too weak to change what is current: a later statement on the topic
# closes it, it never closes anything (pipelines.resolve.resolution).
TENTATIVE = "tentative"
NEGATED = "negated"

# "no offer", "没有对象": what did not happen states nothing new
_NEGATED = re.compile(
    r"^\s*(?:and\s+|but\s+)?(?:no|not|nothing|never)\b|^\s*(?:根本|压根儿?|并|从来|也|还|都)?(?:没有|没)(?!办法|法子|想到)"
    # a change in the end not made: "最后还是没要", "结果没去" (not "最后没续租", a home ended)
    r"|^\s*(?:最后|最终|后来|结果)(?:还是)?没(?:有)?(?:要|养|领|买|去|换|搬|接|签|走|成)"
    # a change the user says they are not making: "for the record I'm not doing it", "I'm not taking the offer"
    # ... or an offer turned down: "turned down that amazon offer btw", "猎头那个offer我拒了"
    r"|\b(?:turned\s+down|declined|passed\s+on|said\s+no\s+to|rejected)\s+(?:\w+\s+){0,3}?(?:offer|job|position|role|"
    r"promotion|transfer)\b|(?:offer|机会|职位)[^，,。]{0,6}(?:拒了|拒绝了|推掉了|回绝了)"
    r"|\b(?:i'm|i\s+am|im)\s+not\s+(?:doing|going|taking|moving|switching|changing|quitting|leaving|joining|trying|"
    r"buying|selling|accepting|gonna)\b"
    # a claim about the user denied: "my aunt tells everyone I work at Microsoft. I do not. I have never worked there"
    r"|^\s*(?:i|we)\s+(?:do|did)\s+not\s*[.!]*\s*$"
    r"|\b(?:i|i've|ive|we|we've)\s+(?:have\s+|had\s+)?never\s+(?:even\s+)?(?:worked|lived|been|studied|owned|dated|married)\b",
    re.IGNORECASE,
)
# ... unless a thing (not a deed: "not moving for now") is said to be absent now: "no meat at all", "no car anymore"
_NONE_NOW = re.compile(
    # "no fish no eggs no dairy anymore" lists what the user no longer has
    r"^\s*(?:and\s+|but\s+)?no\s+\w+(?:[\s,]+(?:no\s+|or\s+)?\w+){0,5}?\s+(?:at\s+all|for\s+now|any\s?more|these\s+days)\b"
    # ... or said to be over: "no more 'postdoctoral fellow', the HR letter says Research Scientist"
    r"|^\s*(?:and\s+|but\s+|so\s+)?no\s+more\s+\S"
    # ... and so does a list of them, what the user goes without: "no meat no dairy obvs", "no gluten, no dairy"
    r"|^\s*(?:and\s+|but\s+)?no\s+[\w-]+[\s,]+(?:and\s+|or\s+)?no\s+[\w-]+"
    # a habit ended, not a change refused: "I'm not doing the vegan thing anymore" (not "I'm not moving anymore")
    r"|\b(?:i'm|i\s+am|im)\s+not\s+doing\s+(?:the\s+|my\s+)?[\w-]+(?:\s+[\w-]+)?\s+any\s?more\b"
    # ... or no regime kept at all: "not doing any special diet now", "not on any diet", "not following any rules"
    r"|\bnot\s+(?:doing|following|on|keeping\s+to)\s+any\s+(?:special\s+|particular\s+|kind\s+of\s+)?[\w-]+"
    # ... or no job: "not working anywhere rn"
    r"|\bnot\s+working\s+(?:anywhere|at\s+the\s+moment|right\s+now|rn|atm)\b"
    # "没有固定住处了", "现在没车了": a thing had no more
    r"|^\s*(?:也|就|现在|目前|已经)?没(?:有)?[^，,。！？没]{1,8}了[\s。！!]*$|没有固定(?:的)?(?:住处|住所|地址|工作)",
    re.IGNORECASE,
)

# ... and neither is a state said to last from now: "gonna be carless for a while", "going to be remote for now"
_STATE_FOR_NOW = re.compile(
    r"\b(?:gonna|going\s+to)\s+be\s+[\w-]+(?:\s+[\w-]+)?\s+(?:for\s+a\s+while|for\s+now|for\s+the\s+time\s+being|indefinitely)\b",
    re.IGNORECASE,
)

# "Can you answer in Spanish?" asks for a way of being treated: a preference, not a question.
_REQUEST = re.compile(
    # after a short lead-in ("random but can you…", "ok so could you…"), not after a question word ("what can you…")
    r"^\s*(?:(?!(?:what|where|when|why|who|which|how)\b)[\w']+[,\s]+){0,3}?(?:(?:can|could|would|will)\s+(?:you|u)\b|please\b|pls\b)"
    r"|\b(?:can|could|may)\s+i\s+(?:ask\s+(?:you|u)\s+to|take\s+back)\b"
    # ... or for the two of them: "can we move my weekly check-ins to early mornings"
    r"|^\s*(?:(?!(?:what|where|when|why|who|which|how)\b)[\w']+[,\s]+){0,3}?(?:can|could)\s+we\s+(?:move|switch|change|"
    r"shift|push|make|keep|do)\s+(?:my|our|the)\s+(?:[\w-]+\s+)?(?:check-?ins|reminders|pings|nudges|answers|replies|calls|"
    r"chats|sessions)\b"
    # ... or a time asked for what the assistant sends: "push the checklist to like 7pm?", "can we do the vocab thing
    # at like 9pm instead"
    r"|^\s*(?:(?!(?:what|where|when|why|who|which|how|should|do|did|does)\b)[\w']+[,\s]+){0,3}?(?:move|push|switch|shift|do|send)\s+"
    r"(?:my|our|the)\s+(?:[\w-]+\s+){0,3}?(?:to|at|around)\s+(?:like\s+|around\s+|about\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)\b"
    r"|\bfrom now on\b|^\s*(?:请|麻烦|以后|能不能|可以|可不可以|从今天起|从现在起|从现在开始|今后)"
    # how to write to the user, said as an order: "just write normal sentences", "stick to English"
    r"|^\s*(?:just\s+|and\s+)?(?:write|answer|reply|respond|keep\s+(?:it|them|answers|replies)|stick\s+to|go\s+back\s+to)\b"
    # how the assistant should talk to the user: "你给我解释的时候尽量详细一点", "你回我的时候简短点"
    r"|^\s*你(?:以后|之后|下次|再)?(?:给我|跟我|对我|回我|回复我|回答我)[^，,。]{0,8}(?:尽量|最好|别|不要|一点|点)"
    # ... or what will do for the user: "你也这么叫就行"
    r"|^\s*你(?:也|就)?[^，,。]{0,8}(?:就行|就好|就可以)",
    re.IGNORECASE,
)
# Chinese ways of asking that the rules extractor reads too: 啥, unless it means "anything" or "and so on"
# ("啥都得重新学", "水果啥的"), and any verb or adjective asked as A-not-A: "难不难", "去没去", "能不能" ("动不动就" is
# "at every turn")
# "没啥特别的计划", "不再刻意控制啥了" ask nothing
ZH_SHA = "(?<!没)(?<![不没].)(?<![不没]..)(?<![不没]...)啥(?!都|也|的|了)"
# 什么 asks as 啥 does ("有什么整理收件箱的好办法"), unless it means "nothing", "anything" or "and so on" ("没什么",
# "什么都行", "水果什么的", "不是什么大事", "不刻意控制什么了")
ZH_SHENME = "(?<![没不])(?<!不是)(?<!没有)(?<![不没].)(?<![不没]..)(?<![不没]...)(?<![不没]....)什么(?!都|也|的|了)"
# (not a "no" said twice: "不用不用", "不要不要")
ZH_A_NOT_A = r"(?<!不)(?!动)(?P<asked>[\u4e00-\u9fff])[不没](?P=asked)"
# A question asks; "Was in Tokyo last week." does not (an auxiliary at the start is not enough here), nor
# does 着呢 ("我跟我老婆好着呢": it insists).
_QUESTION = re.compile(
    # (not a clause the wh-word opens with its subject: "when u send me reminders do it after 7", "where I live now")
    # (nor "which" that goes on with what was said: "which is fine, I just miss the salmon bowls")
    r"(?<![?？])[?？]\s*$|^\s*(?!which\s+(?:is|was|means|meant|makes|made)\b)(?:what|what's|where|when|why|who|whom|whose|which|how)\b"
    r"(?!\s+(?:i|you|u|we|they|he|she|my|your)\b)|(?:吗|么|(?<!着)(?<!还没)(?<!还没.)(?<!还没..)(?<!还没...)(?<!还没....)呢)[\s。，,]*$|是不是|有没有|要不要"
    # an English yes/no question asks without its mark too, its verb before its subject: "is denver actually nice to
    # live in or is it just instagram", "do u think they'd notice" (not a subject left out: "Was in Tokyo last week",
    # "did it again lol", "have my answers in bullets")
    r"|^\s*(?:(?:so|and|but|ok|okay|also|like|lol|hmm|honestly|seriously|maybe|wait|btw|anyway)[,\s]+){0,2}"
    r"(?:(?:is|are|was|were|isn't|aren't)\s+(?:it|he|she|they|there|this|that|these|those|you|u|i|we|your|my|ur"
    r"|(?:the|a|an)\s+[\w-]+|[\w-]+\s+(?:actually|really|even|still|ever|usually|generally|worth|any\s+good|a\s+good|nice|good|safe|cheap|"
    r"cheaper|expensive|better|worse|ok|okay|far|close|big|small))"
    r"|(?:do|does|did|don't|doesn't|didn't|should|would|will|could|can|have|has|haven't|hasn't)\s+"
    r"(?:you|u|they|we|people|ppl|he|she|y'all|yall|i\s+(?:need|have|want|really|actually|even|still)))\b"
    # a Chinese question word asks even without a question mark: "青岛租房哪个区方便"
    r"|哪个|哪些|哪里|哪儿|哪家|怎么|为什么|多少钱|咋|如何|"
    + ZH_SHA
    + "|"
    + ZH_SHENME
    + "|"
    + ZH_A_NOT_A
    # an example given for what is asked about: "像 hao.shuidian@example.org 这种", "like coach.emily@example.org or
    # something"
    + r"|^\s*(?:像|比如|例如)[^，,。！？我]{1,40}(?:这种|这样|那种|之类)"
    + r"|\blike\s+\S+@\S+\s+or\s+(?:something|smth|sth)\b",
    re.IGNORECASE,
)
# The same question word twice asks nothing: it means "whatever", "wherever" ("爱吃啥吃啥", "走到哪儿住到哪儿",
# "住哪算哪", "有什么吃什么")
_WHATEVER = re.compile(r"(?P<wh>啥|什么|哪儿|哪里|哪|谁|怎么)[^，,。！!？?\s]{1,6}?(?P=wh)(?![^，,。！!\s]*[？?])")
# 怎么/咋 with a degree or a comparison exclaims, it asks nothing: "房租怎么这么贵", "研一的课怎么比本科还多",
# "我怎么又胖了"
_EXCLAIMS = re.compile(r"(?:怎么|咋)(?:会)?(?:这么|那么|这样|又|老是|总是|比[^，,。！!？?]{1,8}还)")
PEOPLE_EN = (
    r"sister|brother|mom|mum|mother|dad|father|parents|friend|wife|husband|boss|manager|colleague|coworker|"
    r"cousin|grandma|grandmother|grandpa|grandfather|son|daughter|kids?|children|partner|girlfriend|boyfriend|"
    r"team\s*lead|roommate|neighbou?r|landlord|aunt|uncle|in-laws|family|everyone|everybody|people|"
    r"bestie|bff|buddy|pal|\w*mates?|fianc[eé]e?|sibling|nephew|niece|stepdad|stepmom|classmate|bf|gf|"
    # people at work and around it: "our CTO has gone full carnivore", "bloke from Gunnedah gave me four grand"
    r"cto|ceo|cfo|coo|co-?founder|founder|guy|bloke|lad|gran|granny|nan|nana|grandson|granddaughter|grandkids?|"
    r"stepson|stepdaughter|sis|bro|hubs|mil|fil|sil|bil|ex|"
    # people the user works with or lives with: "My clerk has gone fully carnivore", "my missus went full carnivore"
    r"clerk|missus|mrs|hubby|wifey|teammate|"
    # children by their place among them: "kayla, my youngest, moved down to bozeman"
    r"youngest|eldest|oldest"
)
# ... and, said as the user's, the ones who lead the user's team or club and the user's little ones: "our new director
# Sam is fully vegan", "our captain Danny just signed for…", "my 4yo wants a dog" (not "the Director promotion")
_LEADERS_EN = r"director|captain|skipper|dean|principal|pastor|vp|pi|\d+\s?yo|toddler|twins"
# ... but a role named as a post is nobody: "the payroll MANAGER title comes with perks", "the Director promotion"
_A_POST = r"(?:promotion|role|title|position|job|level|track|spot|interview|opening|program|programme)s?\b"
# A person's word naming a time or a way of their life, not the person: "so the mom era is officially over", "dad
# jokes"
_OF_A_PERSON = r"(?:era|phase|years|days|life|stuff|things?|jokes?|mode|brain|duties|guilt|vibes?|energy|genes|voice)\b"
# People the user works for or under, someone else only with a determiner: "A client wants to know whether…" (bare,
# they are whom the user's words are for: "clients may call my mobile")
_PEOPLE_SERVED_EN = r"client|customer|patient|tenant|supervisor"
# People whose job serves the user: "my trainer keeps pushing keto on me", "barista messed up my latte". Only with
# "my"/"the" or as the subject of a deed: "barista here, 5 years" is the user's job.
ROLES_EN = (
    r"trainer|coach|doctor|doc|therapist|dentist|physio|nutritionist|dietitian|teacher|professor|prof|advisor|adviser|"
    r"mentor|tutor|lawyer|accountant|recruiter|barista|waiter|waitress|cashier|realtor|vet|pharmacist|nurse|mechanic"
)
ROLES_ZH = (
    "客服|销售|推销|中介|猎头|医生|大夫|教练|私教|营养师|咨询师|律师|"
    "小哥|小姐姐|营业员|店员|工作人员|(?<![A-Za-z])(?-i:HR)(?![A-Za-z])|经纪人|理疗师|康复师|队医"
)
# The user's partner or spouse by any name: "我未婚妻升职了，当上运营总监", "我爱人调到苏州了"
# ... and the old words for one: "我家老头子换了个新号"
_PARTNERS_ZH = (
    "男朋友|女朋友|男友|女友|对象|老公|老婆|爱人|未婚夫|未婚妻|丈夫|妻子|媳妇|先生|太太|"
    "老头子|老太婆|那口子|孩子他爸|孩子他妈"
)
KIN_ZH = (
    r"爸|妈|哥|姐|弟|妹|儿子|女儿|家人|朋友|同事|老板|领导|室友|舍友|闺蜜|舅|姨|叔|婶|"
    r"爷|奶|外公|外婆|表|堂|侄|外甥|发小|邻居|同学|师兄|师姐|师弟|师妹|导师|老师|上司|组长|家里人|父母|岳|公公|婆婆|孩子|"
    # people the user works or lives beside: "我合伙人阿珍搬去深圳了", "我老伴退休了"
    r"合伙人|搭档|合作伙伴|老伴|徒弟|客户|"
    # ... the ones met at school or left behind: "我同桌跳槽去字节了", "我学姐搬去深圳了", "我前男友结婚了"
    r"同桌|学长|学姐|学弟|学妹|老乡|队友|嫂|前(?:任|男友|女友|妻|夫)|"
    # ... the family a marriage and the years bring: "公婆上个月搬来成都了", "我孙子在加拿大念书", "我女婿调去深圳了"
    r"公婆|亲家|儿媳|女婿|孙子|孙女|外孙|重孙|继父|继母|后妈|干妈|干爹|亲戚|姑(?![且息])|小姑子|大姑子|小叔子|大伯子|姐夫|妹夫|弟媳|妯娌|连襟|"
    # ... and the people the user is with at work, at school or at home: "我们班主任换邮箱了", "我师傅退休了"
    r"班主任|辅导员|主任|校长|院长|队长|经理|总监|助理|助教|秘书|下属|员工|保姆|师傅|师父|教练|医生|大夫|房东|中介|家长|"
    r"战友|网友|球友|牌友|病友|驴友|姐妹|兄弟|哥们|姐们|"
    # ... named in English: "我 leader 升 VP 了"
    r"\s?(?i:leader|boss|manager|mentor|ceo|cto|hr|bf|gf|ex)(?![a-z])|" + _PARTNERS_ZH
    # ... and the user's partner, whose news is the user's only on the couple's own relationship (_PARTNER)
)
# what may stand between 我 and a relative of the user's household: "我家老头子", "我们家的", "我大女儿"
_MY_KIN_ZH = rf"(?:们)?(?:家)?的?[老大小二三]?(?:{KIN_ZH})"
# a relative pointed at and described, after 我: "我那个转行做新媒体的侄子", "我家那位"
_POINTED_AT_KIN_ZH = (
    rf"家?(?:那个|这个|那位|这位)(?:[^，,。！？]{{1,12}}?的)?(?!表格|表达|表情|表示|表现|表演|表单)(?:{KIN_ZH})"
)
# Words a speaker opens a clause with before its subject: "meanwhile my best friend got engaged", "btw my mom…"
_LEAD_IN_WORD = (
    r"(?:and|but|so|also|plus|oh|meanwhile|btw|anyway|anyways|well|ok|okay|lol|omg|ugh|haha|cool|right|yeah|yep|nice"
    r"|alright|fun\s+fact:?|in\s+other\s+news,?"
    # ... and what chat opens with for a sigh or a laugh: "man my boy Ray quit Bayou today"
    r"|man|dude|bro|damn|dang|wow|whoa|welp|sigh|jeez|geez|bruh|yo"
    # ... and what announces news: "fyi my brother switched to a work address too"
    r"|fyi|fwiw|ps|heads\s+up:?|side\s+note:?|(?:big\s+)?news:?|guess\s+what,?|funny\s+thing,?"
    # ... and what says it was heard: "found out today my ex moved up to Phoenix", "turns out his sister…"
    r"|(?:just\s+)?(?:found\s+out|heard|learned)(?:\s+(?:today|yesterday|last\s+night|this\s+(?:morning|week)))?(?:\s+that)?"
    r"|turns\s+out(?:\s+that)?|apparently)"
)
# ... one or a few in a row: "ok cool also my sister just moved to Perth"
_LEAD_IN = rf"{_LEAD_IN_WORD}(?:[\s,]+{_LEAD_IN_WORD}){{0,2}},?"
# Capitalised words that open a sentence without naming anyone
_OPENING_WORDS = (
    r"(?i:just|finally|also|recently|officially|today|yesterday|then|so|and|but|well|guess|got|anyway|ok|okay|hey|hi|oh|"
    r"yeah|yes|btw|update|welp|ugh|lol|omg|we|my|our|both|never|already|still|literally|totally|basically|honestly)"
)
# (and the fillers that turn to what happened: "不是，…就是导师退休了换了个新导师")
_LEAD_IN_ZH = "还有|然后|而且|对了|另外|顺便说一下|就是|不过|但是|可是"
# ... and a time said before the subject: "国庆闺蜜订婚了", "九月份我老公终于跳槽了"
_WHEN_ZH = (
    "今天|昨天|前天|刚才|刚刚|最近|前阵子|前段时间|上周|上礼拜|上星期|这周|上个?月|这个月|周末|年底|年初|去年|今年|"
    "国庆|春节|过年|元旦|五一|中秋|[一二三四五六七八九十\\d]{1,2}月(?:份|底|初)?"
)
_LEAD_ZH = rf"(?:{_LEAD_IN_ZH})?(?:{_WHEN_ZH})?"
# People placed beside the user, by where they sit or live: "坐我对面的老张", "我们院子里的王婆婆", "楼下的阿姨"
_PLACED_ZH = (
    "(?:坐|住)?(?:在)?(?:我们?家?)?[^，,。！？我]{0,3}?"
    "(?:对面|旁边|隔壁|楼上|楼下|对门|院子里|院里|小区里|村里|单元里?)的?"
)
_ELDERS_ZH = "阿姨|大爷|大妈|大娘|奶奶|爷爷|婆婆|阿婆|老太太|老爷子|老头|大姐|大哥|小伙子?|姑娘|伯伯?|叔叔"
# "我们" with what its group does, or "我": "我们收银组", "我们队", "我组"
_OUR_ZH = "我们[^，,。我在]{0,4}?|我"
# the groups at work or school a colleague is named by: "我们组的", "同组", "组里小林"
_GROUPS_ZH = "组|部门|公司|团队|班|宿舍|科室|实验室|办公室|单位|队"
# surnames a colleague is called by: "老李跳去迈康了", "小王搬走了"
# The one in charge of the user's group, after 我: "我们CTO", "我们主教练", "我们部门经理"
_LEADER_AFTER_ME_ZH = (
    "们(?:的)?(?:主|总|副|新|老|大|部门|项目|车间)?(?:(?i:CTO|CEO|CFO|COO)|主任|经理|总监|主管|老板|领导|组长|店长|科长|院长|"
    "校长|护士长|教练|老师|导师|上司|老大|班主任|辅导员|[部处局厂行所站村社会队]长|董事长|总经理)"
)
_SURNAMES = (
    "李|王|张|刘|陈|杨|黄|赵|周|吴|徐|孙|马|朱|胡|郭|何|林|罗|高|梁|宋|郑|谢|韩|唐|冯|董|程|曹|袁|邓|许|沈|曾|彭|吕|苏|卢|"
    "蒋|蔡|贾|丁|魏|叶|余|潘|杜|戴|夏|钟|汪|田|任|姜|范|方|石|姚|谭|廖|邹|熊|金|陆|孔|白|崔|毛|邱|秦|江|顾|侯|邵|孟|段|雷|"
    "钱|汤|尹|黎|常|武|乔|贺|龚|文|朴|葛|施|严|洪|温|付|向|祝|覃|骆|甘|柳|关|鲁|韦|莫|翟|齐|聂|季|申|涂|焦|易"
)
# ... and one called by surname and what they are: "王姐", "张工", "李师傅", "王婆婆" (not "王姐们")
_BY_SURNAME_ZH = rf"(?:{_SURNAMES})(?:姐|哥|总|工|老师|阿姨|叔|师傅|经理|主任|{_ELDERS_ZH})(?![们])"
# Deeds that change someone's state, done by whoever the clause names ("Mike switched carriers", "| moved into a place
# near his son" after "My neighbor Harold,")
_DEEDS_EN = (
    "switched|got|quit|took|moved|left|joined|started|bought|changed|sold|adopted|landed|accepted|retired|married|"
    "graduated|relocated|transferred|divorced|signed|went|packed|headed|settled|made|upgraded"
)
_THIRD_PARTY = re.compile(
    rf"^\s*(?:{_LEAD_IN}\s+)?(?:(?:my|our|his|her|their|the|a|an|one\s+of\s+(?:my|our|the))\s+(?:\w+\s+)?"
    rf"(?:{PEOPLE_EN}|{_PEOPLE_SERVED_EN})s?\b(?!\s+(?:{_A_POST}|{_OF_A_PERSON}))"
    rf"|(?:my|our)\s+(?:new\s+|old\s+)?(?:{_LEADERS_EN})s?\b(?!\s+(?:{_A_POST}))"
    r"|(?:he|she|they|everyone|everybody|shes|hes|theyre)\b"
    # ... or someone's thing said as the subject: "his is jordan.p@example.org now", "her new number's 555-0134"
    r"|(?:his|hers|theirs)\s+(?:is|was|are|were|changed|became)\b"
    r"|(?:his|her|their)\s+(?:new\s+|old\s+|own\s+|work\s+|personal\s+)?\w+(?:'s|\u2019s|\s+(?:is|was|are|were|changed|became)\b))"
    # someone called by name doing what changes a state: "Mike switched carriers and got a new number", "Tasha (my
    # work bestie) just quit" (not an opening word: "Just moved to Denver", nor "Acme laid me off")
    # ... or placed beside the user: "Kenji on my team just got promoted", "our point guard Jalen got picked up",
    # "Sinéad (my 6am 1:1 client for 3 years) is moving to Limerick"
    rf"|^\s*(?:{_LEAD_IN}\s+)?(?:(?:my|our)\s+(?:[\w-]+\s+){{1,3}})?(?!{_OPENING_WORDS}\b)(?-i:[A-ZÀ-Þ][a-zß-ÿ]+)"
    r"(?:\s+\([^)]*\)|\s+(?:on|from|in|at)\s+(?:my|our)\s+\w+)?\s+(?:just\s+|finally\s+|also\s+)?"
    rf"(?:{_DEEDS_EN}|(?:is|'s)\s+(?:moving|leaving|relocating|quitting|retiring))\b(?!.*\bme\b)"
    # ... or someone not known by name: "and now some guy from the USDA is emailing me asking for lab manager stuff"
    rf"|^\s*(?:{_LEAD_IN}\s+)?(?:and\s+|so\s+)?(?:now\s+|then\s+)?(?:(?:some|this|a|one)\s+(?:random\s+)?(?:guy|girl|woman|lady|dude|"
    r"man|person)|some(?:one|body))\b"
    # ... or someone's news announced: "big roommate news — Jess got the job at that studio in Toronto"
    rf"|^\s*(?:(?:big|huge|some|quick|sad|good|bad|fun|exciting|crazy|wild)\s+)?(?:{PEOPLE_EN})\s+(?:news|update)\b"
    # ... or someone's relative or friend: "Nate's parents sold their house and moved to Scottsdale"
    # ... or someone's doctor: "Harold's cardiologist just put HIM on a low-fat diet"
    rf"|^\s*(?:{_LEAD_IN}\s+)?(?-i:[A-Z][a-z]+)(?:'s|\u2019s)\s+(?:\w+\s+)?(?:{PEOPLE_EN}|{ROLES_EN}|cardiologist|surgeon)s?\b"
    # ... and the same said with the verb joined on: "Gary's retiring in March"
    rf"|^\s*(?:{_LEAD_IN}\s+)?(?!{_OPENING_WORDS}\b)(?-i:[A-Z][a-z]+)(?:'s|\u2019s)\s+(?:moving|leaving|relocating|quitting|retiring|"
    # ... or any doing of theirs: "big change in my house, Tanya's eating meat again"
    r"eating|going|starting|dating|working|living|switching|changing|taking|getting)\b"
    # a person named without "my" still is someone else: "husband's company is relocating"
    # (not one the user calls out to: "bro i got the job", "sis we're moving")
    rf"|^\s*(?:{_LEAD_IN}\s+)?(?:{PEOPLE_EN})s?(?:'s|\u2019s)?\s(?![\s,]*(?:i|i'm|im|i've|ive|we|we're|my)\b)"
    rf"|^\s*{_LEAD_ZH}(?:我妈|我爸|妈妈|爸爸|我姐|我哥|我弟|我妹|我老公|我老婆|老公|老婆|媳妇|朋友|同事|我们组长|组长|老板|领导|表哥|表姐|"
    r"他们|她们|他(?!加禄)|她|孩子|儿子|女儿|大家|别人|室友|房东|中介|客户|师傅|店员|咖啡师|闺蜜|发小|哥们|舍友|同学|邻居|"
    r"男朋友|女朋友|对象|合伙人|搭档|合作伙伴|老伴|徒弟|老头子|老太婆|老婆子|"
    # (not a word the user may call the assistant by: "老师，我想问…", "阿姨" is a stranger too)
    r"公婆|公公|婆婆|爷爷|奶奶|外公|外婆|姥姥|姥爷|爸妈|父母|哥哥|姐姐|弟弟|妹妹|孙子|孙女|外孙|儿媳|女婿|亲家|亲戚|家里人|"
    r"小姑子|大姑子|小叔子|大伯子|姐夫|妹夫|嫂子|弟媳|妯娌|连襟|"
    r"班主任|辅导员|导师|保姆|下属|员工|"
    # ... an ex, and a child's parent called by the child's name: "前夫搬去上海了", "乐乐爸换号了", "孩子他爸"
    r"前夫|前妻|前任|前男友|前女友|孩子(?:他|她)?(?:爸|妈)|(?P<child>[\u4e00-\u9fff])(?P=child)(?:爸|妈))"
    r"|大家都|别人都|everyone\s+(?:says|uses|calls)"
    # ... or a crowd: "一堆人来恭喜我结婚" (what a crowd says of the user is their word, not the user's)
    r"|^\s*(?:还有|然后|而且|结果)?(?:一堆|一群|好多|很多|不少|一帮|一大堆)(?:人|同事|朋友|亲戚|客人|网友)"
    # ... or someone unnamed who changed: "组里又有人脱单了", "群里有人跳槽去字节了"
    r"|^[^，,。！？我]{0,6}?有(?:个|些)?人(?:已经|刚|又|也|都)?(?:脱单|结婚|订婚|领证|跳槽|离职|辞职|搬|分手|离婚|升职|转正|换)"
    # someone else's new thing, in a clause where the user is no subject: "kayla keeps sending me pics from her new
    # place in chicago", "看她新家的照片"
    r"|^(?!.*\b(?:i|i'm|im|i've|we|we're)\b)(?=.*\b(?:his|her|their)\s+(?:new|old|first|own)\s+(?:place|apartment|"
    r"flat|house|condo|home|job|company|employer|school|number|phone|e-?mail|boyfriend|girlfriend|husband|wife|fianc\w*)\b)"
    r"|^(?![^，,。！？]*我)[^，,。！？]*(?:他|她)(?:们)?的?新(?:家|房子|公司|工作|学校|号码|手机号|邮箱|男朋友|女朋友|对象)"
    # a relative or acquaintance of the user's, whoever it is: "我表妹被复旦录取了", "我发小搬去成都了"
    # ... with what they are to the user between: "我最好的朋友小雨跟她学长在一起了", "我大学室友"
    rf"|^\s*{_LEAD_ZH}我(?:最好|最要好|大学|高中|初中|小学|以前|之前|老家|公司)的?(?:{KIN_ZH})"
    # (after a word of place the relative is where the user is: "在我妈家旁边租了个小两居", "搬到我姐那边住")
    # ... or called an old one: "我老姐妹刘姐换到阜外医院了", "我老同学"
    # ... or one of the user's household: "我家老头子换了个新号", "俺媳妇换了个号" (俺: the northern 我)
    rf"|^\s*{_LEAD_ZH}(?:我|俺){_MY_KIN_ZH}|^(?![^，,。]{{0,2}}(?:在|住在?|搬到|搬去)我)[^，,。我跟和给帮陪对让叫逼请替]{{1,3}}我(?:{KIN_ZH})"
    # ... or one pointed at and described: "我那个转行做新媒体的侄子说…", "我那个侄子说"
    rf"|^\s*{_LEAD_ZH}(?:我|俺){_POINTED_AT_KIN_ZH}"
    # ... a few of them counted, wherever they are: "车上两个伙计都在搞生酮", "店里几个同事都换了号"
    rf"|^\s*{_LEAD_ZH}[^，,。！？我]{{0,4}}?[两三四五几好]个(?:伙计|同事|工友|朋友|同学|室友|舍友|姐妹|哥们|兄弟|师傅)"
    # ... or one met, described by what they do: "上礼拜有个做消防的老板想挖我过去"
    rf"|^\s*{_LEAD_ZH}[^，,。！？我]{{0,4}}?(?:我|俺)?有(?:一)?个[^，,。！？我]{{0,8}}?(?:老板|猎头|(?i:HR)|领导|老乡|亲戚|朋友|"
    r"同事|客户|学长|学姐|师兄|师姐|公司)"
    # ... a group named with what it does: "我们收银组的小周搬去宁波了", "我们队老朴被挖走了"
    rf"|^\s*(?:{_LEAD_IN_ZH})?(?:{_OUR_ZH})(?:{_GROUPS_ZH}|科|处|院|系|所|店|厂|车间)"
    r"(?:里)?(?:新来|刚来|那个)?的"
    # ... or one of it called by a nickname, with what they did: "我们队打野小胖搬去上海了" (not "我们队小组赛赢了"),
    # "我们船上二厨小刘辞职了"
    rf"|^\s*(?:{_LEAD_IN_ZH})?我们(?:{_GROUPS_ZH}|店|厂|车间|站|科|处|所|院|系|这边|那边|这儿|那儿|[\u4e00-\u9fff]?上)(?:里)?[\u4e00-\u9fff]{{0,3}}?(?:小|老|阿)[\u4e00-\u9fff]"
    r"(?:都|也|已经|刚|就|最近)?(?:搬|跳|辞|离|调|升|去|转|换|结婚|领证|订婚|分手|退|被|要)"
    # ... or called by the place they play in it: "我们二传小雨领证了", "我们主攻阿杰退役了"
    # ... or by their post and their name: "我们吧台主管小刘跳到对面 Vibe 去了"
    rf"|^\s*(?:{_LEAD_IN_ZH})?我们[\u4e00-\u9fff]{{1,5}}?(?:小|老|阿)[\u4e00-\u9fff]"
    r"(?:都|也|已经|刚|就|最近)?(?:搬|跳|辞|离职|调走|升|转会|换|结婚|领证|订婚|分手|退役|被)"
    # ... or the one in charge of it: "我们CTO最近迷上手冲", "我们主任调去省里了"
    # (with a word of its rank or its place before it: "我们主教练说…", "我们新经理")
    rf"|^\s*(?:{_LEAD_IN_ZH})?我{_LEADER_AFTER_ME_ZH}"
    rf"|^\s*(?:{_LEAD_IN_ZH})?(?:(?:{_OUR_ZH})?(?:{_GROUPS_ZH})(?:里的?|的)?"
    # ... or a colleague placed beside the user: "同组小林都跳去做地产了", "隔壁组的老张"
    r"|同(?:组|部门|科室|事|办公室|实验室)|隔壁(?:组|部门|科室|工位|桌)的?)?"
    rf"(?:[老小](?:{_SURNAMES})(?![了过子])|{_BY_SURNAME_ZH}"
    # ... or one of them, counted: "组里一个同事跳去字节了", "有个朋友搬去成都了", "有个学生家长换号了"
    rf"|(?:有)?(?:一|两|几)?个(?:学生|病人|客户|孩子|朋友|同事)?(?:{KIN_ZH}))"
    # ... or one the user describes: "跟我同期进来的老周被调去国际化事业部了"
    # (老 only: "有什么维持异地感情的小方法" names no 小方)
    rf"|^\s*{_LEAD_ZH}[^，,。！？]{{1,10}}的(?:老(?:{_SURNAMES})(?![了过子师])|{_BY_SURNAME_ZH})"
    # ... a 小 one too, with what they did: "跟我同期进来的小周跳槽去星云科技了"
    # (or by a given name: "跟我同一年进公司的小芳升主管了")
    rf"|^\s*{_LEAD_ZH}[^，,。！？]{{1,10}}的小(?:{_SURNAMES}|(?![区组店时])[\u4e00-\u9fff])(?:都|也|已经|刚|最近|突然)?"
    r"(?:跳槽|搬|辞|离职|调|升|换|结婚|分手|退|被|去了)"
    # ... or named by what they do and what they are called: "我们这儿的助理小何换邮箱了"
    # (not one the user is with: "现在跟大学同学老周合伙"; but "跟我同期进来的老周" is 老周)
    rf"|^\s*{_LEAD_ZH}(?:(?!(?:跟|和|与|陪|帮|给)(?!我))[^，,。！？]){{0,10}}的?(?:{KIN_ZH})[老小](?:{_SURNAMES})(?![了过子])"
    # ... or a couple or a family, by whatever name: "对门老邓两口子把房子卖了", "张姐夫妇搬去海南了" (not the user's:
    # "我们一家", "咱俩")
    r"|^\s*(?:还有|然后|而且|对了|另外)?[^，,。！？我咱俺]{1,8}?(?:两口子|夫妇|夫妻俩|一家(?:人|子|三口|四口|老小))"
    # ... or called by the post they hold: "护士长比较严", "店长又调走了", "家长们都说…"
    r"|^\s*(?:还有|然后|而且|对了|另外)?(?:护士长|店长|科长|院长|校长|班长|组长|队长|部长|处长|厂长|村长|社长|会长|行长|"
    r"局长|所长|站长|家长|董事长|船长|机长|列车长|车间主任|教导主任)(?!的)"
    # ... or counted as some of a kind: "好多客户白天上班", "有些同事搬去了新园区"
    rf"|^\s*{_LEAD_ZH}(?:好多|很多|不少|有些|一些|大部分|大多数|那些|这些|其他|别的)(?:{KIN_ZH})"
    # ... or one placed beside the user: "坐我对面的老张跳槽了", "我们院子里的王婆婆搬去深圳了"
    rf"|^\s*{_LEAD_ZH}{_PLACED_ZH}(?:[老小](?:{_SURNAMES})|{_BY_SURNAME_ZH}|{_ELDERS_ZH}|{KIN_ZH})"
    # a deed done for someone else is theirs: "那是帮我表弟搬家", "helping my brother move out"
    # someone else's contact detail, wherever in the clause: "put my wife's new number in", "存一下我老婆的新号码"
    # (not a name the user took: "I took my husband's name")
    rf"|(?<!\btook\s)(?<!\btake\s)(?<!\btaking\s)(?<!\btaken\s)"
    rf"\b(?:my|our)\s+(?:\w+\s+)?(?:{PEOPLE_EN})(?:'s|\u2019s|s')\s+(?:new\s+|old\s+|work\s+)?(?:cell|phone|number|e-?mail|address|name|surname)\b"
    rf"|(?:我|俺)(?:的)?(?:{KIN_ZH})的?(?:新|旧)?(?:手机号|电话|号码|邮箱|名字)"
    rf"|帮(?:我的?)?(?:{KIN_ZH})|帮(?:他|她)们?|\bhelp(?:ing|ed|s)?\s+(?:my|our|a)\s+(?:\w+\s+)?(?:{PEOPLE_EN})\b"
    # someone the user moves, takes or settles somewhere moves, not the user: "moved Mom into assisted living in
    # Cincinnati" ("把我妈接到杭州了" is a relative named after one word, above)
    # ... and so is what the user set someone up with: "so I finally set dad up with his own email"
    rf"|\bset(?:ting)?\s+(?:my\s+|our\s+)?(?:{PEOPLE_EN})s?\s+up\s+with\b"
    rf"|\b(?:mov|settl|driv|dropp|tak|took|brought|bring|put|putting|got|getting)\w*\s+(?:my\s+|our\s+)?(?:{PEOPLE_EN})s?\s+"
    r"(?:into|in\s+to|to|out\s+of|over\s+to|back\s+to|in\s+with)\b",
    re.IGNORECASE,
)
_SERVES_THE_USER = re.compile(
    rf"^\s*(?:{_LEAD_IN}\s+)?(?:(?:my|our|the)\s+(?:\w+\s+)?(?:{ROLES_EN})\b"
    rf"|(?:{ROLES_EN})s?\s+(?:\w+ed|is|was|says|said|thinks|keeps|wants|told|put|gave)\b)"
    # "还有移动客服天天打电话让我携号转网", "医生说我…"
    # not "被医生骂了一顿" nor "升客服主管之后": that is the user, and so is one who follows the advice
    # ("听医生的，素不吃了"), nor a role the user moved from ("从销售调去行政部了")
    rf"|^\s*(?:{_LEAD_IN_ZH})?[^，,。我被升当做任听按照遵从]{{0,4}}(?:{ROLES_ZH})",
    re.IGNORECASE,
)
# ... who tell the user what to do: "客服天天打电话让我携号转网"
# "医生让先别搞这些" tells the user ("要不要" weighs whether to)
# ... or forbids the user something: "医生不让碰辣的 现在只能吃点粥", "医生下了死命令，辣的一口都不准碰了",
# "医生让忌辛辣"
_TELLS_ME_ZH = re.compile(
    "(?:让|要(?!不要)|叫|逼)(?:我(?!们)|先|别|不要|忌|戒|少吃|多吃|控制)|不让|不准|下了?(?:死)?命令"
    # ... or urges it day after day: "家里人天天劝，现在已经不吃素了"
    "|劝(?!酒)"
)
_TELLS_ME_EN = re.compile(r"\b(?:told|asked|want(?:s|ed)?)\s+me\s+to\b", re.IGNORECASE)
_CONTACT_WORDS = re.compile(r"\b(?:e-?mail|address|number|phone|cell)\b|邮箱|号码|手机号|电话|地址", re.IGNORECASE)
_A_CONTACT = re.compile(r"[\w.+-]+@[\w-]+\.\w|\d{3}[\s.)-]*\d{3}[\s.-]*\d{3,4}")
_URGES_ME = re.compile(
    r"\b(?:tells?|telling|urg(?:es|ed|ing)|push(?:es|ed|ing)|nag(?:s|ged|ging))\s+me\s+to\b", re.IGNORECASE
)
_WEEKDAY_EN = "(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_PLAN = re.compile(
    # (a change only expected: "well looks like im getting bumped to project manager in october")
    r"\blooks\s+like\s+(?:i'm|im|i\s+am|i'll|we're|we'll)\s+(?:\w+\s+)?(?:getting|going|gonna|moving|being)\b|"
    r"\b(?:might|maybe|perhaps|thinking\s+(?:about|of)|(?:thought|toyed\s+with\s+the\s+idea)\s+(?:about|of)\s+(?:\w+\s+){0,2}?\w+ing\b|thinking\s+(?:that\s+)?(?:i|we)(?:'ll|\s+will|\s+might|\s+may|'d|\s+would|\s+should)\b|considering|consider|plan(?:ning)?\s+to|going\s+to|gonna|"
    r"want\s+to|wanna|would|"
    # ... and its contraction before a verb's plain form ("I'd love to live in Paris", "where we'd live"), not "had"
    # before a participle ("I'd moved to Denver by then", "I'd been living in Leeds") nor a way of telling ("thought
    # I'd let you know I moved", "I'd say I'm vegan now")
    r"\b(?:i|we|you|he|she|they)['\u2019]d\s+(?!(?:\w+ly\s+)?(?:been|had|gone|got|gotten|done|left|seen|taken|made|found|bought|sold|"
    r"given|known|told|met|kept|spent|lost|won|heard|thought|felt|become|begun|broken|chosen|driven|eaten|fallen|flown|"
    r"forgotten|grown|shown|spoken|written|already|just|never|always|finally|\w+ed|say|let|guess|imagine|think|call|"
    r"describe|put|add|mention|note|like\s+to\s+(?:let|tell|share|update|say|mention|add))\b)\w+|(?:i|we)\s+(?:should|ought\s+to)\b|(?<!even\s)if(?!\s+(?:you|u)\b)|wondering|not\s+sure|hoping|hope\s+to|[0-9]+%\s+sure|(?:pretty|fairly|almost|quite)\s+sure\s+(?:i'm|i\s+am|im|i'll|i\s+will)\b|tempted|should\s+i|"
    # a decision left open: "if I do I'd probably want reminders in the morning instead. we'll see"
    r"\bwe(?:'ll|\u2019ll|\s+will)\s+see\b|\btime\s+will\s+tell\b|到时候再说|看情况吧|还没定|"
    # a trip to plan is still to come: "can you help me plan a 3 day spring break trip"
    r"\bplan\s+(?:a|an|my|our|the|this)\s+(?:[\w-]+\s+){0,4}(?:trip|vacation|holiday|getaway|road\s*trip|visit|itinerary)\b|"
    # a change being explored is not a change made
    r"recruiters?|interview(?:s|ing|ed)?|final\s+rounds?|onsites?|phone\s+screens?|\boffered\s+me\b|\bpitched\s+me\b|"
    # ... and so is a vacancy seen: "there's an opening for an ML engineer on the platform team", "a head concierge
    # opening at the Four Seasons", "the John Deere store … is hiring a parts counter person"
    r"\b(?:an?|the)\s+(?:[\w-]+\s+){0,3}?(?:opening|vacancy|job\s+posting)(?=\s+(?:for|on|at|in|with)\b|\s*[.,!?]|\s*$)|"
    r"(?:\bis|\bare|'s|'re|\u2019s|\u2019re)\s+(?:\w+\s+)?hiring\b|"
    # ... or advertised: "saw an ad for head groundsman at the county football ground", "they advertised it internally"
    r"\b(?:saw|seen|spotted|found)\s+(?:an?\s+)?(?:job\s+)?(?:ad|advert|advertisement|posting|listing)\b|\badvertis(?:ed|ing)\b|"
    # looking is no move: "scrolling apartment listings", "test-drove a Model 3", "看房", "试驾"
    # (a listing agent's job is listings: "I'm a listing agent in Charlotte")
    r"listings?(?!\s+(?:agent|broker|specialist|coordinator|photographer)s?\b)|"
    r"(?:house|apartment|flat|home)[- ]hunting|test[- ]?dr(?:ive|ove|iving)|"
    r"\blooking\s+(?:at|into)\s+(?:\w+\s+)?(?:moving|relocating|houses|homes|apartments|condos|places|flats|buying|selling)\b|"
    # ... at one thing, bigger or newer than the one had: "looking at a bigger space in Oakland"
    r"\blooking\s+at\s+(?:a|an|some)\s+(?:bigger|smaller|new|newer|cheaper|nicer|different|second)\s+\w+|"
    # ... and so is one lent for a while: "Kia just dropped off an EV9 for a sponsored review… then it goes back"
    r"\bloaner\b|\brental\s+car\b|\bfor\s+a\s+(?:sponsored\s+|paid\s+)?(?:review|test)\b|\bit\s+goes\s+back\b|"
    # ... and so is shopping for one: "I was even browsing Kia Niros for me"
    r"\bbrowsing\b|\bshopping\s+(?:for|around)\b|"
    # a deposit orders what is not had yet: "put a deposit down on a Model Y", "定金交了"
    r"\b(?:put|paid|placed|left)\s+(?:down\s+)?(?:a\s+|the\s+)?deposit\b|\bdeposit\s+(?:down\s+)?on\b|"
    # a decision said as a guess: "I think I'm taking the offer"
    r"(?:\bi\s+think|\bprobably)\s+(?:i'm|im|i\s+am)\s+\w+ing\b|(?<!accepted\s)(?<!took\s)(?<!signed\s)(?<!signed\sthe\s)(?:job\s+offer|an\s+offer)|applying|applied|"
    # an offer had is not yet taken: "got a verbal offer from Kestrel", "waiting on the written one"
    r"(?:got|received|getting|have|had)\s+(?:an?\s+|the\s+)?(?:verbal|written|official|formal|job)\s+offer|"
    r"(?:got|received)\s+the\s+offer\b|"
    # taking an offer whose job starts later: "accepting Novacrest, start date April 7"
    # a letter of resignation to write or hand in: the job is still the user's until the last day
    r"\bresignation\s+letter\b|"
    r"\baccepting\s+(?!(?:it|that|this|the\s+(?:fact|situation|change))\b)|\bstart\s+date\b(?!\s+(?:was|went))|"
    r"(?:made|gave|sent|extended)\s+me\s+(?:an?\s+|the\s+)?(?:\w+\s+)?offer\b|"
    # a plan the past held is no change: "I was all set to transfer to Columbia", "was going to move"
    r"\b(?:was|were)\s+(?:all\s+)?(?:set|going|about|planning|ready)\s+to\b|"
    # what is still to come is a plan, however sure: "next month", "we're moving to Oslo", "下个月搬"
    # ("年后正式入职了" is done: after a holiday that may have passed, 了 says it happened)
    r"(?:next|nxt)\s+(?:week|wk|weekend|wknd|month|mo|year|yr|spring|summer|fall|autumn|winter|season|semester|term|"
    r"quarter|school\s+year|academic\s+year)|"
    # (not a deed done on that day: "Lumen did a 'restructuring' and my whole team got cut on Thursday")
    # (nor a thing named: "we did the courthouse thing on Tuesday!!")
    rf"\b(?!(?:some|no|any|every)?thing\b)\w+ing\b(?:(?!\b(?:got|was|were|did|had)\b).){{0,40}}\b(?:tomorrow|tonight|on\s+{_WEEKDAY_EN}|this\s+(?:weekend|evening))|"
    # ... or a bare weekday closing the clause: "giving notice monday" (not "Timing works because Friday was…")
    rf"\b(?!(?:some|no|any|every)?thing\b)\w+ing\b(?:(?!\b(?:got|was|were|did|had)\b).){{0,40}}\b{_WEEKDAY_EN}\s*[.!]*$|"
    r"tomorrow|tmrw|2morrow|hypothetically|put\s+me\s+up\s+for|nominated\s+me\s+for|up\s+for\s+(?:promotion|a\s+promotion)|in\s+(?:a\s+few|two|three|\d+)\s+(?:days|weeks|months)|"
    r"will\s+(?:be\s+(?:moving|starting|joining|relocating)|become|change\s+to|switch\s+to)|"
    r"(?:'m|am|are|'re)\s+(?:moving|relocating|switching)\s+(?:to|off|away|over)|"
    # something on its way is not had yet: "WE'RE GETTING A PUPPY", "I'm getting a new car"
    r"(?:'m|am|are|'re)\s+getting\s+(?:a|an|another)\b(?!\s+(?:lot|bit|little|few|feeling|sense|headache))"
    r")\b"
    # what something felt like is no state: "honestly it felt like living there", "简直像在那安家了"
    r"|\b(?:felt|feels|feel|feeling)\s+like\b|\bas\s+if\b|简直像|就像|好像|差点"
    # ... nor is what almost happened: "we almost bought a Model 3 last week" (as "差点就定了")
    r"|\b(?:almost|nearly)\s+(?:\w+ed|bought|took|went|got|made|quit|left|sold|signed|said\s+yes)\b"
    # a request for today or this once sets no standing preference: "今天的先发我吧", "just this once, in French"
    r"|今天的?先|这次先|这回先|就这一次|\bjust\s+(?:this\s+once|for\s+today|this\s+time)\b|\bthis\s+time\s+only\b|\bfor\s+today\s+only\b"
    r"|\bone[- ]off\b|\bexception\s*(?::|for\s+(?:today|this|now))|\b(?:this|that)\s+one\s+(?:as|in)\b"
    # ... nor does a piece of writing asked for in a language: "write this birthday card message for my nain in Welsh"
    r"|\b(?:write|translate|put|draft|say)\s+(?:this|that|it|my|the|a|an)\s+(?:[\w'-]+\s+){0,8}?(?:in|into)\s+"
    rf"(?:{LANGUAGES_EN})\b"
    # a car gone to see is looked at, not bought: "周末去看了Model Y，试驾挺爽…不过没买"
    r"|(?:去|跑去)(?:店里|4S店)?看了(?:一下|下|一眼)?(?:[A-Za-z]|[\u4e00-\u9fff]{0,3}车)"
    r"|考虑|打算|如果|要是|假如|假设|要不是|(?:交|付|下)了?[^，,。]{0,6}?(?:定金|订金)|(?:定金|订金)(?:都|也|已经)?(?:交|付)|下定|试驾|看房|找房|看车|(?:都|已经)?看中了|看好了(?=[^，,。！？]{0,4}\d)|"
    # someone's pick for the user is no choice made (not picks asked of the assistant: "以后给我推荐清淡的")
    r"(?<!以后)(?<!今后)(?<!你)(?<!请)(?<!都)给我推(?:荐)?了?|"
    + _IF_ZH
    + r"|念头|(?:给|发)了?(?:我)?(?:个)?(?i:offer)|拿到(?:了)?[^，,。]{0,8}(?i:offer)"
    r"|心里(?:有点|有些)?痒|心动|可能|准备|计划(?![^，,。]{0,4}(?:放弃|取消|黄了|泡汤|作废))|还没定|只是问问|犹豫|纠结|想要|想去|想搬|想换|想把(?![^，,。]{0,12}(?:改成|改到|换成|调到|调成|设成|设置))|想过|想着|考虑过|打算过|真想|好想|有点想|有些想|还挺想|要不(?:我|咱)|想[^，,。]{1,8}很久了|试试[^，,。]{0,10}看|先试(?:一下|一阵|几天)|面试|猎头|投简历"
    # an interview had is no job: "上周偷偷面了家基金公司", "终面过了"
    # ... and a post open: "科里空出来一个副主任的位置", "他们在招人"
    # ... and a post open: "好利来在招裱花师", or offered: "有个…的位置来问我意向" (not 招商银行, 招行)
    r"|空出来?(?:一)?个|(?:在|正在)招(?!商|行|标|呼|待|牌)|有(?:个|一个)?空缺|问我(?:有没有|的)?意向"
    r"|面了(?:一)?(?:家|个|两家|几家)|(?:一|二|三|终)面(?:过了|挂了|完了?|了)"
    # what the user still waits for has not happened: "还在等背调", "waiting on the background check"
    r"|(?:还在|正在|在)等(?!等)|背调|\bbackground\s+check|\bwaiting\s+(?:on|for)\s+(?:the\s+|my\s+)?(?:offer|visa|paperwork|approval|keys|contract)\b"
    # ... and a change said to be at hand: "感觉我要跳槽了", "我要搬家了" (not "不要", "需要", "主要")
    r"|(?<![不需主重只])要(?:跳槽|辞职|离职|裸辞|搬家|搬走|换工作|转行|入职|调走)"
    r"|下个?月|下周|下礼拜|下星期|明年|(?:从)?明天(?:起|开始)|下半年|(?:年|节)后(?![^，,。]*了)|过几天|过段时间|即将|快要|将要|要搬|"
    r"会变成|会改成|会换成|将会|[一二三四五六七八九十\d]{1,2}月(?:份|底|初|中旬?|末)?(?:就|要|会)?(?:搬|去|入职|开始)(?![^，,。]*了)"
    # ... or at the month's or the year's end without its number: "Polo卖掉，月底去提一辆Model 3"
    # (not one gone by: "去年底搬来厦门的时候", "上个月底去的")
    r"|(?<![去前上个])(?:月底|月初|年底|年初)(?:就|要|会)?(?:搬|去|入职|开始|提车|提)(?![^，,。]*了)",
    re.IGNORECASE,
)
_PAST = re.compile(
    # (a comparison is no stay: "happier than they were in the desert")
    r"(?<!than\s)(?<!than\sthey\s)(?<!than\swe\s)(?<!than\sit\s)(?<!than\si\s)"
    r"\b(?:was|were)\s+in\b(?!\s+(?:it|them|that|the\s+(?:cut|layoffs?|first\s+round)))|\btrip\b|"
    # a place gone to for an occasion: "went up to Edinburgh last week for a PhD interview"
    r"\bwent\s+(?:up\s+|down\s+|over\s+|out\s+)?to\s+[^.,;!?]{1,40}?\bfor\s+(?:a|an|the|my|our)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:interview|conference|wedding|meeting|funeral|visit|weekend|game|concert|workshop|tournament|race)\b|"
    # (a visit to a doctor or from one is no trip: "doc visit was rough")
    r"(?<!doc\s)(?<!doctor\s)(?<!dentist\s)(?<!vet\s)(?<!clinic\s)(?<!er\s)(?<!home\s)(?<!site\s)(?<!office\s)(?<!follow-up\s)"
    r"\bvisit(?:ed|ing)?\b|\bvacation\b|\bholiday\b|"
    # (a conference's things are no stay: "switching every journal and conference profile to…")
    r"\bconference\b(?!\s+(?:profiles?|calls?|rooms?|papers?|submissions?|accounts?|deadlines?|reviews?|badges?|stuff|emails?|mail|lists?))|"
    # (a travel nurse or a travel contract is a kind of job, no trip)
    r"\btravel(?:l?ed|ling|ing)?\b(?!\s+(?:nurs\w*|contracts?|assignments?|agents?|agency|jobs?|gigs?|positions?|roles?|medics?|therapists?|techs?|clinicians?|writers?|industry|insurance))|\bback\s+from\s+(?!the\s+honeymoon)"
    # days or weeks somewhere are a stay: "three weeks here and…", "two weeks in Lisbon" (not "two weeks in and…")
    r"|\b(?:a|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:days|weeks)\s+(?:here|in\s+(?-i:[A-Z])\w+)\b"
    r"|\bbeen\s+here\s+(?:for\s+)?(?:a|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:days|weeks)\b"
    # a stay for a while is no home, a car for a while no car of one's own: "这几周我一直住在我爸妈那儿"
    r"|\btemporarily\b|\b(?:staying|crashing|living)\s+(?:with|at)\b.{0,30}\bfor\s+(?:a\s+few|a\s+couple\s+of|the\s+next|"
    r"two|three|\d+)\s+(?:days|weeks)\b|(?:这几周|这几天|这阵子|这段时间|暂时|临时)[^，,。]{0,8}(?:住|待|借住|开的是|开着)"
    # ... and so is a number to reach the user at for a few days: "这几天有事打 +66 80 000 4417", "for the next few
    # days text me at…"
    r"|(?:这几周|这几天|这阵子|这段时间|暂时|临时)[^，,。]{0,4}(?:有事)?(?:打|联系|找我|用这个)"
    r"|\bfor\s+the\s+next\s+(?:few|couple\s+of|two|three|\d+)\s+(?:days|weeks)\b[^.]{0,20}\b(?:call|text|reach|email)\b"
    # a stay counted in days or weeks is a trip: "stayed two weeks in Lisbon", "在洱海边住了两周"
    r"|\b(?:stayed|spent)\s+(?:for\s+)?(?:a|an|one|two|three|four|five|a\s+few|a\s+couple\s+of|\d+)\s+(?:nights?|days?|weeks?|months?)\b"
    r"|\bspent\s+(?:all\s+of\s+|most\s+of\s+)?(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|the\s+summer|the\s+winter|the\s+spring|the\s+fall)\b"
    r"|\bback\s+from\s+(?:a|an|one|two|three|a\s+few|a\s+couple\s+of|\d+)\s+(?:nights?|days?|weeks?|months?)\s+(?:in|at)\b"
    # a car hired for a while is no car of one's own: "租了台 Model 3 开了一周", "rented a jeep on Maui"
    r"|\brent(?:ed|ing)\s+(?:a|an)\s+(?:\w+\s+)?(?:car|van|suv|truck|jeep|convertible)\b|\brental\s+car\b|租了?(?:一)?(?:台|辆)|租车"
    # (a stay still going on is a home: "在杭州住了一个多月了 感觉节奏慢好多")
    # a night in a hotel or an Airbnb is a stay, not a home: "住公司订的酒店", "staying at a hotel by the venue"
    r"|\b(?:stay(?:s|ed|ing)?|sleeping|crashing|living)\s+(?:at|in)\s+(?:a|an|the|this|our|my)?\s*(?:[\w'-]+\s+){0,2}?"
    r"(?:hotel|hostel|motel|airbnb|b&b|guesthouse)s?\b|住(?:在)?[^，,。]{0,10}(?:酒店|宾馆|民宿|旅馆|招待所|青旅|青年旅舍|旅社|(?i:airbnb))"
    # a dream is no state: "I dreamt last night that I worked at NASA", "梦见我搬回老家了" (not "my dream job")
    r"|\bdream(?:t|ed)\s+(?:last\s+night\s+|that\s+|about\s+|i\b|we\b)|\bhad\s+a\s+(?:weird\s+|crazy\s+|strange\s+)?dream\b"
    r"|\bin\s+my\s+dreams?\b|做梦|梦见|梦到|梦里|梦中"
    r"|怀念|想念|住的那[^，,。]{0,3}(?:天|晚|周|个?月|年)|出差|去[^，,。我]{1,6}开了(?:一周|几天|两天|三天|一个月|个)?的?会|旅游(?!团|社|局|业)|旅行(?!社|团)|度假|玩了|去[^，,。我]{1,6}(?:玩(?!具)|耍)|(?:去|回)了一?趟|探亲|参观|逛了|去[^，,。我]{1,8}看(?:了)?(?:个|场)?(?:展|演出|比赛)|从[^，,。]{1,6}回来|(?:住|待)了(?:整整)?[一两二三四五六七八九十几半来俩\d]*整?(?:个)?多?(?:晚|天|周|星期|礼拜|月)(?!了|的?院)"
    # ... and so is a stint somewhere, a week's training or a summer's internship ("上个月去广州培训了一周", "暑假在深圳
    # 实习了俩月"; one still going on is not: "在这边实习了俩月了")
    r"|(?:培训|集训|进修|实习|学习|驻场|借调)了(?:整整)?[一两二三四五六七八九十几半来俩\d]*整?(?:个)?多?(?:天|周|星期|礼拜|月)(?!了)"
    # ... or days worked or stayed there, or a posting lent out for a while ("被抽调去新疆哈密装光伏，在那边干了二十
    # 多天")
    r"|在(?:那边|那儿|那里|当地|工地上?)(?:干|待|呆|住|做)了[一两二三四五六七八九十几半来俩\d]+多?(?:个)?(?:天|周|星期|礼拜)(?!了)"
    # ... there named first: "十月在乌镇戏剧节那边跟了半个月的妆"
    r"|在[^，,。我]{1,10}(?:那边|那儿|那里)(?:干|待|呆|住|做|跟|忙|拍|演)了[一两二三四五六七八九十几半来俩\d]+多?(?:个)?(?:天|周|星期|礼拜|月)(?!了)"
    r"|被(?:抽调|借调)(?:去|到)"
    # going home is a visit at a holiday or for a few days, else often a move back ("辞职回老家了")
    r"|(?:过年|过节|春节|国庆|五一|中秋|端午|放假|假期|周末)[^，,。]{0,6}回老家|回老家(?=[^，,。]{0,6}(?:过年|过节|探亲|看看|玩|几天|一趟|住几))",
    re.IGNORECASE,
)
# A stretch of time pointed at with 那: "那半年", "那两年", "那三个月" (not "那天", a day something happened)
_THAT_STRETCH = r"那(?:[一两二三四五六七八九十几半]+)(?:个)?多?(?:年|月|周|星期|礼拜)"
# A state that held once and no longer does: "back when I was at Oracle", "my old job", "以前在阿里的时候".
_FORMER = re.compile(
    # ("got used to it" is a habit formed, not a former state)
    r"\bback\s+when\b|\bwhen\s+i\s+(?:lived|worked|was\s+(?:living|working|based|studying))\b|(?<!get\s)(?<!got\s)(?<!gets\s)(?<!getting\s)(?<!be\s)(?<!am\s)(?<!'m\s)(?<!is\s)(?<!are\s)\bused\s+to\b|\bformerly\b|\bback\s+in\s+(?:the\s+day|my\b"
    # (not a room the user is back in: "I'm back in my childhood bed")
    r"(?!\s+(?:childhood\s+|old\s+)?(?:bed|bedroom|room|home|house)\b))"
    r"|\bmy\s+(?:old|former|previous|last|ex-?)\s*(?:job|company|employer|workplace|office|place|apartment|flat|house|"
    r"school|team|boss|manager|number|phone|email|address|car|title|role)\b"
    r"|以前|之前在|原来在|曾经|当年|那时候|小时候|小的时候|(?<![点时分])那会儿|上一家|前公司|前东家|老东家|老公司|旧号|老号码|旧邮箱"
    # a stretch of time pointed back at: "在新加坡外派那半年", "住杭州那两年"
    rf"|{_THAT_STRETCH}",
    re.IGNORECASE,
)
# ... unless the clause says the former value is gone now: "my old number doesn't work anymore", "旧号停机了"
_GONE_NOW = re.compile(
    r"\bany\s?more\b|\bno\s+longer\b|\bdoesn't\s+work\b|\bis\s+dead\b|\bdeactivated\b|\bshut\s+down\b"
    r"|\b(?:couldn't|could\s+not|can't)\s+(?:port|keep|get\s+back)\b"
    r"|不再|停机|停用|注销|不用了|没了|作废|没能保留|没保留|没保住|保不住|要不回来|找不回来",
    re.IGNORECASE,
)
# ... but a state that began with a trip is a state now: "ever since the chengdu trip I put chili on everything"
_SINCE_A_TRIP = re.compile(
    r"\bsince\s+(?:the|my|our|that|this)\s+(?:[\w-]+\s+){0,2}(?:trip|visit|vacation|holiday)\b|自从[^，,。]{0,8}(?:旅游|旅行|回来)",
    re.IGNORECASE,
)
_REPORTED = re.compile(
    # (not the user's own words in writing: "right now it says 'Data Engineer @ Tidewell'", "my bio says"; nor the
    # assistant's advice taken: "went the courthouse route like you said"; nor a farewell: "said bye to the altima")
    r"\b(?:(?<!\bit\s)(?<!\bbio\s)(?<!\bheadline\s)(?<!\bprofile\s)(?<!\bsignature\s)says|(?<!\bi\s)(?<!\blike\syou\s)(?<!\blike\su\s)(?<!\bas\syou\s)said(?!\s+(?:good)?bye\b|\s+farewell\b)|told\s+me|asked\s+me|introduced\s+me|calls?\s+me\s+'|keeps?\s+(?:telling|saying))\b"
    # an answer to the user's proposal or confession ends someone else's words: "我跟小雯表白了，她说好"
    r"|(?:她|他)(?:说好|说愿意|答应了)"
    # someone's pitch to the user is theirs: "spent the whole lunch trying to get me to go vegan"
    r"|\b(?:trying|tried|tries)\s+to\s+(?:get|make|convince|persuade|talk)\s+me\s+(?:to|into)\b"
    r"|\b(?:is|was|'s|were|are|'re)\s+(?:all|like)\s*[,:]?\s*['\"\u201c]"
    r"|(?<!你)(?<!话)(?<!老实)(?<!所以)(?:念叨|介绍|说)(?:让我|我)|^\s*(?:还|又|也)?(?:让|叫|逼)我"
    # someone urging or advising the user: what they want, not what the user did (喊我 urges only before a deed:
    # URGED_DEEDS_ZH)
    r"|(?:劝|催|怂恿|撺掇|忽悠|建议)我|"
    rf"喊我(?={URGED_DEEDS_ZH})|"
    r"非(?:要|让|得)我|说什么|\b(?:advised|recommended|suggested)\s+(?:me|that\s+i)\b"
    # someone's announcement about the user: "my khala announced to a table of ten people that I'm engaged"
    r"|^\s*(?:\w+\s+){0,3}my\s+\w+\s+(?:announced|claimed|insisted|told\s+(?:everyone|everybody|people))\b"
    # ... or a rumour about the user: "the guys on the crew are telling everybody i quit being vegetarian", "big Sal
    # swears he saw me eating jerky"; someone scolding the user what to do: "打电话骂我说该戒辣了"
    r"|\b(?:telling|tells|told)\s+(?:everyone|everybody|people|the\s+whole\s+\w+)\b"
    r"|\b(?:swears?|swore|claims?|claimed|insists?|insisted|reckons?)\s+(?:that\s+)?(?:he|she|they|i|i'm|im|my)\b"
    r"|(?<!我)(?:骂|数落|训|念叨)我|(?<![我你])说(?:我)?(?:该|应该)"
    # ... or told others something of the user: "my coworker told half the office I got engaged"
    r"|^\s*(?:\w+\s+){0,3}my\s+\w+\s+told\s+(?:\w+\s+){1,4}?(?:that\s+)?i\b"
    r"|\b(?:keeps?|kept)\s+(?:pushing|urging|nagging|saying|insisting)\b|\bwants?\s+me\s+to\b|\b(?:thinks?|says?)\s+(?:that\s+)?i\s+should\b"
    # a rumour about the user is someone's words: "群里有人传我离婚了", "说看见我…", "people think I quit"
    r"|(?:传|谣传|造谣|听说|以为)(?:说)?我|^\s*(?:还|又|也)?说(?!实话|真的|起来|来|个|句|到|好|定|不定|多|少|得|太|那么|这么|完)"
    # what the user heard or a notice said is hearsay: "听说港大有直博项目", "群里通知说邮箱要迁", "I heard Acme…"
    r"|听说|据说|听人说|(?:通知|公告|邮件|群里)(?:里)?说|\bi\s+(?:heard|hear)\b|\bheard\s+(?:that|from)\b"
    r"|(?<!\bnow\s)\bapparently\b|\btelling\s+(?:our\s+|my\s+)?(?:friends|people|everyone|everybody)\b"
    r"|\brumou?r(?:s|ed)?\b|\bgossip\w*|\b(?:people|someone|somebody|everyone)\s+(?:think|thinks|thought|assumes?|assumed)\b",
    re.IGNORECASE,
)


# What a record of the user's says is the user's state, not someone's words: "badge says Clinical Nurse Educator",
# "workday FINALLY says Staff Engineer", "my license finally says Dana Okafor"
_A_RECORD_SAYS = re.compile(
    r"\b(?:badge|signature|workday|licen[cs]e|passport|id|card|name\s*tag|nameplate|linkedin|profile|contract|payslip|"
    r"paystub|lease|directory|org\s+chart|diploma|certificate|door|mailbox|title|letter|paperwork|system|portal)\s+(?:now\s+|finally\s+|officially\s+|"
    r"already\s+|also\s+)?(?:says|reads|shows|lists)\b",
    re.IGNORECASE,
)


# Reminding the assistant of something said or done before asks nothing: "remember when i asked for bullet points?",
# "还记得我之前说要学法语吗？" (not an order to remember: "remember that I'm vegan now", "记得明天交房租")
_RECALLED = re.compile(
    r"^\s*(?:(?:ok|okay|so|hey|and|oh)[\s,]+)*(?:(?:do\s+you\s+|you\s+)?remember\s+when\b|(?:do\s+you\s+|you\s+)?remember\b.*\?\s*$)"
    r"|^\s*你?还记得.*(?:吗|[？?])\s*$",
    re.IGNORECASE,
)
# ... and the old one got rid of for a new one is a change now: "sold my old car and picked up a used Subaru Outback"
_REPLACED = re.compile(
    r"\b(?:sold|traded(?:\s+in)?|ditched|dumped|got\s+rid\s+of|said\s+(?:good)?bye\s+to)\s+(?:my|our)\s+(?:old|former|previous)\s+"
    r"[\w-]+(?:\s+[\w-]+)?\s+(?:and|for|&)\s+(?:\w+\s+)?(?:got|bought|picked\s+up|grabbed|leased|a|an|the)\b",
    re.IGNORECASE,
)
# ... and what is compared with an earlier time is said of now: "研究生宿舍比本科那会儿差多了"
_COMPARED = re.compile(
    r"比[^，,。]{0,8}(?:那会儿|那时候?|以前|之前)|\bthan\s+(?:back\s+)?(?:when|before|at\s+my\s+(?:old|last))\b",
    re.IGNORECASE,
)


# What an employer or boss did to the user's job is the user's change: "they bumped me to senior", "老板把我提拔成主管"
_DONE_TO_ME_WORDS_EN = (
    # (in every tense they are said in: "they're making me a personal banker", "they keep moving me around")
    r"\b(?:promot|bump|mov|nam|appoint|hir|fir|transferr?|poach)(?:e|es|ed|ing|s)?\s+me\b|\bmade\s+me\b"
    # (what makes the user laugh is no post: "making me a personal banker", not "making me crazy")
    r"|\b(?:make|makes|making)\s+me\s+(?:a|an|the|their|our|head|lead|senior|acting|interim|assistant|deputy)\b"
    r"|\b(?:laid|lay|laying|let|letting)\s+me\s+(?:off|go)\b"
    # ... and a post or a desk they put the user on: "they stuck me on the radio", "putting me on the lending side"
    r"|\b(?:put|puts|putting|stuck|sticking|stick|switched|switching|moved|moving)\s+me\s+(?:on|onto|in|into|over\s+to)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}?(?:side|desk|team|radio|phones?|floor|shift|line|unit|ward|crew|route|counter|"
    r"register|dispatch|front|lending|loans?|accounts?|role|job|position)\b"
    # ... or someone's post they handed the user: "they handed me his ops shift lead job"
    r"|\b(?:gave|handed|given|giving|handing)\s+me\s+(?:his|her|their)\s+(?:[\w-]+\s+){0,3}?(?:job|role|position|post|title|spot)\b"
    # ... and a role they gave the user: "They've got me as warehouse manager", "the Carrick Hotel took me on"
    r"|\b(?:got|have|has|put|signed|taken|took)\s+me\s+(?:on\s+)?as\b|\b(?:took|taken|taking)\s+me\s+on\b"
    # ... and what someone set up for the user is the user's: "my nephew set me up a fresh email"
    r"|\bset\s+me\s+up\b"
    r"|\b(?:changed|updated|bumped|converted|upgraded)\s+my\s+(?:title|role|position|post)\b"
    # ... or a word they took off the user's title or put on it: "dropped the 'staff' and stuck 'senior' in front of
    # my title"
    r"|\b(?:dropped|removed|took|taken|stuck|added|put|slapped)\s+[^.!?]{0,40}?\b(?:from|off|in\s+front\s+of|onto|on|to)"
    r"\s+my\s+(?:job\s+)?(?:title|role)\b"
    # ... and a post given, not offered: "they gave me the metro editor job"
    r"|\b(?:gave|handed|given)\s+me\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}?(?:job|role|position|post|title|promotion|spot)\b"
    # ... or a rank pinned on the user, a post the user was named to: "they pinned Master Sergeant on me friday"
    r"|\bpinned\s+(?:[\w-]+\s+){1,3}?on\s+me\b|\b(?:named|appointed)\s+me\s+(?:the\s+|as\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:principal|director|manager|head|chair|president|lead|captain|coordinator|editor|chief|dean)\b"
    # ... and a diet a doctor put the user on: "doc says my BP is too high and put me on the DASH diet"
    r"|\bput\s+me\s+on\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?diet\b"
)
_DONE_TO_ME = re.compile(
    _DONE_TO_ME_WORDS_EN + r"|把我(?:提拔|升|调|开除|裁|辞退|外派|派)|把我[^，,。！？]{0,6}?(?:提|升)(?:成|为|到)"
    # ... and a post they gave the user: "老板让我带班了", "直接让我做执行导演了"
    r"|让我(?:来)?(?:当|做|担任|接手?|带)了?[^，,。！？]{0,8}?(?:班|组|队|团队|导演|主管|经理|组长|店长|领班|负责人|主任|总监)"
    # ... or someone's post they put the user in: "领导让我顶上去", "局里让我接他的班", "所里留我当副研究员"
    r"|让我(?:来)?(?:顶上|顶替|接替|接(?:他|她|老\w)?的?班)|留我(?:当|做)",
    re.IGNORECASE,
)
# ... of which what was done in English names the user as its object, so the clause speaks of them ("公司要把我外派"
# is the company's plan)
_DONE_TO_ME_EN = re.compile(_DONE_TO_ME_WORDS_EN, re.IGNORECASE)


# A job won ends the interview before it: "interviewed for the nurse manager job in june and they picked me"
_WON_THE_JOB = re.compile(
    r"\b(?:they|he|she)\s+(?:picked|chose|hired|took)\s+me\b|\b(?:i|and)\s+got\s+the\s+(?:job|role|position|spot|gig)\b",
    re.IGNORECASE,
)


def _won_the_job(clause: str) -> bool:
    """Whether `clause` tells of a job won, not imagined ("if I got the job at that Dubai clinic I'd be earning…")."""
    return bool(_WON_THE_JOB.search(clause)) and not _IF.search(clause)


# Being poached is done, though a headhunter did it: "试用期刚转正就被猎头捞走了", "got poached by a recruiter"
_POACHED = re.compile(r"被[^，,。！？]{0,4}(?:挖|捞)(?:走|去|过去|过来)|\b(?:got|was|been)\s+poached\b", re.IGNORECASE)


def _exclaims(clause: str) -> bool:
    """Whether a clause's only question word exclaims (_EXCLAIMS), with or without a question mark ("房租怎么这么
    贵？？"); with another question word it still asks ("怎么这么贵，哪里能便宜点？")."""
    rest = _EXCLAIMS.sub("", clause).rstrip("?？!！ ")
    return bool(_EXCLAIMS.search(clause)) and not _QUESTION.search(rest)


# Someone named with the user as one subject: "my wife and I moved to Denver", "me and my roommate split a 2br"
_WITH_ME = re.compile(
    rf"^\s*(?:{_LEAD_IN}\s+)?(?:(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+\s+and\s+(?:i|me)\b|me\s+and\s+(?:my|our)\b)",
    re.IGNORECASE,
)


# A start fixed for a near day: "下周一入职", "start monday", "I start at Kessler on the 3rd", "start date May 12"
_DAY_AHEAD_EN = (
    rf"(?:{_WEEKDAY_EN}|the\s+\d{{1,2}}(?:st|nd|rd|th)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|next\s+(?:week|month|(?:mon|tues|wednes|thurs|fri)day)|tomorrow|tmrw)"
)
_STARTS_ON_A_DAY = re.compile(
    # (a crew signs on: "sign on tmrw in Antwerp — first trip as chief mate!!")
    rf"\b(?:start(?:s|ing)?|sign(?:s|ing)?\s+on)\b(?:\s+[\w&'-]+){{0,3}}?\s+(?:on\s+)?{_DAY_AHEAD_EN}\b|\bstart\s+date\b(?!\s+(?:was|went))"
    rf"|\bstart(?:s|ing)?\s+in\s+(?:a|one|two|three|four|five|six|\d+)\s+(?:days?|weeks?)\b|\bfirst\s+day\s+is\s+{_DAY_AHEAD_EN}\b"
    rf"|\b{_DAY_AHEAD_EN}\s+is\s+(?:day\s+(?:1|one)\s+(?:at|with)|my\s+first\s+day)\b"
    r"|(?:下(?:周|礼拜|星期)[一二三四五六日天]?|下个?月(?:初|中|底)?|明天|后天|[0-9一二三四五六七八九十]{1,2}(?:号|日))(?:就|正式)?"
    r"(?:去[^，,。！？]{1,8})?(?:入职|报到|上岗|上班|(?i:onboard)|开始上(?:班|课))",
    re.IGNORECASE,
)
# ... and what leaves a plan undecided, whatever its day
_UNDECIDED = re.compile(
    r"\b(?:might|maybe|perhaps|thinking|considering|planning|hoping|hope|if|unless|probably|wondering)\b|\bnot\s+sure\b"
    r"|打算|考虑|可能|如果|要是|也许|不确定|还没定|犹豫|纠结|想",
    re.IGNORECASE,
)


def _decided_for_a_day(clause: str) -> bool:
    """Whether a plan is decided and only its day lies ahead: a start fixed for a near day and nothing undecided
    ("下周一入职", "accepted, start monday"). The user's state as of that day; the day is not kept, so an as-of question
    between the two reads it early."""
    return bool(_STARTS_ON_A_DAY.search(clause)) and not _UNDECIDED.search(clause)


# Where to reach the user is the user's, whoever reaches: "people can text me at 206-555-0178 for swaps", "客户有事
# 可以打我电话 139 0000 2211"
_REACHES_ME = re.compile(
    r"(?:\b(?:text|call|reach|email|e-mail|contact|ping|message|dm|phone|find)\s+me\s+(?:at|on|via)\b|"
    r"(?:联系|找|打给|打)我(?:的)?(?:电话|手机|邮箱)?)[^，,。！？!?]{0,6}?(?:[\w.+-]+@[\w-]+\.\w|\d{3}[\s.)-]*\d{3,4}[\s.-]*\d{3,4})",
    re.IGNORECASE,
)

# A wish said with a rising "?" is said, not asked: "bullets were nice but honestly I want full paragraphs now?"
_WISH_RISING = re.compile(
    r"\b(?:i|we)\s+(?:(?:really|kinda|just|actually)\s+)?(?:want|prefer)\s+(?!to\s+(?:know|ask)\b)[^?？]*[?？]\s*$",
    re.IGNORECASE,
)

# A favour asked of the assistant: its "would" or "could" is no plan ("Would you mind using Mimi with me as well?")
_ASKS_YOU = re.compile(
    r"^\s*(?:[\w']+[,\s]+){0,3}?(?:would|could|will|can)\s+(?:you|u)\s+(?:mind|please|kindly)\b", re.I
)


def _wish_rising(clause: str) -> bool:
    """Whether `clause` says a wish of the user's with a rising "?" and asks nothing else (_WISH_RISING)."""
    return bool(_WISH_RISING.search(clause)) and not _QUESTION.search(_WISH_RISING.sub("", clause))


def reaches_me(clause: str) -> bool:
    """Whether `clause` says where to reach the user, with the number or address (_REACHES_ME)."""
    return bool(_REACHES_ME.search(clause))


_ADVISES_ME = re.compile(
    r"\b(?:says?|said|saying|tells?\s+me|told\s+me|telling\s+me)\s+(?:that\s+)?(?:i|u|you)\s+"
    r"(?:should|need\s+to|ought\s+to|have\s+to|must|gotta)\b",
    re.IGNORECASE,
)


def clause_mood(clause: str) -> str:
    """The mood of one clause; the first rule that applies wins (a third party's plan is a third party's)."""
    clause = _unshouted(clause)
    if (
        _THIRD_PARTY.search(clause)
        and not _DONE_TO_ME.search(clause)
        and not _WITH_ME.search(clause)
        and not reaches_me(clause)
    ):
        # (what they say the user should do is their words: "my new director keeps saying I should switch to writing
        # everything as full narrative paragraphs")
        return REPORTED if _ADVISES_ME.search(clause) else THIRD_PARTY
    # their advice to the user is their words; anything else is theirs (but what a record of theirs says is no one's
    # words: "the HR letter says Research Scientist"; and what they did to the user is the user's: "doc says my BP is
    # too high and put me on the DASH diet")
    done_to_me = bool(_DONE_TO_ME.search(clause))
    if _SERVES_THE_USER.search(clause) and not _A_RECORD_SAYS.search(clause) and not done_to_me:
        said = _REPORTED.search(clause) or _TELLS_ME_ZH.search(clause) or _WORDS_SAID.search(clause)
        return REPORTED if said else THIRD_PARTY  # ("医生说辣的一口都别碰" is the doctor's advice, said)
    if _NEGATED.search(clause) and not _NONE_NOW.search(clause):
        return NEGATED
    if _REPORTED.search(clause) and not _A_RECORD_SAYS.search(clause) and not done_to_me:
        return REPORTED
    if _RECALLED.search(clause):
        return PAST
    if _QUESTION.search(clause) and not (
        _REQUEST.search(clause) or _WHATEVER.search(clause) or _exclaims(clause) or _wish_rising(clause)
    ):
        return QUESTION
    asked = _ASKS_YOU.sub("", clause, count=1)
    if _PLAN.search(asked) and not (_STATE_FOR_NOW.search(clause) or _POACHED.search(clause) or _won_the_job(clause)):
        return ASSERTION if _decided_for_a_day(clause) else PLAN
    if (_PAST.search(clause) and not _SINCE_A_TRIP.search(clause)) or (
        _FORMER.search(clause)
        and not _GONE_NOW.search(clause)
        and not _COMPARED.search(clause)
        and not _REPLACED.search(clause)
    ):
        return PAST
    return ASSERTION


# A number or an address said to be some place's or someone's: "the pharmacy number is 312-555-0100", "his new address
# is …" (not "the new number is …": that is the user's)
ANOTHERS_CONTACT = re.compile(
    r"(?:\b(?:their|his|her|its|your)\s+(?:[\w-]+\s+){0,2}|\bthe\s+(?!(?:new|old|same)\b)[\w-]+\s+(?:[\w-]+\s+)?)"
    r"(?:new\s+|old\s+)?(?:number|#|phone|cell|e-?mail|address|line)\b|(?:他|她|它|他们|你)的",
    re.I,
)
# Someone else's new number or address told before it is written out: "我妈换号了 新号 139 0000 5521" (the number that
# follows is theirs, though its own clause names no one; in English the subject carries: "my mom got a new number.
# it's 555-0134")
ANOTHERS_NEW_CONTACT = re.compile(
    rf"(?:{KIN_ZH})[^，,。！？我]{{0,3}}换了?(?:个|了)?(?:新)?(?:的)?(?:手机号|号码|号|邮箱|手机)"
    # ... or whoever changed their own: "jess on my team changed her email after the wedding, its jess.hart@… now"
    r"|\b(?:changed|switched|updated|got)\s+(?:a\s+)?(?:his|her|their)\s+(?:new\s+)?(?:number|phone|cell|e-?mail|address)\b",
    re.IGNORECASE,
)
# A phrase that sets the scene, then the user as the subject: "and after a lot of back and forth I'm not doing…"
SCENE_THEN_I = r"(?:after|since|with|for|in|at|then|now)\s+(?:[\w'-]+\s+){0,6}?(?:i|i'm|im|i've|ive)\b"
# Finer than the extractor's clauses: a mood changes at any punctuation (an ellipsis too), an emoji, or a space between
# Chinese.
_CLAUSE_END = re.compile(
    # (a closing quote ends one: 'ok make it "got your files, will reply soon" then sign it with my email')
    # (a hyphen before a subject is a dash too: "big news at the club - our captain Danny just signed for…"; and so is
    # a full-width colon: "跟你八卦一下我们家的事：九月份我老公…")
    r"(?<=[!?;。！？；，,\n…：])(?![!?！？…])(?!(?<=\d,)\d)\s*|(?<=[\"\u201d\u300d\u300f])\s+|\s+[\u2014\u2013]\s+|\s+-\s+(?=(?i:my|our|his|her|their|the|i|i'm|we|he|she|they)\b|[A-Z][a-z]+\s)|(?<=[.:])(?<!\b(?i:St|Mt|Dr|Mr|Ms|Jr|Sr|vs)\.)(?<!\b(?i:Mrs)\.)(?=\s|$)\s*|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
    # ... and where the user comes in as a new subject: "Theo asked me yesterday | and I said YES", "my doctor said my
    # iron is low | so I'm eating fish again", "partner got poached by a company in Seattle | and we're now in Ballard",
    # "the landlord's selling | and we all had to get out by the 1st"
    # (not the user named beside someone: "Jonah and I broke up")
    r"|\s+(?=(?i:so|but)\s+(?i:i|i'm|im|i've|ive|they|he|she|we|my|the|our|it's|its|that's)\b|(?i:and\s+(?:i|we)(?:'re|\u2019re|\s+are|'m|\u2019m|\s+am|'ve|\s+have)?\s+(?:said|told|still|just|now|already|finally|then|officially|all|both)\b))"
    # ... or a thing, whose time is its own: "2nd year of my chem PhD at UW | and quals are in 6 weeks"
    r"|\s+(?=(?i:and\s+(?:the\s+|my\s+|our\s+)?(?!i\b|we\b|it\b|that\b|this\b|there\b|they\b|he\b|she\b|you\b)[a-z]+s?"
    r"\s+(?:is|are)\s+(?:in|on|next|due|coming)\b))"
    # ... or after a chat interjection: "how do i survive back to school season at target lol | i work the front end"
    r"|(?:(?<=\b(?i:lol))|(?<=\b(?i:lmao))|(?<=\b(?i:haha))|(?<=\b(?i:tbh))|(?<=\b(?i:ngl))|(?<=\b(?i:omg)))"
    r"\s+(?=(?i:i|i'm|im|i've|ive|we|we're|my)\b)"
    # ... or after a phrase that sets the scene: "doc flagged my iron low | and after a lot of back and forth I'm not
    # doing the vegetarian thing anymore"
    rf"|\s+(?=(?i:and\s+{SCENE_THEN_I}))"
    # ... and where a wish or a plan joins a statement: it speaks of what follows it, not of what went before ("I live
    # right by the Oudegracht | and want to get out of the city", "I'm at Foothill | and planning to transfer")
    r"|\s+(?=(?i:and\s+(?:(?:i|i'm|im)\s+)?(?:want|wanna|plan|planning|hope|hoping|thinking|considering|gonna|going\s+to|might)\b))"
    # ... or where the user's new post is told as a riddle: "my boss Ewa leave to another hotel | and guess who is now
    # assistant executive housekeeper" (a riddle with no post in it is an announcement: its value comes in the next
    # turn, "guess who got bumped up" … "head coach of the women's first XI")
    r"|\s+(?=(?i:and\s+guess\s+who(?:'s|\s+is)\s+(?:now|the\s+new)\b))"
)


# The user as the one a clause is about: a subject pronoun, "my" before a thing (not a person: "my friend swears"
# is the friend's), a request about how to treat them, or a change said without its subject at the clause's start.
_OWNED_EN = re.compile(
    rf"\b(?:i|i'm|im|i've|ive|i'd|i'll|we|we're|we've|we'd)\b|\b(?:my|our)\s+(?!(?:\w+\s+)?(?:{PEOPLE_EN})\b)"
    r"|\b(?:call|address|text|email|e-mail|reach|ping|remind)\s+me\b|\bfor\s+me\b|^\s*(?:and\s+|so\s+)?guess\s+(?:who|what)\b|^\s*as\s+an?\s"
    # a self-description ending in "here": "total carnivore here, smoking a brisket", "Portland guy here."
    r"|^\s*(?:[\w-]+\s+){0,5}[\w-]+\s+here\s*(?:[,.!]|$)"
    # a first stretch somewhere is the speaker's: "first month at UCLA after transferring", "first week in Columbus"
    r"|^\s*(?:my\s+)?first\s+(?:day|week|month|semester|quarter|year|night)s?\s+(?:at|in|of)\b"
    # the user's own detail without "my": "it's 312 555 0193 now", "the old one is gone"
    r"|^\s*(?:and\s+)?it'?s\s+\S.{0,40}\s+now\b"
    # ... or a number given as "it's": "yeah its 773 555 0192", "it's (312) 555-0148"
    r"|^\s*(?:(?:yeah|yes|ya|yep|ok|okay|so|and)[\s,]+)*it'?s\s+\+?\(?\d{3}\)?[\s.-]*\d{3}"
    r"|^\s*(?:oh\s+|so\s+)?(?:and\s+)?the\s+(?:old|new)\s+(?:one|number|line|address|email|place)\b"
    # "Gave up the lease", "Coming off night shifts", "Back from the honeymoon": the subject left out, at the
    # clause's start or after a dash ("the civic's gone — sold it last weekend")
    # the assistant let off a rule the user set: "ok you can drop the 3 sentence thing", "feel free to skip the tables"
    r"|^\s*(?:\w+\s+)?(?:you\s+can|feel\s+free\s+to)\s+(?:now\s+)?(?:drop|forget|stop|ditch|skip|quit|go\s+back)\b"
    # ... or the present of a state the user is in: "work night shifts at PixelStop", "live in a van now"
    r"|^\s*(?:still\s+|now\s+|currently\s+)?(?:work|live|teach|commute)\s+(?!(?:me|us|you|is|was|has|had|and|or)\b)"
    r"|(?:^|\s[\u2014\u2013-]+\s|\u2014)\s*(?:\w+\s+)?(?:just\s+|finally\s+|officially\s+)?(?:[a-z]{3,}ed|[a-z]{3,}ing|back|got|left|quit|became|sold|"
    r"bought|went|gave|going|doing|been|did|had|"
    r"took|made|began|found|put|came|ran)\b",
    re.IGNORECASE,
)
# 我 as the subject, not the object ("帮我列个清单", "公司要把我外派"), nor the owner of a person ("我爸换新号了");
# Chinese drops the subject of what was done ("搬到杭州了"), so a completed clause counts.
_OWNED_ZH = re.compile(
    rf"(?<![帮给跟让叫替为和对陪找醒诉问把被教劝催])(?:我们|咱们|我|咱|俺)(?!{KIN_ZH})|了|啦"
    # when or how to reach the user, said by the user: "午休找我最好", "联系我比较方便"
    r"|(?:找|联系|打给|提醒|通知)我(?:最好|最方便|比较好|比较方便|方便|合适|就行|的话)"
    # where the speaker stands: "浙大这边实验室组会一周两次"
    r"|^[^，,。！？]{1,8}(?:这边|这儿)"
    # a move or a job change after a time word, no one else named: "去年底搬来厦门的时候没人告诉我…"
    r"|^(?:去年|今年|前年|年前|年后|上个?月|上周|上礼拜|前几天|昨天|今天|最近|月初|月底|年初|年底|[一二三四五六七八九十\d]{1,2}月)"
    r"(?:底|初|中)?(?:的时候)?(?:刚|才|就|已经|终于)?(?:搬(?:来|到|去|家)|跳槽|入职|离职|辞职)"
)


# (a partner in business, training or study is no partner in life: "my business partner Jess finalized her divorce")
_PARTNERS_EN = (
    r"boyfriend|girlfriend|(?<!business\s)(?<!work\s)(?<!lab\s)(?<!study\s)(?<!gym\s)(?<!running\s)(?<!training\s)"
    r"(?<!sparring\s)(?<!tennis\s)(?<!dance\s)(?<!climbing\s)partner|wife|husband|fianc[eé]e?|bf|gf"
)
# The user's partner as the subject: someone else's news on every topic but one, the couple's own relationship
# ("my girlfriend said yes!", "我对象跟我提分手了" are the user's engagement and breakup).
_PARTNER = re.compile(
    rf"^\s*(?:{_LEAD_IN}\s+)?(?:my|our)\s+(?:\w+\s+)?(?:{_PARTNERS_EN}|ex)\b|^\s*(?:我|俺)(?:的)?(?:{_PARTNERS_ZH}|前任)"
    # ... or the partner named first without "my", as one names one's own: "女朋友小雨下个月来找我"
    r"|^\s*(?:男朋友|女朋友|男友|女友|对象|老公|老婆|媳妇|未婚夫|未婚妻)",
    re.IGNORECASE,
)


def said_of_a_role(clause: str) -> bool:
    """Whether a clause is about someone whose job serves the user ("my dentist is Dr. Kim now", "医生说…") and no
    one else of the user's ("Dad's cardiologist is Dr. Huang")."""
    return bool(_SERVES_THE_USER.search(clause)) and not _THIRD_PARTY.search(clause)


def partner_is_subject(clause: str) -> bool:
    return bool(_PARTNER.search(clause))


# The user's partner named anywhere: "can't believe my husband ate sardines every day" says the user is married.
_MY_PARTNER = re.compile(rf"\b(?:my|our)\s+(?:\w+\s+)?(?:{_PARTNERS_EN})\b|我(?:的)?(?:{_PARTNERS_ZH})", re.IGNORECASE)


def names_my_partner(clause: str) -> bool:
    return bool(_MY_PARTNER.search(clause))


def is_owned(clause: str) -> bool:
    """Whether a clause speaks of the user (or to the assistant about the user) rather than of no one in particular."""
    # (what someone did to the user speaks of the user: "my granddaughter set me up with a new email")
    return bool(
        _OWNED_EN.search(clause) or _OWNED_ZH.search(clause) or _REQUEST.search(clause) or _DONE_TO_ME_EN.search(clause)
    )


# "as a senior engineer how much time should i spend on reviews": who the user is, then what they ask
_AS_A = re.compile(
    r"^\s*as\s+an?\s+(?:[\w-]+\s+){0,4}?[\w-]+(?=\s+(?:how|what|which|where|when|why|should|do|does|is|are|can|could|would|any)\b)",
    re.IGNORECASE,
)


def split_clauses(text: str) -> list[str]:
    role = _AS_A.match(text)
    head, text = ([role.group(0)], text[role.end() :]) if role else ([], text)
    return head + [piece.strip() for piece in _CLAUSE_END.split(text) if piece and piece.strip(" .,!?;。，！？；")]


def clause_at(text: str, at: int) -> str:
    """The finest clause of `text` (split_clauses' boundaries) that holds position `at`, from its start to `at`: who
    speaks there is who a match at `at` is about ("帮我记一下 我爸换新号了 137…" is the father's number)."""
    start = 0
    for boundary in _CLAUSE_END.finditer(text, 0, at):
        if boundary.end() <= at:
            start = boundary.end()
    return text[start:at]


def is_request(clause: str) -> bool:
    """True for "Can you answer in Spanish from now on?": a way of being treated, asked for."""
    return bool(_REQUEST.search(clause))


def about_a_trip(text: str) -> bool:
    """True when `text` speaks of a trip or visit, whatever its mood ("which cities has she visited?")."""
    return bool(_PAST.search(text))


# Someone's words in quotes: 'you'd love it here, come live with me' (an apostrophe inside is no closing quote).
_QUOTED = re.compile(r"(?<!\w)'.{4,}?'(?!\w)|\".{4,}?\"|\u201c.{4,}?\u201d|\u300c.{2,}?\u300d|\u300e.{2,}?\u300f")


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` quotes someone's words: 'we're a vegan household now' is the roommate's, not the user's."""
    return [match.span() for match in _QUOTED.finditer(text)]


# A conclusion drawn: what it says is so, whatever the condition before it.
_CONCLUDES = re.compile(r"\s*(?:所以|因此|于是|that'?s\s+why\b)", re.IGNORECASE)
# Someone's words or advice, said in the clause: what the user concludes from them is the user's own (_CONCLUDES)
_WORDS_SAID = re.compile(r"说|建议|\b(?:says|said|told|advised|recommended)\b", re.IGNORECASE)


def _unshouted(clause: str) -> str:
    """A clause typed in capitals, as a sentence would be written ("DEV MADE CAPTAIN!!!" is "Dev made captain!!!"):
    who is named is told by the capital that opens a name, which shouting puts on every word."""
    letters = [char for char in clause if char.isascii() and char.isalpha()]
    if len(letters) < 6 or any(char.islower() for char in letters):
        return clause
    lowered = _LONE_I.sub("I", clause.lower())
    return _FIRST_LETTER.sub(lambda match: match[1] + match[2].upper(), lowered, count=1)


_LONE_I = re.compile(r"\bi\b")
_FIRST_LETTER = re.compile(r"^([^A-Za-z]*)([a-z])")


def clauses_with_moods(text: str) -> list[tuple[str, str]]:
    """The message's clauses, each with its mood; a clause inside quotes is reported speech, and one that names
    no subject goes on with a third party's ("我爸妈退休了，上礼拜搬去三亚了" is the parents' move)."""
    quoted = quoted_spans(text)
    moods, carried, condition, planned, framed, returned, advised = [], False, False, False, False, False, False
    purpose_of: str | None = None
    by_a_role = heard = False
    carried_over: str | None = None  # someone's words or an option weighed, that a clause with no subject goes on
    their_contact = False  # someone else's number or address was spoken of
    writing = False  # the clause before asked the assistant to write something ("帮我写个通知，| 说…")
    named = False  # the clause before only named someone ("Luis, | my presser for 9 years, | just got divorced")
    sentence = list(_sentence_clauses(text))
    for at, (clause, start, goes_on) in enumerate(sentence):
        inside = start >= 0 and any(begin <= start < end for begin, end in quoted)
        mood = REPORTED if inside else clause_mood(clause)
        after = sentence[at + 1][0] if goes_on and at + 1 < len(sentence) else ""
        if mood == ASSERTION and (_names_someone(clause, after) or (named and _APPOSITIVE.match(clause))):
            mood = THIRD_PARTY
        named = mood == THIRD_PARTY and goes_on and bool(_BARE_NAME.match(clause))
        # the words of a message the user asks for are the user's: "帮我写个消息发部门群，| 说以后报销单上用新名字"
        if writing and mood == REPORTED and _SAYS_IN_IT.match(clause):
            mood = clause_mood(_SAYS_IN_IT.sub("", clause, count=1))
        writing = goes_on and bool(_ASKED_TO_WRITE.search(clause))
        if (
            carried
            and mood not in (QUESTION, REPORTED)
            and _goes_on_with_the_subject(clause)
            and not (by_a_role and _REACTS.search(clause))
            and not (heard and _CONCLUDES.match(clause))
        ):
            mood = THIRD_PARTY
        # what follows an "if" in its sentence: "要是她调去上海，我们就搬过去"; not what the user drew from it
        # ("纯素的话蛋白质太难凑了 所以现在鱼和肉也开始吃了")
        condition = condition and not _CONCLUDES.match(clause)
        if condition and mood == ASSERTION:
            mood = PLAN
        # a plan's details go on without a subject until something is said done: "下周我要换号了，新号是 177…"
        if planned and mood == ASSERTION and _goes_on_with_the_plan(clause) and not _decided_for_a_day(clause):
            mood = PLAN
        # "上个月去广州出差那周，我都是早上七点才有空看消息" (not what holds now again: "五一去青岛待了十来天，现在
        # 住在朝阳")
        if framed and mood == ASSERTION and not _NOW_AGAIN.search(clause):
            mood = PAST
        # an address or a number handed over right after someone urged it is theirs: "my boss keeps telling me to move
        # everything over to my work address, sven@tallgrass.example.com. not doing that" (what else follows advice
        # may be the user's own conclusion: "医生让我先别搞生酮了，正常吃饭就行")
        if advised and mood == ASSERTION and _A_CONTACT.search(clause) and not names_a_subject(clause):
            mood = REPORTED
        # ... and one handed over after someone else's was spoken of, until the user speaks of themselves: "so I set
        # dad up with his own email. … it's rudy.reyes44@example.com"
        if their_contact and mood == ASSERTION and _A_CONTACT.search(clause) and not names_a_subject(clause):
            mood = THIRD_PARTY
        if returned and mood == ASSERTION and _of_the_stay(clause):
            mood = PAST  # "just got back from a month in Mexico City. rented a place in Roma Norte"
        if purpose_of and mood == ASSERTION and _PURPOSE.search(clause):
            mood = purpose_of  # "she keeps saying I should switch too so we're on the same schedule"
        # "我女儿…说要给我注册个新的，| 叫 huangwenhua1953@example.org"; "我在想要不要也退了华师大，| 去考复旦"
        # a thing handed to the user is the user's, whoever handed it ("they gave me a new SIM", "my cousin sold me his
        # yaris", "公司给我配了辆新车"); not someone's number or address passed on ("she gave me her new number")
        if mood == THIRD_PARTY and _HANDED_TO_ME.search(clause) and not ANOTHERS_CONTACT.search(clause):
            mood = ASSERTION
        taken = carried_over if carried_over and mood == ASSERTION and _goes_on_with_it(clause) else None
        mood = taken or mood
        moods.append((clause, mood))
        # ... unless the other person's words were about the user: what the user says next is the user's own
        # ("医生建议我恢复吃肉，所以现在已经开始吃鱼了")
        # ... or told the user to do something: what follows is the user's ("老板让我带新来的三个同事，title 也改成
        # 算法组长了")
        told_me = _TELLS_ME_ZH.search(clause) or _TELLS_ME_EN.search(clause)
        carried_over = _goes_on_as(mood, clause, taken) if goes_on and not told_me else None
        by_a_role = (by_a_role and carried) or bool(_ACTS_ON_THE_USER.search(clause))
        carried = (
            mood == THIRD_PARTY and goes_on and not _REPORTED.search(clause) and not told_me and not user_last(clause)
        )
        # what the user drew from someone's words is the user's: "医生说别空腹喝太苦的 所以现在改喝燕麦拿铁了"
        heard = (heard and carried) or (carried and bool(_WORDS_SAID.search(clause)))
        condition = (condition or bool(_CONDITION.search(clause))) and goes_on
        planned = mood == PLAN and goes_on and not _IF.search(clause)
        # (the frame holds over what follows it in its sentence: "…培训了一周，天天早茶白切鸡，清淡得要命")
        framed = mood == PAST and goes_on and (framed or bool(_TIME_FRAME.search(clause)))
        returned = returned or (mood == PAST and bool(_BACK_FROM.search(clause)))
        urged = told_me or _URGES_ME.search(clause)
        advised = (bool(urged) or advised) and mood in (REPORTED, THIRD_PARTY) and goes_on
        spoke_of_theirs = mood == THIRD_PARTY and bool(_CONTACT_WORDS.search(clause))
        their_contact = spoke_of_theirs or (their_contact and not user_last(clause))
        wished = mood in (REPORTED, THIRD_PARTY, PLAN, QUESTION, TENTATIVE) and _WISHED.search(clause)
        purpose_of = mood if wished and goes_on else None
    return moods


# Someone named alone, and then said who they are: "Luis, | my presser for 9 years, | just got divorced" (not a word
# said to the assistant: "Thanks, the recipe worked")
_BARE_NAME = re.compile(
    rf"^\s*(?:{_LEAD_IN}\s+)?(?!{_OPENING_WORDS}\b|(?i:thanks|thank|sorry|please|sure|great|perfect|cool|nice|morning|"
    r"evening|dear|honestly|anyway|well|so|oh|wow|right)\b)(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?\s*,\s*$"
)
# (someone the user knows, not a place: "Brightwater Health, | the hospital network")
_APPOSITIVE = re.compile(r"^\s*(?:my|our|who|one\s+of\s+(?:my|our))\b", re.IGNORECASE)


def _names_someone(clause: str, after: str) -> bool:
    """Whether `clause` only names someone the next clause of its sentence (`after`) says who they are."""
    return bool(_BARE_NAME.match(clause)) and bool(_APPOSITIVE.match(after))


# A thing handed to the user by someone: "they gave me a new SIM", "my cousin sold me his yaris", "公司给我配了辆新车"
_HANDED_TO_ME = re.compile(
    r"\b(?:gave|sold|handed|issued|assigned|passed|lent|loaned)\s+me\s+(?:a|an|the|his|her|their|its)\b"
    r"|(?:卖给|送给|转给|让给|分给|配给|给)了?我(?:了)?(?:一|[个辆台部张套])|给我配了",
    re.IGNORECASE,
)
# What the user did because of someone else's deed is the user's: "房东要卖房，没办法又搬了一次"; and so is the user's
# lease or contract run out by it: "房东要卖房，合同到期没给续"
_REACTS = re.compile(
    r"^\s*(?:没办法|没法子|只好|只能|害得我|逼得我)|^\s*(?:合同|租约|房子|租期)?(?:也)?(?:到期|没(?:给)?续|不续)"
)
# ... when that someone is a landlord, an employer or a school acting on the user (a relative's "只好" is theirs)
_ACTS_ON_THE_USER = re.compile(r"^\s*(?:房东|中介|物业|公司|老板|领导|学校|单位)")
# What someone wishes or urges ("she keeps saying I should switch too", "我妈想让我搬回去"), and the clause after it
# that gives its purpose: that is the wish's too, not the user's state ("so we're on the same schedule", "好让我们…")
_WISHED = re.compile(r"\b(?:should|could|would|wants?|wanted|might|ought\s+to|need\s+to)\b|想让|要我|让我|希望我", re.I)
_PURPOSE = re.compile(
    r"^\s*so\s+(?:that\s+)?(?:we|i|you|u|it|they)\b|^\s*(?:好让|以便|这样(?:就|才)?(?:能|可以))", re.I
)


# A return from a stay: what the rest of the message tells of where the user stayed is the stay's ("just got back
# from a month in Mexico City. rented a place in Roma Norte"), unless it speaks of now or of home; other news told
# after it is news ("back from Lisbon. Sam and I got engaged there")
_BACK_FROM = re.compile(r"\bback\s+from\b|(?:刚|才)?从[^，,。]{1,8}回来", re.IGNORECASE)
_A_STAY = re.compile(
    r"\b(?:rent(?:ed|ing)?|stay(?:ed|ing)?|place|apartment|flat|airbnb|hotel|hostel|lived|living)\b|住|租|民宿|酒店",
    re.IGNORECASE,
)
_STILL_HERE = re.compile(
    r"\b(?:now|today|tonight|these\s+days|here|home|moved|moving|move|new|start\w*|job)\b|现在|目前|搬|这边|家里|上班",
    re.IGNORECASE,
)


def _of_the_stay(clause: str) -> bool:
    """Whether `clause`, said after a return from a stay, tells of that stay: it names a place stayed in and speaks
    neither of now nor of home."""
    return bool(_A_STAY.search(clause)) and not _STILL_HERE.search(clause)


def continued_frames(clauses: list[str]) -> list[bool]:
    """For consecutive extractor clauses, whether each tells of a past stretch set before it: an earlier clause of
    its sentence ends in a time pointed back at ("在新加坡外派那半年，住大巴窑的组屋"), or an earlier clause of the
    message told of a return from a stay and this one speaks neither of now nor of home."""
    continued, framed, returned = [], False, False
    for clause in clauses:
        continued.append(framed or (returned and _of_the_stay(clause)))
        moods = clauses_with_moods(clause)
        last, mood = moods[-1] if moods else ("", ASSERTION)
        framed = mood == PAST and bool(_TIME_FRAME.search(last)) and not ends_sentence(clause.strip()[-1:])
        returned = returned or any(m == PAST and _BACK_FROM.search(c) for c, m in moods)
    return continued


# A clause that sets the time of what follows: "…那周，", "…的时候，", "when I was in Lisbon,"
_TIME_FRAME = re.compile(
    rf"(?:那周|那几天|那段时间|那阵子|那会儿|那时候?|的时候|期间|{_THAT_STRETCH})\s*[，,]?\s*$|^\s*(?:back\s+)?(?:when|while|during)\b"
    # ... or a stay or a stint counted in days: "五一我们一家去青岛待了一个礼拜，住我姐家", "上个月去广州培训了
    # 一周，天天早茶白切鸡" (the food was the trip's)
    r"|(?:待|呆|玩|住|逛|培训|集训|进修|实习)了(?:[一两二三四五六七八九十几半来俩\d]+)个?多?(?:天|周|星期|礼拜|晚|月)\s*[，,]?\s*$",
    re.IGNORECASE,
)

# Now again, after a stretch told: "现在住在朝阳", "now I'm back in Leeds"
_NOW_AGAIN = re.compile(r"现在|目前|如今|\b(?:now|these\s+days|nowadays)\b", re.IGNORECASE)
# What says a deed is done or a state holds now: "最后还是搬到了杭州", "finally moved", "现在在家"
# Words that say a thing done or holding now, without a past participle ("detailed explanations" is none)
_DONE_NOW = re.compile(r"了|已经|终于|现在|目前|\b(?:already|finally|now)\b", re.IGNORECASE)
# ... or with one: a plan's details go on until something is said done
# ... or a stretch lived up to now: "been seeing someone for like 2 months"
_DONE = re.compile(_DONE_NOW.pattern + r"|\b\w{3,}ed\b|\bbeen\s+\w+ing\b", re.IGNORECASE)

# What a plan leads to is planned too, whoever it names: "下周腾讯三面，过了我就去深圳了", "..., then I'll move"
_CONSEQUENCE = re.compile(
    r"^\s*(?:[\u4e00-\u9fff]{1,4}了)?(?:我|我们|咱们)?就(?!是)|^\s*(?:and\s+)?then\s+(?:i|we)(?:'ll|\s+will|'d|\s+would)\b",
    re.IGNORECASE,
)


# A thing chosen for a plan is no deed that ends it: "我准备换号了…新号都选好了 186 0000 3307", "moving next month,
# already picked the new place"
_CHOSEN = re.compile(
    r"(?:已经|都|也)?(?:选|挑|定|订|约|找|想)好了?|\b(?:already\s+)?(?:picked|chosen|chose|reserved|booked|lined\s+up)\b",
    re.IGNORECASE,
)


def _goes_on_with_the_plan(clause: str) -> bool:
    """Whether a clause after a plan in its sentence is part of it: what the plan leads to, or its details said
    without a subject and without anything said done (but chosen for it); a request to the assistant is none ("the
    bullets are starting to feel like a spreadsheet 😅 can u just write normal short paragraphs instead?")."""
    said_done = bool(_DONE.search(_CHOSEN.sub("", clause)))
    asked = bool(_REQUEST.search(clause))
    return bool(_CONSEQUENCE.search(clause)) or (not names_a_subject(clause) and not said_done and not asked)


# An "if" makes a plan of its own clause only; what follows it is left to _CONDITION ("if you…" conditions nothing)
_IF = re.compile(r"\bif\b|如果|要是|假如|万一|" + _IF_ZH, re.IGNORECASE)

# "if you ever need to call me, evenings are best" conditions the assistant's deed, not the user's state
_CONDITION = re.compile(
    r"(?<!even\s)\bif\b(?!\s+(?:you|u)\b)|\bunless\b|\bin\s+case\b|(?:要是|如果|假如|万一)(?!你|您)|要不是|" + _IF_ZH,
    re.IGNORECASE,
)


def _sentence_clauses(text: str) -> Iterator[tuple[str, int, bool]]:
    """split_clauses(text), each with where it starts in `text` and whether the next clause is in its sentence."""
    cursor = 0
    for clause in split_clauses(text):
        start = text.find(clause, cursor)
        cursor = max(cursor, start)
        rest = text[start + len(clause) :] if start >= 0 else ""
        yield clause, start, not ends_sentence(clause[-1:]) and not ends_sentence(rest)


def first_sentence_clauses(text: str) -> int:
    """How many clauses (split_clauses) the first sentence of `text` holds."""
    count = 0
    for _, _, goes_on in _sentence_clauses(text):
        count += 1
        if not goes_on:
            break
    return count


def owned_clauses(text: str) -> list[bool]:
    """For each clause of `text` (split_clauses), whether it speaks of the user: itself (is_owned), or it names no
    subject and says a change or goes on, within one sentence, from a clause that did ("以后别压缩了，详细点")."""
    owned, carried = [], False
    for clause, _, goes_on in _sentence_clauses(text):
        # a change said without its subject in the user's message is the user's ("van sold, vanlife over")
        mine = is_owned(clause) or ((carried or names_a_change(clause)) and not names_a_subject(clause))
        owned.append(mine)
        carried = mine and goes_on
    return owned


# Who a clause is about, named: a pronoun (not "it", which is mostly an object: "sold it") or a person.
_ME_EN = "i|i'm|im|i've|ive|i'd|i'll|we|we're|we've|we'd"
# (chat drops the apostrophe: "shes always telling me how to run my schedule")
_OTHERS_EN = "you|you're|he|she|they|he's|she's|they're|shes|hes|theyre"
_SUBJECT = re.compile(
    rf"\b(?:{_ME_EN}|my|our|{_OTHERS_EN}|his|their)\b"
    r"|\bguess\s+who\b"  # the user, coyly: "so guess who's sleeping on an air mattress"
    # (not one after a verb or a preposition: "就住我们隔壁小区" goes on with whoever moved there)
    # (nor an owner named: "室友今天去云杉网络报到了 | 整晚在客厅晒他的新工牌" goes on with the roommate)
    # (nor the one a deed is done to: "老李说他听机务讲，| 下个合同要提我当轮机长")
    r"|(?<![住到去跟和对找陪为把被像离比从向往提派调升选留夸骂逼劝催喊叫让])(?<!住在)(?<!待在)(?<!呆在)(?:我|咱|俺|你|您|(?:他|她)(?!们?的))",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"^\s*(?:[.!?。！？\n]|$)")


# A subject pronoun (not an owner: "my sister", "我妈"), the user's or someone else's
_SUBJECT_PRONOUN = re.compile(
    # (我 in what describes someone is no subject: "跟我同期进来的小周跳槽了")
    # (nor 我们 naming whose leader speaks: "我们主教练说用AI就得让它写长篇分析")
    rf"\b(?:(?P<me>{_ME_EN})|{_OTHERS_EN})\b|(?P<zh_me>(?:(?<![跟和与])(?:我|俺)|(?:我|俺)(?![^，,。！？]{{0,10}}的))"
    rf"(?!{_MY_KIN_ZH}|{_POINTED_AT_KIN_ZH}|{_LEADER_AFTER_ME_ZH})|咱)"
    r"|你|您|他(?!加禄)|她"
    # ... and someone called by their surname is a subject too: "我们院的主任老张辞职了" is 老张's, not the user's
    rf"|(?<![是叫])(?:[老小阿](?:{_SURNAMES})(?![了过子])|{_BY_SURNAME_ZH})",
    re.IGNORECASE,
)


def user_last(clause: str) -> bool:
    """Whether the last subject a clause names is the user: what follows without a subject goes on with them ("my
    parents are visiting this weekend and I'm like ten min from there, | been in Portland 6 years")."""
    named = list(_SUBJECT_PRONOUN.finditer(clause))
    return bool(named) and bool(named[-1].group("me") or named[-1].group("zh_me"))


def names_a_subject(clause: str) -> bool:
    """Whether a clause says whom it is about; Chinese and chat English leave out a subject that goes on."""
    return bool(_SUBJECT.search(clause) or _THIRD_PARTY.search(clause))


# 我 as the object of a request to the assistant: "帮我写个短信"
_ME_ASKED_FOR = re.compile("[帮给替]我(?!们)")
# ... and someone named as the one a deed is for or with is who the sentence is about already: "我妈那个老年机坏了，
# 给她换了个新的，号码也换了" (the number is the mother's)
_THEM_AS_OBJECT = re.compile("[帮给替为陪跟和对](?:他|她)(?!们)")


# An English clause that opens with a deed has no subject of its own, whoever it names after ("My neighbor Harold, the
# one who brought me grapefruit, | moved into a place near his son")
_OPENS_WITH_A_DEED = re.compile(
    rf"^\s*(?:and\s+|then\s+|just\s+|finally\s+|also\s+|recently\s+)*(?:{_DEEDS_EN})\b", re.IGNORECASE
)


def _goes_on_as(mood: str, clause: str, taken: str | None) -> str | None:
    """The mood a next clause of the sentence with no subject of its own takes from this one: an option weighed goes
    on as a question, someone's words as reported speech, and what this clause took over goes on (`taken`)."""
    if mood != ASSERTION and _WEIGHS.search(clause):
        return QUESTION
    # (the words of a message the user asks for are the user's: "帮我给房东写封邮件说下个月押金的事，| 回复地址写 …")
    if (mood == REPORTED or (mood == THIRD_PARTY and _REPORTED.search(clause))) and not _ASKED_TO_WRITE.search(clause):
        return REPORTED
    return taken


_ASKED_TO_WRITE = re.compile("[帮给替]我[^，,。]{0,6}(?:写|发|回|拟|起草)")
# ... and what the next clause says it should say: "说以后报销单上用新名字", "告诉大家我换邮箱了"
_SAYS_IN_IT = re.compile(r"^\s*(?:就|然后)?(?:说|告诉(?:大家|他们|她们|他|她)|通知(?:大家|他们|她们))")


def _goes_on_with_it(clause: str) -> bool:
    """Whether a clause after someone's words or an option weighed in its sentence goes on with them: it names no
    subject, draws no conclusion and says nothing done ("he says I ought to have you write me long, | detailed
    explanations"; not "医生建议我恢复吃肉，| 现在已经开始吃鱼了")."""
    concludes = _CONCLUDES.match(clause) or _SO.match(clause) or _TURNS.match(clause)
    return _goes_on_with_the_subject(clause) and not concludes and not _DONE_NOW.search(clause)


# An option weighed: what follows it with no subject of its own is the option ("老婆问要不要干脆在苏州也买套房，| 以后
# 搬过去跟他们近点")
_WEIGHS = re.compile(
    # (any verb asked as A-not-A weighs too: "有人问我愿不愿意去教小孩毛笔字，| 待遇比这边好点")
    r"(?<!不)(?!动)(?P<weighed>[\u4e00-\u9fff])[不没](?P=weighed)|要不要|该不该|是不是该|是否|考虑|在想|纠结|\bshould\s+(?:i|we)\b|\bwhether\b|\bthinking\s+(?:about|of)\b|\bconsidering\b",
    re.IGNORECASE,
)
# ... and the user's own conclusion, in English: "Cardiologist says no more caffeine, | so scrap the espresso tonic
# thing"
_SO = re.compile(r"\s*(?:and\s+)?(?:so|therefore|hence|which\s+means)\b", re.IGNORECASE)
# ... nor does what turned out otherwise: "一开始HR说title是运营主管，| 结果合同上写的是运营经理"
_TURNS = re.compile(r"\s*(?:结果|但是?|不过|可是|\bbut\b)", re.IGNORECASE)


# A word that turns the talk back to the speaker: what follows it with no subject is the user's again ("the movers
# snapped a leg off my desk 💀 | anyway officially a denver resident now", "我姐又换工作了 | 对了 我下个月搬家")
_BACK_TO_ME = re.compile(
    r"^\s*(?:(?:ok|okay|so|but|lol|haha)[\s,]+)?(?:anyway|anyways|anyhow|btw|by\s+the\s+way|moving\s+on)\b|^\s*(?:对了|话说|反正|言归正传)",
    re.IGNORECASE,
)


def _goes_on_with_the_subject(clause: str) -> bool:
    """Whether a clause names no subject of its own, so the one before it goes on: "我妈换号了 新号135… 帮我写个短信"
    gives the mother's number (a request to the assistant names no one new); not once the talk turns back to the
    speaker (_BACK_TO_ME)."""
    if _BACK_TO_ME.search(clause):
        return False
    if _OPENS_WITH_A_DEED.search(clause):
        return True
    return not names_a_subject(_THEM_AS_OBJECT.sub("", _ME_ASKED_FOR.sub("", clause)))


def ends_sentence(rest: str) -> bool:
    """Whether the text after a clause starts a new sentence (a subject left out goes on only within one)."""
    return bool(_SENTENCE_END.match(rest))


def continued_plans(clauses: list[str]) -> list[bool]:
    """For consecutive extractor clauses, whether each goes on with a plan said before it in its sentence: it names
    no subject and says nothing done ("下周我要换号了，新号是 177…" gives the number the user will have)."""
    continued, planned = [], False
    for clause in clauses:
        goes_on = planned and _goes_on_with_the_plan(clause)
        continued.append(goes_on)
        moods = clauses_with_moods(clause)
        ahead = bool(moods) and moods[-1][1] == PLAN and not _IF.search(moods[-1][0])
        planned = (ahead or goes_on) and not ends_sentence(clause.strip()[-1:])
    return continued


def continued_subjects(clauses: list[str]) -> list[bool]:
    """For consecutive extractor clauses (each with its closing punctuation), whether each goes on with a third
    party's subject: an earlier clause of the same sentence ends in someone else's mood, and this one names no
    subject of its own ("My sister got a job at Google, moved to NYC" is the sister's move)."""
    continued, carried, named = [], False, False
    for at, clause in enumerate(clauses):
        goes_on = (carried and _goes_on_with_the_subject(clause)) or (named and bool(_APPOSITIVE.match(clause)))
        continued.append(goes_on)
        moods = clauses_with_moods(clause)
        last_is_other = (
            bool(moods)
            # (someone's advice goes on as theirs: "he says I ought to have you write me long, | detailed explanations")
            and (moods[-1][1] in (THIRD_PARTY, REPORTED) or (goes_on and len(moods) == 1))
            and not user_last(moods[-1][0])
            # (what someone urged or told the user to do is the user's to do: "家里人天天劝，现在已经不吃素了")
            and not (_TELLS_ME_ZH.search(moods[-1][0]) or _TELLS_ME_EN.search(moods[-1][0]))
        )
        named = _names_someone(clause, clauses[at + 1] if at + 1 < len(clauses) else "")
        carried = last_is_other and not ends_sentence(clause.strip()[-1:])
    return continued
