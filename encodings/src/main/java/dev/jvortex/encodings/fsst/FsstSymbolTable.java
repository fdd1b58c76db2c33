package dev.jvortex.encodings.fsst;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// An FSST symbol table: up to 255 symbols of 1 to 8 bytes, code `k` standing for symbol `k` and
/// code 255 escaping one literal byte; training on sample strings and greedy compression.
///
/// Training follows the FSST paper (Boncz, Neumann, Leis, VLDB 2020) and its reference
/// implementation: five generations over the sample, each compressing it with the current table
/// while counting how often every symbol occurs and every pair of symbols follows one another,
/// then keeping the 255 candidates with the largest gain (occurrences × length), where the
/// candidates are the symbols, their concatenated pairs (up to 8 bytes), and single bytes (their
/// gain times 8, which keeps escapes rare). Early generations look at a growing fraction of the
/// sample; the last one adds no new pairs.
///
/// Symbols are held as little-endian `long`s (first byte lowest), zero above their length, which
/// is also how the `symbols` buffer stores them.
public final class FsstSymbolTable {
    /// The escape code: the next byte is a literal.
    public static final int ESCAPE = 255;
    /// Most symbols in a table.
    public static final int MAX_SYMBOLS = 255;

    private static final java.lang.invoke.VarHandle LONG_LE =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    private final long[] symbols;
    private final int[] lengths;
    /// The code of the one-byte symbol of each byte value, or -1.
    private final short[] single = new short[256];
    /// For each two-byte prefix (first byte lowest): the code of the symbol of at most two bytes
    /// a greedy parse takes when no longer symbol matches (the two-byte symbol, else the first
    /// byte's one-byte symbol, else -1).
    private final short[] shortCode;
    /// Symbols of three or more bytes grouped by a hash of their two-byte prefix ([#bucket]),
    /// longest first: those of bucket `b` are `longCodes[longStart[b] .. longStart[b + 1])`. A
    /// bucket may hold symbols of other prefixes; they never match, so the first symbol that
    /// matches is still the longest (and building the table touches 4 Ki entries, not 64 Ki).
    private final int[] longStart;
    private final int[] longCodes;

    /// Bits of the long symbols' bucket index.
    private static final int BUCKET_BITS = 12;

    private FsstSymbolTable(long[] symbols, int[] lengths) {
        this.symbols = symbols;
        this.lengths = lengths;
        Arrays.fill(single, (short) -1);
        // Each loop is its own small static method: the constructor runs a few times per trained
        // table, and its loops, compiled together on-stack, were recompiled when one of their
        // trip counts changed.
        int longCount = placeSingles(symbols, lengths, single);
        // Every two-byte prefix first falls back to its first byte's symbol: the 256 entries
        // repeated, by doubling copies.
        shortCode = new short[1 << 16];
        System.arraycopy(single, 0, shortCode, 0, 256);
        for (int filled = 256; filled < 1 << 16; filled *= 2) {
            System.arraycopy(shortCode, 0, shortCode, filled, filled);
        }
        int buckets = 1 << BUCKET_BITS;
        longStart = new int[buckets + 1];
        longCodes = new int[longCount];
        placePairs(symbols, lengths, shortCode, longStart);
        prefixSums(longStart);
        placeLong(symbols, lengths, longStart, longCodes);
    }

    /// Sets `single[b]` to the code of one-byte symbol `b`; returns the number of symbols of 3
    /// bytes or more.
    private static int placeSingles(long[] symbols, int[] lengths, short[] single) {
        int longCount = 0;
        for (int k = 0; k < symbols.length; k++) {
            if (lengths[k] == 1) {
                single[(int) symbols[k] & 0xFF] = (short) k;
            } else if (lengths[k] != 2) {
                longCount++;
            }
        }
        return longCount;
    }

