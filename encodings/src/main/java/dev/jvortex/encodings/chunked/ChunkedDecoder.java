package dev.jvortex.encodings.chunked;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.util.ArrayList;
import java.util.List;

/// Decodes `vortex.chunked` (bytes in the package docs) by concatenating its chunks.
public final class ChunkedDecoder {
    private ChunkedDecoder() {}

    /// Decodes a `vortex.chunked` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        int n = node.childCount();
        if (n < 1) {
            throw VortexException.corrupt(node.location() + ": chunked array without chunk offsets");
        }
        int chunks = n - 1;
        PrimitiveArray offsets = Nodes.primitive(ctx, node, 0, PType.U64, false, chunks + 1);
        List<Array> parts = new ArrayList<>(chunks);
        long prev = offsets.getLong(0);
        if (prev != 0) {
            throw VortexException.corrupt(node.location() + ": chunk offsets start at " + prev + ", not 0");
        }
        for (int c = 0; c < chunks; c++) {
            long next = offsets.getLong(c + 1);
            if (next < prev || next > len) {
                throw VortexException.corrupt(node.location() + ": chunk offset " + (c + 1) + " = " + next
                        + " is out of order or past " + len);
            }
            parts.add(ctx.decode(node.child(c + 1), dtype, (int) (next - prev)));
            prev = next;
        }
        if (prev != len) {
            throw VortexException.corrupt(node.location() + ": chunks cover " + prev + " rows, expected " + len);
        }
        if (parts.isEmpty()) {
            return Constants.allNull(dtype, 0, ctx.arena());
        }
        return ArrayOps.concat(dtype, parts, ctx.arena());
    }
}
