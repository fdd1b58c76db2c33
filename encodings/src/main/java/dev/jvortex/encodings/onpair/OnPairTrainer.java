package dev.jvortex.encodings.onpair;

import java.util.Arrays;
import java.util.SplittableRandom;

/// Learns an OnPair dictionary from the rows of a flat byte array, as the `onpair` crate's
/// trainer does (OnPair paper, arXiv:2508.02280; crate 0.0.4 as vortex-data 0.90 uses it).
///
/// The dictionary starts with the 256 one-byte tokens. Rows are visited in a seeded random order
/// and parsed greedily with the current dictionary; every adjacent pair of tokens whose
/// concatenation is at most 16 bytes is counted, and when a pair's count reaches the merge
/// threshold their concatenation becomes a new token (the count is reset, and the new token is
/// the left side of the next pair). Training stops when the dictionary is full or when the
/// scanned bytes pass a fraction (15 %) of the input. The threshold starts at 2 and adapts: every
/// `max(capacity / 128, 64)` new tokens the recent rate of new tokens per scanned byte is
/// compared with the rate that would fill the dictionary exactly when the budget runs out; more
/// than twice that raises the threshold, less than half lowers it (never below 2).
///
/// The result is sorted by the tokens' bytes (unsigned, lexicographic), as the reference's is.
final class OnPairTrainer {
    /// Fraction of the input bytes scanned while training.
    static final double SAMPLE_FRACTION = 0.15;
    /// Seed of the row order.
    static final long SEED = 42;

    private OnPairTrainer() {}

    /// A dictionary: token `t` is the `length[t]` low bytes of `low[t]` then `high[t]`.
    record Dictionary(long[] low, long[] high, int[] length, int size) {
        /// Returns a matcher over the tokens, token `t` having id `t`.
        TokenMatcher matcher() {
            TokenMatcher m = new TokenMatcher(size);
            for (int t = 0; t < size; t++) {
                m.add(low[t], high[t], length[t], t);
            }
            return m;
        }
    }

    /// Trains a dictionary of at most `2^dictBits` tokens on the rows `data[starts[i], starts[i + 1])`
    /// (`data` padded with 16 readable bytes past the last row).
    static Dictionary train(byte[] data, int[] starts, int rows, int dictBits) {
        Run run = new Run(data, 1 << dictBits, (long) ((starts[rows] - starts[0]) * SAMPLE_FRACTION));
        int[] order = order(rows);
        for (int k = 0; k < rows; k++) {
            int row = order[k];
            if (starts[row] < starts[row + 1] && run.scan(starts[row], starts[row + 1])) {
                break;
            }
        }
        return sorted(run.low, run.high, run.length, run.size);
    }

    /// One training run: the growing dictionary, its matcher, the pair counts and the adaptive
    /// threshold.
    private static final class Run {
        final byte[] data;
        final int capacity;
        final long[] low;
        final long[] high;
        final int[] length;
        final TokenMatcher matcher;
        final PairCounts counts;
        final long budget;
        final long wanted;
        final int checkInterval;
        int size;
        int threshold = 2;
        long created;
        long scanned;
        long createdAtCheck;
        long scannedAtCheck;
        long nextCheck;

        Run(byte[] data, int capacity, long budget) {
            this.data = data;
            this.capacity = capacity;
            this.budget = budget;
            low = new long[capacity];
            high = new long[capacity];
            length = new int[capacity];
            matcher = new TokenMatcher(capacity);
            for (int b = 0; b < 256; b++) {
                low[b] = b;
                length[b] = 1;
                matcher.add(b, 0, 1, b);
            }
            size = 256;
            wanted = capacity - 256;
            checkInterval = (int) Math.max(wanted / 128, 64);
            nextCheck = checkInterval;
            counts = new PairCounts((int) Math.min(capacity * 8L, Math.max(1024, budget * 4)));
        }

        /// Scans the non-empty row `data[pos, end)`; returns true when training is over (the
        /// budget is spent or the dictionary is full).
        boolean scan(int pos, int end) {
            if (size >= capacity) {
                return true;
            }
            int m = matcher.longest(data, pos, end - pos);
            int prevId = m >> 5;
            int prevLen = m & 31;
            pos += prevLen;
            scanned += prevLen;
            if (scanned > budget) {
                return true;
            }
            while (pos < end) {
                m = matcher.longest(data, pos, end - pos);
                int currId = m >> 5;
                int currLen = m & 31;
                scanned += currLen;
                if (scanned > budget) {
                    return true;
                }
                int pairLen = prevLen + currLen;
                if (pairLen <= OnPairEncoder.MAX_TOKEN_BYTES) {
                    int key = prevId << 16 | currId;
                    if (counts.increment(key) >= threshold && merge(pos - prevLen, pairLen)) {
                        if (size == capacity) {
                            return true;
                        }
                        counts.reset(key);
                        prevId = size - 1;
                        prevLen = pairLen;
                        pos += currLen;
                        continue;
                    }
                }
                prevId = currId;
                prevLen = currLen;
                pos += currLen;
            }
            return false;
        }

