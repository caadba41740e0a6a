"""The units a user wants numbers given in, one topic per quantity: "always give me weights in pounds", "switch me
to grams for everything", "以后面积默认用公顷", "海拔都给我用英尺吧".

A unit word is everywhere in chat as an amount ("850 kg", "ran 10 miles", "on my feet all day"); it speaks of the
user's wish only where the message asks for a way of giving numbers (a wish word: "always", "default", "from now
on", "switch", "以后", "默认", "都用", ...) or asks about units (a question: "which units…", "用什么单位"). A unit
right after a number is an amount, never the wish.
"""

from __future__ import annotations

import re

# The quantities a unit preference is about, each its own timeline: "kilos for everything" replaces "pounds" for
# weights, not "miles" for distances. UNITS_TOPIC holds a whole system ("metric", "imperial", "SI units") and the
# units of any other quantity (a lab's "mmol/L"), and a question naming no quantity asks about them all.
UNITS_TOPIC = "units"
QUANTITY_TOPICS = (
    "units_length",
    "units_weight",
    "units_temperature",
    "units_volume",
    "units_area",
    "units_pressure",
)
UNIT_TOPICS = (UNITS_TOPIC, *QUANTITY_TOPICS)

# A word that is a unit as often as a thing is a thing after an article or a possessive ("the yards", "my feet")
_NO_ARTICLE = "".join(
    f"(?<!{word} )" for word in ("the", "a", "my", "our", "his", "her", "their", "your", "those", "these")
)

# Per topic, (English unit words, Chinese unit words). Ambiguous words are plural only ("pounds", "feet") and none is
# a single letter ("m", "g"): those only follow a number, and a number makes an amount.
_UNIT_WORDS: dict[str, tuple[str, str]] = {
    "units_length": (
        rf"met(?:er|re)s|kilomet(?:er|re)s|kms?|klicks|{_NO_ARTICLE}(?:miles|feet|yards|inches)|ft|yds|centimet(?:er|re)s|cm|"
        r"millimet(?:er|re)s|mm",
        r"公里|千米|英里|英尺|英寸|厘米|毫米|(?<![尺密条号])码(?!头|字|数|子|农)|(?<![大小糯玉黑白虾开斤袋碗])米(?![饭粉线粒酒色兰其老面糊])",
    ),
    "units_weight": (
        rf"kilos|kilograms?|kgs?|grams|{_NO_ARTICLE}(?:pounds|ounces|stone)|lbs|oz",
        r"公斤(?!压)|千克|(?<![几半])斤|(?<![克])克(?![服制隆力])|磅(?!礴)|盎司",
    ),
    "units_temperature": (r"celsius|centigrade|fahrenheit|°\s?[CF]\b", r"摄氏度?|华氏度?|℃|℉"),
    "units_volume": (
        rf"lit(?:er|re)s|millilit(?:er|re)s|ml|gallons|{_NO_ARTICLE}(?:cups|pints|quarts)|tablespoons|tbsp|teaspoons|tsp|fl\.?\s?oz",
        r"毫升|(?<![提上晋高飞]|毫)升(?![职级学高值温])|加仑",
    ),
    "units_area": (
        r"square\s+(?:met(?:er|re)s|feet|foot|miles|kilomet(?:er|re)s)|sq\.?\s?(?:ft|m|feet|met(?:er|re)s)|m²|acres|hectares",
        r"平方(?:米|英尺|公里)?|平米|(?<![地田])亩|公顷|坪",
    ),
    "units_pressure": (
        rf"psi|{_NO_ARTICLE}bars?|kpa|mpa|atm|mmhg|pascals?",
        r"兆帕|千帕|(?<![兆千])帕|大气压|(?i:psi|mpa|kpa|bar)",
    ),
    UNITS_TOPIC: (
        r"metric|imperial|SI(?:\s+units)?|(?:us|american|conventional|customary)\s+units|mmol/l|mg/dl|[uµ]mol/l",
        r"公制|英制|美制|国际单位|常规单位|(?i:mmol/l|mg/dl)",
    ),
}

# The quantity a question or a wish names ("give me weights in pounds", "海拔用什么单位"), per topic.
_QUANTITY_WORDS: dict[str, tuple[str, str]] = {
    "units_length": (
        r"distances?|lengths?|heights?|altitudes?|elevations?|depths?|sizes?",
        r"距离|长度|身高|海拔|高度|深度|尺寸|里程",
    ),
    "units_weight": (r"weights?|mass", r"重量|体重|分量"),
    "units_temperature": (r"temperatures?|temps?", r"温度|体温|气温|水温"),
    "units_volume": (r"volumes?|liquids?", r"容量|体积|容积"),
    "units_area": (r"areas?|acreage", r"面积|占地"),
    "units_pressure": (r"pressures?", r"压力|气压|水压|胎压|压强"),
    UNITS_TOPIC: (r"measurements?|measuring", r"计量|度量"),
}

