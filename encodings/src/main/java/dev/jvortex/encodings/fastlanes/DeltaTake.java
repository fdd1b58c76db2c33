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
import java.lang.foreign.MemorySegment;

/// Takes rows of `fastlanes.delta` (whole blocks) without decoding their blocks: row `i` is block
/// position `p = (i + offset) % 1024` of block `(i + offset) / 1024`, which the block's transpose
/// stores as running-sum cell `(row, lane)`; its value is the lane's base plus the lane's deltas
/// of rows `0..row`. Only those deltas (at most the type's width per value) and that base are
/// taken. The validity comes from the validity child (three-child form) or from the deltas at
/// the row's bit-transposed position (two-child form). Legacy arrays with a partial last block
/// are decoded whole.
public final class DeltaTake {
    private DeltaTake() {}

    /// `CELL[p]` is the running-sum cell whose value lands at block position `p` (the inverse transpose).
    private static final int[] CELL = new int[FastLanes.BLOCK];
    /// `ROWS[log2(T / 8)][cell]` is the row of a cell for a `T`-bit type.
    private static final int[][] ROWS = new int[4][FastLanes.BLOCK];

    static {
        for (int i = 0; i < FastLanes.BLOCK; i++) {
            CELL[FastLanes.transpose(i)] = i;
        }
        for (int t = 0; t < 4; t++) {
            int typeBits = 8 << t;
            for (int row = 0; row < typeBits; row++) {
                for (int lane = 0; lane < FastLanes.lanes(typeBits); lane++) {
                    ROWS[t][FastLanes.index(row, lane)] = row;
                }
            }
        }
    }

    /// Takes rows `idx` of a `fastlanes.delta` node, or returns null to decode it whole.
    public static Array take(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        PType ptype = Nodes.integerPtype(node, dtype);
        Nodes.buffers(node, 0, 0);
        Nodes.children(node, 2, 3);
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
        if (deltasLen % FastLanes.BLOCK != 0) {
            return null; // the legacy partial last block
        }
        int typeBits = ptype.bitWidth();
        int lanes = FastLanes.lanes(typeBits);
        int basesLen = deltasLen / FastLanes.BLOCK * lanes;
        boolean childrenNullable = dtype.nullable() && !topLevelValidity;
        int[] rows = ROWS[Integer.numberOfTrailingZeros(typeBits) - 3];
        int n = idx.length;
        int[] baseAt = new int[n];
        long total = 0;
        for (int k = 0; k < n; k++) {
            long q = (long) idx[k] + offset;
            int cell = CELL[(int) (q & 1023)];
            baseAt[k] = (int) ((q >>> 10) * lanes + (cell & (lanes - 1)));
            total += rows[cell] + 1;
        }
        int[] deltaAt = ctx.indexArray(total, "delta take deltas");
        int at = 0;
        for (int k = 0; k < n; k++) {
            long q = (long) idx[k] + offset;
            int cell = CELL[(int) (q & 1023)];
            long blockStart = q & ~1023L;
            int lane = cell & (lanes - 1);
            for (int row = 0; row <= rows[cell]; row++) {
                deltaAt[at++] = (int) (blockStart + FastLanes.rowStart(row) + lane);
            }
        }
        long[] bases = IntegerArrays.toLongs(ctx.takePrimitive(node, 0, ptype, childrenNullable, basesLen, baseAt));
        long[] deltas = IntegerArrays.toLongs(ctx.takePrimitive(node, 1, ptype, childrenNullable, deltasLen, deltaAt));
        MemorySegment out = ctx.allocate((long) n * ptype.byteWidth(), ptype.byteWidth());
        at = 0;
        for (int k = 0; k < n; k++) {
            long q = (long) idx[k] + offset;
            int cell = CELL[(int) (q & 1023)];
            long sum = bases[k];
            for (int row = 0; row <= rows[cell]; row++) {
                sum += deltas[at++];
            }
            PrimitiveArray.setLong(out, ptype, k, sum);
        }
        Validity validity;
        if (topLevelValidity) {
            validity = ctx.takeValidity(node, 2, dtype, len, idx);
        } else if (!dtype.nullable()) {
            validity = Validity.ALL_VALID;
        } else {
            // Two-child form: the deltas' validity, bit-transposed within each block.
            int[] bitAt = new int[n];
            for (int k = 0; k < n; k++) {
                long q = (long) idx[k] + offset;
                bitAt[k] = (int) ((q & ~1023L) + FastLanes.transpose((int) (q & 1023)));
            }
            validity = ctx.takePrimitive(node, 1, ptype, true, deltasLen, bitAt).validity();
        }
        return new PrimitiveArray(dtype, ptype, out, n, validity);
    }
}
