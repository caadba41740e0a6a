"""Episodes take the single-valued topic their message speaks to, and the mood it speaks in.

An asserting episode becomes that topic's statement (pipelines.core.timeline), so a change said in words no
rule knows still supersedes the old value. A topic that a distilled memory of the same message already
holds is left to that memory.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from itertools import accumulate
from operator import or_
from typing import NamedTuple

import numpy as np
import polars as pl

from pipelines.core.schemas import MESSAGE_KEY
from pipelines.core.topics import CONTACT_TOPICS, SINGLE_VALUED_TOPICS
from pipelines.embed.passages import MAX_CHARS, embedding_texts
from pipelines.extract.signals.called_off import called_off, calls_off
from pipelines.extract.signals.collections import stated_collection
from pipelines.extract.signals.endings import ends_a_thing
from pipelines.extract.signals.lexicon import cue_hits, names_a_change, says_from_now_on
from pipelines.extract.signals.mood import (
    ASSERTION,
    NEGATED,
    PAST,
    PLAN,
    QUESTION,
    REPORTED,
    TENTATIVE,
    THIRD_PARTY,
    clauses_with_moods,
    names_a_subject,
    user_last,
)
from pipelines.extract.signals.own_words import OwnWords
from pipelines.extract.signals.prototypes import STATEMENTS, TopicCentroids, centroids
from pipelines.extract.signals.topic_head import OWN_CLASS, TopicHead
from pipelines.extract.signals.topic_signal import (
    CONTACT_TIME,
    NO_SIGNAL,
    TRIP_TOPIC,
    SignalParams,
    TopicSignal,
    answer_signal,
    asks_the_user,
    heard_mood,
    heard_reading,
    message_signal,
    passes_as_stated,
    said_in_passing,
    shows_a_value,
    strongest_reading,
    tells_of_a_trip,
    told_of_a_trip,
    topic_readings,
    weighs_a_step,
)
from pipelines.extract.signals.units import UNIT_TOPICS

Embed = Callable[[Sequence[str]], np.ndarray]
ANSWER_LANGUAGE_TOPIC = "language"  # the language answers are wanted in, not one spoken


def _covered_topics(candidates: pl.DataFrame) -> dict[tuple[str, str, str], frozenset[str]]:
    """Per message (agent, user, message id: ids are unique per tenant only), the topics its distilled memories hold."""
    held = (
        candidates.filter(pl.col("kind") != "episode")
        .select("agent_id", "user_id", pl.col("source_message_ids").alias("message_id"), "topic")
        .explode("message_id")
        .group_by(MESSAGE_KEY)
        .agg(pl.col("topic").unique())
    )
    return {(agent, user, message): frozenset(topics) for agent, user, message, topics in held.iter_rows()}


def _answered(reply: str, turn: str, params: SignalParams, exclude: frozenset[str]) -> TopicSignal:
    """The signal a reply takes from the turn before it when that asked about a topic."""
    signal = answer_signal(reply, turn, params)
    return signal if signal.topic not in exclude else NO_SIGNAL


def _added_to(text: str) -> TopicSignal:
    """An accumulating topic the message adds to, as the user's assertion (it closes nothing: not single-valued)."""
    collection = stated_collection(text)
    return TopicSignal(collection, ASSERTION, 1.0) if collection else NO_SIGNAL


def _afterword(asserted: set[str], signal: TopicSignal, content: str, asked: str | None) -> bool:
    """Whether `signal`, an assertion, only goes on about its topic after the conversation asserted it (`asserted`,
    updated here): "我住的小区物业特别差" after "我房子换到滨江了" is talk about the move, not a new home; a change said
    again ("wait, we moved to Dallas"), an answer to a question about the user on that topic or on none (`asked`: the
    turn before, when it asks the user), and a value written out (a time, a number) are still statements ("How many
    hours a week do you work?" — "15 hrs/week at the campus library" answers of the job, not of the school said
    before)."""
    if signal.mood != ASSERTION or signal.topic not in SINGLE_VALUED_TOPICS:
        return False
    # (a message that only ended the old value gives nothing to talk about: the next statement is the new one, "so
    # keto's done" … "mediterranean style, fish, beans", and what follows that is talk again)
    ended = f"{signal.topic} ended"
    free = signal.topic not in asserted or ended in asserted
    asserted.discard(ended)
    asserted.add(signal.topic)
    # (the value itself, given after the topic came up: "以后晚上找我" … "九点以后"; or an answer to a question)
    talk = (
        not free
        and not shows_a_value(content, (signal.topic,))
        and not any(names_a_change(clause) for clause, _ in clauses_with_moods(content))
        and not (asked is not None and message_signal(asked).topic in (None, signal.topic))
    )
    if not talk and ends_a_thing(content):
        asserted.add(ended)
    return talk


