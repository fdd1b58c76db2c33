package dev.jvortex.encodings.sparse;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.internal.PositionLookup;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.patches.PatchesMetadata;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/// Takes rows of `vortex.sparse`: the patch indices are read whole and checked as a full decode
/// checks them, each selected row is looked up among them by binary search, and only the values
/// of the patches hit are taken; every other row is the fill value.
public final class SparseTake {
    private SparseTake() {}

    /// Takes rows `idx` of a `vortex.sparse` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 2, 2);
        PatchesMetadata patches = SparseMetadata.read(node.metadata()).patches();
        long npatches = patches.count();
        long offset = patches.offset();
        long indicesPtype = patches.indicesPtype();
        int n = Nodes.length(node, npatches, "patches.len");
        PType ip = Nodes.ptypeCode(node, indicesPtype, "indices_ptype");
        Scalar fill = Scalar.decode(node.buffer(0).toArray(ValueLayout.JAVA_BYTE), dtype);
        long[] indices = IntegerArrays.toLongs(Nodes.primitive(ctx, node, 0, ip, false, n));
        // Patches before the offset were sliced away; any other outside the rows is corrupt.
        int[] rows = new int[n];
        int[] patchOf = new int[n];
        int kept = 0;
        for (int k = 0; k < n; k++) {
            long pos = indices[k] - offset;
            if (pos < 0 || pos >= len) {
                if (indices[k] < offset) {
                    continue;
                }
                throw VortexException.corrupt(node.location() + ": sparse patch index " + indices[k] + " (offset "
                        + offset + ") outside " + len + " rows");
            }
            rows[kept] = (int) pos;
            patchOf[kept++] = k;
        }
        PositionLookup lookup = PositionLookup.of(kept == n ? rows : Arrays.copyOf(rows, kept), len);
        int m = idx.length;
        int[] pick = new int[m];
        int[] hits = new int[m];
        int h = 0;
        for (int k = 0; k < m; k++) {
            int at = kept == 0 ? -1 : lookup.find(idx[k]);
            if (at >= 0) {
                hits[h] = patchOf[at];
                pick[k] = ++h; // 0 is the fill, j + 1 the j-th patch hit
            }
        }
        Array values = ctx.take(node.child(1), dtype, n, Arrays.copyOf(hits, h));
        Array fillArray = Constants.repeat(dtype, fill, 1, ctx.arena());
        Array pool = ArrayOps.concat(dtype, List.of(fillArray, values), ctx.arena());
        return ArrayOps.take(pool, pick, ctx.arena());
    }
}
