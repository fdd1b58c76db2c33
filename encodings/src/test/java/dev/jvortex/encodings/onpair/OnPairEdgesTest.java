package dev.jvortex.encodings.onpair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// `vortex.onpair` nodes built by hand: every code type on the short-token and the general path,
/// a code equal to the dictionary size, overruns found after several unchecked tokens, tokens at
/// the end of the dictionary bytes, the largest dictionary accepted, and malformed shapes.
class OnPairEdgesTest {
    private static final DType UTF8 = new DType.Utf8(false);

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    /// A node over the dictionary `tokens` (concatenated), one row per entry of `rows` (its codes).
    private static TestNode node(PType codesType, List<String> tokens, int[][] rows, long[] rowLengths) {
        StringBuilder dict = new StringBuilder();
        long[] dictOffsets = new long[tokens.size() + 1];
        for (int t = 0; t < tokens.size(); t++) {
            dict.append(tokens.get(t));
            dictOffsets[t + 1] = dict.length();
        }
        List<Long> codes = new ArrayList<>();
        long[] codeOffsets = new long[rows.length + 1];
        for (int r = 0; r < rows.length; r++) {
            for (int c : rows[r]) {
                codes.add((long) c);
            }
            codeOffsets[r + 1] = codes.size();
        }
        return node(
                codesType,
                dict.toString(),
                dictOffsets,
                codes.stream().mapToLong(Long::longValue).toArray(),
                codeOffsets,
                rowLengths);
    }

    private static TestNode node(
            PType codesType, String dict, long[] dictOffsets, long[] codes, long[] codeOffsets, long[] rowLengths) {
        byte[] meta = new ProtoWriter()
                .varint(1, PType.U32.code())
                .varint(3, dictOffsets.length - 1)
                .varint(4, codes.length)
                .varint(5, PType.U32.code())
                .varint(6, codesType.code())
                .varint(7, PType.U32.code())
                .toByteArray();
        return TestNode.of(
                "vortex.onpair",
                meta,
                List.of(MemorySegment.ofArray(dict.getBytes(StandardCharsets.UTF_8))),
                TestArrays.primitive(PType.U32, dictOffsets),
                TestArrays.primitive(codesType, codes),
                TestArrays.primitive(PType.U32, codeOffsets),
                TestArrays.primitive(PType.U32, rowLengths));
    }

    private List<String> decode(EncodedNode node, int len) {
        VarBinViewArray a = (VarBinViewArray) Decoding.decodeRoot(node, UTF8, len, arena);
        return IntStream.range(0, len).mapToObj(a::getString).toList();
    }

