"""The SQL of recall: the per-query statement (built for the query's shape) and the per-user loads.

One statement ranks a user's visible memories twice (cosine through a numpy UDF, BM25 over the
version's postings), fuses the ranks (RRF) and weights them; docs/recall.md describes and measures it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.core.timeline import single_valued_sql, timeline_order_sql

# What a recall may see; the kind and agent tests are left out when the caller does not filter on them.
# Times are epoch seconds (`*_s` columns, precomputed when the user is loaded; a missing end is +infinity).
_VISIBLE = """m.confidence >= $min_confidence{kind_filter}{agent_filter}
      AND m.valid_from_s <= $at AND m.expires_s > $at"""
# As of a moment: the memories true then, one per single-valued topic (the last on its timeline).
_VISIBLE_AS_OF_CTE = """shadowed AS (
    SELECT rid FROM {memories} m
    WHERE m.single_slot AND m.merged_into IS NULL AND {visible} AND m.valid_to_s > $at
    QUALIFY row_number() OVER (PARTITION BY m.agent_id, m.topic ORDER BY m.timeline_rank DESC) > 1
), visible AS MATERIALIZED (
    SELECT rid FROM {memories} m
    WHERE m.merged_into IS NULL AND {visible} AND (m.valid_to_s > $at{history})
      AND m.rid NOT IN (SELECT rid FROM shadowed)
)"""
# Now: the current state, its shadowing precomputed when the user was loaded (USER_TABLE_SQL).
_VISIBLE_NOW_CTE = """visible AS MATERIALIZED (
    SELECT rid FROM {memories} m WHERE (m.current_visible{history}) AND {visible}
)"""
# What was said stays said: a message whose statement was superseded is still a record of the conversation,
# recalled like any other by questions that are not about the user's current state on a topic. A question
# about a single-valued topic sees only what holds at the moment asked.
_HISTORY = " OR m.said_before"
_KIND_FILTER = "\n      AND list_contains($kinds, m.kind)"
_AGENT_FILTER = "\n      AND m.agent_id = $agent"

# Vector list: one call of a vectorised UDF with the visible rows' ids; numpy ranks them by cosine (stored
# and query vectors are unit length, so one matrix-vector product) and returns the top $depth with ranks.
_VECTOR_HITS = """vector_hits AS (
    SELECT unnest(vector_top(list(rid), $depth), recursive := true) FROM visible
)"""
# Keyword list: BM25 (Robertson & Zaragoza 2009) from the postings of the query's terms; each posting's
# term weight was computed when the user was loaded, `{term_ids}` are the query terms' ids in {terms}.
_KEYWORD_HITS = """keyword_hits AS (
    SELECT rid, keyword, CASE WHEN $keyword_step > 0
               THEN least(row_number() OVER ranked, 1 + (ln(max(keyword) OVER ()) - ln(keyword)) / $keyword_step)
               ELSE row_number() OVER ranked END AS keyword_rank
    FROM (SELECT rid, sum(weight) AS keyword
          FROM (SELECT unnest(rids) AS rid, unnest(weights) AS weight FROM {terms} WHERE term_id IN ({term_ids}))
          WHERE rid IN (SELECT rid FROM visible)
          GROUP BY rid ORDER BY keyword DESC, rid LIMIT $depth)
    WINDOW ranked AS (ORDER BY keyword DESC, rid)
)"""
# Reciprocal rank fusion (Cormack et al. 2009) of the lists the query has. Where a list is flat a hit's rank is
# read from its score (RecallParams.vector_tie, keyword_tie), so near ties stay near ties and the other list decides.
_FUSED = {
    (True, True): """fused AS (
    SELECT rid, v.similarity, coalesce(k.keyword, 0.0) AS keyword,
           coalesce(1.0 / ($rrf_k + v.vector_rank), 0) + coalesce(1.0 / ($rrf_k + k.keyword_rank), 0) AS fused
    FROM vector_hits v FULL OUTER JOIN keyword_hits k USING (rid)
)""",
    (True, False): """fused AS (
    SELECT rid, similarity, 0.0::DOUBLE AS keyword, 1.0 / ($rrf_k + vector_rank) AS fused FROM vector_hits
)""",
    (False, True): """fused AS (
    SELECT rid, NULL::FLOAT AS similarity, keyword, 1.0 / ($rrf_k + keyword_rank) AS fused FROM keyword_hits
)""",
}
# The ranked rows' ids and scores; what a result shows besides (content, provenance, times) is read from
# the user's rows by rid in Python, which measured ≈1.5 ms less than carrying it through the joins.
_SCORED = """
SELECT rid,
       f.fused * m.prior * (1 - $recency + $recency * {freshness}){speaker} * {focus}
           * (CASE WHEN m.role = 'assistant' THEN $assistant_factor ELSE 1 END)
           * (CASE WHEN m.valid_from_s >= $day_start AND m.valid_from_s < $day_end THEN $date_boost ELSE 1 END)
           AS score,
       f.similarity,
       -- cosine rescaled above the embedder's background level: e5 puts unrelated text near 0.8
       greatest(f.similarity - $floor, 0) / (1 - $floor) AS relevance,
       {freshness} AS freshness, f.keyword, f.fused, {focus} AS focus
