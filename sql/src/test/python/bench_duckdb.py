"""DuckDB side of the SQL benchmark (not run in CI; see SqlBenchmark).

    python bench_duckdb.py LINEITEM_PARQUET RUNS QUERY_FILE...

For each query prints one line per engine: `duckdb-parquet NAME best_ms median_ms` (a view over
the Parquet file) and `duckdb-table NAME best_ms median_ms` (the file loaded into DuckDB's own
in-memory table first), each after one warm-up run, with DuckDB's default threads.
"""

import os
import statistics
import sys
import time

import duckdb


def timed(con, sql, runs):
    con.execute(sql).fetchall()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        con.execute(sql).fetchall()
        times.append((time.perf_counter() - t) * 1000)
    return min(times), statistics.median(times)


def main():
    parquet, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    view = duckdb.connect()
    view.execute(f"CREATE VIEW lineitem AS SELECT * FROM read_parquet('{parquet}')")
    table = duckdb.connect()
    table.execute(f"CREATE TABLE lineitem AS SELECT * FROM read_parquet('{parquet}')")
    for f in files:
        name = os.path.splitext(os.path.basename(f))[0]
        with open(f, encoding="utf-8") as fh:
            sql = fh.read()
        for engine, con in (("duckdb-parquet", view), ("duckdb-table", table)):
            best, median = timed(con, sql, runs)
            print(f"{engine} {name} {best:.1f} {median:.1f}", flush=True)


if __name__ == "__main__":
    main()
