#!/usr/bin/env python3
"""Writes reference fixtures for the fsst, onpair, runend, sequence, zigzag, decimal_byte_parts
and datetimeparts decoders, using the reference implementation's Python package.

Usage (from the repository root, with vortex-data 0.90.0 and pyarrow installed):

    python encodings/src/test/python/make_fixtures_strings.py encodings/src/test/resources/fixtures/strings

For each fixture the script builds an array, lets the reference compress (or encode) it,
serializes it with `Array.serialize`, and reads the serialized array flatbuffer itself to get
every node's encoding id, metadata bytes and buffers. Nodes whose encoding the jvortex branch
that reads these fixtures does not decode yet (vortex.dict, vortex.constant, fastlanes.*) are
replaced by the canonical form of the same values: the reference decodes that subtree
(`SerializedArray.decode`) and the canonical array it gives back is serialized by the reference
too. The node under test and its other children are kept byte for byte. The expected values are
the reference's own decoding of the node under test.

Fixture text format (one file per fixture, plus `index.txt` listing them):

    # comments
    dtype <type>          e.g. utf8?  i16  decimal(12,2)?  timestamp(ms,UTC)?   (? = nullable)
    len <rows>
    node <encoding> <metadata hex or -> <buffer count> <child count>
    buffer <hex or ->     one line per buffer, then the children's nodes, depth first
    values
    <one line per row>    null | x<hex> (strings/binary) | integer (ints, timestamps' i64,
                          decimals' unscaled value)
"""

import decimal
import datetime
import os
import random
import re
import struct
import sys

import pyarrow as pa
import vortex as vx
from vortex._lib.serde import ReadContext

# Encodings the reading side decodes; anything else is replaced by its canonical equivalent.
READABLE = {
    "vortex.null", "vortex.bool", "vortex.primitive", "vortex.decimal", "vortex.varbin", "vortex.varbinview",
    "vortex.struct", "vortex.list", "vortex.listview", "vortex.fixed_size_list", "vortex.ext",
    "vortex.fsst", "vortex.onpair", "vortex.runend", "vortex.sequence", "vortex.zigzag", "vortex.bytebool",
    "vortex.decimal_byte_parts", "vortex.datetimeparts",
}


# ---------------------------------------------------------------------------------------------
# Reading the serialized array: buffers, then the `Array` flatbuffer, then its u32 length.

class Table:
    """A flatbuffer table: its position and vtable inside `buf`."""

    def __init__(self, buf, pos):
        self.buf = buf
        self.pos = pos
        self.vtable = pos - struct.unpack_from("<i", buf, pos)[0]
        self.vtable_len = struct.unpack_from("<H", buf, self.vtable)[0]

    def field(self, slot):
        at = 4 + 2 * slot
        if at >= self.vtable_len:
            return 0
        return struct.unpack_from("<H", self.buf, self.vtable + at)[0]

    def u16(self, slot):
        f = self.field(slot)
        return struct.unpack_from("<H", self.buf, self.pos + f)[0] if f else 0

    def target(self, slot):
        f = self.field(slot)
        if not f:
            return None
        at = self.pos + f
        return at + struct.unpack_from("<I", self.buf, at)[0]

    def table(self, slot):
        at = self.target(slot)
        return None if at is None else Table(self.buf, at)

    def vector(self, slot):
        """Returns (first element position, element count) or None."""
        at = self.target(slot)
        if at is None:
            return None
        return at + 4, struct.unpack_from("<I", self.buf, at)[0]


class Node:
    def __init__(self, encoding, metadata, buffers, children):
        self.encoding = encoding
        self.metadata = metadata
        self.buffers = buffers
        self.children = children
        self.dtype = None
        self.len = None
        self.note = None


def read_tree(segment, ids):
    total = len(segment)
    fb_len = struct.unpack_from("<I", segment, total - 4)[0]
    fb_start = total - 4 - fb_len
    fb = segment[fb_start:total - 4]
    array = Table(fb, struct.unpack_from("<I", fb, 0)[0])
    buffers = []
    specs = array.vector(1)
    if specs:
        first, count = specs
        pos = 0
        for i in range(count):
            padding, _align, compression, length = struct.unpack_from("<HBBI", fb, first + 8 * i)
            assert compression == 0, "compressed buffers are not expected here"
            pos += padding
            buffers.append(bytes(segment[pos:pos + length]))
            pos += length

    def node(t):
        meta = t.vector(1)
        metadata = bytes(fb[meta[0]:meta[0] + meta[1]]) if meta else b""
        children = []
        kids = t.vector(2)
        if kids:
            first, count = kids
            for i in range(count):
                at = first + 4 * i
                children.append(node(Table(fb, at + struct.unpack_from("<I", fb, at)[0])))
        own = []
        refs = t.vector(3)
        if refs:
            first, count = refs
            own = [buffers[struct.unpack_from("<H", fb, first + 2 * i)[0]] for i in range(count)]
        return Node(ids[t.u16(0)], metadata, own, children)

    return node(array.table(0))