FROM {fused} f JOIN {memories} m USING (rid){since}{focused}
ORDER BY score DESC, m.memory_id LIMIT $limit
"""
# A query about a single-valued topic ("where does the user live?") is answered by that topic's statement
# visible now (or as of the moment asked): it joins the candidates even when neither list found it, and
# ranks first; a message that only mentions the topic (a plan, someone else's move) is an aside.
_TOPIC_FUSED = """topic_fused AS (
    SELECT * FROM fused
    UNION ALL
    SELECT rid, NULL::FLOAT AS similarity, 0.0::DOUBLE AS keyword, 1.0 / ($rrf_k + 1) AS fused
    FROM visible JOIN {memories} m USING (rid)
    WHERE m.single_slot AND m.topic = $topic AND rid NOT IN (SELECT rid FROM fused)
)"""
_FOCUS = """(CASE WHEN m.topic = $topic AND m.single_slot THEN $topic_boost
        WHEN m.topic = $topic AND m.mood = 'tentative' THEN $tentative_boost
        WHEN m.mood NOT IN ('assertion', 'tentative') THEN 0.0
        WHEN (m.single_slot OR m.mood = 'tentative') AND m.valid_from_s < topic_since.since THEN 0.0
        WHEN m.single_slot OR m.mood = 'tentative' THEN $other_topic_weight ELSE 1.0::DOUBLE END)"""
# When the asked topic's statement began: what was stated on other topics before it is context of an older
# state (the job title said with the old employer), not an answer about the current one.
_TOPIC_SINCE = """topic_since AS (
    SELECT coalesce(max(m.valid_from_s), '-infinity'::DOUBLE) AS since
    FROM visible JOIN {memories} m USING (rid)
    WHERE m.topic = $topic AND (m.single_slot OR m.mood = 'tentative')
)"""
# A query naming who said an episode ("what did Caroline research?") favours what they said.
_SPEAKER = "\n           * (CASE WHEN list_contains($speakers, m.speaker_id) THEN $speaker_boost ELSE 1 END)"
_FRESHNESS = "pow(0.5, greatest($at - m.valid_from_s, 0) / 86400.0 / $half_life)"


def recall_sql(
    memories: str,
    terms: str,
    term_ids: Sequence[int],
    as_of: bool,
    use_vectors: bool,
    kinds: bool,
    agent: bool,
    speakers: bool,
    topic: bool = False,
) -> str:
    """The recall statement for one user's tables and the query's shape (only the lists it has)."""
    visible = _VISIBLE.format(kind_filter=_KIND_FILTER if kinds else "", agent_filter=_AGENT_FILTER if agent else "")
    history = "" if topic else _HISTORY
    ctes = [
        (_VISIBLE_AS_OF_CTE if as_of else _VISIBLE_NOW_CTE).format(memories=memories, visible=visible, history=history)
    ]
    use_keywords = bool(term_ids) or not use_vectors
    if use_vectors:
        ctes.append(_VECTOR_HITS)
    if use_keywords:
        ctes.append(_KEYWORD_HITS.format(terms=terms, term_ids=", ".join(str(int(i)) for i in term_ids) or "NULL"))
    ctes.append(_FUSED[(use_vectors, use_keywords)])
    fused = "fused"
    if topic:
        ctes.append(_TOPIC_FUSED.format(memories=memories))
        ctes.append(_TOPIC_SINCE.format(memories=memories))
        fused = "topic_fused"
    scored = _SCORED.format(
        memories=memories,
        freshness=_FRESHNESS,
        speaker=_SPEAKER if speakers else "",
        focus=_FOCUS if topic else "1.0::DOUBLE",
        # a message that only mentions the asked topic (a plan, a question, someone else's move) never answers it
        focused=f"\nWHERE {_FOCUS} > 0" if topic else "",
        fused=fused,
        since=", topic_since" if topic else "",
    )
    return "WITH " + ",\n".join(ctes) + scored


VECTOR_TOP_TYPE = "STRUCT(rid INTEGER, similarity FLOAT, vector_rank FLOAT)[]"
# The statement shares its CTEs by hand and joins a few hundred rows: these passes cost more planning time
# than they save (common_subplan alone was ≈4 ms a query); docs/recall.md.
RECALL_DISABLED_OPTIMIZERS = ",".join(
    [
        "common_subplan",
        "join_order",
        "statistics_propagation",
        "common_subexpressions",
        "projection_pullup",
        "self_join_aggregate",
        "window_self_join",
        "aggregate_reuse",
        "duplicate_groups",
    ]
)

# A survivor of near-duplicate merging is presented with its group's union of provenance and highest
# confidence; the stored rows stay as stated (pipelines.resolve.merge).
# With an agent given, only that agent's rows: another agent's memories of the same user id must not even
# shift the keyword statistics (a tenant is (agent, user)).
_USER_ROWS = """
WITH mine AS (SELECT * FROM read_parquet($path) WHERE user_id = $user AND ($agent IS NULL OR agent_id = $agent)),
groups AS (
    SELECT coalesce(merged_into, memory_id) AS memory_id,
           list_sort(list_distinct(flatten(list(source_message_ids)))) AS group_sources,
           max(confidence) AS group_confidence
    FROM mine GROUP BY ALL
)"""
_GROUP_PROVENANCE = """coalesce(groups.group_sources, mine.source_message_ids) AS source_message_ids,
    coalesce(groups.group_confidence, mine.confidence) AS confidence"""
LOAD_USER_SQL = f"""{_USER_ROWS}
SELECT (row_number() OVER () - 1)::INTEGER AS rid, mine.* REPLACE (
    embedding::FLOAT[{EMBEDDING_DIM}] AS embedding,
    {_GROUP_PROVENANCE})
