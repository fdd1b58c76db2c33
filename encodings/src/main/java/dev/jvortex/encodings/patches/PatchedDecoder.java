package dev.jvortex.encodings.patches;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.patched` (experimental): an inner array plus patches grouped per 1024-row
/// chunk and lane, with chunk-local `u16` indices (layout in the package docs).
public final class PatchedDecoder {
    private PatchedDecoder() {}

    /// Most lanes accepted per chunk (the writer uses 16 or 32).
    static final int MAX_LANES = 1024;

    /// Decodes a `vortex.patched` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 4, 4);
        PatchedMetadata meta = PatchedMetadata.read(node.metadata());
        long patchesRaw = meta.patches();
        long lanesRaw = meta.lanes();
        long offsetRaw = meta.offset();
        int count = Nodes.length(node, patchesRaw, "n_patches");
        if (lanesRaw < 1 || lanesRaw > MAX_LANES) {
            throw VortexException.corrupt(
                    node.location() + ": n_lanes " + Long.toUnsignedString(lanesRaw) + " must be in 1.." + MAX_LANES);
        }
        if (offsetRaw < 0 || offsetRaw >= 1024) {
            throw VortexException.corrupt(
                    node.location() + ": patched offset " + Long.toUnsignedString(offsetRaw) + " must be below 1024");
        }
        int lanes = (int) lanesRaw;
        int offset = (int) offsetRaw;
        long end = offset + (long) len;
        long chunks = (end + 1023) / 1024;
        int laneOffsetsLen = Nodes.length(node, chunks * lanes + 1, "lane offsets length");

        PrimitiveArray inner = Nodes.primitive(ctx, node, 0, ptype, dtype.nullable(), len);
        PrimitiveArray laneOffsets = Nodes.primitive(ctx, node, 1, PType.U32, false, laneOffsetsLen);
        PrimitiveArray indices = Nodes.primitive(ctx, node, 2, PType.U16, false, count);
        PrimitiveArray values = Nodes.primitive(ctx, node, 3, ptype, dtype.nullable(), count);

        // The inner values may be a view of the file: patch a copy.
        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * bytes, bytes);
        MemorySegment.copy(inner.data(), 0, out, 0, (long) len * bytes);
        MemorySegment lo = laneOffsets.data();
        MemorySegment idx = indices.data();
        MemorySegment src = values.data();
        for (long c = 0; c < chunks; c++) {
            long start = Integer.toUnsignedLong(lo.getAtIndex(PrimitiveArray.LE_INT, c * lanes));
            long stop = Integer.toUnsignedLong(lo.getAtIndex(PrimitiveArray.LE_INT, c * lanes + lanes));
            if (stop < start || stop > count) {
                throw VortexException.corrupt(node.location() + ": chunk " + c + " patches [" + start + ", " + stop
                        + ") are not a range of the " + count + " patches");
            }
            for (long k = start; k < stop; k++) {
                int within = idx.getAtIndex(PrimitiveArray.LE_SHORT, k) & 0xFFFF;
                if (within >= 1024) {
                    throw VortexException.corrupt(
                            node.location() + ": patch " + k + " index " + within + " is outside its 1024-row chunk");
                }
                long grid = c * 1024 + within;
                if (grid < offset || grid >= end) {
                    continue; // sliced away
                }
                long at = grid - offset;
                switch (bytes) {
                    case 1 -> out.set(JAVA_BYTE, at, src.get(JAVA_BYTE, k));
                    case 2 -> out.setAtIndex(PrimitiveArray.LE_SHORT, at, src.getAtIndex(PrimitiveArray.LE_SHORT, k));
                    case 4 -> out.setAtIndex(PrimitiveArray.LE_INT, at, src.getAtIndex(PrimitiveArray.LE_INT, k));
                    default -> out.setAtIndex(PrimitiveArray.LE_LONG, at, src.getAtIndex(PrimitiveArray.LE_LONG, k));
                }
            }
        }
        return new PrimitiveArray(dtype, ptype, out, len, inner.validity());
    }
}
