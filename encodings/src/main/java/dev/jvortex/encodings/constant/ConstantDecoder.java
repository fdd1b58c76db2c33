package dev.jvortex.encodings.constant;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.ValueLayout;

/// Decodes `vortex.constant` (bytes in the package docs): one value repeated on every row.
public final class ConstantDecoder {
    private ConstantDecoder() {}

    /// Decodes a `vortex.constant` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 0);
        Scalar value = Scalar.decode(node.buffer(0).toArray(ValueLayout.JAVA_BYTE), dtype);
        checkSize(len, ctx);
        return Constants.repeat(dtype, value, len, ctx.arena());
    }

    private static void checkSize(int len, DecodeContext ctx) {
        // Charges the decode budget with the bytes the expansion will take, so a bogus length fails cleanly.
        ctx.allocate(Math.multiplyExact((long) len, 16L), 1);
    }
}
