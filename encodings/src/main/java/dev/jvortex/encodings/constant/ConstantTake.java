package dev.jvortex.encodings.constant;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.ValueLayout;

/// Takes rows of `vortex.constant`: the value repeated once per selected row.
public final class ConstantTake {
    private ConstantTake() {}

    /// Takes rows `idx` of a `vortex.constant` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 0, 0);
        Scalar value = Scalar.decode(node.buffer(0).toArray(ValueLayout.JAVA_BYTE), dtype);
        ctx.allocate(Math.multiplyExact((long) idx.length, 16L), 1);
        return Constants.repeat(dtype, value, idx.length, ctx.arena());
    }
}
