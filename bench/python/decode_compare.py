"""Decode speed, jvortex against the reference, on the same files in one run.

For each file and column: jvortex's whole-column scan measured with JMH (ScanBenchmark, average
time and error), and the reference decoding the same column to Arrow through vortex-data
(min and median of REPS runs, timed inside Python). Prints a Markdown table; MB/s are decoded
value bytes (rows × width, or the string bytes) per second.

    python decode_compare.py JAVA BENCH_JAR FILE[,FILE...] COLUMN[,COLUMN...] [--quick]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import pyarrow as pa
import pyarrow.compute as pc
import vortex


def value_bytes(col: pa.ChunkedArray) -> int:
    t = col.type
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t) \
            or pa.types.is_binary(t) or pa.types.is_binary_view(t):
        col = col.cast(pa.large_binary())
        return int(pc.sum(pc.binary_length(col)).as_py() or 0)
    return len(col) * (t.bit_width // 8)


def reference(path: str, column: str, reps: int):
    times = []
    table = None
    for _ in range(reps):
        start = time.perf_counter()
        table = vortex.open(path).to_arrow([column])
        if hasattr(table, "read_all"):
            table = table.read_all()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), table.num_rows, value_bytes(table.column(0))


def jmh(java: str, jar: str, path: str, column: str, quick: bool):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        result = out.name
    iters = ["-wi", "1", "-i", "2", "-w", "1", "-r", "1"] if quick else ["-wi", "3", "-i", "5", "-w", "2", "-r", "2"]
    subprocess.run([java, "-jar", jar, "ScanBenchmark", "-p", f"file={path}", "-p", f"columns={column}", "-f", "1",
                    *iters, "-rf", "json", "-rff", result], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(result) as fh:
        data = json.load(fh)[0]["primaryMetric"]
    os.unlink(result)
    err = data["scoreError"]
    return float(data["score"]), float(err) if isinstance(err, (int, float)) else float("nan")




def main() -> None:
    java, jar, files, columns = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4].split(",")
    quick = "--quick" in sys.argv
    reps = 3 if quick else 10
    print("| file | column | rows | decoded MB | jvortex ms | jvortex MB/s | reference ms (min / median) "
          "| reference MB/s (min) | reference / jvortex time |")
    print("|---|---|---|---|---|---|---|---|---|")
    for path in files:
        for col in columns:
            rmin, rmed, rows, nbytes = reference(path, col, reps)
            score, err = jmh(java, jar, path, col, quick)
            mb = nbytes / 1e6
            print(f"| {os.path.basename(path)} | {col} | {rows} | {mb:.1f} | {score:.2f} ± {err:.2f} | {mb / (score / 1e3):.0f} "
                  f"| {rmin * 1e3:.2f} / {rmed * 1e3:.2f} | {mb / rmin:.0f} | {rmin * 1e3 / score:.2f} |", flush=True)


if __name__ == "__main__":
    main()
