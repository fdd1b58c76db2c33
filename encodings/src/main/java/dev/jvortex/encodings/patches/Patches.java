package dev.jvortex.encodings.patches;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Exception values laid over a decoded array: `values[k]` replaces row `indices[k] - offset`.
///
/// Shared by `fastlanes.bitpacked`, `vortex.alp` and `vortex.alprd` (see the package docs for the
/// bytes). Decoding checks every index against the array length up front, so applying the
/// patches afterwards cannot write out of bounds.
public final class Patches {
    private final int[] positions;
    private final PrimitiveArray values;

    private Patches(int[] positions, PrimitiveArray values) {
        this.positions = positions;
        this.values = values;
    }

    /// Decodes the patch children of `node` starting at child `firstChild` (indices, then values
    /// of `valuesType`; a chunk-offsets child after them is accounted for but not read) for an
    /// array of `arrayLength` rows, checking every index.
    public static Patches decode(
            DecodeContext ctx,
            EncodedNode node,
            PatchesMetadata meta,
            int firstChild,
            DType.Primitive valuesType,
            int arrayLength) {
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
        PrimitiveArray indices = Nodes.primitive(ctx, node, firstChild, indicesPtype, false, n);
        int[] positions = new int[n];
        long[] scratch = new long[Math.min(n, 1024)];
        for (int from = 0; from < n; from += scratch.length) {
            int m = Math.min(scratch.length, n - from);
            Segments.load(indices.data(), indicesPtype, from, scratch, 0, m);
            for (int k = 0; k < m; k++) {
                long index = scratch[k];
                // Unsigned comparisons: a u64 index or offset above 2^63 reads as negative here.
                long position = index - offset;
                if (Long.compareUnsigned(index, offset) < 0 || Long.compareUnsigned(position, arrayLength) >= 0) {
                    throw VortexException.corrupt(where + ": index " + Long.toUnsignedString(index) + " of patch "
                            + (from + k) + " minus offset " + Long.toUnsignedString(offset) + " is outside the "
                            + arrayLength + " rows");
                }
                positions[from + k] = (int) position;
            }
        }
        Array decoded = ctx.decode(node.child(firstChild + 1), valuesType, n);
        if (!(decoded instanceof PrimitiveArray values) || values.ptype() != valuesType.ptype()) {
            throw VortexException.corrupt(
                    where + ": values did not decode to " + valuesType.ptype().shortName());
        }
        return new Patches(positions, values);
    }

    /// Returns the number of patches.
    public int count() {
        return positions.length;
    }

    /// Returns the row of patch `k`.
    public int position(int k) {
        return positions[k];
    }

    /// Returns the patch values.
    public PrimitiveArray values() {
        return values;
    }

    /// Overwrites the patched rows of `out`, a buffer of values of the patch values' type.
    public void apply(MemorySegment out) {
        MemorySegment src = values.data();
        int n = positions.length;
        switch (values.ptype().byteWidth()) {
            case 1 -> {
                for (int k = 0; k < n; k++) {
                    out.set(JAVA_BYTE, positions[k], src.get(JAVA_BYTE, k));
                }
            }
            case 2 -> {
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, positions[k], src.getAtIndex(PrimitiveArray.LE_SHORT, k));
                }
            }
            case 4 -> {
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, positions[k], src.getAtIndex(PrimitiveArray.LE_INT, k));
                }
            }
            default -> {
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, positions[k], src.getAtIndex(PrimitiveArray.LE_LONG, k));
                }
            }
        }
    }
}
