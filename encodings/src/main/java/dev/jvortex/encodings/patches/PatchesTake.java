package dev.jvortex.encodings.patches;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.internal.PositionLookup;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import java.lang.foreign.MemorySegment;

/// Interior patches ([Patches]) for a take: the patch indices are read whole (they are few) and
/// checked as a full decode checks them, each selected row is looked up among them, and only the
/// values of the patches hit are taken.
public final class PatchesTake {
    private PatchesTake() {}

    /// The patches of the selected rows: selected row `rows[h]` (a position in the index array)
    /// takes value `h` of `values`, for `h < count`.
    ///
    /// @param count  how many selected rows are patched
    /// @param rows   their positions in the index array
    /// @param values their patch values (null when there are none)
    public record Hits(int count, int[] rows, PrimitiveArray values) {}

    /// Overwrites `out[k]` (values of the patch values' type) with the patch of row `idx[k]`, for
    /// the patches in children `firstChild..` of `node` (an array of `arrayLength` rows).
    public static void apply(
            TakeContext ctx,
            EncodedNode node,
            PatchesMetadata meta,
            int firstChild,
            DType.Primitive valuesType,
            int arrayLength,
            int[] idx,
            MemorySegment out) {
        Hits found = lookup(ctx, node, meta, firstChild, valuesType, arrayLength, idx);
        int hits = found.count();
        if (hits == 0) {
            return;
        }
        int[] hitRows = found.rows();
        MemorySegment src = found.values().data();
        switch (valuesType.ptype().byteWidth()) {
            case 1 -> {
                for (int h = 0; h < hits; h++) {
                    out.set(JAVA_BYTE, hitRows[h], src.get(JAVA_BYTE, h));
                }
            }
            case 2 -> {
                for (int h = 0; h < hits; h++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, hitRows[h], src.getAtIndex(PrimitiveArray.LE_SHORT, h));
                }
            }
            case 4 -> {
                for (int h = 0; h < hits; h++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, hitRows[h], src.getAtIndex(PrimitiveArray.LE_INT, h));
                }
            }
            default -> {
                for (int h = 0; h < hits; h++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, hitRows[h], src.getAtIndex(PrimitiveArray.LE_LONG, h));
                }
            }
        }
    }

    /// Finds the patches of rows `idx` among the patches in children `firstChild..` of `node` (an
    /// array of `arrayLength` rows), checking every index as a full decode does, and takes their values.
    public static Hits lookup(
            TakeContext ctx,
            EncodedNode node,
            PatchesMetadata meta,
            int firstChild,
            DType.Primitive valuesType,
            int arrayLength,
            int[] idx) {
        String where = node.location() + ": " + node.encoding() + " patches";
        int n = Nodes.length(node, meta.count(), "patches.len");
        if (n > arrayLength) {
            throw VortexException.corrupt(where + ": " + n + " patches for an array of " + arrayLength + " rows");
        }
        PType indicesPtype = Nodes.ptypeCode(node, meta.indicesPtype(), "patches.indices_ptype");
        if (!indicesPtype.isInteger() || indicesPtype.isSigned()) {
            throw VortexException.corrupt(
                    where + ": indices must be unsigned integers, not " + indicesPtype.shortName());
        }
        if (meta.hasChunkOffsets()) {
            PType chunkPtype = Nodes.ptypeCode(node, meta.chunkOffsetsPtype(), "patches.chunk_offsets_ptype");
            if (!chunkPtype.isInteger() || chunkPtype.isSigned()) {
                throw VortexException.corrupt(
                        where + ": chunk offsets must be unsigned integers, not " + chunkPtype.shortName());
            }
            Nodes.length(node, meta.chunkOffsetsLen(), "patches.chunk_offsets_len");
        }
        if (firstChild + meta.childCount() > node.childCount()) {
            throw VortexException.corrupt(where + ": need children " + firstChild + ".."
                    + (firstChild + meta.childCount() - 1) + " but the node has " + node.childCount());
        }
        long offset = meta.offset();
        long[] stored = IntegerArrays.toLongs(Nodes.primitive(ctx, node, firstChild, indicesPtype, false, n));
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            long index = stored[k];
            long position = index - offset;
            if (Long.compareUnsigned(index, offset) < 0 || Long.compareUnsigned(position, arrayLength) >= 0) {
                throw VortexException.corrupt(
                        where + ": index " + Long.toUnsignedString(index) + " of patch " + k + " minus offset "
                                + Long.toUnsignedString(offset) + " is outside the " + arrayLength + " rows");
            }
            positions[k] = (int) position;
        }
        if (n == 0) {
            return new Hits(0, new int[0], null);
        }
        PositionLookup lookup = PositionLookup.of(positions, arrayLength);
        int[] hitRows = new int[idx.length];
        int[] hitPatches = new int[idx.length];
        int hits = 0;
        for (int k = 0; k < idx.length; k++) {
            int p = lookup.find(idx[k]);
            if (p >= 0) {
                hitRows[hits] = k;
                hitPatches[hits++] = p;
            }
        }
        if (hits == 0) {
            return new Hits(0, hitRows, null);
        }
        Array taken = ctx.take(node.child(firstChild + 1), valuesType, n, java.util.Arrays.copyOf(hitPatches, hits));
        if (!(taken instanceof PrimitiveArray values) || values.ptype() != valuesType.ptype()) {
            throw VortexException.corrupt(
                    where + ": values did not decode to " + valuesType.ptype().shortName());
        }
        return new Hits(hits, hitRows, values);
    }
}
