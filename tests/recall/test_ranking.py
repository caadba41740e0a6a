"""The per-query ranking on literal columns: visibility as of a moment, the BM25 list, a topic's focus."""

from __future__ import annotations

import numpy as np
import pytest

from pipelines.recall.params import RecallParams
from pipelines.recall.ranking import (
    ASSERTION,
    MENTION_TOPICS,
    NO_MOOD,
    OTHER_MOOD,
    TENTATIVE,
    Postings,
    RankColumns,
    RankQuery,
    collection_focus,
    follow_ups,
    keyword_hits,
    lift_neighbours,
    rank,
    state_recency,
    topic_focus,
    visible_rows,
)

DAY = 86400.0


def columns(**given: list) -> RankColumns:
    """Rows of one user: `topic` and `agent` as names; everything not given is an open, current distilled
    memory with no mood, confidence 1 and prior 1, its own timeline, begun at day 0."""
    n = len(given["topic"])
    topics = {name: i for i, name in enumerate(dict.fromkeys(given["topic"]))}
    agents = {name: i for i, name in enumerate(dict.fromkeys(given.get("agent", ["a"] * n)))}
    topic = np.array([topics[t] for t in given["topic"]])
    agent = np.array([agents[a] for a in given.get("agent", ["a"] * n)])
    slot_group = np.unique(np.stack([agent, topic], axis=1), axis=0, return_inverse=True)[1].reshape(-1)

    def array(name: str, default: object, dtype: type) -> np.ndarray:
        return np.array(given.get(name, [default] * n), dtype=dtype)

    is_assistant = array("is_assistant", False, bool)
    turns = np.array(given.get("turns", [[-1, -1, -1, -1]] * n), dtype=np.int64)
    return RankColumns(
        confidence=array("confidence", 1.0, np.float64),
        kind=np.zeros(n, np.int64),
        kinds={"fact": 0},
        agent=agent,
        agents=agents,
        topic=topic,
        topics=topics,
        mood=array("mood", NO_MOOD, np.int8),
        is_assistant=is_assistant,
        says_when=array("says_when", False, bool),
        valid_from=array("valid_from", 0.0, np.float64),
        valid_to=array("valid_to", np.inf, np.float64),
        expires=np.full(n, np.inf),
        current_visible=array("current", True, bool),
        said_before=array("said_before", False, bool),
        single_slot=array("single_slot", False, bool),
        retraction=array("retraction", False, bool),
        unmerged=np.ones(n, bool),
        timeline_rank=array("timeline_rank", 1, np.int64),
        slot_group=slot_group.astype(np.int64),
        prior=np.ones(n),
        speaker=np.full(n, -1),
        id_order=np.arange(n),
        turns=turns,
        follow_up=follow_ups(is_assistant, turns, topic == topics.get("episode", -1)),
        mentions=array("mentions", 0, np.int64),
    )


def query(**given: object) -> RankQuery:
    fields: dict = dict(
        at=10 * DAY,
        as_of=False,
        min_confidence=0.0,
        kinds=None,
        agent=None,
        similarities=None,
        floor=0.0,
        term_ids=[],
        topic=None,
        speakers=[],
        day=None,
        asks_when=False,
        assistant_factor=1.0,
        limit=10,
        depth=10,
    )
    return RankQuery(**(fields | given))


def test_as_of_a_moment_each_timeline_shows_only_its_statement_true_then():
    # residence: Shanghai (day 0-5), then Beijing (day 5-); another agent's own residence timeline is kept apart
    rows = columns(
        topic=["residence", "residence", "residence", "hobbies"],
        agent=["a", "a", "b", "a"],
        single_slot=[True, True, True, False],
        valid_from=[0, 5 * DAY, 1 * DAY, 0],
        valid_to=[5 * DAY, np.inf, np.inf, np.inf],
        timeline_rank=[1, 2, 1, 1],
        current=[False, True, True, True],
    )
    assert visible_rows(rows, query(at=3 * DAY, as_of=True)).tolist() == [True, False, True, True]
    assert visible_rows(rows, query(at=8 * DAY, as_of=True)).tolist() == [False, True, True, True]
    assert visible_rows(rows, query(at=8 * DAY, as_of=True, agent="b")).tolist() == [False, False, True, False]


