package dev.jvortex.encodings.bytebool;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.bytebool`: one byte per row, non-zero meaning true, packed into a bitmap.
public final class ByteBoolDecoder {
    private ByteBoolDecoder() {}

    /// Decodes a `vortex.bytebool` node as `dtype` (Bool) with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Bool)) {
            throw VortexException.corrupt(node.location() + ": vortex.bytebool cannot decode type " + dtype);
        }
        if (node.metadata().length != 0) {
            throw VortexException.corrupt(node.location() + ": vortex.bytebool expects empty metadata but has "
                    + node.metadata().length + " bytes");
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 1);
        MemorySegment bytes = node.buffer(0);
        if (bytes.byteSize() != len) {
            throw VortexException.corrupt(node.location() + ": bytebool buffer has " + bytes.byteSize()
                    + " bytes, expected one per row (" + len + ")");
        }
        MemorySegment bits = ctx.allocate(Bits.byteLength(len), 8);
        int whole = len >>> 3;
        for (int b = 0; b < whole; b++) {
            long base = (long) b << 3;
            int packed = 0;
            for (int k = 0; k < 8; k++) {
                // Branch-free: truthy bytes are arbitrary non-zero values, so a data-dependent branch
                // would mispredict on mixed columns.
                packed |= (bytes.get(JAVA_BYTE, base + k) != 0 ? 1 : 0) << k;
            }
            bits.set(JAVA_BYTE, b, (byte) packed);
        }
        int tail = 0;
        for (int i = whole << 3; i < len; i++) {
            tail |= (bytes.get(JAVA_BYTE, i) != 0 ? 1 : 0) << (i & 7);
        }
        if ((len & 7) != 0) {
            bits.set(JAVA_BYTE, whole, (byte) tail);
        }
        return new BoolArray(dtype, bits, len, Nodes.validity(ctx, node, 0, dtype, len));
    }
}
