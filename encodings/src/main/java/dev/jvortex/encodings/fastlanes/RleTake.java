package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.IntegerArrays;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;

/// Takes rows of `fastlanes.rle` block by block: row `i` is position `p = i + offset` of block
/// `p / 1024`; its index (which also carries its validity) is taken from the indices child, and
/// the value at that index within the block's slice of values from the values child. The value
/// offsets (one per block) are read whole; only the blocks holding selected rows are checked.
public final class RleTake {
    private RleTake() {}

    /// Takes rows `idx` of a `fastlanes.rle` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 3, 3);
        RleMetadata meta = RleMetadata.read(node.metadata());
        int valuesLen = Nodes.length(node, meta.valuesLen(), "values_len");
        int indicesLen = Nodes.length(node, meta.indicesLen(), "indices_len");
        int offsetsLen = Nodes.length(node, meta.offsetsLen(), "values_idx_offsets_len");
        PType indicesPtype = Nodes.ptypeCode(node, meta.indicesPtype(), "indices_ptype");
        PType offsetsPtype = Nodes.ptypeCode(node, meta.offsetsPtype(), "values_idx_offsets_ptype");
        if (indicesPtype != PType.U8 && indicesPtype != PType.U16) {
            throw VortexException.corrupt(
                    node.location() + ": RLE indices must be u8 or u16, not " + indicesPtype.shortName());
        }
        if (!offsetsPtype.isInteger() || offsetsPtype.isSigned()) {
            throw VortexException.corrupt(
                    node.location() + ": RLE value offsets must be unsigned, not " + offsetsPtype.shortName());
        }
        if (meta.offset() < 0 || meta.offset() >= FastLanes.BLOCK) {
            throw VortexException.corrupt(
                    node.location() + ": RLE offset " + Long.toUnsignedString(meta.offset()) + " must be below 1024");
        }
        int offset = (int) meta.offset();
        long end = offset + (long) len;
        int blocks = (int) ((end + FastLanes.BLOCK - 1) / FastLanes.BLOCK);
        if (indicesLen % FastLanes.BLOCK != 0 || (long) blocks * FastLanes.BLOCK > indicesLen) {
            throw VortexException.corrupt(node.location() + ": " + indicesLen + " RLE indices do not cover " + len
                    + " rows at offset " + offset + " in whole blocks of 1024");
        }
        if (blocks > offsetsLen) {
            throw VortexException.corrupt(
                    node.location() + ": " + offsetsLen + " RLE value offsets for " + blocks + " blocks");
        }
        int n = idx.length;
        long[] starts = Nodes.longs(ctx, node, 2, offsetsPtype, offsetsLen);
        int storedBlocks = Math.min(indicesLen / FastLanes.BLOCK, offsetsLen);
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            positions[k] = idx[k] + offset;
        }
        PrimitiveArray indices = ctx.takePrimitive(node, 1, indicesPtype, dtype.nullable(), indicesLen, positions);
        long[] codes = IntegerArrays.toLongs(indices);
        Validity validity = indices.validity();
        int[] valueAt = new int[n];
        for (int k = 0; k < n; k++) {
            int c = positions[k] / FastLanes.BLOCK;
            long start = starts[c] - starts[0];
            long stop = c + 1 < storedBlocks ? starts[c + 1] - starts[0] : valuesLen;
            if (start < 0 || stop <= start || stop > valuesLen) {
                throw VortexException.corrupt(node.location() + ": RLE block " + c + " values [" + start + ", " + stop
                        + ") are not a non-empty range of the " + valuesLen + " values");
            }
            long count = stop - start;
            long code = count == 1 ? 0 : codes[k];
            if (code >= count) {
                if (validity.isValid(k)) {
                    throw VortexException.corrupt(node.location() + ": RLE index " + code + " at row " + idx[k]
                            + " exceeds the " + count + " values of block " + c);
                }
                code = count - 1;
            }
            valueAt[k] = (int) (start + code);
        }
        PrimitiveArray values = ctx.takePrimitive(node, 0, ptype, false, valuesLen, valueAt);
        return new PrimitiveArray(dtype, ptype, values.data(), n, validity);
    }
}
