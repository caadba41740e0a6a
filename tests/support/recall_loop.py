"""A reader process for the fault suites: recalls in a loop until a stop file appears, then prints its figures.

Run as `python -m tests.support.recall_loop STORE STOP_FILE`; prints {"recalls", "errors", "versions"} as JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pipelines.recall.reader import MemoryReader


def main() -> int:
    store, stop = Path(sys.argv[1]), Path(sys.argv[2])
    recalls, errors, versions = 0, [], set()
    with MemoryReader(store, use_embeddings=False) as reader:
        while not stop.exists():
            try:
                versions.add(reader.store.current_version())
                reader.recall("u_li", "我现在住在哪里", k=3)
                recalls += 1
            except Exception as exc:  # every failure is the finding: report it, keep reading
                errors.append(f"{type(exc).__name__}: {exc}")
    print(json.dumps({"recalls": recalls, "errors": errors[:5], "error_count": len(errors), "versions": len(versions)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
