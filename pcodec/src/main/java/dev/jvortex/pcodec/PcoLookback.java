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

    /// Scratch tables of [#choose], kept per thread between calls (they are large: 512 KiB and
    /// 128 KiB at the largest window). The hash tables hold positions as `base + i`; every entry
    /// below `base` is left from an earlier call and reads as position 0 (a fresh table), so no
    /// clearing is needed between calls. Counts are all 1 between calls: a call resets the ones
    /// it raised.
    private static final class Scratch {
        final int[] table = new int[COARSENESSES.length << (MAX_WINDOW_LOG + 1)];
        final int[] counts = new int[1 << MAX_WINDOW_LOG];
        final int[] proposed = new int[PROPOSED];
        int base;

        Scratch() {
            java.util.Arrays.fill(counts, 1);
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /// Chooses lookbacks for `x[from+1..from+n)` (latents of `width` bits) and writes them to
    /// `out[at..at+n-1)`; returns the number written (`n - 1`, or 0 for `n <= 1`).
    static int choose(long[] x, int from, int n, int width, int windowLog, long[] out, int at) {
        if (n <= 1) {
            return 0;
        }
        if (windowLog < 0 || windowLog > MAX_WINDOW_LOG) {
            throw new IllegalArgumentException("pco lookback window log must be 0.." + MAX_WINDOW_LOG);
        }
        Scratch s = SCRATCH.get();
        try {
            choose(s, x, from, n, width, windowLog, out, at);
        } catch (RuntimeException | Error e) {
            SCRATCH.remove();
            throw e;
        }
        return n - 1;
    }

    private static void choose(Scratch s, long[] x, int from, int n, int width, int windowLog, long[] out, int at) {
        int window = 1 << windowLog;
        int tableN = 1 << (windowLog + 1);
        int hashMask = tableN - 1;
        int[] counts = s.counts;
        int[] table = s.table;
        if (s.base > Integer.MAX_VALUE - n) {
            java.util.Arrays.fill(table, 0);
            s.base = 0;
        }
        int base = s.base;
        int[] proposed = s.proposed;
        java.util.Arrays.fill(proposed, 1);
        int shiftToTop = 64 - width;
        long zero = shiftToTop == 0 ? 0 : 1L << (shiftToTop - 1);
        int best = 1;
        int repeating = 0;
        for (int i = 1; i < n; i++) {
            long l = x[from + i];
            int brute = Math.min(i, PROPOSED);
            proposed[brute - 1] = brute;
            int idx = BRUTE + REPEATING;
            int offset = 0;
            int position = base + i;
            for (int coarseness : COARSENESSES) {
                long bucket = l >>> coarseness;
                int h0 = hash(bucket - 1, hashMask);
                int h1 = hash(bucket, hashMask);
                int h2 = hash(bucket + 1, hashMask);
                // Entries below base are stale: position 0, so the lookback is i.
                int back0 = position - Math.max(table[offset + h0], base);
                int back1 = position - Math.max(table[offset + h1], base);
                int back2 = position - Math.max(table[offset + h2], base);
                proposed[idx] = back0 <= window ? back0 : Math.min(idx, i);
                proposed[idx + 1] = back1 <= window ? back1 : Math.min(idx + 1, i);
                proposed[idx + 2] = back2 <= window ? back2 : Math.min(idx + 2, i);
                idx += 3;
                table[offset + h1] = position;
                offset += tableN;
            }
            // Goodness = bits of the count + leading zeros of the smaller difference (beyond the
            // width), here less the constant 32; the best wins, ties to the earlier candidate.
            int bestGoodness = Integer.MIN_VALUE;
            int chosen = 0;
            for (int c = 0; c < PROPOSED; c++) {
                int lb = proposed[c];
                long other = x[from + i - lb];
                // The difference at the top of a long: its absolute value is the smaller of the
                // two differences mod 2^width, shifted up; `zero` makes 0 count as width bits.
                long d = Math.abs((l - other) << shiftToTop) | zero;
                int goodness = Long.numberOfLeadingZeros(d) - Integer.numberOfLeadingZeros(counts[lb - 1]);
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
        for (int i = 1; i < n; i++) {
            counts[(int) out[at + i - 1] - 1] = 1;
        }
        s.base = base + n;
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
