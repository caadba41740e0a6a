"""The phrase tables of changes told over two turns: a change announced without its value, the shapes of the value
said on its own, and "there"/"那边" with where its antecedent is named. One entry per way of saying it, zh beside en.
"""

from __future__ import annotations

import re

from pipelines.extract.rules.grammar import CAPITAL
from pipelines.extract.rules.phrasebook import PHRASEBOOK

# A change announced without its value: topic -> (English entries, Chinese entries). The subject is part of
# the entry ("I", "we", "my"), so someone else's move opens nothing; mood (plans, questions, negation) is
# checked on the clause as well.
EN_WE = r"\b(?:I|we)(?:'ve|\s+have|'re|\s+are)?\s+(?:just\s+|finally\s+|recently\s+|officially\s+|already\s+)*"
CHANGE_WITHOUT_VALUE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "residence": (
        # "moved" without an object or destination: "we moved last month", not "I moved the meeting to Friday"
        (EN_WE + r"(?:moved|relocated)(?:\s+(?:house|houses|home|homes|cities|apartments|places|again|out))?"
         r"(?!\s+(?:the|my|a|an|our|it|this|that|some|to|into|in|from|there|back|here|on)\b)",
         r"\bmy\s+(?:home\s+)?address\s+(?:has\s+)?changed", r"\b(?:I|we)\s+have\s+a\s+new\s+(?:address|place)",
         r"\b(?:I|we)(?:'ve|\s+have)?\s+got\s+a\s+new\s+(?:address|place)"),
        (r"(?:我|我们)?(?:已经|刚|刚刚|终于|又)*搬(?:了)?(?:个|次)?家", r"(?:我|我们)?(?:已经|刚|终于)?换了?(?:个|一个)?城市",
         r"(?:我的?)?(?:地址|住址)(?:变|换|改)了", r"(?:我|我们)?(?:有|换了)(?:个)?新(?:地址|住址)"),
    ),
    "employer": (
        (EN_WE + r"(?:changed|switched)\s+(?:jobs|companies|employers)", EN_WE + r"(?:got|found|started)\s+a\s+new\s+job",
         EN_WE + r"(?:got\s+)?hired"),
        # (a time between: "跟你说个事 我七月份跳槽了")
        (r"我(?:已经|刚|终于|[^，,。！？我\s]{1,5}?(?:份|底|初|中旬|前|里))?(?:换了?(?:份|个)?工作|跳槽了?|找到(?:了)?新工作|换了?(?:家|个)?公司)",),
    ),
    "phone": (
        (r"\bmy\s+(?:phone\s+|cell\s+|mobile\s+)?number\s+(?:has\s+)?changed",
         r"\bI(?:'ve|\s+have)?\s+(?:got\s+|gotten\s+)?(?:a\s+)?new\s+(?:phone\s+|cell\s+|mobile\s+)?number",
         r"\bI\s+changed\s+(?:my\s+)?(?:phone\s+)?numbers?",
         # a number lost with the phone: "new phone, new number", "they couldn't port the old number"
         r"^\s*(?:(?:and|plus|so)\s+)?(?:a\s+|my\s+)?new\s+(?:phone\s+|cell\s+)?(?:number|#)(?!\s+(?:for|of)\b)",
         r"\b(?:couldn't|could\s+not|can't|cannot|didn't|wouldn't)\s+(?:port|keep|transfer|save|get\s+back|recover)\s+"
         r"(?:my\s+|the\s+)?old\s+(?:number|one)",
         r"\bget\s+(?:my\s+|the\s+)?old\s+(?:number|one)\s+back\b"),
        (r"我?(?:换号|换了?(?:个|新)?(?:手机)?号(?:码)?)", r"(?:旧|原来的|以前的)号码?(?:没|不能|没法|没能)(?:保留|转过来|要回来|找回来|保住)", r"(?:我的?)?(?:手机号|手机号码|电话|电话号码|号码)(?:变|换|改)了",
         r"新(?:手机)?号码?是"),
    ),
    "email": (
        (r"\bmy\s+e-?mail(?:\s+address)?\s+(?:has\s+)?changed", r"\bI(?:'ve|\s+have)?\s+(?:got\s+)?a\s+new\s+e-?mail",
         r"\bI\s+(?:changed|switched)\s+(?:my\s+)?e-?mails?"),
        (r"(?:我的?)?邮箱(?:地址)?(?:变|换|改)了", r"换了?(?:个)?(?:新)?邮箱", r"新邮箱"),
    ),
}

# How each topic's fact reads once its value is known: the phrasebook's (English, Chinese) template and keywords.
STATEMENTS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    book.topic: (book.holds, book.keywords) for book in PHRASEBOOK if book.topic in CHANGE_WITHOUT_VALUE
}

