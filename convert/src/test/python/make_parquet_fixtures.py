#!/usr/bin/env python3
"""Generate the Parquet fixtures of the Parquet-to-Vortex converter tests.

    /tmp/vx/bin/python convert/src/test/python/make_parquet_fixtures.py \
        --out convert/src/test/resources/parquet

(any Python with pyarrow 26 and vortex-data 0.90.0, e.g. the one scripts/oracle-env.sh makes).

For every fixture this writes NAME.parquet with pyarrow (without the ARROW:schema metadata,
so that types come from the Parquet schema alone, as our reader sees them) and records in
manifest.json:

* "expected": a gzipped JSON Lines file of the values pyarrow reads back from the Parquet
  file, in the export conventions of `jvx export` (gen_corpus.py's expected_lines);
* "dtype": an empty Vortex file written by the reference from the table pyarrow reads back,
  whose schema is the Vortex type the reference picks for it (fixed-size binary, which the
  reference does not take from Arrow, as binary, as our converter maps it);
* "error": for codecs our reader does not support, the start of the expected message.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import struct
import sys
from decimal import Decimal
from pathlib import Path

os.environ.setdefault("RUST_BACKTRACE", "0")

import numpy as np  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402
import vortex  # noqa: E402

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[4] / "conformance" / "src" / "test" / "python"))
from gen_corpus import expected_lines  # noqa: E402


def rng_for(name):
    import zlib
    return np.random.default_rng(zlib.crc32(name.encode()))


def mask(rng, n, p):
    return rng.random(n) < p


def rand_strings(rng, n, lo, hi, vocab=None):
    if vocab is not None:
        return [vocab[i] for i in rng.integers(0, len(vocab), n)]
    alphabet = "abcdefghijklmnopqrstuvwxyzäöü€😀 "
    out = []
    for k in rng.integers(lo, hi + 1, n):
        out.append("".join(alphabet[i] for i in rng.integers(0, len(alphabet), int(k))))
    return out


def types_table(n=160):
    """Every flat type, nullable with nulls, plus some required columns."""
    rng = rng_for("types")
    m = lambda p=0.15: mask(rng, n, p)  # noqa: E731
    i64 = rng.integers(-(2 ** 62), 2 ** 62, n)
    f32 = rng.normal(0, 1e3, n).astype(np.float32)
    f32[:4] = [np.nan, np.inf, -np.inf, -0.0]
    f64 = rng.normal(0, 1e6, n)
    f64[:4] = [np.nan, -np.inf, np.inf, 5e-324]
    f16 = rng.normal(0, 100, n).astype(np.float16)
    dec2 = [Decimal(int(x)).scaleb(-2) for x in rng.integers(-99999, 99999, n)]
    dec3 = [Decimal(int(x)).scaleb(-3) for x in rng.integers(-(10 ** 15) + 1, 10 ** 15, n)]
    dec5 = [Decimal(int(x) * 10 ** 12 + int(y)).scaleb(-5) for x, y in
            zip(rng.integers(-(10 ** 17), 10 ** 17, n), rng.integers(0, 10 ** 12, n))]
    dec10 = [Decimal(int(x) * 10 ** 30 + int(y)).scaleb(-10) for x, y in
             zip(rng.integers(-(10 ** 18), 10 ** 18, n), rng.integers(0, 10 ** 18, n))]
    uuids = [bytes(rng.integers(0, 256, 16, dtype=np.uint8)) for _ in range(n)]
    cols = {
        "b": pa.array(rng.random(n) < 0.5, mask=m()),
        "i8": pa.array(rng.integers(-128, 128, n), pa.int8(), mask=m()),
        "i16": pa.array(rng.integers(-(2 ** 15), 2 ** 15, n), pa.int16(), mask=m()),
        "i32": pa.array(rng.integers(-(2 ** 31), 2 ** 31, n), pa.int32(), mask=m()),
        "i64": pa.array(i64, pa.int64(), mask=m()),
        "u8": pa.array(rng.integers(0, 256, n), pa.uint8(), mask=m()),
        "u16": pa.array(rng.integers(0, 2 ** 16, n), pa.uint16(), mask=m()),
        "u32": pa.array(rng.integers(0, 2 ** 32, n, dtype=np.uint64), pa.uint32(), mask=m()),
        "u64": pa.array(rng.integers(0, 2 ** 64 - 1, n, dtype=np.uint64), pa.uint64(), mask=m()),
        "f16": pa.array(f16, pa.float16(), mask=m()),
        "f32": pa.array(f32, pa.float32(), mask=m()),
        "f64": pa.array(f64, pa.float64(), mask=m()),
        "s": pa.array(rand_strings(rng, n, 0, 30), pa.string(), mask=m()),
        "s_low": pa.array(rand_strings(rng, n, 0, 0, ["alpha", "beta", "", "a much longer string value"]), mask=m()),
        "bin": pa.array([bytes(rng.integers(0, 256, int(k), dtype=np.uint8)) for k in rng.integers(0, 20, n)],
                        pa.binary(), mask=m()),
        "fsb": pa.array([bytes(rng.integers(0, 256, 5, dtype=np.uint8)) for _ in range(n)], pa.binary(5), mask=m()),
        "dec_5_2": pa.array(dec2, pa.decimal128(5, 2), mask=m()),
        "dec_15_3": pa.array(dec3, pa.decimal128(15, 3), mask=m()),
        "dec_30_5": pa.array(dec5, pa.decimal128(30, 5), mask=m()),
        "dec_50_10": pa.array(dec10, pa.decimal256(50, 10), mask=m()),
        "date": pa.array(rng.integers(-30000, 60000, n), pa.int32(), mask=m()).cast(pa.date32()),
        "time_ms": pa.array(rng.integers(0, 86_400_000, n), pa.int32(), mask=m()).cast(pa.time32("ms")),
        "time_us": pa.array(rng.integers(0, 86_400_000_000, n), pa.int64(), mask=m()).cast(pa.time64("us")),
        "time_ns": pa.array(rng.integers(0, 86_400_000_000_000, n), pa.int64(), mask=m()).cast(pa.time64("ns")),
        "ts_ms": pa.array(rng.integers(-(10 ** 12), 4 * 10 ** 12, n), pa.int64(), mask=m()).cast(pa.timestamp("ms")),
        "ts_us": pa.array(rng.integers(-(10 ** 15), 4 * 10 ** 15, n), pa.int64(), mask=m()).cast(pa.timestamp("us")),
        "ts_ns": pa.array(rng.integers(-(10 ** 18), 4 * 10 ** 18, n), pa.int64(), mask=m()).cast(pa.timestamp("ns")),
        "ts_us_utc": pa.array(rng.integers(0, 2 * 10 ** 15, n), pa.int64(), mask=m()).cast(pa.timestamp("us", "UTC")),
        "ts_ms_paris": pa.array(rng.integers(0, 2 * 10 ** 12, n), pa.int64(), mask=m()).cast(
            pa.timestamp("ms", "Europe/Paris")),
        "uuid": pa.ExtensionArray.from_storage(pa.uuid(), pa.array(uuids, pa.binary(16), mask=m())),
        "nothing": pa.nulls(n),
        "all_null_i32": pa.nulls(n, pa.int32()),
    }
    fields = [pa.field(k, v.type) for k, v in cols.items()]
    req = {
        "req_i64": pa.array(rng.integers(-1000, 1000, n), pa.int64()),
        "req_s": pa.array(rand_strings(rng, n, 0, 16), pa.string()),
        "req_b": pa.array(rng.random(n) < 0.3),
        "req_f64": pa.array(rng.normal(0, 1, n)),
    }
    fields += [pa.field(k, v.type, nullable=False) for k, v in req.items()]
    cols.update(req)
    return pa.Table.from_arrays(list(cols.values()), schema=pa.schema(fields))


def nested_table(n=250):
    rng = rng_for("nested")

    def maybe(p):
        return rng.random() < p

    rows = []
    for i in range(n):
        rows.append({
            "id": i,
            "st": None if maybe(0.15) else {
                "a": None if maybe(0.2) else int(rng.integers(-100, 100)),
                "b": None if maybe(0.2) else "s%d" % rng.integers(0, 1000),
                "inner": None if maybe(0.2) else {"x": float(rng.normal()), "y": None if maybe(0.3) else bool(maybe(0.5))},
            },
            "li": None if maybe(0.15) else [None if maybe(0.1) else int(rng.integers(-10 ** 9, 10 ** 9))
                                             for _ in range(int(rng.integers(0, 6)))],
            "ls": None if maybe(0.15) else ["w%d" % rng.integers(0, 50) for _ in range(int(rng.integers(0, 4)))],
            "lst": None if maybe(0.15) else [None if maybe(0.15) else {"p": int(rng.integers(0, 100)),
                                                                         "q": None if maybe(0.3) else "q%d" % i}
                                              for _ in range(int(rng.integers(0, 4)))],
            "lli": None if maybe(0.15) else [None if maybe(0.2) else [None if maybe(0.1) else "t%d" % rng.integers(0, 9)
                                                                       for _ in range(int(rng.integers(0, 3)))]
                                              for _ in range(int(rng.integers(0, 4)))],
            "m": None if maybe(0.15) else [("k%d" % j, None if maybe(0.2) else int(rng.integers(0, 1000)))
                                            for j in range(int(rng.integers(0, 4)))],
            "mli": None if maybe(0.15) else [(int(j), [float(x) for x in rng.normal(0, 1, int(rng.integers(0, 3)))])
                                              for j in range(int(rng.integers(0, 3)))],
            "stl": None if maybe(0.1) else {"tags": None if maybe(0.2) else ["x%d" % rng.integers(0, 5)
                                                                                for _ in range(int(rng.integers(0, 3)))],
                                             "n": int(rng.integers(0, 10))},
            "req_li": [int(rng.integers(0, 100)) for _ in range(int(rng.integers(0, 4)))],
        })
    schema = pa.schema([
        pa.field("id", pa.int64(), nullable=False),
        pa.field("st", pa.struct([("a", pa.int32()), ("b", pa.string()),
                                  ("inner", pa.struct([("x", pa.float64()), ("y", pa.bool_())]))])),
        pa.field("li", pa.list_(pa.int64())),
        pa.field("ls", pa.list_(pa.field("item", pa.string(), nullable=False))),
        pa.field("lst", pa.list_(pa.struct([pa.field("p", pa.int16(), nullable=False), ("q", pa.string())]))),
        pa.field("lli", pa.list_(pa.list_(pa.string()))),
        pa.field("m", pa.map_(pa.string(), pa.int64())),
        pa.field("mli", pa.map_(pa.int32(), pa.list_(pa.float32()))),
        pa.field("stl", pa.struct([("tags", pa.list_(pa.string())), pa.field("n", pa.uint8(), nullable=False)])),
        pa.field("req_li", pa.list_(pa.int32()), nullable=False),
    ])
    return pa.Table.from_pylist(rows, schema=schema)


def many_table(n=8000):
    """Enough rows for several row groups and pages."""
    rng = rng_for("many")
    return pa.table({
        "seq": pa.array(np.arange(n, dtype=np.int64)),
        "v": pa.array(rng.integers(0, 50, n), pa.int32(), mask=mask(rng, n, 0.1)),
        "s": pa.array(rand_strings(rng, n, 0, 0, ["red", "green", "blue", "a somewhat longer colour name"]),
                      mask=mask(rng, n, 0.05)),
        "l": pa.array([[int(x) for x in range(int(k))] for k in rng.integers(0, 4, n)], pa.list_(pa.int16())),
    })


def delta_table(n=1200):
    rng = rng_for("delta")
    base = np.cumsum(rng.integers(-5, 20, n))
    words = ["prefix_%05d_%s" % (i // 3, "x" * int(k)) for i, k in enumerate(rng.integers(0, 30, n))]
    return pa.table({
        "i32": pa.array(base.astype(np.int32), mask=mask(rng, n, 0.1)),
        "i32_wide": pa.array(rng.integers(-(2 ** 31), 2 ** 31, n), pa.int32()),
        "i64": pa.array(base * 1_000_003 + rng.integers(0, 3, n), pa.int64(), mask=mask(rng, n, 0.1)),
        "i64_wide": pa.array(rng.integers(-(2 ** 63), 2 ** 63 - 1, n, dtype=np.int64), pa.int64()),
        "ts": pa.array(base * 1000, pa.int64()).cast(pa.timestamp("us")),
        "s_dlba": pa.array(rand_strings(rng, n, 0, 40), mask=mask(rng, n, 0.1)),
        "s_dba": pa.array(words, mask=mask(rng, n, 0.1)),
        "b_dba": pa.array([w.encode() for w in words], pa.binary()),
        "f32": pa.array(rng.normal(0, 1, n).astype(np.float32), mask=mask(rng, n, 0.1)),
        "f64": pa.array(rng.normal(0, 1e9, n)),
        "i32_bss": pa.array(rng.integers(-1000, 1000, n), pa.int32()),
        "i64_bss": pa.array(rng.integers(-1000, 1000, n), pa.int64(), mask=mask(rng, n, 0.1)),
        "fsb_bss": pa.array([bytes(rng.integers(0, 256, 3, dtype=np.uint8)) for _ in range(n)], pa.binary(3)),
        "f16_bss": pa.array(rng.normal(0, 1, n).astype(np.float16)),
        "dec_bss": pa.array([Decimal(int(x)).scaleb(-2) for x in rng.integers(-10 ** 8, 10 ** 8, n)], pa.decimal128(20, 2)),
        "flag": pa.array(rng.random(n) < 0.2, mask=mask(rng, n, 0.1)),
    })


DELTA_ENCODING = {
    "i32": "DELTA_BINARY_PACKED", "i32_wide": "DELTA_BINARY_PACKED", "i64": "DELTA_BINARY_PACKED",
    "i64_wide": "DELTA_BINARY_PACKED", "ts": "DELTA_BINARY_PACKED",
    "s_dlba": "DELTA_LENGTH_BYTE_ARRAY", "s_dba": "DELTA_BYTE_ARRAY", "b_dba": "DELTA_BYTE_ARRAY",
    "f32": "BYTE_STREAM_SPLIT", "f64": "BYTE_STREAM_SPLIT", "i32_bss": "BYTE_STREAM_SPLIT", "i64_bss": "BYTE_STREAM_SPLIT",
    "fsb_bss": "BYTE_STREAM_SPLIT", "f16_bss": "BYTE_STREAM_SPLIT", "dec_bss": "BYTE_STREAM_SPLIT",
    "flag": "RLE",
}


def make_handmade(out: Path) -> list:
    """Files written by handmade_parquet.py; returns their names."""
    import handmade_parquet as h
    rng = rng_for("legacy")
    n = 60

    def maybe(p):
        return rng.random() < p

    ids = list(range(n))
    tags = [None if maybe(0.15) else ["t%d" % rng.integers(0, 20) for _ in range(int(rng.integers(0, 4)))]
            for _ in range(n)]
    pts = [None if maybe(0.15) else [{"x": int(rng.integers(-50, 50)), "y": None if maybe(0.3) else int(rng.integers(0, 9))}
                                     for _ in range(int(rng.integers(0, 4)))] for _ in range(n)]
    nums = [[int(x) for x in rng.integers(-1000, 1000, int(rng.integers(0, 4)))] for _ in range(n)]
    decs = [None if maybe(0.2) else int(rng.integers(-(10 ** 18), 10 ** 18)) * int(rng.integers(1, 100)) for _ in range(n)]
    ts = [None if maybe(0.2) else int(rng.integers(-(10 ** 12), 10 ** 12)) for _ in range(n)]
    i8 = [None if maybe(0.2) else int(rng.integers(-128, 128)) for _ in range(n)]
    u16 = [None if maybe(0.2) else int(rng.integers(0, 65536)) for _ in range(n)]
    dates = [None if maybe(0.2) else int(rng.integers(-20000, 20000)) for _ in range(n)]
    tms = [None if maybe(0.2) else int(rng.integers(0, 86_400_000)) for _ in range(n)]
    strs = [None if maybe(0.2) else ["one", "two", "three", "a longer dictionary value"][rng.integers(0, 4)] for _ in range(n)]
    enums = [None if maybe(0.2) else ["RED", "GREEN"][rng.integers(0, 2)] for _ in range(n)]
    maps = [None if maybe(0.15) else [("k%d" % j, None if maybe(0.3) else int(rng.integers(0, 100)))
                                      for j in range(int(rng.integers(0, 4)))] for _ in range(n)]
    lst3 = [None if maybe(0.15) else [None if maybe(0.2) else "e%d" % rng.integers(0, 5)
                                      for _ in range(int(rng.integers(0, 4)))] for _ in range(n)]
    flags = [bool(maybe(0.5)) for _ in range(n)]

    def be(v):
        return v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big", signed=True)

    def opt(path, ptype, values, **kw):
        d, vals = h.shred_optional(values)
        return h.Column(path, ptype, 1, 0, d, [], vals, **kw)

    def lst(path, ptype, rows, list_opt, elem_opt, **kw):
        r, d, vals, maxd = h.shred_list(rows, list_opt, elem_opt)
        return h.Column(path, ptype, maxd, 1, d, r, vals, **kw)

    enc = lambda rows: [None if r is None else [None if v is None else v.encode() for v in r] for r in rows]  # noqa: E731
    cols = [
        h.Column(["id"], h.INT64, 0, 0, [], [], ids),
        lst(["tags", "tags"], h.BYTE_ARRAY, enc(tags), True, False, codec=h.SNAPPY),
        lst(["pts", "array", "x"], h.INT32, [None if r is None else [e["x"] for e in r] for r in pts], True, False),
        lst(["pts", "array", "y"], h.INT32, [None if r is None else [e["y"] for e in r] for r in pts], True, True),
        lst(["nums"], h.INT32, nums, False, False, codec=h.LZ4),
        opt(["dec_ba"], h.BYTE_ARRAY, [None if v is None else be(v) for v in decs], codec=h.GZIP),
        opt(["ts_ms"], h.INT64, ts),
        opt(["i8c"], h.INT32, i8),
        opt(["u16c"], h.INT32, u16),  # BIT_PACKED levels: Arrow reads them LSB-first (apache/arrow#42368), see DecodersTest
        opt(["d"], h.INT32, dates),
        opt(["tms"], h.INT32, tms),
        opt(["s"], h.BYTE_ARRAY, [None if v is None else v.encode() for v in strs], dictionary=True, codec=h.GZIP),
        opt(["e"], h.BYTE_ARRAY, [None if v is None else v.encode() for v in enums]),
        lst(["mp", "map", "key"], h.BYTE_ARRAY, [None if r is None else [k.encode() for k, _ in r] for r in maps], True, False),
        lst(["mp", "map", "value"], h.INT32, [None if r is None else [v for _, v in r] for r in maps], True, True),
        lst(["lst3", "list", "element"], h.BYTE_ARRAY, enc(lst3), True, True, dictionary=True, codec=h.LZ4),
        h.Column(["flag"], h.BOOLEAN, 0, 0, [], [], flags),
    ]
    O, R, P = h.OPTIONAL, h.REQUIRED, h.REPEATED
    schema = [
        dict(name="schema", num_children=15),
        dict(name="id", type=h.INT64, repetition=R),
        dict(name="tags", repetition=O, num_children=1, converted_type=h.LIST),
        dict(name="tags", type=h.BYTE_ARRAY, repetition=P, converted_type=h.UTF8),
        dict(name="pts", repetition=O, num_children=1, converted_type=h.LIST),
        dict(name="array", repetition=P, num_children=2),
        dict(name="x", type=h.INT32, repetition=R),
        dict(name="y", type=h.INT32, repetition=O),
        dict(name="nums", type=h.INT32, repetition=P),
        dict(name="dec_ba", type=h.BYTE_ARRAY, repetition=O, converted_type=h.DECIMAL, precision=22, scale=4),
        dict(name="ts_ms", type=h.INT64, repetition=O, converted_type=h.TS_MILLIS),
        dict(name="i8c", type=h.INT32, repetition=O, converted_type=h.INT_8),
        dict(name="u16c", type=h.INT32, repetition=O, converted_type=h.UINT_16),
        dict(name="d", type=h.INT32, repetition=O, converted_type=h.DATE),
        dict(name="tms", type=h.INT32, repetition=O, converted_type=h.TIME_MILLIS),
        dict(name="s", type=h.BYTE_ARRAY, repetition=O, converted_type=h.UTF8),
        dict(name="e", type=h.BYTE_ARRAY, repetition=O, converted_type=h.ENUM),
        dict(name="mp", repetition=O, num_children=1, converted_type=h.MAP),
        dict(name="map", repetition=P, num_children=2, converted_type=h.MAP_KEY_VALUE),
        dict(name="key", type=h.BYTE_ARRAY, repetition=R, converted_type=h.UTF8),
        dict(name="value", type=h.INT32, repetition=O),
        dict(name="lst3", repetition=O, num_children=1, converted_type=h.LIST),
        dict(name="list", repetition=P, num_children=1),
        dict(name="element", type=h.BYTE_ARRAY, repetition=O, converted_type=h.UTF8),
        dict(name="flag", type=h.BOOLEAN, repetition=R),
    ]
    h.write_file(out / "legacy.parquet", schema, cols, n)

    # A decompression bomb: one page claiming 2^31 - 100 null entries in a few bytes.
    big = (1 << 31) - 100
    bomb = h.Column(["x"], h.INT32, 1, 0, [], [], [], num_values=big)
    run = h.varint(big << 1) + b"\x00"
    bomb.raw_defs = struct.pack("<i", len(run)) + run
    h.write_file(out / "bomb.parquet", [dict(name="schema", num_children=1), dict(name="x", type=h.INT32, repetition=O)],
                 [bomb], big)
    return ["legacy"]


def widen_fsb(t: pa.DataType) -> pa.DataType:
    """The Arrow type our converter's result corresponds to: fixed-size binary as binary."""
    if pa.types.is_fixed_size_binary(t) and not isinstance(t, pa.BaseExtensionType):
        return pa.binary()
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, widen_fsb(f.type), f.nullable) for f in t])
    if pa.types.is_map(t):
        return pa.map_(pa.field(t.key_field.name, widen_fsb(t.key_type), False),
                       pa.field(t.item_field.name, widen_fsb(t.item_type), t.item_field.nullable))
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        f = t.value_field
        return pa.list_(pa.field(f.name, widen_fsb(f.type), f.nullable))
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*"):
        old.unlink()

    tables = {"types": types_table(), "nested": nested_table(), "many": many_table(), "delta": delta_table()}
    int96 = pa.table({
        "ts": pa.array([0, -1, 10 ** 18, -(10 ** 17), 1_700_000_000_123_456_789, None], pa.int64()).cast(pa.timestamp("ns")),
        "ts_us": pa.array([1, 2, None, 4, 5, 6], pa.int64()).cast(pa.timestamp("us")),
    })
    tables["int96"] = int96

    fixtures = [
        # name, table, write options, expected error
        ("types_plain_v1", "types", dict(compression="none", use_dictionary=False, data_page_version="1.0"), None),
        ("types_dict_v1", "types", dict(compression="none", use_dictionary=True, data_page_version="1.0"), None),
        ("types_snappy_dict_v2", "types", dict(compression="snappy", use_dictionary=True, data_page_version="2.0"), None),
        ("types_gzip_plain_v2", "types", dict(compression="gzip", use_dictionary=False, data_page_version="2.0"), None),
        ("types_lz4_dict_v1", "types", dict(compression="lz4", use_dictionary=True, data_page_version="1.0"), None),
        ("types_snappy_intdec", "types", dict(compression="snappy", store_decimal_as_integer=True,
                                              data_page_version="2.0"), None),
        ("types_zstd_dict_v2", "types", dict(compression="zstd", data_page_version="2.0"), None),
        ("nested_zstd_plain_v1", "nested", dict(compression="zstd", compression_level=9, use_dictionary=False,
                                                data_page_version="1.0"), None),
        ("types_brotli", "types", dict(compression="brotli"), "BROTLI"),
        ("nested_plain_v1", "nested", dict(compression="none", use_dictionary=False, data_page_version="1.0"), None),
        ("nested_snappy_dict_v2", "nested", dict(compression="snappy", use_dictionary=True, data_page_version="2.0",
                                                 data_page_size=512), None),
        ("nested_gzip_dict_v1_pages", "nested", dict(compression="gzip", use_dictionary=True, data_page_size=256,
                                                     write_batch_size=16, row_group_size=120), None),
        ("many_groups_pages", "many", dict(compression="snappy", row_group_size=2500, data_page_size=1024,
                                           write_batch_size=100, data_page_version="1.0"), None),
        ("many_groups_lz4_v2", "many", dict(compression="lz4", row_group_size=5000, data_page_size=2048,
                                            write_batch_size=100, data_page_version="2.0", use_dictionary=False), None),
        ("delta_v2", "delta", dict(compression="none", use_dictionary=False, data_page_version="2.0",
                                   column_encoding=DELTA_ENCODING, data_page_size=2048, write_batch_size=128), None),
        ("delta_zstd_v1", "delta", dict(compression="zstd", use_dictionary=False, data_page_version="1.0",
                                          column_encoding={k: v for k, v in DELTA_ENCODING.items() if v != "RLE"}), None),
        ("int96", "int96", dict(use_deprecated_int96_timestamps=True), None),
    ]

    manifest = []
    for name in make_handmade(out):
        fixtures.append((name, None, None, None))
    written_expected = {}
    for name, tname, opts, error in fixtures:
        path = out / (name + ".parquet")
        if tname is None:
            tname = name
        else:
            opts.setdefault("write_statistics", name == "types_plain_v1")
            pq.write_table(tables[tname], path, store_schema=False, **opts)
        entry = {"name": name, "file": path.name}
        if error is not None:
            entry["error"] = error
        else:
            back = pq.read_table(path, arrow_extensions_enabled=True)
            exp_name = tname + ".expected.jsonl.gz"
            lines = "\n".join(expected_lines(back)) + "\n"
            if exp_name in written_expected:
                if written_expected[exp_name] != lines:
                    exp_name = name + ".expected.jsonl.gz"
            if exp_name not in written_expected:
                written_expected[exp_name] = lines
                with gzip.GzipFile(out / exp_name, "wb", mtime=0) as f:
                    f.write(lines.encode())
            entry["expected"] = exp_name
            entry["rows"] = back.num_rows
            ref_schema = pa.schema([pa.field(f.name, widen_fsb(f.type), f.nullable) for f in back.schema])
            dtype_name = tname + ".dtype.vortex"
            dpath = out / dtype_name
            empty = pa.Table.from_batches([], schema=ref_schema)
            if not dpath.exists():
                vortex.io.write(empty, str(dpath))
            entry["dtype"] = dtype_name
        manifest.append(entry)
        print(name, path.stat().st_size, "bytes", file=sys.stderr)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    total = sum(p.stat().st_size for p in out.iterdir())
    print("total", total, "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
