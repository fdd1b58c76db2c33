package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The seeded lookback search (fixed candidates instead of hashing) and the encoder's choice of
/// it from windows of the chunk.
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

    /// The seeds are the stride the full search finds on interleaved walks; on far random repeats
    /// the seeded search loses too much and the full search stays.
    @Test
    void seedsAreTakenOnlyWhenTheyKeepTheSize() {
        Random r = new Random(19);
        int n = 1 << 17;
        int windowLog = PcoLookback.windowLog(n);
        int binsLog = PcoEncoder.binsLog(PcoEncoder.DEFAULT_LEVEL, n);
        int[] seeds = PcoEncoder.lookbackSeeds(interleavedWalks(n, 200, r), n, 32, windowLog, binsLog);
        assertNotNull(seeds);
        assertTrue(Arrays.stream(seeds).anyMatch(s -> s == 200), Arrays.toString(seeds));
        assertNull(PcoEncoder.lookbackSeeds(farRepeats(n, r), n, 32, windowLog, binsLog));
    }

    /// Whole chunks through the encoder (seeded and full search) decode exactly and use Lookback;
    /// the seeded chunk is at most 0.5 % larger than the same chunk with the full search forced.
    @Test
    void chunksRoundTrip() {
        Random r = new Random(5);
        int n = 1 << 17;
        for (long[] values : List.of(interleavedWalks(n, 200, r), farRepeats(n, r))) {
            PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(PcoType.I64, values, 0, n, 8192, PcoEncoder.DEFAULT_LEVEL);
            assertArrayEquals(values, PcoEncoderTest.decode(PcoType.I64, List.of(chunk), n));
            String described = PcoDecoder.open(PcoEncoder.header())
                    .chunk(PcoType.I64, MemorySegment.ofArray(chunk.meta()))
                    .meta()
                    .describe();
            assertTrue(described.contains("Lookback"), described);
            PcoEncoder.Chunk full = PcoEncoder.encodeChunk(
                    PcoType.I64, values, 0, n, 8192, PcoEncoder.DEFAULT_LEVEL, PcoEncoder.LOOKBACK);
            assertTrue(chunk.byteSize() <= full.byteSize() * 1.005, chunk.byteSize() + " against " + full.byteSize());
        }
    }
}