class _Reading(NamedTuple):
    vector: np.ndarray
    centroids: TopicCentroids
    params: SignalParams
    head: TopicHead | None
    heard: np.ndarray | None  # the head's probabilities for the message, one per class of `head`
    own: float | None  # the own head's probability that the message states the user's own value (OWN_HEAD)
    own_words: float | None  # the same probability read from the message's words (own_words)


def _episode_signal(
    content: str, turn: str, read: _Reading, exclude: frozenset[str], asserted: set[str]
) -> tuple[TopicSignal, tuple[str, ...]]:
    """The topic and mood of one user message, `turn` the one before it, and the topics it states in passing
    (said_in_passing); `asserted`: the topics its conversation asserted before it (updated here)."""
    answering = bool(turn) and asks_the_user(turn)
    readings = topic_readings(content, read.vector, read.centroids, read.params, answering)
    heard = read.head.likeliest(read.heard) if read.head is not None and read.heard is not None else (None, 0.0)
    known = read.head.classes if read.head is not None else ()
    said = _owned(
        _heard_over(strongest_reading(readings, content), readings, content, heard, read.params, known), read, content
    )
    if _afterword(asserted, said, content, turn if answering else None):
        said = TopicSignal(said.topic, TENTATIVE, said.strength)
    # a topic a fact of the message holds is left to it; the others' cues read as they did
    signal = said if said.topic not in exclude else strongest_reading(readings, content, exclude)
    signal = _unlabelled_reading(content, turn, read, exclude, signal)
    if signal.topic is None:
        signal = _owned(_heard(content, heard, exclude, read.params), read, content)
        if _afterword(asserted, signal, content, turn if answering else None):
            signal = TopicSignal(signal.topic, TENTATIVE, signal.strength)
    asked = _standing_request(content, read, exclude, signal)
    # (a topic the label gave way to is not stated in passing either: "我日语N2 日常交流ok" speaks a language; one a
    # standing request took the label from still is: "…our three depots at Tallgrass Logistics, can you keep your
    # answers to bullet points from now on")
    given_way = frozenset(topic for topic in (said.topic,) if topic and asked == signal)
    signal = asked
    # (a change refused or called off states none in passing: "我才不回去 在这边做跨境客服工资比老家高一倍" keeps the
    # user where they live, and would overtake the statement of it as the likelier change)
    if calls_off(content):
        # ... nor is a change the message only weighs, then refuses, the user's ("my TL decided our whole team is
        # doing keto for a month … hard pass, I'm not doing it")
        refused = TopicSignal(signal.topic, NEGATED, signal.strength) if signal.mood == TENTATIVE else signal
        return refused, ()
    passing = said_in_passing(readings, content, signal.topic, exclude | given_way)
    by_head = _heard_in_passing(content, read, signal.topic, exclude | given_way | frozenset(passing))
    return signal, tuple(sorted(passing + by_head))


# How the user wants to be answered, reached and called: what a standing request to the assistant sets
_HOW_TO_ANSWER = ("name", ANSWER_LANGUAGE_TOPIC, "output_format", "answer_length", CONTACT_TIME, *UNIT_TOPICS)
# ... said to the assistant: an order, or "you" asked to answer, call or write some way ("so use that from now on",
# "以后改成中英对照吧"; not the user's promise to the assistant: "新地址以后再告诉你")
_TO_YOU = re.compile(
    r"(?:^|\b(?:so|and|pls|please|just|then|now)\s+)(?:use|call|answer|reply|respond|write|keep|"
    r"give|make|switch|go\s+back|stick|ping|text|message|remind|send|stop|drop)\b"
    r"|\b(?:you|u)\s+(?:\w+\s+)?(?:answer|reply|respond|call|use|write|keep|give|send|ping|text|remind|talk|speak|address)\b"
    # ... or what the assistant's answers should be: "so one sentence answers only until further notice"
    r"|\b(?:answers|replies|responses)\b|回答|回复"
    r"|你(?:就|也|都|再|以后|之后)?(?:用|叫|回|说|写|称呼)|给我|跟我|回我|叫我|称呼我"
    r"|(?:改成|换成|改回|换回|用)[^，,。]*吧",
    re.IGNORECASE,
)


