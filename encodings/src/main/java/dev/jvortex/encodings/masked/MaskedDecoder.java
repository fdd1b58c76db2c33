package dev.jvortex.encodings.masked;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;

/// Decodes `vortex.masked` (bytes in the package docs): the child's values with the given validity.
public final class MaskedDecoder {
    private MaskedDecoder() {}

    /// Decodes a `vortex.masked` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.children(node, 1, 2);
        Array child = ctx.decode(node.child(0), dtype.withNullable(false), len);
        Validity validity;
        if (node.childCount() == 2) {
            validity = Nodes.validity(ctx, node, 1, dtype, len);
        } else {
            validity = Validity.ALL_VALID;
        }
        return ArrayOps.withDType(ArrayOps.withValidity(child, validity), dtype);
    }
}
