package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The seeded lookback search (fixed candidates instead of hashing), the seeds a column's first
/// chunk leaves and the check a later chunk runs before taking them.
class PcoLookbackTest {
    /// `symbols` interleaved random walks (as rows of many tickers per minute): the best lookback
    /// is `symbols`, which only the full search's hashing discovers.
    private static long[] interleavedWalks(int n, int symbols, Random r) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = i < symbols ? 1_000_000 + r.nextInt(1_000_000) : x[i - symbols] + r.nextInt(41) - 20;
        }
        return x;
    }

    /// Copies of values from random positions up to 2,000 back: no small set of lookbacks fits.
    private static long[] farRepeats(int n, Random r) {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = i < 2000 || r.nextInt(20) == 0 ? r.nextInt(1 << 30) : x[i - 1 - r.nextInt(2000)];
        }
        return x;
    }

    /// Lookbacks of the seeded search lie in `[1, i]` and rebuild the latents exactly, for any
    /// seeds (also ones beyond the first latents' positions) and page lengths.
    @Test
    void seededLookbacksRebuildTheLatents() {
        Random r = new Random(77);
        int[][] seedSets = {{}, {3}, {200, 7, 5000, 4}};
        for (int[] seeds : seedSets) {
            for (int n : new int[] {1, 2, 3, 5, 11, 201, 5000, 20_000}) {
                long[] x = interleavedWalks(n, 200, r);
                long[] lookbacks = new long[Math.max(1, n)];
                int k = PcoLookback.chooseSeeded(x, 0, n, 32, seeds, lookbacks, 0);
                assertEquals(Math.max(0, n - 1), k);
                for (int i = 1; i < n; i++) {
                    long lb = lookbacks[i - 1];
                    assertTrue(lb >= 1 && lb <= i, Arrays.toString(seeds) + " n " + n + " at " + i + ": " + lb);
                }
                long mask = 0xFFFF_FFFFL;
                long[] work = x.clone();
                long first = PcoLookback.encode(work, 0, n, lookbacks, 0, mask);
                long mid = (mask >>> 1) + 1;
                long[] rebuilt = new long[n];
                if (n > 0) {
                    rebuilt[0] = first;
                }
                for (int i = 1; i < n; i++) {
                    rebuilt[i] = ((work[i] ^ mid) + rebuilt[i - (int) lookbacks[i - 1]]) & mask;
                }
                assertArrayEquals(x, rebuilt, Arrays.toString(seeds) + " n " + n);
            }
        }
    }

    /// The seeds a chunk of interleaved walks leaves hold the stride; they pass the check on
    /// another chunk of such walks, and fail it on far random repeats.
    @Test
    void seedsHoldOnlyWhereTheyKeepTheSize() {
        Random r = new Random(19);
        int n = 1 << 17;
        long[] walks = interleavedWalks(n, 200, r);
        PcoEncoder.Seeds[] left = new PcoEncoder.Seeds[1];
        PcoEncoder.encode(PcoType.I64, walks, n, 8192, null, s -> left[0] = s);
        assertNotNull(left[0]);
        int window = 1 << PcoLookback.windowLog(n);
        int[] seeds = left[0].fitting(window);
        assertTrue(Arrays.stream(seeds).anyMatch(s -> s == 200), left[0].toString());
        int windowLog = PcoLookback.windowLog(n);
        int binsLog = PcoEncoder.binsLog(PcoEncoder.DEFAULT_LEVEL, n);
        long[] other = PcoEncoder.toOrdered(interleavedWalks(n, 200, r), 0, n, PcoType.I64);
        assertTrue(PcoEncoder.seedsHold(other, n, 64, windowLog, binsLog, seeds));
        long[] far = PcoEncoder.toOrdered(farRepeats(n, r), 0, n, PcoType.I64);
        assertFalse(PcoEncoder.seedsHold(far, n, 64, windowLog, binsLog, seeds));
    }

    /// A column's later chunks with the first chunk's seeds: one like the first takes them
    /// (within 0.5 % of pco's full search), one whose lookbacks no longer fit falls back to the
    /// full search (the same bytes as without seeds); both decode exactly, and a later chunk
    /// leaves no seeds of its own.
    @Test
    void laterChunksTakeTheSeedsOrFallBack() {
        Random r = new Random(5);
        int n = 1 << 17;
        long[] first = interleavedWalks(n, 200, r);
        PcoEncoder.Seeds[] left = new PcoEncoder.Seeds[1];
        PcoEncoder.encode(PcoType.I64, first, n, 8192, null, s -> left[0] = s);
        assertNotNull(left[0]);
        long[] like = interleavedWalks(n, 200, r);
        long[] unlike = farRepeats(n, r);
        for (long[] values : List.of(like, unlike)) {
            boolean[] leftAgain = new boolean[1];
            List<PcoEncoder.Chunk> seeded =
                    PcoEncoder.encode(PcoType.I64, values, n, 8192, left[0], s -> leftAgain[0] = true);
            assertFalse(leftAgain[0]);
            assertArrayEquals(values, PcoEncoderTest.decode(PcoType.I64, seeded, n));
            List<PcoEncoder.Chunk> plain = PcoEncoder.encode(PcoType.I64, values, n, 8192);
            String described = PcoDecoder.open(PcoEncoder.header())
                    .chunk(PcoType.I64, MemorySegment.ofArray(seeded.get(0).meta()))
                    .meta()
                    .describe();
            assertTrue(described.contains("Lookback"), described);
            long seededSize = seeded.get(0).byteSize();
            long plainSize = plain.get(0).byteSize();
            if (values == like) {
                assertTrue(seededSize <= plainSize * 1.005, seededSize + " against " + plainSize);
                assertNotEquals(plainSize, seededSize, "the seeds were not taken");
            } else {
                assertEquals(plain.size(), seeded.size());
                for (int c = 0; c < plain.size(); c++) {
                    assertArrayEquals(plain.get(c).meta(), seeded.get(c).meta());
                    assertArrayEquals(plain.get(c).pages(), seeded.get(c).pages());
                }
            }
        }
    }

    /// Seeds beyond a small chunk's window are dropped, and chunks below 2^16 numbers neither
    /// take nor leave seeds.
    @Test
    void smallChunksIgnoreSeeds() {
        Random r = new Random(8);
        int n = 5000;
        long[] values = interleavedWalks(n, 200, r);
        PcoEncoder.Seeds seeds = PcoEncoder.seedsOf(new long[] {200, 200, 40_000, 40_000, 40_000}, 5, 16);
        assertArrayEquals(new int[] {200}, seeds.fitting(1 << PcoLookback.windowLog(n)));
        boolean[] left = new boolean[1];
        List<PcoEncoder.Chunk> hinted = PcoEncoder.encode(PcoType.I64, values, n, 8192, seeds, s -> left[0] = true);
        List<PcoEncoder.Chunk> plain = PcoEncoder.encode(PcoType.I64, values, n, 8192);
        assertFalse(left[0]);
        assertArrayEquals(plain.get(0).meta(), hinted.get(0).meta());
        assertArrayEquals(plain.get(0).pages(), hinted.get(0).pages());
    }
}
