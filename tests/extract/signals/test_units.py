"""The units a user wants numbers given in: one timeline per quantity, a wish never an amount, a question about
units asked of the quantity it names (or of all of them), and a workplace called 单位 still a workplace."""

from datetime import timedelta

import polars as pl
import pytest

from pipelines.extract.signals.mood import ASSERTION
from pipelines.extract.signals.topic_signal import message_signal, topic_readings
from pipelines.extract.signals.units import asked_units, unit_hits
from pipelines.recall.query_topic import QueryTopics
from pipelines.recall.reader import MemoryReader
from pipelines.resolve.dedup import collapse_by_id
from pipelines.resolve.resolution import resolve
from tests.support.candidate_rows import candidate, memories
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row
from tests.support.raw_logs import MAR


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("nah that's fine. and always give me weights in pounds, i do everything in lbs", "units_weight"),
        ("good but i keep converting in my head so switch me over, kilos for weights from now on pls", "units_weight"),
        # a unit wished for everything, no quantity named, is the system
        ("good but i keep converting in my head so switch me over, kilos for everything from now on pls", "units"),
        ("please switch my default to yards for all sets from now", "units"),
        ("quick change, from now on give me sizes in mm not inches", "units_length"),
        ("for my workouts please always use meters, 25m pool", "units_length"),
        ("set everything to metric for me pls", "units"),
        ("when you give me ranges use mmol/L for glucose and stuff, not mg/dL anymore", "units"),
        ("你以后给我算面积产量啥的默认用公顷，别再用亩了", "units_area"),
        ("干脆以后你默认用公斤吧 我店里的秤也换成公斤的了", "units_weight"),
        ("所以海拔都给我用英尺吧，说起来方便", "units_length"),
        ("以后说压力默认用兆帕（MPa），别给我整psi", "units_pressure"),
        ("pls always give me temps in celsius", "units_temperature"),
    ],
)
def test_a_wish_for_a_unit_is_the_users_statement_of_that_quantitys_units(text, topic):
    signal = message_signal(text)
    assert (signal.topic, signal.mood) == (topic, ASSERTION)


@pytest.mark.parametrize(
    "text",
    [
        "got a canadian load in and the manifest is all metric. how many lbs is 850 kg? and 1200 kg",
        "I always walk 3 miles before work",
        "back to the yards tomorrow, always the night shift",
        "on my feet all day, any insoles you'd recommend instead?",
        "我用了三斤米，默认煮两个小时",
        "用户在哪个单位工作？",
    ],
)
def test_an_amount_a_thing_or_a_workplace_is_no_wish_for_units(text):
    assert not unit_hits(text)


def test_a_quantity_counts_only_beside_a_unit_or_a_question_about_units():
    assert not unit_hits("my weight is up again, by default I blame the holidays")
    assert unit_hits("In what units does the user want weights given?") == {"units_weight": 1}


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("In what units does the user want weights given?", "units_weight"),
        ("What default distance unit should the assistant use in the user's workouts?", "units_length"),
        ("Which units does the user want in answers?", "units"),
        ("What measurement units does the user want recipes in by default?", "units"),
        ("用户希望压力默认用什么单位？", "units_pressure"),
        ("用户希望海拔用什么单位？", "units_length"),
        ("用户算账时默认用什么重量单位？", "units_weight"),
        ("用户希望回答里用什么单位？", "units"),
        ("用户在哪个单位工作？", "employer"),
        ("2025年10月用户在哪家单位上班？", "employer"),
        ("用户现在在哪个单位当教练？", "employer"),
    ],
)
def test_a_question_about_units_asks_after_the_quantity_it_names(question, topic):
    assert QueryTopics(None).topic_of(question, None) == topic


def test_a_question_naming_no_quantity_asks_about_every_quantitys_units():
    assert asked_units("units") >= {"units_weight", "units_length", "units_temperature"}
    assert asked_units("units_weight") == {"units_weight", "units"}
    assert asked_units("residence") == frozenset()


def test_each_quantity_keeps_its_own_timeline():
    def wish(text, topic, day):
        return candidate(text, topic, kind="episode", day=day, session=f"s{day}", message_id=f"s{day}:1") | {
            "mood": "assertion"
        }

    pounds = wish("always give me weights in pounds", "units_weight", 1)
    meters = wish("always use meters for my workouts", "units_length", 2)
    kilos = wish("kilos for everything from now on pls", "units_weight", 5)
    history = resolve(collapse_by_id(memories([pounds, meters, kilos])), MAR(20))

    def valid_to(content):
        return history.filter(pl.col("content") == content)["valid_to"][0]

    assert valid_to(pounds["content"]) == MAR(5)
    assert valid_to(meters["content"]) is None and valid_to(kilos["content"]) is None


def _wishes(*said: tuple[str, str, int]) -> list[dict]:
    """Episode rows of the user's unit wishes: (text, topic, day), each its own message."""
    return [
        row(
            text,
            kind="episode",
            topic=topic,
            valid_from=RECORDED + timedelta(days=day),
            message_id=f"m{at}",
            mood="assertion",
        )
        for at, (text, topic, day) in enumerate(said, 1)
    ]


def test_a_question_about_units_sees_the_latest_wish_of_the_quantity_it_asks(tmp_path):
    pounds = "always give me weights in pounds, my brain cant do kilos"
    kilos = "switch me over, kilos for weights from now on pls"
    miles = "and distances in miles by default please"
    rows = _wishes((pounds, "units_weight", 0), (kilos, "units_weight", 9), (miles, "units_length", 3))
    rows[0] |= {"valid_to": rows[1]["valid_from"], "superseded_by": rows[1]["memory_id"]}
    reader = MemoryReader(publish(tmp_path, rows).root, HashingEmbedder())
    assert reader.recall("u1", "In what units does the user want weights given?", k=3)[0].content == kilos
    assert reader.recall("u1", "What distance units does the user want?", k=3)[0].content == miles
    # a question naming no quantity sees every quantity's current wish first, and no superseded one
    found = [m.content for m in reader.recall("u1", "Which units does the user want in answers?", k=3)]
    assert set(found[:2]) == {kilos, miles} and pounds not in found
    assert "units_weight" in topic_readings(kilos)


def test_a_wish_for_the_whole_system_covers_the_older_wishes_for_each_quantity(tmp_path):
    cups = "pls always give me measurements in cups and spoons by default"
    grams = "so yeah switch me to grams for everything from now on, cups only if i ask"
    celsius = "and temps in celsius please, always"
    rows = _wishes((cups, "units_volume", 0), (grams, "units", 5), (celsius, "units_temperature", 8))
    reader = MemoryReader(publish(tmp_path, rows).root, HashingEmbedder())
    found = [m.content for m in reader.recall("u1", "What measurement units does the user want recipes in?", k=3)]
    assert cups not in found and set(found[:2]) == {grams, celsius}
    # ... and a question about one quantity hears the system's wish where it is newer than the quantity's own
    assert reader.recall("u1", "Which volume units does the user want?", k=3)[0].content == grams
    assert reader.recall("u1", "Which temperature units does the user want?", k=3)[0].content == celsius
