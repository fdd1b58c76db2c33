package dev.jvortex.encodings.onpair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Round trips through [OnPairDecoder], and the dictionary and parse checked against the format's
/// rules and a brute-force greedy parse.
class OnPairEncoderTest {
    private static void roundTrip(String what, VarBinViewArray a) {
        try (Arena arena = Arena.ofConfined()) {
            for (ChildEncoder children : new ChildEncoder[] {LightEncoder.PACKED, ChildEncoder.CANONICAL}) {
                WriteNode node = OnPairEncoder.encode(a, children);
                assertEquals("vortex.onpair", node.encoding());
                Array back = EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena);
                EncodeTesting.assertSameRows(a, back, what);
            }
            checkParts(
                    what,
                    a,
                    OnPairEncoder.split(a, OnPairEncoder.DEFAULT_DICT_BITS),
                    1 << OnPairEncoder.DEFAULT_DICT_BITS);
        }
    }

    /// The dictionary: tokens of 1 to 16 bytes, strictly increasing by their bytes, at most
    /// `limit`, at least one, all used when there are codes. Every valid row's codes are the
    /// greedy longest-match parse of its bytes with that dictionary (computed here with a map of
    /// the tokens, trying lengths 16 down to 1); null rows have no codes and length 0.
    private static void checkParts(String what, VarBinViewArray a, OnPairEncoder.Parts p, int limit) {
        int tokens = p.tokens();
        assertTrue(tokens <= limit, what + ": " + tokens + " tokens");
        byte[][] dict = new byte[tokens][];
        for (int t = 0; t < tokens; t++) {
            dict[t] = Arrays.copyOfRange(p.dictBytes(), p.dictOffsets()[t], p.dictOffsets()[t + 1]);
            assertTrue(dict[t].length >= 1 && dict[t].length <= 16, what + ": token length " + dict[t].length);
            if (t > 0) {
                assertTrue(Arrays.compareUnsigned(dict[t - 1], dict[t]) < 0, what + ": tokens out of order at " + t);
            }
        }
        Map<String, Integer> byBytes = new HashMap<>();
        for (int t = 0; t < tokens; t++) {
            byBytes.put(new String(dict[t], StandardCharsets.ISO_8859_1), t);
        }
        PrimitiveArray codes = p.codes();
        PrimitiveArray offsets = p.codesOffsets();
        assertEquals(a.length() + 1, offsets.length());
        assertEquals(0, offsets.getLong(0));
        assertEquals(codes.length(), offsets.getLong(a.length()));
        boolean[] used = new boolean[tokens];
        for (int i = 0; i < a.length(); i++) {
            int from = (int) offsets.getLong(i);
            int to = (int) offsets.getLong(i + 1);
            if (!a.isValid(i)) {
                assertEquals(from, to, what + ": codes of null row " + i);
                assertEquals(0, p.lengths().getLong(i));
                continue;
            }
            byte[] row = a.getBytes(i);
            assertEquals(row.length, p.lengths().getLong(i), what + ": length of row " + i);
            int pos = 0;
            int k = from;
            while (pos < row.length) {
                int best = -1;
                for (int n = Math.min(16, row.length - pos); n >= 1 && best < 0; n--) {
                    Integer t = byBytes.get(new String(row, pos, n, StandardCharsets.ISO_8859_1));
                    best = t == null ? -1 : t;
                }
                assertTrue(best >= 0, what + ": no token for row " + i + " at " + pos);
                assertTrue(k < to, what + ": row " + i + " has too few codes");
                assertEquals(best, codes.getLong(k), what + ": code " + (k - from) + " of row " + i);
                used[best] = true;
                pos += dict[best].length;
                k++;
            }
            assertEquals(to, k, what + ": row " + i + " has too many codes");
        }
        assertTrue(tokens >= 1, what + ": the reference needs at least one token");
        for (int t = 0; t < tokens; t++) {
            assertTrue(used[t] || codes.length() == 0, what + ": token " + t + " is never used");
        }
    }

    private static VarBinViewArray strings(String[] values, boolean nullable) {
        return EncodeTesting.strings(values, nullable, Arena.ofAuto());
    }

    /// Log-like rows (seeded): a timestamp, a level, a request number and a host.
    private static String[] logs(Random random, int n) {
        String[] levels = {"INFO", "WARN", "ERROR", "DEBUG"};
        String[] hosts = {"example.com", "vortex.dev", "data.example.org"};
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            int s = random.nextInt(86400);
            out[i] = String.format(
                    Locale.ROOT,
                    "%02d:%02d:%02d %s request %d served from %s",
                    s / 3600,
                    s / 60 % 60,
                    s % 60,
                    levels[random.nextInt(4)],
                    random.nextInt(1_000_000),
                    hosts[random.nextInt(3)]);
        }
        return out;
    }

    @Test
    void aLaterArrayReusesTheDictionaryOnlyWhileItParsesAsWell() {
        int bits = OnPairEncoder.DEFAULT_DICT_BITS;
        VarBinViewArray first = strings(logs(new Random(10), 6000), false);
        OnPairEncoder.Parts p0 = OnPairEncoder.split(first, bits);
        assertFalse(p0.reused());
        double perByte = p0.model().sizePerByte();
        assertTrue(perByte > 0 && perByte < 1, "estimated bytes per input byte " + perByte);

        // Rows of the same kind parse with the first dictionary, as greedily as ever.
        VarBinViewArray like = strings(logs(new Random(11), 6000), false);
        OnPairEncoder.Parts p1 = OnPairEncoder.split(like, bits, p0.model(), 0.015);
        assertTrue(p1.reused());
        assertSame(p0.model(), p1.model());
        checkParts("reused", like, p1, 1 << bits);
        roundTripParts("reused", like, p1);

        // Other rows (random bytes) do not: a dictionary of their own, the same as without a model.
        Random random = new Random(12);
        String[] noise = new String[6000];
        for (int i = 0; i < noise.length; i++) {
            char[] c = new char[10 + random.nextInt(20)];
            for (int k = 0; k < c.length; k++) {
                c[k] = (char) (33 + random.nextInt(94));
            }
            noise[i] = new String(c);
        }
        VarBinViewArray other = strings(noise, false);
        OnPairEncoder.Parts p2 = OnPairEncoder.split(other, bits, p0.model(), 0.015);
        OnPairEncoder.Parts fresh = OnPairEncoder.split(other, bits);
        assertFalse(p2.reused());
        assertArrayEquals(fresh.dictBytes(), p2.dictBytes());
        assertEquals(EncodeTesting.render(fresh.codes()), EncodeTesting.render(p2.codes()));
        roundTripParts("fallback", other, p2);

        // A small array of the same kind would need much of the large dictionary: its own.
        assertFalse(OnPairEncoder.split(strings(logs(new Random(13), 300), false), bits, p0.model(), 0.015)
                .reused());

        // A model of another dictionary size is never reused.
        assertFalse(OnPairEncoder.split(like, 10, p0.model(), 1.0).reused());
    }

    private static void roundTripParts(String what, VarBinViewArray a, OnPairEncoder.Parts p) {
        try (Arena arena = Arena.ofConfined()) {
            WriteNode node = OnPairEncoder.node(a.dtype(), p, LightEncoder.PACKED);
            EncodeTesting.assertSameRows(a, EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena), what);
        }
    }

    @Test
    void randomAscii() {
        Random random = new Random(1);
        for (int len : new int[] {0, 1, 2, 100, 1025, 5000}) {
            String[] values = new String[len];
            for (int i = 0; i < len; i++) {
                StringBuilder sb = new StringBuilder();
                int n = random.nextInt(40);
                for (int k = 0; k < n; k++) {
                    sb.append((char) (32 + random.nextInt(95)));
                }
                values[i] = sb.toString();
            }
            roundTrip("ascii len " + len, strings(values, false));
        }
    }

    @Test
    void utf8MultibyteEmptyAndNulls() {
        Random random = new Random(2);
        String[] vocab = {"é", "中文", "日本語テキスト", "🙂", "👩‍👩‍👧", "Ωμέγα", "e\u0301", "русский", "", "ascii"};
        String[] values = new String[3000];
        for (int i = 0; i < values.length; i++) {
            if (random.nextInt(7) == 0) {
                values[i] = null;
                continue;
            }
            StringBuilder sb = new StringBuilder();
            for (int k = random.nextInt(5); k > 0; k--) {
                sb.append(vocab[random.nextInt(vocab.length)]);
            }
            values[i] = sb.toString();
        }
        roundTrip("utf8 nullable", strings(values, true));
        roundTrip("all null", strings(new String[] {null, null, null}, true));
        roundTrip("all empty", strings(new String[] {"", "", ""}, false));
        roundTrip("one", strings(new String[] {"x"}, false));
        roundTrip("one null", strings(new String[] {null}, true));
    }

    /// A null row's view is not read: one whose view holds a length and bytes (as a view of
    /// garbage may) encodes exactly as one whose view is zero.
    @Test
    void nullRowsIgnoreTheirViews() {
        String[] values = new String[100];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 3 == 0 ? null : "row " + i + " of some text";
        }
        VarBinViewArray clean = strings(values, true);
        MemorySegment views = Arena.ofAuto().allocate(clean.views().byteSize(), 16);
        views.copyFrom(clean.views());
        for (int i = 0; i < values.length; i += 3) {
            long at = (long) i * VarBinViewArray.VIEW_SIZE;
            views.set(ValueLayout.JAVA_INT_UNALIGNED, at, 7);
            views.setString(at + 4, "garbage", StandardCharsets.US_ASCII);
        }
        VarBinViewArray dirty =
                new VarBinViewArray(clean.dtype(), views, clean.buffers(), clean.length(), clean.validity());
        OnPairEncoder.Parts a = OnPairEncoder.split(clean, OnPairEncoder.DEFAULT_DICT_BITS);
        OnPairEncoder.Parts b = OnPairEncoder.split(dirty, OnPairEncoder.DEFAULT_DICT_BITS);
        assertArrayEquals(a.dictBytes(), b.dictBytes());
        assertArrayEquals(a.dictOffsets(), b.dictOffsets());
        for (PrimitiveArray[] pair : new PrimitiveArray[][] {
            {a.codes(), b.codes()}, {a.codesOffsets(), b.codesOffsets()}, {a.lengths(), b.lengths()}
        }) {
            assertEquals(pair[0].ptype(), pair[1].ptype());
            assertArrayEquals(
                    pair[0].data().toArray(ValueLayout.JAVA_BYTE),
                    pair[1].data().toArray(ValueLayout.JAVA_BYTE));
        }
        assertEquals(0L, b.lengths().data().get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void longStrings() {
        Random random = new Random(3);
        String[] values = new String[200];
        for (int i = 0; i < values.length; i++) {
            StringBuilder sb = new StringBuilder();
            int n = i % 20 == 0 ? 100_000 : random.nextInt(3000);
            for (int k = 0; k < n; k++) {
                sb.append(k % 9 == 0 ? ' ' : (char) ('a' + random.nextInt(random.nextBoolean() ? 3 : 26)));
            }
            values[i] = sb.toString();
        }
        roundTrip("long", strings(values, false));
    }

    @Test
    void repetitiveTextCompresses() {
        Random random = new Random(4);
        String[] domains = {"example.com", "vortex.dev", "data.example.org", "shop.example.net"};
        String[] levels = {"INFO", "WARN", "ERROR", "DEBUG"};
        int n = 20_000;
        String[] urls = new String[n];
        String[] emails = new String[n];
        String[] logs = new String[n];
        for (int i = 0; i < n; i++) {
            String d = domains[random.nextInt(domains.length)];
            urls[i] = "https://www." + d + "/products/" + random.nextInt(1_000_000) + "?q=alpha&page=1";
            emails[i] = "user." + random.nextInt(1000) + "@" + d;
            int s = random.nextInt(86400);
            logs[i] = String.format(
                    Locale.ROOT,
                    "2024-05-01T%02d:%02d:%02dZ %s [svc] request %d served from %s",
                    s / 3600,
                    s / 60 % 60,
                    s % 60,
                    levels[random.nextInt(4)],
                    random.nextInt(1_000_000),
                    d);
        }
        for (String[] values : new String[][] {urls, emails, logs}) {
            VarBinViewArray a = strings(values, false);
            roundTrip(values[0], a);
            OnPairEncoder.Parts p = OnPairEncoder.split(a, OnPairEncoder.DEFAULT_DICT_BITS);
            long raw = 0;
            for (String v : values) {
                raw += v.getBytes(StandardCharsets.UTF_8).length;
            }
            // 12-bit codes: fewer than a third as many codes as bytes means under 1.5 bits a byte.
            assertTrue(
                    p.codes().length() * 3L < raw,
                    values[0] + ": " + p.codes().length() + " codes for " + raw + " bytes");
        }
    }

    @Test
    void binaryAllByteValues() {
        Random random = new Random(5);
        byte[][] values = new byte[2000][];
        for (int i = 0; i < values.length; i++) {
            values[i] = new byte[random.nextInt(50)];
            random.nextBytes(values[i]);
            if (i % 3 == 0) {
                values[i] = null;
            }
        }
        VarBinViewArray a = EncodeTesting.binaries(values, true, Arena.ofAuto());
        roundTrip("binary", a);
    }

    @Test
    void frequentPairsBecomeTokens() {
        String[] values = new String[200];
        Arrays.fill(values, "ab");
        OnPairEncoder.Parts p = OnPairEncoder.split(strings(values, false), OnPairEncoder.DEFAULT_DICT_BITS);
        // The second row makes "ab" a token; the parse afterwards needs no other token.
        assertEquals(1, p.tokens(), "only the token \"ab\" is used");
        assertArrayEquals(new byte[] {'a', 'b'}, Arrays.copyOf(p.dictBytes(), 2));
    }

    @Test
    void dictionaryLimit() {
        Random random = new Random(6);
        String[] values = new String[20_000];
        for (int i = 0; i < values.length; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < 30; k++) {
                sb.append((char) ('a' + random.nextInt(6)));
            }
            values[i] = sb.toString();
        }
        VarBinViewArray a = strings(values, false);
        for (int bits : new int[] {9, 12}) {
            OnPairEncoder.Parts p = OnPairEncoder.split(a, bits);
            checkParts("limit " + bits, a, p, 1 << bits);
        }
        assertThrows(IllegalArgumentException.class, () -> OnPairEncoder.split(a, 8));
        assertThrows(IllegalArgumentException.class, () -> OnPairEncoder.split(a, 17));
    }

    @Test
    void rejectsOtherTypes() {
        VarBinViewArray a = strings(new String[] {"x"}, false);
        VarBinViewArray wrong = new VarBinViewArray(
                new DType.Primitive(dev.jvortex.core.PType.I32, false),
                a.views(),
                a.buffers(),
                a.length(),
                a.validity());
        assertThrows(dev.jvortex.core.VortexException.class, () -> OnPairEncoder.encode(wrong, LightEncoder.PACKED));
    }
}
