"""Oracle for the arrow module's tests: pyarrow and the reference (vortex-data) read and write
the files the Java tests compare against.

  arrow_oracle.py dump FILE        prints FILE's rows in the canonical JSON form below; FILE is a
                                   .vortex file (read by the reference), an Arrow IPC file
                                   (.arrow) or stream (.arrows) (read by pyarrow)
  arrow_oracle.py compare A B ...  for each pair of files A, B (read as by dump), prints one line
                                   "A: ok" or "A: <first difference>"
  arrow_oracle.py write-all DIR    writes one table of every type as DIR/all.arrow (IPC file),
                                   DIR/all.arrows (IPC stream), DIR/all.vortex (the reference's
                                   writer) and DIR/all.json (its canonical rows), then DIR/done
  arrow_oracle.py types FILE       prints FILE's (an Arrow IPC file or stream, read by pyarrow)
                                   column types as JSON {"column": "pyarrow type"}
  arrow_oracle.py write-strings DIR
                                   writes comment- and log-like string columns with nulls, in
                                   several chunks, as DIR/strings.vortex (the reference's writer,
                                   which picks FSST for them) and their values as
                                   DIR/strings.json ({"column": [value or null, ...]}), then DIR/done

Canonical form: {"columns": [names], "rows": [[value per column], ...]} where a value is null,
true/false, a list (lists, fixed-size lists, structs by field, maps as [key, value] pairs) or a
string: integers in decimal; floats as the unsigned integer of their IEEE bits; decimals in
plain notation with their scale; strings as themselves; binary and UUIDs as hex; dates, times and
timestamps as their integer value in the column's unit.
"""
import datetime
import decimal
import json
import os
import struct
import sys
import uuid

import pyarrow as pa
import pyarrow.ipc as ipc


def canon_array(arr):
    """Returns the canonical values of a pyarrow array."""
    t = arr.type
    if isinstance(t, pa.ExtensionType) or isinstance(arr, pa.ExtensionArray):
        return canon_array(arr.storage)
    if pa.types.is_dictionary(t):
        return canon_array(arr.dictionary_decode())
    if pa.types.is_string_view(t) or pa.types.is_large_string(t):
        return canon_array(arr.cast(pa.string()))
    if pa.types.is_binary_view(t) or pa.types.is_large_binary(t):
        return canon_array(arr.cast(pa.binary()))
    if pa.types.is_timestamp(t) or pa.types.is_date64(t) or pa.types.is_time64(t):
        return [None if v is None else str(v) for v in arr.cast(pa.int64()).to_pylist()]
    if pa.types.is_date32(t) or pa.types.is_time32(t):
        return [None if v is None else str(v) for v in arr.cast(pa.int32()).to_pylist()]
    if pa.types.is_null(t):
        return [None] * len(arr)
    if pa.types.is_boolean(t):
        return arr.to_pylist()
    if pa.types.is_integer(t):
        return [None if v is None else str(v) for v in arr.to_pylist()]
    if pa.types.is_floating(t):
        fmt = {16: ("<e", "<H"), 32: ("<f", "<I"), 64: ("<d", "<Q")}[t.bit_width]
        return [None if v is None else str(struct.unpack(fmt[1], struct.pack(fmt[0], float(v)))[0])
                for v in arr.to_pylist()]
    if pa.types.is_decimal(t):
        return [None if v is None else format(v, "f") for v in arr.to_pylist()]
    if pa.types.is_string(t):
        return arr.to_pylist()
    if pa.types.is_binary(t) or pa.types.is_fixed_size_binary(t):
        return [None if v is None else v.hex() for v in arr.to_pylist()]
    if pa.types.is_struct(t):
        fields = [canon_array(arr.field(i)) for i in range(t.num_fields)]
        valid = arr.is_valid().to_pylist()
        return [[f[r] for f in fields] if valid[r] else None for r in range(len(arr))]
    if pa.types.is_map(t):
        out = []
        for r in range(len(arr)):
            if not arr[r].is_valid:
                out.append(None)
                continue
            entries = arr[r].values  # struct array of key, value
            keys = canon_array(entries.field(0))
            vals = canon_array(entries.field(1))
            out.append([[k, v] for k, v in zip(keys, vals)])
        return out
    if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t) \
            or pa.types.is_list_view(t):
        out = []
        for r in range(len(arr)):
            if not arr[r].is_valid:
                out.append(None)
            else:
                out.append(canon_array(arr[r].values))
        return out
    raise SystemExit("no canonical form for " + str(t))


def canon_table(table):
    cols = [canon_array(table.column(i).combine_chunks()) for i in range(table.num_columns)]
    rows = [[c[r] for c in cols] for r in range(table.num_rows)]
    return {"columns": table.column_names, "rows": rows}