PLACE_ZH = r"(?P<v>[\u4e00-\u9fff]{2,10}?)"
ZH_STOP_CHARS = re.compile(r"[没不还吧呢吗好嗯哈对是的啊累忙]")
EN_NOT_VALUES = frozenset({
    "yes", "no", "yeah", "nope", "thanks", "thank", "great", "nice", "ok", "okay", "sure", "well", "oh", "wow", "sorry",
    "not", "just", "it", "the", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
    "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
})
# The value said on its own: topic -> (English, Chinese) shapes. `bare` shapes count only as the answer to the
# assistant's question about it ("Where to?", "搬到哪了？"); the others carry their own cue ("to Lisbon").
VALUE_SHAPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "residence": (
        (r"^(?:(?:we|I)(?:'re|'m|\s+are|\s+am)\s+(?:now\s+)?|(?:now\s+|just\s+)?)(?:in|to|into)\s+<NAME>(?:\s+now)?$",
         r"^(?:it's|it\s+is)\s+<NAME>$"),
        # (with the move's words before it: "终于把东西都搬到杭州滨江了")
        (r"^(?:终于|总算|已经|刚刚?)?(?:把[^，,。！？]{1,6}?)?(?:都|全)?(?:搬到了?|搬去了?|搬来了?|到了|现在在|住在|在)"
         + PLACE_ZH + "<END>",),
    ),
    "employer": (
        (r"^(?:(?:I|I've|I\s+have)\s+)?(?:joined|at|to|for|with)\s+<TOOL>(?:\s+now)?$", r"^(?:it's|it\s+is)\s+<TOOL>$"),
        (r"^(?:去了|到了|入职了?|进了|加入了?|在)" + PLACE_ZH + "(?:工作|上班)?<END>",),
    ),
    "phone": ((r"<PHONE>",), (r"<PHONE>",)),
    "email": ((r"<EMAIL>",), (r"<EMAIL>",)),
}
BARE_SHAPES: dict[str, tuple[str, str]] = {
    "residence": (r"^<NAME>(?:\s+now)?$", r"^" + PLACE_ZH + "<END>"),
    # ... or after the role or the start date it is named with: "billing coordinator at Brightwater Pediatrics",
    # "starting monday at Corvane Health on the analytics team"
    "employer": (
        r"^(?:(?:[a-z][\w'-]*\s+){1,3}at\s+)?<TOOL>(?:\s+now)?(?:\s+on\s+(?:the|their)\s+[\w\s-]+?\s+team)?$",
        r"^" + PLACE_ZH + "<END>",
    ),
}
ASKS_WHERE = re.compile(r"\bwhere\b|\bwhich\s+(?:city|company|firm|place|one)\b|哪|什么(?:公司|地方|城市)", re.I)

# "there"/"那边" standing for a value: the deictic statement, and where its antecedent is named.
DEICTIC_STATEMENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "residence": (
        (r"\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|also\s+|now\s+)*(?:moved|relocated)\s+(?:over\s+|out\s+)?there\b",
         r"\bI\s+(?:now\s+|also\s+)*live\s+there\b", r"\bI(?:'m|\s+am)\s+(?:now\s+|also\s+)*(?:living|based)\s+there\b"),
        (r"我[^，,。！？]{0,6}?搬(?:到|去|过去)?(?:了)?(?:那边|那里|那儿)", r"我[^，,。！？]{0,4}?(?:住在?|定居在?)(?:那边|那里|那儿)"),
    ),
    "employer": (
        (r"\bI(?:'ve|\s+have)?\s+(?:just\s+|also\s+|now\s+)*(?:started|work|working|joined\s+them)\s+there\b",
         r"\bI\s+got\s+a\s+job\s+there\b"),
        (r"我[^，,。！？]{0,4}?(?:去了?|在|进了?|入职了?)(?:那边|那里|那儿|那家)(?:工作|上班|入职)",),
    ),
}
ANTECEDENTS: dict[str, tuple[str, str]] = {
    "residence": (
        rf"\b(?:in|to|from|near|around|visit(?:ed|ing)?)\s+(?P<v>{CAPITAL}[\w'.-]*(?:\s+{CAPITAL}[\w'.-]*){{0,2}})",
        r"(?:住在|搬到|搬去|定居在|去了?|到了?|在)" + PLACE_ZH
        + r"(?=住|工作|上班|生活|定居|读书|玩|旅游|了|呢|啊|吧|，|,|。|！|!|？|\?|$)",
    ),
    "employer": (
        rf"\b(?:at|for|joined)\s+(?P<v>{CAPITAL}[\w.+#&-]*(?:\s+{CAPITAL}[\w.+#&-]*){{0,2}})",
        r"(?:在|入职|进了?)" + PLACE_ZH + r"(?=工作|上班|任职|实习)",
    ),
}

