package dev.jvortex.zstd;

/// The encoding side of Finite State Entropy (RFC 8878 §4.1.1): normalizing counts to a table,
/// writing the table description that [ZstdFse#readDescription] reads, and the encoding table
/// whose state steps mirror the decoding table [ZstdFse#build] makes from the same counts.
///
/// Encoding runs backwards: the last symbol is encoded first, so that the decoder, reading the
/// stream from its end, meets the first symbol first. A state is a number in
/// `[tableSize, 2 * tableSize)`; encoding symbol `s` emits the low `nb` bits of the state (`nb`
/// from `deltaNbBits[s]`) and moves to `stateTable[(state >> nb) + deltaFindState[s]]`. The
/// decoder then meets these bits when leaving the cell of `s`.
final class ZstdFseEncoder {
    /// Largest accuracy log of a table here (sequence tables; Huffman weights use up to 6).
    static final int MAX_LOG = 9;
    /// Most symbols of a table (match-length codes 0..52).
    static final int MAX_SYMBOLS = 53;

    int log;
    final int[] stateTable = new int[1 << MAX_LOG];
    final int[] deltaNbBits = new int[MAX_SYMBOLS];
    final int[] deltaFindState = new int[MAX_SYMBOLS];
    /// Approximate cost in 1/256 bits of one occurrence of each symbol; -1 for symbols the table cannot encode.
    final int[] cost = new int[MAX_SYMBOLS];
    private final int[] spread = new int[1 << MAX_LOG];
    private final int[] cumul = new int[MAX_SYMBOLS + 1];

    /// Builds the encoding table for `norm[0, symbolCount)` (counts summing to `1 << log`, -1
    /// meaning "less than one": one cell, always the full `log` bits).
    ZstdFseEncoder build(short[] norm, int symbolCount, int log) {
        this.log = log;
        int size = 1 << log;
        int high = size - 1;
        cumul[0] = 0;
        for (int s = 0; s < symbolCount; s++) {
            if (norm[s] == -1) {
                cumul[s + 1] = cumul[s] + 1;
                spread[high--] = s;
            } else {
                cumul[s + 1] = cumul[s] + norm[s];
            }
        }
        // The same spread as the decoder's: a fixed step through the cells below the "less than one" ones.
        int mask = size - 1;
        int step = (size >>> 1) + (size >>> 3) + 3;
        int position = 0;
        for (int s = 0; s < symbolCount; s++) {
            for (int i = 0; i < norm[s]; i++) {
                spread[position] = s;
                do {
                    position = (position + step) & mask;
                } while (position > high);
            }
        }
        // Cells of a symbol in increasing order get its states in increasing order.
        for (int u = 0; u < size; u++) {
            int s = spread[u];
            stateTable[cumul[s]++] = size + u;
        }
        int total = 0;
        for (int s = 0; s < symbolCount; s++) {
            int n = norm[s];
            if (n == 0) {
                deltaNbBits[s] = ((log + 1) << 16) - size;
                cost[s] = -1;
            } else if (n == -1 || n == 1) {
                deltaNbBits[s] = (log << 16) - size;
                deltaFindState[s] = total - 1;
                total++;
                cost[s] = log << 8;
            } else {
                int maxBitsOut = log - (31 - Integer.numberOfLeadingZeros(n - 1));
                int minStatePlus = n << maxBitsOut;
                deltaNbBits[s] = (maxBitsOut << 16) - minStatePlus;
                deltaFindState[s] = total - n;
                total += n;
                cost[s] = (int) Math.round((log - Math.log(n) / Math.log(2)) * 256);
            }
        }
        for (int s = symbolCount; s < MAX_SYMBOLS; s++) {
            cost[s] = -1;
        }
        return this;
    }