def _standing_request(content: str, read: _Reading, exclude: frozenset[str], signal: TopicSignal) -> TopicSignal:
    """`signal`, or the way of answering a standing request of the user's sets ("kit is retired the new handle is
    vexcode … so use that from now on", "on the picket line all week … so one sentence answers only until further
    notice", "以后改成中英对照吧"): the message's other words tell why, not what it asks. The topic is the one the
    request's words name, else the message's, else the one the topic head hears likeliest of the ways of answering."""
    # (a way of answering said, or a number or an address given, keeps the label: "my new number is 312-555-0148, and
    # from now on keep your answers to bullet points" holds the number, the request is said in passing)
    if signal.mood == ASSERTION and (signal.topic in _HOW_TO_ANSWER or signal.topic in CONTACT_TOPICS):
        return signal
    if not says_from_now_on(content):  # (most messages: no clause to read)
        return signal
    said = clauses_with_moods(content)
    # (the clauses after a rule announced are the rule: "new rule, | bullet points only, | skip the intro stuff")
    ruled = list(accumulate((bool(_RULE_HEADER.match(clause)) for clause, _ in said), or_))
    asked = [
        clause
        for (clause, mood), under_a_rule in zip(said, ruled, strict=True)
        if (under_a_rule or says_from_now_on(clause))
        and (_TO_YOU.search(clause) or _named_way(clause))
        # (one with no subject of its own is the user's, whoever the sentence spoke of: "他妈妈超nice～ 不过纯英文看
        # 久了有点累，| 以后改成中英对照吧")
        and (mood == ASSERTION or (mood == THIRD_PARTY and not names_a_subject(clause)))
    ]
    if not asked:
        return signal
    topic = _named_way(" ".join(asked)) or _named_way(content) or _heard_way(read)
    if topic is None or topic in exclude:
        return signal
    return TopicSignal(topic, ASSERTION, max(signal.strength, read.params.min_strength))


# A rule announced on its own, its items in the clauses after it: "new rule lol:", "ok new rule,"
_RULE_HEADER = re.compile(
    r"^\s*(?:(?:ok|okay|so|and|also)\s+)*new\s+rule\b(?:\s+\w+){0,2}\s*[,:.!-]*\s*$", re.IGNORECASE
)


def _named_way(text: str) -> str | None:
    """The way of answering whose cue words `text` says most often."""
    hits = {topic: count for topic, count in cue_hits(text).items() if topic in _HOW_TO_ANSWER}
    return max(hits, key=lambda topic: hits[topic]) if hits else None


def _heard_way(read: _Reading) -> str | None:
    """The way of answering the topic head hears likeliest in the message."""
    if read.head is None or read.heard is None:
        return None
    heard = {c: p for c, p in zip(read.head.classes, read.heard, strict=True) if c in _HOW_TO_ANSWER}
    return max(heard, key=lambda topic: heard[topic]) if heard else None


# The moods the own head overrules when it is surest (SignalParams.own_over_probability): the rules' reading of whose
# words a clause is, and of its tense, misreads chat ("partner got poached … and we're now in Ballard", "医生说辣的
# 一口都别碰了，现在只能吃清淡的"); a plan, a denial or reported words it does not, nor whose a number or an address
# is (the head is as sure of "我室友换号了，新号 186 0000 7315" as of the user's own)
_OVERRULED = (THIRD_PARTY, QUESTION, PAST)


