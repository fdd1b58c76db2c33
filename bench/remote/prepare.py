"""Datasets of the remote benchmark: TPC-H lineitem SF1 and the OHLC table (10M rows), as
Parquet written by pyarrow with its defaults (Snappy, 1M-row groups, as bench_datasets.py
writes them) and meta.json (the selective query's key and value). The Vortex files are
converted from the Parquet by `jvx convert` (bench/remote/run does that).

    python bench/remote/prepare.py OUT_DIR
"""
import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))
import bench_datasets  # noqa: E402  (the OHLC generator and the string normalisation)


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    tpchgen = str(Path(sys.executable).parent / "tpchgen-cli")
    li = out / "lineitem"
    li.mkdir(exist_ok=True)
    if not (li / "source.parquet").exists():
        raw = out / "_tpch"
        raw.mkdir(exist_ok=True)
        subprocess.run([tpchgen, "parquet", "-s", "1", "-T", "lineitem", "-o", str(raw), "--overwrite"],
                       check=True, stdout=subprocess.DEVNULL)
        table = bench_datasets.plain_strings(pq.read_table(raw / "lineitem.parquet"))
        pq.write_table(table, li / "source.parquet")
        (raw / "lineitem.parquet").unlink()
        raw.rmdir()
    table = pq.read_table(li / "source.parquet", columns=["l_orderkey"])
    key = table.column("l_orderkey")[table.num_rows // 2].as_py()
    (li / "meta.json").write_text(json.dumps({"key": "l_orderkey", "key_value": key, "column": "l_extendedprice"}))
    oh = out / "ohlc"
    oh.mkdir(exist_ok=True)
    if not (oh / "source.parquet").exists():
        pq.write_table(bench_datasets.ohlc(False), oh / "source.parquet")
    (oh / "meta.json").write_text(json.dumps({"key": "symbol", "key_value": "SYM042", "column": "close"}))


if __name__ == "__main__":
    main()
