package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `fastlanes.rle`: per 1024-value block, a slice of run values and one small index per
/// row into that slice (layout in the package docs).
public final class RleDecoder {
    private RleDecoder() {}

    /// Decodes a `fastlanes.rle` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
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
        PrimitiveArray values = Nodes.primitive(ctx, node, 0, ptype, false, valuesLen);
        PrimitiveArray indices = Nodes.primitive(ctx, node, 1, indicesPtype, dtype.nullable(), indicesLen);
        long[] starts = Nodes.longs(ctx, node, 2, offsetsPtype, offsetsLen);
        Validity indexValidity = indices.validity();

        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * bytes, bytes);
        int storedBlocks = Math.min(indicesLen / FastLanes.BLOCK, offsetsLen);
        int[] codes = new int[FastLanes.BLOCK];
        // The values in a Java array of their width, gathered into a block-sized Java array and
        // copied out in bulk: per-row segment reads and writes cost several times more.
        Gather g = new Gather(values.data(), valuesLen, bytes);
        for (int c = 0; c < blocks; c++) {
            long q = (long) c * FastLanes.BLOCK;
            // Offsets are absolute; after slicing the first need not be 0.
            long start = starts[c] - starts[0];
            // The last stored block runs to the end of the values (children may hold more blocks than the rows need).
            long stop = c + 1 < storedBlocks ? starts[c + 1] - starts[0] : valuesLen;
            if (start < 0 || stop <= start || stop > valuesLen) {
                throw VortexException.corrupt(node.location() + ": RLE block " + c + " values [" + start + ", " + stop
                        + ") are not a non-empty range of the " + valuesLen + " values");
            }
            int first = (int) start;
            int count = (int) (stop - start);
            int from = c == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            long dst = q + from - offset;
            if (count == 1) {
                // One run: the indices may be anything (e.g. further compressed as a constant).
                fill(values.data(), first, out, dst, to - from, bytes);
                continue;
            }
            g.loadCodes(indices.data(), indicesPtype, q, codes);
            // Indices past the block's values are clamped to its last value inside the gather (a
            // null row may hold any index; the writer's reader clamps them too); whether any was
            // clamped is checked afterwards, and only then are such rows required to be null.
            if (g.gather(first, count, codes, from, to, out, dst)) {
                for (int j = from; j < to; j++) {
                    if (codes[j] >= count && indexValidity.isValid((int) (q + j))) {
                        throw VortexException.corrupt(node.location() + ": RLE index " + codes[j] + " at row "
                                + (q + j - offset) + " exceeds the " + count + " values of block " + c);
                    }
                }
            }
        }
        return new PrimitiveArray(dtype, ptype, out, len, indexValidity.slice(offset, len, ctx.arena()));
    }

    /// Values and scratch as Java arrays of the value width.
    private static final class Gather {
        private final int bytes;
        private final byte[] v1;
        private final short[] v2;
        private final int[] v4;
        private final long[] v8;
        private final byte[] o1;
        private final short[] o2;
        private final int[] o4;
        private final long[] o8;
        private final byte[] raw8 = new byte[FastLanes.BLOCK];
        private final short[] raw16 = new short[FastLanes.BLOCK];

        Gather(MemorySegment values, int n, int bytes) {
            this.bytes = bytes;
            v1 = bytes == 1 ? values.asSlice(0, n).toArray(JAVA_BYTE) : null;
            v2 = bytes == 2 ? new short[n] : null;
            v4 = bytes == 4 ? new int[n] : null;
            v8 = bytes == 8 ? new long[n] : null;
            switch (bytes) {
                case 2 -> MemorySegment.copy(values, PrimitiveArray.LE_SHORT, 0, v2, 0, n);
                case 4 -> MemorySegment.copy(values, PrimitiveArray.LE_INT, 0, v4, 0, n);
                case 8 -> MemorySegment.copy(values, PrimitiveArray.LE_LONG, 0, v8, 0, n);
                default -> {}
            }
            o1 = bytes == 1 ? new byte[FastLanes.BLOCK] : null;
            o2 = bytes == 2 ? new short[FastLanes.BLOCK] : null;
            o4 = bytes == 4 ? new int[FastLanes.BLOCK] : null;
            o8 = bytes == 8 ? new long[FastLanes.BLOCK] : null;
        }

        void loadCodes(MemorySegment indices, PType ptype, long q, int[] codes) {
            if (ptype == PType.U8) {
                MemorySegment.copy(indices, JAVA_BYTE, q, raw8, 0, FastLanes.BLOCK);
                for (int j = 0; j < FastLanes.BLOCK; j++) {
                    codes[j] = raw8[j] & 0xFF;
                }
            } else {
                MemorySegment.copy(indices, PrimitiveArray.LE_SHORT, q * 2, raw16, 0, FastLanes.BLOCK);
                for (int j = 0; j < FastLanes.BLOCK; j++) {
                    codes[j] = raw16[j] & 0xFFFF;
                }
            }
        }

        /// `out[dst + j - from] = values[first + min(codes[j], count - 1)]` for `j` in `[from, to)`;
        /// returns whether any index was clamped.
        boolean gather(int first, int count, int[] codes, int from, int to, MemorySegment out, long dst) {
            int n = to - from;
            int last = count - 1;
            boolean clamped = false;
            switch (bytes) {
                case 1 -> {
                    for (int j = from; j < to; j++) {
                        int x = codes[j];
                        clamped |= x > last;
                        o1[j] = v1[first + Math.min(x, last)];
                    }
                    MemorySegment.copy(o1, from, out, JAVA_BYTE, dst, n);
                }
                case 2 -> {
                    for (int j = from; j < to; j++) {
                        int x = codes[j];
                        clamped |= x > last;
                        o2[j] = v2[first + Math.min(x, last)];
                    }
                    MemorySegment.copy(o2, from, out, PrimitiveArray.LE_SHORT, dst * 2, n);
                }
                case 4 -> {
                    for (int j = from; j < to; j++) {
                        int x = codes[j];
                        clamped |= x > last;
                        o4[j] = v4[first + Math.min(x, last)];
                    }
                    MemorySegment.copy(o4, from, out, PrimitiveArray.LE_INT, dst * 4, n);
                }
                default -> {
                    for (int j = from; j < to; j++) {
                        int x = codes[j];
                        clamped |= x > last;
                        o8[j] = v8[first + Math.min(x, last)];
                    }
                    MemorySegment.copy(o8, from, out, PrimitiveArray.LE_LONG, dst * 8, n);
                }
            }
            return clamped;
        }
    }

    private static void fill(MemorySegment values, int at, MemorySegment out, long dst, int n, int bytes) {
        switch (bytes) {
            case 1 -> out.asSlice(dst, n).fill(values.get(JAVA_BYTE, at));
            case 2 -> {
                short v = values.getAtIndex(PrimitiveArray.LE_SHORT, at);
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, dst + k, v);
                }
            }
            case 4 -> {
                int v = values.getAtIndex(PrimitiveArray.LE_INT, at);
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, dst + k, v);
                }
            }
            default -> {
                long v = values.getAtIndex(PrimitiveArray.LE_LONG, at);
                for (int k = 0; k < n; k++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, dst + k, v);
                }
            }
        }
    }
}
