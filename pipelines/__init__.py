"""agent-memory's core: the nightly stages, the snapshot store and recall, in plain Python (no Dagster).

Importing it caps OpenBLAS at one thread unless OPENBLAS_NUM_THREADS says otherwise (core.config explains why);
OpenBLAS reads the variable once, when numpy is first imported, so it is set here, before anything imports numpy.
"""

from pipelines.core.config import cap_openblas_threads

cap_openblas_threads()