        /// Adds `data[from, from + pairLen)` as a new token unless it is one already; adapts the
        /// threshold; returns whether it was added.
        private boolean merge(int from, int pairLen) {
            long w0 = (long) TokenMatcher.LONG.get(data, from);
            long w1 = (long) TokenMatcher.LONG.get(data, from + 8);
            long pl = pairLen >= 8 ? w0 : w0 & TokenMatcher.lowBytes(pairLen);
            long ph = pairLen <= 8 ? 0 : w1 & TokenMatcher.lowBytes(pairLen - 8);
            if (!matcher.add(pl, ph, pairLen, size)) {
                return false;
            }
            low[size] = pl;
            high[size] = ph;
            length[size] = pairLen;
            size++;
            created++;
            if (size < capacity && created >= nextCheck) {
                threshold = rebalance(
                        threshold,
                        created - createdAtCheck,
                        scanned - scannedAtCheck,
                        wanted - created,
                        budget - scanned);
                createdAtCheck = created;
                scannedAtCheck = scanned;
                nextCheck = created + checkInterval;
            }
            return true;
        }
    }

    /// The new merge threshold after `recentTokens` tokens were created in `recentBytes` scanned
    /// bytes, with `tokensLeft` tokens of room and `bytesLeft` bytes of budget left.
    static int rebalance(int threshold, long recentTokens, long recentBytes, long tokensLeft, long bytesLeft) {
        double recentRate = recentBytes > 0 ? (double) recentTokens / recentBytes : 1e9;
        double targetRate = (double) Math.max(1, tokensLeft) / Math.max(1, bytesLeft);
        double ratio = recentRate / targetRate;
        if (ratio > 2.0 && threshold < 255) {
            return threshold + 1;
        }
        if (ratio < 0.5 && threshold > 2) {
            return threshold - 1;
        }
        return threshold;
    }

    /// The order rows are visited in: a seeded random choice of about 30 % of the rows plus 1024
    /// (all of them for small inputs) first, then the rest in order.
    static int[] order(int rows) {
        int[] order = new int[rows];
        for (int i = 0; i < rows; i++) {
            order[i] = i;
        }
        int shuffled = (int) Math.min(rows, (long) (Math.min(1.0, SAMPLE_FRACTION * 2) * rows) + 1024);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < shuffled && i < rows - 1; i++) {
            int j = i + random.nextInt(rows - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /// The tokens sorted by their bytes, unsigned and lexicographically.
    static Dictionary sorted(long[] low, long[] high, int[] length, int size) {
        // Big-endian forms compare like the bytes; equal words mean one token is a zero-padded
        // prefix of the other, and the shorter sorts first.
        Integer[] ids = new Integer[size];
        long[] bigLow = new long[size];
        long[] bigHigh = new long[size];
        for (int t = 0; t < size; t++) {
            ids[t] = t;
            bigLow[t] = Long.reverseBytes(low[t]);
            bigHigh[t] = Long.reverseBytes(high[t]);
        }
        Arrays.sort(ids, (a, b) -> {
            int c = Long.compareUnsigned(bigLow[a], bigLow[b]);
            if (c == 0) {
                c = Long.compareUnsigned(bigHigh[a], bigHigh[b]);
            }
            return c != 0 ? c : Integer.compare(length[a], length[b]);
        });
        long[] sl = new long[size];
        long[] sh = new long[size];
        int[] sn = new int[size];
        for (int t = 0; t < size; t++) {
            sl[t] = low[ids[t]];
            sh[t] = high[ids[t]];
            sn[t] = length[ids[t]];
        }
        return new Dictionary(sl, sh, sn, size);
    }

    /// Counts of token pairs (keys `left << 16 | right`), saturating at 255; open addressing.
    static final class PairCounts {
        private int[] keys;
        private byte[] counts;
        private int mask;
        private int used;

        PairCounts(int expected) {
            int slots = Integer.highestOneBit(Math.max(64, expected) * 2 - 1) << 1;
            keys = new int[slots];
            counts = new byte[slots];
            Arrays.fill(keys, -1);
            mask = slots - 1;
        }

        /// Adds one to the count of `key` and returns the new count.
        int increment(int key) {
            int slot = slot(key);
            if (keys[slot] == -1) {
                keys[slot] = key;
                counts[slot] = 1;
                if (++used * 2 > keys.length) {
                    grow();
                }
                return 1;
            }
            int c = counts[slot] & 0xFF;
            if (c < 255) {
                c++;
                counts[slot] = (byte) c;
            }
            return c;
        }

        /// Sets the count of `key` back to zero.
        void reset(int key) {
            int slot = slot(key);
            if (keys[slot] == key) {
                counts[slot] = 0;
            }
        }

        private int slot(int key) {
            int slot = mix(key) & mask;
            while (keys[slot] != -1 && keys[slot] != key) {
                slot = (slot + 1) & mask;
            }
            return slot;
        }

        private static int mix(int key) {
            int h = key * 0x9E3779B1;
            return h ^ (h >>> 15);
        }

        private void grow() {
            int[] oldKeys = keys;
            byte[] oldCounts = counts;
            keys = new int[oldKeys.length * 2];
            counts = new byte[oldKeys.length * 2];
            Arrays.fill(keys, -1);
            mask = keys.length - 1;
            for (int s = 0; s < oldKeys.length; s++) {
                if (oldKeys[s] != -1) {
                    int slot = slot(oldKeys[s]);
                    keys[slot] = oldKeys[s];
                    counts[slot] = oldCounts[s];
                }
            }
        }
    }
}
