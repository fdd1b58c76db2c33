package dev.jvortex.encodings.onpair;

import java.util.Arrays;

/// Greedy longest-match parsing over a finished OnPair dictionary; gives the same tokens as
/// [TokenMatcher#longest], faster, but cannot grow.
///
/// Exact-key hash tables hold the tokens of 3 bytes or more, one per key length: 3, 4, 8 and 12
/// bytes. The 3-, 4- and 8-byte tables are keyed by the token's first bytes, the 12-byte table by
/// the token's 8-byte entry and its bytes 8 to 11, so every key is one word. A table holds the
/// key of every token at least as long as the key (a longer token leaves its prefix there as a
/// marker); the 12-byte table only those below a deeper 8-byte entry (below). An entry holds:
/// - its answer when nothing longer matches: the longest token of at most the key's length that
///   is a prefix of the key, worked out when the table is built;
/// - its candidates: the longer tokens with that prefix (5 to 7 bytes for the 4-byte table, 9 to
///   16 for the 8-byte one, 13 to 16 for the 12-byte one), longest first, each tried with one
///   masked compare of a word;
/// - in the 8-byte table, an entry with more than [#LONG_LIST] candidates keeps only those of 9
///   to 11 bytes and is flagged deeper: its tokens of 12 bytes or more are found through the
///   12-byte table, whose entry answers for them.
///
/// So a list is short (a text's common 8-byte prefixes have dozens of longer tokens, and a
/// single list had a position compare about 10 of them). A position with 8 bytes left probes the
/// 8-byte table; on a hit at a deeper entry with 12 bytes left it probes the 12-byte table, then
/// tries the candidates of the deepest entry found and else takes its answer; on a miss it probes
/// the 4-byte table the same way. A position where no token of 4 bytes or more matches is
/// answered by the 3-byte table, then direct tables of the two- and one-byte tokens. Nothing is
/// allocated per value.
///
/// The searched array must hold 16 readable bytes from every position searched (callers pad it).
final class TokenParser {
    /// No token (`-1 << 5 | 1`, as [TokenMatcher#longest] gives for a byte with no token).
    static final int NONE = -1 << 5 | 1;

    // An entry's packed value (never 0 in a used slot): the answer `id << 5 | length` in bits
    // 0-20 (a missing answer, NONE, is kept as its low 21 bits, which give the same code, 0xFFFF,
    // and length 1), the deeper flag in bit 21, the first candidate in bits 22-42 and the number
    // of candidates in bits 43-63.
    private static final long ANSWER_BITS = 0x1F_FFFF;
    private static final long DEEPER = 1L << 21;
    private static final int FIRST_SHIFT = 22;
    private static final int COUNT_SHIFT = 43;
    /// The most candidates an entry of the 8-byte table lists; one with more sends its tokens of
    /// 12 bytes or more to the 12-byte table. (3 or 12 instead of 6 measured no faster on
    /// o_comment and l_comment chunks.)
    static final int LONG_LIST = 6;

    /// `id << 5 | 1` of each byte's one-byte token, or [#NONE].
    private final int[] single = new int[256];
    /// `id << 5 | 2` of each two-byte token (first byte lowest), 0 where there is none.
    private final int[] pairs = new int[1 << 16];
    /// Tokens of 3 bytes or more by their first 3 bytes; no candidates.
    private final Table three;
    /// Tokens of 4 bytes or more by their first 4 bytes; candidates of 5 to 7 bytes.
    private final Table four;
    /// Tokens of 8 bytes or more by their first 8 bytes; candidates of 9 to 16 bytes (9 to 11
    /// for a deeper entry).
    private final Table eight;
    /// Tokens of 12 bytes or more below a deeper 8-byte entry, by that entry and their bytes
    /// 8-11; candidates of 13 to 16 bytes.
    private final Table twelve;

