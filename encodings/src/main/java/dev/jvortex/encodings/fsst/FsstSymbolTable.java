package dev.jvortex.encodings.fsst;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    private final long[] symbols;
    private final int[] lengths;
    /// For each first byte, the codes of the symbols starting with it, longest first.
    private final int[][] byFirstByte;

    private FsstSymbolTable(long[] symbols, int[] lengths) {
        this.symbols = symbols;
        this.lengths = lengths;
        List<List<Integer>> lists = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            lists.add(new ArrayList<>());
        }
        for (int k = 0; k < symbols.length; k++) {
            lists.get((int) (symbols[k] & 0xFF)).add(k);
        }
        byFirstByte = new int[256][];
        for (int b = 0; b < 256; b++) {
            List<Integer> l = lists.get(b);
            l.sort((x, y) -> Integer.compare(lengths[y], lengths[x]));
            byFirstByte[b] = l.stream().mapToInt(Integer::intValue).toArray();
        }
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
        int[] candidates = byFirstByte[in[pos] & 0xFF];
        if (candidates.length == 0) {
            return -1;
        }
        int avail = Math.min(8, end - pos);
        long word = 0;
        for (int i = 0; i < avail; i++) {
            word |= (in[pos + i] & 0xFFL) << (8 * i);
        }
        for (int code : candidates) {
            int len = lengths[code];
            if (len <= avail && (len == 8 ? word : word & ((1L << (8 * len)) - 1)) == symbols[code]) {
                return code;
            }
        }
        return -1;
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
        for (int fraction = 8; ; fraction += 30) {
            boolean last = fraction >= 128;
            Counts counts = table.count(sample, fraction, last);
            table = counts.best(last);
            if (last) {
                return table;
            }
        }
    }

    /// Occurrence counts of one generation: codes `0 .. n` are the table's symbols, `n + b` the
    /// single byte `b` (whether or not it is a symbol).
    private final class Counts {
        final int n = symbols.length;
        final long[] single = new long[n + 256];
        final long[] pairs;
        /// The indices of the non-zero entries of `pairs`, in order of first increment.
        int[] touched = new int[1024];
        int touchedCount;

        Counts(boolean last) {
            pairs = last ? null : new long[(n + 256) * (n + 256)];
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
            Map<Candidate, Long> gains = new HashMap<>();
            int codes = n + 256;
            for (int c1 = 0; c1 < codes; c1++) {
                if (single[c1] != 0) {
                    int l1 = len(c1);
                    gains.merge(new Candidate(value(c1), l1), single[c1] * l1 * (l1 == 1 ? 8 : 1), Long::sum);
                }
            }
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
                    gains.merge(new Candidate(s3, l3), count * l3, Long::sum);
                }
            }
            List<Map.Entry<Candidate, Long>> ranked = new ArrayList<>(gains.entrySet());
            // Largest gain first; ties by length then value, so the table does not depend on hashing.
            ranked.sort((x, y) -> {
                int c = Long.compare(y.getValue(), x.getValue());
                if (c != 0) {
                    return c;
                }
                c = Integer.compare(y.getKey().length(), x.getKey().length());
                return c != 0 ? c : Long.compareUnsigned(x.getKey().value(), y.getKey().value());
            });
            List<Candidate> chosen = new ArrayList<>();
            for (int k = 0; k < Math.min(MAX_SYMBOLS, ranked.size()); k++) {
                chosen.add(ranked.get(k).getKey());
            }
            return ordered(chosen);
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
    private Counts count(List<byte[]> sample, int fraction, boolean last) {
        Counts counts = new Counts(last);
        int n = symbols.length;
        int codes = n + 256;
        for (int line = 0; line < sample.size(); line++) {
            if (!last && Math.floorMod(mix(line), 128) >= fraction) {
                continue;
            }
            byte[] s = sample.get(line);
            int pos = 0;
            int prev = -1;
            while (pos < s.length) {
                int code = longestMatch(s, pos, s.length);
                int single = n + (s[pos] & 0xFF);
                int cur;
                if (code < 0) {
                    cur = single;
                    pos++;
                } else {
                    cur = code;
                    pos += lengths[code];
                    if (lengths[code] > 1) {
                        // Count the first byte on its own too, so single bytes can (re)enter the table.
                        counts.single[single]++;
                    }
                }
                counts.single[cur]++;
                if (!last && prev >= 0) {
                    counts.pair(prev * codes + cur);
                }
                prev = cur;
            }
        }
        return counts;
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
            sb.append('"').append(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)).append('"');
        }
        return sb.append(']').toString();
    }

    /// Returns a copy of the symbols.
    long[] symbols() {
        return Arrays.copyOf(symbols, symbols.length);
    }
}
