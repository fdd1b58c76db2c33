package dev.jvortex.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/// [Segments#load], [Segments#store], [Primitives#segment(PType, long[], int)], [Bits#popCount]
/// and [Rows#gather] against value-at-a-time references, on heap, sliced-heap and native segments
/// and across the scratch block size.
class BulkMovesTest {
    private static final int[] SIZES = {0, 1, 7, 1024, 2048, 2049, 5000};

    /// The value at element `i` of a little-endian buffer, sign- or zero-extended as `load` promises.
    private static long expected(byte[] le, PType p, int i) {
        ByteBuffer b = ByteBuffer.wrap(le).order(ByteOrder.LITTLE_ENDIAN);
        boolean signed = p == PType.I8 || p == PType.I16 || p == PType.I32;
        return switch (p.byteWidth()) {
            case 1 -> signed ? b.get(i) : b.get(i) & 0xFFL;
            case 2 -> signed ? b.getShort(2 * i) : b.getShort(2 * i) & 0xFFFFL;
            case 4 -> signed ? b.getInt(4 * i) : b.getInt(4 * i) & 0xFFFFFFFFL;
            default -> b.getLong(8 * i);
        };
    }

    private static byte[] randomBytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt();
        }
        return b;
    }

    @Test
    void loadWidensEveryTypeFromEveryKindOfSegment() {
        SplittableRandom r = new SplittableRandom(7);
        try (Arena arena = Arena.ofConfined()) {
            for (PType p : PType.values()) {
                int w = p.byteWidth();
                for (int n : SIZES) {
                    int from = 3;
                    byte[] le = randomBytes(r, (n + from) * w);
                    byte[] padded = new byte[le.length + 5];
                    System.arraycopy(le, 0, padded, 5, le.length);
                    MemorySegment nat = arena.allocate(Math.max(1, le.length));
                    MemorySegment.copy(le, 0, nat, ValueLayout.JAVA_BYTE, 0, le.length);
                    MemorySegment[] sources = {
                        MemorySegment.ofArray(le), MemorySegment.ofArray(padded).asSlice(5), nat
                    };
                    for (MemorySegment src : sources) {
                        long[] dst = new long[n + 2];
                        dst[0] = 42;
                        dst[n + 1] = 43;
                        Segments.load(src, p, from, dst, 1, n);
                        assertEquals(42, dst[0]);
                        assertEquals(43, dst[n + 1]);
                        for (int i = 0; i < n; i++) {
                            assertEquals(expected(le, p, from + i), dst[1 + i], p + " n=" + n + " i=" + i);
                        }
                    }
                    long[] all = Segments.toLongs(MemorySegment.ofArray(le), p, n + from);
                    for (int i = 0; i < n + from; i++) {
                        assertEquals(expected(le, p, i), all[i]);
                    }
                }
            }
        }
    }

    @Test
    void storeWritesLowBytesLittleEndianAndNothingElse() {
        SplittableRandom r = new SplittableRandom(11);
        try (Arena arena = Arena.ofConfined()) {
            for (PType p : PType.values()) {
                int w = p.byteWidth();
                for (int n : SIZES) {
                    long[] values = new long[n + 2];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = r.nextLong();
                    }
                    byte[] want = new byte[(n + 4) * w];
                    ByteBuffer b = ByteBuffer.wrap(want).order(ByteOrder.LITTLE_ENDIAN);
                    for (int i = 0; i < n; i++) {
                        long v = values[2 + i];
                        for (int k = 0; k < w; k++) {
                            b.put((3 + i) * w + k, (byte) (v >>> (8 * k)));
                        }
                    }
                    MemorySegment heap = MemorySegment.ofArray(new byte[want.length]);
                    MemorySegment nat = arena.allocate(Math.max(1, want.length));
                    for (MemorySegment dst : new MemorySegment[] {heap, nat.asSlice(0, want.length)}) {
                        Segments.store(values, 2, dst, p, 3, n);
                        assertArrayEquals(want, dst.toArray(ValueLayout.JAVA_BYTE), p + " n=" + n);
                    }
                    byte[] seg = Primitives.segment(p, values, n).toArray(ValueLayout.JAVA_BYTE);
                    long[] back = Segments.toLongs(MemorySegment.ofArray(seg), p, n);
                    for (int i = 0; i < n; i++) {
                        assertEquals(expected(seg, p, i), back[i]);
                        long mask = w == 8 ? -1L : (1L << (8 * w)) - 1;
                        assertEquals(values[i] & mask, back[i] & mask);
                    }
                }
            }
        }
    }

    @Test
    void loadAndStoreRejectRangesOutsideEitherSide() {
        MemorySegment seg = MemorySegment.ofArray(new byte[16]);
        long[] values = new long[8];
        IndexOutOfBoundsException e =
                assertThrows(IndexOutOfBoundsException.class, () -> Segments.store(values, 0, seg, PType.U32, 1, 4));
        assertTrue(e.getMessage().contains("16-byte buffer"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> Segments.store(values, 5, seg, PType.U8, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> Segments.store(values, 0, seg.asReadOnly(), PType.U8, 0, 4));
        e = assertThrows(IndexOutOfBoundsException.class, () -> Segments.load(seg, PType.I64, 1, values, 0, 2));
        assertTrue(e.getMessage().contains("16-byte buffer"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> Segments.load(seg, PType.U8, 0, values, 5, 4));
        Segments.store(values, 4, seg, PType.U32, 0, 4);
        Segments.load(seg, PType.I64, 0, values, 6, 2);
    }

    @Test
    void loadAndStoreSayWhichArgumentIsOutOfRange() {
        MemorySegment seg = MemorySegment.ofArray(new byte[16]);
        long[] values = new long[8];
        assertTrue(
                message(() -> Segments.load(seg, PType.U16, -1, values, 0, 2)).contains("negative"));
        assertTrue(message(() -> Segments.load(seg, PType.U16, 0, values, 5, 4)).contains("8 slots from 5"));
        assertTrue(message(() -> Segments.load(seg, PType.U16, 6, values, 0, 4)).contains("at element 6 of a 16-byte"));
        assertTrue(
                message(() -> Segments.store(values, 0, seg, PType.I32, -2, 1)).contains("negative"));
        assertTrue(
                message(() -> Segments.store(values, 6, seg, PType.I32, 0, 3)).contains("of 8 from 6"));
        assertTrue(
                message(() -> Segments.store(values, 0, seg, PType.I32, 3, 2)).contains("at element 3 of a 16-byte"));
        IllegalArgumentException ro = assertThrows(
                IllegalArgumentException.class, () -> Segments.store(values, 0, seg.asReadOnly(), PType.U8, 2, 4));
        assertTrue(ro.getMessage().contains("read-only 16-byte buffer"), ro.getMessage());
        // the checks come before any byte moves: the rejected calls left the buffer alone
        Segments.load(seg, PType.I64, 0, values, 0, 2);
        assertEquals(0L, values[0] | values[1]);
    }

    private static String message(org.junit.jupiter.api.function.Executable call) {
        return assertThrows(IndexOutOfBoundsException.class, call).getMessage();
    }

    @Test
    void popCountMatchesBitByBitCountForEveryAlignment() {
        SplittableRandom r = new SplittableRandom(3);
        byte[] raw = randomBytes(r, 64);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(raw.length);
            MemorySegment.copy(raw, 0, nat, ValueLayout.JAVA_BYTE, 0, raw.length);
            for (MemorySegment bits : new MemorySegment[] {MemorySegment.ofArray(raw), nat}) {
                for (int from = 0; from < 140; from += 3) {
                    for (int n = 0; from + n <= raw.length * 8; n += 13) {
                        int want = 0;
                        for (int i = from; i < from + n; i++) {
                            want += Bits.get(bits, i) ? 1 : 0;
                        }
                        assertEquals(want, Bits.popCount(bits, from, n), "from=" + from + " n=" + n);
                    }
                }
            }
        }
        assertEquals(64 * 8, Bits.popCount(MemorySegment.ofArray(new byte[64]).fill((byte) -1), 0, 64 * 8));
        // More words than one scratch chunk holds.
        byte[] big = randomBytes(r, 20_003);
        int want = 0;
        for (byte b : big) {
            want += Integer.bitCount(b & 0xFF);
        }
        assertEquals(want, Bits.popCount(MemorySegment.ofArray(big), 0, big.length * 8L));
        assertEquals(want - (big[0] & 1), Bits.popCount(MemorySegment.ofArray(big), 1, big.length * 8L - 8 + 7));
    }

    @Test
    void gatherCopiesRowsOfEveryWidthFromEveryKindOfSegment() {
        SplittableRandom r = new SplittableRandom(5);
        int len = 300;
        int[] rows = new int[500];
        for (int k = 0; k < rows.length; k++) {
            rows[k] = r.nextInt(len);
        }
        rows[0] = len - 1;
        try (Arena arena = Arena.ofConfined()) {
            for (int w : new int[] {1, 2, 4, 8, 16, 32}) {
                byte[] le = randomBytes(r, len * w);
                byte[] padded = new byte[le.length + 9];
                System.arraycopy(le, 0, padded, 9, le.length);
                MemorySegment nat = arena.allocate(le.length);
                MemorySegment.copy(le, 0, nat, ValueLayout.JAVA_BYTE, 0, le.length);
                byte[] want = new byte[rows.length * w];
                for (int k = 0; k < rows.length; k++) {
                    System.arraycopy(le, rows[k] * w, want, k * w, w);
                }
                for (MemorySegment data : new MemorySegment[] {
                    MemorySegment.ofArray(le), MemorySegment.ofArray(padded).asSlice(9), nat
                }) {
                    Array a = w == 16 || w == 32
                            ? new DecimalArray(
                                    new DType.Decimal(w == 16 ? 38 : 76, 2, false), w, data, len, Validity.ALL_VALID)
                            : new PrimitiveArray(
                                    new DType.Primitive(unsigned(w), false),
                                    unsigned(w),
                                    data,
                                    len,
                                    Validity.ALL_VALID);
                    Array g = Rows.gather(a, rows, rows.length);
                    MemorySegment got = g instanceof PrimitiveArray p ? p.data() : ((DecimalArray) g).data();
                    assertArrayEquals(want, got.toArray(ValueLayout.JAVA_BYTE), "w=" + w);
                }
            }
        }
    }

    @Test
    void gatherRejectsRowsPastTheSegmentEvenWhenTheArrayGoesOn() {
        // A slice of a longer array: row 4 lies inside the array but past the slice.
        MemorySegment data = MemorySegment.ofArray(new byte[64]).asSlice(0, 16);
        PrimitiveArray a =
                new PrimitiveArray(new DType.Primitive(PType.U32, false), PType.U32, data, 4, Validity.ALL_VALID);
        assertThrows(IndexOutOfBoundsException.class, () -> Rows.gather(a, new int[] {1, 4}, 2));
    }

    private static PType unsigned(int w) {
        return switch (w) {
            case 1 -> PType.U8;
            case 2 -> PType.U16;
            case 4 -> PType.U32;
            default -> PType.U64;
        };
    }
}
