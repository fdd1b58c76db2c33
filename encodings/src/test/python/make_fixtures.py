#!/usr/bin/env python3
"""Writes reference-produced test fixtures for the FastLanes, patches and ALP decoders.

Run with the pinned reference package (vortex-data 0.90.0, with numpy and pyarrow):

    /path/to/venv/bin/python encodings/src/test/python/make_fixtures.py

Two kinds of fixture, each a serialized array (the bytes of a flat segment) plus what it holds:

* "compressed": data run through `vortex.compress`, so the reference's own compressor chose the
  encodings and wrote the bytes (bit-packing, FoR, ALP, ALP-RD, patches, slices).
* "decoded": bytes built here by hand for encodings the default compressor does not emit
  (`fastlanes.delta`, `fastlanes.rle`), then decoded by the reference; the expected values are
  the reference's output, so the Java decoder is checked against the reference decoder.

`vortex.patched` comes from re-reading compressed bytes in a child process that sets
`VORTEX_EXPERIMENTAL_PATCHED_ARRAY=1` and serializing what it reads.

Output per fixture in encodings/src/test/resources/dev/jvortex/encodings/reference/:
`NAME.vxa` (segment bytes), `NAME.properties` (ids, type, length, tree) and `NAME.expected.gz`
(gzip of the little-endian values, zero under nulls, followed by the LSB-first validity bits).
"""

import gzip
import os
import struct
import subprocess
import sys

import numpy as np
import pyarrow as pa
import vortex as vx
import vortex._lib as vxlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources", "dev", "jvortex", "encodings",
                   "reference")
MAX_BYTES = 20_000
PTYPE_CODES = {"u8": 0, "u16": 1, "u32": 2, "u64": 3, "i8": 4, "i16": 5, "i32": 6, "i64": 7, "f16": 8, "f32": 9,
               "f64": 10}
NUMPY = {"u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64, "i8": np.int8, "i16": np.int16,
         "i32": np.int32, "i64": np.int64, "f32": np.float32, "f64": np.float64}


# ---------------------------------------------------------------- protobuf and flatbuffer writing

def varint(v):
    out = bytearray()
    v &= (1 << 64) - 1
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(number, value):
    """A varint field."""
    return varint(number << 3) + varint(value)


def message(number, payload):
    return varint((number << 3) | 2) + varint(len(payload)) + payload


class Node:
    def __init__(self, encoding, metadata=b"", buffers=(), children=()):
        self.encoding = encoding
        self.metadata = metadata
        self.buffers = list(buffers)  # (bytes, alignment)
        self.children = list(children)


