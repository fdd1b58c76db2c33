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

/// Decodes `vortex.bytebool`: one byte per value (non-zero is true); children `[validity?]`.
public final class ByteBoolDecoder {
    private ByteBoolDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Bool)) {
            throw VortexException.corrupt(node.location() + ": vortex.bytebool cannot decode type " + dtype);
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 1);
        MemorySegment bytes = node.buffer(0);
        if (bytes.byteSize() != len) {
            throw VortexException.corrupt(node.location() + ": bytebool buffer has " + bytes.byteSize() + " bytes, expected " + len);
        }
        MemorySegment bits = ctx.allocate(Bits.byteLength(len), 1);
        for (int i = 0; i < len; i++) {
            if (bytes.get(JAVA_BYTE, i) != 0) {
                Bits.set(bits, i);
            }
        }
        return new BoolArray(dtype, bits, len, Nodes.validity(ctx, node, 0, dtype, len));
    }
}
