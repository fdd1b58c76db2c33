"""Reads a few rows of a large or deeply nested Vortex file with the reference implementation,
for ScaleEdgesTest.

    python scale_probe.py FILE COLUMN [INDEX ...]

Prints one JSON object: `rows` (the file's row count), `depth` (how many struct or list levels
lie above the column's leaf type) and `values` (the leaf values of COLUMN at the given sorted
row indices, or of every row when none are given). Binary and string leaves are given as
`[length, sha256-hex]` so that megabyte values stay small. The exit status is 0 when the file
was read.
"""
import hashlib
import json
import sys

import pyarrow as pa
import pyarrow.compute as pc

import vortex


def leaf(value):
    if isinstance(value, (bytes, bytearray)):
        return [len(value), hashlib.sha256(value).hexdigest()]
    if isinstance(value, str):
        raw = value.encode("utf-8")
        return [len(raw), hashlib.sha256(raw).hexdigest()]
    return value


def main(args: list) -> int:
    path, column = args[0], args[1]
    indices = [int(a) for a in args[2:]]
    f = vortex.open(path)
    if indices:
        it = f.scan([column], indices=vortex.array(pa.array(indices, type=pa.uint64())))
    else:
        it = f.scan([column])
    arr = it.read_all().to_arrow_array()
    if isinstance(arr, pa.ChunkedArray):  # large results come in chunks
        arr = arr.combine_chunks()
    arr = arr.field(0)
    depth = 0
    while True:
        t = arr.type
        if pa.types.is_struct(t):
            arr = arr.field(0)
        elif pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_list_view(t):
            arr = pc.list_flatten(arr)
        else:
            break
        depth += 1
    values = [leaf(v) for v in arr.to_pylist()]
    print(json.dumps({"rows": len(f), "depth": depth, "values": values}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