def _owned(signal: TopicSignal, read: _Reading, content: str) -> TopicSignal:
    """`signal`, or the user's own assertion of its topic when the mood rules left it tentative, the own head is
    sure the message states the user's own value (SignalParams.own_probability; surer still when the rules read it
    as someone else's, a question or past: own_over_probability) and the topic head hears that topic in it
    (SignalParams.own_topic_probability): "frontend dev at Northwind Logistics here" and "大四，武汉理工计算机
    专业" are said in clauses the rules do not give the user, yet they are the user's job and school now, and a
    tentative reading would let the older value stand. The own head knows whose a message is, not what it is about:
    a short request ("抬头写公司名", the invoice's header) reads as the user's own, and only the topic head tells it
    is no employer. Nor is a message that weighs a hypothetical the user's own value, however sure the head is ("有人问
    我愿不愿意去教小孩毛笔字…你说我要是去了，会不会太累？"): the plan is the point of it; nor someone else's change told
    in words (_anothers_change), nor a trip told, whatever it asks of the place. The reader of the message's words
    (own_words) promotes a tentative reading the same way (own_words_probability); a reading the rules gave someone
    else, a question or the past only with the own head leaning its way too, since each reader errs where the other
    does not (docs/recall.md, "Whose state, read from the words")."""
    if signal.topic not in SINGLE_VALUED_TOPICS:
        return signal
    own, own_words = read.own or 0.0, read.own_words or 0.0
    sure = signal.mood == TENTATIVE and (
        own >= read.params.own_probability or own_words >= read.params.own_words_probability
    )
    overruled = signal.mood in _OVERRULED and signal.topic not in CONTACT_TOPICS
    # (the two readers err apart: the words reader takes a reading from the rules only with the head leaning its way)
    both = own_words >= read.params.own_words_over_probability and own >= read.params.own_probability_beside_words
    if not (sure or (overruled and (own >= read.params.own_over_probability or both))):
        return signal
    said = clauses_with_moods(content)
    # (nor a message weighing a step: "同事说我吃素营养跟不上。你说我要不要开始吃点肉？")
    if any(mood == PLAN for _, mood in said) or weighs_a_step(said):
        return signal
    # ... nor someone else's change told in words, nor a trip told, whatever it goes on to ask of the place ("just
    # got back from a week in Portland … is portland actually a good place to live"): the stay is no home
    if overruled and ((signal.mood == THIRD_PARTY and _anothers_change(said, signal.topic)) or told_of_a_trip(said)):
        return signal
    if read.head is None or read.heard is None or signal.topic not in read.head.classes:
        return signal
    if read.heard[read.head.classes.index(signal.topic)] < read.params.own_topic_probability:
        return signal
    return TopicSignal(signal.topic, ASSERTION, signal.strength)


def _anothers_change(said: list[tuple[str, str]], topic: str) -> bool:
    """Whether a clause of the message (`said`: its clauses with their moods) tells someone else's change of `topic`
    in words: no head outweighs "跟我同期进来的小周跳槽去星云科技了" or "my sister just moved to Denver", however much
    the rest reads like the user's own."""
    # (beside the user's own word on it the head may still be right: "在库尔勒买了套二手两居…媳妇带着闺女
    # 下个月从老家过来")
    if any(mood == ASSERTION and topic in cue_hits(clause) for clause, mood in said):
        return False
    return any(
        mood == THIRD_PARTY and names_a_change(clause) and topic in cue_hits(clause) and not user_last(clause)
        for clause, mood in said
    )


def _heard_in_passing(content: str, read: _Reading, label: str | None, exclude: frozenset[str]) -> tuple[str, ...]:
    """The topics besides `label` the learned head hears in a message with SignalParams.heard_in_passing_probability,
    when the message says them as the user's own (heard_mood: an assertion, or tentative beside a question, not
    beside a plan); a contact topic only with its value written out, as said_in_passing keeps it."""
    if read.head is None or read.heard is None:
        return ()
    heard = tuple(
        topic
        for topic, probability in zip(read.head.classes, read.heard, strict=True)
        if topic in SINGLE_VALUED_TOPICS
        and probability >= read.params.heard_in_passing_probability
        and topic != label
        and topic not in exclude
        and passes_as_stated(topic, content)
    )
    mood = heard_mood(content)
    # (beside a plan the head hears the option weighed: "if i got on with the county road crew id have a pension")
    weighed = mood == TENTATIVE and any(said == PLAN for _, said in clauses_with_moods(content))
    return heard if heard and mood in (ASSERTION, TENTATIVE) and not weighed else ()


