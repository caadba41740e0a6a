"""agent-memory's core: the nightly stages, the snapshot store and recall, in plain Python (no Dagster).

Importing it caps OpenBLAS at one thread unless OPENBLAS_NUM_THREADS says otherwise: the merge's matrix products
are small and many, and on two busy cores a second OpenBLAS thread made them 3x slower (bench: a 200k-row resolve
18.6 s -> 6.0 s). Set here because OpenBLAS reads it once, when numpy is first imported.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
