"""Turns a KernelBenchmark JMH JSON result into a Markdown table of GB/s of decoded output.

Every KernelBenchmark operation produces exactly `outBytes` bytes of decoded output, so
GB/s = ops/s x outBytes / 1e9. Each row is compared with memcpy and sum measured in the same run
at the same outBytes. Labels for the decode inputs (encoding tree, stored bits per value) come
from running dev.jvortex.bench.KernelInputs on the same specs.

    python3 kernels_table.py RESULT.json JAVA BENCH_JAR [--machine M] [--jdk J] [--command C]

Standard library only.
"""
import argparse
import json
import math
import subprocess
from collections import defaultdict


def describe(java, jar, out_bytes, specs):
    """Returns {spec: (tree, bits per value)} from KernelInputs' main."""
    if not specs:
        return {}
    done = subprocess.run([java, "-cp", jar, "dev.jvortex.bench.KernelInputs", str(out_bytes), *specs],
                          check=True, capture_output=True, text=True)
    out = {}
    for line in done.stdout.splitlines():
        spec, tree, encoded, length = line.split("\t")
        out[spec] = (tree, int(encoded) * 8 / int(length))
    return out


def label(spec):
    """Splits a KernelInputs spec into the kernel name and its parameters."""
    parts = spec.split(":")
    kernel, rest = parts[0], parts[1:]
    names = {
        "bitpacked": "bit-packed (BitPackedDecoder)",
        "for": "FoR over bit-packed",
        "for-plain": "FoR over primitive",
        "delta": "delta",
        "alp": "ALP over primitive",
        "alp-packed": "ALP over bit-packed",
        "rle": "RLE",
        "dict": "dictionary gather",
        "fsst": "FSST",
        "onpair": "OnPair",
        "datetime": "date-time parts",
    }
    params = rest[0] if rest else ""
    if len(rest) > 1:
        extra = {"bitpacked": "width", "for": "width", "for-plain": "width", "rle": "mean run", "dict": "values"}
        params += f", {extra.get(kernel, 'arg')} {rest[1]}"
    return names.get(kernel, kernel), params


def gbps(entry, out_bytes):
    """Returns (mean GB/s, JMH's 99.9% error in GB/s or None, best iteration's GB/s)."""
    metric = entry["primaryMetric"]
    score = float(metric["score"]) * out_bytes / 1e9
    err = metric.get("scoreError")
    err = float(err) * out_bytes / 1e9 if isinstance(err, (int, float)) and not math.isnan(err) else None
    raw = [float(x) for fork in metric.get("rawData", []) for x in fork]
    best = max(raw) * out_bytes / 1e9 if raw else score
    return score, err, best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("result")
    ap.add_argument("java")
    ap.add_argument("jar")
    ap.add_argument("--machine", default="")
    ap.add_argument("--jdk", default="")
    ap.add_argument("--command", default="")
    args = ap.parse_args()
    with open(args.result) as fh:
        results = json.load(fh)

    baselines = {}  # (name, outBytes) -> GB/s
    rows = []  # (group, kernel, params, stored, gbps, err, outBytes)
    specs = defaultdict(list)
    for entry in results:
        method = entry["benchmark"].rsplit(".", 1)[1]
        params = entry.get("params", {})
        out_bytes = int(params["outBytes"])
        score, err, best = gbps(entry, out_bytes)
        err = (err, best)
        if method in ("memcpy", "sum"):
            baselines[(method, out_bytes)] = best
            rows.append((0, "memcpy (MemorySegment.copy)" if method == "memcpy" else "sum of longs", "", "", score, err,
                         out_bytes, None))
        elif method.startswith("unpack"):
            words = method.endswith("Words")
            bits = int(method[len("unpack"):len(method) - (5 if words else 0)])
            width = int(params[f"width{bits}"])
            name = f"BitUnpack.unpackWords({bits}, ...)" if words else f"BitUnpack.unpack{bits}"
            rows.append((1, f"{name} (kernel only)", f"u{bits}, width {width}", f"{width} bits/value",
                         score, err, out_bytes, (bits, width, 1 if words else 0)))
        elif method == "decode":
            spec = params["input"]
            specs[out_bytes].append(spec)
            rows.append((2, spec, "", "", score, err, out_bytes, None))

    described = {}
    for out_bytes, names in specs.items():
        for spec, value in describe(args.java, args.jar, out_bytes, names).items():
            described[(spec, out_bytes)] = value

    print("## Decode kernels: GB/s of decoded output")
    print()
    if args.machine or args.jdk:
        print(f"Machine: {args.machine}; JDK: {args.jdk}.  ")
    if args.command:
        print(f"Command: `{args.command}`; one JMH fork per row.  ")
    if "--quick" in args.command:
        print("Quick mode: a smoke test with a 200 ms warm-up; the JIT may not have finished, so these "
              "numbers are not measurements.  ")
    sizes = sorted({r[6] for r in rows})
    print("Output per operation: " + ", ".join(f"{s:,} bytes" for s in sizes) + ".")
    print()
    print("GB/s is JMH's mean over the measured iterations with its 99.9% error; *best* is the fastest "
          "iteration, and the ratios compare best with best (on a shared machine the fastest iteration is the "
          "one least disturbed by other work).")
    print()
    print("| kernel | type, params | stored as | GB/s | ± | best | best / memcpy | best / sum |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for group, kernel, params, stored, score, err, out_bytes, key in sorted(rows, key=lambda r: (r[0], r[7] or (0, 0, 0))):
        if group == 2:
            spec = kernel
            kernel, params = label(spec)
            tree, bits = described.get((spec, out_bytes), ("?", float("nan")))
            stored = f"{tree}, {bits:.1f} bits/value"
        memcpy = baselines.get(("memcpy", out_bytes))
        total = baselines.get(("sum", out_bytes))
        err, best = err
        r_memcpy = f"{best / memcpy:.2f}" if memcpy else ""
        r_sum = f"{best / total:.2f}" if total else ""
        e = f"{err:.2f}" if err is not None else ""
        print(f"| {kernel} | {params} | {stored} | {score:.2f} | {e} | {best:.2f} | {r_memcpy} | {r_sum} |")


if __name__ == "__main__":
    main()
