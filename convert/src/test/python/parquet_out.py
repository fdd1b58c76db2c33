"""Oracle side of the Vortex -> Parquet and CSV / JSON Lines export tests (convert module).

    parquet_out.py make DIR            write source Vortex files with the reference writer
    parquet_out.py check SRC OUT       read SRC with the reference (vortex-data) and OUT with
                                       pyarrow.parquet; the values must be equal
    parquet_out.py text SRC OUT FORMAT read OUT (csv or jsonl) with Python's csv / json modules
                                       and compare it with SRC as read by the reference

Prints one line per column checked; exits 1 with the first difference.
"""
import csv
import datetime
import decimal
import json
import math
import os
import sys
import uuid

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import vortex


def arr(values, typ, mask=None):
    return pa.array(values, typ, mask=mask)


def make(out):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(14)
    n = 5000
    m = rng.random(n) < 0.1
    words = ["alpha", "beta", "gamma", "δέλτα", "", "with,comma", 'with "quote"', "line\nbreak", "tab\there"]
    strs = [words[i % len(words)] + ("" if i % 3 else str(i)) for i in range(n)]
    days = rng.integers(-30000, 30000, n)
    us = rng.integers(-2_000_000_000_000_000, 2_000_000_000_000_000, n)
    unscaled = [int(x) for x in rng.integers(-10**17, 10**17, n)]
    big = [int(x) * 10**20 + int(y) for x, y in zip(rng.integers(-10**15, 10**15, n), rng.integers(0, 10**15, n))]
    cols = {
        "b": arr(rng.random(n) < 0.5, pa.bool_(), mask=m),
        "i8": arr(rng.integers(-128, 128, n).astype(np.int8), pa.int8()),
        "i16": arr(rng.integers(-32768, 32768, n).astype(np.int16), pa.int16(), mask=m),
        "i32": arr(rng.integers(-2**31, 2**31, n).astype(np.int32), pa.int32()),
        "i64": arr(rng.integers(-2**63, 2**63 - 1, n, dtype=np.int64), pa.int64(), mask=m),
        "u8": arr(rng.integers(0, 256, n).astype(np.uint8), pa.uint8()),
        "u16": arr(rng.integers(0, 65536, n).astype(np.uint16), pa.uint16()),
        "u32": arr(rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32), pa.uint32(), mask=m),
        "u64": arr(rng.integers(0, 2**64 - 1, n, dtype=np.uint64), pa.uint64()),
        "f16": arr(rng.normal(0, 100, n).astype(np.float16), pa.float16()),
        "f32": arr(np.where(rng.random(n) < 0.05, np.nan, rng.normal(0, 1e6, n)).astype(np.float32), pa.float32()),
        "f64": arr(np.where(rng.random(n) < 0.05, np.inf, rng.normal(0, 1e6, n)), pa.float64(), mask=m),
        "s": arr(strs, pa.string(), mask=m),
        "s_few": arr([words[i % 3] for i in range(n)], pa.string()),
        "bin": arr([bytes([i % 256, (i * 7) % 256]) * (i % 5) for i in range(n)], pa.binary(), mask=m),
        "d": arr(days.astype(np.int32), pa.date32(), mask=m),
        "t_s": arr(rng.integers(0, 86400, n).astype(np.int32), pa.time32("s")),
        "t_ms": arr(rng.integers(0, 86_400_000, n).astype(np.int32), pa.time32("ms"), mask=m),
        "t_us": arr(rng.integers(0, 86_400_000_000, n), pa.time64("us")),
        "t_ns": arr(rng.integers(0, 86_400_000_000_000, n), pa.time64("ns")),
        "ts_s": arr(us // 1_000_000, pa.timestamp("s")),
        "ts_ms": arr(us // 1000, pa.timestamp("ms"), mask=m),
        "ts_us": arr(us, pa.timestamp("us")),
        "ts_ns": arr(us // 10, pa.timestamp("ns")),
        "ts_us_utc": arr(us, pa.timestamp("us", tz="UTC"), mask=m),
        "ts_ms_ny": arr(us // 1000, pa.timestamp("ms", tz="America/New_York")),
        "dec_5_2": arr([decimal.Decimal(x % 100000).scaleb(-2) for x in unscaled], pa.decimal128(5, 2)),
        "dec_18_4": arr([decimal.Decimal(x).scaleb(-4) for x in unscaled], pa.decimal128(18, 4), mask=m),
        "dec_38_10": arr([decimal.Decimal(x).scaleb(-10) for x in big], pa.decimal128(38, 10)),
        "dec_60_5": arr([decimal.Decimal(x * 10**20).scaleb(-5) for x in big], pa.decimal256(60, 5)),
        "uuid": arr([uuid.UUID(int=int(x) << 64 | i).bytes for i, x in enumerate(rng.integers(0, 2**63, n))],
                    pa.uuid(), mask=m),
    }
    vortex.io.write(pa.table(cols), os.path.join(out, "types.vortex"))

    lists = [None if i % 11 == 0 else [int(v) for v in range(i % 5)] for i in range(n)]
    slists = [[words[(i + k) % len(words)] for k in range(i % 3)] for i in range(n)]
    structs = [None if i % 13 == 0 else {"x": i, "y": None if i % 4 == 0 else words[i % len(words)],
                                         "inner": {"z": float(i) / 3}} for i in range(n)]
    maps = [None if i % 17 == 0 else [(words[k % 4], k if k % 3 else None) for k in range(i % 4)] for i in range(n)]
    nested = {
        "id": arr(np.arange(n), pa.int64()),
        "l": arr(lists, pa.list_(pa.int64())),
        "ls": arr(slists, pa.list_(pa.string())),
        "ll": arr([[[i, i + 1], [], None] if i % 2 else None for i in range(n)], pa.list_(pa.list_(pa.int32()))),
        "st": arr(structs, pa.struct([("x", pa.int64()), ("y", pa.string()),
                                      ("inner", pa.struct([("z", pa.float64())]))])),
        "lst": arr([[{"a": k, "b": str(k)} for k in range(i % 3)] for i in range(n)],
                   pa.list_(pa.struct([("a", pa.int32()), ("b", pa.string())]))),
        "fsl": arr([[i, -i, i * 2] for i in range(n)], pa.list_(pa.int16(), 3)),
        "m": arr(maps, pa.map_(pa.string(), pa.int32())),
        "lts": arr([[i * 1000, None] for i in range(n)], pa.list_(pa.timestamp("us", tz="UTC"))),
    }
    vortex.io.write(pa.table(nested), os.path.join(out, "nested.vortex"))
    vortex.io.write(pa.table({"a": pa.array([], pa.int64()), "s": pa.array([], pa.string())}),
                    os.path.join(out, "empty.vortex"))
    with open(os.path.join(out, "done"), "w") as f:
        f.write("ok\n")


def intify(t):
    """The type with every temporal leaf replaced by its integer storage (for exact compares)."""
    if pa.types.is_timestamp(t) or pa.types.is_time64(t) or pa.types.is_date64(t) or pa.types.is_duration(t):
        return pa.int64()
    if pa.types.is_time32(t) or pa.types.is_date32(t):
        return pa.int32()
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, intify(f.type), f.nullable) for f in t])
    if pa.types.is_map(t):
        return pa.map_(intify(t.key_type), intify(t.item_type))
    if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t):
        return pa.list_(intify(t.value_type))
    if isinstance(t, pa.ExtensionType):
        return t.storage_type
    return t


