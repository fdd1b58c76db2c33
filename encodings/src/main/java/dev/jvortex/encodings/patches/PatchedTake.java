package dev.jvortex.encodings.patches;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/// Takes rows of `vortex.patched`: the inner array is taken at the rows; each row's 1024-row
/// chunk names its patches through the lane offsets (read whole: a few per chunk), the row's
/// patch, if any, is found among them (the last one wins, as in a full decode), and only the
/// values of the patches hit are taken.
public final class PatchedTake {
    private PatchedTake() {}

    /// Takes rows `idx` of a `vortex.patched` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 4, 4);
        PatchedMetadata meta = PatchedMetadata.read(node.metadata());
        long patchesRaw = meta.patches();
        long lanesRaw = meta.lanes();
        long offsetRaw = meta.offset();
        int count = Nodes.length(node, patchesRaw, "n_patches");
        if (lanesRaw < 1 || lanesRaw > PatchedDecoder.MAX_LANES) {
            throw VortexException.corrupt(node.location() + ": n_lanes " + Long.toUnsignedString(lanesRaw)
                    + " must be in 1.." + PatchedDecoder.MAX_LANES);
        }
        if (offsetRaw < 0 || offsetRaw >= 1024) {
            throw VortexException.corrupt(
                    node.location() + ": patched offset " + Long.toUnsignedString(offsetRaw) + " must be below 1024");
        }
        int lanes = (int) lanesRaw;
        int offset = (int) offsetRaw;
        long chunks = (offset + (long) len + 1023) / 1024;
        int laneOffsetsLen = Nodes.length(node, chunks * lanes + 1, "lane offsets length");

        int n = idx.length;
        PrimitiveArray inner = ctx.takePrimitive(node, 0, ptype, dtype.nullable(), len, idx);
        MemorySegment lo =
                Nodes.primitive(ctx, node, 1, PType.U32, false, laneOffsetsLen).data();
        MemorySegment within =
                Nodes.primitive(ctx, node, 2, PType.U16, false, count).data();
        int[] hitRows = new int[n];
        int[] hitPatches = new int[n];
        int hits = 0;
        for (int k = 0; k < n; k++) {
            long grid = (long) idx[k] + offset;
            long c = grid >>> 10;
            int at = (int) (grid & 1023);
            long start = Integer.toUnsignedLong(lo.getAtIndex(PrimitiveArray.LE_INT, c * lanes));
            long stop = Integer.toUnsignedLong(lo.getAtIndex(PrimitiveArray.LE_INT, c * lanes + lanes));
            if (stop < start || stop > count) {
                throw VortexException.corrupt(node.location() + ": chunk " + c + " patches [" + start + ", " + stop
                        + ") are not a range of the " + count + " patches");
            }
            int found = -1;
            for (long p = start; p < stop; p++) {
                int w = within.getAtIndex(PrimitiveArray.LE_SHORT, p) & 0xFFFF;
                if (w >= 1024) {
                    throw VortexException.corrupt(
                            node.location() + ": patch " + p + " index " + w + " is outside its 1024-row chunk");
                }
                if (w == at) {
                    found = (int) p;
                }
            }
            if (found >= 0) {
                hitRows[hits] = k;
                hitPatches[hits++] = found;
            }
        }
        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) n * bytes, bytes);
        MemorySegment.copy(inner.data(), 0, out, 0, (long) n * bytes);
        if (hits > 0) {
            PrimitiveArray values =
                    ctx.takePrimitive(node, 3, ptype, dtype.nullable(), count, Arrays.copyOf(hitPatches, hits));
            MemorySegment src = values.data();
            for (int h = 0; h < hits; h++) {
                MemorySegment.copy(src, (long) h * bytes, out, (long) hitRows[h] * bytes, bytes);
            }
        }
        return new PrimitiveArray(dtype, ptype, out, n, inner.validity());
    }
}
