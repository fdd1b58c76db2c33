package dev.jvortex.pcodec;

/// Lookback delta encoding for the pco encoder: each latent after the first of a page is stored
/// as its difference from an earlier latent of the page, `lookback` positions back (1 to the
/// window size); the lookbacks form the chunk's delta latent variable (u32).
///
/// Choosing the lookbacks follows pco 1.x (`delta/lookback.rs`): for each latent, 16 candidate
/// lookbacks are scored — the 6 most recent positions, the last 4 distinct lookbacks chosen,
/// and the last positions whose latent hashed like this one's (exactly, and by `latent >> 8`,
/// each also for the neighbouring hash buckets). A candidate's score is the bit length of how
/// often its lookback was chosen plus the leading zeros of the absolute difference it gives;
/// the best score wins (ties keep the earlier candidate).
final class PcoLookback {
    private PcoLookback() {}

    private static final int PROPOSED = 16;
    private static final int BRUTE = 6;
    private static final int REPEATING = 4;
    private static final int[] COARSENESSES = {0, 8};
    private static final int MIN_WINDOW_LOG = 4;
    private static final int MAX_WINDOW_LOG = 15;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /// The window size log pco uses for `n` numbers: bits of `n - 1`, clamped to 4..15.
    static int windowLog(int n) {
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(0, n - 1));
        return Math.max(MIN_WINDOW_LOG, Math.min(MAX_WINDOW_LOG, bits));
    }

    /// Chooses lookbacks for `x[from+1..from+n)` (latents of `width` bits) and writes them to
    /// `out[at..at+n-1)`; returns the number written (`n - 1`, or 0 for `n <= 1`).
    static int choose(long[] x, int from, int n, int width, int windowLog, long[] out, int at) {
        if (n <= 1) {
            return 0;
        }
        int window = 1 << windowLog;
        int tableN = 1 << (windowLog + 1);
        int hashMask = tableN - 1;
        int[] counts = new int[Math.min(window, n)];
        java.util.Arrays.fill(counts, 1);
        int[] table = new int[COARSENESSES.length * tableN];
        int[] proposed = new int[PROPOSED];
        java.util.Arrays.fill(proposed, 1);
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

    /// Lookback-encodes the page `x[from..from+n)` in place with `lookbacks[at..at+n-1)`: the
    /// first latent is returned as the state; `x[from+1..from+n)` become the differences,
    /// toggled by the mid value.
    static long encode(long[] x, int from, int n, long[] lookbacks, int at, long mask) {
        if (n == 0) {
            return 0;
        }
        for (int i = n - 1; i >= 1; i--) {
            x[from + i] = (x[from + i] - x[from + i - (int) lookbacks[at + i - 1]]) & mask;
        }
        long mid = (mask >>> 1) + 1;
        for (int i = 1; i < n; i++) {
            x[from + i] ^= mid;
        }
        return x[from];
    }
}