# The assistant asking what comes next, naming no topic: after the user ended one in the session ("today was my last
# day" … "What's next for you?"), it asks for that topic's next value ("brightwater health, analytics team").
ASKS_WHATS_NEXT = re.compile(
    r"\bwhat'?s\s+next\b|\bwhat\s+(?:are|will)\s+you\s+(?:be\s+)?(?:doing|do)\s+next\b|\bwhat\s+now\b"
    # ... or names it: "So you're heading to Tessaro next?"
    r"|\b(?:heading|headed|going|off)\s+to\s+(?:\w+\s+){1,3}next\b"
    r"|接下来(?:去|打算|准备|要)?(?:干|做)?(?:啥|什么|哪)|下一步(?:去|打算)?(?:哪|啥|什么)|(?:然后|之后)(?:去|打算)(?:哪|干啥|做什么)",
    re.IGNORECASE,
)

# The assistant asking for a topic's value: the user's next turn may be the value alone ("Which city did you end
# up in?" … "halifax, north end"; "那新号码是多少？" … "159 0000 8312"). topic -> (English, Chinese) entries; a question
# that fits two topics ("Where are you headed next?") takes the one the conversation's cues are about.
ASSISTANT_ASKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "residence": (
        (r"\bwhere\s+(?:did|are|will|do|have)\s+you\s+(?:\w+\s+){0,2}?(?:move|moving|moved|living|live|headed|heading|off\s+to|"
         r"end(?:ed|ing)?\s+up|land(?:ed)?|settl\w*|relocat\w*|based)", r"\bwhich\s+(?:city|town|neighbou?rhood|part\s+of)",
         r"\bwhat\s+(?:city|town|neighbou?rhood)", r"\b(?:new|what)\s+(?:address|city)\b"),
        (r"搬(?:到|去)了?哪", r"(?:在|住)哪(?:个城市|个区|里|儿)", r"哪个城市", r"新(?:地址|住址)", r"地址是(?:什么|多少|啥)",
         r"去哪(?:个城市|里|儿)了"),
    ),
    "employer": (
        (r"\bwhere\s+(?:are|did|will|do)\s+you\s+(?:\w+\s+){0,2}?(?:headed|heading|off\s+to|going|go|working|work|end(?:ed|ing)?\s+up|"
         r"land(?:ed)?|start(?:ing)?|join(?:ing|ed)?)", r"\bwhich\s+(?:company|firm|employer)", r"\bwhat\s+(?:company|firm)",
         r"\bwho(?:'s|\s+is|\s+are)?\s+(?:the\s+)?(?:new\s+)?(?:employer|company)", r"\bwho\s+(?:did\s+you|are\s+you)\s+(?:join|joining|working\s+for)"),
        (r"(?:去|跳|跳槽去|跳槽到)了?哪(?:家|个|里|儿)", r"哪家(?:公司)?", r"新(?:公司|东家|单位)(?:是|叫)?(?:哪|什么|啥)",
         r"在哪(?:里|儿)?(?:工作|上班)"),
    ),
    "phone": (
        (r"\b(?:new|your|the)\s+(?:phone\s+|cell\s+|mobile\s+)?number\b", r"\bwhat(?:'s|\s+is)\s+(?:the\s+|your\s+)?(?:new\s+)?(?:number|phone)"),
        (r"新(?:手机)?号(?:码)?", r"号码?是多少", r"手机号?(?:码)?(?:是)?多少"),
    ),
    "email": (
        (r"\b(?:new|your|which|what)\s+(?:e-?mail|email\s+address)\b", r"\b(?:what|which|new)\s+address\b"),
        (r"新邮箱", r"邮箱(?:地址)?是(?:什么|多少|啥)"),
    ),
}
# An answer typed in lower case ("halifax") counts only right after such a question, and only a few words that
# are no filler ("not sure yet", "idk").
ANSWER_SHAPES: dict[str, tuple[str, str]] = {
    "residence": (r"^(?P<v>[a-z][\w'.-]+(?:\s+[a-z][\w'.-]+){0,2})$", r"^" + PLACE_ZH + "<END>"),
    "employer": (r"^(?P<v>[a-z][\w'.&-]+(?:\s+[a-z][\w'.&-]+){0,2})$", r"^" + PLACE_ZH + "<END>"),
}
NOT_ANSWER_WORDS = frozenset({
    "not", "sure", "yet", "idk", "dunno", "maybe", "still", "same", "haven't", "havent", "don't", "dont", "a", "an",
    "the", "my", "our", "lol", "haha", "good", "fine", "thanks", "thank", "you", "yes", "no", "yeah", "nope", "ok",
    "okay", "i", "we", "it", "that", "this", "there", "here", "home", "nowhere", "somewhere", "anywhere", "what",
})