    /// Sets `shortCode` of each two-byte symbol and counts the long symbols per bucket in
    /// `longStart[bucket + 1]`.
    private static void placePairs(long[] symbols, int[] lengths, short[] shortCode, int[] longStart) {
        for (int k = 0; k < symbols.length; k++) {
            if (lengths[k] == 2) {
                shortCode[(int) symbols[k] & 0xFFFF] = (short) k;
            } else if (lengths[k] >= 3) {
                longStart[bucket((int) symbols[k] & 0xFFFF) + 1]++;
            }
        }
    }

    /// Turns the per-bucket counts into the buckets' start offsets.
    private static void prefixSums(int[] longStart) {
        for (int b = 0; b + 1 < longStart.length; b++) {
            longStart[b + 1] += longStart[b];
        }
    }

    /// Places the long symbols' codes in their buckets, longest first within a bucket.
    private static void placeLong(long[] symbols, int[] lengths, int[] longStart, int[] longCodes) {
        int[] fill = Arrays.copyOf(longStart, longStart.length - 1);
        for (int len = 8; len >= 3; len--) {
            placeLength(symbols, lengths, len, fill, longCodes);
        }
    }

    /// Places the codes of the symbols of `len` bytes at their buckets' `fill` positions.
    private static void placeLength(long[] symbols, int[] lengths, int len, int[] fill, int[] longCodes) {
        for (int k = 0; k < symbols.length; k++) {
            if (lengths[k] == len) {
                longCodes[fill[bucket((int) symbols[k] & 0xFFFF)]++] = k;
            }
        }
    }

    /// The bucket of the long symbols of two-byte prefix `prefix` (first byte lowest).
    private static int bucket(int prefix) {
        return (prefix * 0x9E3779B1) >>> (32 - BUCKET_BITS);
    }

    /// Returns a table of the given symbols (little-endian, zero above their length) and lengths
    /// (1..8), in the reference's order: multi-byte symbols by ascending length, then one-byte ones.
    public static FsstSymbolTable of(long[] symbols, int[] lengths) {
        if (symbols.length != lengths.length || symbols.length > MAX_SYMBOLS) {
            throw new IllegalArgumentException(symbols.length + " symbols and " + lengths.length + " lengths");
        }
        for (int k = 0; k < lengths.length; k++) {
            if (lengths[k] < 1 || lengths[k] > 8 || lengths[k] < 8 && (symbols[k] >>> (8 * lengths[k])) != 0) {
                throw new IllegalArgumentException("symbol " + k + " of length " + lengths[k] + " is malformed");
            }
            int order = lengths[k] == 1 ? 9 : lengths[k];
            if (k > 0 && order < (lengths[k - 1] == 1 ? 9 : lengths[k - 1])) {
                throw new IllegalArgumentException("symbol " + k + " of length " + lengths[k] + " is out of order");
            }
        }
        return new FsstSymbolTable(symbols.clone(), lengths.clone());
    }

    /// Returns the number of symbols.
    public int size() {
        return symbols.length;
    }

    /// Returns symbol `k` (little-endian bytes, zero above its length).
    public long symbol(int k) {
        return symbols[k];
    }

    /// Returns the length of symbol `k` in bytes.
    public int length(int k) {
        return lengths[k];
    }

    /// Returns the code of the longest symbol matching `in` at `pos` (bytes before `end`), or -1.
    int longestMatch(byte[] in, int pos, int end) {
        int avail = end - pos;
        if (avail < 2) {
            return single[in[pos] & 0xFF];
        }
        int prefix = (in[pos] & 0xFF) | (in[pos + 1] & 0xFF) << 8;
        int b = bucket(prefix);
        int from = longStart[b];
        int to = longStart[b + 1];
        if (from < to && avail >= 3) {
            long word;
            if (avail >= 8) {
                word = (long) LONG_LE.get(in, pos);
            } else {
                word = 0;
                for (int i = 0; i < avail; i++) {
                    word |= (in[pos + i] & 0xFFL) << (8 * i);
                }
            }
            for (int t = from; t < to; t++) {
                int code = longCodes[t];
                int len = lengths[code];
                if (len <= avail && (len == 8 ? word : word & ((1L << (8 * len)) - 1)) == symbols[code]) {
                    return code;
                }
            }
        }
        return shortCode[prefix];
    }