    private void rejects(EncodedNode node, int len, String message) {
        VortexException e = assertThrows(VortexException.class, () -> decode(node, len));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    private static final List<String> SHORT = List.of("on", "pair", "sixteen bytes!!!");
    private static final List<String> LONG = List.of("on", "pair", "seventeen bytes!!");

    @Test
    void everyCodeTypeOnBothPaths() {
        for (PType t : new PType[] {PType.U8, PType.U16, PType.U32, PType.I64}) {
            for (List<String> tokens : List.of(SHORT, LONG)) {
                String big = tokens.get(2);
                int[][] rows = {{0, 1, 2}, {}, {2, 2, 0}};
                long[] lengths = {6 + big.length(), 0, 2L * big.length() + 2};
                assertEquals(
                        List.of("onpair" + big, "", big + big + "on"),
                        decode(node(t, tokens, rows, lengths), 3),
                        t + " " + big);
            }
        }
    }

    @Test
    void codeEqualToTheDictionarySizeIsCorrupt() {
        for (PType t : new PType[] {PType.U8, PType.U16}) {
            for (List<String> tokens : List.of(SHORT, LONG)) {
                // Unchecked path (much output still expected) and checked path (the last token).
                rejects(
                        node(t, tokens, new int[][] {{3, 0}}, new long[] {100}),
                        1,
                        "onpair code 3 is not below the dictionary size 3");
                rejects(
                        node(t, tokens, new int[][] {{0, 3}}, new long[] {4}),
                        1,
                        "onpair code 3 is not below the dictionary size 3");
            }
        }
    }

    @Test
    void overrunAfterSeveralUncheckedTokens() {
        // Five 16-byte tokens where 40 bytes are expected.
        for (PType t : new PType[] {PType.U8, PType.U16}) {
            for (List<String> tokens : List.of(SHORT, LONG)) {
                int big = tokens.get(2).length();
                rejects(
                        node(t, tokens, new int[][] {{2, 2, 2, 2, 2}}, new long[] {2L * big + 6}),
                        1,
                        "decode to more than the " + (2L * big + 6) + " bytes");
            }
        }
    }

    @Test
    void tokenFillingTheOutputExactly() {
        for (PType t : new PType[] {PType.U8, PType.U16}) {
            assertEquals(List.of("pair"), decode(node(t, SHORT, new int[][] {{1}}, new long[] {4}), 1));
            rejects(node(t, SHORT, new int[][] {{1}}, new long[] {3}), 1, "decode to more than the 3 bytes");
            rejects(node(t, SHORT, new int[][] {{1}}, new long[] {5}), 1, "decode to 4 bytes");
        }
    }

    @Test
    void tokenSpansAreChecked() {
        // The last token ends exactly at the end of the dictionary bytes: fine.
        assertEquals(
                List.of("ab"),
                decode(
                        node(PType.U16, "xab", new long[] {0, 1, 3}, new long[] {1}, new long[] {0, 1}, new long[] {2}),
                        1));
        rejects(
                node(PType.U16, "xab", new long[] {0, 1, 4}, new long[] {1}, new long[] {0, 1}, new long[] {3}),
                1,
                "onpair token 1 spans bytes [1, 4)");
        rejects(
                node(PType.U16, "xab", new long[] {0, 2, 1}, new long[] {0}, new long[] {0, 1}, new long[] {2}),
                1,
                "onpair token 1 spans bytes [2, 1)");
    }

    @Test
    void largestDictionaryIsAccepted() {
        // 2^20 empty tokens but the first, "z": the limit itself is allowed, one more is not.
        int n = 1 << 20;
        long[] offsets = new long[n + 1];
        for (int i = 1; i <= n; i++) {
            offsets[i] = 1;
        }
        assertEquals(
                List.of("z"),
                decode(node(PType.U32, "z", offsets, new long[] {0, n - 1}, new long[] {0, 2}, new long[] {1}), 1));
        long[] more = new long[n + 2];
        for (int i = 1; i <= n + 1; i++) {
            more[i] = 1;
        }
        rejects(node(PType.U32, "z", more, new long[] {0}, new long[] {0, 1}, new long[] {1}), 1, "implausibly large");
    }

    @Test
    void malformedShapesAreCorrupt() {
        TestNode good = node(PType.U16, SHORT, new int[][] {{0}}, new long[] {2});
        assertEquals(List.of("on"), decode(good, 1));
        assertThrows(
                VortexException.class,
                () -> decode(new TestNode("vortex.onpair", good.metadata(), List.of(), good.children()), 1));
        List<MemorySegment> two = List.of(good.buffer(0), good.buffer(0));
        assertThrows(
                VortexException.class,
                () -> decode(new TestNode("vortex.onpair", good.metadata(), two, good.children()), 1));
        assertThrows(
                VortexException.class,
                () -> decode(
                        new TestNode(
                                "vortex.onpair",
                                good.metadata(),
                                good.buffers(),
                                good.children().subList(0, 3)),
                        1));
        List<EncodedNode> six = new ArrayList<>(good.children());
        six.add(good.child(0));
        six.add(good.child(0));
        assertThrows(
                VortexException.class,
                () -> decode(new TestNode("vortex.onpair", good.metadata(), good.buffers(), six), 1));
        String[] fields = {
            "uncompressed_lengths_ptype", null, null, null, "dict_offsets_ptype", "codes_ptype", "codes_offsets_ptype"
        };
        for (int field : new int[] {1, 5, 6, 7}) {
            // The metadata of `good` (dict_size 3, total_tokens 1) with one ptype field made f32.
            ProtoWriter w = new ProtoWriter()
                    .varint(1, field == 1 ? PType.F32.code() : PType.U32.code())
                    .varint(3, 3)
                    .varint(4, 1)
                    .varint(5, field == 5 ? PType.F32.code() : PType.U32.code())
                    .varint(6, field == 6 ? PType.F32.code() : PType.U16.code())
                    .varint(7, field == 7 ? PType.F32.code() : PType.U32.code());
            rejects(
                    new TestNode("vortex.onpair", w.toByteArray(), good.buffers(), good.children()),
                    1,
                    fields[field - 1] + " must be an integer type");
        }
        assertThrows(
                VortexException.class,
                () -> Decoding.decodeRoot(good, new DType.Primitive(PType.I32, false), 1, arena));
    }
}
