#!/usr/bin/env python3
"""Compress arrays with the reference implementation's default compressor and print the sizes.

Test support for comparing jvortex's encoders with the reference (vortex-data): reads the same
input as decode_with_reference.py (argument 1), decodes each array with the reference, runs
`vortex.compress` on it and prints, tab-separated:

    name  nbytes  tree

nbytes is the compressed array's `nbytes` (the bytes of all its buffers); tree is the encoding
tree in the form root(child, child, ...), e.g. fastlanes.for(fastlanes.bitpacked).
"""

import re
import sys

import vortex as vx
from vortex._lib.serde import ReadContext

from decode_with_reference import dtype_of

NODE = re.compile(r"^(\s*)[\w ]+: ([\w.]+)\(")


def tree(array):
    nodes = []
    for line in array.display_tree().splitlines():
        m = NODE.match(line)
        if m:
            nodes.append((len(m.group(1)), m.group(2).removesuffix(".v2")))
    out, depth_stack = "", []
    for depth, name in nodes:
        while depth_stack and depth_stack[-1] >= depth:
            depth_stack.pop()
            out += ")"
        if out and not out.endswith("("):
            out += ", "
        out += name + "("
        depth_stack.append(depth)
    out += ")" * len(depth_stack)
    return out.replace("()", "")


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            name, spec, length, ids, data = line.split("\t")
            try:
                array = vx.SerializedArray.parse(bytes.fromhex(data)).decode(
                    ReadContext(ids.split(",")), dtype_of(spec), int(length))
                compressed = vx.compress(array)
                print(f"{name}\t{compressed.nbytes}\t{tree(compressed)}")
            except Exception as e:
                print(f"{name}\t-1\tERROR {type(e).__name__}: {' '.join(str(e).split())}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
