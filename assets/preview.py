"""Markdown previews of a few rows for asset metadata (Polars renders them; pandas is not needed)."""

import polars as pl


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
        return str(frame.head(rows))
