package dev.jvortex.core.expr;

/// Comparison loops over key arrays ([dev.jvortex.core.expr.internal.Keys]), writing one bit per
/// row into 64-bit words (bit `i % 64` of word `i / 64`, set where the test holds; bits past `n`
/// stay zero).
///
/// Each loop sits in its own method with the constant hoisted, fixed 64-iteration inner loops and
/// branch-free bit assembly (`(cond ? 1L : 0L) << bit`): data-dependent branches mispredict on
/// real columns, and C2 unrolls and vectorises the fixed trip count. The operator is chosen once
/// per batch by the caller.
final class CompareKernels {
    private CompareKernels() {}

    static void greater(long[] keys, int n, long c, long[] out) {
        int full = n >>> 6;
        for (int w = 0; w < full; w++) {
            int base = w << 6;
            long word = 0;
            for (int bit = 0; bit < 64; bit++) {
                word |= (keys[base + bit] > c ? 1L : 0L) << bit;
            }
            out[w] = word;
        }
        if ((n & 63) != 0) {
            int base = full << 6;
            long word = 0;
            for (int bit = 0; base + bit < n; bit++) {
                word |= (keys[base + bit] > c ? 1L : 0L) << bit;
            }
            out[full] = word;
        }
    }

    static void less(long[] keys, int n, long c, long[] out) {
        int full = n >>> 6;
        for (int w = 0; w < full; w++) {
            int base = w << 6;
            long word = 0;
            for (int bit = 0; bit < 64; bit++) {
                word |= (keys[base + bit] < c ? 1L : 0L) << bit;
            }
            out[w] = word;
        }
        if ((n & 63) != 0) {
            int base = full << 6;
            long word = 0;
            for (int bit = 0; base + bit < n; bit++) {
                word |= (keys[base + bit] < c ? 1L : 0L) << bit;
            }
            out[full] = word;
        }
    }

    static void equal(long[] keys, int n, long c, long[] out) {
        int full = n >>> 6;
        for (int w = 0; w < full; w++) {
            int base = w << 6;
            long word = 0;
            for (int bit = 0; bit < 64; bit++) {
                word |= (keys[base + bit] == c ? 1L : 0L) << bit;
            }
            out[w] = word;
        }
        if ((n & 63) != 0) {
            int base = full << 6;
            long word = 0;
            for (int bit = 0; base + bit < n; bit++) {
                word |= (keys[base + bit] == c ? 1L : 0L) << bit;
            }
            out[full] = word;
        }
    }

    /// `lo < key < hi` in one pass (both bounds exclusive).
    static void between(long[] keys, int n, long lo, long hi, long[] out) {
        int full = n >>> 6;
        for (int w = 0; w < full; w++) {
            int base = w << 6;
            long word = 0;
            for (int bit = 0; bit < 64; bit++) {
                long k = keys[base + bit];
                word |= (k > lo & k < hi ? 1L : 0L) << bit;
            }
            out[w] = word;
        }
        if ((n & 63) != 0) {
            int base = full << 6;
            long word = 0;
            for (int bit = 0; base + bit < n; bit++) {
                long k = keys[base + bit];
                word |= (k > lo & k < hi ? 1L : 0L) << bit;
            }
            out[full] = word;
        }
    }

    static void greater(long[] a, long[] b, int n, long[] out) {
        int full = n >>> 6;
        for (int w = 0; w < full; w++) {
            int base = w << 6;
            long word = 0;
            for (int bit = 0; bit < 64; bit++) {
                word |= (a[base + bit] > b[base + bit] ? 1L : 0L) << bit;
            }
            out[w] = word;
        }
        if ((n & 63) != 0) {
            int base = full << 6;
            long word = 0;
            for (int bit = 0; base + bit < n; bit++) {
                word |= (a[base + bit] > b[base + bit] ? 1L : 0L) << bit;
            }
            out[full] = word;
        }
    }

    static void equal(long[] a, long[] b, int n, long[] out) {
        int full = n >>> 6;
        for (int w = 0; w < full; w++) {
            int base = w << 6;
            long word = 0;
            for (int bit = 0; bit < 64; bit++) {
                word |= (a[base + bit] == b[base + bit] ? 1L : 0L) << bit;
            }
            out[w] = word;
        }
        if ((n & 63) != 0) {
            int base = full << 6;
            long word = 0;
            for (int bit = 0; base + bit < n; bit++) {
                word |= (a[base + bit] == b[base + bit] ? 1L : 0L) << bit;
            }
            out[full] = word;
        }
    }

    /// Inverts `words` in place over `n` rows (bits past `n` stay zero).
    static void invert(long[] words, int n) {
        int count = wordCount(n);
        for (int w = 0; w < count; w++) {
            words[w] = ~words[w];
        }
        clearTail(words, n);
    }

    /// Clears the bits past `n` in the last word.
    static void clearTail(long[] words, int n) {
        if ((n & 63) != 0) {
            words[n >>> 6] &= (1L << (n & 63)) - 1;
        }
    }

    static int wordCount(int n) {
        return (n + 63) >>> 6;
    }
}
