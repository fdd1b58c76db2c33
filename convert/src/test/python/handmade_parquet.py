"""A minimal Parquet writer for the fixtures pyarrow cannot write: legacy (2-level) lists,
bare repeated fields, legacy MAP/MAP_KEY_VALUE groups, converted types without logical types,
BYTE_ARRAY decimals, BIT_PACKED levels, PLAIN_DICTIONARY pages and the Hadoop-framed LZ4 codec.

Only what the fixtures need: Thrift compact structs, RLE or BIT_PACKED levels, PLAIN values,
one data page (or a dictionary page and one data page) per column chunk.
"""

from __future__ import annotations

import struct

import pyarrow as pa

# Thrift compact types
T_TRUE, T_FALSE, T_BYTE, T_I16, T_I32, T_I64, T_DOUBLE, T_BINARY, T_LIST, T_SET, T_MAP, T_STRUCT = range(1, 13)

BOOLEAN, INT32, INT64, INT96, FLOAT, DOUBLE, BYTE_ARRAY, FLBA = range(8)
REQUIRED, OPTIONAL, REPEATED = range(3)
UTF8, MAP, MAP_KEY_VALUE, LIST, ENUM, DECIMAL, DATE, TIME_MILLIS, TIME_MICROS, TS_MILLIS, TS_MICROS = range(11)
UINT_8, UINT_16, UINT_32, UINT_64, INT_8, INT_16, INT_32, INT_64 = range(11, 19)
PLAIN, PLAIN_DICTIONARY, RLE, BIT_PACKED = 0, 2, 3, 4
UNCOMPRESSED, SNAPPY, GZIP, LZ4 = 0, 1, 2, 5


def varint(v: int) -> bytes:
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zigzag(v: int) -> int:
    return (v << 1) ^ (v >> 63)


def struct_bytes(fields) -> bytes:
    """fields: list of (id, kind, value); kind in i32 i64 bin bool struct list:<kind>."""
    out = bytearray()
    last = 0
    for fid, kind, val in sorted(fields, key=lambda f: f[0]):
        if val is None:
            continue
        t = {"i32": T_I32, "i64": T_I64, "bin": T_BINARY, "struct": T_STRUCT}.get(kind)
        if kind == "bool":
            t = T_TRUE if val else T_FALSE
        if kind.startswith("list:"):
            t = T_LIST
        delta = fid - last
        if 0 < delta <= 15:
            out.append((delta << 4) | t)
        else:
            out.append(t)
            out += varint(zigzag(fid))
        last = fid
        if kind != "bool":
            out += value_bytes(kind, val)
    out.append(0)
    return bytes(out)


def value_bytes(kind, val) -> bytes:
    if kind in ("i32", "i64"):
        return varint(zigzag(val))
    if kind == "bin":
        b = val.encode() if isinstance(val, str) else val
        return varint(len(b)) + b
    if kind == "struct":
        return struct_bytes(val)
    if kind.startswith("list:"):
        ek = kind[5:]
        et = {"i32": T_I32, "i64": T_I64, "bin": T_BINARY, "struct": T_STRUCT}[ek]
        head = bytes([(len(val) << 4) | et]) if len(val) < 15 else bytes([0xF0 | et]) + varint(len(val))
        return head + b"".join(value_bytes(ek, v) for v in val)
    raise ValueError(kind)


def rle(values, width) -> bytes:
    """RLE runs of equal values (the hybrid's RLE form only)."""
    out = bytearray()
    nbytes = (width + 7) // 8
    i = 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        out += varint((j - i) << 1) + values[i].to_bytes(nbytes, "little")
        i = j
    return bytes(out)


