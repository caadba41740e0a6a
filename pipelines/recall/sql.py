"""The SQL of recall's per-user loads: one user's rows of a version, the columns that rank them and the BM25
weights of their postings, computed once when the user is first recalled (pipelines.recall.ranking ranks them).
"""

from __future__ import annotations

from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.core.timeline import single_valued_sql, timeline_order_sql
from pipelines.recall.ranking import ASSERTION, NO_MOOD, OTHER_MOOD, TENTATIVE

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
RANK_COLUMNS_SQL = f"""
WITH flagged AS (
    SELECT rid, memory_id, agent_id, kind, topic, mood, role, mentions, confidence, merged_into, speaker_id,
        {single_valued_sql()} AS single_slot, coalesce(retraction, false) AS retraction,
        row_number() OVER (PARTITION BY agent_id, topic ORDER BY {timeline_order_sql()}) AS timeline_rank,
        valid_to IS NULL AND merged_into IS NULL AS is_current,
        kind = 'episode' AND superseded_by IS NOT NULL AND merged_into IS NULL AS said_before,
        epoch(valid_from) AS valid_from_s,
        coalesce(epoch(valid_to), 'infinity'::DOUBLE) AS valid_to_s,
        coalesce(epoch(expires_at), 'infinity'::DOUBLE) AS expires_s,
        strength * confidence * (CASE WHEN kind = 'episode' THEN $episode_weight ELSE 1 END) AS prior,
        -- a time expression in the content (pipelines.recall.query_dates.SAYS_WHEN)
        coalesce(regexp_matches(content, $says_when), false) AS says_when,
        -- an episode's neighbours in its session and theirs, for RecallParams.neighbour_share
        CASE WHEN kind = 'episode' THEN lag(rid) OVER turns END AS prev_turn,
        CASE WHEN kind = 'episode' THEN lead(rid) OVER turns END AS next_turn,
        CASE WHEN kind = 'episode' THEN lag(rid, 2) OVER turns END AS prev_turn_2,
        CASE WHEN kind = 'episode' THEN lead(rid, 2) OVER turns END AS next_turn_2
    FROM {{rows}}
    WINDOW turns AS (PARTITION BY agent_id, session_id, kind ORDER BY valid_from, memory_id)
)
SELECT * EXCLUDE (is_current), is_current AND (NOT single_slot OR row_number() OVER (
        PARTITION BY agent_id, topic, is_current, single_slot ORDER BY timeline_rank DESC) = 1) AS current_visible,
    -- what pipelines.recall.ranking compares as numbers: a timeline's code, the memory_id order of the tie-break
    (dense_rank() OVER (ORDER BY agent_id, topic) - 1)::BIGINT AS slot_group,
    (row_number() OVER (ORDER BY memory_id) - 1)::BIGINT AS id_order,
    CASE WHEN mood IS NULL THEN {NO_MOOD} WHEN mood = 'assertion' THEN {ASSERTION}
         WHEN mood = 'tentative' THEN {TENTATIVE} ELSE {OTHER_MOOD} END::TINYINT AS mood_code,
    coalesce(role = 'assistant', false) AS is_assistant,
    -- the topics stated in passing as bits, each topic's place in $single_topics (pipelines.recall.ranking.mentions)
    coalesce(list_sum(list_transform(list_distinct(mentions),
        lambda t: (1::BIGINT << (list_position($single_topics, t) - 1)))), 0)::BIGINT AS mention_bits
FROM flagged ORDER BY rid
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
# user in the version, avgdl is their mean weighted length. Ordered by term, so each term's postings are one
# slice (pipelines.recall.ranking.Postings).
POSTING_WEIGHTS_SQL = """
WITH mine AS (SELECT r.rid, p.term, p.tf, p.doc_len
              FROM read_parquet($path) p JOIN {rows} r ON r.memory_id = p.memory_id
              WHERE p.user_id = $user),
stats AS (SELECT count(*) AS n, avg(doc_len) AS avgdl FROM (SELECT DISTINCT rid, doc_len FROM mine)),
df AS (SELECT term, count(*) AS df FROM mine GROUP BY term)
SELECT term, rid, tf,
       -- how much of a message's words a term is: a Chinese bigram overlaps its neighbours, so it is half a word
       CASE WHEN regexp_full_match(term, '[\u4e00-\u9fff]{{2}}') THEN 0.5 ELSE 1.0 END::DOUBLE AS word_share,
       ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))  -- idf
         * tf * ($k1 + 1) / (tf + $k1 * (1 - $b + $b * doc_len / stats.avgdl)) AS weight,
       -- a term in most of the user's memories ("user", "用户", a speaker's name) tells them apart no better than
       -- chance: it carries no rank weight, so it cannot put a memory on the keyword list by itself (below 8
       -- memories "most" is two or three rows, and BM25's idf already says what little there is to say)
       df.df * 2 <= stats.n OR stats.n < 8 AS telling
FROM mine JOIN df USING (term), stats
ORDER BY term, rid
"""