def serialize(root):
    """Builds the segment bytes of a serialized array tree: buffers, the Array flatbuffer, its u32 length."""
    ids, buffers = [], []

    def collect(node):
        if node.encoding not in ids:
            ids.append(node.encoding)
        node.buffer_indices = []
        for data, align in node.buffers:
            node.buffer_indices.append(len(buffers))
            buffers.append((data, align))
        for child in node.children:
            collect(child)

    collect(root)
    segment = bytearray()
    specs = []
    for data, align in buffers:
        padding = (-len(segment)) % align
        segment += b"\0" * padding
        specs.append((padding, align.bit_length() - 1, len(data)))
        segment += data
    segment += b"\0" * ((-len(segment)) % 8)

    fb = bytearray(4)

    def pad(n):
        fb.extend(b"\0" * ((-len(fb)) % n))

    def put_u32(at, value):
        struct.pack_into("<I", fb, at, value)

    def write_node(node):
        pad(2)
        vtable = len(fb)
        # fields: encoding (u16 at 16), metadata (4), children (8), buffers (12); table size 20
        fb.extend(struct.pack("<6H", 12, 20, 16, 4, 8, 12))
        pad(4)
        table = len(fb)
        fb.extend(struct.pack("<iIIIHH", table - vtable, 0, 0, 0, ids.index(node.encoding), 0))
        pad(4)
        put_u32(table + 4, len(fb) - (table + 4))
        fb.extend(struct.pack("<I", len(node.metadata)) + node.metadata)
        pad(4)
        put_u32(table + 12, len(fb) - (table + 12))
        fb.extend(struct.pack("<I", len(node.buffer_indices)))
        for index in node.buffer_indices:
            fb.extend(struct.pack("<H", index))
        pad(4)
        put_u32(table + 8, len(fb) - (table + 8))
        vector = len(fb)
        fb.extend(struct.pack("<I", len(node.children)) + b"\0" * (4 * len(node.children)))
        for i, child in enumerate(node.children):
            slot = vector + 4 + 4 * i
            put_u32(slot, write_node(child) - slot)
        return table

    pad(2)
    vtable = len(fb)
    fb.extend(struct.pack("<4H", 8, 12, 4, 8))  # Array: root (4), buffers (8)
    pad(4)
    table = len(fb)
    fb.extend(struct.pack("<iII", table - vtable, 0, 0))
    put_u32(0, table)
    pad(4)
    put_u32(table + 8, len(fb) - (table + 8))
    fb.extend(struct.pack("<I", len(specs)))
    for padding, exponent, length in specs:
        fb.extend(struct.pack("<HBBI", padding, exponent, 0, length))
    pad(4)
    put_u32(table + 4, write_node(root) - (table + 4))
    pad(8)
    return bytes(segment + fb + struct.pack("<I", len(fb))), ids


def le(values, ptype):
    return np.asarray(values, dtype=NUMPY[ptype]).astype(NUMPY[ptype]).tobytes()


def primitive(values, ptype, valid=None):
    width = np.dtype(NUMPY[ptype]).itemsize
    children = [] if valid is None else [bools(valid)]
    return Node("vortex.primitive", b"", [(le(values, ptype), width)], children)


def bools(bits):
    return Node("vortex.bool", b"", [(np.packbits(np.asarray(bits, dtype=bool), bitorder="little").tobytes(), 1)])


# ---------------------------------------------------------------- fixtures

def vortex_dtype(ptype, nullable):
    if ptype.startswith("u"):
        return vx.uint(int(ptype[1:]), nullable=nullable)
    if ptype.startswith("i"):
        return vx.int_(int(ptype[1:]), nullable=nullable)
    return vx.float_(int(ptype[1:]), nullable=nullable)


def reference_decode(data, ids, ptype, nullable, length):
    parsed = vx.SerializedArray.parse(data)
    return parsed.decode(vxlib.serde.ReadContext(ids), vortex_dtype(ptype, nullable), length)


def write(name, data, ids, ptype, nullable, decoded, tree, kind):
    arrow = decoded.to_arrow_array()
    length = len(arrow)
    valid = np.asarray(arrow.is_valid(), dtype=bool)
    values = np.asarray(arrow.fill_null(0).to_numpy(zero_copy_only=False), dtype=NUMPY[ptype])
    expected = values.tobytes() + np.packbits(valid, bitorder="little").tobytes()
    gz = gzip.compress(expected, mtime=0)
    if len(data) > MAX_BYTES or len(gz) > MAX_BYTES:
        raise SystemExit(f"{name}: fixture too large ({len(data)} / {len(gz)} bytes)")
    with open(os.path.join(OUT, name + ".vxa"), "wb") as f:
        f.write(data)
    with open(os.path.join(OUT, name + ".expected.gz"), "wb") as f:
        f.write(gz)
    with open(os.path.join(OUT, name + ".properties"), "w") as f:
        f.write(f"# {kind} by vortex-data {vx.__version__}; written by make_fixtures.py\n")
        for line in tree.strip().splitlines():
            if "buffer:" not in line:
                f.write("# " + line + "\n")
        f.write(f"ids={','.join(ids)}\nptype={ptype}\nnullable={str(nullable).lower()}\nlength={length}\n")
    print(f"{name}: {len(data)} bytes, {length} rows, ids {ids}")
    return name


