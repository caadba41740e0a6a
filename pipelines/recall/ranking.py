"""The per-query ranking of recall: one user's rows as numpy columns, ranked by cosine and by BM25, fused
(RRF) and weighted by strength, confidence, freshness and the query's focus; docs/recall.md describes it.

DuckDB reads the snapshot and computes every column that does not depend on the query when a user is
loaded (pipelines.recall.sql); what depends on the query runs here over a few thousand rows, where one
statement's operators cost ten times the arithmetic (docs/recall.md, "Speed").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from pipelines.core.topics import ANSWER_STYLE, SINGLE_VALUED_TOPICS
from pipelines.extract.signals.collections import COLLECTIONS, COVERED_BY
from pipelines.extract.signals.units import UNITS_TOPIC, asked_units
from pipelines.recall.params import RecallParams

# Mood codes of RankColumns.mood: an episode's statement of the user's own state, a tentative one, any other
# mood (a question, a plan, someone else's news), and none (distilled memories carry no mood).
NO_MOOD, ASSERTION, TENTATIVE, OTHER_MOOD = 0, 1, 2, 3
# The bit of each single-valued topic in RankColumns.mentions (pipelines.recall.sql sets them in this order).
MENTION_TOPICS = sorted(SINGLE_VALUED_TOPICS)
RANKED = ("rid", "score", "similarity", "relevance", "freshness", "keyword", "fused", "focus")


@dataclass(frozen=True)
class RankColumns:
    """One user's rows by rid: what decides visibility, the timeline and the weight (pipelines.recall.sql
    USER_TABLE_SQL computes them); strings are codes into `kinds`, `agents` and `topics`."""

    confidence: np.ndarray
    kind: np.ndarray
    kinds: dict[str, int]
    agent: np.ndarray
    agents: dict[str, int]
    topic: np.ndarray
    topics: dict[str, int]
    mood: np.ndarray
    is_assistant: np.ndarray
    says_when: np.ndarray  # the content has a time expression (pipelines.recall.query_dates.SAYS_WHEN)
    valid_from: np.ndarray  # epoch seconds
    valid_to: np.ndarray  # epoch seconds, +inf while open
    expires: np.ndarray  # epoch seconds, +inf without expiry
    current_visible: np.ndarray
    said_before: np.ndarray
    single_slot: np.ndarray
    retraction: np.ndarray  # a statement that closes its topic's value without giving a new one
    unmerged: np.ndarray
    timeline_rank: np.ndarray
    slot_group: np.ndarray  # one code per (agent_id, topic): a single-valued topic's timeline
    prior: np.ndarray
    speaker: np.ndarray  # -1: no speaker
    id_order: np.ndarray  # the row's place in memory_id order (the deterministic tie-break)
    # (rows, 4): an episode's previous and next turn in its session, then the turns before and after those (-1: none)
    turns: np.ndarray
    follow_up: np.ndarray  # a reply of the user's to the assistant that speaks to no topic of its own (`follow_ups`)
    mentions: np.ndarray  # the topics an episode states in passing besides its own, as bits (MENTION_TOPICS order)


@dataclass(frozen=True)
class Postings:
    """BM25 weights of one user's postings as a CSR index: term i's rows are rids[starts[i]:starts[i+1]]."""

    starts: np.ndarray
    rids: np.ndarray
    weights: np.ndarray


@dataclass(frozen=True)
class RankQuery:
    """What one recall asks; RecallParams holds the weights."""

    at: float  # epoch seconds of the moment asked
    as_of: bool  # the state at `at` rather than the current one
    min_confidence: float
    kinds: list[str] | None
    agent: str | None
    similarities: np.ndarray | None  # every row's cosine to the query; None: keyword recall only
    floor: float  # the embedder's cosine of unrelated text
    term_ids: list[int]  # the query's terms in the user's postings
    topic: str | None  # the single-valued topic the query asks about
    speakers: list[int]  # the speakers the query names
    day: tuple[float, float] | None  # the day the query names, epoch seconds [start, end)
    asks_when: bool  # the query asks when something happened
    assistant_factor: float
    limit: int
    depth: int  # how deep each list goes before fusion
    collection: str | None = None  # the accumulating topic the query asks about (pets, hobbies, languages spoken)
    asks_a_state: bool = False  # the query asks what holds for the user (query_dates.asks_a_state)


def rank(columns: RankColumns, postings: Postings, query: RankQuery, params: RecallParams) -> list[tuple]:
    """The best `query.limit` visible rows as (rid, score, similarity, relevance, freshness, keyword, fused,
    focus), best first; ties go to the lower memory_id."""
    visible = visible_rows(columns, query)
    n = len(visible)
    fused = np.zeros(n)
    similarity = np.full(n, np.nan)
    keyword = np.zeros(n)
    listed = np.zeros(n, dtype=bool)
    if query.similarities is not None:
        visible_rids = np.flatnonzero(visible)
        rids, cosines, ranks = rank_by_similarity(query.similarities, visible_rids, query.depth, params.vector_tie)
        fused[rids] += 1.0 / (params.rrf_k + ranks.astype(np.float64))
        similarity[rids] = cosines
        listed[rids] = True
    if query.term_ids or query.similarities is None:
        step = math.log1p(params.keyword_tie)
        rids, scores, ranks = keyword_hits(postings, query.term_ids, visible, query.depth, step)
        fused[rids] += 1.0 / (params.rrf_k + ranks)
        keyword[rids] = scores
        listed[rids] = True
    focus = np.ones(n)
    if query.topic is not None:
        statements = visible & columns.single_slot & _asked(columns, query.topic, visible)
        fused[statements & ~listed] = 1.0 / (params.rrf_k + 1)
        listed |= statements
        focus = topic_focus(columns, visible, query.topic, params, query.as_of)
        listed &= focus > 0
    else:  # a topic's statement answers alone; the rest lend to their neighbours
        if query.collection is not None:
            focus = collection_focus(columns, query.collection, params)
        if params.neighbour_share > 0:
            shares = (params.neighbour_share, params.far_neighbour_share)
            fused = lift_neighbours(columns.turns, listed, fused, shares, params.expand_hits)
    if query.topic is None:
        return _scored(columns, query, params, np.flatnonzero(listed), fused, similarity, keyword, focus)
    # the answer's own message may rank below k: cut the whole list, then take k
    deep = replace(query, limit=max(query.limit, query.depth))
    scored = _scored(columns, deep, params, np.flatnonzero(listed), fused, similarity, keyword, focus)
    return answered(scored, columns.valid_from, params)[: query.limit]


def answered(scored: list[tuple], said_at: np.ndarray, params: RecallParams) -> list[tuple]:
    """A topic's question whose first result is the topic's statement keeps what was said with it (the message
    it came from) and what would rival it without its boost: the rest cannot be the answer, and beside an answer
    it misleads (a roommate's move, an old employer named in passing, a plan that was called off)."""
    if not scored or scored[0][7] != params.topic_boost:
        return scored
    floor, moment = scored[0][1] / params.topic_boost, said_at[scored[0][0]]
    return [row for row in scored if row[1] >= floor or said_at[row[0]] == moment]


def lift_neighbours(
    turns: np.ndarray, listed: np.ndarray, fused: np.ndarray, shares: tuple[float, float], hits: int
) -> np.ndarray:
    """`fused` after the best `hits` listed episodes lend a share of theirs to the turns around them in their
    session, where that is more than the turn has: `shares[0]` to the turns just before and after them (the second
    half of an answer is often the reply to the first), `shares[1]` to the turns before and after those (in a
    conversation of two, the speaker's own previous and next turn: "guess what I organised yesterday" ... "a
    charity tournament"). Only listed rows are lifted (a turn neither list found stays out)."""
    seeds = np.flatnonzero(listed & (turns.max(axis=1) >= 0))
    seeds = seeds[np.lexsort((seeds, -fused[seeds]))][:hits]
    lifted = fused.copy()
    share_of_column = np.repeat(shares, 2)  # turns' columns: previous, next, then the turns two away
    for seed in seeds:
        around = turns[seed]
        found = (around >= 0) & listed[around] & (fused[around] > 0)
        rows, lent = around[found], share_of_column[found] * fused[seed]
        np.maximum.at(lifted, rows, lent)
    return lifted


def visible_rows(columns: RankColumns, query: RankQuery) -> np.ndarray:
    """Which rows the recall may see: confident enough, of the asked kinds and agent, begun and not expired;
    now the current state (USER_TABLE_SQL shadows the losers of each timeline), as of a moment the memories
    true then with one per single-valued topic. What was said stays said except for a topic's question."""
    c = columns
    base = (c.confidence >= query.min_confidence) & (c.valid_from <= query.at) & (c.expires > query.at)
    if query.kinds:
        base &= np.isin(c.kind, [c.kinds[k] for k in query.kinds if k in c.kinds])
    if query.agent is not None:
        base &= _is(c.agent, c.agents, query.agent)
    # (a question about what holds now sees no superseded statement, whether or not its topic is known: "用户现在每天
    # 早上的天气播报设置是怎样的？" after "以后每天早上6点半给我报个天气" was replaced)
    # (a question about a collection still sees every member said: "What crafts does the user know?")
    asks_now = query.topic is not None or (query.asks_a_state and not query.as_of and query.collection is None)
    history = np.zeros(len(base), dtype=bool) if asks_now else c.said_before
    if not query.as_of:
        return (c.current_visible | history) & base
    true_then = c.unmerged & base
    contenders = true_then & c.single_slot & (c.valid_to > query.at)
    latest = np.zeros(int(c.slot_group.max(initial=-1)) + 1, dtype=c.timeline_rank.dtype)
    np.maximum.at(latest, c.slot_group[contenders], c.timeline_rank[contenders])
    shadowed = contenders & (c.timeline_rank < latest[c.slot_group])
    return true_then & ((c.valid_to > query.at) | history) & ~shadowed


def rank_by_similarity(
    all_similarities: np.ndarray, visible: np.ndarray, depth: int, tie: float = 0.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The `depth` visible rids most similar to the query, best first (ties: lower rid), their cosines, and
    their fusion ranks: the place in the list, or 1 + the distance below the top cosine in units of `tie`
    where that is less."""
    if len(visible) == 0 or depth < 1:
        return np.zeros(0, np.int64), np.zeros(0, np.float32), np.zeros(0, np.float32)
    similarities = all_similarities[visible]
    top = np.argpartition(-similarities, depth - 1)[:depth] if len(visible) > depth else np.arange(len(visible))
    order = top[np.lexsort((visible[top], -similarities[top]))]
    cosines = similarities[order]
    places = np.arange(1, len(order) + 1, dtype=np.float32)
    ranks = np.minimum(places, 1 + (cosines[0] - cosines) / tie) if tie > 0 else places
    return visible[order], cosines, ranks.astype(np.float32)


def keyword_hits(
    postings: Postings, term_ids: list[int], visible: np.ndarray, depth: int, step: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """BM25 (Robertson & Zaragoza 2009): the `depth` visible rids with the highest sum of the query terms'
    weights (ties: lower rid), the sums, and their fusion ranks: the place in the list, or where a flat list
    puts it, 1 + the log distance below the top score in units of `step`."""
    slices = [slice(postings.starts[i], postings.starts[i + 1]) for i in term_ids]
    if not slices:
        return np.zeros(0, np.int64), np.zeros(0), np.zeros(0)
    rids = np.concatenate([postings.rids[s] for s in slices])
    weights = np.concatenate([postings.weights[s] for s in slices])
    keep = visible[rids]
    hit_rids, sums = _summed(rids[keep], weights[keep])
    order = np.lexsort((hit_rids, -sums))[:depth]
    hit_rids, sums = hit_rids[order], sums[order]
    places = np.arange(1, len(order) + 1, dtype=np.float64)
    if step > 0 and len(sums):
        with np.errstate(divide="ignore"):
            places = np.minimum(places, 1 + (np.log(sums[0]) - np.log(sums)) / step)
    return hit_rids, sums, places


def collection_focus(columns: RankColumns, topic: str, params: RecallParams) -> np.ndarray:
    """Each row's factor for a question about an accumulating topic: what the user said of it as their own (an
    asserting episode, a distilled memory) by `collection_boost`; what belongs to another accumulating topic, or is a
    distilled statement of a single-valued one, by `other_topic_weight` ("User has a cat." and "User lives in
    Montréal." are no hobbies, however close their words); the rest as it is. A topic
    the asked one covers counts as it (COVERED_BY: a language spoken is a skill); one that covers the asked one is no
    other topic (a skill may be a language)."""
    c = columns
    on_topic = np.isin(c.topic, [c.topics[name] for name in COVERED_BY.get(topic, (topic,)) if name in c.topics])
    stated = on_topic & np.isin(c.mood, (ASSERTION, NO_MOOD))
    others = [name for name in COLLECTIONS if topic not in COVERED_BY.get(name, (name,)) and name in c.topics]
    # ... and so does a distilled statement of a single-valued topic, which says that topic and nothing else ("User
    # wants answers in Spanish." is no hobby; an episode labelled with one may still tell of a pastime)
    distilled_statement = c.single_slot & (c.mood == NO_MOOD)
    elsewhere = ~on_topic & (np.isin(c.topic, [c.topics[name] for name in others]) | distilled_statement)
    rest = np.where(c.follow_up, params.follow_up_weight, 1.0)
    return np.where(stated, params.collection_boost, np.where(elsewhere, params.other_topic_weight, rest))


def follow_ups(is_assistant: np.ndarray, turns: np.ndarray, no_topic: np.ndarray) -> np.ndarray:
    """Per row, whether it is a reply of the user's to the assistant that speaks to no topic of its own (`no_topic`):
    its episode carries the turn before it (its words in the postings, its vector in its own), so a topic's
    question finds it through that turn. `turns` as RankColumns.turns."""
    previous = turns[:, 0]
    after_the_assistant = (previous >= 0) & is_assistant[np.maximum(previous, 0)]
    return after_the_assistant & ~is_assistant & no_topic


def topic_focus(
    columns: RankColumns, visible: np.ndarray, topic: str, params: RecallParams, as_of: bool = False
) -> np.ndarray:
    """Each row's factor for a question about a single-valued topic: the topic's statement first, a tentative
    one next; a message that only mentions a topic (a plan, a question) never answers (0); statements on other
    topics made before the asked topic's statement began, and anything said with a superseded statement of it,
    describe an older state (0), and what else was said before that statement likely does too
    (`before_statement_weight`); later statements on other topics weigh less, and so do replies that owe their
    match to the turn they answer (`RankColumns.follow_up`). A tentative reading well after the statement, or a
    statement of the topic in passing, ranks above it as the likelier change, and the statement it overtakes
    falls back (`overtaken_weight`). `as_of`: the question asks about a past moment (RankQuery.as_of)."""
    c = columns
    on_topic = _asked(c, topic, visible)
    tentative = c.mood == TENTATIVE
    stated = c.single_slot | tentative
    since_rows = c.valid_from[visible & on_topic & stated]
    since = since_rows.max() if len(since_rows) else -np.inf
    # where nothing states the asked topic (now, or at the moment asked), a statement read as another topic's may be
    # its answer misread ("been a company driver at lone star dry van", read as the vehicle, asked the user's role
    # that spring): it weighs as talk does, not below the small talk around it
    other = params.other_topic_weight if len(since_rows) else params.unstated_other_topic_weight
    focus = np.where(stated, other, np.where(c.follow_up, params.follow_up_weight, 1.0))
    focus[stated & (c.valid_from < since)] = 0.0
    focus[~stated & (c.valid_from < since)] *= params.before_statement_weight
    # whatever else a superseded statement's message said belongs to that older state ("I work at Corvel, remind
    # me to email a client"): beside the current answer it points back to the old value
    # ... and whatever a message of someone else's news on the topic said is that news ("我老公跳槽去Grab了" holds that
    # the user is married; asked where the user works, it is the husband's job)
    superseded = on_topic & c.single_slot & (c.valid_from < since)
    focus[np.isin(c.valid_from, c.valid_from[superseded | (on_topic & (c.mood == OTHER_MOOD))])] = 0.0
    focus[c.mood == OTHER_MOOD] = 0.0
    # as of a moment when nothing stated the topic, a message that states it in passing answers as a weak
    # statement would ("…for our three depots at Tallgrass Logistics", asked where the user worked that spring);
    # beside a statement it is talk or an older state, and for the current state an old aside would outrank a
    # change said in words no rule knows ("hubby's doing the VAT return" after "my boyfriend…")
    if as_of and not len(since_rows):
        focus[mentions(c, topic) & ~on_topic] = params.passing_boost
        # ... and so does a message of the topic said in another mood than a statement: asked where the user lived
        # that spring, "it has rained here in Portland for eleven days… should I buy a dehumidifier?" is the trace
        focus[on_topic & (c.mood == OTHER_MOOD)] = params.passing_boost
    focus[on_topic & tentative] = params.tentative_boost
    # a weak reading said well after the topic's statement may be the change itself, in words no rule knows (in
    # the statement's own conversation it is talk about it: "导师让我读几篇论文" after "复旦研究生开学第一周了")
    stated_since = c.valid_from[visible & on_topic & c.single_slot]
    said_at = stated_since.max() if len(stated_since) else np.inf
    # a retraction gives no value to talk about: a reading after it is the new value, however soon it follows
    # ("handed the dundee keys back" — "new flat's 10 min walk from Raigmore")
    retracted = bool((visible & on_topic & c.single_slot & c.retraction & (c.valid_from == said_at)).any())
    later = said_at + (0.0 if retracted else params.newer_tentative_after_hours * 3600.0)
    # ... and so may a message that states the topic in passing beside its own (the episode's `mentions`): "the
    # Carrick Hotel took me on as house pianist, five nights a week" is labelled with the nights, and holds the job
    # (not one that answers someone else's news of the topic: "Ballpark property taxes, Gallatin County versus Lewis
    # and Clark" after "She's decided we are moving there when I retire")
    passing = (
        mentions(c, topic) & ~on_topic & (c.mood != OTHER_MOOD) & ~_after(c.turns, on_topic & (c.mood == OTHER_MOOD))
    )
    # ... and so may a statement of the other way of answering, the later wish ("one-liners" after "bullet points")
    restyled = _is(c.topic, c.topics, ANSWER_STYLE.get(topic)) & stated
    newer = ((on_topic & tentative) | passing | restyled) & (c.valid_from > later)
    focus[newer] = params.newer_tentative_boost
    focus[on_topic & tentative & (c.valid_from > said_at) & (c.valid_from <= later)] = params.afterword_boost
    # where nothing states the topic, not even weakly, a message that states it in passing is no other topic's
    # statement to keep down (asked where the user works: "在安居物业干了快两个礼拜了…就是夜班困" is labelled
    # with the night shift); beside a weak reading it is likelier the older state ("I'm a VP at Dunmore Capital"
    # before "Handed in my resignation at Dunmore")
    if not len(since_rows):
        focus[passing | restyled] = np.maximum(focus[passing | restyled], 1.0)
    overtaken = bool((newer & visible).any())
    if overtaken:  # ... and what its message said with it is that older state too ("the bullets feel choppy, can you
        # switch to short plain paragraphs instead?" before "one or two sentences max from now on")
        moments = c.valid_from[visible & on_topic & c.single_slot]
        focus[np.isin(c.valid_from, moments) & ~newer & ~(on_topic & c.single_slot)] *= params.overtaken_weight
    focus[on_topic & c.single_slot] = params.overtaken_weight if overtaken else params.topic_boost
    return focus


def _after(turns: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Per row, whether the turn before it, or the one before that (in a conversation of two, the speaker's own
    previous turn), is one of `rows`. `turns` as RankColumns.turns."""
    before = turns[:, [0, 2]]
    return ((before >= 0) & rows[np.maximum(before, 0)]).any(axis=1)


def mentions(columns: RankColumns, topic: str) -> np.ndarray:
    """Per row, whether it states `topic` in passing (RankColumns.mentions)."""
    if topic not in SINGLE_VALUED_TOPICS:
        return np.zeros(len(columns.mentions), dtype=bool)
    return (columns.mentions & (1 << MENTION_TOPICS.index(topic))) != 0


def _scored(
    c: RankColumns,
    q: RankQuery,
    p: RecallParams,
    rids: np.ndarray,
    fused: np.ndarray,
    similarity: np.ndarray,
    keyword: np.ndarray,
    focus: np.ndarray,
) -> list[tuple]:
    """Each listed row's weight (fused rank × prior × freshness and the query's factors, multiplied in this
    order so equal inputs give equal scores), best `q.limit` first."""
    freshness = np.power(0.5, np.maximum(q.at - c.valid_from[rids], 0) / 86400.0 / p.half_life_days)
    score = fused[rids] * c.prior[rids] * (1 - p.recency_weight + p.recency_weight * freshness)
    if q.speakers:
        score = score * np.where(np.isin(c.speaker[rids], q.speakers), p.speaker_boost, 1.0)
    score = score * focus[rids] * np.where(c.is_assistant[rids], q.assistant_factor, 1.0)
    if q.day is not None:
        on_day = (c.valid_from[rids] >= q.day[0]) & (c.valid_from[rids] < q.day[1])
        score = score * np.where(on_day, p.date_boost, 1.0)
    if q.asks_when:
        score = score * np.where(c.says_when[rids], p.when_boost, 1.0)
    if q.asks_a_state and q.topic is None and q.collection is None and not q.as_of and q.day is None and len(rids):
        score = score * state_recency(c, rids, score, p)
    order = np.lexsort((c.id_order[rids], -score))[: q.limit]
    cosine = similarity[rids][order]
    relevance = np.maximum(np.nan_to_num(cosine - q.floor, nan=0.0), 0) / (1 - q.floor)
    return [
        (int(r), float(s), None if np.isnan(v) else float(v), float(rel), float(f), float(k), float(u), float(o))
        for r, s, v, rel, f, k, u, o in zip(
            rids[order],
            score[order],
            cosine,
            relevance,
            freshness[order],
            keyword[rids][order],
            fused[rids][order],
            focus[rids][order],
            strict=True,
        )
    ]


def state_recency(c: RankColumns, rids: np.ndarray, score: np.ndarray, p: RecallParams) -> np.ndarray:
    """The factor of each listed row (weighing `score` so far) for a question about a state: the user's own statements
    (distilled memories and the user's episodes said as their own) lose `state_recency_weight` of their weight,
    halving per half-life, before the newest of them among the best `state_pool`; anything else weighs as the oldest
    (a newer plan, question or someone else's news is no newer state of the user's)."""
    own = ~c.is_assistant[rids] & np.isin(c.mood[rids], (NO_MOOD, ASSERTION, TENTATIVE))
    best = np.argsort(-score, kind="stable")[: p.state_pool]
    if not own[best].any():
        return np.ones(len(rids))
    said = c.valid_from[rids]
    age_days = np.maximum(said[best][own[best]].max() - said, 0) / 86400.0
    fresh = np.where(own, np.power(0.5, age_days / p.half_life_days), 0.0)
    return 1 - p.state_recency_weight + p.state_recency_weight * fresh


def _summed(rids: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    unique, at = np.unique(rids, return_inverse=True)
    return unique, np.bincount(at, weights=weights, minlength=len(unique))


def _asked(columns: RankColumns, topic: str, visible: np.ndarray) -> np.ndarray:
    """Per row, whether its topic answers a question about `topic`: the topic itself, and for units the system's
    and every quantity's a question naming none asks about (pipelines.extract.signals.units.asked_units), but not
    a quantity's wish older than a visible wish for the whole system ("grams for everything" after "cups")."""
    family = asked_units(topic)
    if not family:
        return _is(columns.topic, columns.topics, topic)
    rows = np.isin(columns.topic, [columns.topics[name] for name in family if name in columns.topics])
    system = _is(columns.topic, columns.topics, UNITS_TOPIC)
    said = visible & system & (columns.single_slot | (columns.mood == TENTATIVE))
    if said.any():
        rows &= system | (columns.valid_from >= columns.valid_from[said].max())
    return rows


def _is(codes: np.ndarray, names: dict[str, int], name: str | None) -> np.ndarray:
    return codes == names.get(name, -1) if name is not None else np.zeros(len(codes), dtype=bool)