def test_a_superseded_message_stays_said_except_for_a_question_about_its_topic():
    rows = columns(topic=["residence", "residence"], current=[False, True], said_before=[True, False])
    assert visible_rows(rows, query()).tolist() == [True, True]
    assert visible_rows(rows, query(topic="residence")).tolist() == [False, True]


def test_a_question_about_what_holds_now_sees_no_superseded_message_whatever_its_topic():
    # "用户现在每天早上的天气播报设置是怎样的？" reads no topic, yet the replaced reminder no longer holds
    rows = columns(topic=["contact_time", "contact_time"], current=[False, True], said_before=[True, False])
    assert visible_rows(rows, query(asks_a_state=True)).tolist() == [False, True]
    # ... but a question about the past, or as of a moment, or about a collection still sees what was said
    assert visible_rows(rows, query(asks_a_state=False)).tolist() == [True, True]
    assert visible_rows(rows, query(asks_a_state=True, collection="hobbies")).tolist() == [True, True]
    closed = columns(
        topic=["contact_time", "contact_time"],
        current=[False, True],
        said_before=[True, False],
        valid_to=[5 * DAY, np.inf],
    )
    assert visible_rows(closed, query(asks_a_state=True, as_of=True, at=8 * DAY)).tolist() == [True, True]


def test_the_keyword_list_sums_the_query_terms_weights_over_visible_rows():
    # term 0 in rows 0, 1, 2; term 1 in rows 1, 3
    postings = Postings(np.array([0, 3, 5]), np.array([0, 1, 2, 1, 3]), np.array([1.0, 1.0, 2.0, 0.5, 4.0]))
    visible = np.array([True, True, True, False])
    rids, sums, ranks = keyword_hits(postings, [0, 1], visible, depth=10, step=0.0)
    assert rids.tolist() == [2, 1, 0]  # by summed weight; row 3 (weight 4.0) is not visible
    assert sums.tolist() == [2.0, 1.5, 1.0]
    assert ranks.tolist() == [1, 2, 3]
    _, _, flat = keyword_hits(postings, [0, 1], visible, depth=10, step=np.log1p(1.0))
    # 1 + ln(top / score) / ln(2): 1.5 is 1.415 places below the top, 1.0 is 2 (its place, 3, is further)
    assert flat.tolist() == pytest.approx([1.0, 1.415, 2.0], abs=1e-3)
    assert keyword_hits(postings, [0], visible, depth=1, step=0.0)[0].tolist() == [2]


def test_ties_on_the_keyword_list_go_to_the_lower_row():
    postings = Postings(np.array([0, 3]), np.array([2, 0, 1]), np.array([1.0, 1.0, 1.0]))
    assert keyword_hits(postings, [0], np.ones(3, bool), depth=2, step=0.0)[0].tolist() == [0, 1]


def test_a_topic_question_weighs_its_statement_first_and_never_an_aside():
    p = RecallParams()
    rows = columns(
        topic=["residence", "residence", "residence", "employer", "employer", "hobbies"],
        single_slot=[True, False, False, True, True, False],
        mood=[NO_MOOD, TENTATIVE, OTHER_MOOD, NO_MOOD, ASSERTION, NO_MOOD],
        valid_from=[5 * DAY, 5.25 * DAY, 7 * DAY, 1 * DAY, 6 * DAY, 8 * DAY],
    )
    focus = topic_focus(rows, np.ones(6, bool), "residence", p)
    # the statement, a tentative one said in its conversation (talk about it), a plan (0), another topic's statement
    # from before the move (an older state), one from after it, a multi-valued memory
    assert focus.tolist() == [p.topic_boost, p.afterword_boost, 0.0, 0.0, p.other_topic_weight, 1.0]


