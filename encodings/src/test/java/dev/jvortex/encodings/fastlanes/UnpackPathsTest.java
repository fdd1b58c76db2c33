package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Runs [BitPackedDecoder#unpackAll] on its vector path ([VectorUnpack], when [Simd#ENABLED]; the
/// build runs tests with the module) and on its scalar path for every type and width, with and
/// without a frame-of-reference addition and ALP, over whole and partial blocks, against values
/// computed independently: packed bit by bit by [ReferenceFastLanes], then reference and ALP applied
/// one value at a time.
class UnpackPathsTest {
    private static final PType[] TYPES = {PType.U8, PType.U16, PType.U32, PType.U64};

    @Test
    void vectorKernelsAreActiveInTests() {
        assertTrue(Simd.ENABLED, "tests run with --add-modules jdk.incubator.vector; the vector path must be tested");
    }

    @Test
    void everyTypeAndWidthOnBothPaths() {
        Random random = new Random(11);
        for (PType ptype : TYPES) {
            int typeBits = ptype.bitWidth();
            for (int width = 0; width <= typeBits; width++) {
                long[] refs = {0, random.nextLong(), -1};
                for (long reference : refs) {
                    check(random, ptype, width, 0, 3 * 1024, reference, 0);
                    check(random, ptype, width, 5, 2 * 1024 + 7, reference, 0);
                    check(random, ptype, width, 1000, 20, reference, 0);
                }
            }
        }
    }

    @Test
    void typedKernelsOnBothPaths() {
        Random random = new Random(13);
        for (int typeBits = 8; typeBits <= 64; typeBits *= 2) {
            for (int width = 0; width <= typeBits; width++) {
                long[] values = new long[1024];
                for (int i = 0; i < 1024; i++) {
                    values[i] = width == 0 ? 0 : random.nextLong() & (width == 64 ? -1L : (1L << width) - 1);
                }
                long[] words = ReferenceFastLanes.packBlock(values, width, typeBits);
                for (boolean vector : new boolean[] {false, true}) {
                    String what = "u" + typeBits + " width " + width + (vector ? " (vector)" : " (scalar)");
                    long[] actual = new long[1024];
                    switch (typeBits) {
                        case 8 -> {
                            byte[] packed = new byte[words.length];
                            for (int i = 0; i < words.length; i++) {
                                packed[i] = (byte) words[i];
                            }
                            byte[] out = new byte[1024];
                            java.util.Arrays.fill(out, (byte) 0x5A);
                            BitUnpack.unpack8(width, packed, out, vector);
                            for (int i = 0; i < 1024; i++) {
                                actual[i] = out[i] & 0xFFL;
                            }
                        }
                        case 16 -> {
                            short[] packed = new short[words.length];
                            for (int i = 0; i < words.length; i++) {
                                packed[i] = (short) words[i];
                            }
                            short[] out = new short[1024];
                            java.util.Arrays.fill(out, (short) 0x5A5A);
                            BitUnpack.unpack16(width, packed, out);
                            for (int i = 0; i < 1024; i++) {
                                actual[i] = out[i] & 0xFFFFL;
                            }
                        }
                        case 32 -> {
                            int[] packed = new int[words.length];
                            for (int i = 0; i < words.length; i++) {
                                packed[i] = (int) words[i];
                            }
                            int[] out = new int[1024];
                            java.util.Arrays.fill(out, 0x5A5A5A5A);
                            BitUnpack.unpack32(width, packed, out);
                            for (int i = 0; i < 1024; i++) {
                                actual[i] = out[i] & 0xFFFF_FFFFL;
                            }
                        }
                        default -> {
                            long[] out = new long[1024];
                            java.util.Arrays.fill(out, 0x5A5A5A5A5A5A5A5AL);
                            BitUnpack.unpack64(width, words, out);
                            actual = out;
                        }
                    }
                    org.junit.jupiter.api.Assertions.assertArrayEquals(values, actual, what);
                }
            }
        }
    }

    @Test
    void alpOnBothPaths() {
        Random random = new Random(12);
        for (PType ptype : new PType[] {PType.U32, PType.U64}) {
            int typeBits = ptype.bitWidth();
            for (int width = 0; width <= typeBits; width++) {
                for (long reference : new long[] {0, -12345, random.nextInt()}) {
                    check(random, ptype, width, 0, 2048, reference, typeBits);
                    check(random, ptype, width, 3, 1500, reference, typeBits);
                }
            }
        }
    }

    private static void check(Random random, PType ptype, int width, int offset, int len, long reference, int alpBits) {
        int typeBits = ptype.bitWidth();
        int positions = offset + len;
        long[] raw = new long[(positions + 1023) / 1024 * 1024];
        for (int i = 0; i < positions; i++) {
            raw[i] = width == 0 ? 0 : random.nextLong() & (width == 64 ? -1L : (1L << width) - 1);
        }
        long[] used = java.util.Arrays.copyOf(raw, positions);
        double scale = typeBits == 32 ? 100f : 1000.0;
        double inverse = typeBits == 32 ? 0.1f : 0.0001;
        long[] expected = new long[len];
        for (int i = 0; i < len; i++) {
            long v = raw[offset + i] + reference;
            if (alpBits == 64) {
                expected[i] = Double.doubleToRawLongBits((double) v * scale * inverse);
            } else if (alpBits == 32) {
                expected[i] = Float.floatToRawIntBits((float) (int) v * (float) scale * (float) inverse) & 0xFFFF_FFFFL;
            } else {
                expected[i] = typeBits == 64 ? v : v & ((1L << typeBits) - 1);
            }
        }
        MemorySegment packed = ReferenceFastLanes.pack(used, width, ptype);
        int bytes = typeBits / 8;
        for (boolean vector : new boolean[] {false, true}) {
            if (vector && !Simd.ENABLED) {
                continue;
            }
            try (Arena arena = Arena.ofConfined()) {
                // One spare value each side, to catch writes outside the range.
                MemorySegment out = arena.allocate((long) (len + 2) * bytes, 8);
                out.fill((byte) 0x5A);
                BitPackedDecoder.unpackAll(
                        packed,
                        typeBits,
                        width,
                        offset,
                        len,
                        out.asSlice(bytes, (long) len * bytes),
                        reference,
                        alpBits,
                        scale,
                        inverse,
                        vector);
                String what = ptype.shortName() + " width " + width + " offset " + offset + " len " + len
                        + " reference " + reference + " alp " + alpBits + (vector ? " (vector)" : " (scalar)");
                for (int i = 0; i < len; i++) {
                    long actual = switch (bytes) {
                        case 1 -> out.get(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) (i + 1)) & 0xFFL;
                        case 2 -> out.get(PrimitiveArray.LE_SHORT, (long) (i + 1) * 2) & 0xFFFFL;
                        case 4 -> out.get(PrimitiveArray.LE_INT, (long) (i + 1) * 4) & 0xFFFF_FFFFL;
                        default -> out.get(PrimitiveArray.LE_LONG, (long) (i + 1) * 8);
                    };
                    if (actual != expected[i]) {
                        assertEquals(expected[i], actual, what + " at row " + i);
                    }
                }
                for (long at : new long[] {0, (long) (len + 1) * bytes}) {
                    for (int k = 0; k < bytes; k++) {
                        assertEquals(
                                (byte) 0x5A,
                                out.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at + k),
                                what + ": wrote outside");
                    }
                }
            }
        }
    }
}