def _heard_over(
    said: TopicSignal,
    readings: dict[str, TopicSignal],
    content: str,
    heard: tuple[str | None, float],
    params: SignalParams,
    known: Collection[str],
) -> TopicSignal:
    """`said`, the lexicon's strongest reading, or the topic the learned head hears in the message when the head is
    sure of another (SignalParams.heard_override_probability): a word of one topic in a message about another
    ("年前把连云港那套房退了，一家子跟着老板去钦州了" is a move, not a new boss). When the lexicon read the head's topic
    too, the message names both and the head weighs which one it is about, in the lexicon's reading of that topic
    ("组里老大跳槽走了，领导让我先顶上，现在系统里挂的是后端组长" is a title, not a new employer); a topic the head was
    never trained on (`known`: the head's classes) keeps the lexicon's weighing. The head knows the topic, not whose
    it is, so the user's own assertion is not given up for a weaker reading of the head's topic ("我是做Java后端的，
    在一家做SaaS的创业公司…干了三年了" asserts the work the user does; the firm is only tentatively theirs).
    `heard`: the head's topic and its probability (TopicHead.topic_of)."""
    topic, probability = heard
    if (
        topic is None
        or said.topic not in known
        or topic == said.topic
        or probability < params.heard_override_probability
    ):
        return said
    over = readings[topic] if topic in readings else heard_reading(content, topic, probability, params)
    # ... and the user's assertion said twice over outweighs a topic no word names ("我在一家国际发展机构的北京办公室
    # 当项目官员…改一下招募文案的标题" is the title; the office is where it is held)
    named_twice = said.mood == ASSERTION and said.strength >= 2 and topic not in readings
    return said if (said.mood == ASSERTION and over.mood != ASSERTION) or named_twice else over


def _heard(content: str, heard: tuple[str | None, float], exclude: frozenset[str], params: SignalParams) -> TopicSignal:
    """The topic the learned head hears (`heard`) in a message that names none in words (heard_reading)."""
    topic, probability = heard
    if topic is None or topic in exclude:
        return NO_SIGNAL
    return heard_reading(content, topic, probability, params)


def _unlabelled_reading(
    content: str, turn: str, read: _Reading, exclude: frozenset[str], signal: TopicSignal
) -> TopicSignal:
    """`signal`, or what a message that states no single-valued topic of its own says: the answer to the turn
    before it, an accumulating topic it adds to, a trip."""
    if signal.topic is None and turn:
        signal = _answered(content, turn, read.params, exclude)
    # the user's own statement of a pet or a language outweighs a single-valued topic said of no one ("passed
    # JLPT N3!!! the university classes paid off" adds a language; it is no school), not a weak one of the
    # user's own ("我和阿杰在一起了！就是之前常约我打羽毛球那个" is a relationship, not a hobby)
    said_of_no_one = signal.mood == TENTATIVE and signal.strength >= read.params.min_strength
    # ... or in someone's words: "therapist says I need something that's just mine… signed up for a pottery class"
    said_of_no_one |= signal.mood == REPORTED
    # ... or by one word, in a message the head hears another topic or none in: "signed up for pottery on thursdays!!
    # so my apartment is now yarn AND clay everywhere" adds a pastime, and says nothing of the home ("passed my
    # NMLS!!! … they're putting me on the lending side as a loan officer", heard as a title, keeps it)
    # (the head first: it is read already, and counting the cues again is only needed when it hears another topic)
    said_of_no_one = said_of_no_one or (
        signal.topic is not None and not _head_hears(read, signal.topic) and cue_hits(content).get(signal.topic, 0) <= 1
    )
    # ... and a language named, weakly, as one the user speaks is no wish for answers in it ("我日语N2 日常交流ok
    # 粤语是母语" adds two languages; a request for answers in one is the extractor's preference, which the episode
    # leaves to it)
    languages_spoken = signal.topic == ANSWER_LANGUAGE_TOPIC and signal.mood == TENTATIVE
    # ... and a time of day with no hour is when a pastime happens, not when to reach the user ("最近入坑飞盘了！！
    # 每周六早上在奥森跟一群人玩" adds a hobby, "我每天早上遛狗" a pet; "晚上九点以后比较方便" still sets a time)
    pastime_time = signal.topic == CONTACT_TIME and not shows_a_value(content, (CONTACT_TIME,))
    if signal.topic is None or said_of_no_one or languages_spoken or pastime_time:
        added = _added_to(content)
        signal = added if added.topic else signal
    if signal.topic is None and tells_of_a_trip(content):
        # a trip is told in the past of the topic it is mistaken for: it never answers where the user lives
        signal = TopicSignal(TRIP_TOPIC, PAST, 0.0)
    return signal


