package dev.jvortex.encodings.chunked;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Takes rows of `vortex.chunked`: each selected row is found among the chunk offsets by binary
/// search, each chunk holding selected rows is taken at its rows, and the parts are joined and
/// put back in the order asked for.
public final class ChunkedTake {
    private ChunkedTake() {}

    /// Takes rows `idx` of a `vortex.chunked` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        int nchildren = node.childCount();
        if (nchildren < 1) {
            throw VortexException.corrupt(node.location() + ": chunked array without chunk offsets");
        }
        int chunks = nchildren - 1;
        long[] offsets = IntegerArrays.toLongs(Nodes.primitive(ctx, node, 0, PType.U64, false, chunks + 1));
        if (offsets[0] != 0) {
            throw VortexException.corrupt(node.location() + ": chunk offsets start at " + offsets[0] + ", not 0");
        }
        for (int c = 0; c < chunks; c++) {
            long next = offsets[c + 1];
            if (next < offsets[c] || next > len) {
                throw VortexException.corrupt(node.location() + ": chunk offset " + (c + 1) + " = " + next
                        + " is out of order or past " + len);
            }
        }
        if (offsets[chunks] != len) {
            throw VortexException.corrupt(
                    node.location() + ": chunks cover " + offsets[chunks] + " rows, expected " + len);
        }
        int n = idx.length;
        if (n == 0) {
            return Constants.allNull(dtype, 0, ctx.arena());
        }
        // The chunk of each row: the last chunk starting at or before it (empty chunks are skipped).
        int[] chunkOf = new int[n];
        int[] count = new int[chunks];
        for (int k = 0; k < n; k++) {
            int at = Arrays.binarySearch(offsets, idx[k]);
            int c = at >= 0 ? at : -at - 2;
            while (offsets[c + 1] <= idx[k]) {
                c++;
            }
            chunkOf[k] = c;
            count[c]++;
        }
        int[][] local = new int[chunks][];
        int[] fill = new int[chunks];
        for (int c = 0; c < chunks; c++) {
            if (count[c] > 0) {
                local[c] = new int[count[c]];
            }
        }
        for (int k = 0; k < n; k++) {
            int c = chunkOf[k];
            local[c][fill[c]++] = (int) (idx[k] - offsets[c]);
        }
        List<Array> parts = new ArrayList<>();
        int[] partStart = new int[chunks];
        int total = 0;
        for (int c = 0; c < chunks; c++) {
            if (local[c] != null) {
                partStart[c] = total;
                total += local[c].length;
                parts.add(ctx.take(node.child(c + 1), dtype, (int) (offsets[c + 1] - offsets[c]), local[c]));
            }
        }
        Array joined = parts.size() == 1 ? parts.get(0) : ArrayOps.concat(dtype, parts, ctx.arena());
        int[] order = new int[n];
        Arrays.fill(fill, 0);
        boolean identity = true;
        for (int k = 0; k < n; k++) {
            int c = chunkOf[k];
            order[k] = partStart[c] + fill[c]++;
            identity &= order[k] == k;
        }
        return identity ? joined : ArrayOps.take(joined, order, ctx.arena());
    }
}
