"""The topic signal of a user message: which single-valued topic it speaks to, in which mood, how surely.

Lexicon cues say which topics a clause touches; the e5 vector against each topic's prototype centroid
breaks ties and confirms them. Only the mood of the clauses that carry the cues counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate
from operator import or_

import numpy as np

from pipelines.core.topics import CONTACT_TOPICS, SERVICE_TOPICS, SINGLE_VALUED_TOPICS, VALUE_SHAPES
from pipelines.extract.signals.endings import tells_an_ending
from pipelines.extract.signals.lexicon import cue_hits, names_a_change, says_from_now_on, someone_elses_hits
from pipelines.extract.signals.mood import (
    ANOTHERS_CONTACT,
    ANOTHERS_NEW_CONTACT,
    ASSERTION,
    KIN_ZH,
    NEGATED,
    PAST,
    PEOPLE_EN,
    PLAN,
    QUESTION,
    REPORTED,
    TENTATIVE,
    THIRD_PARTY,
    about_a_trip,
    clauses_with_moods,
    first_sentence_clauses,
    is_owned,
    is_request,
    names_a_subject,
    names_my_partner,
    owned_clauses,
    partner_is_subject,
    said_of_a_role,
)
from pipelines.extract.signals.prototypes import TopicCentroids
from pipelines.extract.signals.units import UNIT_TOPICS


@dataclass(frozen=True)
class TopicSignal:
    topic: str | None  # None: the message speaks to no single-valued topic
    mood: str
    strength: float  # cues + vector_weight * e5 preference; min_strength separates statements from hints


NO_SIGNAL = TopicSignal(None, ASSERTION, 0.0)


@dataclass(frozen=True)
class SignalParams:
    # How much one standard deviation of e5 preference for a topic counts against one lexicon cue.
    vector_weight: float = 0.5
    # A topic's strength is cues + vector_weight * z; one cue needs e5 to agree by about 0.9 standard deviations
    # (measured on updates-dev: true single-cue statements sit at +0.9..+2.1, third-party asides at +0.5..+0.8).
    min_strength: float = 1.45
    # Below it, an assertion down to this strength (a cue e5 does not contradict) is only tentative.
    tentative_strength: float = 0.75
    # A message with no cue of any topic takes the learned head's topic (topic_head) when the head gives it this
    # probability (measured on stories held out of its training: docs/recall.md, "A learned topic head").
    heard_probability: float = 0.7
    # ... and takes it over the lexicon's topic when the head is this sure of another
    heard_override_probability: float = 0.8
    # A topic besides its label that the head gives a message this probability is stated in passing (the episode's
    # mentions), when the message says it as the user's own (heard_mood): "so we made it um Sacramento is like a
    # hundred and six degrees today" is labelled with a pastime and holds the move (docs/recall.md, "Topics the head
    # hears in passing": on stories held out of its training, 4 probes right and none lost)
    heard_in_passing_probability: float = 0.5
    # A reading the mood rules left tentative is the user's own assertion when the own head gives the message this
    # probability of stating the user's own value (labelling._owned; docs/recall.md, "Whose state a message states")
    own_probability: float = 0.7
    # ... or the reader of its words does this (own_words; docs/recall.md, "Whose state, read from the words")
    own_words_probability: float = 0.7
    # ... and the topic head gives the reading's topic this probability (labelling._owned)
    own_topic_probability: float = 0.5
    # A reading the mood rules gave to someone else, to a question or to the past is the user's own assertion only
    # when the own head is this sure ("partner got poached by a company in Seattle and we're now in a tiny apartment
    # in Ballard"; on 16 read story sets the head's own messages outnumber its not-own ones 16 to 2 at this
    # probability: docs/recall.md, "The own head over the mood rules")
    own_over_probability: float = 0.99
    # ... or when the reader of its words gives this and the own head at least the second
    own_words_over_probability: float = 0.9
    own_probability_beside_words: float = 0.5


def vector_preference(vector: np.ndarray | None, centroids: TopicCentroids | None) -> dict[str, float]:
    """How much more the message resembles each topic than the average fact about the user (the services it may use
    are measured against the same yardstick and leave it alone), in standard deviations."""
    if vector is None or centroids is None:
        return {}
    scores = centroids.similarities(vector)
    values = np.array(
        [score for topic, score in scores.items() if topic not in SERVICE_TOPICS] or list(scores.values())
    )
    spread = float(values.std()) or 1.0
    mean = float(values.mean())
    return {topic: (score - mean) / spread for topic, score in scores.items()}


_VALUE_SHAPES = {topic: re.compile(shape) for topic, shape in VALUE_SHAPES.items()}


def shows_a_value(text: str, topics: tuple[str, ...] = tuple(VALUE_SHAPES)) -> bool:
    """Whether `text` has the shape of a value of one of `topics` (VALUE_SHAPES: a phone number, an e-mail, a
    time); topics without a shape have none."""
    return any(_VALUE_SHAPES[topic].search(text) for topic in topics if topic in _VALUE_SHAPES)


# A contact written out in a clause read as past for its "以前" is the one to use now when named the new one
_THE_NEW_ONE = re.compile(
    r"\bnew\s+(?:one|e-?mail|address|number|#)\b|新的|用新|新(?:邮箱|号码|号|手机号)", re.IGNORECASE
)


def _gives_a_contact(clause: str) -> bool:
    """Whether a clause writes out a number or an address: typed by the user in their own words, with no one else
    named, it is theirs ("lena.hp@example.com stays for everything", "new # is 773 555 0129")."""
    return shows_a_value(clause, CONTACT_TOPICS) and not ANOTHERS_CONTACT.search(clause)


def _commented_by_user(following: list[tuple[str, str]]) -> bool:
    """Whether the clause after a topic is the user's comment on it, naming no topic of its own: "吃素那个，现在不
    坚持了", "the civic's gone, sold it last weekend" (a topic, then what the user did about it)."""
    return any(mood == ASSERTION and is_owned(clause) and not cue_hits(clause) for clause, mood in following)