def _head_hears(read: _Reading, topic: str | None) -> bool:
    """Whether `topic` is the learned head's likeliest for the message; without a head, whatever the cues read
    stands."""
    if read.head is None or read.heard is None:
        return True
    return read.head.likeliest(read.heard)[0] == topic


def _others_news(content: str) -> str | None:
    """The mood of a message that speaks to no topic when it only tells someone else's news or words ("lol our captain
    just legally changed his name to Jonny Triple Twenty") or a hypothetical ("idk. if i got it id be making like 3x
    what target pays"): a question about the user's own state takes no answer from it
    (pipelines.recall.ranking.topic_focus)."""
    mood = heard_mood(content)
    return mood if mood in (THIRD_PARTY, REPORTED, PLAN) else None


class _Spoken(NamedTuple):
    """What a conversation said on a single-valued topic: its message's episode's place in the labels, the topic,
    the message's words and id, and whether a distilled memory of the message said it (else the episode)."""

    label: int
    topic: str
    text: str
    message: str
    distilled: bool


def _take_back(
    spoken: list[_Spoken], topics: list[str], moods: list[str | None], agent: str, user: str
) -> set[tuple[str, str, str, str]]:
    """Voids what a message that calls a change off takes back of what its conversation said (`spoken`,
    called_off): an episode's reading becomes a denial, and so does a distilled memory's message's episode, whose
    memory is returned to be left out (agent, user, message, topic)."""
    void = set()
    read = [
        (said.topic, ASSERTION if said.distilled else moods[said.label], said.text, said.message) for said in spoken
    ]
    for said in (spoken[at] for at in called_off(read)):
        if said.distilled:
            void.add((agent, user, said.message, said.topic))
            if topics[said.label] not in ("episode", said.topic):
                continue  # (the message's episode speaks to another topic, whose fate is its own)
            topics[said.label] = said.topic
        moods[said.label] = NEGATED
    return void


def _without_voided(candidates: pl.DataFrame, void: set[tuple[str, str, str, str]]) -> pl.DataFrame:
    """`candidates` (numbered by `_row`), in their order, but the distilled memories a change taken back voided
    (`void`: agent, user, message, topic): "new email is marawilde.ink@example.net" … "wait no. scratch that … forget
    the ink thing ever happened" leaves no email to recall."""
    if not void:
        return candidates
    voided = pl.DataFrame(list(void), schema=[*MESSAGE_KEY, "topic"], orient="row")
    distilled = candidates.filter(pl.col("kind") != "episode").with_columns(
        pl.col("source_message_ids").list.first().alias("message_id")
    )
    kept = distilled.join(voided, on=[*MESSAGE_KEY, "topic"], how="anti").drop("message_id")
    return pl.concat([candidates.filter(pl.col("kind") == "episode"), kept]).sort("_row")