    /// Returns the cost in 1/256 bits of `counts[0..maxSymbol]` with this table, or -1 when it
    /// lacks one of the symbols.
    long cost(int[] counts, int maxSymbol) {
        long total = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            if (counts[s] != 0) {
                if (cost[s] < 0) {
                    return -1;
                }
                total += (long) counts[s] * cost[s];
            }
        }
        return total;
    }

    /// Returns the first state for a stream whose last symbol is `s` (nothing is emitted).
    int initState(int s) {
        int nbBitsOut = (deltaNbBits[s] + (1 << 15)) >>> 16;
        int value = (nbBitsOut << 16) - deltaNbBits[s];
        return stateTable[(value >> nbBitsOut) + deltaFindState[s]];
    }

    /// Returns the smallest sensible accuracy log for `total` symbols up to `maxSymbol`, at most `maxLog`.
    static int optimalLog(int maxLog, int total, int maxSymbol) {
        int log = maxLog;
        int fromSize = (31 - Integer.numberOfLeadingZeros(Math.max(total - 1, 1))) - 2;
        int min = Math.min(
                (31 - Integer.numberOfLeadingZeros(Math.max(total - 1, 1))) + 1,
                (31 - Integer.numberOfLeadingZeros(Math.max(maxSymbol, 1))) + 2);
        if (fromSize < log) {
            log = fromSize;
        }
        if (min > log) {
            log = min;
        }
        return Math.max(5, Math.min(log, maxLog));
    }

    /// Scales `counts[0..maxSymbol]` (summing to `total`, at least two symbols present) to
    /// counts summing to `1 << log` in `norm`, every present symbol at least 1.
    static void normalize(int[] counts, int maxSymbol, int total, int log, short[] norm) {
        int size = 1 << log;
        int sum = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            int c = counts[s];
            if (c == 0) {
                norm[s] = 0;
                continue;
            }
            int p = (int) (((long) c * size + total / 2) / total);
            if (p < 1) {
                p = 1;
            }
            norm[s] = (short) p;
            sum += p;
        }
        // Fix the rounding: each step moves one cell where it costs least (or gains most).
        while (sum < size) {
            int best = -1;
            double bestGain = -1;
            for (int s = 0; s <= maxSymbol; s++) {
                if (counts[s] != 0) {
                    double gain = counts[s] / (norm[s] + 0.5);
                    if (gain > bestGain) {
                        bestGain = gain;
                        best = s;
                    }
                }
            }
            norm[best]++;
            sum++;
        }
        while (sum > size) {
            int best = -1;
            double bestLoss = Double.MAX_VALUE;
            for (int s = 0; s <= maxSymbol; s++) {
                if (norm[s] > 1) {
                    double loss = counts[s] / (norm[s] - 0.5);
                    if (loss < bestLoss) {
                        bestLoss = loss;
                        best = s;
                    }
                }
            }
            norm[best]--;
            sum--;
        }
    }

    /// Writes the table description of `norm[0..maxSymbol]` (accuracy `log`) at `out[pos]`;
    /// returns the position after it.
    static int writeDescription(short[] norm, int maxSymbol, int log, byte[] out, int pos) {
        long container = log - 5;
        int bits = 4;
        int remaining = (1 << log) + 1;
        int threshold = 1 << log;
        int nbBits = log + 1;
        int s = 0;
        boolean previousZero = false;
        while (remaining > 1) {
            if (previousZero) {
                int start = s;
                while (norm[s] == 0) {
                    s++;
                }
                int zeros = s - start;
                while (zeros >= 3) {
                    container |= 3L << bits;
                    bits += 2;
                    zeros -= 3;
                    if (bits > 48) {
                        pos = flushBytes(container, bits, out, pos);
                        container >>>= bits & ~7;
                        bits &= 7;
                    }
                }
                container |= (long) zeros << bits;
                bits += 2;
            }
            int count = norm[s++];
            int max = (2 * threshold - 1) - remaining;
            remaining -= Math.abs(count);
            int value = count + 1;
            if (value >= threshold) {
                value += max;
            }
            container |= (long) value << bits;
            bits += nbBits;
            if (value < max) {
                bits--;
            }
            previousZero = value == 1;
            while (remaining < threshold) {
                nbBits--;
                threshold >>>= 1;
            }
            if (bits > 40) {
                pos = flushBytes(container, bits, out, pos);
                container >>>= bits & ~7;
                bits &= 7;
            }
        }
        pos = flushBytes(container, bits, out, pos);
        if ((bits & 7) != 0) {
            out[pos++] = (byte) (container >>> (bits & ~7));
        }
        return pos;
    }

    private static int flushBytes(long container, int bits, byte[] out, int pos) {
        for (int i = 0; i < bits >>> 3; i++) {
            out[pos++] = (byte) (container >>> (8 * i));
        }
        return pos;
    }
}
