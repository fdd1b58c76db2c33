package dev.jvortex.zstd;

/// Finite State Entropy tables (RFC 8878 §4.1.1): reading a table description and building the
/// decoding table.
///
/// A decoding table has `1 << accuracyLog` cells, each one int packed as
/// `baseline << 16 | numberOfBits << 8 | symbol`: decoding emits `symbol`, then the next state is
/// `baseline + readBits(numberOfBits)`. One packed int per cell keeps a state step to a single
/// array load.
final class ZstdFse {
    private ZstdFse() {}

    /// Largest accuracy log of any zstd FSE table (literal and match lengths).
    static final int MAX_ACCURACY_LOG = 9;

    /// Predefined literal-length distribution (accuracy log 6), RFC 8878 §3.1.1.3.2.2.1.
    static final short[] LL_DEFAULT = {
        4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1
    };
    /// Predefined match-length distribution (accuracy log 6).
    static final short[] ML_DEFAULT = {
        1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1
    };
    /// Predefined offset-code distribution (accuracy log 5).
    static final short[] OF_DEFAULT = {
        1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1
    };

    static final int[] LL_DEFAULT_TABLE = build(LL_DEFAULT, LL_DEFAULT.length, 6, new int[64], new int[256]);
    static final int[] ML_DEFAULT_TABLE = build(ML_DEFAULT, ML_DEFAULT.length, 6, new int[64], new int[256]);
    static final int[] OF_DEFAULT_TABLE = build(OF_DEFAULT, OF_DEFAULT.length, 5, new int[32], new int[256]);

    /// Reads a table description from `buf[pos, end)` into `norm` (one count per symbol, -1 for
    /// "less than 1"), allowing symbols `0..maxSymbol` and accuracy logs up to `maxLog`.
    ///
    /// Returns `bytesRead << 16 | symbolCount << 4 | (accuracyLog - 5)`.
    static int readDescription(byte[] buf, int pos, int end, short[] norm, int maxSymbol, int maxLog, String what) {
        // Forward little-endian bitstream; bits past `end` read as zero and are caught by the final length check.
        long bit = 0;
        int accuracyLog = (int) (peek(buf, pos, end, bit) & 0xF) + 5;
        bit += 4;
        if (accuracyLog > maxLog) {
            throw new ZstdException("zstd: " + what + " FSE accuracy log " + accuracyLog + " exceeds " + maxLog);
        }
        int remaining = (1 << accuracyLog) + 1;
        int threshold = 1 << accuracyLog;
        int nbBits = accuracyLog + 1;
        int symbol = 0;
        boolean previousZero = false;
        while (remaining > 1 && symbol <= maxSymbol) {
            if (previousZero) {
                int repeatTo = symbol;
                while ((peek(buf, pos, end, bit) & 3) == 3) {
                    repeatTo += 3;
                    bit += 2;
                    if (repeatTo > maxSymbol) {
                        throw new ZstdException("zstd: " + what + " FSE zero run passes symbol " + maxSymbol);
                    }
                }
                repeatTo += (int) (peek(buf, pos, end, bit) & 3);
                bit += 2;
                if (repeatTo > maxSymbol) {
                    throw new ZstdException("zstd: " + what + " FSE zero run passes symbol " + maxSymbol);
                }
                while (symbol < repeatTo) {
                    norm[symbol++] = 0;
                }
            }
            long bits = peek(buf, pos, end, bit);
            int max = (2 * threshold - 1) - remaining;
            int count;
            if ((bits & (threshold - 1)) < max) {
                count = (int) (bits & (threshold - 1));
                bit += nbBits - 1;
            } else {
                count = (int) (bits & (2 * threshold - 1));
                if (count >= threshold) {
                    count -= max;
                }
                bit += nbBits;
            }
            count--;
            remaining -= Math.abs(count);
            if (remaining < 1) {
                throw new ZstdException("zstd: " + what + " FSE probabilities exceed the table size");
            }
            norm[symbol++] = (short) count;
            previousZero = count == 0;
            while (remaining < threshold) {
                nbBits--;
                threshold >>>= 1;
            }
        }
        if (remaining != 1) {
            throw new ZstdException("zstd: " + what + " FSE probabilities do not add up to the table size");
        }
        long bytes = (bit + 7) >>> 3;
        if (bytes > end - pos) {
            throw new ZstdException("zstd: " + what + " FSE table description is truncated");
        }
        return (int) bytes << 16 | symbol << 4 | (accuracyLog - 5);
    }

    /// Returns up to 32 bits starting at bit `bit` of `buf[pos, end)`, zeros past `end`.
    private static long peek(byte[] buf, int pos, int end, long bit) {
        long byteIndex = pos + (bit >>> 3);
        long v = 0;
        for (int i = 0; i < 5; i++) {
            long k = byteIndex + i;
            if (k < end) {
                v |= (buf[(int) k] & 0xFFL) << (8 * i);
            }
        }
        return v >>> (bit & 7);
    }

    /// Builds the decoding table for `norm[0, symbolCount)` into `table`; `next` is scratch of at
    /// least `symbolCount` ints. Returns `table`.
    static int[] build(short[] norm, int symbolCount, int accuracyLog, int[] table, int[] next) {
        int size = 1 << accuracyLog;
        int high = size - 1;
        // "Less than 1" symbols take one cell each at the top of the table.
        for (int s = 0; s < symbolCount; s++) {
            if (norm[s] == -1) {
                table[high--] = s;
                next[s] = 1;
            } else {
                next[s] = norm[s];
            }
        }
        int mask = size - 1;
        int step = (size >>> 1) + (size >>> 3) + 3;
        int position = 0;
        for (int s = 0; s < symbolCount; s++) {
            for (int i = 0; i < norm[s]; i++) {
                table[position] = s;
                do {
                    position = (position + step) & mask;
                } while (position > high);
            }
        }
        if (position != 0) {
            throw new ZstdException("zstd: FSE symbol spread did not cover the table");
        }
        for (int i = 0; i < size; i++) {
            int s = table[i];
            int state = next[s]++;
            int nb = accuracyLog - (31 - Integer.numberOfLeadingZeros(state));
            int baseline = (state << nb) - size;
            table[i] = baseline << 16 | nb << 8 | s;
        }
        return table;
    }

    /// Fills `table` with the one-cell table of an RLE-mode symbol (accuracy log 0).
    static int[] rle(int symbol, int[] table) {
        table[0] = symbol;
        return table;
    }
}
