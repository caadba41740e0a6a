"""A stall or a pitch moved is where the user trades, not where they live; a layout that "was great" once is no
wish for it now."""

from __future__ import annotations

from datetime import datetime

import pytest

from pipelines.extract.rules.engine import extract_message
from pipelines.extract.signals.lexicon import cue_hits
from tests.support.messages import user_message


def _said(text: str) -> list[tuple[str, str]]:
    return [(m.topic, m.content) for m in extract_message(user_message(text, datetime(2025, 10, 14)))]


@pytest.mark.parametrize(
    "text",
    [
        "搬到滨河农贸市场快三个月了 摊位费贵了两百 不过干净 人也多",
        "weather mostly, i moved my saturday pitch down there in sept",
        "moved the shop to Alberta Street in june, more foot traffic",
    ],
)
def test_a_place_of_trade_moved_is_no_home(text):
    assert "residence" not in cue_hits(text)
    assert all(topic != "residence" for topic, _ in _said(text))


def test_a_home_moved_to_still_is():
    assert ("residence", "用户住在杭州") in _said("上个月搬到杭州了")
    assert ("residence", "User lives in Denver.") in _said("we moved to Denver in sept")


def test_a_layout_that_was_fine_once_is_no_wish_for_it_now():
    said = _said(
        "ok so the bullets were great for me but now I'm pasting your answers straight into client letters. "
        "switch it up: proper paragraphs, full sentences"
    )
    assert ("output_format", "User prefers answers formatted as bullet points.") not in said
    assert ("output_format", "User prefers answers formatted as bullet points.") in _said(
        "from now on give me bullet points pls"
    )