    /// A parser over the tokens of `dict`, token `t` having id `t`.
    ///
    /// The construction's loops are small methods of their own (no loop runs in a constructor), and
    /// each table's answers come from a loop of its own ([#answersUpTo2], [#answersUpTo3],
    /// [#answersUpTo7], [#answersUpTo11]), so no compiled loop speculates on which table it fills.
    TokenParser(OnPairTrainer.Dictionary dict) {
        Arrays.fill(single, NONE);
        int n = dict.size();
        long[] low = dict.low();
        long[] high = dict.high();
        int[] length = dict.length();
        int[] lengthCounts = new int[OnPairEncoder.MAX_TOKEN_BYTES + 1];
        fillShort(low, length, n, single, pairs, lengthCounts);
        int[] entryOf = new int[n];
        long[] keys = new long[n];
        boolean[] in = new boolean[n];

        maskedKeys(low, 0xFF_FFFFL, length, 3, n, keys, in);
        three = Table.of(keys, in, length, n, 3, 4, 3, 99, lengthCounts, entryOf);
        answersUpTo2(three);

        maskedKeys(low, 0xFFFF_FFFFL, length, 4, n, keys, in);
        four = Table.of(keys, in, length, n, 4, 5, 7, 99, lengthCounts, entryOf);
        answersUpTo3(four);
        four.addCandidates(low, 0, 0, in, length, n, entryOf);

        maskedKeys(low, -1L, length, 8, n, keys, in);
        eight = Table.of(keys, in, length, n, 8, 9, 16, 12, lengthCounts, entryOf);
        eight.splitLong(in, length, n, entryOf);
        answersUpTo7(eight);
        eight.addCandidates(high, 0, 8, in, length, n, entryOf);

        linkedKeys(entryOf, eight.deeper, high, 0, length, 12, n, keys, in);
        twelve = Table.of(keys, in, length, n, 12, 13, 16, 99, lengthCounts, entryOf);
        answersUpTo11(twelve);
        twelve.addCandidates(high, 32, 12, in, length, n, entryOf);
        three.built();
        four.built();
        eight.built();
        twelve.built();
    }

    /// Enters the one- and two-byte tokens of `n` into `single` and `pairs`, and counts the
    /// tokens of each length in `lengthCounts`.
    private static void fillShort(long[] low, int[] length, int n, int[] single, int[] pairs, int[] lengthCounts) {
        for (int t = 0; t < n; t++) {
            lengthCounts[length[t]]++;
            if (length[t] == 1) {
                single[(int) (low[t] & 0xFF)] = t << 5 | 1;
            } else if (length[t] == 2) {
                pairs[(int) (low[t] & 0xFFFF)] = t << 5 | 2;
            }
        }
    }

    /// `keys[t] = low[t] & mask` for each token of at least `keyBytes` bytes, which `in` marks.
    private static void maskedKeys(
            long[] low, long mask, int[] length, int keyBytes, int n, long[] keys, boolean[] in) {
        for (int t = 0; t < n; t++) {
            keys[t] = low[t] & mask;
            in[t] = length[t] >= keyBytes;
        }
    }

    /// `keys[t]` for each token of at least `keyBytes` bytes that was in the previous table (as
    /// `in` marked) below a `deeper` entry there (`entryOf[t]`), which `in` now marks: that entry
    /// in the high half, bytes `high[t] >>> shift` in the low half.
    private static void linkedKeys(
            int[] entryOf,
            boolean[] deeper,
            long[] high,
            int shift,
            int[] length,
            int keyBytes,
            int n,
            long[] keys,
            boolean[] in) {
        for (int t = 0; t < n; t++) {
            in[t] = in[t] && length[t] >= keyBytes && deeper[entryOf[t]];
            keys[t] = (long) entryOf[t] << 32 | ((high[t] >>> shift) & 0xFFFF_FFFFL);
        }
    }

    // The answer loops of the tables: for each slot in use whose key is no token, the answer (the
    // longest shorter token that is a prefix of it), then the slots' packed values.

    /// Answers a table of 3-byte keys from the tokens of at most 2 bytes.
    private void answersUpTo2(Table t) {
        int[] answer = t.answer;
        for (int s = 0; s < answer.length; s++) {
            if (answer[s] == NONE) {
                answer[s] = upTo2(t.slots[2 * s]);
            }
        }
        t.finish(answer);
    }

    /// Answers a table of 4-byte keys from the tokens of at most 3 bytes.
    private void answersUpTo3(Table t) {
        int[] answer = t.answer;
        for (int s = 0; s < answer.length; s++) {
            if (answer[s] == NONE) {
                answer[s] = upTo3(t.slots[2 * s]);
            }
        }
        t.finish(answer);
    }

    /// Answers a table of 8-byte keys from the tokens of at most 7 bytes.
    private void answersUpTo7(Table t) {
        int[] answer = t.answer;
        for (int s = 0; s < answer.length; s++) {
            if (answer[s] == NONE) {
                answer[s] = upTo7(t.slots[2 * s]);
            }
        }
        t.finish(answer);
    }