def first_difference(x, y):
    if x["columns"] != y["columns"]:
        return f"columns {x['columns']} vs {y['columns']}"
    if len(x["rows"]) != len(y["rows"]):
        return f"{len(x['rows'])} rows vs {len(y['rows'])}"
    for r, (a, b) in enumerate(zip(x["rows"], y["rows"])):
        for c, (u, v) in enumerate(zip(a, b)):
            if u != v:
                return f"column {x['columns'][c]} row {r}: {str(u)[:200]} vs {str(v)[:200]}"
    return "ok"


def read(path):
    if path.endswith(".vortex"):
        import vortex
        return vortex.open(path).to_arrow().read_all()
    if path.endswith(".arrows"):
        with open(path, "rb") as f:
            return ipc.open_stream(f).read_all()
    with open(path, "rb") as f:
        return ipc.open_file(f).read_all()


def every_type_table():
    n = 7
    def nulls(values, every=3):
        return [None if i % every == 1 else v for i, v in enumerate(values)]
    ints = [0, 1, -1, 42, -100, 127, 5]
    t = {
        "b": pa.array(nulls([i % 2 == 0 for i in range(n)])),
        "i8": pa.array(nulls(ints), pa.int8()),
        "i16": pa.array(nulls([v * 200 for v in ints]), pa.int16()),
        "i32": pa.array([v * 70000 for v in ints], pa.int32()),
        "i64": pa.array(nulls([v * 10**15 for v in ints]), pa.int64()),
        "u8": pa.array(nulls([0, 1, 255, 7, 8, 9, 200]), pa.uint8()),
        "u16": pa.array(nulls([0, 1, 65535, 7, 8, 9, 200]), pa.uint16()),
        "u32": pa.array(nulls([0, 1, 2**32 - 1, 7, 8, 9, 200]), pa.uint32()),
        "u64": pa.array(nulls([0, 1, 2**64 - 1, 7, 8, 9, 2**63]), pa.uint64()),
        "f16": pa.array(nulls([0.5, 1.0, -2.0, 65504.0, 0.25, 3.0, 1.5]), pa.float16()),
        "f32": pa.array(nulls([0.5, 1.25, -2.0, 1e30, 0.1, 3.0, 1.5]), pa.float32()),
        "f64": pa.array(nulls([0.5, 1.25, -2.0, 1e300, 0.1, 3.0, -0.0]), pa.float64()),
        "dec": pa.array(nulls([decimal.Decimal(s) for s in
                               ["1.23", "-4.50", "0.00", "99999999.99", "-0.01", "12.34", "7.00"]]),
                        pa.decimal128(10, 2)),
        "dec38": pa.array(nulls([decimal.Decimal("1" * 30 + ".12345678"), decimal.Decimal("-1.5")] * 3
                                + [decimal.Decimal(0)]), pa.decimal128(38, 8)),
        "dec256": pa.array(nulls([decimal.Decimal("9" * 50 + ".5"), decimal.Decimal("-1.5")] * 3
                                 + [decimal.Decimal(0)]), pa.decimal256(60, 1)),
        "s": pa.array(nulls(["", "a", "short", "a string longer than twelve bytes", "ünïcødé ☃",
                             "x" * 100, "z"])),
        "ls": pa.array(nulls(["a", "b", "c" * 20, "d", "e", "f", "g"]), pa.large_string()),
        "sv": pa.array(nulls(["a", "b", "c" * 20, "d", "e", "f", "g"]), pa.string_view()),
        "bin": pa.array(nulls([b"", b"\x00\x01", b"\xff" * 20, b"x", b"y", b"z", b"w"]), pa.binary()),
        "date": pa.array(nulls([datetime.date(1970, 1, 1) + datetime.timedelta(days=d)
                                for d in [0, 1, -1, 20000, -20000, 365, 7]]), pa.date32()),
        "date_ms": pa.array(nulls([86400000 * d for d in [0, 1, -1, 20000, -20000, 365, 7]]), pa.date64()),
        "t_s": pa.array(nulls([0, 1, 86399, 3600, 60, 5, 7]), pa.time32("s")),
        "t_ms": pa.array(nulls([0, 1, 86399999, 3600, 60, 5, 7]), pa.time32("ms")),
        "t_us": pa.array(nulls([0, 1, 86399999999, 3600, 60, 5, 7]), pa.time64("us")),
        "t_ns": pa.array(nulls([0, 1, 86399999999999, 3600, 60, 5, 7]), pa.time64("ns")),
        "ts_s": pa.array(nulls([0, 1, -1, 1700000000, 5, 6, 7]), pa.timestamp("s")),
        "ts_ms_utc": pa.array(nulls([0, 1, -1, 1700000000000, 5, 6, 7]), pa.timestamp("ms", "UTC")),
        "ts_us_paris": pa.array(nulls([0, 1, -1, 1700000000000000, 5, 6, 7]),
                                pa.timestamp("us", "Europe/Paris")),
        "ts_ns": pa.array(nulls([0, 1, -1, 1700000000000000000, 5, 6, 7]), pa.timestamp("ns")),
        "l": pa.array(nulls([[1, 2], [], [None, 3], [4], [5, 6, 7], [8], [9]]), pa.list_(pa.int32())),
        "ll": pa.array(nulls([["a"], [], ["b", None], ["c"], ["d"], ["e"], ["f"]]), pa.large_list(pa.string())),
        "fsl": pa.array(nulls([[1, 2], [3, None], [5, 6], [7, 8], [9, 10], [11, 12], [13, 14]]),
                        pa.list_(pa.int64(), 2)),
        "st": pa.array(nulls([{"x": i, "y": str(i) if i % 2 else None} for i in range(n)]),
                       pa.struct([("x", pa.int64()), ("y", pa.string())])),
        "m": pa.array(nulls([[("a", 1)], [], [("b", None), ("c", 3)], [("d", 4)], [], [("e", 5)], [("f", 6)]]),
                      pa.map_(pa.string(), pa.int32())),
        "n": pa.nulls(n),
        "uuid": pa.array(nulls([uuid.UUID(int=i * 0x0123456789ABCDEF0123456789ABCDEF % 2**128).bytes
                                for i in range(n)]), pa.uuid()),
        "dict": pa.array(nulls(["red", "green", "red", "blue", "green", "red", "red"])).dictionary_encode(),
    }
    # A non-nullable column.
    schema = pa.schema([pa.field(k, v.type, nullable=(k != "i32")) for k, v in t.items()])
    return pa.Table.from_arrays(list(t.values()), schema=schema)


