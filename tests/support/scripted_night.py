"""A night of the plain-Python pipeline with a scripted extractor, so recall and access are tested without the rules.

`scripted_store` writes a few sessions (a move, a restatement, a preference, a task, another user) and runs it.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from pipelines.core.schemas import ExtractedMemory, Kind
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.resolve.decay import DecayParams
from tests.support.raw_logs import MAR, NIGHT, message, write_raw


class ScriptedExtractor:
    """Maps exact message texts to memories, so recall can be tested without the rules extractor."""

    name = "scripted@1"
    SCRIPT: ClassVar[dict[str, tuple[str, str, str, datetime | None]]] = {
        "I live in Shanghai": ("fact", "residence", "User lives in Shanghai.", None),
        "I moved to Beijing": ("fact", "residence", "User lives in Beijing.", None),
        "Still in Beijing": ("fact", "residence", "User lives in Beijing.", None),
        "I prefer tables": ("preference", "output_format", "User prefers answers as tables.", None),
        "renew passport by Friday": ("task", "reminder", "User must renew passport.", MAR(6, 23)),
    }

    def extract_session(self, messages):
        found = []
        for m in messages:
            if m.role == "user" and m.content in self.SCRIPT:
                kind, topic, content, expires = self.SCRIPT[m.content]
                found.append(
                    ExtractedMemory(
                        kind=Kind(kind),
                        topic=topic,
                        content=content,
                        keywords=[],
                        confidence=0.9,
                        valid_from=m.ts,
                        expires_at=expires,
                        source_message_ids=[m.message_id],
                    )
                )
        return found


def nightly(raw, store, embedder, now=NIGHT):
    stage_validate(raw, store, IngestDefaults(), now)
    stage_extract(store, ScriptedExtractor(), embedder)
    stage_resolve(store, now)
    stage_decay(store, now.date(), DecayParams())
    return stage_publish(store, now, 14, {})


def scripted_store(tmp_path: Path, embedder) -> Path:
    """Raw logs under tmp_path/raw (the Shanghai statement arrives in a later file), one night into tmp_path/store."""
    raw = tmp_path / "raw"
    write_raw(
        raw / "date=2026-03-03/a.parquet",
        [
            message("s2", 1, "I moved to Beijing", MAR(3)),
            message("s2", 2, "Noted, Beijing it is.", MAR(3, 10), role="assistant"),
            message("s3", 1, "I prefer tables", MAR(3, 11)),
            message("s4", 1, "renew passport by Friday", MAR(4)),
            message("s5", 1, "Still in Beijing", MAR(5)),
            message("x1", 1, "I live in Paris", MAR(3), user="intruder"),
        ],
    )
    write_raw(raw / "date=2026-03-05/b.parquet", [message("s1", 1, "I live in Shanghai", MAR(1))])
    nightly(raw, tmp_path / "store", embedder)
    return tmp_path / "store"
