package dev.jvortex.encodings.onpair;

import java.util.Arrays;

/// Greedy longest-match parsing over a finished OnPair dictionary; gives the same tokens as
/// [TokenMatcher#longest], faster, but cannot grow.
///
/// Two exact-key hash tables hold the long tokens: one keyed by the first eight bytes of every
/// token of 8 bytes or more, one by the first four bytes of every token of 4 bytes or more. An
/// entry lists the tokens longer than its key with that prefix (9 to 16 bytes, or 5 to 7),
/// longest first, and the answer when none of them matches: the longest token of at most the
/// key's length that is a prefix of the key, worked out when the table is built. So a position
/// with 8 bytes left costs one probe of the first table (and on a miss one of the second), a
/// short list of one-word compares, and no further search. A third table, keyed by the first
/// three bytes, answers positions where no token of 4 bytes or more matches; two-byte tokens sit
/// in a direct table, one-byte tokens in another. Nothing is allocated per value.
///
/// The searched array must hold 16 readable bytes from every position searched (callers pad it).
final class TokenParser {
    /// No token (`-1 << 5 | 1`, as [TokenMatcher#longest] gives for a byte with no token).
    static final int NONE = -1 << 5 | 1;
    /// `id << 5 | 1` of each byte's one-byte token, or [#NONE].
    private final int[] single = new int[256];
    /// `id << 5 | 2` of each two-byte token (first byte lowest), 0 where there is none.
    private final int[] pairs = new int[1 << 16];
    /// Tokens of 3 bytes or more by their first 3 bytes; no candidates.
    private final Table three;
    /// Tokens of 4 bytes or more by their first 4 bytes; candidates of 5 to 7 bytes.
    private final Table four;
    /// Tokens of 8 bytes or more by their first 8 bytes; candidates of 9 to 16 bytes.
    private final Table eight;

