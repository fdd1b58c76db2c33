package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/// [PcoLookback#choose] keeps scratch tables between calls (per thread); these tests check that a
/// call's lookbacks never depend on what earlier calls left there: they must equal those of
/// [#referenceChoose], the straightforward version as it was at commit a081448 (fresh tables
/// every call), whatever sequence of pages, window sizes and widths came before, on one thread
/// or on several at once.
class PcoLookbackTest {
    private static final int PROPOSED = 16;
    private static final int BRUTE = 6;
    private static final int REPEATING = 4;
    private static final int[] COARSENESSES = {0, 8};
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /// The lookback choice with tables allocated per call (a081448's `PcoLookback.choose`).
    static int referenceChoose(long[] x, int from, int n, int width, int windowLog, long[] out, int at) {
        if (n <= 1) {
            return 0;
        }
        int window = 1 << windowLog;
        int tableN = 1 << (windowLog + 1);
        int hashMask = tableN - 1;
        int[] counts = new int[Math.min(window, n)];
        Arrays.fill(counts, 1);
        int[] table = new int[COARSENESSES.length * tableN];
        int[] proposed = new int[PROPOSED];
        Arrays.fill(proposed, 1);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        int shiftToTop = 64 - width;
        int best = 1;
        int repeating = 0;
        for (int i = 1; i < n; i++) {
            long l = x[from + i];
            int brute = Math.min(i, PROPOSED);
            proposed[brute - 1] = brute;
            int idx = BRUTE + REPEATING;
            int offset = 0;
            for (int coarseness : COARSENESSES) {
                long bucket = l >>> coarseness;
                int middle = 0;
                for (int k = -1; k <= 1; k++) {
                    int h = hash(bucket + k, hashMask);
                    if (k == 0) {
                        middle = h;
                    }
                    int back = i - table[offset + h];
                    proposed[idx] = back <= window ? back : Math.min(idx, i);
                    idx++;
                }
                table[offset + middle] = i;
                offset += tableN;
            }
            int bestGoodness = 0;
            int chosen = 0;
            for (int lb : proposed) {
                long other = x[from + i - lb];
                long d1 = (l - other) & mask;
                long d2 = (other - l) & mask;
                long delta = Long.compareUnsigned(d1, d2) <= 0 ? d1 : d2;
                int deltaGoodness = Long.numberOfLeadingZeros(delta) - shiftToTop;
                int goodness = (32 - Integer.numberOfLeadingZeros(counts[lb - 1])) + deltaGoodness;
                if (goodness > bestGoodness) {
                    bestGoodness = goodness;
                    chosen = lb;
                }
            }
            if (chosen != best) {
                repeating++;
            }
            proposed[BRUTE + repeating % REPEATING] = chosen;
            best = chosen;
            out[at + i - 1] = chosen;
            counts[chosen - 1]++;
        }
        return n - 1;
    }

    private static int hash(long x, int mask) {
        x = (x ^ (x >>> 32)) * GOLDEN;
        x ^= x >>> 32;
        return (int) x & mask;
    }

    /// Latents of `width` bits: repeats of recent values, interleaved walks, near values, noise.
    static long[] latents(int n, int width, Random r) {
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long[] x = new long[n];
        int period = 1 + r.nextInt(300);
        for (int i = 0; i < n; i++) {
            long v = switch (r.nextInt(5)) {
                case 0 -> i > 0 ? x[Math.max(0, i - 1 - r.nextInt(Math.min(i, 40_000)))] : r.nextLong();
                case 1 -> i >= period ? x[i - period] + r.nextInt(7) - 3 : r.nextLong();
                case 2 -> i > 0 ? x[i - 1] + (r.nextInt(600) - 300) : 0;
                case 3 -> r.nextInt(1000);
                default -> r.nextLong();
            };
            x[i] = v & mask;
        }
        return x;
    }

    private static void checkOne(Random r, String what) {
        int width = new int[] {16, 32, 64}[r.nextInt(3)];
        int n = r.nextInt(5) == 0 ? 1 + r.nextInt(70_000) : 1 + r.nextInt(3000);
        int windowLog = r.nextBoolean() ? PcoLookback.windowLog(n) : 4 + r.nextInt(12);
        int from = r.nextInt(50);
        long[] x = latents(from + n, width, r);
        int at = r.nextInt(20);
        long[] expected = new long[at + n];
        long[] actual = new long[at + n];
        assertEquals(
                referenceChoose(x, from, n, width, windowLog, expected, at),
                PcoLookback.choose(x, from, n, width, windowLog, actual, at),
                what);
        assertArrayEquals(expected, actual, what + " n " + n + " width " + width + " window " + windowLog);
    }

