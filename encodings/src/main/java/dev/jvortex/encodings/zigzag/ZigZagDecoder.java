package dev.jvortex.encodings.zigzag;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.zigzag`: the child holds `u = (v << 1) ^ (v >> (w - 1))` as an unsigned integer
/// of the same width; the value is `(u >>> 1) ^ -(u & 1)`.
public final class ZigZagDecoder {
    private ZigZagDecoder() {}

    /// Decodes a `vortex.zigzag` node as `dtype` (a signed integer type) with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        if (!ptype.isSigned()) {
            throw VortexException.corrupt(node.location() + ": vortex.zigzag decodes to signed integers, not " + dtype);
        }
        if (node.metadata().length != 0) {
            throw VortexException.corrupt(node.location() + ": vortex.zigzag expects empty metadata but has "
                    + node.metadata().length + " bytes");
        }
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 1, 1);
        PrimitiveArray encoded = Nodes.primitive(ctx, node, 0, ptype.toUnsigned(), dtype.nullable(), len);
        int w = ptype.byteWidth();
        MemorySegment in = encoded.data();
        MemorySegment out = ctx.allocate((long) len * w, w);
        switch (w) {
            case 1 -> {
                for (int i = 0; i < len; i++) {
                    int u = in.get(JAVA_BYTE, i) & 0xFF;
                    out.set(JAVA_BYTE, i, (byte) ((u >>> 1) ^ -(u & 1)));
                }
            }
            case 2 -> {
                for (int i = 0; i < len; i++) {
                    int u = in.getAtIndex(PrimitiveArray.LE_SHORT, i) & 0xFFFF;
                    out.setAtIndex(PrimitiveArray.LE_SHORT, i, (short) ((u >>> 1) ^ -(u & 1)));
                }
            }
            case 4 -> {
                for (int i = 0; i < len; i++) {
                    int u = in.getAtIndex(PrimitiveArray.LE_INT, i);
                    out.setAtIndex(PrimitiveArray.LE_INT, i, (u >>> 1) ^ -(u & 1));
                }
            }
            default -> {
                for (int i = 0; i < len; i++) {
                    long u = in.getAtIndex(PrimitiveArray.LE_LONG, i);
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, (u >>> 1) ^ -(u & 1));
                }
            }
        }
        return new PrimitiveArray(dtype, ptype, out, len, encoded.validity());
    }
}
