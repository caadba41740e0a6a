"""The constants of recall's ranking, each with the reason for its value; docs/recall.md measures them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RecallParams:
    half_life_days: float = 30.0
    # Share of the weight that freshness controls: recency reorders near ties instead of burying an
    # old but exact answer (0 = ignore age, 1 = score halves every half-life); docs/recall.md measures it.
    recency_weight: float = 0.05
    # A question about a state with no topic of ours ("which market does the user trade at on saturdays?"): what the
    # user said last on it is likelier the answer, so the user's own statements lose this share of their weight,
    # halving per half-life, before the newest of them among the best `state_pool`; the rest (someone else's news,
    # a plan, a question, the assistant's turns) weigh as the oldest (docs/recall.md measures it)
    state_recency_weight: float = 0.3
    state_pool: int = 3
    min_confidence: float = 0.0
    # A raw message scores below the distilled memory it produced when both match a query equally.
    episode_weight: float = 0.8
    # A message of fewer telling terms than this ("cool", "ty", "好 晚点发") earns that share of its weight: its
    # vector carries the previous turn, so without it an acknowledgement ranks like the turn it acknowledges.
    brief_terms: float = 3.0
    # Reciprocal rank fusion constant (Cormack et al. 2009 use 60 for many runs); with two lists a smaller
    # one keeps the head of each list decisive (docs/recall.md: 10-30 measured alike, 60 lower).
    rrf_k: float = 20.0
    bm25_k1: float = 1.2
    bm25_b: float = 0.75
    # Factor for an episode whose speaker the query names (docs/recall.md measures 1.1-1.5 alike).
    speaker_boost: float = 1.25
    # What the assistant said: the factor of its turns when the query asks what it said, suggested or
    # promised ("what did you recommend?"), and otherwise (a question about the user hears the user first; one
    # about a topic of their state weighs the assistant's turns like other topics' statements as well).
    assistant_boost: float = 2.0
    assistant_weight: float = 0.5
    # A query naming a day ("what did I cook on May 5th?") favours what was said that day by this factor.
    date_boost: float = 3.0
    # A query asking when ("when did Caroline go to the support group?") favours memories that say when ("went
    # yesterday") by this factor; docs/recall.md measures 1.5 and 2 on every dev set.
    when_boost: float = 1.5
    # A hit lifts the turns just before and after it in its session: the second half of a multi-hop answer is
    # often the reply to the first. The best `expand_hits` episodes lend `neighbour_share` of their fused score
    # to those neighbours among the candidates (0 turns it off; docs/recall.md)
    neighbour_share: float = 0.85
    expand_hits: int = 5
    # ... and `far_neighbour_share` to the turns two places away: in a conversation of two, the speaker's own turn
    # before or after the hit, the rest of what they were telling ("guess what I did yesterday" ... "a tournament")
    far_neighbour_share: float = 0.7
    # A query about a single-valued topic: the factor of its current (or as-of) statement, of a tentative one
    # (too weak a signal to supersede), and of other topics' statements ("User's job title is ..." does not say
    # where the user works). Messages that only mention the topic without asserting it are left out.
    topic_boost: float = 4.0
    tentative_boost: float = 2.0
    # ... and of a tentative one said more than `newer_tentative_after_hours` after the topic's current statement: above
    # the statement, as the likelier change (docs/recall.md measures it on every update set)
    newer_tentative_boost: float = 5.0
    newer_tentative_after_hours: float = 12.0
    # ... and of a tentative one said within those hours after it, in its conversation: talk about the statement
    # ("顺便帮我写个邮件签名，带上新邮箱" after the new address), never above it
    afterword_boost: float = 1.0
    # ... and of the statement such a newer tentative one overtakes: what it said is likelier the older value, so it
    # falls below anything else that answers (still there when nothing else does) rather than staying in the top
    # three beside the change (docs/recall.md measures 0.25 and 0.02 on stories never read)
    overtaken_weight: float = 0.02
    # ... and, as of a moment when nothing stated the topic, of a message that stated it in passing beside its own
    # topic (the episode's `mentions`): "…our depots at Tallgrass Logistics", asked where the user worked that spring
    passing_boost: float = 2.0
    # A query about an accumulating topic ("what pets does the user have?"): the factor of the user's own
    # statements of it (pipelines.extract.signals.collections), which add up instead of replacing each other.
    collection_boost: float = 2.0
    other_topic_weight: float = 0.25
    # ... unless nothing states the asked single-valued topic: another topic's statement may be its answer misread
    unstated_other_topic_weight: float = 1.0
    # ... and, for both kinds of topic question, of a reply to the assistant that speaks to no topic of its own ("ZIP
    # worked, found 2. ty" after advice on a dentist in Columbus): what it shares with the question it mostly owes
    # to the turn it answers, whose words and vector it carries (docs/recall.md, "Replies that owe their match")
    follow_up_weight: float = 0.7
    # ... and, for a single-valued topic's question, of what was said before the topic's current (or as-of) statement
    # and states nothing: it speaks of an older state, or of none ("boxes EVERYWHERE … Minneapolis" before "moved
    # across the river to St. Paul"); still a candidate when it is the only trace
    before_statement_weight: float = 0.5
    # Fusion reads a hit's rank from its score where the list is flat: a hit ranks as far below the first as its
    # score is, in steps of `vector_tie` cosine (`keyword_tie` of the top BM25 score, relative), when that is less
    # than its place. Three one-line facts whose cosines differ by 0.001 are near ties, so the other list decides;
    # a spread-out list keeps its ranks. docs/recall.md measures the steps on every dev set.
    vector_tie: float = 0.002
    keyword_tie: float = 0.05
    # How deep each ranked list goes before fusion; a memory below it on both lists is not recalled.
    candidates: int = 200
    # Maximal marginal relevance over the fused top candidates; None keeps the fused order.
    mmr_lambda: float | None = None
    mmr_pool: int = 4
