package dev.jvortex.encodings.onpair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import java.lang.foreign.Arena;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// Byte-for-byte regression guard of the OnPair encoder: a broad set of string arrays (empty
/// arrays and strings, nulls, inlined and out-of-line values, non-ASCII, one huge value, repeats,
/// random bytes, comment-like text, sliced views, a reused dictionary accepted and rejected) is
/// encoded, and the SHA-256 of each serialized tree is compared with a value recorded from the
/// unchanged encoder at commit a081448 (the values below were produced by that code, not derived
/// independently). Every encoding is also decoded and compared with its input row by row.
class OnPairViewsTest {
    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    /// SHA-256 of each case's serialized tree (canonical children, then packed children), as the
    /// encoder at a081448 wrote them.
    private static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("empty-array", "29abb8b3cf8a2537c9cd1bb1f3eb0ca651cbb6c5ce8a09c0a8c894a2ba93b973"),
            Map.entry("one-empty", "d549102533bee83f05330c72acb4e4dcae5a7bebb54007d5ec1369b28d1492a7"),
            Map.entry("all-empty", "0adc41a66b46f15b12c7606aa9c1df616ef7e88edec1ab935c092bc1eb8ecd86"),
            Map.entry("all-null", "8de4c2eeade20cbd8ea3eebe765bb775748c57bcc46710c2651b8fe3d58dddf1"),
            Map.entry("one-char", "31ac0f6f03a8ec9c17c5fa09069d5cf1aabae1f53a3ae32013a88319bc3b1c56"),
            Map.entry("two-rows", "4308903a2bd95086e42229f906b9a6848e7898e97d02940c496cb934cf3781db"),
            Map.entry("nulls-empties-mixed", "e0c3d0d4cf1ade0318ad45eaa15bd917a6998cbe1ad2197f729eb7ac7ac72722"),
            Map.entry("long-rows", "92af27a6d510212660fc29a0758f153bccd22a27e5fc0b8a8e8a955654fcee8e"),
            Map.entry("non-ascii", "c802a4d144e5299fde949a2517fde47f438abd6e0017530fdf622efd54a4f397"),
            Map.entry("one-huge", "f2de44f6254b6ab0b93e9d9c9192329106633a943a82dbb3c91be5e4e6524530"),
            Map.entry("huge-among-small", "7650f456059156c6b95bec3796f46d3800f86568b8ef97538007d7b207701df2"),
            Map.entry("repeats", "acfd704b1a4fe680981139f01bb9cd569cb06de50b69e446d575945f5163f894"),
            Map.entry("few-distinct", "b1fe317ea9608b1c57b5e08d723963cf5d653065904dfd49b89e7d51c2d25dff"),
            Map.entry("clerks", "8638b4dea08adebf24ed206595ef0591ff786d22bc454623e4325ce19e9e7a75"),
            Map.entry("random-binary", "f1d10bd9d13f39a4970f394fbbf5687b6b3f24f4ca0bdf24ffd9f0fbba3a54e3"),
            Map.entry("low-entropy-binary", "8e37499bbb2924b17fa7a94fe0dd8acadcfdfd890f32aedce0b00da771efc569"),
            Map.entry("comments-1", "2579ee43890a98d9dc5fca6454f99d4939ad070ad45507cf5704c7c761a58a46"),
            Map.entry("comments-2", "8e70140c37cf70381b5be159ac667e77ae9454bfc1ed303c1a5faa2364fe792f"),
            Map.entry("comments-17", "cc7583e72ad9e3fb6ea30f5fdd6166183174b1b6683260ce69bd709b4caff291"),
            Map.entry("comments-100", "0dba15f26afeb55edcc537b587da3ceff631e3734bc061b3422a0d2e48eb6cf8"),
            Map.entry("comments-1000", "d5aa2434b4841a5f4c28e2ff896ba6efa907b00a7235c512f45a4e9cad06e921"),
            Map.entry("comments-50000", "17686c74f25c411cde66729e44a718c7d310f406d4fe1a6b1db532f611d9a36d"),
            Map.entry("comments-nullable", "cc10a5e7528900ebc39f69d4c25eef94e70d8ff30875cd880dbabfc5bc7a4d3c"),
            Map.entry("sliced-middle", "c1ac5d2aec59f5e9f1b63300003d7fe9e3c17c750440268de299bad73c813c3a"),
            Map.entry("sliced-tail", "8e20c03e520e39ebf53455d49a760292c4bf00a5e81e6492862bc677b2f95ddf"),
            Map.entry("comments-bits-9", "fb52e9d5eb9bb72f0f6d1aa0239449d9b150c584cb7a3fe84a14c79a8872b4be"),
            Map.entry("comments-bits-16", "c3cb6637c21c652a05dfdad523301ace80f934a8c355eb83ed726e7756f69bab"),
            Map.entry("reuse-first", "e5f471b72c0e7474397a194ffb9a3283bb5c6e493de828b15ef8740cabeaeaaf"),
            Map.entry("reuse-similar", "ee7c77e65f213db7ba522fbc6045bc07a00f36788d2b43b3cd1d0740a55a4e90"),
            Map.entry("reuse-different", "67778aa03a0e8ed35b4b5d1246eb63f6629ace9cd12cd0e90b40734807742ca5"));

    private static final String[] WORDS = {
        "furiously",
        "carefully",
        "regular",
        "pending",
        "accounts",
        "deposits",
        "packages",
        "ideas",
        "final",
        "express",
        "special",
        "blithely",
        "quickly",
        "slyly",
        "ironic",
        "even",
        "bold",
        "silent",
        "unusual",
        "requests",
        "instructions",
        "theodolites",
        "asymptotes",
        "foxes",
        "pinto",
        "beans",
        "sleep",
        "haggle",
        "nag",
        "cajole",
        "boost",
        "detect",
        "among",
        "about",
        "above",
        "the",
        "of",
        "across",
        "according",
        "to",
        "after",
        "against",
        "along",
        "alongside",
        "dependencies",
        "excuses",
        "platelets",
        "frets"
    };

    /// Comment-like rows: 3 to 12 words from a fixed list, with punctuation.
    private static String[] comments(int n, long seed) {
        Random r = new Random(seed);
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            StringBuilder b = new StringBuilder();
            int words = 3 + r.nextInt(10);
            for (int w = 0; w < words; w++) {
                b.append(WORDS[r.nextInt(WORDS.length)]);
                int p = r.nextInt(10);
                b.append(p == 0 ? ". " : p == 1 ? ", " : " ");
            }
            out[i] = b.substring(r.nextInt(3), b.length() - r.nextInt(2));
        }
        return out;
    }

    private VarBinViewArray strings(String[] values, boolean nullable) {
        return EncodeTesting.strings(values, nullable, arena);
    }

    private Map<String, VarBinViewArray> cases() {
        Map<String, VarBinViewArray> c = new LinkedHashMap<>();
        c.put("empty-array", strings(new String[0], false));
        c.put("one-empty", strings(new String[] {""}, false));
        c.put("all-empty", strings(fill(500, ""), false));
        c.put("all-null", strings(new String[300], true));
        c.put("one-char", strings(new String[] {"x"}, false));
        c.put("two-rows", strings(new String[] {"hello world", "hello there"}, false));
        String[] mixed = new String[1000];
        for (int i = 0; i < mixed.length; i++) {
            mixed[i] = i % 7 == 0
                    ? null
                    : i % 5 == 0 ? "" : i % 3 == 0 ? "short" + i : "a longer value than twelve bytes #" + i;
        }
        c.put("nulls-empties-mixed", strings(mixed, true));
        String[] longRows = new String[2000];
        for (int i = 0; i < longRows.length; i++) {
            longRows[i] = "customer-" + (i * 7919 % 1000) + "-segment-" + (i % 13) + "-nation-" + (i % 25) + "-tail";
        }
        c.put("long-rows", strings(longRows, false));
        String[] unicode = new String[1500];
        String[] u = {"grüße", "日本語のテキスト", "Ελληνικά", "emoji 😀🎉 party", "naïve café", "Здравствуйте", "ℵ₀ ∑ ∫"};
        for (int i = 0; i < unicode.length; i++) {
            unicode[i] = u[i % u.length] + " " + u[(i * 3 + 1) % u.length] + (i % 4 == 0 ? " " + i : "");
        }
        c.put("non-ascii", strings(unicode, true));
        StringBuilder huge = new StringBuilder();
        String[] hugeWords = comments(30_000, 7);
        for (String w : hugeWords) {
            huge.append(w);
        }
        c.put("one-huge", strings(new String[] {huge.toString()}, false));
        c.put("huge-among-small", strings(new String[] {"a", huge.substring(0, 200_000), null, "bc", ""}, true));
        c.put("repeats", strings(fill(10_000, "abcabcabc"), false));
        String[] fewDistinct = new String[20_000];
        for (int i = 0; i < fewDistinct.length; i++) {
            fewDistinct[i] = new String[] {"1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECIFIED", "5-LOW"}[i * 31 % 5];
        }
        c.put("few-distinct", strings(fewDistinct, false));
        String[] clerks = new String[20_000];
        for (int i = 0; i < clerks.length; i++) {
            clerks[i] = String.format(java.util.Locale.ROOT, "Clerk#%09d", i * 7919 % 1000 + 1);
        }
        c.put("clerks", strings(clerks, false));
        Random r = new Random(11);
        byte[][] random = new byte[3000][];
        for (int i = 0; i < random.length; i++) {
            random[i] = i % 50 == 0 ? null : new byte[r.nextInt(40)];
            if (random[i] != null) {
                r.nextBytes(random[i]);
            }
        }
        c.put("random-binary", EncodeTesting.binaries(random, true, arena));
        byte[][] lowEntropy = new byte[5000][];
        for (int i = 0; i < lowEntropy.length; i++) {
            lowEntropy[i] = new byte[1 + r.nextInt(30)];
            for (int k = 0; k < lowEntropy[i].length; k++) {
                lowEntropy[i][k] = (byte) (r.nextInt(4) * 64 + (r.nextInt(3) == 0 ? 0 : 255 - 64));
            }
        }
        c.put("low-entropy-binary", EncodeTesting.binaries(lowEntropy, false, arena));
        for (int n : new int[] {1, 2, 17, 100, 1000, 50_000}) {
            c.put("comments-" + n, strings(comments(n, n), false));
        }
        String[] nullableComments = comments(20_000, 99);
        for (int i = 0; i < nullableComments.length; i += 3) {
            nullableComments[i] = null;
        }
        c.put("comments-nullable", strings(nullableComments, true));
        VarBinViewArray base = strings(comments(30_000, 5), true);
        c.put("sliced-middle", (VarBinViewArray) ArrayOps.slice(base, 1234, 9000, arena));
        c.put("sliced-tail", (VarBinViewArray) ArrayOps.slice(base, 29_000, 1000, arena));
        return c;
    }

    private static String[] fill(int n, String value) {
        String[] out = new String[n];
        java.util.Arrays.fill(out, value);
        return out;
    }

    private String hash(VarBinViewArray a, OnPairEncoder.Parts parts, String what) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        for (ChildEncoder children : new ChildEncoder[] {ChildEncoder.CANONICAL, LightEncoder.PACKED}) {
            WriteNode node = OnPairEncoder.node(a.dtype(), parts, children);
            sha.update(EncodeTesting.serialize(node, EncodeTesting.ids(node)));
            Array back = EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena);
            EncodeTesting.assertSameRows(a, back, what);
        }
        sha.update(new byte[] {
            (byte) (parts.reused() ? 1 : 0),
            (byte) parts.codesTop(),
            (byte) parts.codesOffsetsTop(),
            (byte) parts.lengthsTop()
        });
        return HexFormat.of().formatHex(sha.digest());
    }

    @Test
    void encodingsMatchRecordedHashes() {
        Map<String, String> got = new LinkedHashMap<>();
        for (Map.Entry<String, VarBinViewArray> e : cases().entrySet()) {
            VarBinViewArray a = e.getValue();
            got.put(e.getKey(), hash(a, OnPairEncoder.split(a, OnPairEncoder.DEFAULT_DICT_BITS), e.getKey()));
        }
        for (int bits : new int[] {9, 16}) {
            VarBinViewArray a = strings(comments(20_000, bits), false);
            got.put("comments-bits-" + bits, hash(a, OnPairEncoder.split(a, bits), "bits " + bits));
        }
        check(got);
    }

    /// A dictionary trained on one array parses the next: kept for similar rows, replaced for
    /// different ones.
    @Test
    void reusedDictionariesMatchRecordedHashes() {
        Map<String, String> got = new LinkedHashMap<>();
        VarBinViewArray first = strings(comments(20_000, 1), false);
        OnPairEncoder.Parts p1 = OnPairEncoder.split(first, OnPairEncoder.DEFAULT_DICT_BITS, null, 0.01);
        got.put("reuse-first", hash(first, p1, "first"));
        VarBinViewArray similar = strings(comments(20_000, 2), true);
        OnPairEncoder.Parts p2 = OnPairEncoder.split(similar, OnPairEncoder.DEFAULT_DICT_BITS, p1.model(), 0.01);
        assertTrue(p2.reused(), "similar rows keep the dictionary");
        got.put("reuse-similar", hash(similar, p2, "similar"));
        String[] other = new String[5000];
        for (int i = 0; i < other.length; i++) {
            other[i] = "zz-" + Integer.toHexString(i * 0x9E3779B1) + "-qq";
        }
        VarBinViewArray different = strings(other, false);
        OnPairEncoder.Parts p3 = OnPairEncoder.split(different, OnPairEncoder.DEFAULT_DICT_BITS, p1.model(), 0.01);
        assertFalse(p3.reused(), "different rows train their own dictionary");
        got.put("reuse-different", hash(different, p3, "different"));
        check(got);
    }

    private static void check(Map<String, String> got) {
        List<String> wrong = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        for (Map.Entry<String, String> e : got.entrySet()) {
            table.append("            Map.entry(\"")
                    .append(e.getKey())
                    .append("\", \"")
                    .append(e.getValue())
                    .append("\"),\n");
            if (!e.getValue().equals(EXPECTED.get(e.getKey()))) {
                wrong.add(e.getKey());
            }
        }
        assertEquals(List.of(), wrong, "encodings differ from a081448; now:\n" + table);
    }
}
