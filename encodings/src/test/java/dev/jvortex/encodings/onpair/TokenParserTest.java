package dev.jvortex.encodings.onpair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/// [TokenParser] gives exactly the tokens of a greedy parse with [TokenMatcher#longest] (the
/// probing matcher the trainer uses), over trained dictionaries on real-like text and over
/// hand-made dictionaries whose tokens share long prefixes, miss some bytes, or collide in the
/// parser's buckets.
class TokenParserTest {
    private static final String[] WORDS = {
        "furiously",
        "carefully",
        "quickly",
        "slyly",
        "blithely",
        "ironic",
        "regular",
        "final",
        "pending",
        "express",
        "deposits",
        "requests",
        "accounts",
        "packages",
        "theodolites",
        "pinto",
        "beans",
        "foxes",
        "sleep",
        "haggle",
        "nag",
        "among",
        "the",
        "about",
        "above",
        "even",
        "special",
        "bold",
        "unusual"
    };

    /// Rows of a seeded kind: TPC-H-like comments, log lines, random bytes (zeros included),
    /// short codes, and repeats of one long word.
    private static List<byte[]> rows(int kind, int count, Random r) {
        List<byte[]> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String s;
            switch (kind) {
                case 0 -> {
                    StringBuilder b = new StringBuilder();
                    int words = 2 + r.nextInt(10);
                    for (int w = 0; w < words; w++) {
                        b.append(w == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
                    }
                    s = b.append(r.nextBoolean() ? ". " : "").toString();
                }
                case 1 ->
                    s = String.format(
                            Locale.ROOT,
                            "2026-12-02T11:%02d:%02d.%03dZ INFO [worker-%d] request %08x took %d ms",
                            r.nextInt(60),
                            r.nextInt(60),
                            r.nextInt(1000),
                            r.nextInt(8),
                            r.nextInt(),
                            r.nextInt(5000));
                case 2 -> {
                    byte[] b = new byte[r.nextInt(40)];
                    for (int k = 0; k < b.length; k++) {
                        b[k] = (byte) (r.nextInt(4) == 0 ? 0 : r.nextInt(256));
                    }
                    out.add(b);
                    continue;
                }
                case 3 -> s = "N" + (char) ('A' + r.nextInt(4)) + r.nextInt(100);
                default ->
                    s = "abcdefghijklmnopqrstuvwxyz".repeat(1 + r.nextInt(3)).substring(r.nextInt(20));
            }
            out.add(s.getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    private record Flat(byte[] data, int[] starts, int rows) {}

    private static Flat flat(List<byte[]> rows) {
        int total = 0;
        for (byte[] b : rows) {
            total += b.length;
        }
        byte[] data = new byte[total + OnPairEncoder.PADDING];
        int[] starts = new int[rows.size() + 1];
        int at = 0;
        for (int i = 0; i < rows.size(); i++) {
            starts[i] = at;
            System.arraycopy(rows.get(i), 0, data, at, rows.get(i).length);
            at += rows.get(i).length;
        }
        starts[rows.size()] = at;
        return new Flat(data, starts, rows.size());
    }

    /// The parse with the probing matcher, token by token.
    private static char[] expected(OnPairTrainer.Dictionary dict, Flat f, long[] offsets) {
        TokenMatcher m = dict.matcher();
        char[] codes = new char[Math.max(1, f.starts()[f.rows()])];
        int count = 0;
        for (int i = 0; i < f.rows(); i++) {
            offsets[i] = count;
            for (int pos = f.starts()[i]; pos < f.starts()[i + 1]; ) {
                int found = m.longest(f.data(), pos, f.starts()[i + 1] - pos);
                codes[count++] = (char) (found >> 5);
                pos += found & 31;
            }
        }
        offsets[f.rows()] = count;
        return java.util.Arrays.copyOf(codes, count);
    }

    private static void check(String what, OnPairTrainer.Dictionary dict, Flat f) {
        long[] wantOffsets = new long[f.rows() + 1];
        char[] want = expected(dict, f, wantOffsets);
        long[] gotOffsets = new long[f.rows() + 1];
        char[] got = new char[Math.max(1, f.starts()[f.rows()])];
        int count = new TokenParser(dict).parse(f.data(), f.starts(), f.rows(), got, gotOffsets);
        assertEquals(want.length, count, what + ": code count");
        assertArrayEquals(want, java.util.Arrays.copyOf(got, count), what + ": codes");
        assertArrayEquals(wantOffsets, gotOffsets, what + ": offsets");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void trainedDictionariesParseAsTheMatcherDoes(int kind) {
        for (long seed = 1; seed <= 6; seed++) {
            Random r = new Random(seed * 31 + kind);
            Flat f = flat(rows(kind, 200 + r.nextInt(3000), r));
            for (int bits : new int[] {9, 12, 16}) {
                OnPairTrainer.Dictionary dict = OnPairTrainer.train(f.data(), f.starts(), f.rows(), bits);
                check("kind " + kind + " seed " + seed + " bits " + bits, dict, f);
                // The same dictionary over rows of another kind (tokens that rarely match).
                Flat other = flat(rows((kind + 1) % 5, 500, r));
                check("kind " + kind + " on other rows, seed " + seed, dict, other);
            }
        }
    }

    /// Hand-made dictionaries: random tokens over a tiny alphabet (so many share prefixes and
    /// buckets), some single bytes missing (codes 0xFFFF), parsed over rows of the same alphabet.
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 26})
    void handMadeDictionariesParseAsTheMatcherDoes(int alphabet) {
        for (long seed = 1; seed <= 20; seed++) {
            Random r = new Random(seed * 7 + alphabet);
            Set<String> tokens = new LinkedHashSet<>();
            for (int b = 0; b < alphabet; b++) {
                if (r.nextInt(6) != 0) {
                    tokens.add(String.valueOf((char) ('a' + b)));
                }
            }
            int wanted = 1 + r.nextInt(3000);
            for (int k = 0; k < wanted; k++) {
                StringBuilder b = new StringBuilder();
                int len = 2 + r.nextInt(15);
                for (int c = 0; c < len; c++) {
                    b.append((char) ('a' + r.nextInt(alphabet)));
                }
                tokens.add(b.toString());
            }
            List<String> list = new ArrayList<>(tokens);
            int n = list.size();
            OnPairTrainer.Dictionary dict = dictionary(list);
            List<byte[]> rows = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                byte[] row = new byte[r.nextInt(60)];
                for (int c = 0; c < row.length; c++) {
                    row[c] = (byte) ('a' + r.nextInt(alphabet));
                }
                rows.add(row);
            }
            check("alphabet " + alphabet + " seed " + seed + " tokens " + n, dict, flat(rows));
        }
    }

    /// Tokens that differ only in their last bytes: every 8- and 4-byte key of the tables shares
    /// its first 7 (or 3) bytes with hundreds of others, and the rows (some shorter than 4, 8 or
    /// 16 bytes) end inside them, so every lookup runs into keys of the same first bytes.
    @org.junit.jupiter.api.Test
    void tokensSharingLongPrefixes() {
        List<String> list = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            list.add(String.valueOf((char) b));
        }
        for (int b = 0; b < 256; b++) {
            list.add("commonp" + (char) b);
            list.add("com" + (char) b);
            if (b % 3 == 0) {
                list.add("commonp" + (char) b + "x");
                list.add("commonp" + (char) b + "xyzw" + (char) (b ^ 0x55));
                list.add("com" + (char) b + "mo" + (char) b);
            }
        }
        OnPairTrainer.Dictionary dict = dictionary(list);
        Random r = new Random(7);
        List<byte[]> rows = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            StringBuilder row = new StringBuilder();
            int parts = r.nextInt(5);
            for (int k = 0; k < parts; k++) {
                char b = (char) r.nextInt(256);
                row.append(
                        switch (r.nextInt(4)) {
                            case 0 -> "commonp" + b + "xyzw" + (char) (b ^ 0x55);
                            case 1 -> "commonp" + b + "x";
                            case 2 -> "com" + b + "mo" + b;
                            default -> "commo";
                        });
            }
            String s = row.toString();
            rows.add(s.substring(0, r.nextInt(s.length() + 1)).getBytes(StandardCharsets.ISO_8859_1));
        }
        check("shared prefixes", dict, flat(rows));
    }

    /// A full 16-bit dictionary (every byte, and all but 256 two-byte tokens): the last ids,
    /// 65535 included, come out as the matcher gives them.
    @org.junit.jupiter.api.Test
    void fullSixteenBitDictionary() {
        int n = 1 << 16;
        long[] low = new long[n];
        long[] high = new long[n];
        int[] length = new int[n];
        for (int t = 0; t < 256; t++) {
            low[t] = t;
            length[t] = 1;
        }
        for (int t = 256; t < n; t++) {
            low[t] = t;
            length[t] = 2;
        }
        OnPairTrainer.Dictionary dict = OnPairTrainer.sorted(low, high, length, n);
        Random r = new Random(16);
        List<byte[]> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            byte[] row = new byte[r.nextInt(50)];
            for (int c = 0; c < row.length; c++) {
                row[c] = (byte) (r.nextInt(3) == 0 ? 0xFF : r.nextInt(256));
            }
            rows.add(row);
        }
        check("16-bit dictionary", dict, flat(rows));
    }

    /// A dictionary of `tokens` (ISO-8859-1 strings of 1 to 16 chars, distinct), sorted as the
    /// trainer's is.
    private static OnPairTrainer.Dictionary dictionary(List<String> tokens) {
        int n = tokens.size();
        long[] low = new long[n];
        long[] high = new long[n];
        int[] length = new int[n];
        for (int t = 0; t < n; t++) {
            byte[] bytes = new byte[16];
            byte[] s = tokens.get(t).getBytes(StandardCharsets.ISO_8859_1);
            System.arraycopy(s, 0, bytes, 0, s.length);
            low[t] = (long) TokenMatcher.LONG.get(bytes, 0);
            high[t] = (long) TokenMatcher.LONG.get(bytes, 8);
            length[t] = s.length;
        }
        return OnPairTrainer.sorted(low, high, length, n);
    }

    /// Rows of 0 to `maxParts` pieces, each cut to a random length (so rows end inside tokens,
    /// exactly at their ends, and are shorter than 4, 8, 12 and 16 bytes).
    private static List<byte[]> pieceRows(List<String> pieces, int rows, int maxParts, Random r) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            StringBuilder row = new StringBuilder();
            int parts = r.nextInt(maxParts + 1);
            for (int k = 0; k < parts; k++) {
                row.append(pieces.get(r.nextInt(pieces.size())));
            }
            String s = row.toString();
            int cut = r.nextBoolean() ? s.length() : r.nextInt(s.length() + 1);
            out.add(s.substring(0, cut).getBytes(StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    /// Many long tokens sharing their first 8 bytes, and among them many sharing their first 12
    /// (more than an 8-byte entry lists, so it sends its tokens of 12 bytes or more to the
    /// 12-byte table, whose entry then lists many), next to a prefix with only a few: tokens of
    /// every length from 9 to 16 (zero bytes included) and the prefixes themselves, rows cut
    /// anywhere inside them.
    @org.junit.jupiter.api.Test
    void manyLongTokensSharingEightAndTwelveBytePrefixes() {
        List<String> tokens = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            tokens.add(String.valueOf((char) b));
        }
        Random r = new Random(12);
        Set<String> longOnes = new LinkedHashSet<>();
        String p8 = "furiousl";
        String p12 = p8 + "y re";
        String few = "slyly ev";
        longOnes.add(p8);
        longOnes.add(p12);
        longOnes.add("fu");
        longOnes.add("furi");
        longOnes.add("furious");
        longOnes.add(few);
        longOnes.add(few + "en");
        for (int k = 0; k < 400; k++) {
            String base = r.nextBoolean() ? p8 : p12;
            int extra = 1 + r.nextInt(16 - base.length());
            StringBuilder b = new StringBuilder(base);
            for (int c = 0; c < extra; c++) {
                b.append(r.nextInt(8) == 0 ? (char) 0 : (char) ('a' + r.nextInt(3)));
            }
            longOnes.add(b.toString());
        }
        tokens.addAll(longOnes);
        OnPairTrainer.Dictionary dict = dictionary(tokens);
        List<String> pieces = new ArrayList<>(longOnes);
        pieces.add("abc");
        pieces.add("\0\0");
        for (int seed = 0; seed < 4; seed++) {
            check(
                    "shared 8- and 12-byte prefixes, seed " + seed,
                    dict,
                    flat(pieceRows(pieces, 3000, 4, new Random(seed))));
        }
    }

    /// Dictionaries whose longest tokens are 2, 3, 7, 11 or 15 bytes: the longer tables are
    /// empty or hold markers only.
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 7, 11, 15})
    void dictionariesWithoutLongTokens(int longest) {
        Random r = new Random(longest);
        List<String> tokens = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            tokens.add(String.valueOf((char) b));
        }
        Set<String> more = new LinkedHashSet<>();
        for (int k = 0; k < 2000; k++) {
            String w = WORDS[r.nextInt(WORDS.length)] + " " + WORDS[r.nextInt(WORDS.length)];
            int from = r.nextInt(4);
            int len = 2 + r.nextInt(longest - 1);
            if (from + len <= w.length()) {
                more.add(w.substring(from, from + len));
            }
        }
        tokens.addAll(more);
        OnPairTrainer.Dictionary dict = dictionary(tokens);
        check("longest " + longest, dict, flat(rows(0, 2000, r)));
        check("longest " + longest + ", pieces", dict, flat(pieceRows(new ArrayList<>(more), 2000, 5, r)));
    }
}
