package dev.jvortex.encodings.varbin;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;

/// Take kernels of `vortex.varbin` and `vortex.varbinview`: the selected views, or the selected
/// rows' offsets and then one view each.
public final class VarBinTake {
    private VarBinTake() {}

    /// `vortex.varbinview`: the selected views (the data buffers are shared).
    public static Array varbinview(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        int nbuf = node.bufferCount();
        if (nbuf < 1 || node.buffer(nbuf - 1).byteSize() != len * 16L) {
            return null;
        }
        MemorySegment[] buffers = new MemorySegment[nbuf];
        for (int b = 0; b < nbuf - 1; b++) {
            buffers[b] = node.buffer(b);
        }
        buffers[nbuf - 1] = ctx.gather(node.buffer(nbuf - 1), VarBinViewArray.VIEW_SIZE, idx);
        return ctx.view(node, dtype, len, idx, null, buffers);
    }

    /// `vortex.varbin`: the offsets of the selected rows and of the rows after them, then one view each.
    public static Array varbin(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            return null;
        }
        Nodes.buffers(node, 1, 1);
        Nodes.children(node, 1, 2);
        long code = VarBinMetadata.read(node.metadata()).offsetsPtype();
        PType offPtype = Nodes.ptypeCode(node, code, "offsets_ptype");
        int n = idx.length;
        long[] bounds = ctx.takeLongs(node, 0, offPtype, len + 1, pairs(idx));
        MemorySegment bytes = node.buffer(0);
        MemorySegment views = ctx.allocate(n * 16L, 16);
        for (int k = 0; k < n; k++) {
            long start = bounds[2 * k];
            long end = bounds[2 * k + 1];
            if (start < 0 || end < start || end > bytes.byteSize()) {
                throw VortexException.corrupt(node.location() + ": varbin offsets [" + start + ", " + end + ") of row "
                        + idx[k] + " outside the " + bytes.byteSize() + "-byte buffer");
            }
            VarBinDecoder.writeView(views, k, bytes, start, (int) (end - start), 0);
        }
        return new VarBinViewArray(
                dtype, views, new MemorySegment[] {bytes}, n, ctx.takeValidity(node, 1, dtype, len, idx));
    }

    /// Returns `[idx[0], idx[0] + 1, idx[1], idx[1] + 1, ...]`: the offsets bounding the selected rows.
    public static int[] pairs(int[] idx) {
        int[] out = new int[idx.length * 2];
        for (int k = 0; k < idx.length; k++) {
            out[2 * k] = idx[k];
            out[2 * k + 1] = idx[k] + 1;
        }
        return out;
    }
}
