package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Round trips of [PcoEncoder] through this module's pco decoder, bit for bit, over every number
/// type, many shapes and lengths, and thousands of seeded random cases. (That the reference
/// decodes the output too is checked in the encodings module, by `ReferenceDecodesEncodersTest`.)
class PcoEncoderTest {
    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int[] LENGTHS = {1, 2, 3, 4, 5, 7, 255, 256, 257, 1000, 8191, 8192, 8193, 20_000};

    /// Decodes chunks written by the encoder and returns the values in the `long` form of [PcoType].
    static long[] decode(PcoType ptype, List<PcoEncoder.Chunk> chunks, int n) {
        PcoDecoder pco = PcoDecoder.open(PcoEncoder.header());
        MemorySegment out = MemorySegment.ofArray(new byte[Math.max(1, n) * ptype.byteWidth()]);
        long at = 0;
        for (PcoEncoder.Chunk c : chunks) {
            PcoChunkDecoder chunk = pco.chunk(ptype, MemorySegment.ofArray(c.meta()));
            assertEquals(c.pages().length, c.pageCounts().length);
            for (int p = 0; p < c.pages().length; p++) {
                chunk.decodePage(MemorySegment.ofArray(c.pages()[p]), c.pageCounts()[p], out, at);
                at += c.pageCounts()[p];
            }
        }
        assertEquals(n, at, "decoded value count");
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = longForm(out, ptype, i);
        }
        return values;
    }

    /// Reads number `i` of `type` from little-endian `data` in the `long` form of [PcoType].
    static long longForm(MemorySegment data, PcoType type, long i) {
        return switch (type) {
            case I8 -> data.get(ValueLayout.JAVA_BYTE, i);
            case U8 -> data.get(ValueLayout.JAVA_BYTE, i) & 0xFFL;
            case I16 -> data.get(LE_SHORT, 2 * i);
            case U16, F16 -> data.get(LE_SHORT, 2 * i) & 0xFFFFL;
            case I32 -> data.get(LE_INT, 4 * i);
            case U32, F32 -> data.get(LE_INT, 4 * i) & 0xFFFFFFFFL;
            case I64, U64, F64 -> data.get(LE_LONG, 8 * i);
        };
    }

    private static void roundTrip(PcoType ptype, long[] values, int maxPageN, String what) {
        List<PcoEncoder.Chunk> chunks = PcoEncoder.encode(ptype, values, values.length, maxPageN);
        assertArrayEquals(values, decode(ptype, chunks, values.length), what);
    }

    @Test
    void everyTypeShapeAndLength() {
        Random r = new Random(101);
        int cases = 0;
        for (PcoType ptype : PcoTestData.TYPES) {
            for (String shape : PcoTestData.shapes(ptype)) {
                for (int len : LENGTHS) {
                    long[] values = PcoTestData.values(ptype, shape, len, r);
                    roundTrip(ptype, values, 8192, ptype.shortName() + "/" + shape + "/" + len);
                    cases++;
                }
            }
        }
        assertEquals((6 * 9 + 3 * 9) * LENGTHS.length, cases);
    }

    @Test
    void seededRandomChunks() {
        Random r = new Random(20261130L);
        for (int c = 0; c < 3000; c++) {
            PcoType ptype = PcoTestData.TYPES.get(r.nextInt(PcoTestData.TYPES.size()));
            List<String> shapes = PcoTestData.shapes(ptype);
            String shape = shapes.get(r.nextInt(shapes.size()));
            int len = 1 + (r.nextInt(4) == 0 ? r.nextInt(5000) : r.nextInt(300));
            int pageN = 1 + r.nextInt(r.nextBoolean() ? 300 : 9000);
            int level = r.nextInt(13);
            long[] values = PcoTestData.values(ptype, shape, len, r);
            String what = "case " + c + " " + ptype.shortName() + "/" + shape + "/" + len + " pages " + pageN
                    + " level " + level;
            PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(ptype, values, 0, len, pageN, level);
            assertArrayEquals(values, decode(ptype, List.of(chunk), len), what);
        }
    }

    /// Every delta encoding, forced, on every type and shape with tiny to large pages.
    @Test
    void everyForcedDelta() {
        Random r = new Random(23);
        for (int delta = PcoEncoder.LOOKBACK; delta <= 7; delta++) {
            for (PcoType ptype : PcoTestData.TYPES) {
                for (String shape : PcoTestData.shapes(ptype)) {
                    int len = 1 + r.nextInt(2000);
                    int pageN = new int[] {1, 2, 3, 7, 256, 8192}[r.nextInt(6)];
                    long[] values = PcoTestData.values(ptype, shape, len, r);
                    String what =
                            "delta " + delta + " " + ptype.shortName() + "/" + shape + "/" + len + " pages " + pageN;
                    PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(ptype, values, 0, len, pageN, 8, delta);
                    assertArrayEquals(values, decode(ptype, List.of(chunk), len), what);
                    PcoChunkMeta meta = PcoDecoder.open(PcoEncoder.header())
                            .chunk(ptype, MemorySegment.ofArray(chunk.meta()))
                            .meta();
                    PcoDelta expected = delta == PcoEncoder.LOOKBACK
                            ? PcoDelta.LOOKBACK
                            : delta == 0 ? PcoDelta.NONE : PcoDelta.CONSECUTIVE;
                    boolean raw = meta.delta() == PcoDelta.NONE
                            && meta.mode() == PcoMode.CLASSIC
                            && meta.primary.binCount == 1
                            && meta.primary.lowers[0] == 0
                            && meta.primary.offsetBits[0] == ptype.bitWidth();
                    assertTrue(meta.delta() == expected || raw, what + ": " + meta.describe());
                }
            }
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> PcoEncoder.encodeChunk(PcoType.I32, new long[] {1}, 0, 1, 8, 8, 8));
        assertThrows(
                IllegalArgumentException.class,
                () -> PcoEncoder.encodeChunk(PcoType.I32, new long[] {1}, 0, 1, 8, 8, -3));
    }

    @Test
    void largeMultiChunkColumns() {
        Random r = new Random(7);
        int n = PcoEncoder.DEFAULT_CHUNK_N + 12_345;
        for (PcoType ptype : List.of(PcoType.I64, PcoType.F64, PcoType.U32)) {
            String shape = ptype.isFloat() ? "prices" : "walk";
            long[] values = PcoTestData.values(ptype, shape, n, r);
            List<PcoEncoder.Chunk> chunks = PcoEncoder.encode(ptype, values, n, 8192);
            assertEquals(2, chunks.size());
            assertEquals(32, chunks.get(0).pages().length);
            assertArrayEquals(values, decode(ptype, chunks, n), ptype.shortName());
        }
    }

    @Test
    void sliceOfALongerArray() {
        Random r = new Random(3);
        long[] values = PcoTestData.values(PcoType.I32, "walk", 5000, r);
        PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(PcoType.I32, values, 1234, 2000, 512, 8);
        long[] expected = java.util.Arrays.copyOfRange(values, 1234, 3234);
        assertArrayEquals(expected, decode(PcoType.I32, List.of(chunk), 2000));
    }

    /// The encoder's integer-float latent is the inverse of the decoder's `int_float`: with base
    /// 1.0 and a zero adjustment, FloatMult decodes every integer-valued float back to itself.
    @Test
    void intFloatLatentsInvertTheDecoder() {
        for (PcoType ptype : List.of(PcoType.F16, PcoType.F32, PcoType.F64)) {
            int width = ptype.bitWidth();
            long mask = width == 64 ? -1L : (1L << width) - 1;
            long mid = 1L << (width - 1);
            long one = PcoEncoder.toOrdered(PcoModes.rawBits(ptype, 1.0), ptype);
            Random r = new Random(width);
            int checked = 0;
            for (int c = 0; c < 200_000; c++) {
                double v = switch (c % 4) {
                    case 0 -> r.nextInt(5000) - 2500;
                    case 1 -> Math.rint(r.nextGaussian() * Math.scalb(1.0, r.nextInt(width == 16 ? 15 : 60)));
                    case 2 -> c % 8 == 2 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                    default -> c % 8 == 3 ? -0.0 : 0.0;
                };
                long raw = PcoModes.rawBits(ptype, v);
                double m = PcoModes.value(ptype, raw);
                if (m != Math.rint(m) && !Double.isInfinite(m)) {
                    continue;
                }
                long[] primary = {PcoModes.intFloatToLatent(ptype, m)};
                long[] secondary = {0};
                switch (ptype) {
                    case F16 -> PcoFloats.joinFloatMult16(primary, secondary, 1, one);
                    case F32 -> PcoFloats.joinFloatMult32(primary, secondary, 1, one);
                    default -> PcoFloats.joinFloatMult64(primary, secondary, 1, one);
                }
                assertEquals((PcoEncoder.toOrdered(raw, ptype) + mid) & mask, primary[0], ptype + " " + v);
                checked++;
            }
            assertTrue(checked > 100_000);
        }
    }

    @Test
    void pageSizesAreEqualUpToTheLimit() {
        assertArrayEquals(new int[] {5000, 5000}, PcoEncoder.pageSizes(10_000, 8192));
        assertArrayEquals(new int[] {6667, 6667, 6666}, PcoEncoder.pageSizes(20_000, 8192));
        assertArrayEquals(new int[] {8192}, PcoEncoder.pageSizes(8192, 8192));
        assertArrayEquals(new int[] {4097, 4096}, PcoEncoder.pageSizes(8193, 8192));
        assertArrayEquals(new int[0], PcoEncoder.pageSizes(0, 8192));
    }

    /// The modes and delta encodings the encoder should find on clear-cut data.
    @Test
    void choosesModeAndDelta() {
        Random r = new Random(11);
        assertEquals("IntMult(1000) | None", describe(PcoType.I64, PcoTestData.values(PcoType.I64, "mult", 20_000, r)));
        assertTrue(describe(PcoType.F64, PcoTestData.values(PcoType.F64, "prices", 20_000, r))
                .startsWith("FloatMult"));
        assertEquals(
                "Classic | Consecutive(order 1)",
                describe(PcoType.I64, PcoTestData.values(PcoType.I64, "walk", 20_000, r)));
        assertEquals("Classic | None", describe(PcoType.U16, PcoTestData.values(PcoType.U16, "small", 20_000, r)));
        assertEquals(
                "FloatQuant(29) | None", describe(PcoType.F64, PcoTestData.values(PcoType.F64, "quant", 20_000, r)));
        assertEquals(
                "FloatQuant(13) | None", describe(PcoType.F32, PcoTestData.values(PcoType.F32, "quant", 20_000, r)));
        assertEquals(
                "Classic | Lookback(window 2^15, state 2^0)",
                describe(PcoType.I64, PcoTestData.values(PcoType.I64, "repeats", 20_000, r)));
        long[] quadratic = new long[20_000];
        for (int i = 0; i < quadratic.length; i++) {
            quadratic[i] = (long) i * i + r.nextInt(3);
        }
        assertEquals("Classic | Consecutive(order 2)", describe(PcoType.I64, quadratic));
    }

    private static String describe(PcoType ptype, long[] values) {
        PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(ptype, values, 0, values.length, 8192, 8);
        return PcoDecoder.open(PcoEncoder.header())
                .chunk(ptype, MemorySegment.ofArray(chunk.meta()))
                .meta()
                .describe();
    }

    /// Random bits do not compress: the raw fallback keeps the size at the values' own size.
    @Test
    void incompressibleDataFallsBackToRaw() {
        Random r = new Random(5);
        long[] values = PcoTestData.values(PcoType.U64, "full", 10_000, r);
        PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(PcoType.U64, values, 0, values.length, 8192, 8);
        assertTrue(chunk.byteSize() <= 13 + 8L * values.length, "size " + chunk.byteSize());
        assertArrayEquals(values, decode(PcoType.U64, List.of(chunk), values.length));
    }

    @Test
    void constantPagesAreEmpty() {
        long[] values = new long[3000];
        java.util.Arrays.fill(values, 7);
        PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(PcoType.U16, values, 0, values.length, 8192, 8);
        // Classic, None, one bin of lower 7 and no offset bits (the digest's worked example (d)).
        assertArrayEquals(new byte[] {0x00, 0x10, 0x00, 0x38, 0x00, 0x00}, chunk.meta());
        assertEquals(0, chunk.pages()[0].length);
    }

    @Test
    void rejectsBadArguments() {
        long[] v = {1, 2, 3};
        assertThrows(IllegalArgumentException.class, () -> PcoEncoder.encodeChunk(PcoType.U8, v, 0, 3, 8192, 8));
        assertThrows(IllegalArgumentException.class, () -> PcoEncoder.encodeChunk(PcoType.I32, v, 0, 0, 8192, 8));
        assertThrows(IllegalArgumentException.class, () -> PcoEncoder.encodeChunk(PcoType.I32, v, 2, 3, 8192, 8));
        assertThrows(IllegalArgumentException.class, () -> PcoEncoder.encodeChunk(PcoType.I32, v, 0, 3, 0, 8));
        assertThrows(IllegalArgumentException.class, () -> PcoEncoder.encodeChunk(PcoType.I32, v, 0, 3, 8192, 13));
    }
}