# A question that weighs a step of the user's own: "要不我带着娃跟过去算了？", "should we just move there?"
_WEIGHS = re.compile(
    r"要不|要不要|该不该|还是|算了|\b(?:should|shall)\s+(?:i|we)\b|\bwhat\s+if\s+(?:i|we)\b|\bor\s+should\b",
    re.IGNORECASE,
)


def weighs_a_step(said: list[tuple[str, str]]) -> bool:
    """Whether a clause of a message (`said`: clauses_with_moods) asks or plans, weighing a step ("你说我要不要开始吃点
    肉？", "should I just move there?"): the step is the point of the message, not a state it tells."""
    return any(mood in (QUESTION, PLAN) and _WEIGHS.search(clause) for clause, mood in said)


def _weighing(said: list[tuple[str, str]], owned: list[bool]) -> list[str | None]:
    """Per clause, the mood of the user's own question or plan weighing a step that it goes on weighing, if it is
    about no one ("要不我带着娃跟过去算了？可深圳学位那么紧，房租也吓人": the rents are the considered city's, not
    the user's); None elsewhere. A clause of the user's own in another mood ends the weighing."""
    weighing: list[str | None] = []
    current: str | None = None
    for (clause, mood), own in zip(said, owned, strict=True):
        if own:
            current = mood if mood in (QUESTION, PLAN) and _WEIGHS.search(clause) else None
            weighing.append(None)
        else:
            weighing.append(current if mood == ASSERTION else None)
    return weighing


def _leading_mood(cues_by_mood: dict[str, int]) -> str:
    """The mood a message speaks of a topic in: an assertion unless a clause in another mood says more about the
    topic ("能转学到复旦吗？导师太push了" asks about a school; "Guess what? I moved to Denver" tells a move)."""
    others = {mood: n for mood, n in cues_by_mood.items() if mood != ASSERTION}
    strongest = max(sorted(others), key=others.__getitem__, default=ASSERTION)
    # (the user's own word on it, however weak, is not outweighed by someone's advice as strong: "so the vegetarian
    # run is officially over lol. … my doc said i gotta eat better" ends the user's diet, the doctor gave the reason)
    if strongest == REPORTED and others.get(TENTATIVE, 0) >= others[REPORTED]:
        strongest = TENTATIVE
    return ASSERTION if cues_by_mood.get(ASSERTION, 0) >= others.get(strongest, 0) else strongest


# The topics that say how the user wants to be answered or reached (not a fact about them)
CONTACT_TIME = "contact_time"
_HOW_ANSWERS_COME = frozenset({"language", "output_format", "answer_length", CONTACT_TIME, *UNIT_TOPICS})


# A clause said to the assistant: to "you", or as an order ("keep answers short", "别给我列点了", "一律中文")
_TO_THE_ASSISTANT = re.compile(
    r"\b(?:you|u|your)\b|^\s*(?:(?:ok|okay|so|and|also|pls|please|just|only|then)[\s,]+)*(?:go|keep|make|use|give|send|"
    r"stop|don'?t|do|no|switch|loosen|cut|drop|ping|text|write|answer|reply|respond|stick|skip|put|limit|cap)\b"
    r"|你|给我|回我|跟我|^\s*(?:别|不要|不用|只|都|一律|照旧|还是|之后|以后|往后|全|回复|回答|用)",
    re.IGNORECASE,
)


