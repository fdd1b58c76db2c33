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
                        counts.resetLast(key);
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
        int[] order = identity(rows);
        int shuffled = (int) Math.min(rows, (long) (Math.min(1.0, SAMPLE_FRACTION * 2) * rows) + 1024);
        shuffle(order, Math.min(shuffled, rows - 1), new SplittableRandom(SEED));
        return order;
    }

    /// `0, 1, ..., n - 1`.
    private static int[] identity(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        return out;
    }

    /// Swaps each of `order[0, count)` in turn with a random one at or after it (one loop exit,
    /// whatever the input's size).
    private static void shuffle(int[] order, int count, SplittableRandom random) {
        int rows = order.length;
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(rows - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }

    /// The tokens sorted by their bytes, unsigned and lexicographically.
    static Dictionary sorted(long[] low, long[] high, int[] length, int size) {
        // Big-endian forms compare like the bytes; equal words mean one token is a zero-padded
        // prefix of the other, and the shorter sorts first.
        long[] bigLow = reversedBytes(low, size);
        long[] bigHigh = reversedBytes(high, size);
        int[] ids = identity(size);
        int[] tmp = new int[size];
        // Bottom-up merges of sorted runs of `width`, back and forth between ids and tmp.
        for (int width = 1; width < size; width *= 2) {
            mergePass(ids, tmp, size, width, bigLow, bigHigh, length);
            int[] t = ids;
            ids = tmp;
            tmp = t;
        }
        return new Dictionary(gather(low, ids), gather(high, ids), gather(length, ids), size);
    }

    /// `Long.reverseBytes` of each of `v[0, n)`.
    private static long[] reversedBytes(long[] v, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = Long.reverseBytes(v[i]);
        }
        return out;
    }

    /// `v[ids[i]]` for each `i`.
    private static long[] gather(long[] v, int[] ids) {
        long[] out = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = v[ids[i]];
        }
        return out;
    }

    /// `v[ids[i]]` for each `i`.
    private static int[] gather(int[] v, int[] ids) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = v[ids[i]];
        }
        return out;
    }

    /// Merges each pair of adjacent sorted runs of `width` ids of `from[0, n)` ([#compare], the
    /// left one first on ties) into `to`.
    private static void mergePass(int[] from, int[] to, int n, int width, long[] bigLow, long[] bigHigh, int[] length) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = Math.min(lo + width, n);
            int hi = Math.min(lo + 2 * width, n);
            int a = lo;
            int b = mid;
            for (int k = lo; k < hi; k++) {
                if (b >= hi || a < mid && compare(from[a], from[b], bigLow, bigHigh, length) <= 0) {
                    to[k] = from[a++];
                } else {
                    to[k] = from[b++];
                }
            }
        }
    }

    /// Orders tokens `a` and `b` by their big-endian words, then by length.
    private static int compare(int a, int b, long[] bigLow, long[] bigHigh, int[] length) {
        int c = Long.compareUnsigned(bigLow[a], bigLow[b]);
        if (c == 0) {
            c = Long.compareUnsigned(bigHigh[a], bigHigh[b]);
        }
        return c != 0 ? c : Integer.compare(length[a], length[b]);
    }

    /// Counts of token pairs (keys `left << 16 | right`), saturating at 255; open addressing,
    /// slot `s` being `slots[2s]` (the key, -1 when free) and `slots[2s + 1]` (its count), so a
    /// lookup touches one cache line.
    static final class PairCounts {
        private int[] slots;
        private int mask;
        private int used;
        /// The slot of the key last incremented (valid until the next insertion).
        private int lastSlot;

        PairCounts(int expected) {
            int n = Integer.highestOneBit(Math.max(64, expected) * 2 - 1) << 1;
            slots = new int[2 * n];
            Arrays.fill(slots, -1);
            mask = n - 1;
        }

        /// Adds one to the count of `key` and returns the new count.
        int increment(int key) {
            int slot = slot(key);
            lastSlot = slot;
            if (slots[2 * slot] == -1) {
                slots[2 * slot] = key;
                slots[2 * slot + 1] = 1;
                if (++used * 2 > mask + 1) {
                    grow();
                }
                return 1;
            }
            int c = slots[2 * slot + 1];
            if (c < 255) {
                c++;
                slots[2 * slot + 1] = c;
            }
            return c;
        }

        /// Sets the count of `key` back to zero; `key` must be the key last passed to
        /// [#increment], which must not have inserted it (its slot is reused, no probe).
        void resetLast(int key) {
            if (slots[2 * lastSlot] == key) {
                slots[2 * lastSlot + 1] = 0;
            }
        }

        private int slot(int key) {
            int slot = mix(key) & mask;
            int k;
            while ((k = slots[2 * slot]) != -1 && k != key) {
                slot = (slot + 1) & mask;
            }
            return slot;
        }

        private static int mix(int key) {
            int h = key * 0x9E3779B1;
            return h ^ (h >>> 15);
        }

        private void grow() {
            int[] old = slots;
            int n = 2 * (mask + 1);
            slots = new int[2 * n];
            Arrays.fill(slots, -1);
            mask = n - 1;
            for (int s = 0; s < old.length; s += 2) {
                if (old[s] != -1) {
                    int slot = slot(old[s]);
                    slots[2 * slot] = old[s];
                    slots[2 * slot + 1] = old[s + 1];
                }
            }
        }
    }
}