def same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def storage(col):
    if isinstance(col.type, pa.ExtensionType):
        return pa.chunked_array([c.storage for c in col.chunks], col.type.storage_type)
    return col


def check(src, out):
    ref = vortex.open(src).to_arrow().read_all()
    got = pq.read_table(out)
    if ref.num_rows != got.num_rows:
        fail(f"rows: reference {ref.num_rows}, parquet {got.num_rows}")
    if ref.column_names != got.column_names:
        fail(f"columns: reference {ref.column_names}, parquet {got.column_names}")
    for name in ref.column_names:
        r = storage(ref.column(name))
        g = storage(got.column(name))
        target = g.type
        if pa.types.is_timestamp(target) and pa.types.is_timestamp(r.type) and r.type.tz and target.tz:
            r = r.cast(pa.timestamp(r.type.unit, tz=target.tz))
        try:
            r = r.cast(target)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as e:
            fail(f"column {name}: reference type {r.type} does not cast to the parquet type {target}: {e}")
        rl = r.cast(intify(target)).to_pylist()
        gl = g.cast(intify(target)).to_pylist()
        for i, (x, y) in enumerate(zip(rl, gl)):
            if not same(x, y):
                fail(f"column {name} row {i}: reference {x!r}, parquet {y!r}")
        print(f"ok {name} {ref.column(name).type} -> {got.column(name).type}")
    stats(out)
    print(f"ok {ref.num_rows} rows")


STATS_TYPES = {"INT32", "INT64", "FLOAT", "DOUBLE", "BYTE_ARRAY"}


