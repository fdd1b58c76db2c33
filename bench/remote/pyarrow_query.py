"""One query of the remote benchmark with pyarrow's S3 filesystem (endpoint override), timed
inside the process: prints `seconds rows`.

    python pyarrow_query.py ENDPOINT BUCKET/KEY QUERY KEY VALUE COLUMN RUNS
QUERY: open (footer and schema), select (all columns where KEY = VALUE), column (COLUMN), full.
RUNS runs in one process (the first cold, the next ones warm for whatever pyarrow keeps).
"""
import sys
import time

import pyarrow as pa
import pyarrow.fs as fs
import pyarrow.parquet as pq


def main() -> None:
    endpoint, path, query, key, value, column, runs = sys.argv[1:8]
    # request_timeout: the AWS SDK also uses it as its low-speed window (default 3 s), which a
    # throttled link with many concurrent ranges can trip.
    s3 = fs.S3FileSystem(endpoint_override=endpoint, scheme="http", access_key="testing",
                         secret_key="testing", region="us-east-1", request_timeout=120, connect_timeout=10)
    for _ in range(int(runs)):
        t0 = time.perf_counter()
        if query == "open":
            f = pq.ParquetFile(s3.open_input_file(path))
            rows = f.metadata.num_rows
            _ = f.schema_arrow
        elif query == "select":
            v = int(value) if value.lstrip("-").isdigit() else value
            # pyarrow has no filter kernel for string_view (tpchgen-cli's Parquet stores its
            # strings as views): read those columns as plain strings.
            schema = pq.ParquetFile(s3.open_input_file(path)).schema_arrow
            plain = pa.schema([pa.field(f.name, pa.string(), f.nullable) if f.type == pa.string_view() else f
                               for f in schema])
            rows = pq.read_table(path, filesystem=s3, filters=[(key, "=", v)], schema=plain,
                                 pre_buffer=True).num_rows
        elif query == "column":
            rows = pq.read_table(path, filesystem=s3, columns=[column], pre_buffer=True).num_rows
        else:
            rows = pq.read_table(path, filesystem=s3, pre_buffer=True).num_rows
        print(f"{time.perf_counter() - t0:.6f} {rows}", flush=True)


if __name__ == "__main__":
    main()
