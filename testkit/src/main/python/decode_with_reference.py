#!/usr/bin/env python3
"""Decode serialized arrays with the reference implementation (vortex-data) and print their values.

Test support for jvortex's encoders (dev.jvortex.testing.ReferenceDecoder in the testkit module):
a Java test serializes the arrays it encoded, this script decodes each one with the reference and
prints every value, and the Java test compares them with its own.

Input (argument 1, UTF-8 text), one array per line, tab-separated:
    name  dtype  length  encoding-ids  hex-bytes
  dtype: i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64 bool utf8 binary, timestamp:UNIT[:ZONE]
         (UNIT s, ms, us or ns; printed as the i64 storage values) or decimal:PRECISION:SCALE
         (printed as the unscaled integers), with a trailing "?" if nullable
  encoding-ids: comma-separated, in the order the serialization numbered them
  hex-bytes: the serialized array (buffers, flatbuffer, u32 length), as written by
             dev.jvortex.format.ArraySerializer

Output (stdout), one line per input line, tab-separated:
    name  OK  values        values comma-separated: N for null; integers in decimal; floats as
                            the hex of their raw bits; bools 0/1; strings and bytes as hex;
                            decimals as their unscaled integers
    name  ERROR  message    the reference could not decode the array
"""

import os
import sys

# vortex.patched is experimental in the pinned reference: its decoder is registered only when this
# is set before the package is imported. Other encodings decode the same with it set.
os.environ.setdefault("VORTEX_EXPERIMENTAL_PATCHED_ARRAY", "1")

import numpy as np  # noqa: E402
import pyarrow as pa  # noqa: E402
import vortex as vx  # noqa: E402
from vortex._lib.serde import ReadContext  # noqa: E402


def dtype_of(spec):
    nullable = spec.endswith("?")
    base = spec.rstrip("?")
    if base in ("bool",):
        return vx.bool_(nullable=nullable)
    if base == "utf8":
        return vx.utf8(nullable=nullable)
    if base == "binary":
        return vx.binary(nullable=nullable)
    if base.startswith("timestamp:"):
        parts = base.split(":", 2)
        return vx.timestamp(parts[1], tz=parts[2] if len(parts) > 2 else None, nullable=nullable)
    if base.startswith("decimal:"):
        _, precision, scale = base.split(":")
        return vx.decimal(precision=int(precision), scale=int(scale), nullable=nullable)
    kind, bits = base[0], int(base[1:])
    if kind == "i":
        return vx.int_(bits, nullable=nullable)
    if kind == "u":
        return vx.uint(bits, nullable=nullable)
    if kind == "f":
        return vx.float_(bits, nullable=nullable)
    raise ValueError(f"unknown dtype {spec}")


NUMPY = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
         "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
         "f16": np.uint16, "f32": np.uint32, "f64": np.uint64}


def unscaled(value, scale):
    """The unscaled integer of a decimal.Decimal of the given scale (exact at any precision)."""
    sign, digits, exponent = value.as_tuple()
    n = int("".join(map(str, digits)) or "0")
    shift = exponent + scale
    n = n * 10**shift if shift >= 0 else n // 10**(-shift)
    return -n if sign else n


def render(arr, spec):
    base = spec.rstrip("?")
    if base.startswith("timestamp:"):
        # The i64 storage values; the cast keeps the buffers (same width) and the validity.
        arr = arr.cast(pa.int64())
        base = "i64"
    n = len(arr)
    valid = arr.is_valid().to_pylist() if arr.null_count else [True] * n
    if base in NUMPY:
        # Raw little-endian values from the data buffer (floats as their bits, NaN payloads kept).
        width = np.dtype(NUMPY[base]).itemsize
        data = arr.buffers()[1]
        values = np.frombuffer(data, dtype=NUMPY[base], count=arr.offset + n)[arr.offset:]
        if base.startswith("f"):
            return ",".join(format(int(v), "x") if ok else "N" for v, ok in zip(values, valid))
        return ",".join(str(int(v)) if ok else "N" for v, ok in zip(values, valid))
    out = []
    for v in arr.to_pylist():
        if v is None:
            out.append("N")
        elif base == "bool":
            out.append("1" if v else "0")
        elif base.startswith("decimal:"):
            out.append(str(unscaled(v, int(base.split(":")[2]))))
        elif isinstance(v, str):
            out.append(v.encode("utf-8").hex())
        else:
            out.append(bytes(v).hex())
    return ",".join(out)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            name, spec, length, ids, data = line.split("\t")
            try:
                parsed = vx.SerializedArray.parse(bytes.fromhex(data))
                array = parsed.decode(ReadContext(ids.split(",")), dtype_of(spec), int(length))
                arrow = array.to_arrow_array()
                if isinstance(arrow, pa.ChunkedArray):
                    arrow = arrow.combine_chunks()
                if arrow.type == pa.float16():
                    arrow = arrow.view(pa.uint16())
                print(f"{name}\tOK\t{render(arrow, spec)}")
            except Exception as e:  # report and keep going: one bad array must not hide the others
                msg = " ".join(str(e).split())
                print(f"{name}\tERROR\t{type(e).__name__}: {msg}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
