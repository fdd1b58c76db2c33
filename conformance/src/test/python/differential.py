"""Random tables for differential testing against the reference (issue 18).

    python differential.py --out DIR --seed S --count N

Builds N random tables (random schemas over every type the reference writes: integers of
every width, floats with NaNs and infinities, bools, strings and binary (empty and huge),
decimals, dates, times, timestamps with zones, structs, lists and fixed-size lists, each
nullable or not), with data shaped to drive each encoding: runs, sequences, few distinct
values, outliers, constants, all-null columns. Each table is written by the reference with a
random preset (default or compact; vortex-data 0.90.0 has no edition option) as `tI.vortex`,
with its expected values computed from the source table as `tI.expected.jsonl` (the
conventions of gen_corpus.py). `manifest.jsonl` lists every table: name, file, expected,
rows, preset, schema, and `status` ("ok", or why the reference refused it). `done` marks a
complete run. One process writes every table, so a few hundred take seconds.
"""
import argparse
import json
import os
import sys

import numpy as np
import pyarrow as pa
import pyarrow.compute  # noqa: F401  (pa.compute)

import gen_corpus as g

LEAVES = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64", "bool",
          "utf8", "binary", "dec", "dec256", "date32", "time64", "time32", "ts"]
NUMERIC_SHAPES = ["random", "sequence", "runs", "few", "outliers", "constant", "small"]


def runs(rng, n, max_run, values):
    """values(k)[idx] and idx: k values repeated in runs of random length 1..max_run, exactly n
    rows (gen_corpus.runs draws n // 2 + 2 runs, which fall short of n when max_run is small)."""
    lens = rng.integers(1, max_run + 1, n + 1)
    lens = lens[: int(np.searchsorted(np.cumsum(lens), n)) + 1]
    idx = np.repeat(np.arange(len(lens)), lens)[:n]
    return values(len(lens))[idx], idx


