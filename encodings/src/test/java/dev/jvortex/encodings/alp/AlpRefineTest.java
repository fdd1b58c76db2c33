package dev.jvortex.encodings.alp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.EncodeTesting;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [AlpEncoder#refineExponents] stops estimating a pair as soon as it cannot beat the best so far;
/// its choice must be the one of a plain search that estimates every pair over every value (the
/// fewest bytes, the starting pair on a tie, else the first pair in the search order).
class AlpRefineTest {

    @Test
    void choosesWhatAFullSearchChooses() {
        Random r = new Random(42);
        for (int round = 0; round < 60; round++) {
            int len = 1 + r.nextInt(round < 20 ? 300 : 5000);
            double[] values = values(r, round % 7, len);
            PrimitiveArray d = EncodeTesting.doubles(values, null);
            AlpEncoder.Exponents start = AlpEncoder.bestExponents(d);
            assertEquals(fullSearch(values, start, false), AlpEncoder.refineExponents(d, start), "f64 round " + round);
            float[] floats = new float[len];
            for (int i = 0; i < len; i++) {
                floats[i] = (float) values[i];
            }
            PrimitiveArray f = EncodeTesting.floats(floats, null);
            AlpEncoder.Exponents startF = AlpEncoder.bestExponents(f);
            double[] widened = new double[len];
            for (int i = 0; i < len; i++) {
                widened[i] = floats[i];
            }
            assertEquals(
                    fullSearch(widened, startF, true), AlpEncoder.refineExponents(f, startF), "f32 round " + round);
            // a start that is not the best pair must still be replaced as a full search would
            AlpEncoder.Exponents odd = new AlpEncoder.Exponents(1, 0);
            assertEquals(fullSearch(values, odd, false), AlpEncoder.refineExponents(d, odd), "odd start " + round);
        }
    }

    /// Prices of a few decimals, mixed decimals, integers, arbitrary doubles, prices with some
    /// outliers (patches), prices with some huge outliers, and a narrow range around a large value.
    private static double[] values(Random r, int kind, int len) {
        double[] v = new double[len];
        for (int i = 0; i < len; i++) {
            v[i] = switch (kind) {
                case 0 -> Math.round(r.nextDouble() * 100_000) / 100.0;
                case 1 -> Math.round(r.nextDouble() * 1e6) / Math.pow(10, r.nextInt(5));
                case 2 -> r.nextInt(1_000_000) - 500_000;
                case 3 -> r.nextGaussian() * 1e3;
                case 4 -> r.nextInt(50) == 0 ? r.nextDouble() : Math.round(r.nextDouble() * 10_000) / 1000.0;
                case 5 -> r.nextInt(20) == 0 ? r.nextDouble() * 1e14 : Math.round(r.nextDouble() * 10_000) / 100.0;
                default -> 1e9 + Math.round(r.nextDouble() * 1_000) / 10.0;
            };
        }
        return v;
    }

    private static AlpEncoder.Exponents fullSearch(double[] values, AlpEncoder.Exponents start, boolean f32) {
        AlpEncoder.Exponents best = start;
        long bestBytes = estimate(values, start.e(), start.f(), f32);
        int max = f32 ? AlpDecoder.F32_MAX_EXPONENT : AlpDecoder.F64_MAX_EXPONENT;
        for (int e = max - 1; e >= 0; e--) {
            for (int f = 0; f < e; f++) {
                long bytes = estimate(values, e, f, f32);
                if (bytes < bestBytes) {
                    bestBytes = bytes;
                    best = new AlpEncoder.Exponents(e, f);
                }
            }
        }
        return best;
    }

    /// Bytes of the bit-packed codes of the exactly coded values' range plus 10 (f64) or 6 (f32)
    /// bytes per patched value; when every value is patched, the range of all codes.
    private static long estimate(double[] values, int e, int f, boolean f32) {
        long keptMin = Long.MAX_VALUE;
        long keptMax = Long.MIN_VALUE;
        long allMin = Long.MAX_VALUE;
        long allMax = Long.MIN_VALUE;
        int patches = 0;
        for (double d : values) {
            long n;
            boolean exact;
            if (f32) {
                float v = (float) d;
                int c = AlpEncoder.encode32(v, e, f);
                n = c;
                exact = Float.floatToRawIntBits(AlpEncoder.decode32(c, e, f)) == Float.floatToRawIntBits(v);
            } else {
                n = AlpEncoder.encode64(d, e, f);
                exact = Double.doubleToRawLongBits(AlpEncoder.decode64(n, e, f)) == Double.doubleToRawLongBits(d);
            }
            allMin = Math.min(allMin, n);
            allMax = Math.max(allMax, n);
            if (exact) {
                keptMin = Math.min(keptMin, n);
                keptMax = Math.max(keptMax, n);
            } else {
                patches++;
            }
        }
        boolean none = patches == values.length;
        long min = none ? allMin : keptMin;
        long max = none ? allMax : keptMax;
        int typeBits = f32 ? 32 : 64;
        long range = max - min;
        boolean overflow = f32 ? range > 0x7FFF_FFFFL : ((max ^ min) & (max ^ range)) < 0;
        int bits = overflow ? typeBits : 64 - Long.numberOfLeadingZeros(range);
        return ((long) values.length * bits + 7) / 8 + (long) patches * (f32 ? 6 : 10);
    }
}