def test_what_a_message_of_someone_elses_news_on_the_topic_also_said_is_that_news():
    p = RecallParams()
    # "User works at Corvel.", then "我老公跳槽去Grab了" (his job) and the marriage fact the same message holds
    rows = columns(
        topic=["employer", "employer", "relationship_status"],
        single_slot=[True, False, True],
        mood=[NO_MOOD, OTHER_MOOD, NO_MOOD],
        valid_from=[1 * DAY, 5 * DAY, 5 * DAY],
    )
    assert topic_focus(rows, np.ones(3, bool), "employer", p).tolist() == [p.topic_boost, 0.0, 0.0]
    # asked about the marriage, it answers
    assert topic_focus(rows, np.ones(3, bool), "relationship_status", p).tolist()[2] == p.topic_boost


def test_what_was_said_before_a_topics_statement_weighs_less_for_its_question():
    p = RecallParams()
    # "boxes EVERYWHERE … Minneapolis" (no statement), then "moved across the river to St. Paul" (the statement),
    # then an aside; without a statement nothing is older than it
    rows = columns(
        topic=["episode", "residence", "episode"],
        single_slot=[False, True, False],
        mood=[NO_MOOD, ASSERTION, NO_MOOD],
        valid_from=[1 * DAY, 5 * DAY, 6 * DAY],
    )
    focus = topic_focus(rows, np.ones(3, bool), "residence", p)
    assert focus.tolist() == [p.before_statement_weight, p.topic_boost, 1.0]
    assert topic_focus(rows, np.array([True, False, True]), "residence", p).tolist()[::2] == [1.0, 1.0]


def test_a_topic_stated_in_passing_answers_as_of_a_moment_when_nothing_stated_it():
    p = RecallParams()
    employer = 1 << MENTION_TOPICS.index("employer")
    # "…our depots at Tallgrass Logistics" in a question about a pivot table (an output format episode, day 1), the
    # same said beside a plan (its own topic in another mood, day 2), a message that mentions nothing (day 3), then
    # a later statement of the employer (day 9) and a mention after it (day 10)
    rows = columns(
        topic=["output_format", "residence", "episode", "employer", "name"],
        single_slot=[True, False, False, True, True],
        mood=[ASSERTION, OTHER_MOOD, NO_MOOD, ASSERTION, ASSERTION],
        mentions=[employer, employer, 0, 0, employer],
        valid_from=[1 * DAY, 2 * DAY, 3 * DAY, 9 * DAY, 10 * DAY],
    )
    before_the_statement = np.array([True, True, True, False, False])  # as of day 5
    focus = topic_focus(rows, before_the_statement, "employer", p, as_of=True)
    assert focus.tolist()[:3] == [p.passing_boost, p.passing_boost, 1.0]
    # for the current state an old aside answers no better than any message (a change may have been said in words
    # no rule knows), but is no other topic's statement to keep down either
    assert topic_focus(rows, before_the_statement, "employer", p).tolist()[:3] == [1.0, 0.0, 1.0]
    # (a mention the day after the statement is the likelier change: test_a_statement_in_passing_well_after_…)
    focus = topic_focus(rows, np.ones(5, bool), "employer", p, as_of=True)
    assert focus.tolist() == [0.0, 0.0, p.before_statement_weight, p.overtaken_weight, p.newer_tentative_boost]
    # (a statement of another topic that mentions none of this one is no answer in passing: nothing states the home
    # then, so it weighs as talk does)
    focus = topic_focus(rows, before_the_statement, "residence", p, as_of=True)
    assert focus.tolist()[0] == p.unstated_other_topic_weight


