#!/usr/bin/env python3
"""Generate the jvortex oracle corpus.

Builds deterministic source tables with pyarrow + numpy, writes each one with
the reference implementation (the ``vortex-data`` Python package) and writes
the expected values, computed from the *source* table (never from the
reference's reader), as JSON Lines next to it.

    PY=$(scripts/oracle-env.sh)
    $PY conformance/src/test/python/gen_corpus.py --out build/oracle-corpus

See README.md in this directory for the table list and the JSON conventions.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import sys
import tempfile
import time
import zlib
from decimal import Decimal
from importlib import metadata

# Keep the reference's Rust panics/errors short (no captured backtraces).
os.environ.setdefault("RUST_BACKTRACE", "0")
os.environ.setdefault("RUST_LIB_BACKTRACE", "0")

import numpy as np  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.compute  # noqa: E402,F401  (pa.compute)
import vortex  # noqa: E402

PRESETS = ("default", "compact")


# ---------------------------------------------------------------------------
# Expected-value formatting: pyarrow array -> list of JSON text fragments
# ---------------------------------------------------------------------------

_NONFINITE = {"nan": '"NaN"', "inf": '"Infinity"', "-inf": '"-Infinity"'}


def _valid_mask(arr: pa.Array):
    """Boolean numpy mask of valid slots, or None when there are no nulls."""
    if arr.null_count == 0:
        return None
    return arr.is_valid().to_numpy(zero_copy_only=False)


def _apply_nulls(frags: list, valid) -> list:
    if valid is None:
        return frags
    return [f if ok else "null" for f, ok in zip(frags, valid)]


def _float_frags(values: np.ndarray, width: int) -> list:
    """Shortest round-trip decimal for the value's own float width."""
    finite = np.isfinite(values)
    if width == 64:
        out = [repr(x) for x in values.tolist()]
    else:
        # str() of a numpy float32/float16 scalar is the shortest decimal
        # that round-trips in that width (Dragon4, unique mode).
        out = [str(x) for x in values]
    if not finite.all():
        for i in np.flatnonzero(~finite).tolist():
            x = float(values[i])
            out[i] = _NONFINITE["nan" if x != x else ("inf" if x > 0 else "-inf")]
    return out


def _decimal_text(d: Decimal, scale: int) -> str:
    """Exact plain-notation text with exactly `scale` fraction digits."""
    sign, digits, exponent = d.as_tuple()
    unscaled = int("".join(map(str, digits)) or "0")
    # value = unscaled * 10**exponent; we want the integer u with value = u * 10**-scale
    shift = exponent + scale
    if shift >= 0:
        unscaled *= 10 ** shift
    else:  # more digits than the scale: must be trailing zeros
        q, r = divmod(unscaled, 10 ** (-shift))
        if r:
            raise ValueError(f"decimal {d} does not fit scale {scale}")
        unscaled = q
    neg = bool(sign) and unscaled != 0
    if scale <= 0:
        text = str(unscaled * 10 ** (-scale))
    else:
        s = str(unscaled).rjust(scale + 1, "0")
        text = s[:-scale] + "." + s[-scale:]
    return "-" + text if neg else text


def _datetime_strings(raw: np.ndarray, unit: str, utc: bool) -> list:
    """ISO-8601 strings with all digits of `unit` from raw epoch counts."""
    dt = raw.astype(np.int64).view(f"datetime64[{unit}]")
    return np.datetime_as_string(dt, unit=unit, timezone="UTC" if utc else "naive").tolist()


def _string_frags(values: list) -> list:
    memo = {}
    out = []
    for s in values:
        f = memo.get(s)
        if f is None:
            f = "null" if s is None else json.dumps(s, ensure_ascii=False)
            if len(memo) < 100_000:
                memo[s] = f
        out.append(f)
    return out


def _join_rows(names: list, columns: list, n: int) -> list:
    """Assemble '{"a":..,"b":..}' texts from per-column fragment lists."""
    if not names:
        return ["{}"] * n
    parts = []
    for i, name in enumerate(names):
        key = json.dumps(name, ensure_ascii=False).replace("%", "%%")
        parts.append(("{" if i == 0 else ",") + key + ":%s")
    template = "".join(parts) + "}"
    return [template % row for row in zip(*columns)]


def fmt_array(arr) -> list:
    """JSON text fragment for every slot of a pyarrow (chunked) array."""
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks() if arr.num_chunks != 1 else arr.chunk(0)
    t = arr.type
    n = len(arr)
    if n == 0:
        return []
    if pa.types.is_null(t):
        return ["null"] * n
    if pa.types.is_dictionary(t):
        return fmt_array(arr.dictionary_decode())
    if isinstance(t, pa.BaseExtensionType):
        if t.extension_name == "arrow.uuid":
            valid = _valid_mask(arr)
            hexes = [None if b is None else b.hex() for b in arr.storage.to_pylist()]
            frags = [
                "null" if h is None else f'"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"'
                for h in hexes
            ]
            return _apply_nulls(frags, valid)
        raise TypeError(f"no JSON convention for extension type {t}")

    valid = _valid_mask(arr)
    if pa.types.is_boolean(t):
        return ["null" if v is None else ("true" if v else "false") for v in arr.to_pylist()]
    if pa.types.is_integer(t):
        vals = arr.fill_null(0).to_numpy(zero_copy_only=False)
        return _apply_nulls(vals.astype(str).tolist(), valid)
    if pa.types.is_floating(t):
        vals = arr.fill_null(0).to_numpy(zero_copy_only=False)
        width = {pa.float64(): 64, pa.float32(): 32, pa.float16(): 16}[t]
        return _apply_nulls(_float_frags(vals, width), valid)
    if pa.types.is_decimal(t):
        scale = t.scale
        return ['"' + _decimal_text(d, scale) + '"' if d is not None else "null" for d in arr.to_pylist()]
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return _string_frags(arr.to_pylist())
    if (pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)
            or pa.types.is_fixed_size_binary(t)):
        return [
            "null" if b is None else '"' + base64.b64encode(b).decode("ascii") + '"'
            for b in arr.to_pylist()
        ]
    if pa.types.is_date32(t):
        raw = arr.cast(pa.int32()).fill_null(0).to_numpy(zero_copy_only=False)
        return _apply_nulls(['"' + d + '"' for d in _datetime_strings(raw, "D", False)], valid)
    if pa.types.is_date64(t):
        raw = arr.cast(pa.int64()).fill_null(0).to_numpy(zero_copy_only=False)
        days = np.floor_divide(raw, 86_400_000)
        return _apply_nulls(['"' + d + '"' for d in _datetime_strings(days, "D", False)], valid)
    if pa.types.is_time(t):
        raw = arr.cast(pa.int64() if t.bit_width == 64 else pa.int32()).fill_null(0)
        raw = raw.to_numpy(zero_copy_only=False)
        full = _datetime_strings(raw, t.unit, False)  # 1970-01-01THH:MM:SS[.fff]
        return _apply_nulls(['"' + s[11:] + '"' for s in full], valid)
    if pa.types.is_timestamp(t):
        raw = arr.cast(pa.int64()).fill_null(0).to_numpy(zero_copy_only=False)
        strs = _datetime_strings(raw, t.unit, t.tz is not None)
        return _apply_nulls(['"' + s + '"' for s in strs], valid)
    if pa.types.is_struct(t):
        children = arr.flatten()  # honours the array offset
        names = [t.field(i).name for i in range(t.num_fields)]
        rows = _join_rows(names, [fmt_array(c) for c in children], n)
        return _apply_nulls(rows, valid)
    if pa.types.is_map(t):
        entries = arr.values.flatten()  # [keys, items], unsliced child
        ent = _join_rows(["key", "value"], [fmt_array(entries[0]), fmt_array(entries[1])], len(arr.values))
        offs = arr.offsets.to_numpy(zero_copy_only=False)
        return _apply_nulls(
            ["[" + ",".join(ent[offs[i]:offs[i + 1]]) + "]" for i in range(n)], valid)
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        vals = fmt_array(arr.values)
        offs = arr.offsets.to_numpy(zero_copy_only=False)
        return _apply_nulls(
            ["[" + ",".join(vals[offs[i]:offs[i + 1]]) + "]" for i in range(n)], valid)
    if pa.types.is_list_view(t) or pa.types.is_large_list_view(t):
        vals = fmt_array(arr.values)
        offs = arr.offsets.to_numpy(zero_copy_only=False)
        sizes = arr.sizes.to_numpy(zero_copy_only=False)
        return _apply_nulls(
            ["[" + ",".join(vals[offs[i]:offs[i] + sizes[i]]) + "]" for i in range(n)], valid)
    if pa.types.is_fixed_size_list(t):
        vals = fmt_array(arr.values)
        k = t.list_size
        base = arr.offset
        return _apply_nulls(
            ["[" + ",".join(vals[(base + i) * k:(base + i + 1) * k]) + "]" for i in range(n)], valid)
    raise TypeError(f"no JSON convention for arrow type {t}")


