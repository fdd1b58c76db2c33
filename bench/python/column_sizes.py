"""Stored bytes per column, jvortex next to the reference (bench/column-sizes).

    python column_sizes.py JAVA CLASSPATH DATASETS_DIR [--datasets=a,b] [--presets=default,compact]
                           [--before=CLASSPATH] [--reuse] [--all]

For each dataset and preset: the reference writes the Arrow table (`vx.io.write`, or the compact
options), jvortex writes the same rows read from the Parquet file (bench Main --write, one write,
its own JVM), and bench Main --column-sizes lists every top-level column's stored bytes in both
files (every segment under the column's layout: data, zone maps, dictionaries). Prints a Markdown
table of the columns where the reference's bytes are more than 2 % below ours (all columns with
--all), then the file totals. --before also writes with an earlier build's classpath and adds
its bytes (before/after per column in one run). --reuse keeps files already written by an
earlier run (the reference's and --before's only; ours are always written again).
"""
import json
import subprocess
import sys
from pathlib import Path

import pyarrow.ipc as ipc
import vortex as vx

JVM = ["-Xms512m", "-Xmx3g", "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"]
MARGIN = 0.98  # flagged when the reference's bytes < MARGIN x ours


def main() -> None:
    java, cp, data = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    flags = {a for a in sys.argv[4:] if a.startswith("--") and "=" not in a}
    opts = dict(a[2:].split("=", 1) for a in sys.argv[4:] if a.startswith("--") and "=" in a)
    datasets = opts.get("datasets", "flights,orders,lineitem,ohlc").split(",")
    presets = opts.get("presets", "default,compact").split(",")
    before_cp = opts.get("before")
    reuse = "--reuse" in flags
    rows, totals = [], []
    for name in datasets:
        d = data / name
        table = None
        for preset in presets:
            ref = d / f"ref-{preset}.vortex"
            if not (reuse and ref.exists()):
                if table is None:
                    with ipc.open_file(str(d / "source.arrow")) as f:
                        table = f.read_all()
                if preset == "default":
                    vx.io.write(table, str(ref))
                else:
                    vx.io.VortexWriteOptions.compact().write(table, str(ref))
            files = {"ref": ref}
            if before_cp:
                files["before"] = d / f"jvortex-before-{preset}.vortex"
                if not (reuse and files["before"].exists()):
                    write_jvortex(java, before_cp, d, files["before"], preset)
            files["ours"] = d / f"jvortex-{preset}.vortex"
            write_jvortex(java, cp, d, files["ours"], preset)
            sizes = column_sizes(java, cp, files)
            for col in sizes["ref"]:
                r, o = sizes["ref"][col], sizes["ours"][col]
                b = sizes["before"][col] if before_cp else None
                rows.append((name, preset, col, r, b, o))
            totals.append((name, preset, *(f.stat().st_size for f in files.values())))
            print(f"{name} {preset}: done", file=sys.stderr, flush=True)
    show_all = "--all" in flags
    if before_cp:
        print("| dataset | preset | column | reference B | before B | after B | after / reference |")
        print("|---|---|---|---|---|---|---|")
    else:
        print("| dataset | preset | column | reference B | jvortex B | jvortex / reference |")
        print("|---|---|---|---|---|---|")
    for name, preset, col, r, b, o in rows:
        flagged = r < MARGIN * o or (b is not None and r < MARGIN * b)
        if not (show_all or flagged):
            continue
        mark = " **(reference smaller by > 2 %)**" if r < MARGIN * o else ""
        ratio = f"{o / r:.3f}" if r else "-"
        if before_cp:
            print(f"| {name} | {preset} | {col} | {r:,} | {b:,} | {o:,} | {ratio}{mark} |")
        else:
            print(f"| {name} | {preset} | {col} | {r:,} | {o:,} | {ratio}{mark} |")
    print()
    if before_cp:
        print("| dataset | preset | reference file B | before file B | after file B | after / reference |")
        print("|---|---|---|---|---|---|")
        for name, preset, r, b, o in totals:
            print(f"| {name} | {preset} | {r:,} | {b:,} | {o:,} | {o / r:.3f} |")
    else:
        print("| dataset | preset | reference file B | jvortex file B | jvortex / reference |")
        print("|---|---|---|---|---|")
        for name, preset, r, o in totals:
            print(f"| {name} | {preset} | {r:,} | {o:,} | {o / r:.3f} |")


def write_jvortex(java, cp, d, out, preset):
    """Writes d's Parquet rows with jvortex in a JVM of its own (one write, no warm-up)."""
    cmd = [java, *JVM, "-cp", cp, "dev.jvortex.bench.sidebyside.Main", "--write", str(out),
           "--parquet", str(d / "source.parquet"), "--preset", preset, "--quick", "--reps", "1"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"java failed: {p.stderr[-3000:]}")


def column_sizes(java, cp, files):
    """{key: {column: stored bytes}} for each file of `files` ({key: path}), in one JVM."""
    keys = list(files)
    jobs = Path(files["ours"]).with_suffix(".column-jobs")
    jobs.write_text("".join(f"--column-sizes\t{files[k]}\n" for k in keys))
    try:
        p = subprocess.run([java, *JVM, "-cp", cp, "dev.jvortex.bench.sidebyside.Main", "--jobs", str(jobs)],
                           capture_output=True, text=True)
    finally:
        jobs.unlink()
    if p.returncode != 0:
        raise SystemExit(f"java failed: {p.stderr[-3000:]}")
    lines = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    return {k: line["columns"] for k, line in zip(keys, lines)}


if __name__ == "__main__":
    main()