def test_a_statement_in_passing_well_after_the_topics_statement_overtakes_it():
    p = RecallParams()
    employer = 1 << MENTION_TOPICS.index("employer")
    # "I'm at Sound Harbour" (day 1); "the Carrick Hotel took me on as house pianist, five nights a week" (day 5,
    # labelled with when to reach the user, the job in passing); a plan that mentions a job (day 6) and a mention
    # said in the statement's own conversation (day 1, 6 hours on) overtake nothing
    rows = columns(
        topic=["employer", "contact_time", "residence", "name"],
        single_slot=[True, True, False, True],
        mood=[ASSERTION, ASSERTION, OTHER_MOOD, ASSERTION],
        mentions=[0, employer, employer, employer],
        valid_from=[1 * DAY, 5 * DAY, 6 * DAY, 1.25 * DAY],
    )
    focus = topic_focus(rows, np.ones(4, bool), "employer", p)
    assert focus.tolist() == [p.overtaken_weight, p.newer_tentative_boost, 0.0, p.other_topic_weight]
    visible = np.array([True, False, True, True])
    assert topic_focus(rows, visible, "employer", p).tolist()[0] == p.topic_boost


def test_a_mention_in_passing_that_answers_someone_elses_news_of_the_topic_overtakes_nothing():
    p = RecallParams()
    residence = 1 << MENTION_TOPICS.index("residence")

    # "we've been in the same house on the upper west side since '98" (day 1); "She's decided we are moving there
    # when I retire" (day 5, the wife's plan); the assistant's reply; "Ballpark property taxes, Gallatin County versus
    # Lewis and Clark" (the county in passing, the user's next turn)
    def told(news_topic: str, news_mood: int) -> RankColumns:
        return columns(
            topic=["residence", news_topic, "episode", "episode"],
            single_slot=[True, False, False, False],
            mood=[ASSERTION, news_mood, NO_MOOD, NO_MOOD],
            is_assistant=[False, False, True, False],
            mentions=[0, 0, 0, residence],
            valid_from=[1 * DAY, 5 * DAY, 5.001 * DAY, 5.002 * DAY],
            turns=[[-1, -1, -1, -1], [-1, 2, -1, 3], [1, 3, -1, -1], [2, -1, 1, -1]],
        )

    focus = topic_focus(told("residence", OTHER_MOOD), np.ones(4, bool), "residence", p)
    assert focus[0] == p.topic_boost and focus[3] < p.newer_tentative_boost
    # ... while the same mention after the user's own talk is the likelier change
    assert topic_focus(told("episode", NO_MOOD), np.ones(4, bool), "residence", p)[3] == p.newer_tentative_boost


def test_a_later_wish_on_the_other_way_of_answering_overtakes_the_asked_one():
    p = RecallParams()
    # "bullet points pls" (day 1); "one-liners. one sentence answers" (day 5); a length said in the bullets' own
    # conversation (day 1, 6 hours on) overtakes nothing, and an older length is an older state
    rows = columns(
        topic=["output_format", "answer_length", "answer_length", "answer_length"],
        single_slot=[True, True, True, True],
        mood=[ASSERTION, ASSERTION, ASSERTION, ASSERTION],
        valid_from=[1 * DAY, 5 * DAY, 1.25 * DAY, 0.5 * DAY],
    )
    focus = topic_focus(rows, np.ones(4, bool), "output_format", p)
    assert focus.tolist() == [p.overtaken_weight, p.newer_tentative_boost, p.other_topic_weight, 0.0]
    # ... and neither way overtakes another topic's question
    assert topic_focus(rows, np.ones(4, bool), "language", p).tolist()[1] == p.unstated_other_topic_weight
    # where no layout was stated at all, a length is no other topic's statement to keep down
    assert topic_focus(rows, np.array([False, True, True, True]), "output_format", p).tolist()[1] == 1.0


