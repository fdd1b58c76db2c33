package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Bit-width choice, refusals and the exact bytes of `fastlanes.bitpacked` nodes.
class BitPackedEncoderTest {
    @Test
    void histogramCountsNullsAsZeroBits() {
        PrimitiveArray a = EncodeTesting.ints(
                PType.I16, new long[] {0, 1, 2, 3, 255, -1, 7}, new boolean[] {true, true, true, true, true, false, true
                });
        long[] h = BitPackedEncoder.histogram(a);
        assertEquals(17, h.length);
        assertEquals(2, h[0]); // 0 and the null row
        assertEquals(1, h[1]);
        assertEquals(2, h[2]); // 2 and 3
        assertEquals(1, h[3]); // 7
        assertEquals(1, h[8]);
    }

    @Test
    void bestWidthMinimisesTheReferenceCost() {
        Random random = new Random(7);
        for (int round = 0; round < 500; round++) {
            PType ptype = EncodeTesting.INTEGERS[random.nextInt(4)];
            long[] h = new long[ptype.bitWidth() + 1];
            for (int k = 0; k < 1 + random.nextInt(4); k++) {
                h[random.nextInt(h.length)] += random.nextInt(5000);
            }
            int best = BitPackedEncoder.bestWidth(ptype, h);
            long bestCost = BitPackedEncoder.estimatedBytes(ptype, h, best);
            long total = 0;
            for (long c : h) {
                total += c;
            }
            for (int w = 0; w < h.length; w++) {
                long cost = BitPackedEncoder.estimatedBytes(ptype, h, w);
                // Strictly better than all narrower widths' costs is not required; never worse than any.
                if (cost < bestCost) {
                    throw new AssertionError("width " + w + " costs " + cost + " < " + bestCost + " at chosen " + best);
                }
                if (cost == bestCost && w < best && cost < total * (ptype.byteWidth() + 4L)) {
                    throw new AssertionError("tie should go to the narrower width " + w + " over " + best);
                }
            }
        }
    }