def bitpacked_hybrid(values, width) -> bytes:
    """The hybrid's bit-packed form only (one run, padded to a multiple of 8 values)."""
    padded = list(values) + [0] * (-len(values) % 8)
    acc = 0
    for k, v in enumerate(padded):
        acc |= v << (k * width)
    return varint(((len(padded) // 8) << 1) | 1) + acc.to_bytes(len(padded) * width // 8, "little")


def bit_packed_levels(values, width) -> bytes:
    """The deprecated BIT_PACKED encoding: most-significant bit first, no header."""
    bits = "".join(format(v, "0%db" % width) for v in values) if width else ""
    bits += "0" * (-len(bits) % 8)
    return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))


def plain(ptype, values, type_length=None) -> bytes:
    if ptype == BOOLEAN:
        acc = 0
        for k, v in enumerate(values):
            acc |= int(bool(v)) << k
        return acc.to_bytes((len(values) + 7) // 8, "little")
    if ptype == INT32:
        return b"".join(struct.pack("<i", v) for v in values)
    if ptype == INT64:
        return b"".join(struct.pack("<q", v) for v in values)
    if ptype == DOUBLE:
        return b"".join(struct.pack("<d", v) for v in values)
    if ptype == BYTE_ARRAY:
        return b"".join(struct.pack("<i", len(v)) + v for v in values)
    if ptype == FLBA:
        assert all(len(v) == type_length for v in values)
        return b"".join(values)
    raise ValueError(ptype)


def compress(codec, data: bytes) -> bytes:
    if codec == UNCOMPRESSED:
        return data
    if codec == SNAPPY:
        return pa.compress(data, codec="snappy", asbytes=True)
    if codec == GZIP:
        return pa.compress(data, codec="gzip", asbytes=True)
    if codec == LZ4:  # Hadoop framing: BE u32 uncompressed size, BE u32 compressed size, raw block
        block = pa.compress(data, codec="lz4_raw", asbytes=True)
        return struct.pack(">II", len(data), len(block)) + block
    raise ValueError(codec)


class Column:
    """One leaf column: schema path, physical type, levels and non-null values."""

    def __init__(self, path, ptype, max_def, max_rep, defs, reps, values, *, type_length=None,
                 codec=UNCOMPRESSED, level_encoding=RLE, dictionary=False, num_values=None):
        self.path, self.ptype, self.max_def, self.max_rep = path, ptype, max_def, max_rep
        self.defs, self.reps, self.values, self.type_length = defs, reps, values, type_length
        self.codec, self.level_encoding, self.dictionary = codec, level_encoding, dictionary
        self.num_values = num_values
        self.raw_defs = None


def levels_bytes(levels, max_level, encoding):
    width = max_level.bit_length()
    if encoding == BIT_PACKED:
        return bit_packed_levels(levels, width)
    body = rle(levels, width)
    return struct.pack("<i", len(body)) + body


def page(ptype_header_fields, payload: bytes, uncompressed: int) -> bytes:
    return struct_bytes(ptype_header_fields + [(2, "i32", uncompressed), (3, "i32", len(payload))]) + payload


def write_file(path, schema_elements, columns, num_rows):
    """schema_elements: list of dicts with keys type, type_length, repetition, name, num_children,
    converted_type, scale, precision (depth-first, the root first)."""
    out = bytearray(b"PAR1")
    chunks = []
    for col in columns:
        start = len(out)
        n = len(col.defs) if col.max_def > 0 else len(col.values)
        dict_offset = None
        enc = PLAIN
        values = col.values
        if col.dictionary:
            distinct = list(dict.fromkeys(values))
            raw = plain(col.ptype, distinct, col.type_length)
            comp = compress(col.codec, raw)
            dict_offset = len(out)
            out += page([(1, "i32", 2), (7, "struct", [(1, "i32", len(distinct)), (2, "i32", PLAIN_DICTIONARY)])],
                         comp, len(raw))
            width = max(1, (len(distinct) - 1).bit_length())
            idx = [distinct.index(v) for v in values]
            vals = bytes([width]) + bitpacked_hybrid(idx, width)
            enc = PLAIN_DICTIONARY
        else:
            vals = plain(col.ptype, values, col.type_length)
        body = b""
        if col.max_rep > 0:
            body += levels_bytes(col.reps, col.max_rep, col.level_encoding)
        if col.raw_defs is not None:
            body += col.raw_defs
        elif col.max_def > 0:
            body += levels_bytes(col.defs, col.max_def, col.level_encoding)
        body += vals
        comp = compress(col.codec, body)
        data_offset = len(out)
        nv = n if col.num_values is None else col.num_values
        out += page([(1, "i32", 0), (5, "struct", [(1, "i32", nv), (2, "i32", enc), (3, "i32", col.level_encoding),
                                                     (4, "i32", col.level_encoding)])], comp, len(body))
        meta = [(1, "i32", col.ptype), (2, "list:i32", [PLAIN, RLE] + ([PLAIN_DICTIONARY] if col.dictionary else [])),
                (3, "list:bin", col.path), (4, "i32", col.codec), (5, "i64", nv),
                (6, "i64", len(out) - start), (7, "i64", len(out) - start), (9, "i64", data_offset),
                (11, "i64", dict_offset)]
        chunks.append([(2, "i64", start), (3, "struct", meta)])
    schema = []
    for e in schema_elements:
        schema.append([(1, "i32", e.get("type")), (2, "i32", e.get("type_length")), (3, "i32", e.get("repetition")),
                       (4, "bin", e["name"]), (5, "i32", e.get("num_children")), (6, "i32", e.get("converted_type")),
                       (7, "i32", e.get("scale")), (8, "i32", e.get("precision"))])
    total = len(out) - 4
    row_group = [(1, "list:struct", chunks), (2, "i64", total), (3, "i64", num_rows)]
    footer = struct_bytes([(1, "i32", 1), (2, "list:struct", schema), (3, "i64", num_rows),
                           (4, "list:struct", [row_group]), (6, "bin", "jvortex handmade fixture")])
    out += footer + struct.pack("<i", len(footer)) + b"PAR1"
    with open(path, "wb") as f:
        f.write(out)


def shred_list(rows, list_optional, elem_optional, base_def=0):
    """Levels and values of the leaf of a list (one repetition level) of leaves."""
    d_list = base_def + (1 if list_optional else 0)
    d_elem = d_list + 1
    d_val = d_elem + (1 if elem_optional else 0)
    reps, defs, vals = [], [], []
    for row in rows:
        if row is None:
            reps.append(0)
            defs.append(d_list - 1)
        elif len(row) == 0:
            reps.append(0)
            defs.append(d_list)
        else:
            for i, v in enumerate(row):
                reps.append(0 if i == 0 else 1)
                if v is None:
                    defs.append(d_elem)
                else:
                    defs.append(d_val)
                    vals.append(v)
    return reps, defs, vals, d_val


def shred_optional(values):
    return [0 if v is None else 1 for v in values], [v for v in values if v is not None]