    /// A parser over the tokens of `dict`, token `t` having id `t`.
    ///
    /// The construction's loops are small methods of their own (no loop runs in a constructor), and
    /// each table's answers come from a loop of its own ([#answersUpTo2], [#answersUpTo3],
    /// [#answersUpTo7]), so no compiled loop speculates on which table it fills.
    TokenParser(OnPairTrainer.Dictionary dict) {
        Arrays.fill(single, NONE);
        int[] lengthCounts = new int[OnPairEncoder.MAX_TOKEN_BYTES + 1];
        fillShort(dict.low(), dict.length(), dict.size(), single, pairs, lengthCounts);
        three = new Table(dict, 3, 4, 3, lengthCounts, this);
        four = new Table(dict, 4, 5, 7, lengthCounts, this);
        eight = new Table(dict, 8, 9, 16, lengthCounts, this);
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

    // The answer loops of the three tables: for each slot in use, in order, the answer (when no
    // token is exactly as long as the key, the longest shorter token that is a prefix of it), then
    // the slot's packed value ([Table#finishSlot]).

    /// Finishes the slots of a table of 3-byte keys, answering from the tokens of at most 2 bytes.
    private void answersUpTo2(long[] slots, int[] answer, int[] first) {
        for (int s = 0; s < answer.length; s++) {
            int a = answer[s];
            first[s + 1] += first[s];
            if (a != 0) {
                Table.finishSlot(slots, s, a == NONE ? upTo2(slots[2 * s]) : a, first);
            }
        }
    }

    /// Finishes the slots of a table of 4-byte keys, answering from the tokens of at most 3 bytes.
    private void answersUpTo3(long[] slots, int[] answer, int[] first) {
        for (int s = 0; s < answer.length; s++) {
            int a = answer[s];
            first[s + 1] += first[s];
            if (a != 0) {
                Table.finishSlot(slots, s, a == NONE ? upTo3(slots[2 * s]) : a, first);
            }
        }
    }

    /// Finishes the slots of a table of 8-byte keys, answering from the tokens of at most 7 bytes.
    private void answersUpTo7(long[] slots, int[] answer, int[] first) {
        for (int s = 0; s < answer.length; s++) {
            int a = answer[s];
            first[s + 1] += first[s];
            if (a != 0) {
                Table.finishSlot(slots, s, a == NONE ? upTo7(slots[2 * s]) : a, first);
            }
        }
    }

    /// Parses rows `data[starts[i], starts[i + 1])` for `i < len` into `codes`, row `i`'s codes
    /// starting at `codesOffsets[i]`; returns the number of codes. A byte with no token (never
    /// the case for a trained dictionary) gets code `0xFFFF`, as with [TokenMatcher].
    ///
    /// The probes of the 8- and 4-byte tables are written out here rather than called, so the
    /// common path makes no call.
    int parse(byte[] data, int[] starts, int len, char[] codes, long[] codesOffsets) {
        long[] t8 = eight.slots;
        long[] c8 = eight.cands;
        int mask8 = eight.mask;
        int shift8 = eight.shift;
        long[] t4 = four.slots;
        long[] c4 = four.cands;
        int mask4 = four.mask;
        int shift4 = four.shift;
        int count = 0;
        for (int i = 0; i < len; i++) {
            codesOffsets[i] = count;
            int pos = starts[i];
            int end = starts[i + 1];
            while (pos < end) {
                int rem = end - pos;
                long w0 = (long) LONG.get(data, pos);
                int found = 0;
                if (rem >= 8) {
                    int s = hash(w0, shift8) << 1;
                    long meta;
                    while ((meta = t8[s + 1]) != 0) {
                        if (t8[s] == w0) {
                            found = (int) meta;
                            int c = (int) (meta >>> 31) & 0x1_FFFE;
                            int e = c + ((int) (meta >>> 47) & 0x1_FFFE);
                            if (c < e) {
                                long w1 = (long) LONG.get(data, pos + 8);
                                for (; c < e; c += 2) {
                                    int cm = (int) c8[c + 1];
                                    int cl = cm & 31;
                                    if (cl <= rem && (w1 & (-1L >>> (128 - 8 * cl))) == c8[c]) {
                                        found = cm;
                                        break;
                                    }
                                }
                            }
                            break;
                        }
                        s = (s + 2) & (2 * mask8 + 1);
                    }
                }
                if (found == 0 && rem >= 4) {
                    long key = w0 & 0xFFFF_FFFFL;
                    int s = hash(key, shift4) << 1;
                    long meta;
                    while ((meta = t4[s + 1]) != 0) {
                        if (t4[s] == key) {
                            found = (int) meta;
                            int c = (int) (meta >>> 31) & 0x1_FFFE;
                            int e = c + ((int) (meta >>> 47) & 0x1_FFFE);
                            for (; c < e; c += 2) {
                                int cm = (int) c4[c + 1];
                                int cl = cm & 31;
                                if (cl <= rem && (w0 & (-1L >>> (64 - 8 * cl))) == c4[c]) {
                                    found = cm;
                                    break;
                                }
                            }
                            break;
                        }
                        s = (s + 2) & (2 * mask4 + 1);
                    }
                }
                if (found == 0) {
                    found = findShort(w0, rem);
                }
                codes[count++] = (char) (found >> 5);
                pos += found & 31;
            }
        }
        codesOffsets[len] = count;
        return count;
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
        return e >= 0 ? three.answer(e) : upTo2(w0);
    }

    /// The longest token of at most 7 bytes that is a prefix of the (at least 7) bytes whose
    /// first 8 are `w0`.
    private int upTo7(long w0) {
        int e = four.entry(w0 & 0xFFFF_FFFFL);
        return e >= 0 ? four.longestBelow8(e, w0) : upTo3(w0);
    }

    /// The home slot of `key` in a table of `2^(64 - shift)` slots: the top bits of the product
    /// with a large odd constant, which depend on every byte of the key. (The low bits of such a
    /// product depend only on the key's low bytes, its first bytes in the input, so tokens and
    /// inputs sharing their first five or six bytes, common in text, would pile up in one run of
    /// slots and make long probes.)
    private static int hash(long key, int shift) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /// An exact-key open-addressing table of the distinct `keyBytes`-byte prefixes of the tokens
    /// of at least `keyBytes` bytes. Slot `e` is `slots[2e]` (its key) and `slots[2e + 1]` (0 when
    /// free), which packs the answer (the longest token of at most `keyBytes` bytes that is a
    /// prefix of the key, `id << 5 | length`, or [#NONE]; never 0) in its low 32 bits, the entry's
    /// first candidate in the next 16 and its number of candidates in the top 16. The candidates
    /// of an entry are the tokens of `minLength` to `maxLength` bytes with that prefix, longest
    /// first; candidate `c` is `cands[2c]`, the token's word (bytes 0-7 for the 4-byte table, 8-15
    /// for the 8-byte one), and `cands[2c + 1]`, its `id << 5 | length`. It matches when the
    /// input's word masked to the token's bytes in that word equals its word.
    ///
    /// The constructor has no loop: each step is a small method of its own.
    private static final class Table {
        final long[] slots;
        final long[] cands;
        final int mask;
        /// `64 - log2(slots)`, for [TokenParser#hash].
        final int shift;

        Table(
                OnPairTrainer.Dictionary dict,
                int keyBytes,
                int minLength,
                int maxLength,
                int[] lengthCounts,
                TokenParser below) {
            int n = dict.size();
            int entries = sum(lengthCounts, keyBytes, OnPairEncoder.MAX_TOKEN_BYTES);
            int candCount = sum(lengthCounts, minLength, maxLength);
            int size = Integer.highestOneBit(Math.max(8, entries) * 2 - 1) << 1;
            mask = size - 1;
            shift = 64 - Integer.numberOfTrailingZeros(size);
            slots = new long[2 * size];
            // Slots in use have a non-zero answer: a token exactly as long as the key, else NONE
            // until the answer loop searches below this table (shorter keys only).
            int[] answer = new int[size];
            int[] entryOf = new int[n];
            // Candidates, grouped by entry (first[s + 1] counts entry s's, then the loop below
            // sums), longest first within an entry.
            int[] first = new int[size + 1];
            insertKeys(dict.low(), dict.length(), n, keyBytes, minLength, maxLength, answer, entryOf, first);
            switch (keyBytes) {
                case 3 -> below.answersUpTo2(slots, answer, first);
                case 4 -> below.answersUpTo3(slots, answer, first);
                case 8 -> below.answersUpTo7(slots, answer, first);
                default -> throw new IllegalArgumentException("no table of " + keyBytes + "-byte keys");
            }
            int[] next = Arrays.copyOf(first, size);
            cands = new long[2 * candCount];
            addCandidates(
                    keyBytes >= 8 ? dict.high() : dict.low(),
                    dict.length(),
                    n,
                    minLength,
                    maxLength,
                    entryOf,
                    next,
                    cands);
        }

        /// The sum of `v[from, to]`.
        private static int sum(int[] v, int from, int to) {
            int sum = 0;
            for (int i = from; i <= to; i++) {
                sum += v[i];
            }
            return sum;
        }

        /// Inserts the first `keyBytes` bytes of every token of at least `keyBytes` bytes, token
        /// `t`'s slot going to `entryOf[t]`; makes a token of exactly `keyBytes` bytes its slot's
        /// answer and counts a token of `minLength` to `maxLength` bytes in `first[slot + 1]`.
        private void insertKeys(
                long[] low,
                int[] length,
                int n,
                int keyBytes,
                int minLength,
                int maxLength,
                int[] answer,
                int[] entryOf,
                int[] first) {
            long keyMask = TokenMatcher.lowBytes(keyBytes);
            for (int t = 0; t < n; t++) {
                int l = length[t];
                if (l >= keyBytes) {
                    int e = insert(low[t] & keyMask, answer);
                    entryOf[t] = e;
                    if (l == keyBytes) {
                        answer[e] = t << 5 | keyBytes;
                    } else if (l >= minLength && l <= maxLength) {
                        first[e + 1]++;
                    }
                }
            }
        }

        /// Packs slot `s`'s answer and its candidates' range (`first[s]` to `first[s + 1]`, summed).
        static void finishSlot(long[] slots, int s, int answer, int[] first) {
            slots[2 * s + 1] = (answer & 0xFFFF_FFFFL) | (long) first[s] << 32 | (long) (first[s + 1] - first[s]) << 48;
        }

        /// Appends every token of `maxLength` down to `minLength` bytes, longest first, to its
        /// entry's candidates (at `next[entry]`), with its word from `words`.
        private static void addCandidates(
                long[] words,
                int[] length,
                int n,
                int minLength,
                int maxLength,
                int[] entryOf,
                int[] next,
                long[] cands) {
            for (int len = maxLength; len >= minLength; len--) {
                for (int t = 0; t < n; t++) {
                    if (length[t] == len) {
                        int c = next[entryOf[t]]++;
                        cands[2 * c] = words[t];
                        cands[2 * c + 1] = t << 5 | len;
                    }
                }
            }
        }

        /// Adds `key` (marking its slot used in `answer`) unless present; returns its slot.
        private int insert(long key, int[] answer) {
            int s = hash(key, shift);
            while (answer[s] != 0) {
                if (slots[2 * s] == key) {
                    return s;
                }
                s = (s + 1) & mask;
            }
            slots[2 * s] = key;
            answer[s] = NONE;
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

        /// The entry's answer (its low 32 bits) for slot `e`.
        int answer(int e) {
            return (int) slots[2 * e + 1];
        }

        /// The first candidate of entry `e` (all shorter than 8 bytes) whose bytes are a prefix of
        /// the word `word`, else the entry's answer.
        int longestBelow8(int e, long word) {
            long meta = slots[2 * e + 1];
            int c = (int) (meta >>> 32) & 0xFFFF;
            int end = c + ((int) (meta >>> 48) & 0xFFFF);
            for (; c < end; c++) {
                int cm = (int) cands[2 * c + 1];
                if ((word & TokenMatcher.lowBytes(cm & 31)) == cands[2 * c]) {
                    return cm;
                }
            }
            return (int) meta;
        }
    }
}
