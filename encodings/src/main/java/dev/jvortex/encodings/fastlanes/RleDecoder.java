package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `fastlanes.rle`: per 1024-value block, a slice of run values and one small index per
/// row into that slice (layout in the package docs).
public final class RleDecoder {
    private RleDecoder() {}

    /// The metadata fields, as stored.
    record Metadata(long valuesLen, long indicesLen, long indicesPtype, long offsetsLen, long offsetsPtype, long offset) {
        static Metadata read(byte[] bytes) {
            long[] f = new long[7];
            ProtoReader r = new ProtoReader(bytes, "RLEMetadata");
            while (r.next()) {
                int field = r.field();
                if (field >= 1 && field <= 6) {
                    f[field] = r.readVarint();
                } else {
                    r.skip();
                }
            }
            return new Metadata(f[1], f[2], f[3], f[4], f[5], f[6]);
        }
    }

    /// Decodes a `fastlanes.rle` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.ptype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 3, 3);
        Metadata meta = Metadata.read(node.metadata());
        int valuesLen = Nodes.length(node, meta.valuesLen(), "values_len");
        int indicesLen = Nodes.length(node, meta.indicesLen(), "indices_len");
        int offsetsLen = Nodes.length(node, meta.offsetsLen(), "values_idx_offsets_len");
        PType indicesPtype = Nodes.ptypeCode(node, meta.indicesPtype(), "indices_ptype");
        PType offsetsPtype = Nodes.ptypeCode(node, meta.offsetsPtype(), "values_idx_offsets_ptype");
        if (indicesPtype != PType.U8 && indicesPtype != PType.U16) {
            throw VortexException.corrupt(node.location() + ": RLE indices must be u8 or u16, not " + indicesPtype.shortName());
        }
        if (!offsetsPtype.isInteger() || offsetsPtype.isSigned()) {
            throw VortexException.corrupt(node.location() + ": RLE value offsets must be unsigned, not " + offsetsPtype.shortName());
        }
        if (meta.offset() < 0 || meta.offset() >= FastLanes.BLOCK) {
            throw VortexException.corrupt(node.location() + ": RLE offset " + Long.toUnsignedString(meta.offset())
                    + " must be below 1024");
        }
        int offset = (int) meta.offset();
        long end = offset + (long) len;
        int blocks = (int) ((end + FastLanes.BLOCK - 1) / FastLanes.BLOCK);
        if (indicesLen % FastLanes.BLOCK != 0 || (long) blocks * FastLanes.BLOCK > indicesLen) {
            throw VortexException.corrupt(node.location() + ": " + indicesLen + " RLE indices do not cover " + len
                    + " rows at offset " + offset + " in whole blocks of 1024");
        }
        if (blocks > offsetsLen) {
            throw VortexException.corrupt(node.location() + ": " + offsetsLen + " RLE value offsets for " + blocks + " blocks");
        }
        PrimitiveArray values = Nodes.primitive(ctx, node, 0, ptype, false, valuesLen);
        PrimitiveArray indices = Nodes.primitive(ctx, node, 1, indicesPtype, dtype.nullable(), indicesLen);
        long[] starts = Nodes.longs(ctx, node, 2, offsetsPtype, offsetsLen);
        Validity indexValidity = indices.validity();

        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * bytes, bytes);
        int storedBlocks = Math.min(indicesLen / FastLanes.BLOCK, offsetsLen);
        int[] codes = new int[FastLanes.BLOCK];
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
            loadCodes(indices.data(), indicesPtype, q, codes);
            for (int j = from; j < to; j++) {
                if (codes[j] >= count) {
                    // Null rows may hold any index; clamp them as the writer's reader does.
                    if (indexValidity.isValid((int) (q + j))) {
                        throw VortexException.corrupt(node.location() + ": RLE index " + codes[j] + " at row "
                                + (q + j - offset) + " exceeds the " + count + " values of block " + c);
                    }
                    codes[j] = count - 1;
                }
            }
            gather(values.data(), first, codes, from, to, out, dst, bytes);
        }
        return new PrimitiveArray(dtype, ptype, out, len, indexValidity.slice(offset, len, ctx.arena()));
    }

    private static void loadCodes(MemorySegment indices, PType ptype, long q, int[] codes) {
        if (ptype == PType.U8) {
            for (int j = 0; j < FastLanes.BLOCK; j++) {
                codes[j] = indices.get(JAVA_BYTE, q + j) & 0xFF;
            }
        } else {
            for (int j = 0; j < FastLanes.BLOCK; j++) {
                codes[j] = indices.getAtIndex(PrimitiveArray.LE_SHORT, q + j) & 0xFFFF;
            }
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

    private static void gather(MemorySegment values, int first, int[] codes, int from, int to, MemorySegment out, long dst,
            int bytes) {
        long d = dst - from;
        switch (bytes) {
            case 1 -> {
                for (int j = from; j < to; j++) {
                    out.set(JAVA_BYTE, d + j, values.get(JAVA_BYTE, first + codes[j]));
                }
            }
            case 2 -> {
                for (int j = from; j < to; j++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, d + j, values.getAtIndex(PrimitiveArray.LE_SHORT, first + codes[j]));
                }
            }
            case 4 -> {
                for (int j = from; j < to; j++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, d + j, values.getAtIndex(PrimitiveArray.LE_INT, first + codes[j]));
                }
            }
            default -> {
                for (int j = from; j < to; j++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, d + j, values.getAtIndex(PrimitiveArray.LE_LONG, first + codes[j]));
                }
            }
        }
    }
}