    /// Answers a table of 12-byte keys from the tokens of at most 11 bytes: the 8-byte entry's
    /// candidates, else its answer.
    private void answersUpTo11(Table t) {
        int[] answer = t.answer;
        for (int s = 0; s < answer.length; s++) {
            if (answer[s] == NONE) {
                long key = t.slots[2 * s];
                answer[s] = firstMatch(eight.cands, eight.slots[2 * (int) (key >>> 32) + 1], key & 0xFFFF_FFFFL, 12);
            }
        }
        t.finish(answer);
    }

    /// Parses rows `data[starts[i], starts[i + 1])` for `i < len` into `codes`, row `i`'s codes
    /// starting at `codesOffsets[i]`; returns the number of codes. A byte with no token (never
    /// the case for a trained dictionary) gets code `0xFFFF`, as with [TokenMatcher].
    int parse(byte[] data, int[] starts, int len, char[] codes, long[] codesOffsets) {
        int count = 0;
        for (int i = 0; i < len; i++) {
            codesOffsets[i] = count;
            count = parseRow(data, starts[i], starts[i + 1], codes, count);
        }
        codesOffsets[len] = count;
        return count;
    }

    /// Parses `data[pos, end)` into `codes` from `count`; returns the new count.
    ///
    /// The probes are written out here rather than called, so the common path makes no call.
    private int parseRow(byte[] data, int pos, int end, char[] codes, int count) {
        long[] t8 = eight.slots;
        int mask8 = 2 * eight.mask + 1;
        int shift8 = eight.shift;
        while (pos < end) {
            int rem = end - pos;
            long w0 = (long) LONG.get(data, pos);
            int found = 0;
            if (rem >= 8) {
                int s = hash(w0, shift8) << 1;
                long meta;
                while ((meta = t8[s + 1]) != 0) {
                    if (t8[s] == w0) {
                        found = below8(data, pos, rem, s, meta);
                        break;
                    }
                    s = (s + 2) & mask8;
                }
            }
            if (found == 0) {
                found = rem >= 4 ? upTo7(w0, rem) : findShort(w0, rem);
            }
            codes[count++] = (char) (found >> 5);
            pos += found & 31;
        }
        return count;
    }

    /// The longest match at `pos` (`rem >= 8` bytes left) whose first 8 bytes are the key of
    /// the 8-byte table's slot `s / 2`, of packed value `meta`.
    private int below8(byte[] data, int pos, int rem, int s, long meta) {
        long w1 = (long) LONG.get(data, pos + 8);
        if ((meta & DEEPER) != 0 && rem >= 12) {
            long key = (long) s << 31 | (w1 & 0xFFFF_FFFFL);
            long[] t12 = twelve.slots;
            int s12 = hash(key, twelve.shift) << 1;
            long m12;
            while ((m12 = t12[s12 + 1]) != 0) {
                if (t12[s12] == key) {
                    return firstMatch(twelve.cands, m12, w1 >>> 32, rem);
                }
                s12 = (s12 + 2) & (2 * twelve.mask + 1);
            }
        }
        return firstMatch(eight.cands, meta, w1, rem);
    }

    /// The longest match of at most 7 bytes at a position with `rem >= 4` bytes left whose first
    /// 8 are `w0`.
    private int upTo7(long w0, int rem) {
        long key = w0 & 0xFFFF_FFFFL;
        long[] t4 = four.slots;
        int s = hash(key, four.shift) << 1;
        long meta;
        while ((meta = t4[s + 1]) != 0) {
            if (t4[s] == key) {
                return firstMatch(four.cands, meta, w0, rem);
            }
            s = (s + 2) & (2 * four.mask + 1);
        }
        return findShort(w0, rem);
    }

    /// The first candidate of an entry of packed value `meta` that matches `word` (the input's
    /// bytes from the candidates' first byte past the previous table's key) and is at most `rem`
    /// bytes long, else the entry's answer. Candidate `c` is `cands[2c]`, its bytes in that word
    /// (zero above), and `cands[2c + 1]`, `id << 5 | length` with in bits 32 up the shift that
    /// masks the word to the candidate's bytes.
    private static int firstMatch(long[] cands, long meta, long word, int rem) {
        int c = (int) (meta >>> (FIRST_SHIFT - 1)) & 0x3F_FFFE;
        int e = c + ((int) (meta >>> (COUNT_SHIFT - 1)) & 0x3F_FFFE);
        for (; c < e; c += 2) {
            long cm = cands[c + 1];
            if (((int) cm & 31) <= rem && (word & (-1L >>> (cm >>> 32))) == cands[c]) {
                return (int) cm;
            }
        }
        return (int) (meta & ANSWER_BITS);
    }