def compressed(name, arrow_array, ptype, expect, slice_to=None):
    """Compresses with the reference, optionally slices, serializes; checks the chosen encoding and
    that the reference reads its bytes back."""
    array = vx.compress(vx.array(arrow_array))
    if expect not in array.display_tree():
        raise SystemExit(f"{name}: the compressor did not choose {expect}:\n{array.display_tree()}")
    if slice_to is not None:
        array = array.slice(*slice_to)
    ctx = vx.ArrayContext()
    try:
        data = b"".join(bytes(part) for part in array.serialize(ctx))
    except RuntimeError as e:  # e.g. a lazy slice the reference cannot serialize
        print(f"{name}: skipped, the reference cannot serialize it: {str(e).splitlines()[0]}")
        return None
    ids = str(ctx).split(", ")
    nullable = arrow_array.null_count > 0
    back = reference_decode(data, ids, ptype, nullable, len(array))
    original = arrow_array if slice_to is None else arrow_array.slice(slice_to[0], slice_to[1] - slice_to[0])
    assert back.to_arrow_array().equals(original.cast(back.to_arrow_array().type)), name
    return write(name, data, ids, ptype, nullable, back, array.display_tree(), "compressed")


def decoded(name, node, ptype, nullable, length, intended_values, intended_valid):
    """Serializes a hand-built tree, lets the reference decode it, and checks it meant what we meant."""
    data, ids = serialize(node)
    out = reference_decode(data, ids, ptype, nullable, length)
    arrow = out.to_arrow_array()
    valid = np.asarray(arrow.is_valid(), dtype=bool)
    assert (valid == np.asarray(intended_valid, dtype=bool)).all(), name + ": validity differs from the intent"
    got = np.asarray(arrow.fill_null(0).to_numpy(zero_copy_only=False), dtype=NUMPY[ptype])
    want = np.asarray(intended_values, dtype=NUMPY[ptype])
    assert (got[valid] == want[valid]).all(), name + ": values differ from the intent"
    return write(name, data, ids, ptype, nullable, out, out.display_tree(), "hand-built, decoded")


ORDER = [0, 4, 2, 6, 1, 5, 3, 7]