def serialize(array):
    ctx = vx.ArrayContext()
    segment = b"".join(bytes(p) for p in array.serialize(ctx))
    ids = str(ctx).split(", ") if len(ctx) else []
    return segment, ids


NODE_LINE = re.compile(r"^\s*(\w+): ([\w.]+)\((.*), len=(\d+)\)")


def attach_types(tree, array):
    """Gives every node its dtype and length, read from the reference's display_tree (same order)."""
    described = []
    for line in array.display_tree().splitlines():
        m = NODE_LINE.match(line)
        if m:
            described.append((m.group(2), m.group(3), int(m.group(4))))
    nodes = []

    def walk(n):
        nodes.append(n)
        for c in n.children:
            walk(c)

    walk(tree)
    assert len(nodes) == len(described), (len(nodes), described)
    for n, (shown, dtype, length) in zip(nodes, described):
        # display names may carry a version suffix (e.g. fastlanes.bitpacked.v2)
        assert shown == n.encoding or shown.startswith(n.encoding + "."), (shown, n.encoding)
        n.dtype = dtype
        n.len = length


def py_dtype(text):
    nullable = text.endswith("?")
    base = text.rstrip("?")
    if base == "bool":
        return vx.bool_(nullable=nullable)
    if base in ("utf8", "binary"):
        return (vx.utf8 if base == "utf8" else vx.binary)(nullable=nullable)
    m = re.fullmatch(r"([ui])(8|16|32|64)", base)
    if m:
        return (vx.int_ if m.group(1) == "i" else vx.uint)(int(m.group(2)), nullable=nullable)
    raise ValueError("no python dtype for " + text)


def canonicalize_unreadable(tree, serialized, read_ctx, path="root"):
    """Replaces every subtree with an unreadable encoding by the canonical form of its values."""
    for i, child in enumerate(tree.children):
        sub = serialized.children[i]
        if child.encoding in READABLE:
            canonicalize_unreadable(child, sub, read_ctx, path + "." + str(i))
            continue
        values = sub.decode(read_ctx, py_dtype(child.dtype), child.len).to_arrow_array()
        canonical = vx.array(values)
        segment, ids = serialize(canonical)
        replacement = read_tree(segment, ids)
        attach_types(replacement, canonical)
        replacement.note = "%s: %s replaced by its canonical form" % (path + "." + str(i), child.encoding)
        tree.children[i] = replacement


def subtree(tree, serialized, path):
    for i in path:
        tree = tree.children[i]
        serialized = serialized.children[i]
    return tree, serialized


# ---------------------------------------------------------------------------------------------
# Writing fixtures.

def fixture_dtype(text):
    """Turns a display dtype into the fixture notation."""
    m = re.fullmatch(r"vortex\.timestamp\[(\w+)(?:, tz=([^\]]+))?\]\(i64(\??)\)", text)
    if m:
        unit = {"ns": "ns", "µs": "us", "us": "us", "ms": "ms", "s": "s"}[m.group(1)]
        return "timestamp(%s%s)%s" % (unit, "," + m.group(2) if m.group(2) else "", m.group(3))
    return text


def value_lines(arrow_array, dtype):
    if pa.types.is_timestamp(arrow_array.type):
        arrow_array = arrow_array.cast(pa.int64())
    out = []
    scale = arrow_array.type.scale if pa.types.is_decimal(arrow_array.type) else None
    for v in arrow_array.to_pylist():
        if v is None:
            out.append("null")
        elif isinstance(v, str):
            out.append("x" + v.encode("utf-8").hex())
        elif isinstance(v, bytes):
            out.append("x" + v.hex())
        elif isinstance(v, bool):
            out.append("true" if v else "false")
        elif isinstance(v, decimal.Decimal):
            out.append(str(int(v.scaleb(scale))))
        elif isinstance(v, int):
            out.append(str(v))
        else:
            raise ValueError("cannot write value %r of %s" % (v, dtype))
    return out


