package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.TakeContext;
import dev.jvortex.encodings.patches.PatchesTake;
import java.lang.foreign.MemorySegment;

/// Takes rows of `fastlanes.bitpacked` straight from the packed words: row `i` is packed position
/// `p = i + offset`, in block `p / 1024` at block position `p % 1024`, which is cell
/// `(row, lane)` of the block (see the package docs); its bits start at bit `row × width` of
/// that lane's stream, i.e. in one or two of the lane's words. Patches are looked up per row,
/// validity is taken from the validity child.
public final class BitPackedTake {
    private BitPackedTake() {}

    /// `ROWS[log2(T / 8)][pos]` is the row of block position `pos` for a `T`-bit type.
    private static final int[][] ROWS = new int[4][FastLanes.BLOCK];

    static {
        for (int t = 0; t < 4; t++) {
            int typeBits = 8 << t;
            int lanes = FastLanes.lanes(typeBits);
            for (int row = 0; row < typeBits; row++) {
                for (int lane = 0; lane < lanes; lane++) {
                    ROWS[t][FastLanes.index(row, lane)] = row;
                }
            }
        }
    }

    /// Takes rows `idx` of a `fastlanes.bitpacked` node.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 1, 1);
        BitPackedMetadata meta = BitPackedMetadata.read(node.metadata());
        int typeBits = ptype.bitWidth();
        if (meta.bitWidth() < 0 || meta.bitWidth() > typeBits) {
            throw VortexException.corrupt(node.location() + ": bit width " + Long.toUnsignedString(meta.bitWidth())
                    + " exceeds the " + typeBits + " bits of " + ptype.shortName());
        }
        if (meta.offset() < 0 || meta.offset() >= FastLanes.BLOCK) {
            throw VortexException.corrupt(node.location() + ": bit-packed offset "
                    + Long.toUnsignedString(meta.offset()) + " must be below 1024");
        }
        int width = (int) meta.bitWidth();
        int offset = (int) meta.offset();
        long blocks = (offset + (long) len + FastLanes.BLOCK - 1) / FastLanes.BLOCK;
        MemorySegment packed = node.buffer(0);
        long expected = blocks * 128 * width;
        if (packed.byteSize() != expected) {
            throw VortexException.corrupt(
                    node.location() + ": packed buffer has " + packed.byteSize() + " bytes, expected " + expected
                            + " for " + len + " values at offset " + offset + " and bit width " + width);
        }
        int patchChildren = meta.patches() == null ? 0 : meta.patches().childCount();
        Nodes.children(node, patchChildren, patchChildren + 1);

        int n = idx.length;
        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) n * bytes, bytes);
        if (width > 0) {
            unpack(packed, typeBits, width, offset, idx, out);
        }
        if (meta.patches() != null) {
            PatchesTake.apply(
                    ctx, node, meta.patches(), 0, new DType.Primitive(ptype, dtype.nullable()), len, idx, out);
        }
        Validity validity = ctx.takeValidity(node, patchChildren, dtype, len, idx);
        return new PrimitiveArray(dtype, ptype, out, n, validity);
    }

    /// Writes the values at packed positions `idx[k] + offset` to `out[k]`.
    static void unpack(MemorySegment packed, int typeBits, int width, int offset, int[] idx, MemorySegment out) {
        int[] rows = ROWS[Integer.numberOfTrailingZeros(typeBits) - 3];
        int laneMask = FastLanes.lanes(typeBits) - 1;
        int laneShift = Integer.numberOfTrailingZeros(FastLanes.lanes(typeBits));
        long blockBytes = 128L * width;
        long mask = width == 64 ? -1L : (1L << width) - 1;
        switch (typeBits) {
            case 8 -> {
                for (int k = 0; k < idx.length; k++) {
                    long p = (long) idx[k] + offset;
                    int pos = (int) p & 1023;
                    int bit = rows[pos] * width;
                    long at = (p >>> 10) * blockBytes + ((long) (bit >>> 3) << laneShift) + (pos & laneMask);
                    int shift = bit & 7;
                    int v = (packed.get(JAVA_BYTE, at) & 0xFF) >>> shift;
                    if (shift + width > 8) {
                        v |= (packed.get(JAVA_BYTE, at + (1L << laneShift)) & 0xFF) << (8 - shift);
                    }
                    out.set(JAVA_BYTE, k, (byte) (v & mask));
                }
            }
            case 16 -> {
                for (int k = 0; k < idx.length; k++) {
                    long p = (long) idx[k] + offset;
                    int pos = (int) p & 1023;
                    int bit = rows[pos] * width;
                    long word = (p >>> 10) * (blockBytes >>> 1) + ((long) (bit >>> 4) << laneShift) + (pos & laneMask);
                    int shift = bit & 15;
                    int v = (packed.getAtIndex(PrimitiveArray.LE_SHORT, word) & 0xFFFF) >>> shift;
                    if (shift + width > 16) {
                        v |= (packed.getAtIndex(PrimitiveArray.LE_SHORT, word + (1L << laneShift)) & 0xFFFF)
                                << (16 - shift);
                    }
                    out.setAtIndex(PrimitiveArray.LE_SHORT, k, (short) (v & mask));
                }
            }
            case 32 -> {
                for (int k = 0; k < idx.length; k++) {
                    long p = (long) idx[k] + offset;
                    int pos = (int) p & 1023;
                    int bit = rows[pos] * width;
                    long word = (p >>> 10) * (blockBytes >>> 2) + ((long) (bit >>> 5) << laneShift) + (pos & laneMask);
                    int shift = bit & 31;
                    long v = (packed.getAtIndex(PrimitiveArray.LE_INT, word) & 0xFFFFFFFFL) >>> shift;
                    if (shift + width > 32) {
                        v |= (packed.getAtIndex(PrimitiveArray.LE_INT, word + (1L << laneShift)) & 0xFFFFFFFFL)
                                << (32 - shift);
                    }
                    out.setAtIndex(PrimitiveArray.LE_INT, k, (int) (v & mask));
                }
            }
            default -> {
                for (int k = 0; k < idx.length; k++) {
                    long p = (long) idx[k] + offset;
                    int pos = (int) p & 1023;
                    int bit = rows[pos] * width;
                    long word = (p >>> 10) * (blockBytes >>> 3) + ((long) (bit >>> 6) << laneShift) + (pos & laneMask);
                    int shift = bit & 63;
                    long v = packed.getAtIndex(PrimitiveArray.LE_LONG, word) >>> shift;
                    if (shift + width > 64) {
                        v |= packed.getAtIndex(PrimitiveArray.LE_LONG, word + (1L << laneShift)) << (64 - shift);
                    }
                    out.setAtIndex(PrimitiveArray.LE_LONG, k, v & mask);
                }
            }
        }
    }
}
