package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/// The page body has one loop per kind of latent variable: bins without offset bits (lower bounds
/// written by the symbol loop), offsets of up to 14, 19, 28 and 56 bits (four, three, two, one
/// per load),
/// wider offsets, and a single bin. Each case here checks which kind the encoder produced, so the
/// loop it means to cover really runs, at lengths that end batches and groups of four anywhere.
class PcoBodyPathsTest {
    private static final int[] LENGTHS = {1, 2, 3, 4, 5, 6, 7, 255, 256, 257, 258, 259, 1023, 8192, 8195, 20_001};

    private static void check(PcoType ptype, LongSupplier values, String expectKind) {
        for (int n : LENGTHS) {
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = values.getAsLong();
            }
            // No delta: the variable's bins then come straight from the generated values.
            List<PcoEncoder.Chunk> chunks = PcoEncoder.encode(ptype, v, n, 8192, 0);
            if (n == LENGTHS[LENGTHS.length - 1]) {
                PcoChunkMeta meta = PcoChunkMeta.parse(
                        4, ptype, MemorySegment.ofArray(chunks.get(0).meta()));
                PcoLatentVar primary = meta.vars[meta.deltaVar != null ? 1 : 0];
                if (expectKind != null) {
                    assertEquals(expectKind, kind(primary), "variable kind for " + n + " values, " + meta.describe());
                }
            }
            assertArrayEquals(v, PcoEncoderTest.decode(ptype, chunks, n), expectKind + ", " + n + " values");
        }
    }

    private static String kind(PcoLatentVar var) {
        if (var.binCount <= 1) {
            return "single bin";
        }
        int bits = var.maxOffsetBits;
        return bits == 0
                ? "no offsets"
                : bits <= 14
                        ? "offsets <= 14"
                        : bits <= 19
                                ? "offsets <= 19"
                                : bits <= 28 ? "offsets <= 28" : bits <= 56 ? "offsets <= 56" : "wide offsets";
    }

    @Test
    void binsWithoutOffsetBits() {
        long[] table = new SplittableRandom(3).longs(40, 0, 1L << 40).toArray();
        SplittableRandom rnd = new SplittableRandom(1);
        check(PcoType.I64, () -> table[rnd.nextInt(table.length)], "no offsets");
    }

    @Test
    void offsetsUpTo14Bits() {
        SplittableRandom rnd = new SplittableRandom(2);
        check(PcoType.I64, () -> (long) rnd.nextInt(300) * rnd.nextInt(300), "offsets <= 14");
    }

    @Test
    void offsetsUpTo19Bits() {
        SplittableRandom rnd = new SplittableRandom(3);
        check(PcoType.I64, () -> Math.round(Math.exp(3 + gaussian(rnd)) * 100), "offsets <= 19");
    }

    @Test
    void offsetsUpTo28Bits() {
        SplittableRandom rnd = new SplittableRandom(3);
        check(PcoType.I64, () -> (long) (gaussian(rnd) * (1 << 27)), "offsets <= 28");
    }

    @Test
    void offsetsUpTo56Bits() {
        SplittableRandom rnd = new SplittableRandom(4);
        check(PcoType.I64, () -> rnd.nextLong(1L << 50) * (rnd.nextInt(4) + 1), "offsets <= 56");
    }

    @Test
    void wideOffsets() {
        SplittableRandom rnd = new SplittableRandom(5);
        // Mostly moderate values plus a sprinkle over the whole exponent range: some bin spans
        // more than 2^56 latents.
        check(
                PcoType.F64,
                () -> Double.doubleToRawLongBits(
                        rnd.nextInt(50) == 0
                                ? Double.longBitsToDouble(rnd.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL)
                                : gaussian(rnd)),
                "wide offsets");
    }

    @Test
    void signedFloatsOfBothSigns() {
        // The float store is branch-free; negative, positive, zero and infinite values all map back.
        SplittableRandom rnd = new SplittableRandom(6);
        double[] specials = {
            0.0,
            -0.0,
            Double.MIN_VALUE,
            -Double.MIN_VALUE,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        check(
                PcoType.F64,
                () -> Double.doubleToRawLongBits(
                        rnd.nextInt(10) == 0 ? specials[rnd.nextInt(specials.length)] : (rnd.nextDouble() - 0.5) * 1e6),
                null);
        check(PcoType.F32, () -> Float.floatToRawIntBits((float) ((rnd.nextDouble() - 0.5) * 1e4)) & 0xFFFFFFFFL, null);
    }

    @Test
    void consecutiveDeltaOfOrderOneToThree() {
        for (int order = 1; order <= 3; order++) {
            SplittableRandom rnd = new SplittableRandom(order);
            long[] acc = new long[order + 1];
            List<PcoEncoder.Chunk> chunks;
            int n = 9000;
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                acc[0] = rnd.nextInt(21) - 10;
                for (int k = 1; k <= order; k++) {
                    acc[k] += acc[k - 1];
                }
                v[i] = acc[order];
            }
            chunks = PcoEncoder.encode(PcoType.I64, v, n, 8192, order);
            PcoChunkMeta meta = PcoChunkMeta.parse(
                    4, PcoType.I64, MemorySegment.ofArray(chunks.get(0).meta()));
            assertTrue(meta.describe().contains("Consecutive(order " + order), meta.describe());
            assertArrayEquals(v, PcoEncoderTest.decode(PcoType.I64, chunks, n), "order " + order);
        }
    }

    private static double gaussian(SplittableRandom rng) {
        double u = rng.nextDouble();
        double w = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * w);
    }
}
