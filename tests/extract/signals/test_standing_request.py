"""A standing request to the assistant ("…so use that from now on", "以后改成中英对照吧") labels its message with
the way of answering it sets, named by its words or heard by the topic head, whatever else the message tells of
the reason; a number or an address to use, and a standing statement that asks nothing of the assistant, keep their
labels."""

import polars as pl

from pipelines.core.schemas import CANDIDATE_SCHEMA
from pipelines.extract.signals.labelling import label_statements
from pipelines.extract.signals.mood import ASSERTION
from pipelines.extract.signals.topic_head import NONE_CLASS, TopicHead
from tests.support.candidate_rows import candidate
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.toy_heads import toy_head

HANDLE = "ok big rebrand happened kit is retired the new one is vexcode so use that from now on"
TERSE = "on the picket line all week reading on my phone in the rain, so one sentence answers only until further notice"
BILINGUAL = "见家长顺利结束！他妈妈超nice～ 不过纯英文看久了有点累，以后改成中英对照吧，先英文再给中文"
ADDRESS = "my old address bounces now. going forward use bhollis.organize@example.net in anything you draft"
AT_HOME = "I'll be working from home at Acme from now on"


def _labelled(texts: list[str], head: TopicHead | None) -> list[tuple[str, str | None]]:
    rows = [
        candidate(text, "episode", kind="episode", message_id=f"m{at}", confidence=1.0)
        | {"keywords": [], "context": None, "mood": None}
        for at, text in enumerate(texts)
    ]
    labelled = label_statements(
        pl.DataFrame(rows, schema=CANDIDATE_SCHEMA), HashingEmbedder().embed_passages, head=head
    )
    return labelled.select("topic", "mood").rows()


def test_a_standing_request_is_the_way_of_answering_the_head_hears_likeliest():
    hears = toy_head({"employer": 0.55, "name": 0.25, "answer_length": 0.1, NONE_CLASS: 0.1})
    assert _labelled([HANDLE], hears) == [("name", ASSERTION)]
    lengths = toy_head({"employer": 0.55, "answer_length": 0.25, "name": 0.1, NONE_CLASS: 0.1})
    assert _labelled([TERSE], lengths) == [("answer_length", ASSERTION)]
    # (with no head to hear a way of answering, the message keeps what its words said)
    assert _labelled([HANDLE], None)[0][0] == "employer"


def test_a_standing_request_names_its_way_of_answering_in_words():
    assert _labelled([BILINGUAL], None) == [("language", ASSERTION)]


def test_an_address_to_use_or_a_statement_that_asks_nothing_keeps_its_label():
    hears = toy_head({"output_format": 0.6, NONE_CLASS: 0.4})
    assert _labelled([ADDRESS], hears)[0][0] == "email"
    assert _labelled([AT_HOME], hears)[0][0] == "employer"
    # a promise to the assistant asks nothing of it ("I'll tell you the new address later")
    assert _labelled(["新地址以后再告诉你"], toy_head({"answer_length": 0.6, NONE_CLASS: 0.4}))[0][0] != "answer_length"