def expected_lines(table: pa.Table) -> list:
    names = table.schema.names
    cols = [fmt_array(table.column(i)) for i in range(table.num_columns)]
    return _join_rows(names, cols, table.num_rows)


# ---------------------------------------------------------------------------
# Source data helpers (all vectorised with numpy)
# ---------------------------------------------------------------------------

def table_rng(seed: int, name: str) -> np.random.Generator:
    """Independent, deterministic stream per table (adding a table changes no other)."""
    return np.random.default_rng([seed, zlib.crc32(name.encode())])


def null_mask(rng, n, p):
    return rng.random(n) < p


def arr(values, type_=None, mask=None):
    return pa.array(values, type=type_, mask=mask)


def choice_str(rng, vocab, n):
    return np.asarray(vocab, dtype=object)[rng.integers(0, len(vocab), n)]


def rand_ascii(rng, n, lo, hi, alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-"):
    """n random strings with lengths in [lo, hi] (one big buffer, sliced)."""
    lens = rng.integers(lo, hi + 1, n)
    total = int(lens.sum())
    codes = np.frombuffer(alphabet.encode(), dtype=np.uint8)[rng.integers(0, len(alphabet), total)]
    buf = codes.tobytes().decode("ascii")
    ends = np.cumsum(lens)
    starts = ends - lens
    return [buf[s:e] for s, e in zip(starts.tolist(), ends.tolist())]


def rand_bytes(rng, n, lo, hi):
    lens = rng.integers(lo, hi + 1, n)
    buf = rng.integers(0, 256, int(lens.sum()), dtype=np.uint8).tobytes()
    ends = np.cumsum(lens)
    starts = ends - lens
    return [buf[s:e] for s, e in zip(starts.tolist(), ends.tolist())]


def runs(rng, n, max_run, values):
    """Repeat values[k] in runs of random length 1..max_run until n rows."""
    lens = rng.integers(1, max_run + 1, n // 2 + 2)
    lens = lens[: int(np.searchsorted(np.cumsum(lens), n)) + 1]
    idx = np.repeat(np.arange(len(lens)), lens)[:n]
    return values(len(lens))[idx], idx


def list_offsets(rng, n, max_len, null_p, empty_p=0.1):
    """Offsets (n + 1, int64) and null mask for n lists; null lists have length 0."""
    lens = rng.integers(1, max_len + 1, n)
    lens[rng.random(n) < empty_p] = 0
    mask = null_mask(rng, n, null_p)
    lens[mask] = 0
    offs = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lens, out=offs[1:])
    return offs, mask


def decimals(unscaled, scale):
    """Exact Decimal objects value = unscaled * 10**-scale (python ints, any size)."""
    return [None if u is None else Decimal(f"{u}E{-scale}") for u in unscaled]


def big_ints(rng, n, digits):
    """n random python ints with |x| < 10**digits, uniformly spread over magnitudes."""
    out = []
    ndig = rng.integers(1, digits + 1, n).tolist()
    chunks = rng.integers(0, 10**9, (n, (digits + 8) // 9)).tolist()
    signs = rng.random(n) < 0.5
    for i in range(n):
        s = "".join(f"{c:09d}" for c in chunks[i])[: ndig[i]]
        v = int(s)
        out.append(-v if signs[i] else v)
    return out


EPOCH_MIN_S = -62135596800  # 0001-01-01T00:00:00
# The reference (0.90.0) panics while computing statistics for timestamps after
# 9999-12-30T22:00:00Z ("Invalid timestamp scalar: ... not in the required range
# of -377705023201..=253402207200"), and a zone offset is added on top, so stay
# a few days short of the end of year 9999.
TS_MAX_S = 253402041599  # 9999-12-28T23:59:59


# ---------------------------------------------------------------------------
# The tables
# ---------------------------------------------------------------------------

TABLES = []  # (name, description, builder(rng, n, big_n) -> pa.Table)


def table(name, description):
    def deco(fn):
        TABLES.append((name, description, fn))
        return fn
    return deco


@table("ints_sequence", "arithmetic sequences (SequenceArray / delta): arange, stepped, descending, with nulls")
def t_ints_sequence(rng, n, big_n):
    i = np.arange(n, dtype=np.int64)
    return pa.table({
        "seq": arr(i),
        "seq_step": arr(1000 + 7 * i),
        "seq_desc": arr((n - i) * 3 - 5000),
        "seq_i32": arr(i.astype(np.int32)),
        "seq_u16_wrap": arr((i % 65536).astype(np.uint16)),
        "seq_nulls": arr(i, mask=null_mask(rng, n, 0.03)),
        "ts_like": arr(1_600_000_000_000 + i * 1000 + rng.integers(0, 10, n)),
    })


@table("ints_narrow", "narrow ranges (bit-packing, frame-of-reference, zig-zag for negatives)")
def t_ints_narrow(rng, n, big_n):
    return pa.table({
        "small": arr(rng.integers(0, 100, n)),
        "offset_narrow": arr(1_000_000_000 + rng.integers(0, 1000, n)),
        "negatives": arr(rng.integers(-500, 500, n)),
        "all_negative_i32": arr(rng.integers(-1_000_000, -999_000, n).astype(np.int32)),
        "small_nulls_i32": arr(rng.integers(0, 16, n).astype(np.int32), mask=null_mask(rng, n, 0.1)),
        "u16_narrow": arr(rng.integers(0, 60, n).astype(np.uint16)),
        "u8_bits": arr(rng.integers(0, 4, n).astype(np.uint8)),
    })


@table("ints_outliers", "wide ranges and narrow ranges with a few huge outliers (patches)")
def t_ints_outliers(rng, n, big_n):
    narrow = rng.integers(0, 256, n)
    pos = rng.choice(n, max(1, n // 200), replace=False)
    narrow[pos] = rng.integers(-(2**62), 2**62, len(pos))
    i32 = rng.integers(0, 1000, n).astype(np.int32)
    pos = rng.choice(n, max(1, n // 500), replace=False)
    i32[pos] = rng.integers(2**30, 2**31 - 1, len(pos)).astype(np.int32)
    u64 = rng.integers(0, 1 << 12, n, dtype=np.uint64)
    pos = rng.choice(n, max(1, n // 300), replace=False)
    u64[pos] = np.uint64(2**64 - 1) - rng.integers(0, 1000, len(pos), dtype=np.uint64)
    return pa.table({
        "narrow_with_outliers": arr(narrow),
        "wide_random": arr(rng.integers(np.iinfo(np.int64).min, np.iinfo(np.int64).max, n, endpoint=True)),
        "i32_outliers": arr(i32),
        "u64_outliers": arr(u64),
        "outliers_nulls": arr(narrow, mask=null_mask(rng, n, 0.05)),
    })


@table("runs", "long runs (run-end / RLE friendly) for ints, strings, floats, bools and nulls")
def t_runs(rng, n, big_n):
    run_int, idx = runs(rng, n, 500, lambda k: rng.integers(-1000, 1000, k))
    words = ["alpha", "beta", "gamma", "a much longer run value string", ""]
    run_str = np.asarray(words, dtype=object)[idx % len(words)]
    run_f64 = np.round(rng.uniform(0, 100, idx.max() + 1), 3)[idx]
    run_bool = (idx % 2 == 0)
    run_nulls = (idx % 3 == 0)
    return pa.table({
        "run_int": arr(run_int),
        "run_str": arr(run_str.tolist(), pa.string()),
        "run_f64": arr(run_f64),
        "run_bool": arr(run_bool),
        "run_int_nulls": arr(run_int.astype(np.int32), mask=run_nulls),
        "run_single": arr(np.repeat(np.array([7, 8], dtype=np.int64), [n // 2, n - n // 2])),
    })


@table("low_cardinality", "few distinct values (dictionary encoding) for ints, strings and floats")
def t_low_cardinality(rng, n, big_n):
    int_vocab = np.array([3, 17, 42, 99, 1000, -5, 123456789, 0, 77, 2**40])
    colors = ["red", "green", "blue", "cyan", "magenta", "yellow", "black", "white"]
    long_vocab = [f"category-{k:03d}-with-a-long-descriptive-suffix" for k in range(20)]
    return pa.table({
        "lc_int": arr(int_vocab[rng.integers(0, len(int_vocab), n)]),
        "lc_int_nulls": arr(int_vocab[rng.integers(0, 5, n)].astype(np.int32), mask=null_mask(rng, n, 0.2)),
        "lc_str": arr(choice_str(rng, colors, n).tolist(), pa.string()),
        "lc_str_long": arr(choice_str(rng, long_vocab, n).tolist(), pa.string()),
        "lc_str_nulls": arr(choice_str(rng, colors[:3], n).tolist(), pa.string(), mask=null_mask(rng, n, 0.3)),
        "lc_f64": arr(np.array([0.5, 1.25, 99.99, -3.0, 1e10, 2.718281828])[rng.integers(0, 6, n)]),
        "lc_u8": arr(np.array([1, 2, 250], dtype=np.uint8)[rng.integers(0, 3, n)]),
    })


@table("constants", "constant columns (ConstantArray) of several types")
def t_constants(rng, n, big_n):
    return pa.table({
        "const_i64": arr(np.full(n, 42, dtype=np.int64)),
        "const_i32_neg": arr(np.full(n, -7, dtype=np.int32)),
        "const_str": arr(["constant value"] * n, pa.string()),
        "const_long_str": arr(["a constant string longer than twelve bytes"] * n, pa.string()),
        "const_f64": arr(np.full(n, 3.25)),
        "const_bool": arr(np.ones(n, dtype=bool)),
        "const_date": arr(np.full(n, 19000, dtype=np.int32), pa.date32()),
    })


@table("nulls", "mostly-null (95%), all-null and null-typed columns")
def t_nulls(rng, n, big_n):
    all_null = np.ones(n, dtype=bool)
    return pa.table({
        "mostly_null_i64": arr(rng.integers(0, 1_000_000, n), mask=null_mask(rng, n, 0.95)),
        "mostly_null_str": arr(rand_ascii(rng, n, 0, 20), pa.string(), mask=null_mask(rng, n, 0.95)),
        "mostly_null_f64": arr(rng.normal(0, 10, n), mask=null_mask(rng, n, 0.95)),
        "mostly_null_bool": arr(rng.random(n) < 0.5, mask=null_mask(rng, n, 0.95)),
        "mostly_valid_i64": arr(rng.integers(0, 1000, n), mask=null_mask(rng, n, 0.01)),
        "all_null_i64": arr(np.zeros(n, dtype=np.int64), mask=all_null),
        "all_null_str": pa.nulls(n, pa.string()),
        "all_null_f32": pa.nulls(n, pa.float32()),
        "null_col": pa.nulls(n, pa.null()),
    })


@table("floats_decimal", "decimal-looking doubles such as prices with 2 decimals (ALP)")
def t_floats_decimal(rng, n, big_n):
    price = np.round(rng.uniform(0.01, 10000, n), 2)
    return pa.table({
        "price": arr(price),
        "price_nulls": arr(price[::-1].copy(), mask=null_mask(rng, n, 0.05)),
        "pct": arr(np.round(rng.uniform(-100, 100, n), 1)),
        "big_money": arr(np.round(rng.uniform(1e6, 1e9, n), 2)),
        "rate": arr(np.round(rng.uniform(0, 1, n), 4)),
        "whole": arr(rng.integers(-10**6, 10**6, n).astype(np.float64)),
    })


@table("floats_random", "random doubles with full mantissas (ALP-RD)")
def t_floats_random(rng, n, big_n):
    return pa.table({
        "uniform": arr(rng.random(n)),
        "normal": arr(rng.normal(0, 1e6, n)),
        "lognormal": arr(rng.lognormal(0, 5, n)),
        "tiny": arr(rng.random(n) * 1e-300),
        "huge": arr(rng.random(n) * 1e300),
        "uniform_nulls": arr(rng.random(n), mask=null_mask(rng, n, 0.1)),
    })


def _with_specials(values, specials, rng):
    values = values.copy()
    pos = rng.choice(len(values), min(len(values), len(specials) * 8), replace=False)
    values[pos] = np.resize(np.asarray(specials, dtype=values.dtype), len(pos))
    values[: min(len(values), len(specials))] = np.asarray(specials, dtype=values.dtype)[: len(values)]
    return values


@table("floats_special", "doubles with NaN, +/-inf, -0.0, subnormals and extremes")
def t_floats_special(rng, n, big_n):
    specials = [np.nan, np.inf, -np.inf, -0.0, 0.0, 5e-324, -5e-324, 2.2250738585072014e-308,
                1.7976931348623157e308, -1.7976931348623157e308, 0.1, 1e16, 1e-7, 123456789.125]
    mixed = _with_specials(rng.normal(0, 1000, n), specials, rng)
    nan_heavy = np.where(rng.random(n) < 0.5, np.nan, np.round(rng.uniform(0, 10, n), 2))
    return pa.table({
        "mixed": arr(mixed),
        "mixed_nulls": arr(mixed, mask=null_mask(rng, n, 0.1)),
        "nan_heavy": arr(nan_heavy),
        "neg_zero": arr(np.where(rng.random(n) < 0.5, -0.0, 0.0)),
    })


@table("floats_f32", "single-precision floats: random, decimal-looking and specials")
def t_floats_f32(rng, n, big_n):
    fi = np.finfo(np.float32)
    specials = [np.nan, np.inf, -np.inf, -0.0, 0.0, float(fi.max), -float(fi.max), float(fi.tiny),
                float(fi.smallest_subnormal), 0.1, 16777217.0, 3.4e38, 1e-7]
    return pa.table({
        "f32_random": arr(rng.random(n).astype(np.float32)),
        "f32_decimal": arr(np.round(rng.uniform(0, 1000, n), 2).astype(np.float32)),
        "f32_special": arr(_with_specials(rng.normal(0, 100, n).astype(np.float32), specials, rng),
                           mask=null_mask(rng, n, 0.05)),
        "f32_normal_wide": arr((rng.normal(0, 1, n) * 10.0 ** rng.integers(-30, 30, n)).astype(np.float32)),
    })


@table("floats_f16", "half-precision floats (shortest binary16 decimal expected)")
def t_floats_f16(rng, n, big_n):
    specials = [np.nan, np.inf, -np.inf, -0.0, 0.0, 65504.0, -65504.0, 6e-08, 6.104e-05, 0.1, 1.0, 2049.0]
    return pa.table({
        "f16_random": arr(rng.normal(0, 10, n).astype(np.float16)),
        "f16_special": arr(_with_specials(rng.uniform(-1, 1, n).astype(np.float16), specials, rng),
                           mask=null_mask(rng, n, 0.05)),
    })


@table("strings_fsst", "strings with shared substrings: URLs, e-mails, log lines (FSST)")
def t_strings_fsst(rng, n, big_n):
    domains = ["example.com", "vortex.dev", "data.example.org", "shop.example.net", "mail.test"]
    paths = ["products", "api/v1/items", "blog/posts", "users/profile", "search"]
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    first = ["john", "jane", "alice", "bob", "carol", "dave", "eve", "mallory"]
    d = choice_str(rng, domains, n)
    p = choice_str(rng, paths, n)
    w = choice_str(rng, words, n)
    ids = rng.integers(0, 10**6, n).tolist()
    urls = [f"https://www.{a}/{b}/{c}?q={e}&page=1" for a, b, c, e in zip(d, p, ids, w)]
    f1 = choice_str(rng, first, n)
    f2 = choice_str(rng, words, n)
    nums = rng.integers(0, 1000, n).tolist()
    emails = [f"{a}.{b}{c}@{e}" for a, b, c, e in zip(f1, f2, nums, d)]
    levels = choice_str(rng, ["INFO", "WARN", "ERROR", "DEBUG"], n)
    secs = rng.integers(0, 86400, n).tolist()
    logs = [f"2024-05-01T{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}Z {lv} [svc-{b}] request {c} "
            f"served from {a}" for s, lv, a, b, c in zip(secs, levels, d, w, ids)]
    return pa.table({
        "url": arr(urls, pa.string()),
        "email": arr(emails, pa.string()),
        "url_nulls": arr(urls[::-1], pa.string(), mask=null_mask(rng, n, 0.1)),
        "log_line": arr(logs, pa.string()),
    })


@table("strings_mixed", "short (<=12 bytes) and long (>12 bytes) strings, unicode, empty strings")
def t_strings_mixed(rng, n, big_n):
    uni_vocab = ["é", "中文", "日本語テキスト", "🙂", "👩‍👩‍👧", "Ωμέγα", "e\u0301", "\u200b", "Ünïcödé",
                 "русский", "עברית", "한국어", "a\tb\nc", "quote\"back\\slash", "\u2028", "ascii"]
    parts = [choice_str(rng, uni_vocab, n) for _ in range(3)]
    unicode_ = [a + b + c for a, b, c in zip(*parts)]
    empties = np.where(rng.random(n) < 0.5, "", "x").astype(object)
    return pa.table({
        "short": arr(rand_ascii(rng, n, 0, 12), pa.string()),
        "long": arr(rand_ascii(rng, n, 13, 200), pa.string()),
        "mixed_len": arr(rand_ascii(rng, n, 0, 60), pa.string(), mask=null_mask(rng, n, 0.05)),
        "unicode": arr(unicode_, pa.string()),
        "empty_or_null": arr(empties.tolist(), pa.string(), mask=null_mask(rng, n, 0.3)),
    })


@table("string_types", "the same kind of data as string, large_string and string_view")
def t_string_types(rng, n, big_n):
    vals = rand_ascii(rng, n, 0, 40)
    m = null_mask(rng, n, 0.1)
    return pa.table({
        "s_string": arr(vals, pa.string(), mask=m),
        "s_large_string": arr(vals[::-1], pa.large_string(), mask=m[::-1].copy()),
        "s_string_view": arr(vals, pa.string_view(), mask=m),
    })


@table("binary_types", "random binary as binary, large_binary, binary_view and fixed_size_binary")
def t_binary_types(rng, n, big_n):
    vals = rand_bytes(rng, n, 0, 40)
    m = null_mask(rng, n, 0.1)
    return pa.table({
        "bin_random": arr(vals, pa.binary()),
        "bin_nulls": arr(vals, pa.binary(), mask=m),
        "large_bin": arr(vals[::-1], pa.large_binary()),
        "bin_view": arr(rand_bytes(rng, n, 0, 30), pa.binary_view(), mask=m),
        "fixed16": arr(rand_bytes(rng, n, 16, 16), pa.binary(16)),
    })


@table("timestamps", "timestamps s/ms/us/ns, naive and with zones (UTC, America/New_York, +05:30)")
def t_timestamps(rng, n, big_n):
    def secs(k):
        v = rng.integers(EPOCH_MIN_S, TS_MAX_S, k, endpoint=True)
        v[:4] = [EPOCH_MIN_S, TS_MAX_S, 0, -1][:k]
        return v
    s = secs(n)
    ms = s * 1000 + rng.integers(0, 1000, n)
    us = secs(n) * 1_000_000 + rng.integers(0, 1_000_000, n)
    ns = rng.integers(np.iinfo(np.int64).min + 1, np.iinfo(np.int64).max, n)
    ns[:3] = [0, -1, 1]
    recent = 1_700_000_000_000_000 + np.cumsum(rng.integers(0, 5_000_000, n))
    m = null_mask(rng, n, 0.05)
    return pa.table({
        "ts_s": arr(s, pa.timestamp("s")),
        "ts_ms": arr(ms, pa.timestamp("ms"), mask=m),
        "ts_us": arr(us, pa.timestamp("us")),
        "ts_ns": arr(ns, pa.timestamp("ns")),
        "ts_s_utc": arr(s[::-1].copy(), pa.timestamp("s", tz="UTC")),
        "ts_ms_utc": arr(ms, pa.timestamp("ms", tz="UTC")),
        "ts_us_utc": arr(recent, pa.timestamp("us", tz="UTC")),
        "ts_ns_utc": arr(ns, pa.timestamp("ns", tz="UTC"), mask=m),
        "ts_us_new_york": arr(us, pa.timestamp("us", tz="America/New_York")),
        "ts_ms_offset": arr(ms, pa.timestamp("ms", tz="+05:30")),
    })


@table("dates_times", "date32, date64, time32 (s, ms), time64 (us, ns)")
def t_dates_times(rng, n, big_n):
    days = rng.integers(-719162, 2932896, n, endpoint=True)
    days[:3] = [-719162, 2932896, 0]
    recent = rng.integers(10957, 21915, n)  # 2000..2029
    m = null_mask(rng, n, 0.1)
    return pa.table({
        "date32": arr(days.astype(np.int32), pa.date32()),
        "date32_recent": arr(recent.astype(np.int32), pa.date32(), mask=m),
        "date64": arr(days * 86_400_000, pa.date64()),
        "time32_s": arr(rng.integers(0, 86400, n).astype(np.int32), pa.time32("s")),
        "time32_ms": arr(rng.integers(0, 86_400_000, n).astype(np.int32), pa.time32("ms"), mask=m),
        "time64_us": arr(rng.integers(0, 86_400_000_000, n), pa.time64("us")),
        "time64_ns": arr(rng.integers(0, 86_400_000_000_000, n), pa.time64("ns")),
        "duration_us": arr(rng.integers(-10**9, 10**9, n), pa.duration("us")),
    })


@table("decimals", "decimals: small (5,2), medium (18,4), large (38,10), decimal256 (60,5), "
                   "negative scale, scale 0, decimal32/decimal64")
def t_decimals(rng, n, big_n):
    def unscaled(p, null_p=0.0):
        vals = big_ints(rng, n, p)
        lim = 10**p - 1
        vals[:3] = [lim, -lim, 0]
        if null_p:
            m = null_mask(rng, n, null_p)
            m[:3] = False
            vals = [None if k else v for v, k in zip(vals, m.tolist())]
        return vals
    price_cents = rng.integers(1, 10**7, n).tolist()
    return pa.table({
        "dec_5_2": arr(decimals(unscaled(5), 2), pa.decimal128(5, 2)),
        "dec_18_4": arr(decimals(unscaled(18, 0.05), 4), pa.decimal128(18, 4)),
        "dec_38_10": arr(decimals(unscaled(38), 10), pa.decimal128(38, 10)),
        "dec_10_0": arr(decimals(unscaled(10, 0.1), 0), pa.decimal128(10, 0)),
        "dec_neg_scale": arr(decimals(unscaled(7), -3), pa.decimal128(7, -3)),
        "dec_price_12_2": arr(decimals(price_cents, 2), pa.decimal128(12, 2)),
        "dec32_9_3": arr(decimals(unscaled(9), 3), pa.decimal32(9, 3)),
        "dec64_18_2": arr(decimals(unscaled(18), 2), pa.decimal64(18, 2)),
        "dec256_60_5": arr(decimals(unscaled(60, 0.05), 5), pa.decimal256(60, 5)),
        "dec256_76_0": arr(decimals(unscaled(76), 0), pa.decimal256(76, 0)),
    })


@table("bools", "booleans: random, mostly-true, constant, with nulls")
def t_bools(rng, n, big_n):
    return pa.table({
        "b_random": arr(rng.random(n) < 0.5),
        "b_mostly_true": arr(rng.random(n) < 0.99),
        "b_const_true": arr(np.ones(n, dtype=bool)),
        "b_const_false": arr(np.zeros(n, dtype=bool)),
        "b_nulls": arr(rng.random(n) < 0.5, mask=null_mask(rng, n, 0.2)),
    })


@table("structs", "flat, nested (struct in struct), nullable structs, struct with a list child")
def t_structs(rng, n, big_n):
    point = pa.StructArray.from_arrays(
        [arr(np.round(rng.uniform(-180, 180, n), 6)), arr(np.round(rng.uniform(-90, 90, n), 6))],
        names=["x", "y"])
    cities = ["Paris", "Berlin", "Zürich", "東京", "New York"]
    address = pa.StructArray.from_arrays(
        [arr(choice_str(rng, cities, n).tolist(), pa.string()),
         arr([f"{z:05d}" for z in rng.integers(0, 100000, n).tolist()], pa.string(), mask=null_mask(rng, n, 0.1))],
        names=["city", "zip"], mask=pa.array(null_mask(rng, n, 0.1)))
    person = pa.StructArray.from_arrays(
        [arr(rand_ascii(rng, n, 3, 16), pa.string()),
         arr(rng.integers(0, 100, n).astype(np.int32), mask=null_mask(rng, n, 0.05)),
         address],
        names=["name", "age", "address"])
    nullable = pa.StructArray.from_arrays(
        [arr(rng.integers(-10**9, 10**9, n), mask=null_mask(rng, n, 0.2)),
         arr(rand_ascii(rng, n, 0, 20), pa.string(), mask=null_mask(rng, n, 0.2))],
        names=["a", "b"], mask=pa.array(null_mask(rng, n, 0.2)))
    offs, lmask = list_offsets(rng, n, 4, 0.1)
    tags = pa.ListArray.from_arrays(
        pa.array(offs, pa.int32()),
        arr(choice_str(rng, ["new", "sale", "hot", "eco"], int(offs[-1])).tolist(), pa.string()),
        mask=pa.array(lmask))
    with_list = pa.StructArray.from_arrays([arr(np.arange(n, dtype=np.int64)), tags], names=["id", "tags"])
    l2 = pa.StructArray.from_arrays([arr(rng.integers(0, 10, n), mask=null_mask(rng, n, 0.1))], names=["v"])
    l1 = pa.StructArray.from_arrays([l2, arr(rng.random(n) < 0.5)], names=["l2", "flag"],
                                    mask=pa.array(null_mask(rng, n, 0.05)))
    deep = pa.StructArray.from_arrays([l1], names=["l1"])
    return pa.table({"point": point, "person": person, "nullable": nullable,
                     "with_list": with_list, "deep": deep})


@table("lists", "list, large_list, list_view, nested lists, fixed_size_list, list of struct; "
                "null and empty lists")
def t_lists(rng, n, big_n):
    offs, m = list_offsets(rng, n, 8, 0.1)
    k = int(offs[-1])
    list_i32 = pa.ListArray.from_arrays(
        pa.array(offs, pa.int32()), arr(rng.integers(-1000, 1000, k).astype(np.int32), mask=null_mask(rng, k, 0.05)),
        mask=pa.array(m))
    offs2, m2 = list_offsets(rng, n, 5, 0.1)
    k2 = int(offs2[-1])
    list_str = pa.ListArray.from_arrays(
        pa.array(offs2, pa.int32()), arr(rand_ascii(rng, k2, 0, 20), pa.string(), mask=null_mask(rng, k2, 0.05)),
        mask=pa.array(m2))
    offs3, m3 = list_offsets(rng, n, 6, 0.05)
    k3 = int(offs3[-1])
    large_list = pa.LargeListArray.from_arrays(
        pa.array(offs3, pa.int64()), arr(rng.integers(-(2**60), 2**60, k3)), mask=pa.array(m3))
    # list_view whose views run backwards through the values buffer
    sizes = rng.integers(0, 5, n)
    m4 = null_mask(rng, n, 0.1)
    sizes[m4] = 0
    ends = np.cumsum(sizes[::-1])[::-1]
    total = int(sizes.sum())
    lv_offs = (ends - sizes)
    list_view = pa.ListViewArray.from_arrays(
        pa.array(lv_offs, pa.int32()), pa.array(sizes, pa.int32()),
        arr(rng.integers(0, 100, total).astype(np.int32)), mask=pa.array(m4))
    # list<list<int16>>
    outer_offs, outer_m = list_offsets(rng, n, 3, 0.05)
    n_inner = int(outer_offs[-1])
    inner_offs, inner_m = list_offsets(rng, n_inner, 3, 0.05)
    inner = pa.ListArray.from_arrays(
        pa.array(inner_offs, pa.int32()), arr(rng.integers(-300, 300, int(inner_offs[-1])).astype(np.int16)),
        mask=pa.array(inner_m))
    nested = pa.ListArray.from_arrays(pa.array(outer_offs, pa.int32()), inner, mask=pa.array(outer_m))
    fsl_vec = pa.FixedSizeListArray.from_arrays(arr(rng.normal(0, 1, 3 * n).astype(np.float32)), 3)
    fsl_nulls = pa.FixedSizeListArray.from_arrays(
        arr(rng.integers(-10**12, 10**12, 2 * n), mask=null_mask(rng, 2 * n, 0.1)), 2,
        mask=pa.array(null_mask(rng, n, 0.1)))
    offs5, m5 = list_offsets(rng, n, 3, 0.1)
    k5 = int(offs5[-1])
    entries = pa.StructArray.from_arrays(
        [arr(choice_str(rng, ["a", "bb", "ccc"], k5).tolist(), pa.string()),
         arr(np.round(rng.uniform(0, 100, k5), 2), mask=null_mask(rng, k5, 0.1))], names=["k", "v"])
    list_struct = pa.ListArray.from_arrays(pa.array(offs5, pa.int32()), entries, mask=pa.array(m5))
    return pa.table({"list_i32": list_i32, "list_str": list_str, "large_list_i64": large_list,
                     "list_view_i32": list_view, "list_list_i16": nested, "fsl_f32_3": fsl_vec,
                     "fsl_i64_2_nulls": fsl_nulls, "list_struct": list_struct})


@table("uuids", "arrow.uuid extension type (random and sequential, with nulls)")
def t_uuids(rng, n, big_n):
    rand = rng.integers(0, 256, 16 * n, dtype=np.uint8).tobytes()
    rand_vals = [rand[16 * i:16 * i + 16] for i in range(n)]
    seq_vals = [i.to_bytes(16, "big") for i in range(n)]
    return pa.table({
        "uuid_random": arr(rand_vals, pa.uuid(), mask=null_mask(rng, n, 0.05)),
        "uuid_seq": arr(seq_vals, pa.uuid()),
    })


@table("maps", "map<string,int32> and map<int64,string> with null and empty maps")
def t_maps(rng, n, big_n):
    keys_vocab = ["a", "b", "c", "d", "e", "f"]

    def build(key_fn, val_fn, mtype):
        lens = rng.integers(0, 5, n)
        m = null_mask(rng, n, 0.1)
        lens[m] = 0
        offs = np.concatenate([[0], np.cumsum(lens)]).astype(np.int32)
        k = int(offs[-1])
        # distinct keys within each map: take the first `len` of a shuffled vocab
        keys = key_fn(lens, k)
        return pa.MapArray.from_arrays(pa.array(offs, pa.int32()), keys, val_fn(k), type=mtype, mask=pa.array(m))

    def str_keys(lens, k):
        perm = np.argsort(rng.random((len(lens), len(keys_vocab))), axis=1)
        return pa.array([keys_vocab[perm[i, j]] for i, l in enumerate(lens.tolist()) for j in range(l)], pa.string())

    def int_keys(lens, k):
        return pa.array([j * 1000 + i for i, l in enumerate(lens.tolist()) for j in range(l)], pa.int64())

    return pa.table({
        "map_str_i32": build(str_keys, lambda k: arr(rng.integers(-100, 100, k).astype(np.int32),
                                                     mask=null_mask(rng, k, 0.1)),
                             pa.map_(pa.string(), pa.int32())),
        "map_i64_str": build(int_keys, lambda k: arr(rand_ascii(rng, k, 0, 15), pa.string()),
                             pa.map_(pa.int64(), pa.string())),
    })


@table("int_widths", "int8..int64 and uint8..uint64 over their full ranges including the limits")
def t_int_widths(rng, n, big_n):
    cols = {}
    for dt in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        info = np.iinfo(dt)
        v = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
        lim = [info.min, info.max, 0, 1, info.min + 1, info.max - 1] + ([-1] if info.min < 0 else [info.max // 2])
        v[: len(lim)] = np.array(lim, dtype=dt)
        m = null_mask(rng, n, 0.02)
        m[: len(lim)] = False
        cols[np.dtype(dt).name] = arr(v, mask=m)
    return pa.table(cols)


@table("orders", "a realistic mixed table (ids, e-mails, prices, status, timestamps, dates)")
def t_orders(rng, n, big_n):
    created = 1_609_459_200_000_000 + np.cumsum(rng.integers(0, 60_000_000, n))
    shipped = (created // 86_400_000_000 + rng.integers(0, 10, n)).astype(np.int32)
    names = ["ann", "ben", "cat", "dan", "eli", "fay"]
    emails = [f"{a}{b}@example.com" for a, b in zip(choice_str(rng, names, n), rng.integers(0, 500, n).tolist())]
    return pa.table({
        "order_id": arr(100_000 + np.arange(n, dtype=np.int64)),
        "customer": arr(emails, pa.string()),
        "amount": arr(np.round(rng.lognormal(3, 1, n), 2)),
        "quantity": arr(rng.integers(1, 10, n).astype(np.int16)),
        "status": arr(choice_str(rng, ["new", "paid", "shipped", "delivered", "returned"], n).tolist(), pa.string()),
        "created_at": arr(created, pa.timestamp("us", tz="UTC")),
        "shipped_on": arr(shipped, pa.date32(), mask=null_mask(rng, n, 0.3)),
        "note": arr(rand_ascii(rng, n, 5, 80), pa.string(), mask=null_mask(rng, n, 0.9)),
    })


@table("int_dict_layout", "integer columns jvortex writes as dictionary layouts in the compact preset")
def t_int_dict_layout(rng, n, big_n):
    m = max(5 * n, 100_000)
    vocab = rng.integers(-(2**50), 2**50, 300)
    # scattered values with skewed frequencies, nulls: one dictionary with Pcodec codes
    skewed = vocab[np.minimum(len(vocab) - 1, rng.exponential(30, m).astype(np.int64))]
    # the same for the first rows, then distinct ones: the dictionary fills (65,535 entries)
    # and the column goes on in flat chunks
    fill = np.concatenate([skewed[:20_000], 1_000_003 * np.arange(m - 20_000, dtype=np.int64)])
    return pa.table({
        "skewed_i64": arr(skewed, mask=null_mask(rng, m, 0.1)),
        "skewed_then_distinct": arr(fill, mask=null_mask(rng, m, 0.1)),
    })


@table("int_dict_runs", "sorted day-of-month integers: dictionary layouts decided on the first flat chunk")
def t_int_dict_runs(rng, n, big_n):
    m = 300_000
    # the days of each month in turn, in runs of 650 to 999 rows, as flights' day column: the
    # first block does not win as a dictionary, the first flat chunk (131,072 rows) does
    month_days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    days, month = [], 0
    while len(days) < m:
        for d in range(1, month_days[month] + 1):
            days.extend([d] * int(rng.integers(650, 1000)))
        month = (month + 1) % 12
    days = np.array(days[:m], dtype=np.int64)
    return pa.table({
        # int64: flat chunks of 131,072 rows, the first one tried
        "days_i64": arr(days, mask=null_mask(rng, m, 0.001)),
        # uint8: one flat chunk for the whole column, tried when the column ends
        "days_u8": arr(days.astype(np.uint8), mask=null_mask(rng, m, 0.001)),
    })


@table("empty", "zero rows, several column types")
def t_empty(rng, n, big_n):
    return pa.table({
        "i64": pa.array([], pa.int64()),
        "s": pa.array([], pa.string()),
        "f64": pa.array([], pa.float64()),
        "b": pa.array([], pa.bool_()),
        "ts": pa.array([], pa.timestamp("us", tz="UTC")),
        "st": pa.array([], pa.struct([("a", pa.int32())])),
        "l": pa.array([], pa.list_(pa.int64())),
    })


@table("single_row", "exactly one row, several column types")
def t_single_row(rng, n, big_n):
    return pa.table({
        "i64": pa.array([-42], pa.int64()),
        "u64": pa.array([2**64 - 1], pa.uint64()),
        "s": pa.array(["only row ✓"], pa.string()),
        "f64": pa.array([0.1]),
        "f32": pa.array([0.1], pa.float32()),
        "dec": pa.array([Decimal("-0.50")], pa.decimal128(5, 2)),
        "d": pa.array([18000], pa.date32()),
        "ts": pa.array([1_614_834_367_123_456], pa.timestamp("us", tz="UTC")),
        "l": pa.array([[1, None, 3]], pa.list_(pa.int32())),
        "st": pa.array([{"a": 1, "b": "x"}], pa.struct([("a", pa.int64()), ("b", pa.string())])),
        "b": pa.array([True]),
        "null_i32": pa.array([None], pa.int32()),
    })


@table("big", "more than 1,000,000 rows (many chunks and zones): int64 sequence with nulls, "
              "2-decimal double, low-cardinality string, bool")
def t_big(rng, n, big_n):
    m = big_n
    t = pa.table({
        "id": arr(np.arange(m, dtype=np.int64), mask=null_mask(rng, m, 0.01)),
        "price": arr(np.round(rng.uniform(1, 1000, m), 2)),
        "cat": pa.DictionaryArray.from_arrays(
            pa.array(rng.integers(0, 5, m).astype(np.int32)),
            pa.array(["alpha", "beta", "gamma", "delta", "epsilon"])).cast(pa.string()),
        "flag": arr(rng.random(m) < 0.7),
    })
    # feed the writer many record batches
    return pa.Table.from_batches(t.to_batches(max_chunksize=100_000))


# Types with no JSON convention that are only probed, to report whether the
# reference accepts them.
PROBE_ONLY = [
    ("interval_month_day_nano", lambda: pa.array([pa.MonthDayNano([1, 2, 3]), None], pa.month_day_nano_interval())),
    ("sparse_union", lambda: pa.UnionArray.from_sparse(
        pa.array([0, 1], pa.int8()), [pa.array([1, 2]), pa.array(["a", "b"])])),
    ("dense_union", lambda: pa.UnionArray.from_dense(
        pa.array([0, 1], pa.int8()), pa.array([0, 0], pa.int32()), [pa.array([1]), pa.array(["a"])])),
]


# ---------------------------------------------------------------------------
# Reference writer and probing
# ---------------------------------------------------------------------------

def first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0] if text else ''}"


def write_vortex(tbl: pa.Table, path: str, preset: str) -> None:
    if preset == "default":
        vortex.io.write(tbl, path)
    elif preset == "compact":
        vortex.io.VortexWriteOptions.compact().write(tbl, path)
    else:
        raise ValueError(preset)


class Prober:
    """Does the reference writer accept a column of this arrow type?"""

    def __init__(self, tmpdir: str):
        self.tmpdir = tmpdir
        self.cache = {}

    def check(self, col) -> str | None:
        """None if accepted, else the error. Probes the *type* with an all-null
        column (value-dependent failures are reported when the table is written)."""
        key = str(col.type)
        if key not in self.cache:
            sample = pa.table({"c": pa.nulls(3, col.type)})
            path = os.path.join(self.tmpdir, "probe.vortex")
            try:
                write_vortex(sample, path, "default")
                vortex.open(path)
                self.cache[key] = None
            except BaseException as e:  # noqa: BLE001 - report whatever the binding raises
                if isinstance(e, KeyboardInterrupt):
                    raise
                err = first_line(e)
                # the writer's TypeError is generic; converting the table says why
                try:
                    vortex.array(sample)
                except BaseException as e2:  # noqa: BLE001
                    if isinstance(e2, KeyboardInterrupt):
                        raise
                    err = first_line(e2)
                self.cache[key] = err
        return self.cache[key]


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def write_text(path: str, lines: list) -> int:
    data = ("\n".join(lines) + "\n") if lines else ""
    raw = data.encode("utf-8")
    with open(path, "wb") as f:
        f.write(raw)
    return len(raw)


def link_or_copy(src: str, dst: str) -> None:
    if os.path.exists(dst):
        os.remove(dst)
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


# ---------------------------------------------------------------------------
# Self-check: an independent, slow, per-value implementation of the same
# conventions (pure Python datetime/decimal/uuid on to_pylist() values) that the
# expected lines are parsed and compared against. Used by --verify.
# ---------------------------------------------------------------------------

_UNIT_DIGITS = {"s": 0, "ms": 3, "us": 6, "ns": 9}


def _raw_ints(arr) -> list:
    """Raw integer storage of a temporal array, None for nulls."""
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    width = pa.int32() if arr.type.bit_width == 32 else pa.int64()
    return arr.view(width).to_pylist() if arr.offset == 0 else arr.cast(width).to_pylist()


def _ref_values(arr) -> list:
    """Plain-Python expected values (JSON-like) for every slot of arr."""
    import datetime
    import uuid as uuid_mod
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    t = arr.type
    if pa.types.is_dictionary(t):
        return _ref_values(arr.dictionary_decode())
    if isinstance(t, pa.BaseExtensionType):
        return [None if b is None else str(uuid_mod.UUID(bytes=b)) for b in arr.storage.to_pylist()]
    if pa.types.is_floating(t):
        return [None if x is None else ("NaN" if x != x else "Infinity" if x == float("inf")
                                        else "-Infinity" if x == float("-inf") else x)
                for x in arr.to_pylist()]
    if pa.types.is_decimal(t):
        return [None if d is None else format(d, "f") for d in arr.to_pylist()]
    if (pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)
            or pa.types.is_fixed_size_binary(t)):
        return [None if b is None else base64.b64encode(b).decode() for b in arr.to_pylist()]
    epoch = datetime.datetime(1970, 1, 1)
    if pa.types.is_date32(t) or pa.types.is_date64(t):
        per_day = 1 if pa.types.is_date32(t) else 86_400_000
        return [None if v is None else (epoch + datetime.timedelta(days=v // per_day)).date().isoformat()
                for v in _raw_ints(arr)]
    if pa.types.is_time(t) or pa.types.is_timestamp(t):
        digits = _UNIT_DIGITS[t.unit]
        out = []
        for v in _raw_ints(arr):
            if v is None:
                out.append(None)
                continue
            secs, frac = divmod(v, 10 ** digits)
            text = (epoch + datetime.timedelta(seconds=secs)).isoformat()
            if pa.types.is_time(t):
                text = text[11:]
            if digits:
                text += "." + str(frac).zfill(digits)
            if pa.types.is_timestamp(t) and t.tz is not None:
                text += "Z"
            out.append(text)
        return out
    if pa.types.is_struct(t):
        kids = [_ref_values(c) for c in arr.flatten()]
        names = [t.field(i).name for i in range(t.num_fields)]
        return [None if not ok else {k: kid[i] for k, kid in zip(names, kids)}
                for i, ok in enumerate(arr.is_valid().to_pylist())]
    if pa.types.is_map(t):
        keys = _ref_values(arr.keys)
        items = _ref_values(arr.items)
        offs = arr.offsets.to_pylist()
        base = offs[0] if offs else 0
        return [None if not ok else [{"key": keys[j - base], "value": items[j - base]}
                                     for j in range(offs[i], offs[i + 1])]
                for i, ok in enumerate(arr.is_valid().to_pylist())]
    if (pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_list_view(t)
            or pa.types.is_large_list_view(t) or pa.types.is_fixed_size_list(t)):
        flat = _ref_values(arr.flatten())
        lens = pa.compute.list_value_length(arr).to_pylist()
        out, pos = [], 0
        for n_ in lens:
            if n_ is None:
                out.append(None)
            else:
                out.append(flat[pos:pos + n_])
                pos += n_
        return out
    return arr.to_pylist()  # null, bool, integers, strings


def _same(got, want, t) -> bool:
    if want is None or got is None:
        return got is None and want is None
    if pa.types.is_floating(t):
        if isinstance(want, str) or isinstance(got, str):
            return got == want
        if not isinstance(got, Decimal):  # numbers are parsed with parse_float=Decimal
            return False
        # round-trips in its own width, and is short (at most the digits that
        # binary16/32/64 ever need: 5/9/17 significant digits)
        cast = {16: np.float16, 32: np.float32, 64: np.float64}[t.bit_width]
        g, w = cast(float(got)), cast(want)
        max_digits = {16: 5, 32: 9, 64: 17}[t.bit_width]
        return (g == w and np.signbit(g) == np.signbit(w)
                and len(got.normalize().as_tuple().digits) <= max_digits)
    if pa.types.is_struct(t):
        return (isinstance(got, dict) and list(got) == [f.name for f in t]
                and all(_same(got[f.name], want[f.name], f.type) for f in t))
    if pa.types.is_map(t):
        return (isinstance(got, list) and len(got) == len(want)
                and all(isinstance(g, dict) and list(g) == ["key", "value"]
                        and _same(g["key"], w["key"], t.key_type) and _same(g["value"], w["value"], t.item_type)
                        for g, w in zip(got, want)))
    if (pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_list_view(t)
            or pa.types.is_large_list_view(t) or pa.types.is_fixed_size_list(t)):
        return (isinstance(got, list) and len(got) == len(want)
                and all(_same(g, w, t.value_type) for g, w in zip(got, want)))
    if pa.types.is_boolean(t):
        return got is want
    if pa.types.is_integer(t):
        return type(got) is int and got == want
    return type(got) is type(want) and got == want


def self_check(tbl: pa.Table, lines: list) -> str | None:
    """Parse every expected line and compare it with the independent implementation."""
    if len(lines) != tbl.num_rows:
        return f"{len(lines)} lines for {tbl.num_rows} rows"
    names = tbl.schema.names
    cols = [_ref_values(tbl.column(i)) for i in range(tbl.num_columns)]
    types = [f.type for f in tbl.schema]
    for r, line in enumerate(lines):
        try:
            obj = json.loads(line, parse_float=Decimal)
        except ValueError as e:
            return f"row {r}: invalid JSON ({e}): {line[:200]}"
        if list(obj) != names:
            return f"row {r}: keys {list(obj)} != {names}"
        for c, name in enumerate(names):
            if not _same(obj[name], cols[c][r], types[c]):
                return f"row {r} column {name}: expected line has {obj[name]!r}, independent value {cols[c][r]!r}"
    return None


def encodings_of(path: str) -> list:
    """Best effort: the encoding ids of the arrays the reference reads back from `path`."""
    import re
    try:
        tree = vortex.open(path).scan().read_all().display_tree()
    except Exception:  # noqa: BLE001 - informational only
        return []
    return sorted(set(re.findall(r"\b([a-z]+\.[a-z0-9_.]+)\(", tree)))


def verify(path: str, lines: list, names: list) -> str | None:
    """Read back with the reference and compare the formatted values."""
    back = vortex.open(path).to_arrow().read_all()
    if back.schema.names != names:
        return f"column names differ: {back.schema.names} != {names}"
    if back.num_rows != len(lines):
        return f"row count {back.num_rows} != {len(lines)}"
    got = expected_lines(back)
    for i, (a, b) in enumerate(zip(got, lines)):
        if a != b:
            return f"row {i}: reference read {a} expected {b}"
    return None


def human(nbytes: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if nbytes < 1024 or unit == "GiB":
            return f"{nbytes:.0f} {unit}" if unit == "B" else f"{nbytes:.1f} {unit}"
        nbytes /= 1024
    return str(nbytes)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="output directory (created if missing)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--rows", type=int, default=20000, help="rows of the ordinary tables (>= 64)")
    ap.add_argument("--big-rows", type=int, default=1_100_000, help="rows of the big table")
    ap.add_argument("--preset", choices=("default", "compact", "all"), default="default")
    ap.add_argument("--only", action="append", default=[], metavar="TABLE",
                    help="generate only this table (repeatable)")
    ap.add_argument("--verify", action="store_true",
                    help="sanity checks: re-derive every expected value with an independent per-value "
                         "implementation, and read every file back with the reference and compare "
                         "(exit 1 on any mismatch)")
    args = ap.parse_args(argv)
    if args.rows < 64:
        ap.error("--rows must be >= 64")
    known = {name for name, _, _ in TABLES}
    for o in args.only:
        if o not in known:
            ap.error(f"unknown table {o!r}; known: {', '.join(sorted(known))}")

    presets = PRESETS if args.preset == "all" else (args.preset,)
    os.makedirs(args.out, exist_ok=True)
    t_start = time.time()
    files, rejected, failures = [], [], []
    with tempfile.TemporaryDirectory(prefix="gen_corpus_") as tmp:
        prober = Prober(tmp)
        for label, make in PROBE_ONLY:
            err = prober.check(make())
            if err:
                rejected.append({"type": str(make().type), "column": None, "error": err})
            else:
                print(f"note: reference accepts {label} ({make().type}); not in the corpus "
                      f"(no JSON convention)", file=sys.stderr)

        for name, description, builder in TABLES:
            if args.only and name not in args.only:
                continue
            t0 = time.time()
            tbl = builder(table_rng(args.seed, name), args.rows, args.big_rows)
            # drop columns whose type the reference rejects
            keep = []
            for i, field in enumerate(tbl.schema):
                err = prober.check(tbl.column(i))
                if err:
                    rejected.append({"type": str(field.type), "column": f"{name}.{field.name}", "error": err})
                    print(f"rejected: {name}.{field.name} ({field.type}): {err}", file=sys.stderr)
                else:
                    keep.append(i)
            if len(keep) != tbl.num_columns:
                tbl = tbl.select(keep)
            if tbl.num_columns == 0:
                continue
            lines = expected_lines(tbl)
            t_fmt = time.time() - t0
            if args.verify:
                err = self_check(tbl, lines)
                if err:
                    failures.append(f"{name}: self-check: {err}")
                    print(f"SELF-CHECK FAILED {name}: {err[:500]}", file=sys.stderr)
            first_expected = None
            for preset in presets:
                fname = f"{name}.{preset}" if args.preset == "all" else name
                vpath = os.path.join(args.out, fname + ".vortex")
                epath = os.path.join(args.out, fname + ".expected.jsonl")
                t1 = time.time()
                try:
                    write_vortex(tbl, vpath, preset)
                except BaseException as e:  # noqa: BLE001 - pyo3 panics derive from BaseException
                    if isinstance(e, KeyboardInterrupt):
                        raise
                    failures.append(f"{fname}: write failed: {first_line(e)}")
                    print(f"WRITE FAILED {fname}: {first_line(e)}", file=sys.stderr)
                    if os.path.exists(vpath):
                        os.remove(vpath)
                    continue
                t_write = time.time() - t1
                if first_expected is None:
                    esize = write_text(epath, lines)
                    first_expected = epath
                else:
                    link_or_copy(first_expected, epath)
                    esize = os.path.getsize(epath)
                vsize = os.path.getsize(vpath)
                status = ""
                if args.verify:
                    err = verify(vpath, lines, tbl.schema.names)
                    status = " verify=ok" if err is None else " verify=MISMATCH"
                    if err:
                        failures.append(f"{fname}: {err}")
                        print(f"MISMATCH {fname}: {err[:500]}", file=sys.stderr)
                files.append({
                    "name": fname,
                    "table": name,
                    "file": fname + ".vortex",
                    "expected": fname + ".expected.jsonl",
                    "rows": tbl.num_rows,
                    "preset": preset,
                    "bytes": vsize,
                    "encodings": encodings_of(vpath),
                    "description": description,
                    "columns": {f.name: str(f.type) for f in tbl.schema},
                })
                print(f"{fname + '.vortex':34s} rows={tbl.num_rows:<8d} cols={tbl.num_columns:<3d} "
                      f"vortex={human(vsize):>10s} expected={human(esize):>10s} "
                      f"build+format={t_fmt:5.2f}s write={t_write:5.2f}s{status}", file=sys.stderr)

    manifest = {
        "vortex_data": metadata.version("vortex-data"),
        "pyarrow": pa.__version__,
        "numpy": np.__version__,
        "seed": args.seed,
        "rows": args.rows,
        "big_rows": args.big_rows,
        "preset": args.preset,
        "files": files,
        "rejected": rejected,
    }
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False)
        f.write("\n")
    total = sum(x["bytes"] for x in files)
    print(f"wrote {len(files)} files ({human(total)}) + manifest.json to {args.out} "
          f"in {time.time() - t_start:.1f}s; {len(rejected)} rejected type(s)", file=sys.stderr)
    if failures:
        print(f"{len(failures)} failure(s):", file=sys.stderr)
        for f in failures:
            print(f"  {f[:300]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
