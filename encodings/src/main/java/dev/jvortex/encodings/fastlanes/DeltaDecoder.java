package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import java.lang.foreign.MemorySegment;

/// Decodes `fastlanes.delta`: per 1024-value block, `lanes` running sums seeded by the bases, in
/// transposed order (layout in the package docs).
///
/// Arithmetic is done on `long` and truncated on store, which is exact for wrapping addition in
/// any narrower unsigned type.
public final class DeltaDecoder {
    private DeltaDecoder() {}

    /// Decodes a `fastlanes.delta` node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 2, 3);
        // Two children: the July 2026 form, validity inside the deltas (bit-transposed). Three: the
        // later form (reference 0.90), non-null bases and deltas plus a validity child in row order.
        boolean topLevelValidity = node.childCount() == 3;
        DeltaMetadata meta = DeltaMetadata.read(node.metadata());
        long deltasLenRaw = meta.deltasLen();
        long offsetRaw = meta.offset();
        int deltasLen = Nodes.length(node, deltasLenRaw, "deltas_len");
        if (offsetRaw < 0 || offsetRaw >= FastLanes.BLOCK) {
            throw VortexException.corrupt(
                    node.location() + ": delta offset " + Long.toUnsignedString(offsetRaw) + " must be below 1024");
        }
        int offset = (int) offsetRaw;
        if ((long) offset + len > deltasLen) {
            throw VortexException.corrupt(node.location() + ": " + len + " rows at offset " + offset + " exceed the "
                    + deltasLen + " deltas");
        }
        int lanes = FastLanes.lanes(ptype.bitWidth());
        int rows = ptype.bitWidth();
        int fullBlocks = deltasLen / FastLanes.BLOCK;
        int tail = deltasLen % FastLanes.BLOCK;
        int basesLen = fullBlocks * lanes + (tail > 0 ? 1 : 0);
        boolean childrenNullable = dtype.nullable() && !topLevelValidity;
        PrimitiveArray bases = Nodes.primitive(ctx, node, 0, ptype, childrenNullable, basesLen);
        PrimitiveArray deltas = Nodes.primitive(ctx, node, 1, ptype, childrenNullable, deltasLen);