def test_what_an_overtaken_statements_message_said_with_it_falls_back_with_it():
    p = RecallParams()
    # "the bullets feel choppy, can you switch to short plain paragraphs instead?" (day 5: the layout, and its episode
    # with no topic), then "one or two sentences max from now on" (day 9), then an aside (day 10)
    rows = columns(
        topic=["output_format", "episode", "answer_length", "episode"],
        single_slot=[True, False, True, False],
        mood=[NO_MOOD, NO_MOOD, ASSERTION, NO_MOOD],
        valid_from=[5 * DAY, 5 * DAY, 9 * DAY, 10 * DAY],
    )
    focus = topic_focus(rows, np.ones(4, bool), "output_format", p)
    assert focus.tolist() == [p.overtaken_weight, p.overtaken_weight, p.newer_tentative_boost, 1.0]
    # not overtaken, the message keeps its weight beside its statement
    focus = topic_focus(rows, np.array([True, True, False, True]), "output_format", p)
    assert focus.tolist()[:2] == [p.topic_boost, 1.0]


def test_where_nothing_states_the_topic_a_statement_of_it_in_passing_is_not_kept_down():
    p = RecallParams()
    employer = 1 << MENTION_TOPICS.index("employer")
    # "在安居物业干了快两个礼拜了…就是夜班困" is labelled with the night shift and holds the job in passing; someone
    # else's news on the topic still answers nothing
    rows = columns(
        topic=["contact_time", "employer", "contact_time"],
        single_slot=[True, False, True],
        mood=[TENTATIVE, OTHER_MOOD, ASSERTION],
        mentions=[employer, 0, 0],
        valid_from=[5 * DAY, 1 * DAY, 2 * DAY],
    )
    assert topic_focus(rows, np.ones(3, bool), "employer", p).tolist() == [1.0, 0.0, p.unstated_other_topic_weight]
    # ... but beside a weak reading of the topic, an older statement in passing stays another topic's
    resigned = columns(
        topic=["job_title", "employer"],
        single_slot=[True, False],
        mood=[ASSERTION, TENTATIVE],
        mentions=[employer, 0],
        valid_from=[1 * DAY, 5 * DAY],
    )
    assert topic_focus(resigned, np.ones(2, bool), "employer", p).tolist() == [0.0, p.tentative_boost]


def test_a_reply_to_the_assistant_that_names_no_topic_weighs_less_for_a_topic_question():
    p = RecallParams()
    # the user asks (row 0), the assistant answers (1), the user replies "ZIP worked, found 2. ty" (2) or says where
    # they live in reply (3, labelled by the question it answers)
    # (a second assistant turn, 4, is still the assistant's)
    rows = columns(
        topic=["episode", "episode", "episode", "residence", "episode"],
        is_assistant=[False, True, False, False, True],
        mood=[NO_MOOD, NO_MOOD, NO_MOOD, TENTATIVE, NO_MOOD],
        turns=[[-1, 1, -1, -1], [0, 2, -1, -1], [1, -1, 0, -1], [1, -1, 0, -1], [1, -1, 0, -1]],
        valid_from=[0, 0, 0, 0, 0],
    )
    focus = topic_focus(rows, np.ones(5, bool), "residence", p)
    assert focus.tolist() == [1.0, 1.0, p.follow_up_weight, p.tentative_boost, 1.0]
    assert collection_focus(rows, "pets", p).tolist() == [1.0, 1.0, p.follow_up_weight, 1.0, 1.0]
    assert p.afterword_boost < p.tentative_boost < p.topic_boost


def test_a_tentative_reading_right_after_a_retraction_is_the_new_value():
    p = RecallParams()
    # "handed the dundee keys back" (a retraction), then minutes later "new flat's 10 min walk from Raigmore"
    given: dict[str, list] = dict(
        topic=["residence", "residence", "residence"],
        single_slot=[True, True, False],
        mood=[ASSERTION, ASSERTION, TENTATIVE],
        valid_from=[1 * DAY, 90 * DAY, 90.01 * DAY],
    )
    rows = columns(**given, retraction=[False, True, False])
    current = np.array([False, True, True])  # the retraction closed the old home
    focus = topic_focus(rows, current, "residence", p)
    assert focus.tolist()[1:] == [p.overtaken_weight, p.newer_tentative_boost]
    # after a statement with a value, the same reading is talk about it
    valued = columns(**given)
    assert topic_focus(valued, current, "residence", p).tolist()[1:] == [p.topic_boost, p.afterword_boost]