def _tells_how_to_answer(clause: str, hits: dict[str, int]) -> bool:
    """Whether `clause` tells the assistant how to answer or when to reach the user, and speaks of nothing else:
    said in the user's own message and in no other mood, it is the user's wish, with or without an "I" ("go as long
    as you need, no word cap", "回复一律中文", "only ping me weekdays 12-1"); so is an hour given with no one else
    named ("下午4点到晚上7点之间吧", "weekday mornings 8-9am are best for check-ins")."""
    if not all(topic in _HOW_ANSWERS_COME for topic in hits):
        return False
    hour_given = shows_a_value(clause, (CONTACT_TIME,)) and not names_a_subject(clause)
    return hour_given or bool(_TO_THE_ASSISTANT.search(clause))


COUPLE_TOPIC = "relationship_status"  # the one topic a partner's news is the user's own
# ... and so is the answer to the user's proposal, or the partner's proposal: "she cried and said yes!!!", "he
# proposed", "他在极光下面单膝跪地了"
_SAID_YES = re.compile(
    r"\b(?:she|he|they)\s+(?:\w+\s+){0,3}said\s+yes\b|\b(?:she|he)\s+(?:\w+\s+){0,3}(?:proposed|got\s+down\s+on\s+one\s+knee)\b"
    r"|(?:她|他)(?:[^，,。]{0,4})答应(?:了|(?:做|当)我)|(?:她|他)[^，,。]{0,8}(?:求婚|单膝跪)"
    # ... and the couple's own step told inside someone else's news: "half of them showed up at the courthouse when
    # Theo and I made it official"
    r"|\b(?-i:[A-Z])\w+\s+and\s+I\s+(?:finally\s+|officially\s+|just\s+)?(?:made\s+it\s+official|got\s+(?:married|engaged|hitched)"
    r"|tied\s+the\s+knot|eloped)\b",
    re.IGNORECASE,
)
NAME_TOPIC = "name"
DOCTOR_TOPIC = "doctor"
_CALLED = re.compile(r"叫我|喊我|\b(?:calls?|calling)\s+me\b|\b(?:knows?|known)\s+me\s+as\b", re.IGNORECASE)
# ... and the assistant asked to call the user so too
_YOU_TOO = re.compile(
    r"\b(?:you|u)\s+(?:might\s+as\s+well|can|could|may|should)\s+(?:call\s+me\s+that\s+)?(?:too|as\s+well)\b"
    r"|\buse\s+(?:that|it|that\s+name)\s+(?:too|as\s+well)\b"
    r"|你也(?:跟着|这么|这样)?(?:叫|喊)",
    re.IGNORECASE,
)
TRIP_TOPIC = "residence"  # the topic a trip's stay is mistaken for
# ... and what a trip's meals are mistaken for: "上个月去京都开了一周会，天天吃清清淡淡的日料" is no change of diet
_TRIP_MEALS = "diet"
# a place named after "here in" (not "here in the office"), or as the one the user's street is in ("everyone on my
# block in Minneapolis has snow tires")
_HERE_IN = re.compile(
    r"\bhere\s+in\s+(?!(?:the|this|that|my|our|a|an)\b)\w+|\b(?:on|in)\s+my\s+(?:block|street|road)\s+in\s+\w+",
    re.IGNORECASE,
)


# An evening's outing is no trip: "北漂第三天…不过今晚去鼓楼那边看了场演出" still tells where the user lives
_AN_OUTING = re.compile(r"今晚|今天(?:晚上|下午)|\btonight\b|\bthis\s+(?:evening|afternoon)\b", re.IGNORECASE)


def told_of_a_trip(said: list[tuple[str, str]]) -> bool:
    """Whether a message tells of a trip: then a flat, a room, "living there" describe the stay, not the home
    ("just got back from a month in Lisbon. felt like living there, I had a little apartment in Alfama")."""
    return any(mood == PAST and about_a_trip(clause) and not _AN_OUTING.search(clause) for clause, mood in said)


def tells_of_a_trip(text: str) -> bool:
    """Whether a message tells of a trip or a stay away: it never says where the user lives ("上周去成都玩了五天")."""
    return told_of_a_trip(clauses_with_moods(text))


