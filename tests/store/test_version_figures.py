"""A version's figures: rows and current memories per kind (zeros included), what the night added, superseded,
expired or merged, and the strength distribution of the current memories."""

from datetime import UTC, datetime

import polars as pl

from pipelines.store.version_figures import strength_distribution, version_figures

T = datetime(2026, 3, 1, tzinfo=UTC)


def test_figures_of_a_second_night():
    rows = [  # kind, recorded, retired, valid_to, superseded_by, merged_into, expires_at, strength
        ("fact", 1, 2, T, "m2", None, None, 0.6),  # superseded tonight
        ("fact", 2, None, None, None, None, None, 1.0),  # new tonight, its successor
        ("task", 1, 2, T, None, None, T, 0.5),  # expired tonight
        ("preference", 2, 2, T, None, "m5", None, 1.0),  # a restatement merged tonight
        ("preference", 1, None, None, None, None, None, 0.35),
        ("episode", 1, 1, T, "m9", None, None, 0.3),  # closed last night: not tonight's
    ]
    names = ["kind", "recorded_version", "retired_version", "valid_to", "superseded_by", "merged_into"]
    memories = pl.DataFrame(rows, schema=[*names, "expires_at", "strength"], orient="row")
    figures = version_figures(memories, version=2)
    assert {k: v for k, v in figures.items() if k.startswith(("kind/", "current/", "night/"))} == {
        "kind/fact": 2, "kind/preference": 2, "kind/skill": 0, "kind/task": 1, "kind/decision": 0, "kind/episode": 1,
        "current/fact": 1, "current/preference": 1, "current/skill": 0, "current/task": 0, "current/decision": 0,
        "current/episode": 0,
        "night/new": 2, "night/superseded": 1, "night/expired": 1, "night/merged": 1,
    }  # fmt: skip
    assert figures["strength/mean"] == 0.675 and figures["strength/min"] == 0.35


def test_strength_bands_cover_floor_to_one():
    figures = strength_distribution(pl.Series([0.3, 0.45, 0.5, 0.7, 0.89, 0.9, 1.0]))
    assert [figures[f"strength/{band}"] for band in ("0.3-0.5", "0.5-0.7", "0.7-0.9", "0.9-1.0")] == [2, 1, 2, 2]
    assert figures["strength/p50"] == 0.7 and strength_distribution(pl.Series([], dtype=pl.Float64)) == {
        "strength/mean": 0.0
    }
