package dev.jvortex.encodings.zigzag;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.zigzag`: the child holds `(v << 1) ^ (v >> (w - 1))` as unsigned values of
/// the same width; `v = (u >>> 1) ^ -(u & 1)`.
public final class ZigZagDecoder {
    private ZigZagDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        if (!ptype.isSigned()) {
            throw VortexException.corrupt(node.location() + ": zigzag needs a signed type, not " + dtype);
        }
        Nodes.children(node, 1, 1);
        PrimitiveArray enc = Nodes.primitive(ctx, node, 0, ptype.toUnsigned(), dtype.nullable(), len);
        MemorySegment out = ctx.allocate((long) len * ptype.byteWidth(), ptype.byteWidth());
        MemorySegment in = enc.data();
        switch (ptype.byteWidth()) {
            case 8 -> {
                for (int i = 0; i < len; i++) {
                    long u = in.getAtIndex(PrimitiveArray.LE_LONG, i);
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, (u >>> 1) ^ -(u & 1));
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
                    long u = enc.getLong(i);
                    PrimitiveArray.setLong(out, ptype, i, (u >>> 1) ^ -(u & 1));
                }
            }
        }
        return new PrimitiveArray(dtype, ptype, out, len, enc.validity());
    }
}