    /// Appends the codes of `in[from .. from + len)` to `out` at `at`, returning the new end;
    /// `out` needs room for `2 × len` bytes.
    int compress(byte[] in, int from, int len, byte[] out, int at) {
        int end = from + len;
        int pos = from;
        while (pos < end) {
            int code = longestMatch(in, pos, end);
            if (code < 0) {
                out[at++] = (byte) ESCAPE;
                out[at++] = in[pos++];
            } else {
                out[at++] = (byte) code;
                pos += lengths[code];
            }
        }
        return at;
    }

    // ---------------------------------------------------------------- training

    /// Trains a table on `sample` (the strings, or parts of them).
    public static FsstSymbolTable train(List<byte[]> sample) {
        FsstSymbolTable table = new FsstSymbolTable(new long[0], new int[0]);
        // One pair-count matrix for every generation, zeroed again entry by entry after use.
        int[] pairs = new int[(MAX_SYMBOLS + 256) * (MAX_SYMBOLS + 256)];
        for (int fraction = 8; ; fraction += 30) {
            boolean last = fraction >= 128;
            Counts counts = table.count(sample, fraction, last, pairs);
            table = counts.best(last);
            if (last) {
                return table;
            }
            counts.clearPairs();
        }
    }

    /// Occurrence counts of one generation: codes `0 .. n` are the table's symbols, `n + b` the
    /// single byte `b` (whether or not it is a symbol).
    private final class Counts {
        final int n = symbols.length;
        final int[] single = new int[n + 256];
        final int[] pairs;
        /// The indices of the non-zero entries of `pairs`, in order of first increment.
        int[] touched = new int[1024];
        int touchedCount;

        /// Counts over `pairs` (all zero, at least `(n + 256)²` entries), unused for the last
        /// generation.
        Counts(boolean last, int[] pairs) {
            this.pairs = last ? null : pairs;
        }

        /// Sets the touched pair counts back to zero.
        void clearPairs() {
            for (int t = 0; t < touchedCount; t++) {
                pairs[touched[t]] = 0;
            }
        }

        void pair(int index) {
            if (pairs[index]++ == 0) {
                if (touchedCount == touched.length) {
                    touched = Arrays.copyOf(touched, touchedCount * 2);
                }
                touched[touchedCount++] = index;
            }
        }

        /// The candidates of the next generation, the best [#MAX_SYMBOLS] of them as a table.
        FsstSymbolTable best(boolean last) {
            GainTable gains = new GainTable(Math.max(1024, 2 * (n + 256 + touchedCount)));
            int codes = n + 256;
            // Symbols, then single bytes: two loops, so that no range check on the symbols
            // depends on which codes the first generations' profile saw.
            addSymbols(gains, single, symbols, lengths, n);
            addBytes(gains, single, n);
            for (int t = 0; !last && t < touchedCount; t++) {
                int c1 = touched[t] / codes;
                int c2 = touched[t] % codes;
                long count = pairs[touched[t]];
                long s1 = value(c1);
                int l1 = len(c1);
                if (l1 < 8) {
                    int l2 = len(c2);
                    int l3 = Math.min(8, l1 + l2);
                    long s3 = s1 | (value(c2) << (8 * l1));
                    if (l3 < 8) {
                        s3 &= (1L << (8 * l3)) - 1;
                    }
                    gains.add(s3, l3, count * l3);
                }
            }
            return ordered(gains.top(MAX_SYMBOLS));
        }

        /// Adds the gains of the symbols `0 .. n` that occurred.
        private static void addSymbols(GainTable gains, int[] single, long[] symbols, int[] lengths, int n) {
            for (int c1 = 0; c1 < n; c1++) {
                if (single[c1] != 0) {
                    int l1 = lengths[c1];
                    gains.add(symbols[c1], l1, (long) single[c1] * l1 * (l1 == 1 ? 8 : 1));
                }
            }
        }

