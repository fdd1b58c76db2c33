"""Times the reference implementation decoding columns of a Vortex file into Arrow, inside
Python (interpreter start excluded): the minimum and median of REPS full scans per column.

    python reference_scan.py FILE REPS COLUMN [COLUMN ...]

Prints one JSON object per column: {"column", "rows", "min_ms", "median_ms"}.
"""
import json
import statistics
import sys
import time

import vortex


def main() -> None:
    path, reps, columns = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    for col in columns:
        times = []
        rows = 0
        for _ in range(reps):
            start = time.perf_counter()
            f = vortex.open(path)
            table = f.to_arrow([col])
            if hasattr(table, "read_all"):
                table = table.read_all()
            rows = table.num_rows
            times.append(time.perf_counter() - start)
        print(json.dumps({"column": col, "rows": rows, "min_ms": min(times) * 1e3,
                          "median_ms": statistics.median(times) * 1e3}), flush=True)


if __name__ == "__main__":
    main()
