package dev.jvortex.encodings.sparse;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.patches.PatchesMetadata;
import java.lang.foreign.ValueLayout;
import java.util.List;

/// Decodes `vortex.sparse` (bytes in the package docs): the fill value everywhere except at the
/// patch positions.
public final class SparseDecoder {
    private SparseDecoder() {}

    /// Decodes a `vortex.sparse` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 2, 2);
        PatchesMetadata patches = SparseMetadata.read(node.metadata()).patches();
        long npatches = patches.count();
        long offset = patches.offset();
        long indicesPtype = patches.indicesPtype();
        int n = Nodes.length(node, npatches, "patches.len");
        PType ip = Nodes.ptypeCode(node, indicesPtype, "indices_ptype");
        Scalar fill = Scalar.decode(node.buffer(0).toArray(ValueLayout.JAVA_BYTE), dtype);
        PrimitiveArray indices = Nodes.primitive(ctx, node, 0, ip, false, n);
        Array values = ctx.decode(node.child(1), dtype, n);
        checkSize(len, ctx);
        // Build the output as a take over [fill, values...]: index 0 is the fill, k + 1 the k-th patch.
        Array fillArray = Constants.repeat(dtype, fill, 1, ctx.arena());
        Array pool = ArrayOps.concat(dtype, List.of(fillArray, values), ctx.arena());
        int[] idx = new int[len];
        for (int k = 0; k < n; k++) {
            long pos = indices.getLong(k) - offset;
            if (pos < 0 || pos >= len) {
                if (indices.getLong(k) < offset) {
                    continue;
                }
                throw VortexException.corrupt(node.location() + ": sparse patch index " + indices.getLong(k)
                        + " (offset " + offset + ") outside " + len + " rows");
            }
            idx[(int) pos] = k + 1;
        }
        return ArrayOps.take(pool, idx, ctx.arena());
    }

    private static void checkSize(int len, DecodeContext ctx) {
        // Charges the decode budget with the bytes the expansion will take, so a bogus length fails cleanly.
        ctx.allocate(Math.multiplyExact((long) len, 16L), 1);
    }
}