        /// Adds the gains of the single bytes (codes `n .. n + 256`) that occurred.
        private static void addBytes(GainTable gains, int[] single, int n) {
            for (int b = 0; b < 256; b++) {
                if (single[n + b] != 0) {
                    gains.add(b, 1, (long) single[n + b] * 8);
                }
            }
        }

        private long value(int code) {
            return code < n ? symbols[code] : code - n;
        }

        private int len(int code) {
            return code < n ? lengths[code] : 1;
        }
    }

    /// A candidate symbol.
    private record Candidate(long value, int length) {}

    /// Gains of candidate symbols, summed per (value, length), in open addressing without boxing.
    private static final class GainTable {
        private final long[] values;
        private final byte[] lengths;
        private final long[] gains;
        private final int mask;
        private int size;

        GainTable(int expected) {
            int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
            values = new long[cap];
            lengths = new byte[cap];
            gains = new long[cap];
            mask = cap - 1;
        }

        void add(long value, int length, long gain) {
            long h = (value ^ ((long) length << 59)) * 0x9E3779B97F4A7C15L;
            int i = (int) (h >>> 40) & mask;
            while (lengths[i] != 0) {
                if (lengths[i] == length && values[i] == value) {
                    gains[i] += gain;
                    return;
                }
                i = (i + 1) & mask;
            }
            lengths[i] = (byte) length;
            values[i] = value;
            gains[i] = gain;
            size++;
        }

        /// The `k` candidates with the largest gain; ties go to the longer symbol, then the smaller
        /// value (so the result does not depend on hashing).
        List<Candidate> top(int k) {
            // Each loop is its own small static method: the JIT compiles each alone, once, instead
            // of compiling this driver on-stack and again whole with every loop inlined into it.
            int[] slots = occupied(lengths, size);
            int[] heap = new int[Math.min(k, slots.length)];
            int h = select(slots, heap, gains, lengths, values);
            return candidates(heap, h, values, lengths);
        }

        /// The occupied slot numbers, ascending.
        private static int[] occupied(byte[] lengths, int size) {
            int[] slots = new int[size];
            int m = 0;
            for (int i = 0; i < lengths.length; i++) {
                if (lengths[i] != 0) {
                    slots[m++] = i;
                }
            }
            return slots;
        }

        /// Keeps the best `heap.length` of `slots` in the bounded min-heap `heap` (worst at the
        /// root); returns how many it holds.
        private static int select(int[] slots, int[] heap, long[] gains, byte[] lengths, long[] values) {
            int h = 0;
            for (int t = 0; t < slots.length; t++) {
                int slot = slots[t];
                if (h < heap.length) {
                    heap[h] = slot;
                    siftUp(heap, h++, gains, lengths, values);
                } else if (h > 0 && better(slot, heap[0], gains, lengths, values)) {
                    heap[0] = slot;
                    siftDown(heap, h, gains, lengths, values);
                }
            }
            return h;
        }

        private static List<Candidate> candidates(int[] heap, int h, long[] values, byte[] lengths) {
            List<Candidate> out = new ArrayList<>(h);
            for (int t = 0; t < h; t++) {
                out.add(new Candidate(values[heap[t]], lengths[heap[t]]));
            }
            return out;
        }

        private static boolean better(int a, int b, long[] gains, byte[] lengths, long[] values) {
            if (gains[a] != gains[b]) {
                return gains[a] > gains[b];
            }
            if (lengths[a] != lengths[b]) {
                return lengths[a] > lengths[b];
            }
            return Long.compareUnsigned(values[a], values[b]) < 0;
        }

        private static void siftUp(int[] heap, int i, long[] gains, byte[] lengths, long[] values) {
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (!better(heap[parent], heap[i], gains, lengths, values)) {
                    break;
                }
                int t = heap[parent];
                heap[parent] = heap[i];
                heap[i] = t;
                i = parent;
            }
        }

