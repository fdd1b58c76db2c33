package dev.jvortex.encodings.alp;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.TakeContext;

/// Takes rows of `vortex.alprd`: without patches its two children (left and right parts) have one
/// row per row, so [AlpRdDecoder] runs over the selected rows of both; with patches (exceptions
/// of the left parts) the node is decoded whole.
public final class AlpRdTake {
    private AlpRdTake() {}

    /// Takes rows `idx` of a `vortex.alprd` node, or returns null to decode it whole.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (AlpRdDecoder.Metadata.read(node.metadata()).patches() != null) {
            return null;
        }
        return ctx.elementwise(node, dtype, len, idx);
    }
}