def test_a_tentative_reading_said_well_after_the_statement_leads_it():
    p = RecallParams()
    rows = columns(
        topic=["school", "school", "school"],
        single_slot=[True, False, False],
        mood=[ASSERTION, TENTATIVE, TENTATIVE],
        valid_from=[1 * DAY, 1.2 * DAY, 90 * DAY],  # talk about the statement that day; a new school months later
    )
    focus = topic_focus(rows, np.ones(3, bool), "school", p)
    # ... and the statement it overtakes falls back
    assert focus.tolist() == [p.overtaken_weight, p.afterword_boost, p.newer_tentative_boost]
    assert p.newer_tentative_boost > p.topic_boost
    # beside the change it is the stale value: below whatever else answers, even another topic's statement; still
    # listed (a row of focus 0 is not), for when nothing else answers
    assert 0 < p.overtaken_weight < p.other_topic_weight * p.before_statement_weight
    # as of a moment before the new school, the statement leads
    before = topic_focus(rows, np.array([True, True, False]), "school", p)
    assert before.tolist()[:2] == [p.topic_boost, p.afterword_boost]
    # a tentative reading with no statement after which it was said keeps the plain tentative weight
    alone = columns(topic=["school"], single_slot=[False], mood=[TENTATIVE], valid_from=[3 * DAY])
    assert topic_focus(alone, np.ones(1, bool), "school", p).tolist() == [p.tentative_boost]


def test_a_topic_question_finds_its_statement_even_when_no_list_does():
    rows = columns(topic=["residence", "hobbies"], single_slot=[True, False])
    similarities = np.array([0.1, 0.9], dtype=np.float32)
    ranked = rank(
        rows,
        Postings(np.zeros(1, np.int64), np.zeros(0, np.int64), np.zeros(0)),
        query(similarities=similarities, depth=1, topic="residence"),
        RecallParams(),
    )
    assert [row[0] for row in ranked] == [0, 1]
    assert ranked[0][2] is None  # not on the vector list: no cosine


def test_the_best_hits_lend_a_share_of_their_fused_score_to_the_turns_beside_them():
    # one session of four turns; rows 0 and 3 are hits, row 1 a weak one, row 2 on no list; no turns two away
    turns = np.array([[-1, 1, -1, -1], [0, 2, -1, -1], [1, 3, -1, -1], [2, -1, -1, -1]])
    listed = np.array([True, True, False, True])
    fused = np.array([0.05, 0.01, 0.0, 0.02])
    lifted = lift_neighbours(turns, listed, fused, shares=(0.7, 0.5), hits=1)
    # the best hit lends: its reply rises to 0.7 of it
    assert lifted.tolist() == pytest.approx([0.05, 0.035, 0.0, 0.02])
    # the next hits lend too, but never to a turn neither list found (row 2), nor below what a turn has (row 0)
    lent = lift_neighbours(turns, listed, fused, shares=(0.7, 0.5), hits=3)
    assert lent.tolist() == pytest.approx([0.05, 0.035, 0.0, 0.02])
    assert lift_neighbours(turns, listed, fused, shares=(0.0, 0.0), hits=3).tolist() == fused.tolist()


def test_a_hit_lends_less_to_the_turns_two_places_away_the_speakers_own_before_and_after():
    # a conversation of two: 0 "guess what I organised yesterday", 1 "what?", 2 "a charity tournament", 3 "wow"
    turns = np.array([[-1, 1, -1, 2], [0, 2, -1, 3], [1, 3, 0, -1], [2, -1, 1, -1]])
    listed = np.ones(4, dtype=bool)
    fused = np.array([0.001, 0.002, 0.05, 0.001])
    lifted = lift_neighbours(turns, listed, fused, shares=(0.85, 0.7), hits=1)
    assert lifted.tolist() == pytest.approx([0.035, 0.0425, 0.05, 0.0425])