def stats(out):
    """Every flat INT32/INT64/FLOAT/DOUBLE/BYTE_ARRAY column chunk has statistics equal to its
    values' min, max (NaN left out) and null count. pyarrow checks the null counts and the
    bounds of signed types; it ignores bounds of unsigned sort order (unsigned integers, strings)
    from a writer it does not know (parquet-cpp's ApplicationVersion rules), so DuckDB's
    parquet_metadata() checks those of unsigned integers and strings."""
    import duckdb
    f = pq.ParquetFile(out)
    md = f.metadata
    ddb = {}
    for path, g, lo, hi in duckdb.sql(
            f"SELECT path_in_schema, row_group_id, stats_min_value, stats_max_value FROM parquet_metadata('{out}')"
    ).fetchall():
        ddb[(path, g)] = (lo, hi)
    checked = 0
    for g in range(md.num_row_groups):
        table = f.read_row_group(g)
        for c in range(md.num_columns):
            cm = md.row_group(g).column(c)
            path = cm.path_in_schema
            if "." in path or cm.physical_type not in STATS_TYPES:
                continue
            st = cm.statistics
            if st is None:
                fail(f"row group {g} column {path}: no statistics")
            col = storage(table.column(path))
            values = col.to_pylist()
            present = [v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]
            nulls = sum(v is None for v in values)
            if st.null_count != nulls:
                fail(f"row group {g} column {path}: null count {st.null_count}, the values have {nulls}")
            if not present:
                continue
            lo, hi = min(present), max(present)
            t = col.type
            unsigned = pa.types.is_unsigned_integer(t) or pa.types.is_string(t) or pa.types.is_large_string(t)
            if unsigned:
                got = ddb.get((path, g))
                if got != (str(lo), str(hi)):
                    fail(f"row group {g} column {path}: DuckDB reads statistics {got}, values [{lo!r}, {hi!r}]")
            elif cm.physical_type != "BYTE_ARRAY":
                if not st.has_min_max:
                    fail(f"row group {g} column {path}: statistics without min/max")
                if not (same(st.min, lo) and same(st.max, hi)):
                    fail(f"row group {g} column {path}: statistics [{st.min!r}, {st.max!r}], values [{lo!r}, {hi!r}]")
            checked += 1
    if md.num_rows > 0 and checked == 0:
        fail("no column chunk's statistics were checked")
    print(f"ok statistics of {checked} column chunks")


def text(src, out, fmt):
    """Checks a CSV or JSON Lines export of SRC as Python's own parsers read it, against the reference."""
    ref = vortex.open(src).to_arrow().read_all()
    names = ref.column_names
    with open(out, newline="", encoding="utf-8") as f:
        if fmt == "csv":
            rows = list(csv.reader(f))
            if rows[0] != names:
                fail(f"header {rows[0]} != {names}")
            rows = rows[1:]
            records = [dict(zip(names, r)) for r in rows]
            if any(len(r) != len(names) for r in rows):
                fail("a CSV row has the wrong number of fields")
        else:
            records = [json.loads(line) for line in f]
            for r in records:
                if list(r.keys()) != names:
                    fail(f"keys {list(r.keys())} != {names}")
    if len(records) != ref.num_rows:
        fail(f"rows: reference {ref.num_rows}, export {len(records)}")
    for name in names:
        col = ref.column(name)
        values = storage(col).to_pylist()
        t = col.type
        for i, v in enumerate(values):
            e = records[i][name]
            if not text_same(v, e, t, fmt):
                fail(f"column {name} ({t}) row {i}: reference {v!r}, {fmt} {e!r}")
        print(f"ok {name} {t}")
    print(f"ok {ref.num_rows} rows")


def text_same(v, e, t, fmt):
    if v is None:
        return e == "" if fmt == "csv" else e is None
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return e == v
    if pa.types.is_boolean(t):
        return e == ("true" if v else "false") if fmt == "csv" else e is v
    if pa.types.is_integer(t):
        return int(e) == v
    if pa.types.is_floating(t):
        x = float(e) if isinstance(e, str) else float(e)
        if pa.types.is_float32(t):
            return np.float32(x) == np.float32(v) or (math.isnan(x) and math.isnan(v))
        if pa.types.is_float16(t):
            return np.float16(x) == np.float16(v) or (math.isnan(x) and math.isnan(v))
        return x == v or (math.isnan(x) and math.isnan(v))
    if pa.types.is_decimal(t):
        return decimal.Decimal(e) == v
    if pa.types.is_date(t):
        return e == v.isoformat()
    if pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_fixed_size_binary(t):
        import base64
        return base64.b64decode(e) == v
    return True  # temporal with sub-microsecond units and nested values: checked by the Parquet test


def fail(msg):
    print("MISMATCH " + msg)
    sys.exit(1)


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "make":
        make(sys.argv[2])
    elif cmd == "check":
        check(sys.argv[2], sys.argv[3])
    elif cmd == "text":
        text(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit("unknown command " + cmd)
