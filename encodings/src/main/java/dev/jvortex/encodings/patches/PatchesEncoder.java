package dev.jvortex.encodings.patches;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import java.util.List;

/// Writes interior patches (the inverse of [Patches]): the `PatchesMetadata` message and the
/// indices, values and optional chunk-offsets children.
///
/// Indices are written as the narrowest unsigned type that holds the last row, chunk offsets as
/// the narrowest that holds the patch count (the reference writes `u64` offsets and its
/// compressor narrows them the same way).
public final class PatchesEncoder {
    private PatchesEncoder() {}

    /// Rows per chunk-offset entry.
    public static final int CHUNK = 1024;

    /// Encoded patches: the metadata message and the children to append to the parent, in order.
    ///
    /// @param metadata the `PatchesMetadata`, to nest in the parent's metadata
    /// @param children indices, values and (if requested) chunk offsets
    public record Encoded(PatchesMetadata metadata, List<WriteNode> children) {}

    /// Encodes `count` patches at ascending `rows` with `values` (one per patch, of the type the
    /// parent expects) for an array of `arrayLength` rows; `chunkOffsets` adds the chunk-offsets
    /// child. The children are written by `children` with the patch roles.
    public static Encoded encode(
            int arrayLength, int[] rows, int count, Array values, boolean chunkOffsets, ChildEncoder children) {
        return encode(
                arrayLength,
                rows,
                count,
                values,
                chunkOffsets,
                children,
                ChildEncoder.Role.PATCH_INDICES,
                ChildEncoder.Role.PATCH_VALUES);
    }

    /// As [#encode(int, int[], int, Array, boolean, ChildEncoder)], with the roles the indices and
    /// values are written under (`vortex.sparse` uses its own, as its patches are the data).
    public static Encoded encode(
            int arrayLength,
            int[] rows,
            int count,
            Array values,
            boolean chunkOffsets,
            ChildEncoder children,
            ChildEncoder.Role indicesRole,
            ChildEncoder.Role valuesRole) {
        if (count <= 0 || values.length() != count) {
            throw new IllegalArgumentException("patches need at least one row and one value per row, got " + count
                    + " rows and " + values.length() + " values");
        }
        PrimitiveArray indices = Primitives.narrowUnsigned(rows, count, rows[count - 1]);
        WriteNode indexNode = children.encode(indicesRole, indices);
        WriteNode valueNode = children.encode(valuesRole, values);
        if (!chunkOffsets) {
            return new Encoded(
                    new PatchesMetadata(count, 0, indices.ptype().code(), false, 0, 0, 0),
                    List.of(indexNode, valueNode));
        }
        int chunks = (arrayLength + CHUNK - 1) / CHUNK;
        int[] offsets = new int[chunks];
        int k = 0;
        for (int c = 0; c < chunks; c++) {
            long start = (long) c * CHUNK;
            while (k < count && rows[k] < start) {
                k++;
            }
            offsets[c] = k;
        }
        PrimitiveArray offsetArray = Primitives.narrowUnsigned(offsets, chunks, count);
        WriteNode offsetNode = children.encode(ChildEncoder.Role.PATCH_CHUNK_OFFSETS, offsetArray);
        return new Encoded(
                new PatchesMetadata(
                        count,
                        0,
                        indices.ptype().code(),
                        true,
                        chunks,
                        offsetArray.ptype().code(),
                        0),
                List.of(indexNode, valueNode, offsetNode));
    }
}