def test_a_question_about_an_accumulating_topic_weighs_the_users_statements_of_it():
    p = RecallParams()
    rows = columns(topic=["pets", "pets", "pets", "episode"], mood=[ASSERTION, NO_MOOD, OTHER_MOOD, NO_MOOD])
    similarities = np.array([0.5, 0.5, 0.9, 0.9], dtype=np.float32)
    empty = Postings(np.zeros(1, np.int64), np.zeros(0, np.int64), np.zeros(0))
    ranked = rank(rows, empty, query(similarities=similarities, collection="pets"), p)
    # an asserting episode and a distilled memory of the topic, before a question about it and small talk
    assert [row[0] for row in ranked] == [0, 1, 2, 3]
    assert [row[7] for row in ranked] == [p.collection_boost, p.collection_boost, 1.0, 1.0]
    plain = rank(rows, empty, query(similarities=similarities), p)
    assert [row[0] for row in plain][:2] == [2, 3]


def test_a_question_about_an_accumulating_topic_weighs_another_ones_down():
    p = RecallParams()
    # a hobby said in an episode, the user's cat as a distilled memory, small talk; asked for hobbies
    rows = columns(topic=["hobbies", "pets", "episode"], mood=[ASSERTION, NO_MOOD, NO_MOOD])
    similarities = np.array([0.3, 0.9, 0.5], dtype=np.float32)
    empty = Postings(np.zeros(1, np.int64), np.zeros(0, np.int64), np.zeros(0))
    ranked = rank(rows, empty, query(similarities=similarities, collection="hobbies"), p)
    assert [row[0] for row in ranked] == [0, 2, 1]
    assert [row[7] for row in ranked] == [p.collection_boost, 1.0, p.other_topic_weight]


def test_a_distilled_statement_of_a_single_valued_topic_is_no_pastime():
    p = RecallParams()
    # "User wants answers in Spanish." (distilled), an episode labelled with the home that tells of pottery, small talk
    rows = columns(
        topic=["language", "residence", "episode"], mood=[NO_MOOD, ASSERTION, NO_MOOD], single_slot=[True, True, False]
    )
    assert collection_focus(rows, "hobbies", p).tolist() == [p.other_topic_weight, 1.0, 1.0]


def test_a_language_spoken_is_no_skill_and_a_tool_is_no_language():
    p = RecallParams()
    # "我日语N2 粤语是母语" (languages), "用户掌握Python" (skills), a pet, small talk
    rows = columns(topic=["languages", "skills", "pets", "episode"], mood=[ASSERTION, NO_MOOD, NO_MOOD, NO_MOOD])
    boost, other = p.collection_boost, p.other_topic_weight
    # a question about skills asks for the tools and crafts, not the languages spoken (a collection of their own)
    assert collection_focus(rows, "skills", p).tolist() == [other, boost, other, 1.0]
    assert collection_focus(rows, "languages", p).tolist() == [boost, other, other, 1.0]
    # ... and so does a question about tools
    assert collection_focus(rows, "tools", p).tolist() == [other, boost, other, 1.0]


def test_a_message_of_the_topic_in_another_mood_answers_as_of_a_moment_when_nothing_stated_it():
    p = RecallParams()
    # "it has rained here in Portland for eleven days… should I get a dehumidifier?" (the residence, asked about,
    # day 1), a message that says nothing (day 2), then "we moved to Denver" (day 9)
    rows = columns(
        topic=["residence", "episode", "residence"],
        single_slot=[False, False, True],
        mood=[OTHER_MOOD, NO_MOOD, ASSERTION],
        valid_from=[1 * DAY, 2 * DAY, 9 * DAY],
    )
    spring = np.array([True, True, False])
    assert topic_focus(rows, spring, "residence", p, as_of=True).tolist()[:2] == [p.passing_boost, 1.0]
    # for the current state, or once the topic was stated, a question or a plan never answers
    assert topic_focus(rows, spring, "residence", p).tolist()[0] == 0.0
    assert topic_focus(rows, np.ones(3, bool), "residence", p, as_of=True).tolist()[0] == 0.0


