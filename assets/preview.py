"""Markdown previews of a few rows for asset metadata (Polars renders them; pandas is not needed).

Previews live on in Dagster's run history, beyond the reach of `memory forget`, so they never show who a row
belongs to or how to reach them: ids become short pseudonyms, e-mail addresses and phone numbers are masked.
"""

import hashlib

import polars as pl

# who a row is about or by: shown as a stable pseudonym, so an operator can still tell rows of one user apart
IDENTITY_COLUMNS = ("user_id", "speaker", "agent_id")
EMAIL = r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"
# an international or local number of 7+ digits, allowing spaces, dots, dashes and brackets between groups
PHONE = r"\+?\(?\d[\d\s().-]{5,}\d"


def pseudonym(value: str | None) -> str | None:
    return None if value is None else "id:" + hashlib.sha256(value.encode()).hexdigest()[:8]


def masked(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` with identity columns pseudonymised and e-mail addresses and phone numbers masked in every text."""
    texts = [name for name, dtype in frame.schema.items() if dtype == pl.String and name not in IDENTITY_COLUMNS]
    return frame.with_columns(
        *[pl.col(name).map_elements(pseudonym, return_dtype=pl.String) for name in IDENTITY_COLUMNS if name in frame],
        *[pl.col(name).str.replace_all(EMAIL, "[email]").str.replace_all(PHONE, "[phone]") for name in texts],
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
