"""Write speed and size, jvortex next to the reference, in one run (bench/write-compare).

    python write_compare.py ROOT JAVA CLASSPATH DATASETS_DIR [--datasets=a,b] [--presets=default,compact]
                            [--jfr=DIR] [--batch-rows=N] [--before=CLASSPATH]

For each dataset and preset: the reference writes the in-memory Arrow table (one warm-up, best of
3), then jvortex (bench Main --write, its own JVM: one warm-up, best of 3) writes the same rows
read from the Parquet file. Prints a Markdown table; speed is uncompressed Arrow bytes per second.
--jfr records a JFR profile of each jvortex JVM into DIR. --before also runs jvortex from another
classpath (an earlier build), in the same run, right before the current one, and adds its size and
speed to the table (before/after comparisons in one run).
"""
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.ipc as ipc
import vortex as vx


def main() -> None:
    root, java, cp, data = sys.argv[1], sys.argv[2], sys.argv[3], Path(sys.argv[4])
    opts = dict(a[2:].split("=", 1) for a in sys.argv[5:] if a.startswith("--") and "=" in a)
    datasets = opts.get("datasets", "lineitem,orders,flights,ohlc").split(",")
    presets = opts.get("presets", "default,compact").split(",")
    jfr = opts.get("jfr")
    rows_out = []
    for name in datasets:
        d = data / name
        with ipc.open_file(str(d / "source.arrow")) as f:
            table = f.read_all()
        arrow_bytes = table.nbytes
        for preset in presets:
            out = d / f"ref-{preset}.vortex"

            def w():
                if preset == "default":
                    vx.io.write(table, str(out))
                else:
                    vx.io.VortexWriteOptions.compact().write(table, str(out))
            w()
            times = []
            for _ in range(3):
                t0 = time.perf_counter()
                w()
                times.append(time.perf_counter() - t0)
            ref_t, ref_size = min(times), out.stat().st_size
            ours = d / f"jvortex-{preset}.vortex"
            before = None
            if "before" in opts:
                b_t, b_size = run_jvortex(java, opts["before"], d, d / f"jvortex-before-{preset}.vortex", preset, opts,
                                          jfr and f"{jfr}/{name}-{preset}-before.jfr")
                before = (b_size, arrow_bytes / b_t / 1e6)
                print(f"{name} {preset}: jvortex before {b_t*1e3:.0f} ms {b_size} B", file=sys.stderr, flush=True)
            our_t, our_size = run_jvortex(java, cp, d, ours, preset, opts, jfr and f"{jfr}/{name}-{preset}.jfr")
            rows_out.append((name, preset, ref_size, our_size, arrow_bytes / ref_t / 1e6, arrow_bytes / our_t / 1e6,
                             before))
            print(f"{name} {preset}: reference {ref_t*1e3:.0f} ms {ref_size} B; jvortex {our_t*1e3:.0f} ms {our_size} B",
                  file=sys.stderr, flush=True)
    if "before" in opts:
        print("| dataset | preset | reference MB | before MB | after MB | size ratio before | size ratio after "
              "| reference MB/s | before MB/s | after MB/s | speed ratio before | speed ratio after |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for name, preset, rs, os_, rsp, osp, (bs, bsp) in rows_out:
            print(f"| {name} | {preset} | {rs/1e6:.2f} | {bs/1e6:.2f} | {os_/1e6:.2f} | {bs/rs:.3f} | {os_/rs:.3f} "
                  f"| {rsp:.0f} | {bsp:.0f} | {osp:.0f} | {bsp/rsp:.2f} | {osp/rsp:.2f} |")
        return
    print("| dataset | preset | reference MB | jvortex MB | size ratio | reference MB/s | jvortex MB/s | speed ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for name, preset, rs, os_, rsp, osp, _ in rows_out:
        print(f"| {name} | {preset} | {rs/1e6:.2f} | {os_/1e6:.2f} | {os_/rs:.3f} | {rsp:.0f} | {osp:.0f} | {osp/rsp:.2f} |")


def run_jvortex(java, cp, d, out, preset, opts, jfr_file):
    """Writes d's Parquet rows with jvortex (bench Main --write, its own JVM); returns (best s, bytes)."""
    cmd = [java, "-Xms1g", "-Xmx3g", "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"]
    if jfr_file:
        Path(jfr_file).parent.mkdir(parents=True, exist_ok=True)
        cmd.append(f"-XX:StartFlightRecording=filename={jfr_file},settings=profile")
    cmd += ["-cp", cp, "dev.jvortex.bench.sidebyside.Main", "--write", str(out),
            "--parquet", str(d / "source.parquet"), "--preset", preset]
    if "batch-rows" in opts:
        cmd += ["--batch-rows", opts["batch-rows"]]
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True)
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"java failed: {p.stderr[-3000:]}")
    r = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")][-1]
    # CPU seconds (user + system) of the whole JVM: Parquet read, warm-up and the 3 writes;
    # steadier than wall time on a shared machine.
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    print(f"  {out.name}: JVM CPU {cpu:.1f} s", file=sys.stderr, flush=True)
    return r["min_ms"] / 1e3, r["bytes"]


if __name__ == "__main__":
    main()