    private static final java.lang.invoke.VarHandle LONG = TokenMatcher.LONG;

    /// `id << 5 | length` of the longest token of at most 3 bytes that is a prefix of the `rem`
    /// bytes (at least 1) whose first 8 are the little-endian word `w0`; [#NONE] when there is
    /// none. For a position where no token of 4 bytes or more matches.
    private int findShort(long w0, int rem) {
        return rem >= 3 ? upTo3(w0) : rem >= 2 ? upTo2(w0) : single[(int) (w0 & 0xFF)];
    }

    /// [#findShort] for at least 2 bytes, not using the third.
    private int upTo2(long w0) {
        int pair = pairs[(int) (w0 & 0xFFFF)];
        return pair != 0 ? pair : single[(int) (w0 & 0xFF)];
    }

    /// [#findShort] for at least 3 bytes.
    private int upTo3(long w0) {
        int e = three.entry(w0 & 0xFF_FFFFL);
        return e >= 0 ? (int) (three.slots[2 * e + 1] & ANSWER_BITS) : upTo2(w0);
    }

    /// The longest token of at most 7 bytes that is a prefix of the (at least 7) bytes whose
    /// first 8 are `w0`.
    private int upTo7(long w0) {
        int e = four.entry(w0 & 0xFFFF_FFFFL);
        return e >= 0 ? firstMatch(four.cands, four.slots[2 * e + 1], w0, 7) : upTo3(w0);
    }

    /// The home slot of `key` in a table of `2^(64 - shift)` slots: the top bits of the product
    /// with a large odd constant, which depend on every byte of the key. (The low bits of such a
    /// product depend only on the key's low bytes, its first bytes in the input, so tokens and
    /// inputs sharing their first five or six bytes, common in text, would pile up in one run of
    /// slots and make long probes.)
    private static int hash(long key, int shift) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /// An exact-key open-addressing table of the distinct keys of the tokens of at least
    /// `keyBytes` bytes. Slot `e` is `slots[2e]` (its key) and `slots[2e + 1]` (0 when free), the
    /// packed value (answer, deeper flag, candidates; see [TokenParser]). The candidates of an
    /// entry are the tokens of `minLength` to `maxLength` bytes with that key, longest first
    /// (see [TokenParser#firstMatch]).
    ///
    /// The constructor has no loop: each step is a small method of its own.
    private static final class Table {
        final long[] slots;
        final int mask;
        /// `64 - log2(slots)`, for [TokenParser#hash].
        final int shift;
        final int minLength;
        final int maxLength;
        final int deeperLength;
        long[] cands = new long[0];
        /// The number of keys.
        int used;
        /// While building: per slot, 0 when free, else the token exactly as long as the key
        /// (`id << 5 | keyBytes`), or [#NONE] until the answer loop fills it.
        int[] answer;
        /// While building: per slot, whether the entry sends its tokens of `deeperLength` bytes or
        /// more to the next table ([#splitLong]).
        boolean[] deeper;
        /// While building: `first[s + 1]` counts slot `s`'s candidates, then [#finish] sums.
        int[] first;

        /// A table of the keys `keys[t]` of the tokens `in` marks (of at least `keyBytes` bytes),
        /// token `t`'s slot going to `entryOf[t]`; with room for twice to four times its distinct
        /// keys, so it is no larger than it needs to be (a second build when the tokens share many
        /// keys, the usual case: most of a trained dictionary's tokens extend other tokens).
        static Table of(
                long[] keys,
                boolean[] in,
                int[] length,
                int n,
                int keyBytes,
                int minLength,
                int maxLength,
                int deeperLength,
                int[] lengthCounts,
                int[] entryOf) {
            int tokens = sum(lengthCounts, keyBytes, OnPairEncoder.MAX_TOKEN_BYTES);
            Table t = new Table(keys, in, length, n, keyBytes, minLength, maxLength, deeperLength, tokens, entryOf);
            return slotsFor(t.used) < t.answer.length
                    ? new Table(keys, in, length, n, keyBytes, minLength, maxLength, deeperLength, t.used, entryOf)
                    : t;
        }

        /// Slots for `entries` keys: a power of two, 2 to 4 times as many, at least 16.
        private static int slotsFor(int entries) {
            return Integer.highestOneBit(Math.max(8, entries) * 2 - 1) << 1;
        }

