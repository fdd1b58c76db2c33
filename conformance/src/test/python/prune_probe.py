"""Scans a Vortex file with the reference and a filter `COLUMN == VALUE`, counting the bytes the
reference reads from the file. Prints one JSON object: rows returned, bytes read, file size and
the filtered rows as JSON Lines text.

    python prune_probe.py FILE COLUMN VALUE
"""
import io
import json
import os
import sys

import vortex
import vortex.expr as ve

import gen_corpus


class CountingReader(io.RawIOBase):
    """A file object that counts the reads made through it."""

    def __init__(self, path):
        self.f = open(path, "rb")
        self.reads = 0
        self.bytes = 0

    def readable(self):
        return True

    def seekable(self):
        return True

    def seek(self, offset, whence=0):
        return self.f.seek(offset, whence)

    def tell(self):
        return self.f.tell()

    def readinto(self, b):
        k = self.f.readinto(b)
        self.reads += 1
        self.bytes += k
        return k


def main(path: str, column: str, value: str) -> None:
    reader = CountingReader(path)
    f = vortex.open_readable(reader)
    result = f.scan(expr=ve.column(column) == int(value)).read_all()
    table = result.to_arrow_table() if hasattr(result, "to_arrow_table") else None
    if table is None:
        import pyarrow as pa
        arr = result.to_arrow_array()
        table = pa.Table.from_struct_array(arr)
    print(json.dumps({
        "rows": table.num_rows,
        "bytes_read": reader.bytes,
        "reads": reader.reads,
        "file_size": os.path.getsize(path),
        "lines": gen_corpus.expected_lines(table),
    }))


if __name__ == "__main__":
    main(*sys.argv[1:4])