    @Test
    void outliersBecomePatchesAsTheReferenceWritesThem() {
        long[] values = new long[3000];
        Random random = new Random(1);
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(100);
        }
        values[5] = 100000;
        values[2000] = 70000;
        PrimitiveArray a = EncodeTesting.ints(PType.I32, values, null);
        assertEquals(7, BitPackedEncoder.bestWidth(PType.I32, BitPackedEncoder.histogram(a)));
        WriteNode node = BitPackedEncoder.encode(a, LightEncoder.PATCHES);
        assertNotNull(node);
        // The bytes the reference (vortex-data 0.90.0) writes for the same shape of data: width 7,
        // two patches with u16 indices, three u8 chunk offsets, offset_within_chunk 0.
        assertEquals("08071a0a08021801200328003000", HexFormat.of().formatHex(node.metadata()));
        assertEquals(3, node.children().size());
        assertEquals(3 * 128 * 7, node.buffers().get(0).data().byteSize());
        assertEquals(4, node.buffers().get(0).alignment());
    }

    @Test
    void refusesNegativeValuesAndFullWidth() {
        PrimitiveArray negative = EncodeTesting.ints(PType.I64, new long[] {1, 2, -3}, null);
        assertNull(BitPackedEncoder.encode(negative, 4, ChildEncoder.CANONICAL));
        assertNull(BitPackedEncoder.encode(negative, LightEncoder.PATCHES));
        PrimitiveArray nullNegative =
                EncodeTesting.ints(PType.I8, new long[] {1, 2, -3}, new boolean[] {true, true, false});
        assertNotNull(BitPackedEncoder.encode(nullNegative, 2, ChildEncoder.CANONICAL));
        PrimitiveArray random =
                EncodeTesting.ints(PType.U8, EncodeTesting.randomInts(new Random(3), 4000, 8, 0, PType.U8), null);
        assertNull(BitPackedEncoder.encode(random, LightEncoder.PATCHES), "8 bits of u8 do not pack");
        assertThrows(IllegalArgumentException.class, () -> BitPackedEncoder.encode(random, 8, ChildEncoder.CANONICAL));
        assertThrows(
                IllegalArgumentException.class,
                () -> BitPackedEncoder.encode(
                        EncodeTesting.doubles(new double[] {1}, null), 1, ChildEncoder.CANONICAL));
    }

    @Test
    void packedBytesMatchTheBitByBitPacker() {
        Random random = new Random(11);
        for (PType ptype : EncodeTesting.INTEGERS) {
            int width = 1 + random.nextInt(ptype.bitWidth() - 1);
            long[] values = EncodeTesting.randomInts(random, 2500, Math.min(width, ptype.bitWidth() - 1), 0, ptype);
            WriteNode node =
                    BitPackedEncoder.encode(EncodeTesting.ints(ptype, values, null), width, ChildEncoder.CANONICAL);
            byte[] got = node.buffers().get(0).data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            byte[] want =
                    ReferenceFastLanes.pack(values, width, ptype).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            assertArrayEquals(want, got, ptype + " width " + width);
        }
    }

    /// The width counting for a JVM on C1 alone (by a value's exponent as a double) against the
    /// one by leading zeros, value by value and as histograms: every width from 0 to 64, both
    /// sides of 2^53 (where a double stops holding every integer), negative values under
    /// masks of 8 to 64 bits, and null rows.
    @Test
    void widthsByExponentEqualWidthsByLeadingZeros() {
        Random random = new Random(13);
        long[] edges = {
            0,
            1,
            2,
            3,
            (1L << 52) - 1,
            1L << 52,
            (1L << 53) - 1,
            1L << 53,
            (1L << 53) + 1,
            (1L << 54) - 1,
            -1,
            Long.MIN_VALUE,
            Long.MAX_VALUE
        };
        for (int w = 0; w <= 53; w++) {
            long top = w == 0 ? 0 : (1L << w) - 1; // the greatest value of w bits, and the least
            assertEquals(w, BitPackedEncoder.exponentWidth(top), "2^" + w + " - 1");
            assertEquals(w, BitPackedEncoder.exponentWidth(w == 0 ? 0 : 1L << (w - 1)), "2^" + (w - 1));
        }
        long[] masks = {0xFFL, 0xFFFFL, 0xFFFF_FFFFL, -1L};
        for (int round = 0; round < 400; round++) {
            int n = 1 + random.nextInt(1024);
            long[] block = new long[n];
            for (int k = 0; k < n; k++) {
                int w = random.nextInt(65);
                long v = w == 0 ? 0 : (random.nextLong() >>> (64 - w)) | (1L << (w - 1));
                block[k] = random.nextInt(10) == 0 ? edges[random.nextInt(edges.length)] : v;
            }
            long mask = masks[round % masks.length];
            long[] byZeros = new long[4 * 65];
            long[] byExponent = new long[4 * 65];
            BitPackedEncoder.countWidths(block, n, mask, byZeros);
            BitPackedEncoder.countWidthsC1(block, n, mask, byExponent);
            long[] want = new long[65];
            for (int k = 0; k < n; k++) {
                want[64 - Long.numberOfLeadingZeros(block[k] & mask)]++;
            }
            assertArrayEquals(want, lanes(byZeros), "round " + round);
            assertArrayEquals(want, lanes(byExponent), "round " + round);
            long[] valid = new long[(n + 63) / 64];
            for (int k = 0; k < n; k++) {
                if (random.nextInt(4) != 0) {
                    valid[k >>> 6] |= 1L << k;
                }
            }
            int from = 0;
            long[] validZeros = new long[65];
            long[] validExponent = new long[65];
            BitPackedEncoder.countValidWidths(block, n, mask, valid, from, validZeros);
            BitPackedEncoder.countValidWidthsC1(block, n, mask, valid, from, validExponent);
            assertArrayEquals(validZeros, validExponent, "round " + round + " with nulls");
        }
    }

    /// The four interleaved tables of `countWidths` summed.
    private static long[] lanes(long[] lanes) {
        long[] sum = new long[65];
        for (int w = 0; w < 65; w++) {
            sum[w] = lanes[w] + lanes[65 + w] + lanes[130 + w] + lanes[195 + w];
        }
        return sum;
    }
}
