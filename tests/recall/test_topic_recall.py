"""A question about a single-valued topic is answered by the statement that holds when asked; asides and
older statements never reach it; other questions still see what was said before."""

from datetime import timedelta

from pipelines.recall.reader import MemoryReader, RecallParams
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row

DAY = timedelta(days=1)
OLD = "我住上海浦东，离公司很近"
NEW = "跟你说一下，上个月底我已经把家搬到北京朝阳区了，以后快递都寄到北京"
ASIDE = "我姐姐刚搬去深圳了，租了个小区的房子"


def _story(tmp_path):
    old = row(OLD, kind="episode", topic="residence", valid_from=RECORDED, message_id="m1", mood="assertion")
    new = row(NEW, kind="episode", topic="residence", valid_from=RECORDED + 5 * DAY, message_id="m2", mood="assertion")
    old |= {"valid_to": new["valid_from"], "superseded_by": new["memory_id"]}
    aside = row(
        ASIDE, kind="episode", topic="residence", valid_from=RECORDED + 6 * DAY, message_id="m3", mood="third_party"
    )
    chatter = [
        row(text, kind="episode", topic="episode", valid_from=RECORDED + 2 * DAY, message_id=f"c{i}")
        for i, text in enumerate(["谢谢，很有帮助", "周末去爬山了", "推荐一本书吧", "好的明白"])
    ]
    return publish(tmp_path, [old, new, aside, *chatter])


def _said(found):
    return [m.content for m in found]


def test_the_current_statement_ranks_first_and_neither_the_old_one_nor_an_aside_is_recalled(tmp_path):
    reader = MemoryReader(_story(tmp_path).root, HashingEmbedder())
    found = reader.recall("u1", "用户现在住在哪个城市？", k=5)
    assert found[0].content == NEW and found[0].focus == RecallParams().topic_boost
    assert OLD not in _said(found) and ASIDE not in _said(found)


def test_as_of_a_past_moment_the_statement_true_then_answers(tmp_path):
    reader = MemoryReader(_story(tmp_path).root, HashingEmbedder())
    found = reader.recall("u1", "用户住在哪个城市？", k=5, as_of=RECORDED + 3 * DAY)
    assert found[0].content == OLD
    assert NEW not in _said(found)


def test_a_question_not_about_a_topic_still_recalls_what_was_said_before(tmp_path):
    reader = MemoryReader(_story(tmp_path).root, HashingEmbedder())
    found = reader.recall("u1", "浦东那边怎么样", k=7)
    assert OLD in _said(found) and ASIDE in _said(found)
    assert all(m.focus == 1.0 for m in found)


def test_questions_about_trips_and_visits_are_not_questions_about_where_the_user_lives():
    from pipelines.recall.query_topic import QueryTopics

    topics = QueryTopics(None)
    assert topics.topic_of("Which city does the user live in now?", None) == "residence"
    assert topics.topic_of("Which cities has the user visited?", None) is None
