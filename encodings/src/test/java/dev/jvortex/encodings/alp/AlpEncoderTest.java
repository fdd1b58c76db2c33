package dev.jvortex.encodings.alp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// ALP and ALP-RD: the exponents and integers the reference's own tests expect, patches for
/// values that do not round-trip, and the choice between them.
class AlpEncoderTest {
    @Test
    void f32ExponentsAsTheReferenceChooses() {
        float[] values = new float[1025];
        Arrays.fill(values, 1.234f);
        PrimitiveArray a = EncodeTesting.floats(values, null);
        assertEquals(new AlpEncoder.Exponents(9, 6), AlpEncoder.bestExponents(a));
        AlpEncoder.Parts parts = AlpEncoder.split(a, AlpEncoder.bestExponents(a));
        assertEquals(0, parts.patchCount());
        assertEquals(1234, parts.encoded().getLong(1024));
    }

    @Test
    void f64PatchesTakeTheFillValue() {
        PrimitiveArray a = EncodeTesting.doubles(new double[] {1.234, 2.718, Math.PI, 4.0}, null);
        AlpEncoder.Exponents exponents = AlpEncoder.bestExponents(a);
        assertEquals(new AlpEncoder.Exponents(16, 13), exponents);
        AlpEncoder.Parts parts = AlpEncoder.split(a, exponents);
        assertEquals(PType.I64, parts.encoded().ptype());
        assertEquals(1, parts.patchCount());
        assertEquals(2, parts.patchRows()[0]);
        assertEquals(Math.PI, parts.patchValues().getDouble(0));
        assertEquals(
                Arrays.toString(new long[] {1234, 2718, 1234, 4000}),
                Arrays.toString(Primitives.longs(parts.encoded())));
    }

    @Test
    void specialValuesAreAllPatches() {
        double[] values = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5};
        PrimitiveArray a = EncodeTesting.doubles(values, null);
        AlpEncoder.Parts parts = AlpEncoder.split(a, AlpEncoder.bestExponents(a));
        assertEquals(4, parts.patchCount());
        // The only value that round-trips is the fill of every patched slot.
        long fill = parts.encoded().getLong(4);
        for (int i = 0; i < 4; i++) {
            assertEquals(fill, parts.encoded().getLong(i));
        }
    }

    @Test
    void nullRowsAreNotPatches() {
        PrimitiveArray a =
                EncodeTesting.doubles(new double[] {1.5, Double.NaN, 2.5}, new boolean[] {true, false, true});
        AlpEncoder.Parts parts = AlpEncoder.split(a, AlpEncoder.bestExponents(a));
        assertEquals(0, parts.patchCount());
        assertTrue(parts.encoded().isNull(1));
    }

    @Test
    void onlyFloats() {
        assertNull(AlpEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {1}, null), LightEncoder.PACKED));
        assertNull(AlpRdEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {1}, null), LightEncoder.PACKED));
        assertNull(AlpRdEncoder.encode(EncodeTesting.doubles(new double[0], null), LightEncoder.PACKED));
    }

    @Test
    void realDoublesPreferAlpRd() {
        Random random = new Random(5);
        double[] values = new double[4096];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextDouble();
        }
        PrimitiveArray a = EncodeTesting.doubles(values, null);
        WriteNode alp = AlpEncoder.encode(a, LightEncoder.PACKED);
        WriteNode rd = AlpRdEncoder.encode(a, LightEncoder.PACKED);
        assertTrue(rd.bufferBytes() < alp.bufferBytes(), "ALP-RD " + rd.bufferBytes() + " vs ALP " + alp.bufferBytes());
        assertTrue(rd.bufferBytes() < values.length * 8L, "ALP-RD must beat raw doubles: " + rd.bufferBytes());
        AlpRdEncoder.Dictionary d = AlpRdEncoder.bestDictionary(a);
        assertTrue(d.rightBitWidth() >= 48 && d.leftPatterns().length <= 8, d.toString());
        // Decimal-like doubles prefer ALP.
        double[] prices = new double[4096];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = random.nextInt(100000) / 100.0;
        }
        PrimitiveArray p = EncodeTesting.doubles(prices, null);
        assertTrue(AlpEncoder.encode(p, LightEncoder.PACKED).bufferBytes()
                < AlpRdEncoder.encode(p, LightEncoder.PACKED).bufferBytes());
        assertTrue(AlpEncoder.encode(p, LightEncoder.PACKED).bufferBytes() <= prices.length * 17L / 8 + 64);
    }

    @Test
    void dictionaryIsTheBestSplitOfAStraightRecount() {
        Random random = new Random(11);
        for (int round = 0; round < 6; round++) {
            // Few distinct high parts with tied counts (more than fit in the dictionary), nulls,
            // and a length over the sample limit in the last rounds.
            int n = round < 3 ? 3000 : 20000;
            double[] values = new double[n];
            boolean[] valid = new boolean[n];
            int highs = 6 + 3 * round;
            for (int i = 0; i < n; i++) {
                long high = (long) (i % highs) << 52 ^ 0x3FF0_0000_0000_0000L;
                values[i] = Double.longBitsToDouble(high | (random.nextLong() & 0x000F_FFFF_FFFF_FFFFL));
                valid[i] = round % 2 == 0 || random.nextInt(5) != 0;
            }
            PrimitiveArray a = EncodeTesting.doubles(values, valid);
            AlpRdEncoder.Dictionary d = AlpRdEncoder.bestDictionary(a);
            // The sample as the encoder takes it: every step-th valid value.
            int count = 0;
            for (boolean v : valid) {
                count += v ? 1 : 0;
            }
            int step = Math.max(1, count / AlpRdEncoder.SAMPLE_LIMIT);
            long[] sample = new long[(count + step - 1) / step];
            int taken = 0;
            int seen = 0;
            for (int i = 0; i < n && taken < sample.length; i++) {
                if (valid[i] && seen++ % step == 0) {
                    sample[taken++] = Double.doubleToRawLongBits(values[i]);
                }
            }
            double bestSize = Double.MAX_VALUE;
            int bestRight = -1;
            int[] bestPatterns = null;
            for (int p = 1; p <= AlpRdEncoder.CUT_LIMIT; p++) {
                int right = 64 - p;
                java.util.TreeMap<Integer, Integer> counts = new java.util.TreeMap<>();
                for (int k = 0; k < taken; k++) {
                    counts.merge((int) ((sample[k] >>> right) & 0xFFFF), 1, Integer::sum);
                }
                java.util.List<Integer> order = new java.util.ArrayList<>(counts.keySet());
                order.sort((x, y) -> counts.get(x).equals(counts.get(y))
                        ? Integer.compare(x, y)
                        : Integer.compare(counts.get(y), counts.get(x)));
                int size = Math.min(AlpRdEncoder.MAX_DICT, order.size());
                int[] patterns = new int[Math.max(1, size)];
                long exceptions = 0;
                for (int k = 0; k < order.size(); k++) {
                    if (k < size) {
                        patterns[k] = order.get(k);
                    } else {
                        exceptions += counts.get(order.get(k));
                    }
                }
                int width = patterns.length == 1 ? 1 : 32 - Integer.numberOfLeadingZeros(patterns.length - 1);
                double size2 = right + width + exceptions * 32.0 / taken;
                if (size2 < bestSize) {
                    bestSize = size2;
                    bestRight = right;
                    bestPatterns = patterns;
                }
            }
            assertEquals(bestRight, d.rightBitWidth(), "round " + round);
            assertEquals(Arrays.toString(bestPatterns), Arrays.toString(d.leftPatterns()), "round " + round);
        }
    }
}