def test_another_topics_statement_weighs_as_talk_only_where_nothing_states_the_asked_topic():
    p = RecallParams()
    # "been a company driver at lone star dry van" read as the vehicle (day 1), small talk after it (day 1), and
    # "they moved me up to driver trainer" read as the job title (day 9)
    rows = columns(
        topic=["vehicle", "episode", "job_title"],
        single_slot=[True, False, True],
        mood=[ASSERTION, NO_MOOD, ASSERTION],
        valid_from=[1 * DAY, 1.01 * DAY, 9 * DAY],
    )
    # as of day 5 nothing states the title: the misread statement is no less an answer than the talk around it
    as_of_may = np.array([True, True, False])
    assert topic_focus(rows, as_of_may, "job_title", p, as_of=True).tolist()[:2] == [p.unstated_other_topic_weight, 1.0]
    assert p.unstated_other_topic_weight >= 1.0 > p.other_topic_weight
    # ... beside the title's own statement it is another topic's, and older
    assert topic_focus(rows, np.ones(3, bool), "job_title", p).tolist() == [
        0.0,
        p.before_statement_weight,
        p.topic_boost,
    ]
    later = columns(topic=["job_title", "vehicle"], single_slot=[True, True], valid_from=[1 * DAY, 9 * DAY])
    assert topic_focus(later, np.ones(2, bool), "job_title", p).tolist() == [p.topic_boost, p.other_topic_weight]


NO_POSTINGS = Postings(np.zeros(1, np.int64), np.zeros(0, np.int64), np.zeros(0))


def _ranked(rows: RankColumns, **asked: object) -> list[int]:
    return [row[0] for row in rank(rows, NO_POSTINGS, query(**asked), RecallParams())]


def test_a_question_about_a_state_puts_the_users_newer_word_on_it_first():
    # rows 0 and 1: the user's older and newer word on the matter; 2: someone else's news, newest and closest
    rows = columns(topic=["episode"] * 3, mood=[NO_MOOD, ASSERTION, OTHER_MOOD], valid_from=[0, 90 * DAY, 95 * DAY])
    asked = dict(at=100 * DAY, similarities=np.array([0.90, 0.89, 0.905]))
    assert _ranked(rows, **asked) == [2, 0, 1]
    assert _ranked(rows, **asked, asks_a_state=True)[0] == 1
    # ... but not a question about a topic of ours, which its statements answer, nor one as of a moment
    for other in (dict(topic="diet"), dict(as_of=True)):
        assert _ranked(rows, **asked, **other, asks_a_state=True)[0] != 1


def test_the_users_own_words_age_from_the_newest_of_the_best_and_the_rest_weigh_as_the_oldest():
    rows = columns(
        topic=["episode"] * 4,
        mood=[NO_MOOD, ASSERTION, OTHER_MOOD, TENTATIVE],
        is_assistant=[False, False, False, False],
        valid_from=[0, 90 * DAY, 95 * DAY, 200 * DAY],
    )
    p = RecallParams(state_recency_weight=0.3, state_pool=3, half_life_days=30.0)
    # row 3 is newer but not among the best three: the newest of those (row 1) is the reference
    factors = state_recency(rows, np.arange(4), np.array([0.9, 0.8, 0.85, 0.1]), p)
    assert factors == pytest.approx([0.7 + 0.3 * 0.5**3, 1.0, 0.7, 1.0])
    # nothing of the user's own among the best: no factor
    assert state_recency(rows, np.array([2]), np.array([0.9]), p).tolist() == [1.0]
