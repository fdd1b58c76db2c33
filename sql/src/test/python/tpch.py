"""TPC-H data and DuckDB answers for the jvortex SQL tests.

    python tpch.py OUT SCALE_FACTOR QUERY_DIR [QUERY...]

Writes into OUT:
  parquet/<table>.parquet      tpchgen-cli's tables
  reference/<table>.vortex     the same tables written by the reference (vortex-data)
  expected/<query>.json        DuckDB's answer over the Parquet files, per query file
                               QUERY_DIR/<query>.sql: {"columns", "types", "rows"}, values as
                               JSON numbers (integers, doubles), strings (text, decimals, dates)
  done                         written last
"""

import datetime
import decimal
import json
import os
import subprocess
import sys

import duckdb
import pyarrow.parquet as pq
import vortex

TABLES = ["customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier"]


def value(v):
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, decimal.Decimal):
        return str(v)
    if isinstance(v, (datetime.date, datetime.datetime, datetime.time)):
        return v.isoformat()
    return str(v)


def write_types(path):
    """One row per case, a column per dtype the SQL mapping covers (see SqlTypes)."""
    import pyarrow as pa

    tbl = pa.table({
        "id": pa.array([1, 2, 3], pa.int32()),
        "u8": pa.array([0, 255, None], pa.uint8()),
        "u32": pa.array([0, 4294967295, 7], pa.uint32()),
        "u64": pa.array([0, 18446744073709551615, 5], pa.uint64()),
        "f32": pa.array([1.5, -2.25, None], pa.float32()),
        "dec": pa.array([decimal.Decimal("12345.67"), decimal.Decimal("-0.01"), None], pa.decimal128(9, 2)),
        "s": pa.array(["a", "hello world, long enough", None], pa.string()),
        "b": pa.array([True, False, None], pa.bool_()),
        "d": pa.array([datetime.date(2024, 1, 31), datetime.date(1969, 12, 31), None], pa.date32()),
        "ts": pa.array([datetime.datetime(2024, 1, 31, 8, 15, 0, 123456), datetime.datetime(1970, 1, 1), None],
                       pa.timestamp("us")),
        "tstz": pa.array([datetime.datetime(2024, 1, 31, 8, 15, 0, tzinfo=datetime.timezone.utc), None, None],
                         pa.timestamp("ms", tz="UTC")),
        "l": pa.array([[1, 2, 3], [], None], pa.list_(pa.int64())),
        "st": pa.array([{"x": 1, "y": "p"}, {"x": 2, "y": None}, None],
                       pa.struct([("x", pa.int64()), ("y", pa.string())])),
    })
    vortex.io.write(tbl, path)


def main():
    out, sf, query_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    queries = sys.argv[4:]
    parquet = os.path.join(out, "parquet")
    if not os.path.exists(os.path.join(parquet, "region.parquet")):
        os.makedirs(parquet, exist_ok=True)
        tpchgen = os.path.join(os.path.dirname(sys.executable), "tpchgen-cli")
        subprocess.run([tpchgen, "parquet", "-s", sf, "--output-dir=" + parquet], check=True)
    reference = os.path.join(out, "reference")
    os.makedirs(reference, exist_ok=True)
    for t in TABLES:
        target = os.path.join(reference, t + ".vortex")
        if not os.path.exists(target):
            vortex.io.write(pq.read_table(os.path.join(parquet, t + ".parquet")), target + ".tmp")
            os.replace(target + ".tmp", target)
    types = os.path.join(out, "types")
    os.makedirs(types, exist_ok=True)
    if not os.path.exists(os.path.join(types, "alltypes.vortex")):
        write_types(os.path.join(types, "alltypes.vortex"))
    expected = os.path.join(out, "expected")
    os.makedirs(expected, exist_ok=True)
    con = duckdb.connect()
    con.execute("SET threads TO 2")
    for t in TABLES:
        con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{os.path.join(parquet, t + '.parquet')}')")
    for q in queries:
        with open(os.path.join(query_dir, q + ".sql"), encoding="utf-8") as f:
            sql = f.read()
        cur = con.execute(sql)
        columns = [d[0] for d in cur.description]
        types = [str(d[1]) for d in cur.description]
        rows = [[value(v) for v in row] for row in cur.fetchall()]
        with open(os.path.join(expected, q + ".json"), "w", encoding="utf-8") as f:
            json.dump({"columns": columns, "types": types, "rows": rows}, f)
    with open(os.path.join(out, "done"), "w", encoding="utf-8") as f:
        f.write("ok\n")


if __name__ == "__main__":
    main()