def int_values(rng, n, bits, signed, shape):
    lo, hi = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2 ** bits - 1)
    dtype = np.dtype(("i" if signed else "u") + str(bits // 8))
    if shape == "sequence":
        step = int(rng.integers(-5, 6)) or 1
        base = int(rng.integers(lo // 2, hi // 2 + 1)) if hi - lo > 10 * n * 5 else (lo if step > 0 else hi)
        v = base + step * np.arange(n, dtype=object)
        v = np.clip(np.array(v, dtype=object), lo, hi)
    elif shape == "runs":
        v, _ = runs(rng, n, int(rng.integers(2, 200)), lambda k: rng.integers(lo, hi, k, endpoint=True, dtype=dtype))
    elif shape == "few":
        vocab = rng.integers(lo, hi, int(rng.integers(1, 20)), endpoint=True, dtype=dtype)
        v = vocab[rng.integers(0, len(vocab), n)]
    elif shape == "outliers":
        small_hi = min(hi, lo + 100) if not signed else min(hi, 100)
        small_lo = max(lo, -100) if signed else lo
        v = rng.integers(small_lo, small_hi, n, endpoint=True, dtype=dtype)
        k = max(1, n // 50)
        idx = rng.integers(0, max(1, n), k)
        if n:
            v[idx] = rng.integers(lo, hi, k, endpoint=True, dtype=dtype)
    elif shape == "constant":
        v = np.full(n, rng.integers(lo, hi, endpoint=True, dtype=dtype), dtype=dtype)
    elif shape == "small":
        v = rng.integers(max(lo, 0), min(hi, 15), n, endpoint=True, dtype=dtype)
    else:
        v = rng.integers(lo, hi, n, endpoint=True, dtype=dtype)
    return np.asarray(v).astype(dtype)


def float_values(rng, n, width, shape):
    dtype = {16: np.float16, 32: np.float32, 64: np.float64}[width]
    if shape == "sequence":
        v = np.arange(n) * float(rng.choice([0.5, 0.25, 1.0, 0.1]))
    elif shape == "runs":
        v, _ = runs(rng, n, int(rng.integers(2, 100)), lambda k: np.round(rng.normal(0, 1000, k), 2))
    elif shape == "few":
        vocab = np.round(rng.normal(0, 100, int(rng.integers(1, 16))), 1)
        v = vocab[rng.integers(0, len(vocab), n)]
    elif shape == "outliers":
        v = np.round(rng.normal(0, 10, n), 2)
        k = max(1, n // 40)
        if n:
            v[rng.integers(0, n, k)] = rng.choice([1e30, -1e30, 3.4e38, 1e-30], k)
    elif shape == "constant":
        v = np.full(n, float(rng.normal()))
    elif shape == "small":
        v = np.round(rng.uniform(0, 100, n), 2)
    else:
        v = rng.normal(0, 1e6, n)
    v = np.asarray(v, dtype=np.float64)
    if n and rng.random() < 0.4:
        specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0])
        k = max(1, n // 30)
        v[rng.integers(0, n, k)] = specials[rng.integers(0, len(specials), k)]
    with np.errstate(over="ignore"):
        return v.astype(dtype)


def strings(rng, n, shape, binary):
    if shape in ("few", "constant", "runs"):
        k = 1 if shape == "constant" else int(rng.integers(1, 30))
        vocab = g.rand_ascii(rng, k, 0, 24) + (["", "héllo wörld", "東京"] if shape == "few" else [])
        if shape == "runs":
            _, idx = runs(rng, n, int(rng.integers(2, 100)), lambda m: np.arange(m))
            vals = [vocab[i % len(vocab)] for i in idx.tolist()]
        else:
            vals = [vocab[i] for i in rng.integers(0, len(vocab), n).tolist()]
    elif shape == "outliers":
        vals = g.rand_ascii(rng, n, 0, 8)
        if n:
            for i in rng.integers(0, n, max(1, n // 500)).tolist():
                vals[i] = "x" * int(rng.integers(10_000, 200_000))
    elif shape == "sequence":
        vals = [f"key-{i:08d}" for i in range(n)]
    elif shape == "small":
        vals = [""] * n
    else:
        vals = g.rand_ascii(rng, n, 0, int(rng.choice([4, 16, 64, 300])))
    if binary:
        return [s.encode("utf-8") for s in vals]
    return vals


def leaf(rng, n, kind):
    shape = str(rng.choice(NUMERIC_SHAPES))
    if kind[0] in "iu" and kind[1:].isdigit():
        bits = int(kind[1:])
        return pa.array(int_values(rng, n, bits, kind[0] == "i", shape)), shape
    if kind in ("f16", "f32", "f64"):
        return pa.array(float_values(rng, n, int(kind[1:]), shape)), shape
    if kind == "bool":
        p = float(rng.choice([0.5, 0.01, 0.99, 0.0, 1.0]))
        return pa.array(rng.random(n) < p), f"p={p}"
    if kind in ("utf8", "binary"):
        return pa.array(strings(rng, n, shape, kind == "binary"), pa.binary() if kind == "binary" else pa.string()), shape
    if kind in ("dec", "dec256"):
        p = int(rng.integers(1, 39)) if kind == "dec" else int(rng.integers(39, 77))
        s = int(rng.integers(-3, min(p, 12) + 1))
        # pyarrow converts a value of a negative scale through 10**-s times its unscaled
        # value, which must fit in the type's largest precision (38 or 76 digits)
        digits = min(p, (38 if kind == "dec" else 76) + s)
        if shape in ("runs", "few", "constant"):
            vocab = g.big_ints(rng, max(1, int(rng.integers(1, 10))), digits)
            vals = [vocab[i] for i in rng.integers(0, len(vocab), n).tolist()]
        elif shape == "sequence":
            vals = [min(i, 10 ** p - 1) for i in range(n)]
        else:
            vals = g.big_ints(rng, n, digits)
        t = pa.decimal128(p, s) if kind == "dec" else pa.decimal256(p, s)
        return pa.array(g.decimals(vals, s), t), f"{shape} p={p} s={s}"
    if kind == "date32":
        v = int_values(rng, n, 32, True, shape)
        v = np.clip(v.astype(np.int64), -719162, 2932896).astype(np.int32)
        return pa.array(v, pa.date32()), shape
    if kind == "time64":
        unit = str(rng.choice(["us", "ns"]))
        per = 86_400_000_000 if unit == "us" else 86_400_000_000_000
        v = np.mod(int_values(rng, n, 64, True, shape).astype(np.int64), per)
        return pa.array(v, pa.time64(unit)), f"{shape} {unit}"
    if kind == "time32":
        unit = str(rng.choice(["s", "ms"]))
        per = 86_400 if unit == "s" else 86_400_000
        v = np.mod(int_values(rng, n, 32, True, shape).astype(np.int64), per).astype(np.int32)
        return pa.array(v, pa.time32(unit)), f"{shape} {unit}"
    if kind == "ts":
        unit = str(rng.choice(["s", "ms", "us", "ns"]))
        tz = rng.choice([None, "UTC", "America/New_York", "+05:30"])
        per = {"s": 1, "ms": 1000, "us": 10**6, "ns": 10**9}[unit]
        lo, hi = (g.EPOCH_MIN_S * per, g.TS_MAX_S * per) if unit != "ns" else (-(2**63) + 1, 2**63 - 1)
        base = 1_700_000_000 * per
        if shape == "sequence":
            v = base + np.arange(n, dtype=np.int64) * per
        elif shape in ("runs", "few", "constant"):
            vocab = rng.integers(lo, hi, max(1, int(rng.integers(1, 10))), dtype=np.int64)
            v = vocab[rng.integers(0, len(vocab), n)]
        elif shape == "small":
            v = base + rng.integers(0, 1000, n, dtype=np.int64)
        else:
            v = rng.integers(lo, hi, n, dtype=np.int64)
        return pa.array(v, pa.timestamp(unit, tz=None if tz is None else str(tz))), f"{shape} {unit} {tz}"
    raise ValueError(kind)


def with_nulls(rng, a, p):
    if p <= 0 or len(a) == 0:
        return a
    mask = g.null_mask(rng, len(a), p)
    if isinstance(a, pa.StructArray):
        return pa.StructArray.from_arrays(a.flatten(), fields=list(a.type), mask=pa.array(mask))
    if isinstance(a, pa.ListArray):
        return pa.ListArray.from_arrays(a.offsets, a.values, mask=pa.array(mask))
    if isinstance(a, pa.FixedSizeListArray):
        return pa.FixedSizeListArray.from_arrays(a.values, a.type.list_size, mask=pa.array(mask))
    # replace_with_mask keeps the type and the values exact (if_else would widen a decimal of a
    # negative scale to scale 0, or fail past precision 76).
    out = pa.compute.replace_with_mask(a, pa.array(mask), pa.nulls(int(np.count_nonzero(mask)), a.type))
    assert out.type == a.type, (a.type, out.type)
    return out


def column(rng, n, depth, describe):
    r = rng.random()
    null_p = float(rng.choice([0.0, 0.0, 0.05, 0.3, 1.0]))
    if depth < 2 and r < 0.12:
        k = int(rng.integers(1, 4))
        kids = []
        for j in range(k):
            c, _ = column(rng, n, depth + 1, describe)
            kids.append(pa.field(f"f{j}", c.type, nullable=c.null_count > 0 or bool(rng.random() < 0.5)).with_type(c.type))
            kids[-1] = (kids[-1], c)
        a = pa.StructArray.from_arrays([c for _, c in kids], fields=[f for f, _ in kids])
        describe.append("struct")
    elif depth < 2 and r < 0.22:
        lens = rng.integers(0, int(rng.choice([2, 5, 20])) + 1, n)
        offs = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(lens, out=offs[1:])
        values, _ = column(rng, int(offs[-1]), depth + 1, describe)
        a = pa.ListArray.from_arrays(pa.array(offs), values)
        describe.append("list")
    elif depth < 2 and r < 0.27:
        size = int(rng.integers(1, 5))
        values, _ = leaf(rng, n * size, str(rng.choice(["i32", "f32", "u8", "i64"])))
        a = pa.FixedSizeListArray.from_arrays(values, size)
        describe.append(f"fsl{size}")
    else:
        kind = str(rng.choice(LEAVES))
        a, shape = leaf(rng, n, kind)
        describe.append(f"{kind}:{shape}")
    a = with_nulls(rng, a, null_p)
    describe[-1] += f" nulls={null_p}"
    return a, null_p


def random_table(rng):
    n = int(rng.choice([0, 1, 2, 7, 100, 1000, 1024, 1500, 3000, 5000]))
    cols = int(rng.integers(1, 6))
    fields, arrays, describe = [], [], []
    for i in range(cols):
        a, null_p = column(rng, n, 0, describe)
        nullable = a.null_count > 0 or null_p > 0 or bool(rng.random() < 0.3)
        fields.append(pa.field(f"c{i}", a.type, nullable=nullable))
        arrays.append(a)
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields)), "; ".join(describe)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    done = os.path.join(args.out, "done")
    if os.path.exists(done):
        os.remove(done)
    with open(os.path.join(args.out, "manifest.jsonl"), "w", encoding="utf-8") as man:
        for i in range(args.first, args.first + args.count):
            rng = np.random.default_rng([args.seed, i])
            name = f"t{i}"
            entry = {"name": name, "file": name + ".vortex", "expected": name + ".expected.jsonl"}
            try:
                tbl, describe = random_table(rng)
                preset = str(rng.choice(g.PRESETS))
                entry.update({"rows": tbl.num_rows, "preset": preset, "schema": describe})
                lines = g.expected_lines(tbl)
                g.write_vortex(tbl, os.path.join(args.out, entry["file"]), preset)
                with open(os.path.join(args.out, entry["expected"]), "w", encoding="utf-8") as fh:
                    for line in lines:
                        fh.write(line)
                        fh.write("\n")
                entry["status"] = "ok"
            except BaseException as e:  # the reference refused the table (or panicked)
                if isinstance(e, KeyboardInterrupt):
                    raise
                entry["status"] = g.first_line(e)
            man.write(json.dumps(entry) + "\n")
    open(done, "w").close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