# A number right before a word makes it an amount ("850 kg", "25 yards", "3000psi", "20公斤")
_AFTER_A_NUMBER = r"(?<![\d½¼¾.,/一二三四五六七八九十百千万两半几多])(?<![\d½¼¾]\s)"

# Words that ask for a way of giving numbers, or ask about one
_WISH = re.compile(
    r"\b(?:always|default\w*|from\s+now\s+on|going\s+forward|switch\w*|instead|rather\s+than|stick\s+(?:to|with)|"
    r"prefer\w*|any\s?more|no\s+more|for\s+(?:everything|all\s+(?:of\s+)?(?:my|the)\b)|set\s+(?:everything|it\s+all)|units?)\b"
    r"|以后|今后|往后|默认|一律|都用|都按|都给|改成|换成|改回|换回|(?<![不没])用|按|论|单位",
    re.IGNORECASE,
)
# A wish said of everything: "grams for everything from now on", "yards for all sets", "以后全部用公制"
_EVERYTHING = re.compile(
    r"\b(?:for\s+(?:everything|all)|everything|across\s+the\s+board|all\s+(?:my|the)\s+\w+)\b|全部|所有|一律|什么都",
    re.IGNORECASE,
)
# "单位" is as often the user's workplace ("在哪个单位上班"): a unit asked about is one used or counted in
_WORKPLACE_UNIT = re.compile(
    r"(?:在|去|到|进|换|调|回)[^，,。？?用按]{0,3}单位|单位(?:上班|工作|当|干|做|里|的同事|领导|食堂|体检|宿舍)"
)


def _compiled(words: dict[str, tuple[str, str]], after_a_number: bool) -> dict[str, re.Pattern[str]]:
    guard = _AFTER_A_NUMBER if after_a_number else ""
    return {
        topic: re.compile(rf"{guard}(?<![A-Za-z])(?:{english})(?![A-Za-z])|{guard}(?:{chinese})", re.IGNORECASE)
        for topic, (english, chinese) in words.items()
    }


_UNITS = _compiled(_UNIT_WORDS, after_a_number=True)
_QUANTITIES = _compiled(_QUANTITY_WORDS, after_a_number=False)
_ASKS_ABOUT_UNITS = re.compile(r"\bunits?\b|单位|公制|英制", re.IGNORECASE)


def unit_hits(text: str) -> dict[str, int]:
    """Per unit topic, how many of its words `text` says as a wish for a way of giving numbers or a question about
    one (none where no wish word is said: "850 kg on the manifest", "rail yards"); a quantity ("weights", "面积")
    counts only beside a unit word or a question about units."""
    if not _WISH.search(text):
        return {}
    units = {topic: len(pattern.findall(text)) for topic, pattern in _UNITS.items()}
    if not any(units.values()) and (_WORKPLACE_UNIT.search(text) or not _ASKS_ABOUT_UNITS.search(text)):
        return {}
    quantities = {topic: len(_QUANTITIES[topic].findall(text)) for topic in UNIT_TOPICS}
    if _EVERYTHING.search(text) and not any(quantities[topic] for topic in QUANTITY_TOPICS):
        # a unit wished for everything, no quantity named, is the system ("switch me to grams for everything")
        return {UNITS_TOPIC: sum(units.values()) + 1 + quantities[UNITS_TOPIC]}
    # (the wish word counts with each quantity whose unit it asks for: "以后都用米" is as plain as
    # "以后都用米，英尺别用了")
    hits = {topic: units[topic] + bool(units[topic]) + quantities[topic] for topic in UNIT_TOPICS}
    if not any(hits.values()):  # units asked about, no quantity named: "Which units does the user want in answers?"
        hits[UNITS_TOPIC] = 1
    return {topic: count for topic, count in hits.items() if count}


def asked_units(topic: str | None) -> frozenset[str]:
    """The unit topics a question about `topic` asks after: a quantity's own and the whole system's; a question
    naming no quantity, all of them."""
    if topic == UNITS_TOPIC:
        return frozenset(UNIT_TOPICS)
    if topic in QUANTITY_TOPICS:
        return frozenset({topic, UNITS_TOPIC})
    return frozenset()