        /// Enters the key `keys[t]` of every token `t` that `in` marks (of at least `keyBytes`
        /// bytes, at most `entries` distinct keys), its slot going to `entryOf[t]`.
        private Table(
                long[] keys,
                boolean[] in,
                int[] length,
                int n,
                int keyBytes,
                int minLength,
                int maxLength,
                int deeperLength,
                int entries,
                int[] entryOf) {
            this.minLength = minLength;
            this.maxLength = maxLength;
            this.deeperLength = deeperLength;
            int size = slotsFor(entries);
            mask = size - 1;
            shift = 64 - Integer.numberOfTrailingZeros(size);
            slots = new long[2 * size];
            answer = new int[size];
            deeper = new boolean[size];
            first = new int[size + 1];
            insertKeys(keys, in, length, n, keyBytes, entryOf);
        }

        /// Drops the arrays used only while building.
        void built() {
            answer = null;
            deeper = null;
            first = null;
        }

        /// The sum of `v[from, to]`.
        private static int sum(int[] v, int from, int to) {
            int sum = 0;
            for (int i = from; i <= to; i++) {
                sum += v[i];
            }
            return sum;
        }

        /// Inserts the key of every token of at least `keyBytes` bytes, token `t`'s slot going
        /// to `entryOf[t]`; makes a token of exactly `keyBytes` bytes its slot's answer and counts
        /// a token of `minLength` to `maxLength` bytes in `first[slot + 1]`.
        private void insertKeys(long[] keys, boolean[] in, int[] length, int n, int keyBytes, int[] entryOf) {
            for (int t = 0; t < n; t++) {
                if (in[t]) {
                    int l = length[t];
                    int e = insert(keys[t]);
                    entryOf[t] = e;
                    if (l == keyBytes) {
                        answer[e] = t << 5 | keyBytes;
                    } else if (l >= minLength && l <= maxLength) {
                        first[e + 1]++;
                    }
                }
            }
        }

        /// Makes every entry with more than [#LONG_LIST] candidates and some of `deeperLength` bytes
        /// or more deeper: those leave its list for the next table.
        void splitLong(boolean[] in, int[] length, int n, int[] entryOf) {
            for (int t = 0; t < n; t++) {
                if (in[t] && length[t] >= deeperLength && first[entryOf[t] + 1] > LONG_LIST) {
                    deeper[entryOf[t]] = true;
                }
            }
            for (int t = 0; t < n; t++) {
                if (in[t] && length[t] >= deeperLength && deeper[entryOf[t]]) {
                    first[entryOf[t] + 1]--;
                }
            }
        }

        /// Packs each used slot's answer, deeper flag and candidates' range (`first[s]` to
        /// `first[s + 1]`, summed here).
        void finish(int[] answer) {
            for (int s = 0; s < answer.length; s++) {
                first[s + 1] += first[s];
                if (answer[s] != 0) {
                    slots[2 * s + 1] = (answer[s] & ANSWER_BITS)
                            | (deeper[s] ? DEEPER : 0)
                            | (long) first[s] << FIRST_SHIFT
                            | (long) (first[s + 1] - first[s]) << COUNT_SHIFT;
                }
            }
        }

        /// Appends every token of `maxLength` down to `minLength` bytes, longest first, to its
        /// entry's candidates, with its word `words[t] >>> shift` (its bytes from `wordStart` on).
        void addCandidates(long[] words, int shift, int wordStart, boolean[] in, int[] length, int n, int[] entryOf) {
            int[] next = Arrays.copyOf(first, first.length - 1);
            cands = new long[2 * first[first.length - 1]];
            for (int len = maxLength; len >= minLength; len--) {
                long cm = (long) (64 - 8 * (len - wordStart)) << 32;
                for (int t = 0; t < n; t++) {
                    if (length[t] == len && in[t] && !(len >= deeperLength && deeper[entryOf[t]])) {
                        int c = next[entryOf[t]]++;
                        cands[2 * c] = words[t] >>> shift;
                        cands[2 * c + 1] = cm | t << 5 | len;
                    }
                }
            }
        }

        /// Adds `key` (marking its slot used in `answer`) unless present; returns its slot.
        private int insert(long key) {
            int s = hash(key, shift);
            while (answer[s] != 0) {
                if (slots[2 * s] == key) {
                    return s;
                }
                s = (s + 1) & mask;
            }
            slots[2 * s] = key;
            answer[s] = NONE;
            used++;
            return s;
        }

        /// The slot of `key`, or -1.
        int entry(long key) {
            int s = hash(key, shift);
            while (slots[2 * s + 1] != 0) {
                if (slots[2 * s] == key) {
                    return s;
                }
                s = (s + 1) & mask;
            }
            return -1;
        }
    }
}