# A state said to hold no longer, and a change said not to be made after all
_NO_LONGER = re.compile(
    # ... or not for a while: "no car for me for the foreseeable"
    r"\bany\s?more\b|\bno\s+longer\b|\bfor\s+(?:the\s+foreseeable|a\s+while|now)\b|不再|再也不",
    re.IGNORECASE,
)
_CHANGE_NOT_MADE = re.compile(
    r"\bnot\s+(?:\w+\s+)?(?:moving|switching|changing|quitting|leaving|going|taking|joining|selling|buying|getting|"
    r"relocating|transferring|applying|doing\s+(?:it|that|this))\b|不(?:搬|换|辞|走|去|跳|转)",
    re.IGNORECASE,
)


# The user named in a clause: "my new one is 555-0177", "我的新号是…"
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|my|me|mine)\b|我", re.IGNORECASE)


def ends_a_state(clause: str, after_an_ending: bool = False) -> bool:
    """Whether a negated clause says a state of the user's is over ("not vegan anymore", "不再吃素了"), not that a
    change will not be made ("not moving anymore", "不搬了"); `after_an_ending`: its message says a thing of the
    user's ended (tells_an_ending), so what it denies is the old value's successor ("left the hostel … no new job")."""
    return (after_an_ending or bool(_NO_LONGER.search(clause))) and not _CHANGE_NOT_MADE.search(clause)


def _said_as(
    topic: str,
    clause: str,
    mood: str,
    in_a_trip: bool,
    others_news: bool = False,
    adopted: bool = False,
    ended: bool = False,
) -> str:
    """The mood a clause speaks of `topic` in: a partner's news is the couple's and a partner named in passing is the
    user's own status; what people call the user is the user's name, if only weakly ("公司里大家都叫我王总"); a stay
    told in a trip is past, unless a move is said in it ("and we moved to Denver"); a place the speaker is "here in" is
    the user's, if only weakly, whoever the clause is about. `others_news`: an earlier clause
    told someone else's news, so a proposal after it is theirs ("MY SISTER GOT ENGAGED!!! he proposed at the top…");
    `adopted`: the message asks the assistant to call the user so too ("the whole brigade calls me Chef T, so you
    might as well too"), which makes what people call the user their name; `ended`: the message says a thing of the
    user's is over (ends_a_state)."""
    couple = topic == COUPLE_TOPIC and (
        # ... ("my wife and I hit 10 years next month": the plan is theirs, the marriage is now)
        (mood in (THIRD_PARTY, REPORTED, PLAN) and partner_is_subject(clause))
        or (mood in (TENTATIVE, THIRD_PARTY, REPORTED) and not others_news and bool(_SAID_YES.search(clause)))
        or (mood in (TENTATIVE, REPORTED) and names_my_partner(clause))
    )
    if topic == NAME_TOPIC and adopted and mood in (THIRD_PARTY, TENTATIVE) and _CALLED.search(clause):
        return ASSERTION
    called = topic == NAME_TOPIC and mood == THIRD_PARTY and bool(_CALLED.search(clause))
    # the one who treats the user is the user's doctor, whatever else the clause tells of them ("my dentist is Dr. Kim
    # now"); someone else's doctor stays theirs
    own_doctor = topic == DOCTOR_TOPIC and mood == THIRD_PARTY and said_of_a_role(clause)
    # "here" is where the speaker is, whoever the clause is about ("the landlord here in alfama only speaks portuguese")
    here = topic == TRIP_TOPIC and mood == THIRD_PARTY and bool(_HERE_IN.search(clause))
    # how answers should come is said as well by what they should no longer be ("no more bullet points or tables
    # pls"); a negated fact is no change ("I'm not moving")
    unwanted = topic in _HOW_ANSWERS_COME and mood == NEGATED
    # ... and a state the user is no longer in has ended, though said as a negation ("not vegan anymore", "no longer
    # with Jake"): the old value is over, with no new one (a change no longer made is none: "not moving anymore")
    over = topic in SINGLE_VALUED_TOPICS and mood == NEGATED and ends_a_state(clause, ended)
    said_as = ASSERTION if couple or unwanted or own_doctor or over else TENTATIVE if called or here else mood
    of_the_trip = in_a_trip and topic in (TRIP_TOPIC, _TRIP_MEALS)
    return PAST if of_the_trip and said_as in (ASSERTION, TENTATIVE) else said_as