def label_statements(
    candidates: pl.DataFrame,
    embed: Embed,
    params: SignalParams = SignalParams(),
    max_chars: int = MAX_CHARS,
    head: TopicHead | None = None,
    own_head: TopicHead | None = None,
    own_words: OwnWords | None = None,
) -> pl.DataFrame:
    """`candidates` with `topic` and `mood` set on every episode whose message speaks to a single-valued topic
    (read from its first `max_chars` characters, as the extractor read it); `head`, when given, hears the topic of a
    message whose words name none (topic_head); `own_head`, when given, makes a tentative reading the user's own
    assertion where it is sure the message states the user's own value and `head` hears the topic (_owned), and so
    does `own_words`, the reader of the message's words. The distilled memories a change taken back in its
    conversation voided are left out (called_off)."""
    # what the assistant said is never a statement of the user's state
    said_by = pl.col("role").fill_null("user") if "role" in candidates.columns else pl.lit("user")
    episodes = candidates.with_row_index("_row").filter((pl.col("kind") == "episode") & (said_by != "assistant"))
    if episodes.is_empty():
        return candidates
    covered = _covered_topics(candidates)
    passages = [
        embedding_texts("episode", content, keywords, None, max_chars)[0]
        for content, keywords in episodes.select("content", "keywords").iter_rows()
    ]
    vectors = np.asarray(embed(passages), dtype=np.float32)
    # the heads read every episode in one product each, not one message at a time
    heard = head.probabilities(vectors) if head is not None else None
    owned = own_head.probabilities(vectors)[:, own_head.classes.index(OWN_CLASS)] if own_head is not None else None
    worded = (
        own_words.probabilities([text[:max_chars] for text in episodes["content"]]) if own_words is not None else None
    )
    topic_centroids = centroids(embed, STATEMENTS)
    rows: list[int] = []
    topics: list[str] = []
    moods: list[str | None] = []
    mentions: list[list[str]] = []
    # the single-valued topics each conversation asserted so far, its episodes read in order (every episode of a
    # touched session is labelled each night, so this does not depend on batching)
    asserted: defaultdict[tuple[str, str, str], set[str]] = defaultdict(set)
    # ... and what it said on one (a change taken back voids them: called_off)
    said: defaultdict[tuple[str, str, str], list[_Spoken]] = defaultdict(list)
    void: set[tuple[str, str, str, str]] = set()  # the distilled memories voided: agent, user, message, topic
    in_order = episodes.with_columns(pl.int_range(pl.len()).alias("_at")).sort(
        "agent_id", "user_id", "session_id", "valid_from"
    )
    for row, agent, user, session, content, message_ids, context, at in in_order.select(
        "_row", "agent_id", "user_id", "session_id", "content", "source_message_ids", "context", "_at"
    ).iter_rows():
        turn = (context.partition(": ")[2] or context) if context else ""  # the context is "speaker: text"
        read = _Reading(
            vectors[at],
            topic_centroids,
            params,
            head,
            heard[at] if heard is not None else None,
            float(owned[at]) if owned is not None else None,
            float(worded[at]) if worded is not None else None,
        )
        exclude = covered.get((agent, user, message_ids[0]), frozenset())
        text = content[:max_chars]
        signal, passing = _episode_signal(text, turn, read, exclude, asserted[agent, user, session])
        spoken = said[agent, user, session]
        if (signal.topic is None or signal.mood != ASSERTION) and calls_off(text):
            void |= _take_back(spoken, topics, moods, agent, user)
        # what the message's distilled memories hold is said before its episode's topic: both are the message's
        held = sorted(exclude & SINGLE_VALUED_TOPICS.keys())
        spoken.extend(_Spoken(len(rows), topic, text, message_ids[0], True) for topic in held)
        if signal.topic in SINGLE_VALUED_TOPICS:
            spoken.append(_Spoken(len(rows), signal.topic, text, message_ids[0], False))
        rows.append(row)
        topics.append(signal.topic or "episode")
        moods.append(signal.mood if signal.topic else _others_news(text))
        mentions.append(list(passing))
    labels = pl.DataFrame(
        {
            "_row": pl.Series(rows, dtype=episodes["_row"].dtype),
            "_topic": topics,
            "_mood": pl.Series(moods, dtype=pl.String),
            "_mentions": pl.Series(mentions, dtype=pl.List(pl.String)),
        }
    )
    if "mentions" not in candidates.columns:  # (candidates staged before episodes carried them)
        candidates = candidates.with_columns(pl.lit(None, pl.List(pl.String)).alias("mentions"))
    labelled = candidates.with_row_index("_row").join(labels, on="_row", how="left")
    return (
        _without_voided(labelled, void)
        .with_columns(
            pl.coalesce("_topic", "topic").alias("topic"),
            pl.coalesce("_mood", "mood").alias("mood"),
            pl.coalesce("_mentions", "mentions").alias("mentions"),
        )
        .select(candidates.columns)
    )