        private static void siftDown(int[] heap, int n, long[] gains, byte[] lengths, long[] values) {
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                if (l >= n) {
                    return;
                }
                int worst = l + 1 < n && better(heap[l], heap[l + 1], gains, lengths, values) ? l + 1 : l;
                if (!better(heap[i], heap[worst], gains, lengths, values)) {
                    return;
                }
                int t = heap[worst];
                heap[worst] = heap[i];
                heap[i] = t;
                i = worst;
            }
        }
    }

    /// Returns a table of `chosen` in the order the reference requires of a symbol table:
    /// multi-byte symbols by ascending length, then the one-byte symbols (the reference rejects
    /// any other order).
    private static FsstSymbolTable ordered(List<Candidate> chosen) {
        List<Candidate> sorted = new ArrayList<>(chosen);
        sorted.sort((x, y) -> {
            int kx = x.length() == 1 ? 9 : x.length();
            int ky = y.length() == 1 ? 9 : y.length();
            return kx != ky ? Integer.compare(kx, ky) : Long.compareUnsigned(x.value(), y.value());
        });
        long[] values = new long[sorted.size()];
        int[] lengths = new int[sorted.size()];
        for (int k = 0; k < values.length; k++) {
            values[k] = sorted.get(k).value();
            lengths[k] = sorted.get(k).length();
        }
        return new FsstSymbolTable(values, lengths);
    }

    /// Compresses the sample's selected strings with this table, counting symbols and pairs.
    private Counts count(List<byte[]> sample, int fraction, boolean last, int[] pairs) {
        Counts counts = new Counts(last, pairs);
        for (int line = 0; line < sample.size(); line++) {
            if (last) {
                countSingles(sample.get(line), counts);
            } else if (Math.floorMod(mix(line), 128) < fraction) {
                countWithPairs(sample.get(line), counts);
            }
        }
        return counts;
    }

    // One small loop per generation kind (the last counts no pairs), each over one string: no
    // test in them is the same for a whole call, so none is hoisted from the first generations'
    // profile (an empty table, every byte an escape) to fail on a later one.

    /// Counts the codes of `s` (and the first byte of each longer symbol on its own).
    private void countSingles(byte[] s, Counts counts) {
        int[] single = counts.single;
        int n = symbols.length;
        int pos = 0;
        while (pos < s.length) {
            int code = longestMatch(s, pos, s.length);
            int first = n + (s[pos] & 0xFF);
            if (code < 0) {
                single[first]++;
                pos++;
            } else {
                int len = lengths[code];
                pos += len;
                // Count the first byte on its own too, so single bytes can (re)enter the table.
                single[first] += len > 1 ? 1 : 0;
                single[code]++;
            }
        }
    }

    /// As [#countSingles], and the pairs of consecutive codes.
    private void countWithPairs(byte[] s, Counts counts) {
        int[] single = counts.single;
        int n = symbols.length;
        int codes = n + 256;
        int pos = 0;
        int prev = -1;
        while (pos < s.length) {
            int code = longestMatch(s, pos, s.length);
            int first = n + (s[pos] & 0xFF);
            int cur;
            if (code < 0) {
                cur = first;
                pos++;
            } else {
                cur = code;
                int len = lengths[code];
                pos += len;
                single[first] += len > 1 ? 1 : 0;
            }
            single[cur]++;
            if (prev >= 0) {
                counts.pair(prev * codes + cur);
            }
            prev = cur;
        }
    }

    private static int mix(int x) {
        int h = x * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("FsstSymbolTable[");
        for (int k = 0; k < symbols.length; k++) {
            if (k > 0) {
                sb.append(", ");
            }
            byte[] b = new byte[lengths[k]];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (symbols[k] >>> (8 * i));
            }
            sb.append('"')
                    .append(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1))
                    .append('"');
        }
        return sb.append(']').toString();
    }

    /// Returns a copy of the symbols.
    long[] symbols() {
        return Arrays.copyOf(symbols, symbols.length);
    }
}