FROM mine LEFT JOIN groups USING (memory_id)
"""
# The same rows for browsing (pipelines.recall.browse): no vectors, oldest valid_from first.
BROWSE_USER_SQL = f"""{_USER_ROWS}
SELECT mine.* EXCLUDE (embedding) REPLACE ({_GROUP_PROVENANCE})
FROM mine LEFT JOIN groups USING (memory_id)
ORDER BY valid_from, memory_id
"""

# The ranking columns of the user's rows. `timeline_rank` orders each single-valued topic's timeline the way
# resolution does (pipelines.core.timeline; the highest rank wins). `current_visible` precomputes the current
# state's shadowing: a current memory, and on a single-valued topic the winning current one (after resolution
# there is only one; see pipelines.resolve.invariants). Times become epoch seconds (an open end is +infinity);
# `prior` is the part of the weight that does not depend on the query: strength × confidence × episode weight.
USER_TABLE_SQL = f"""
CREATE TABLE {{memories}} AS
WITH flagged AS (
    SELECT rid, memory_id, agent_id, kind, topic, mood, role, confidence, merged_into, speaker_id,
        {single_valued_sql()} AS single_slot,
        row_number() OVER (PARTITION BY agent_id, topic ORDER BY {timeline_order_sql()}) AS timeline_rank,
        valid_to IS NULL AND merged_into IS NULL AS is_current,
        kind = 'episode' AND superseded_by IS NOT NULL AND merged_into IS NULL AS said_before,
        epoch(valid_from) AS valid_from_s,
        coalesce(epoch(valid_to), 'infinity'::DOUBLE) AS valid_to_s,
        coalesce(epoch(expires_at), 'infinity'::DOUBLE) AS expires_s,
        strength * confidence * (CASE WHEN kind = 'episode' THEN $episode_weight ELSE 1 END) AS prior,
        -- an episode's neighbours in its session, for RecallParams.neighbour_share
        CASE WHEN kind = 'episode' THEN lag(rid) OVER turns END AS prev_turn,
        CASE WHEN kind = 'episode' THEN lead(rid) OVER turns END AS next_turn
    FROM {{rows}}
    WINDOW turns AS (PARTITION BY agent_id, session_id, kind ORDER BY valid_from, memory_id)
)
SELECT * EXCLUDE (is_current), is_current AND (NOT single_slot OR row_number() OVER (
        PARTITION BY agent_id, topic, is_current, single_slot ORDER BY timeline_rank DESC) = 1) AS current_visible
FROM flagged
"""
DETAIL_COLUMNS = [
    "memory_id",
    "kind",
    "topic",
    "content",
    "strength",
    "confidence",
    "valid_from",
    "valid_to",
    "expires_at",
    "source_message_ids",
    "agent_id",
    "user_id",
    "role",
]

# Corpus statistics are the user's own (recall never crosses users): N and df count every memory of the
# user in the version, avgdl is their mean weighted length. One row per term with its postings as two
# aligned lists: a query reads a handful of rows instead of filtering every posting.
LOAD_TERMS_SQL = """
CREATE TABLE {terms} AS
WITH mine AS (SELECT r.rid, p.term, p.tf, p.doc_len
              FROM read_parquet($path) p JOIN {memories} r ON r.memory_id = p.memory_id
              WHERE p.user_id = $user),
stats AS (SELECT count(*) AS n, avg(doc_len) AS avgdl FROM (SELECT DISTINCT rid, doc_len FROM mine)),
df AS (SELECT term, count(*) AS df FROM mine GROUP BY term),
weighted AS (
    SELECT rid, term,
           ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))  -- idf
             * tf * ($k1 + 1) / (tf + $k1 * (1 - $b + $b * doc_len / stats.avgdl)) AS weight
    FROM mine JOIN df USING (term), stats
    -- a term in most of the user's memories ("user", "用户", a speaker's name) tells them apart no better than
    -- chance: it carries no rank weight, so it cannot put a memory on the keyword list by itself (below 8
    -- memories "most" is two or three rows, and BM25's idf already says what little there is to say)
    WHERE df.df * 2 <= stats.n OR stats.n < 8
)
SELECT (row_number() OVER (ORDER BY term) - 1)::INTEGER AS term_id, term,
       list(rid ORDER BY rid) AS rids, list(weight ORDER BY rid) AS weights
FROM weighted GROUP BY term
"""
