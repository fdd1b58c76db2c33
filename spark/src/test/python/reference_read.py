"""Reads Vortex files with the reference (vortex-data) and writes their rows as one Parquet file.

    python reference_read.py OUT.parquet FILE.vortex [FILE.vortex ...]

The Spark tests compare that Parquet file, read by Spark's own reader, with the DataFrame they
wrote through the connector: the reference then reads our files with the same values.
"""

import sys

import pyarrow as pa
import pyarrow.parquet as pq
import vortex


def main():
    out, files = sys.argv[1], sys.argv[2:]
    tables = [vortex.open(f).to_arrow().read_all() for f in files]
    pq.write_table(pa.concat_tables(tables), out)
    print(sum(t.num_rows for t in tables))


if __name__ == "__main__":
    main()