def fl_index(row, lane):
    return ORDER[row // 8] * 16 + (row % 8) * 128 + lane


def fl_transpose(i):
    return (i % 16) * 64 + ORDER[(i // 16) % 8] * 8 + i // 128


def delta_node(values, valid, ptype, offset, length):
    """Delta as the 0.90 reference reads it: whole blocks, per-lane differences in transposed order,
    non-null bases and deltas, and (if nullable) a third child with the validity of rows
    `[offset, offset + length)` in row order."""
    bits = np.dtype(NUMPY[ptype]).itemsize * 8
    mask = (1 << bits) - 1
    lanes = 1024 // bits
    n = len(values)
    assert n % 1024 == 0
    vals = [int(v) & mask for v in values]
    bases, deltas = [], [0] * n
    for c in range(n // 1024):
        t = [vals[c * 1024 + fl_transpose(i)] for i in range(1024)]
        for lane in range(lanes):
            prev = t[lane]
            bases.append(prev)
            for row in range(bits):
                p = fl_index(row, lane)
                deltas[c * 1024 + p] = (t[p] - prev) & mask
                prev = t[p]
    unsigned = "u" + str(bits)
    meta = field(1, n) + (field(2, offset) if offset else b"")
    signed_view = lambda xs: np.asarray(xs, dtype=NUMPY[unsigned]).view(NUMPY[ptype])
    children = [primitive(signed_view(bases), ptype), primitive(signed_view(deltas), ptype)]
    if valid is not None:
        children.append(bools(valid[offset:offset + length]))
    return Node("fastlanes.delta", meta, [], children)


def rle_node(values, valid, ptype, indices_ptype, offset, rng):
    n = len(values)
    assert n % 1024 == 0
    run_values, indices, starts = [], [], []
    for c in range(n // 1024):
        starts.append(len(run_values))
        first = len(run_values)
        block = values[c * 1024:(c + 1) * 1024]
        run_values.append(block[0])
        for v in block:
            if v != run_values[-1]:
                run_values.append(v)
            indices.append(len(run_values) - 1 - first)
        count = len(run_values) - first
        for j in range(1024):
            q = c * 1024 + j
            if count > 1 and valid is not None and not valid[q]:
                top = 255 if indices_ptype == "u8" else 65535
                indices[q] = int(rng.integers(count, top + 1))  # garbage under nulls: clamped on read
    meta = (field(1, len(run_values)) + field(2, n) + field(3, PTYPE_CODES[indices_ptype]) + field(4, len(starts))
            + field(5, PTYPE_CODES["u32"]) + (field(6, offset) if offset else b""))
    return Node("fastlanes.rle", meta, [], [primitive(run_values, ptype), primitive(indices, indices_ptype, valid),
                                             primitive(starts, "u32")])


def patched_child(name, arrow_array, ptype):
    """Compresses here, then re-reads the bytes in a process with experimental patched arrays on."""
    array = vx.compress(vx.array(arrow_array))
    ctx = vx.ArrayContext()
    data = b"".join(bytes(part) for part in array.serialize(ctx))
    path = os.path.join(OUT, name + ".tmp")
    with open(path, "wb") as f:
        f.write(data)
    env = dict(os.environ, VORTEX_EXPERIMENTAL_PATCHED_ARRAY="1")
    subprocess.run([sys.executable, __file__, "--reread", path, str(ctx), ptype, str(len(array)), name], env=env,
                   check=True)
    os.remove(path)


def reread(path, ids, ptype, length, name):
    with open(path, "rb") as f:
        data = f.read()
    array = reference_decode(data, ids.split(", "), ptype, False, int(length))
    for suffix, part in (("", array), ("_sliced", array.slice(700, 2900))):
        ctx = vx.ArrayContext()
        out = b"".join(bytes(p) for p in part.serialize(ctx))
        out_ids = str(ctx).split(", ")
        assert "vortex.patched" in out_ids, out_ids
        back = reference_decode(out, out_ids, ptype, False, len(part))
        assert back.to_arrow_array().equals(part.to_arrow_array()), name
        write(name + suffix, out, out_ids, ptype, False, back, part.display_tree(), "compressed, re-read as patched")


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20260701)
    names = []

    # Bit-packing with patches (and their chunk offsets), several widths and types.
    x = rng.integers(0, 2 ** 12, size=3000).astype(np.uint32)
    x[::97] = rng.integers(2 ** 20, 2 ** 30, size=len(x[::97]))
    names.append(compressed("bitpacked_u32_patches", pa.array(x), "u32", "patch_indices"))
    names.append(compressed("bitpacked_u32_patches_sliced", pa.array(x), "u32", "patch_indices", (700, 2900)))
    x = rng.integers(0, 2 ** 9, size=2500).astype(np.uint16)
    names.append(compressed("bitpacked_u16_nulls_sliced", pa.array(x, mask=rng.random(2500) < 0.1), "u16", "fastlanes.bitpacked", (301, 2222)))
    x = rng.integers(0, 2 ** 5, size=3000).astype(np.uint8)
    names.append(compressed("bitpacked_u8", pa.array(x), "u8", "fastlanes.bitpacked"))
    x = rng.integers(0, 2 ** 37, size=1500).astype(np.uint64)
    x[::50] = rng.integers(2 ** 50, 2 ** 62, size=len(x[::50]), dtype=np.uint64)
    names.append(compressed("bitpacked_u64_patches", pa.array(x), "u64", "patch_indices"))

    # Frame of reference over bit-packing.
    x = rng.integers(-1000, -900, size=3000).astype(np.int16)
    names.append(compressed("for_i16", pa.array(x), "i16", "fastlanes.for"))
    names.append(compressed("for_i16_sliced", pa.array(x), "i16", "fastlanes.for", (1500, 2900)))
    x = (np.cumsum(rng.integers(0, 5, size=2000)) + 10 ** 12).astype(np.int64)
    names.append(compressed("for_i64", pa.array(x), "i64", "fastlanes.for"))
    x = rng.integers(-(2 ** 31), -(2 ** 31) + 5000, size=2000).astype(np.int32)
    names.append(compressed("for_i32_nulls", pa.array(x, mask=rng.random(2000) < 0.2), "i32", "fastlanes.for"))

    # ALP and ALP-RD, with patches.
    f = np.round(rng.random(2000) * 100, 2)
    f[::50] = rng.random(len(f[::50]))
    names.append(compressed("alp_f64_patches", pa.array(f), "f64", "patch_indices"))
    names.append(compressed("alp_f64_patches_sliced", pa.array(f), "f64", "vortex.alp", (1000, 1999)))
    f32 = np.round(rng.random(2000) * 1000, 1).astype(np.float32)
    names.append(compressed("alp_f32_nulls", pa.array(f32, mask=rng.random(2000) < 0.1), "f32", "vortex.alp"))
    names.append(compressed("alprd_f64", pa.array(rng.random(2000).astype(np.float32).astype(np.float64)), "f64", "vortex.alprd"))
    names.append(compressed("alprd_f32", pa.array(rng.normal(size=2000).astype(np.float32)), "f32", "vortex.alprd"))

    # vortex.patched (experimental), via a re-read with the feature flag.
    x = rng.integers(0, 2 ** 12, size=3000).astype(np.uint32)
    x[::97] = rng.integers(2 ** 20, 2 ** 30, size=len(x[::97]))
    patched_child("patched_u32", pa.array(x), "u32")
    names += ["patched_u32", "patched_u32_sliced"]

    # Delta (hand-built, current padded layout), decoded by the reference.
    for ptype, n, offset, length, nullable in (("u32", 3072, 0, 3072, False), ("i16", 2048, 300, 1500, True),
                                               ("u8", 1024, 5, 1000, True), ("i64", 2048, 0, 2000, False)):
        bits = np.dtype(NUMPY[ptype]).itemsize * 8
        steps = rng.integers(-3, 20, size=n)
        values = (np.cumsum(steps) + int(rng.integers(0, 1000))).astype(np.int64)
        values = (values & ((1 << bits) - 1) if bits < 64 else values).astype(NUMPY["u" + str(bits)]).view(NUMPY[ptype])
        valid = (rng.random(n) >= 0.2) if nullable else None
        node = delta_node(values, valid, ptype, offset, length)
        intended_valid = np.ones(length, dtype=bool) if valid is None else valid[offset:offset + length]
        names.append(decoded(f"delta_{ptype}", node, ptype, nullable, length, values[offset:offset + length],
                             intended_valid))

    # RLE (hand-built), decoded by the reference.
    for ptype, n, offset, length, nullable, indices_ptype in (("f64", 2048, 0, 2048, False, "u16"),
                                                              ("i32", 3072, 100, 2800, True, "u16"),
                                                              ("u8", 1024, 0, 1000, True, "u8")):
        runs = np.repeat(rng.integers(0, 100, size=n), rng.integers(1, 30, size=n))[:n]
        values = runs.astype(NUMPY[ptype]) if not ptype.startswith("f") else (runs / 7.0).astype(NUMPY[ptype])
        if ptype == "f64":
            values[1024:2048] = values[1024]  # one single-run block
        valid = (rng.random(n) >= 0.2) if nullable else None
        node = rle_node(list(values), valid, ptype, indices_ptype, offset, rng)
        intended_valid = np.ones(length, dtype=bool) if valid is None else valid[offset:offset + length]
        names.append(decoded(f"rle_{ptype}", node, ptype, nullable, length, values[offset:offset + length],
                             intended_valid))

    with open(os.path.join(OUT, "index.txt"), "w") as f:
        f.write("\n".join(n for n in names if n) + "\n")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--reread":
        reread(*sys.argv[2:])
    else:
        main()
