"""Markdown previews of a few rows for asset metadata (Polars renders them; pandas is not needed).

Previews live on in Dagster's run history, beyond the reach of `memory forget`, so they never show who a row
belongs to or how to reach them: ids become short pseudonyms, e-mail addresses and phone numbers are masked.
"""

import hashlib
import re

import polars as pl

# who a row is about or by: shown as a stable pseudonym, so an operator can still tell rows of one user apart
IDENTITY_COLUMNS = ("user_id", "speaker", "agent_id")
# letters of any script but CJK ones (josé@correo.es), so "邮箱是a@b.cn" keeps its "邮箱是"; a full-width ＠ and a
# space around the @ count too
_NAME_CHAR = r"(?:(?![\u3000-\u9fff\uff00-\uffef])[\w%+-])"
EMAIL = re.compile(rf"{_NAME_CHAR}+(?:\.{_NAME_CHAR}+)*\s?[@＠]\s?{_NAME_CHAR}+(?:\.{_NAME_CHAR}+)+")
# an international or local number of 7+ digits, allowing spaces, dots, dashes and brackets between groups
PHONE = re.compile(r"\+?\(?\d[\d\s().-]{5,}\d")
# what PHONE also matches but is no number to call: a date, or a date and time ("2026-03-15", "2026-03-15 09")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2})?")


def pseudonym(value: str | None) -> str | None:
    return None if value is None else "id:" + hashlib.sha256(value.encode()).hexdigest()[:8]


def mask_text(text: str) -> str:
    """`text` with e-mail addresses (also with a full-width @) and phone numbers replaced; dates stay."""
    text = EMAIL.sub("[email]", text)
    return PHONE.sub(lambda found: found[0] if DATE.fullmatch(found[0].strip()) else "[phone]", text)


def masked(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` with identity columns pseudonymised and e-mail addresses and phone numbers masked in every text,
    lists of texts (keywords) included."""
    texts = [name for name, dtype in frame.schema.items() if dtype == pl.String and name not in IDENTITY_COLUMNS]
    lists = [name for name, dtype in frame.schema.items() if dtype == pl.List(pl.String)]
    return frame.with_columns(
        *[pl.col(name).map_elements(pseudonym, return_dtype=pl.String) for name in IDENTITY_COLUMNS if name in frame],
        *[pl.col(name).map_elements(mask_text, return_dtype=pl.String) for name in texts],
        *[pl.col(name).list.eval(pl.element().map_elements(mask_text, return_dtype=pl.String)) for name in lists],
    )


def markdown_preview(frame: pl.DataFrame, rows: int = 5) -> str:
    if frame.is_empty():
        return "_(no rows)_"
    with pl.Config(
        tbl_formatting="MARKDOWN",
        tbl_hide_column_data_types=True,
        tbl_hide_dataframe_shape=True,
        fmt_str_lengths=60,
        tbl_rows=rows,
        tbl_cols=-1,
    ):
        return str(masked(frame.head(rows)))