        int bytes = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) len * bytes, bytes);
        long end = offset + (long) len;
        if (bytes <= 4 && fullBlocks > 0) {
            decodeNarrowBlocks(bases.data(), deltas.data(), ptype, lanes, fullBlocks, offset, end, out);
        }
        long[] base = new long[lanes];
        long[] block = new long[FastLanes.BLOCK];
        long[] sums = new long[FastLanes.BLOCK];
        long[] values = new long[FastLanes.BLOCK];
        int[] transpose = FastLanes.transposeTable();
        for (int c = 0; c < fullBlocks && (long) c * FastLanes.BLOCK < end && bytes == 8; c++) {
            long q = (long) c * FastLanes.BLOCK;
            Segments.load(bases.data(), ptype, (long) c * lanes, base, 0, lanes);
            Segments.load(deltas.data(), ptype, q, block, 0, FastLanes.BLOCK);
            // Row by row, every lane adds its next delta: lanes are independent running sums.
            for (int row = 0; row < rows; row++) {
                int at = FastLanes.rowStart(row);
                for (int lane = 0; lane < lanes; lane++) {
                    long sum = base[lane] + block[at + lane];
                    base[lane] = sum;
                    sums[at + lane] = sum;
                }
            }
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                values[transpose[i]] = sums[i];
            }
            int from = c == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            Segments.store(values, from, out, ptype, q + from - offset, to - from);
        }
        if (tail > 0 && end > (long) fullBlocks * FastLanes.BLOCK) {
            // Files written before March 2026 coded a final partial block sequentially from one extra base.
            long q = (long) fullBlocks * FastLanes.BLOCK;
            long[] one = new long[1];
            Segments.load(bases.data(), ptype, basesLen - 1, one, 0, 1);
            Segments.load(deltas.data(), ptype, q, block, 0, tail);
            long x = one[0];
            for (int k = 0; k < tail; k++) {
                x += block[k];
                values[k] = x;
            }
            int from = fullBlocks == 0 ? offset : 0;
            int to = (int) (end - q);
            Segments.store(values, from, out, ptype, q + from - offset, to - from);
        }
        Validity validity = topLevelValidity
                ? Nodes.validity(ctx, node, 2, dtype, len)
                : validity(deltas.validity(), tail == 0, offset, len, ctx);
        return new PrimitiveArray(dtype, ptype, out, len, validity);
    }

    /// The whole blocks of 8-, 16- and 32-bit deltas in `int` arithmetic (the sums wrap the same in
    /// the low bits): bases and deltas read in bulk into `int` arrays, each lane's running sum
    /// written straight to its un-transposed position, the block's rows copied out in bulk.
    private static void decodeNarrowBlocks(
            MemorySegment bases,
            MemorySegment deltas,
            PType ptype,
            int lanes,
            int fullBlocks,
            int offset,
            long end,
            MemorySegment out) {
        int bytes = ptype.byteWidth();
        int rows = ptype.bitWidth();
        int[] base = new int[lanes];
        int[] block = new int[FastLanes.BLOCK];
        int[] values = new int[FastLanes.BLOCK];
        byte[] narrow8 = bytes == 1 ? new byte[FastLanes.BLOCK] : null;
        short[] narrow16 = bytes == 2 ? new short[FastLanes.BLOCK] : null;
        int[] transpose = FastLanes.transposeTable();
        for (int c = 0; c < fullBlocks && (long) c * FastLanes.BLOCK < end; c++) {
            long q = (long) c * FastLanes.BLOCK;
            loadInts(bases, bytes, (long) c * lanes, base, lanes, narrow8, narrow16);
            loadInts(deltas, bytes, q, block, FastLanes.BLOCK, narrow8, narrow16);
            for (int row = 0; row < rows; row++) {
                int at = FastLanes.rowStart(row);
                for (int lane = 0; lane < lanes; lane++) {
                    int sum = base[lane] + block[at + lane];
                    base[lane] = sum;
                    values[transpose[at + lane]] = sum;
                }
            }
            int from = c == 0 ? offset : 0;
            int to = (int) Math.min(FastLanes.BLOCK, end - q);
            long dst = (q + from - offset) * bytes;
            switch (bytes) {
                case 1 -> {
                    for (int i = from; i < to; i++) {
                        narrow8[i] = (byte) values[i];
                    }
                    MemorySegment.copy(narrow8, from, out, java.lang.foreign.ValueLayout.JAVA_BYTE, dst, to - from);
                }
                case 2 -> {
                    for (int i = from; i < to; i++) {
                        narrow16[i] = (short) values[i];
                    }
                    MemorySegment.copy(narrow16, from, out, PrimitiveArray.LE_SHORT, dst, to - from);
                }
                default -> MemorySegment.copy(values, from, out, PrimitiveArray.LE_INT, dst, to - from);
            }
        }
    }

    private static void loadInts(
            MemorySegment src, int bytes, long from, int[] dst, int n, byte[] narrow8, short[] narrow16) {
        switch (bytes) {
            case 1 -> {
                MemorySegment.copy(src, java.lang.foreign.ValueLayout.JAVA_BYTE, from, narrow8, 0, n);
                for (int i = 0; i < n; i++) {
                    dst[i] = narrow8[i];
                }
            }
            case 2 -> {
                MemorySegment.copy(src, PrimitiveArray.LE_SHORT, from * 2, narrow16, 0, n);
                for (int i = 0; i < n; i++) {
                    dst[i] = narrow16[i];
                }
            }
            default -> MemorySegment.copy(src, PrimitiveArray.LE_INT, from * 4, dst, 0, n);
        }
    }

    /// Returns rows `[offset, offset + len)` of the deltas' validity, undoing the per-block bit
    /// transpose that current writers apply (logical bit `i` of a block is stored at bit
    /// `transpose(i)`); legacy arrays with a partial tail block stored it in plain order.
    private static Validity validity(Validity stored, boolean transposed, int offset, int len, DecodeContext ctx) {
        MemorySegment bits = stored.bits();
        if (bits == null) {
            return stored;
        }
        MemorySegment out = ctx.allocate(Bits.byteLength(len), 1);
        int[] transpose = FastLanes.transposeTable();
        for (int i = 0; i < len; i++) {
            long q = offset + (long) i;
            long source = transposed ? (q & ~1023L) + transpose[(int) (q & 1023)] : q;
            if (Bits.get(bits, source)) {
                Bits.set(out, i);
            }
        }
        return Validity.ofBits(out);
    }
}