def message_signal(
    text: str,
    vector: np.ndarray | None = None,
    centroids: TopicCentroids | None = None,
    params: SignalParams = SignalParams(),
    exclude: frozenset[str] = frozenset(),
    answering: bool = False,
) -> TopicSignal:
    """The strongest single-valued topic `text` speaks to (not in `exclude`) and the mood it speaks in; `answering`:
    `text` replies to a question about the user (asks_the_user), so its first sentence is the user's. A number or
    an address only mentioned, neither written out nor said to change ("让维修师傅直接打我电话", "email me the
    slides"), is no statement of it."""
    return strongest_reading(topic_readings(text, vector, centroids, params, answering), text, exclude)


def strongest_reading(
    readings: dict[str, TopicSignal], text: str, exclude: frozenset[str] = frozenset()
) -> TopicSignal:
    """message_signal from the message's `readings` (topic_readings of `text`)."""
    signal = _strongest(readings, exclude)
    if signal.topic not in CONTACT_TOPICS or shows_a_value(text, CONTACT_TOPICS) or names_a_change(text):
        return signal  # (checked only for a contact topic: every recall query is read here)
    while signal.topic in CONTACT_TOPICS:
        exclude = exclude | {signal.topic}
        rest = _strongest(readings, exclude)
        # a question about mail is still a question about the address ("用户的邮箱是什么？"), unless the message
        # states another topic: "我在远航物流做采购…催货邮件怎么写" asks how to write one
        if signal.mood not in (ASSERTION, TENTATIVE) and not (rest.topic and rest.mood in (ASSERTION, TENTATIVE)):
            break
        signal = rest
    return signal