    @Test
    void reusedTablesChooseAsFreshOnes() {
        Random r = new Random(424242);
        for (int c = 0; c < 400; c++) {
            checkOne(r, "case " + c);
        }
    }

    /// Structured inputs: runs of equal values, periodic series (periods 2..300, exact and with
    /// small noise), noise, constants, ramps, tiny and empty pages, at every width, as whole
    /// chunks and as pages of 8192 of a larger window, all agree with the reference choice.
    @Test
    void structuredInputsChooseAsTheReference() {
        Random r = new Random(77);
        int cases = 0;
        for (int width : new int[] {8, 16, 32, 64}) {
            long mask = width == 64 ? -1L : (1L << width) - 1;
            for (int period = 2; period <= 300; period += period < 20 ? 1 : 17) {
                long[] x = new long[9000];
                for (int i = 0; i < x.length; i++) {
                    long v = i < period ? r.nextLong() : x[i - period] + (period % 3 == 0 ? r.nextInt(5) - 2 : 0);
                    x[i] = v & mask;
                }
                checkPages(x, width, "period " + period + " width " + width);
                cases++;
            }
            for (int kind = 0; kind < 6; kind++) {
                long[] x = new long[20_000];
                long c = r.nextLong();
                for (int i = 0; i < x.length; i++) {
                    long v = switch (kind) {
                        case 0 -> c; // constant
                        case 1 -> (i / (1 + r.nextInt(40))) * 1000L + (c & 0xFF); // runs
                        case 2 -> r.nextLong(); // noise
                        case 3 -> (long) i * 3; // ramp
                        case 4 -> r.nextInt(16); // few values
                        default -> i > 0 ? x[i - 1] + r.nextInt(3) - 1 : c; // slow walk
                    };
                    x[i] = v & mask;
                }
                checkPages(x, width, "kind " + kind + " width " + width);
                cases++;
            }
        }
        for (int n = 0; n <= 40; n++) {
            long[] x = latents(n + 3, 64, r);
            for (int windowLog : new int[] {4, 5, 15, PcoLookback.windowLog(n)}) {
                checkSame(x, 3, n, 64, windowLog, "tiny n " + n + " window " + windowLog);
                cases++;
            }
        }
        assertEquals(4 * (35 + 6) + 41 * 4, cases);
    }

    /// `x` as one chunk (window from its size) and as pages of up to 8192 with the window of
    /// the whole: both agree with the reference.
    private static void checkPages(long[] x, int width, String what) {
        checkSame(x, 0, x.length, width, PcoLookback.windowLog(x.length), what + " whole");
        int windowLog = PcoLookback.windowLog(65_536);
        for (int from = 0; from < x.length; from += 8192) {
            checkSame(x, from, Math.min(8192, x.length - from), width, windowLog, what + " page at " + from);
        }
    }

    private static void checkSame(long[] x, int from, int n, int width, int windowLog, String what) {
        long[] expected = new long[Math.max(1, n)];
        long[] actual = new long[Math.max(1, n)];
        assertEquals(
                referenceChoose(x, from, n, width, windowLog, expected, 0),
                PcoLookback.choose(x, from, n, width, windowLog, actual, 0),
                what);
        assertArrayEquals(expected, actual, what);
    }

    /// Several threads choosing at once, each with its own sequence, agree with the reference.
    @Test
    void reusedTablesAcrossThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int seed = t;
                futures.add(pool.submit(() -> {
                    Random r = new Random(1000 + seed);
                    for (int c = 0; c < 60; c++) {
                        checkOne(r, "thread " + seed + " case " + c);
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /// Whole encodings do not depend on earlier ones: A, B, A again give A's bytes both times, also
    /// for multi-page chunks (each page chooses its lookbacks afresh).
    @Test
    void encodingsDoNotDependOnEarlierOnes() {
        Random r = new Random(5);
        long[] a = PcoEncoderBytesTest.interleavedPrices(PcoType.F64, 30_000, 200, r);
        long[] b = PcoEncoderBytesTest.interleavedPrices(PcoType.F64, 70_000, 13, r);
        PcoEncoder.Chunk first = PcoEncoder.encodeChunk(PcoType.F64, a, 0, a.length, 7000, 8, PcoEncoder.LOOKBACK);
        PcoEncoder.encodeChunk(PcoType.F64, b, 0, b.length, 9000, 8, PcoEncoder.LOOKBACK);
        PcoEncoder.Chunk again = PcoEncoder.encodeChunk(PcoType.F64, a, 0, a.length, 7000, 8, PcoEncoder.LOOKBACK);
        assertArrayEquals(first.meta(), again.meta());
        assertEquals(first.pages().length, again.pages().length);
        for (int p = 0; p < first.pages().length; p++) {
            assertArrayEquals(first.pages()[p], again.pages()[p], "page " + p);
        }
    }
}