def write_fixture(directory, name, comment, array, path=()):
    segment, ids = serialize(array)
    tree = read_tree(segment, ids)
    attach_types(tree, array)
    serialized = vx.SerializedArray.parse(segment)
    read_ctx = ReadContext(ids)
    target, target_serialized = subtree(tree, serialized, path)
    if path:
        expected = target_serialized.decode(read_ctx, py_dtype(target.dtype), target.len).to_arrow_array()
    else:
        expected = array.to_arrow_array()
    canonicalize_unreadable(target, target_serialized, read_ctx, "root")
    assert target.encoding in READABLE, target.encoding

    lines = ["# " + line for line in comment.splitlines()]
    lines.append("# generated by encodings/src/test/python/make_fixtures_strings.py with vortex-data %s" % vx.__version__)
    if path:
        lines.append("# the node under test is child path %s of what the reference wrote" % ".".join(map(str, path)))
    notes = []

    def emit(n):
        if n.note:
            notes.append(n.note)
        lines.append("node %s %s %d %d" % (n.encoding, n.metadata.hex() or "-", len(n.buffers), len(n.children)))
        for b in n.buffers:
            lines.append("buffer " + (b.hex() or "-"))
        for c in n.children:
            emit(c)

    body_start = len(lines)
    lines.append("dtype " + fixture_dtype(target.dtype))
    lines.append("len %d" % target.len)
    emit(target)
    lines[body_start:body_start] = ["# " + note for note in notes]
    lines.append("values")
    lines.extend(value_lines(expected, target.dtype))
    assert len(expected) == target.len
    text = "\n".join(lines) + "\n"
    assert len(text) < 20_000, "%s is %d bytes" % (name, len(text))
    with open(os.path.join(directory, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(text)
    print("%-34s %6d bytes  %s" % (name, len(text), tree.encoding))
    return name


# ---------------------------------------------------------------------------------------------
# The fixtures.

WORDS = ["alpha", "beta", "gamma", "delta", "https://www.example.com/path/", "the quick brown fox ", "ü€😀", "zeta", ""]


def strings(rng, n, null_rate, unique=True):
    out = []
    for i in range(n):
        if rng.random() < null_rate:
            out.append(None)
            continue
        kind = rng.randrange(8)
        if kind == 0:
            out.append("")
        elif kind == 1:
            out.append("".join(rng.choice(WORDS) for _ in range(rng.randrange(6, 14))) + str(i))
        else:
            s = "".join(rng.choice(WORDS) for _ in range(rng.randrange(0, 4)))
            out.append(s + (str(rng.randrange(10 ** 6)) if unique else ""))
    return out


def compressed(values, arrow_type=None):
    return vx.compress(vx.array(pa.array(values, type=arrow_type)))


def expect_root(array, encoding):
    first = array.display_tree().splitlines()[0]
    assert re.match(r"root: " + re.escape(encoding) + r"(\.v\d+)?\(", first), first
    return array


def main(directory):
    os.makedirs(directory, exist_ok=True)
    names = []

    rng = random.Random(20260701)
    fsst = expect_root(compressed(strings(rng, 180, 0.12)), "vortex.fsst")
    names.append(write_fixture(directory, "fsst_utf8_nullable",
                               "vortex.fsst over nullable utf8: nulls, empty, long and multi-byte strings", fsst))
    names.append(write_fixture(directory, "fsst_utf8_sliced",
                               "the same vortex.fsst array sliced to rows [31, 170): codes_offsets start above 0, "
                               "validity has a bit offset", expect_root(fsst.slice(31, 170), "vortex.fsst")))
    binary = [None if s is None else s.encode("utf-8") + bytes([255, 0, rng.randrange(256)]) for s in strings(rng, 120, 0.1)]
    names.append(write_fixture(directory, "fsst_binary_nullable", "vortex.fsst over nullable binary (0xFF bytes escaped)",
                               expect_root(compressed(binary, pa.binary()), "vortex.fsst")))
    names.append(write_fixture(directory, "fsst_utf8_non_nullable", "vortex.fsst over non-nullable utf8 (no validity child)",
                               expect_root(compressed([s or "" for s in strings(rng, 90, 0)], pa.string()), "vortex.fsst")))

    rng = random.Random(5)
    onpair = compressed(strings(rng, 300, 0.1))
    if "vortex.onpair" in onpair.display_tree().splitlines()[0]:
        names.append(write_fixture(directory, "onpair_utf8_sliced",
                                   "vortex.onpair over nullable utf8, sliced to rows [200, 280) (codes window above 0)",
                                   expect_root(onpair.slice(200, 280), "vortex.onpair")))
        names.append(write_fixture(directory, "onpair_utf8_head",
                                   "vortex.onpair over nullable utf8, sliced to rows [0, 60)",
                                   expect_root(onpair.slice(0, 60), "vortex.onpair")))
    else:
        print("note: the compressor did not choose vortex.onpair; no onpair fixture written")

    rng = random.Random(7)
    runs = []
    for _ in range(40):
        v = rng.choice([None, rng.randrange(-100, 100)])
        runs += [v] * rng.randrange(1, 15)
    names.append(write_fixture(directory, "runend_i16_nullable", "vortex.runend over nullable i16 runs",
                               expect_root(compressed(runs, pa.int16()), "vortex.runend")))
    dict_runs = compressed([(i // 37) * 1000 + 7 for i in range(1500)], pa.int64())
    if "vortex.runend" in dict_runs.display_tree().splitlines()[2]:
        names.append(write_fixture(directory, "runend_u8_dict_codes",
                                   "vortex.runend codes of a vortex.dict over i64 runs", dict_runs, path=(0,)))

    names.append(write_fixture(directory, "sequence_i32", "vortex.sequence 5, 8, 11, ... (i32)",
                               expect_root(compressed(list(range(5, 3000, 3)), pa.int32()), "vortex.sequence")))
    names.append(write_fixture(directory, "sequence_u64_high", "vortex.sequence over u64 above 2^63",
                               expect_root(compressed(list(range(2 ** 63 + 5, 2 ** 63 + 5 + 7 * 500, 7)), pa.uint64()),
                                           "vortex.sequence")))
    names.append(write_fixture(directory, "sequence_i64_descending", "vortex.sequence with a negative multiplier",
                               expect_root(compressed(list(range(-5, -3000, -11)), pa.int64()), "vortex.sequence")))
    names.append(write_fixture(directory, "sequence_i8_full_range", "vortex.sequence -128..127 (i8)",
                               expect_root(compressed(list(range(-128, 128)), pa.int8()), "vortex.sequence")))

    rng = random.Random(9)
    names.append(write_fixture(directory, "zigzag_i32", "vortex.zigzag over i32 (ZigZagArray.encode)",
                               vx.ZigZagArray.encode(vx.array(pa.array([rng.randrange(-50, 50) for _ in range(150)],
                                                                       type=pa.int32())))))
    extremes = [rng.choice([None, -2 ** 63, 2 ** 63 - 1, 0, -1, rng.randrange(-2 ** 40, 2 ** 40)]) for _ in range(100)]
    names.append(write_fixture(directory, "zigzag_i64_nullable", "vortex.zigzag over nullable i64 including the extremes",
                               vx.ZigZagArray.encode(vx.array(pa.array(extremes, type=pa.int64())))))

    rng = random.Random(11)
    for kind, unit, tz in [("midnight", "ms", "UTC"), ("seconds", "ms", None), ("seconds", "us", "Europe/Amsterdam"),
                           ("seconds", "s", None)]:
        values = []
        for i in range(100):
            t = datetime.datetime(2021, 3, 4) + datetime.timedelta(days=rng.randrange(-20000, 400))
            if kind == "seconds":
                t += datetime.timedelta(seconds=rng.randrange(86400))
            values.append(None if i % 7 == 0 else t)
        array = compressed(values, pa.timestamp(unit, tz=tz))
        if "vortex.datetimeparts" not in array.display_tree().splitlines()[0]:
            print("note: no datetimeparts for", kind, unit)
            continue
        names.append(write_fixture(directory, "datetimeparts_%s_%s" % (kind, unit),
                                   "vortex.datetimeparts over nullable timestamp(%s, tz=%s), %s values (some before 1970)"
                                   % (unit, tz, kind), array))

    rng = random.Random(13)
    decimals = [None if rng.random() < 0.15 else decimal.Decimal(rng.randrange(-10 ** 6, 10 ** 6)) / 100 for _ in range(60)]
    names.append(write_fixture(directory, "decimal_byte_parts_nullable",
                               "vortex.decimal_byte_parts over nullable decimal(12,2)",
                               expect_root(compressed(decimals, pa.decimal128(12, 2)), "vortex.decimal_byte_parts")))
    wide = [decimal.Decimal(rng.randrange(-10 ** 15, 10 ** 15)) / 10 ** 4 for _ in range(40)]
    names.append(write_fixture(directory, "decimal_byte_parts_p30",
                               "vortex.decimal_byte_parts over decimal(30,4) whose values fit i64",
                               expect_root(compressed(wide, pa.decimal128(30, 4)), "vortex.decimal_byte_parts")))

    with open(os.path.join(directory, "index.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(names) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "encodings/src/test/resources/fixtures/strings")
