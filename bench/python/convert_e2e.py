"""End-to-end `jvx convert` of Parquet files next to the reference (bench/convert-e2e).

    python convert_e2e.py ROOT DATASETS_DIR [--datasets=a,b] [--runs=N] [--jfr=DIR] [--jvx=PATH]
                          [--before=PATH] [--trace]

The reference side runs in its own Python process per run and times, after its imports,
`vortex.io.write(pyarrow.parquet.read_table(src), out)`. The jvx side times the launcher from
process start to exit (so JVM start-up, class loading and JIT warm-up count), with its CPU time
(user + system, from the OS) and peak resident memory. The first jvx run of a dataset is shown
on its own (it records the launcher's ahead-of-time cache when there is none yet); the others
give the best time. --before=PATH times another launcher (an older build) in the same run; it
gets an untimed first run too, so both sides are timed with their caches. --trace runs jvx with
JVX_TRACE=1 and prints the phase trace of each dataset's best run after the table.
"""
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq

REF = r"""
import sys, time
import pyarrow.parquet as pq
import vortex
t0 = time.perf_counter()
vortex.io.write(pq.read_table(sys.argv[1]), sys.argv[2])
print(time.perf_counter() - t0)
"""

BASE = ("flights", "orders", "lineitem", "ohlc")
VARIANTS = {  # name: (base dataset, writer, compression)
    "orders-pyarrow": ("orders", "pyarrow", None),
    "orders-duckdb-snappy": ("orders", "duckdb", "snappy"),
    "orders-duckdb-zstd": ("orders", "duckdb", "zstd"),
}


def source(data: Path, name: str) -> Path:
    """The Parquet file of dataset `name`, written on first use for the variants."""
    if name in BASE:
        return data / name / "source.parquet"
    base, writer, codec = VARIANTS[name]
    out = data / "e2e" / f"{name}.parquet"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        src = data / base / "source.parquet"
        tmp = out.with_suffix(".tmp")
        if writer == "pyarrow":
            pq.write_table(pq.read_table(src), tmp)
        else:
            import duckdb
            duckdb.sql(f"COPY (SELECT * FROM read_parquet('{src}')) TO '{tmp}' "
                       f"(FORMAT parquet, COMPRESSION {codec})")
        os.replace(tmp, out)
    return out


def cache_dir() -> Path:
    """Where the jvx launcher keeps its ahead-of-time caches (as the launcher finds it)."""
    if os.environ.get("JVX_CACHE_DIR"):
        return Path(os.environ["JVX_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jvortex"


def wait_for_cache(timeout: float = 300) -> None:
    """Waits until no launcher is still assembling a cache (its `.aotconf` record is deleted when
    the cache is in place), so that the timed runs use it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        d = cache_dir()
        now = time.time()  # records left by killed runs (older) are not waited for
        if not d.is_dir() or not any(now - f.stat().st_mtime < 600 for f in d.glob("jvx-convert-*.aotconf")):
            return
        time.sleep(0.5)
    print(f"convert-e2e: warning: an AOT cache in {cache_dir()} was still being assembled after {timeout:.0f} s",
          file=sys.stderr)


def run_jvx(jvx: str, src: Path, out: Path, jfr: str | None, trace: bool = False) -> tuple[float, float, int, str]:
    env = dict(os.environ)
    if trace:
        env["JVX_TRACE"] = "1"
    if jfr:
        env["JVX_OPTS"] = (env.get("JVX_OPTS", "") + f" -XX:StartFlightRecording=filename={jfr},settings=profile").strip()
    err = out.with_suffix(".stderr")
    t0 = time.perf_counter()
    with open(err, "w") as e:
        p = subprocess.Popen([jvx, "convert", str(src), str(out)], stdout=subprocess.DEVNULL, stderr=e, env=env)
        _, status, usage = os.wait4(p.pid, 0)   # this child's own CPU time and peak RSS
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit(f"jvx failed on {src}: {err.read_text()[-3000:]}")
    lines = err.read_text(errors="replace").splitlines()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, "\n".join(l for l in lines if l.startswith("jvx trace:"))


def run_ref(src: Path, out: Path) -> tuple[float, float]:
    """The reference's time (inside Python, after its imports) and its process's CPU time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([sys.executable, "-c", REF, str(src), str(out)], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"reference failed on {src}: {p.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(p.stdout.strip().splitlines()[-1]), cpu


def main() -> None:
    root, data = Path(sys.argv[1]), Path(sys.argv[2])
    opts = dict(a[2:].split("=", 1) for a in sys.argv[3:] if a.startswith("--") and "=" in a)
    names = opts.get("datasets", ",".join(BASE + tuple(VARIANTS))).split(",")
    runs = int(opts.get("runs", "2"))
    jvx = opts.get("jvx", str(root / "jvx"))
    jfr = opts.get("jfr")
    before = opts.get("before")
    trace = "--trace" in sys.argv[3:]
    traces = []
    work = data / "e2e"
    work.mkdir(parents=True, exist_ok=True)
    head = "| dataset | rows | codec, writer | reference s | reference CPU s |"
    line = "|---|---:|---|---:|---:|"
    if before:
        head += " before s | before ratio | before CPU s |"
        line += "---:|---:|---:|"
    head += " jvx first run s | jvx s | ratio (ref/jvx) | jvx CPU s | jvx peak RSS MiB | ref MB | jvx MB |"
    line += "---:|---:|---:|---:|---:|---:|---:|"
    print(head)
    print(line)
    for name in names:
        src = source(data, name)
        meta = pq.ParquetFile(src).metadata
        codec = meta.row_group(0).column(0).compression if meta.num_row_groups else "-"
        writer = meta.created_by.split(" (")[0] if meta.created_by else "?"
        ref_out, our_out = work / f"{name}.ref.vortex", work / f"{name}.jvx.vortex"
        ref_t, ref_cpu = min(run_ref(src, ref_out) for _ in range(runs))
        cells = f"| {name} | {meta.num_rows:,} | {codec}, {writer} | {ref_t:.2f} | {ref_cpu:.1f} |"
        if before:
            run_jvx(before, src, our_out, None)  # records its cache if it has none
            wait_for_cache()
            b, b_cpu, _, _ = min(run_jvx(before, src, our_out, None) for _ in range(runs))
            cells += f" {b:.2f} | {ref_t / b:.2f}x | {b_cpu:.1f} |"
        first = run_jvx(jvx, src, our_out, f"{jfr}/{name}-first.jfr" if jfr else None)
        wait_for_cache()  # the launcher assembles its cache in the background after a recording run
        best = None
        for i in range(runs):
            r = run_jvx(jvx, src, our_out, f"{jfr}/{name}-{i}.jfr" if jfr else None, trace)
            best = r if best is None or r[0] < best[0] else best
        wall, cpu, rss_kb, best_trace = best
        if trace:
            traces.append(f"{name}:\n{best_trace}")
        cells += (f" {first[0]:.2f} | {wall:.2f} | {ref_t / wall:.2f}x | {cpu:.1f} | {rss_kb // 1024} "
                  f"| {ref_out.stat().st_size / 1e6:.1f} | {our_out.stat().st_size / 1e6:.1f} |")
        print(cells, flush=True)
    for t in traces:
        print("\n" + t)


if __name__ == "__main__":
    if "--jfr" in " ".join(sys.argv) and not any(a.startswith("--jfr=") for a in sys.argv):
        raise SystemExit("--jfr needs a directory: --jfr=DIR")
    main()