def said_in_passing(
    readings: dict[str, TopicSignal], text: str, primary: str | None, exclude: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The topics a message states as the user's besides the one it is labelled with (`primary`), by name: a
    message holds one label, but "every monday I pull the dispatch numbers for our three depots at Tallgrass
    Logistics" asks for a format and says where the user works. Topics in `exclude` (held by a distilled memory of
    the message) and a contact topic whose value is not written out are left out."""
    return tuple(
        topic
        for topic in sorted(readings)
        if topic != primary
        and topic not in exclude
        and readings[topic].mood in (ASSERTION, TENTATIVE)
        and passes_as_stated(topic, text)
    )


def passes_as_stated(topic: str, text: str) -> bool:
    """Whether a topic a message names besides its label can be stated in passing there: any topic but a contact
    one, which only with its value written out ("email me the slides" states no address)."""
    return topic not in CONTACT_TOPICS or shows_a_value(text, (topic,))


# How much stronger (one lexicon cue) a service's reading must be than a fact's to label the message
SERVICE_MARGIN = 1.0
# What the user asserts of themselves outweighs, by this much, a topic only said weakly or of someone else in the same
# message: "租房也是一堆破事，中介押一付三，房东还不让养猫……哦对了我已经不在美团了，签了米哈游" is about the job
ASSERTION_EDGE = 0.5
# ... and what the user says of themselves at all, by this much, what is said of someone else: "我在“眉眼盈盈”美睫店
# 上班快两年了，店长人挺好的" is where the user works, whatever the manager's post sounds like
OTHERS_DISCOUNT = 0.25


def _weight(reading: TopicSignal) -> float:
    others = reading.mood in (THIRD_PARTY, REPORTED)
    return (
        reading.strength + (ASSERTION_EDGE if reading.mood == ASSERTION else 0.0) - (OTHERS_DISCOUNT if others else 0.0)
    )


def _strongest(readings: dict[str, TopicSignal], exclude: frozenset[str]) -> TopicSignal:
    """The strongest reading not in `exclude`, the user's own assertion counting `ASSERTION_EDGE` more (ties: the
    first topic by name). A service the user uses must beat a fact about the user by a cue's worth: its word is often
    said in passing ("I'm in Toronto, and my building's gym is closed", "nobody calls me Katherine except my
    dentist")."""
    kept = [readings[topic] for topic in sorted(readings) if topic not in exclude]
    strongest = max(kept, key=_weight, default=NO_SIGNAL)
    if strongest.topic not in SERVICE_TOPICS:
        return strongest
    facts = [reading for reading in kept if reading.topic not in SERVICE_TOPICS]
    fact = max(facts, key=lambda reading: reading.strength, default=NO_SIGNAL)
    return fact if fact.topic and fact.strength > strongest.strength - SERVICE_MARGIN else strongest


def topic_readings(
    text: str,
    vector: np.ndarray | None = None,
    centroids: TopicCentroids | None = None,
    params: SignalParams = SignalParams(),
    answering: bool = False,
) -> dict[str, TopicSignal]:
    """Every topic `text` speaks to strongly enough to be read (message_signal's thresholds), each with the mood it
    speaks in and its strength; a topic's reading does not depend on the others'."""
    cues: dict[str, int] = {}
    by_mood: dict[str, dict[str, int]] = {}
    said, owned = clauses_with_moods(text), owned_clauses(text)
    answer = first_sentence_clauses(text) if answering else 0
    trip = told_of_a_trip(said)
    ended: bool | None = None  # whether a clause of the user's own ends a thing: read once, and only for a denial
    adopted = any(_YOU_TOO.search(clause) for clause, _ in said)
    weighing = _weighing(said, owned)
    # per clause, whether an earlier one told of someone else's new number ("我妈换号了 新号 139 0000 5521")
    told = [bool(ANOTHERS_NEW_CONTACT.search(clause)) for clause, _ in said]
    told_of_anothers = list(accumulate(told[:-1], or_, initial=False))
    for at, (clause, mood) in enumerate(said):
        hits = cue_hits(clause)
        if not hits:
            continue
        mood = weighing[at] or mood
        # a clause about no one in particular ("rent is cheaper there", "深圳租房一般押一付三") may still be the
        # user's state said in passing ("Rent in Munich went up again"): recallable, but it closes nothing
        # an answer's value is the user's wherever it stands: "yes pls. 312-555-0193. the 0148 one is dead"
        answered = at < answer or (answering and shows_a_value(clause))
        # a number or an address of the user's to use from now on is theirs now, whatever else the clause tells of
        # later or before ("my university account dies in 30 days so use hannah.k@… from now on", "用新的 …@… 以前那个
        # 不拿来收订单了"); a new one only planned stays planned ("下周我要换号了，新号是 177…")
        to_be_used = says_from_now_on if mood == PLAN else _THE_NEW_ONE.search
        if mood in (PLAN, PAST) and _gives_a_contact(clause) and to_be_used(clause):
            mood = ASSERTION
        if answered and mood == QUESTION and _gives_a_contact(clause):
            # the number asked for is given, whatever the clause goes on to ask: "199 0000 7316 你顺便提醒下我还有哪些
            # 地方要改绑" answers "新号是多少？"
            mood = ASSERTION
        # the number of the one whose new number was just told (a clause that only goes on from "jess on my team
        # changed her email" is no more the user's than that one: "its jess.hart@example.com now")
        told_theirs = told_of_anothers[at] and not _FIRST_PERSON.search(clause)
        if mood == ASSERTION and told_theirs and shows_a_value(clause, CONTACT_TOPICS):
            mood = THIRD_PARTY
        if (
            mood == ASSERTION
            and not (owned[at] or answered or _gives_a_contact(clause) or _tells_how_to_answer(clause, hits))
            and not _commented_by_user(said[at + 1 : at + 2])
        ):
            mood = TENTATIVE
        changes = names_a_change(clause)
        # a request is the point of its message ("…mornings are dead to me. do them after 7pm from now on"), and
        # so is a change the user tells ("我现在居然无辣不欢了！！同事天天带我吃火锅，从微辣一路吃到中辣")
        point = changes or is_request(clause)
        others_news = any(m == THIRD_PARTY and not partner_is_subject(c) for c, m in said[:at])
        theirs = someone_elses_hits(clause)
        for topic, count in hits.items():
            cues[topic] = cues.get(topic, 0) + count
            if mood == NEGATED and ended is None:
                ended = tells_an_ending(said)
            said_as = _said_as(topic, clause, mood, trip and not changes, others_news, adopted, bool(ended))
            # what a third person's possessive names is theirs, whatever the clause asks ("can you write a note telling
            # clients to cc her new address"); a name taken is not ("I took her last name")
            if said_as in (ASSERTION, TENTATIVE) and topic != NAME_TOPIC and theirs.get(topic, 0) >= count:
                said_as = THIRD_PARTY
            counts = by_mood.setdefault(topic, {})
            counts[said_as] = counts.get(said_as, 0) + (2 if said_as == ASSERTION and point else 1) * count
            if said_as == ASSERTION and answered:
                cues[topic] += count  # ... and so is the value a question about the user asked for
    if adopted and NAME_TOPIC in cues:
        cues[NAME_TOPIC] += 1  # the assistant asked to use the name says it again
    if not cues:
        return {}
    preference = vector_preference(vector, centroids)
    readings = {}
    for topic, count in cues.items():
        strength, mood = count + params.vector_weight * preference.get(topic, 0.0), _leading_mood(by_mood[topic])
        if strength >= params.min_strength:
            readings[topic] = TopicSignal(topic, mood, strength)
        elif strength >= params.tentative_strength:
            # a weak assertion is tentative; a weak aside is still an aside (it may not answer the topic's question)
            readings[topic] = TopicSignal(topic, TENTATIVE if mood == ASSERTION else mood, strength)
    return readings


def heard_reading(text: str, topic: str, probability: float, params: SignalParams = SignalParams()) -> TopicSignal:
    """What a message with no cue says of the topic the learned head hears in it (`probability`): the head knows
    the topic, not which clause says it, so the message speaks in its most guarded clause's mood. Someone else's
    news, hearsay, a denial or a trip told in the past sets it; a question or a plan beside the user's own
    assertion leaves the topic tentative ("我在柳州这边上夜班…有啥办法" asks for help where the user lives; "I'm an AB
    on the ferry … want to apply for shore jobs"); else it is the user's own statement when a clause of the user's
    own asserts it, and only tentative when none does."""
    if probability < params.heard_probability:
        return NO_SIGNAL
    return TopicSignal(topic, heard_mood(text), params.min_strength)


def heard_mood(text: str) -> str:
    """The mood a message speaks a heard topic in (heard_reading)."""
    said, owned = clauses_with_moods(text), owned_clauses(text)
    moods = {mood for _, mood in said}
    own = any(mood == ASSERTION and mine for (_, mood), mine in zip(said, owned, strict=True))
    guarded = next((mood for mood in _MOST_GUARDED_FIRST if mood in moods), None)
    if guarded == NEGATED and tells_an_ending(said):
        # a denial beside an ending says the thing is over ("跟阿杰已经掰了…也没打算再找"): guarded as the rest is
        guarded = next((mood for mood in _MOST_GUARDED_FIRST if mood in moods - {NEGATED}), None)
    if guarded in (QUESTION, PLAN) and own:
        guarded = TENTATIVE
    return guarded or (ASSERTION if own else TENTATIVE)


# the moods a message with clauses in several speaks in (heard_reading): what makes it least the user's own first
_MOST_GUARDED_FIRST = (THIRD_PARTY, REPORTED, NEGATED, PAST, QUESTION, PLAN)


# A reply longer than this says more than an answer to the question before it ("What else do you guys like doing
# together?" — a paragraph about hiking is no relationship status).
MAX_ANSWER_CHARS = 60
# A question that asks for a value, not an offer, a yes/no or a feeling ("want help picking a bike lock?" — "yes,
# mine is a cable lock" says nothing of a bike; "how did the first day feel?")
_ASKS_FOR_A_VALUE = re.compile(
    r"\b(?:what|what's|where|which|who|when|how\s+(?:long|many|much|old))\b|什么|啥|哪|谁|多久|多少|几", re.IGNORECASE
)
# Someone other than the one asked, named in a question: "did your sister move?", "你妈妈换号了吗"
_ASKED_OF_ANOTHER = re.compile(
    rf"\byour\s+(?:\w+\s+)?(?:{PEOPLE_EN})\b|\b(?:he|she|they|his|her|their)\b|你(?:的)?(?:{KIN_ZH})|他|她"
    # ... or a question whose sentence opens with someone: "导师是做什么方向的？" (not "表格要几列？")
    rf"|(?:^|[。！？!?]\s*)(?!表格|表达|表情|表示|表现|表演|表单)(?:{KIN_ZH})[^。！？!?]*[？?]",
    re.IGNORECASE,
)


# The user addressed: "where did you end up?", "你现在住哪"
# ... or asked what their new value is, naming no one: "That's huge. What's the new title?", "新公司叫啥？"
_ASKS_THE_USER = re.compile(
    r"\b(?:you|you're|you've|your)\b|你|您|\bthe\s+new\s+(?:[\w-]+\s+)?[\w-]+\s*\?|新(?:的)?[\u4e00-\u9fff]{1,4}?(?:是|叫|在)",
    re.IGNORECASE,
)
# A value asked for without a question: "once you have the new number, tell me", "新地址发我一下",
# ... or named as the user's new one: "once you have the new number, want me to update it?"
_INVITES_A_VALUE = re.compile(
    r"\b(?:tell|send|give|text)\s+me\b|\blet\s+me\s+know\b|告诉我|发我|发给我"
    r"|\b(?:your|the)\s+new\s+(?:number|phone\s+number|address|email|e-mail)\b|(?:你的)?新(?:号码|手机号|地址|邮箱)",
    re.IGNORECASE,
)


# A question that offers the assistant's help: "Want help picking one?", "Shall I draft it?", "要不要我帮你列个清单？"
# (not a deed done before a question: "我帮你更新了备注，新号是多少？")
_OFFERS = re.compile(
    r"\s*(?:(?:do\s+)?(?:you\s+)?want\s+(?:me\s+to|help|a\s+hand)|would\s+you\s+like\s+(?:me\s+to|help)|shall\s+I|should\s+I|"
    r"can\s+I\s+help|need\s+(?:help|a\s+hand)|要不要我|需要我|要我帮)",
    re.IGNORECASE,
)
# a sentence that ends in a question mark, or a Chinese clause that ends in a question particle without one ("现在可
# 以说是哪家了吧，上次你一直卖关子")
_QUESTION_SENTENCE = re.compile(r"[^.!?。！？]*[?？]|[^.!?。！？，,]*(?:吗|呢|吧)(?=[，,。！!\s]|$)")


def asks_the_user(turn: str) -> bool:
    """Whether `turn` (the one before a reply) asks the user for a value of their own: the reply's first sentence
    is then the user's even without "I" or "my" ("Where did you end up?" — "Brightwater Health, the hospital
    network."; "tell me the new number" — "ya its 415 555 0192")."""
    # (the value word in the question itself: "I'll stop assuming vegan when I suggest meals. Did your doctor give
    # you a supplement?" asks for no value)
    # ... nor does an offer ("Want help updating your headline or thinking through what the senior scope means?")
    asks = any(
        _ASKS_FOR_A_VALUE.search(question) and not _OFFERS.match(question)
        for question in _QUESTION_SENTENCE.findall(turn)
    )
    invited = asks or bool(_INVITES_A_VALUE.search(turn))
    return invited and bool(_ASKS_THE_USER.search(turn)) and not _ASKED_OF_ANOTHER.search(turn)


# A reply that hands the assistant a task: "帮我列个清单吧", "ok can you make me a list"
_ASKS_THE_ASSISTANT = re.compile(
    r"\s*(?:(?:好|好的|嗯|行|那)[，,\s]*)?(?:帮我|给我|替我|麻烦你?|请你)"
    r"|\s*(?:(?:ok|okay|yes|yeah|sure|so)[,\s]+)?(?:can|could|would)\s+(?:you|u)\b",
    re.IGNORECASE,
)
_FIRST_SENTENCE = re.compile(r"^.+?(?:[.!?](?=\s)|[。！？]|$)", re.DOTALL)
# A short first sentence that names something: "Dana Moreno. same as Luis, already switched it at the bank", "王若宁。
# 身份证还在补办…" (not "We love hiking. Every weekend…": a capitalised word past the first, a digit, or a Chinese name)
_NAMES_SOMETHING = re.compile(r"^\S+\s+.*?\b[A-Z]\w+|\d|^[\u4e00-\u9fff]{2,8}[。！]?$")
MAX_LEAD_CHARS = 40


def _the_answer(reply: str) -> str | None:
    """The part of a reply that answers the question before it: all of a short reply, or a longer reply's short
    first sentence when it names something; None when neither."""
    if len(reply) <= MAX_ANSWER_CHARS:
        return reply
    first = _FIRST_SENTENCE.match(reply.strip())
    lead = first.group(0).strip() if first else ""
    return lead if len(lead) <= MAX_LEAD_CHARS and _NAMES_SOMETHING.search(lead) else None


def answer_signal(reply: str, question: str, params: SignalParams = SignalParams()) -> TopicSignal:
    """The topic a reply that names none takes from the question it answers: "新名字叫什么呀？" — "王若溪，以后都用
    这个" states the name; "where are you living now?" — "Fishtown, since January". The reply speaks in its own
    mood (an answer that is a plan or a question states nothing); a question about someone else lends nothing."""
    answer = _the_answer(reply)
    if answer is None or not _ASKS_FOR_A_VALUE.search(question) or _ASKED_OF_ANOTHER.search(question):
        return NO_SIGNAL
    if _ASKS_THE_ASSISTANT.match(answer):
        return NO_SIGNAL  # a task handed back answers nothing: "新家那边还缺什么吗？" — "帮我列个清单吧"
    asked = message_signal(question, params=params)
    if asked.topic is None or asked.mood != QUESTION:
        return NO_SIGNAL
    moods = [mood for _, mood in clauses_with_moods(answer)]
    mood = next((m for m in moods if m != ASSERTION), ASSERTION)
    return TopicSignal(asked.topic, mood, params.min_strength) if moods else NO_SIGNAL