def write_all(out):
    os.makedirs(out, exist_ok=True)
    table = every_type_table()
    with ipc.new_file(os.path.join(out, "all.arrow"), table.schema) as w:
        w.write_table(table, max_chunksize=4)
    with ipc.new_stream(os.path.join(out, "all.arrows"), table.schema) as w:
        w.write_table(table, max_chunksize=4)
    import vortex
    # The reference writes no dictionary or large/view variants differently: give it plain types.
    plain = table.cast(pa.schema([
        pa.field(f.name, f.type.value_type if pa.types.is_dictionary(f.type) else f.type, f.nullable)
        for f in table.schema]))
    vortex.io.write(plain, os.path.join(out, "all.vortex"))
    with open(os.path.join(out, "all.json"), "w") as f:
        json.dump(canon_table(table), f)
    open(os.path.join(out, "done"), "w").close()


def write_strings(out):
    import random
    import vortex
    os.makedirs(out, exist_ok=True)
    rng = random.Random(14)
    words = ["furiously", "quickly", "carefully", "regular", "ironic", "final", "pending", "express",
             "deposits", "packages", "accounts", "requests", "theodolites", "foxes", "blithely", "slyly"]
    rows = 50_000
    comment, log, raw = [], [], []
    for i in range(rows):
        r = rng.randrange(20)
        comment.append(None if r < 2 else "" if r == 2 else
                       " ".join(rng.choice(words) for _ in range(2 + rng.randrange(9))))
        log.append(None if i % 13 == 0 else
                   f"2026-12-02T08:{i % 60:02d}:00Z {rng.choice(['INFO', 'WARN', 'ERROR'])} [svc-"
                   f"{rng.choice(words)}] request {rng.randrange(10**6)} served")
        raw.append(None if i % 7 == 0 else f"key-{rng.randrange(10**9):09d}-{rng.choice(words)}")
    table = pa.table({
        "comment": pa.array(comment, pa.string()),
        "log": pa.array(log, pa.string()),
        "bin": pa.array([None if v is None else v.encode() for v in raw], pa.binary()),
    })
    # Record batches of 12,500 rows become the file's chunks.
    vortex.io.write(pa.Table.from_batches(table.to_batches(max_chunksize=12_500)),
                    os.path.join(out, "strings.vortex"))
    with open(os.path.join(out, "strings.json"), "w") as f:
        json.dump({"comment": comment, "log": log, "bin": raw}, f)
    open(os.path.join(out, "done"), "w").close()


def main():
    if sys.argv[1] == "dump":
        print(json.dumps(canon_table(read(sys.argv[2]))))
    elif sys.argv[1] == "compare":
        args = sys.argv[2:]
        for a, b in zip(args[0::2], args[1::2]):
            try:
                x = canon_table(read(a))
                y = canon_table(read(b))
            except Exception as e:  # noqa: BLE001 - reported per file
                print(f"{a}: cannot read: {type(e).__name__}: {e}")
                continue
            print(f"{a}: {first_difference(x, y)}")
    elif sys.argv[1] == "write-all":
        write_all(sys.argv[2])
    elif sys.argv[1] == "types":
        print(json.dumps({f.name: str(f.type) for f in read(sys.argv[2]).schema}))
    elif sys.argv[1] == "write-strings":
        write_strings(sys.argv[2])
    else:
        raise SystemExit("unknown command " + sys.argv[1])


if __name__ == "__main__":
    main()
