"""jvortex's scans at an earlier commit against the working tree, in one run (see bench/before-after.sh).

    python before_after.py ROOT JAVA CP_BEFORE CP_AFTER REV [--datasets=a,b] [--quick]

For each dataset, one JVM per contender runs the side-by-side runner's six operations on the
reference's file: `before` (the earlier build, its default scan), `after, 1 thread` and `after`
(default parallelism). The contenders alternate per dataset so that drifting machine load
spreads over all of them. Prints a Markdown table of min / median milliseconds and the ratios.
"""
import json
import subprocess
import sys
from pathlib import Path

OPS = ["full", "numeric", "two", "string", "select", "take"]
LABELS = {"full": "full scan, all columns", "numeric": "one numeric column", "two": "two columns",
          "string": "one string column", "select": "selective query", "take": "1,000 random rows"}
JVM_FLAGS = ["-Xms1g", "-Xmx6g", "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"]


def run(java, cp, contender, file, meta, indices, quick):
    cmd = [java, *JVM_FLAGS, "-cp", cp, "dev.jvortex.bench.sidebyside.Main", "--contender", contender, "--file", str(file),
           "--ops", ",".join(OPS), "--numeric", ",".join(meta["numeric"]), "--two", ",".join(meta["two"]),
           "--string", ",".join(meta["string"]), "--key", meta["key"], "--key-value", str(meta["key_value"]),
           "--key-type", meta["key_type"], "--indices", str(indices)] + (["--quick"] if quick else [])
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{contender} failed:\n{p.stderr[-3000:]}")
    return {r["op"]: r for r in (json.loads(l) for l in p.stdout.splitlines() if l.startswith("{"))}


def main():
    root, java, cp_before, cp_after, rev = sys.argv[1:6]
    quick = "--quick" in sys.argv
    only = [a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--datasets=")]
    kind = "quick" if quick else "full"
    data = Path(root) / "bench" / "target" / "datasets" / kind
    if not data.exists():
        subprocess.run([sys.executable, str(Path(root) / "bench" / "python" / "bench_datasets.py"), str(data)]
                       + (["--quick"] if quick else []), check=True)
    names = only[0] if only else ["lineitem", "orders", "flights", "ohlc"]
    contenders = [("before", cp_before, "jvortex"), ("after, 1 thread", cp_after, "jvortex-1t"), ("after", cp_after, "jvortex")]
    print(f"before: {rev}; after: the working tree. Reference's files (default preset); ms, min / median.\n")
    print("| dataset | operation | rows | before | after, 1 thread | after | before / after, 1 thread | before / after | 1 thread / after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for i, name in enumerate(names):
        d = data / name
        meta = json.loads((d / "meta.json").read_text())
        ref = d / "ref-default.vortex"
        if not ref.exists():
            import pyarrow.parquet as pq
            import vortex
            vortex.io.write(pq.read_table(d / "source.parquet"), str(ref))
        order = contenders[i % 3:] + contenders[:i % 3]
        results = {label: run(java, cp, c, ref, meta, d / "indices.txt", quick) for label, cp, c in order}
        for op in OPS:
            b, o, a = (results[label][op] for label, _, _ in contenders)
            if not (b["rows"] == o["rows"] == a["rows"]):
                raise RuntimeError(f"{name} {op}: rows differ: {b['rows']}, {o['rows']}, {a['rows']}")
            cell = lambda r: f"{r['min_ms']:.2f} / {r['median_ms']:.2f}"
            print(f"| {name} | {LABELS[op]} | {a['rows']:,} | {cell(b)} | {cell(o)} | {cell(a)} | "
                  f"{b['min_ms'] / o['min_ms']:.2f} | {b['min_ms'] / a['min_ms']:.2f} | {o['min_ms'] / a['min_ms']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
