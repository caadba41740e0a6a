"""Column schemas of the assets' tables for the UI (`dagster/column_schema`), taken from the one definition of
each table in pipelines/core/schemas.py so the catalog cannot drift from what the stages write.
"""

import dagster as dg
import polars as pl
import pyarrow as pa

from pipelines.core.schemas import CANDIDATE_SCHEMA, MEMORY_SCHEMA, MESSAGE_SCHEMA

# what the candidates stage adds to an extractor's rows before staging them (384: the bundled e5; a remote
# model's width is in the manifest, `embedding_dim`)
CANDIDATE_COLUMNS = pl.Schema({**CANDIDATE_SCHEMA, "embedding": pl.Array(pl.Float32, 384)})


def column_schema(schema: pa.Schema | pl.Schema) -> dg.TableSchema:
    if isinstance(schema, pa.Schema):
        return dg.TableSchema(columns=[dg.TableColumn(field.name, str(field.type)) for field in schema])
    return dg.TableSchema(columns=[dg.TableColumn(name, str(dtype)) for name, dtype in schema.items()])


MESSAGES = column_schema(MESSAGE_SCHEMA)
CANDIDATES = column_schema(CANDIDATE_COLUMNS)
MEMORIES = column_schema(MEMORY_SCHEMA)
