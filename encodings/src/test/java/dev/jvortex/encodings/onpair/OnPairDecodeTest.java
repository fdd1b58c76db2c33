package dev.jvortex.encodings.onpair;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.assertStrings;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static dev.jvortex.encodings.StringTestArrays.utf8;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.StringTestArrays;
import dev.jvortex.encodings.TestNode;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OnPairDecodeTest {
    private static final DType UTF8_NULLABLE = new DType.Utf8(true);

    /// A slow, obvious tokenizer: the dictionary holds every single byte plus extra tokens, and
    /// each position takes the longest token that matches there.
    static final class SimpleOnPairEncoder {
        final List<byte[]> tokens = new ArrayList<>();

        SimpleOnPairEncoder(List<byte[]> extra, boolean extraFirst) {
            if (extraFirst) {
                tokens.addAll(extra);
            }
            for (int b = 0; b < 256; b++) {
                tokens.add(new byte[] {(byte) b});
            }
            if (!extraFirst) {
                tokens.addAll(extra);
            }
        }

        List<Integer> encode(byte[] row) {
            List<Integer> out = new ArrayList<>();
            int p = 0;
            while (p < row.length) {
                int best = -1;
                int bestLength = 0;
                for (int t = 0; t < tokens.size(); t++) {
                    byte[] s = tokens.get(t);
                    if (s.length > bestLength
                            && p + s.length <= row.length
                            && Arrays.equals(row, p, p + s.length, s, 0, s.length)) {
                        best = t;
                        bestLength = s.length;
                    }
                }
                out.add(best);
                p += bestLength;
            }
            return out;
        }
    }

    record Shape(
            PType dictOffsets,
            PType codes,
            PType codesOffsets,
            PType lengths,
            int junkCodesBefore,
            int junkCodesAfter,
            int dictPadding) {
        static final Shape PLAIN = new Shape(PType.U32, PType.U16, PType.U32, PType.I32, 0, 0, 16);
    }

    static TestNode encode(SimpleOnPairEncoder enc, byte[][] rows, boolean nullable, Shape shape) {
        ByteArrayOutputStream dict = new ByteArrayOutputStream();
        long[] dictOffsets = new long[enc.tokens.size() + 1];
        for (int t = 0; t < enc.tokens.size(); t++) {
            dict.writeBytes(enc.tokens.get(t));
            dictOffsets[t + 1] = dict.size();
        }
        dict.writeBytes(new byte[shape.dictPadding()]);
        List<Long> codes = new ArrayList<>();
        for (int k = 0; k < shape.junkCodesBefore(); k++) {
            codes.add((long) k % 7);
        }
        long[] codesOffsets = new long[rows.length + 1];
        long[] lengths = new long[rows.length];
        codesOffsets[0] = codes.size();
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != null) {
                for (int c : enc.encode(rows[i])) {
                    codes.add((long) c);
                }
                lengths[i] = rows[i].length;
            }
            codesOffsets[i + 1] = codes.size();
        }
        for (int k = 0; k < shape.junkCodesAfter(); k++) {
            codes.add((long) k % 5);
        }
        ProtoWriter meta = new ProtoWriter()
                .varintIfNonZero(1, shape.lengths().code())
                .varint(2, 12)
                .varintIfNonZero(3, enc.tokens.size())
                .varintIfNonZero(4, codes.size())
                .varintIfNonZero(5, shape.dictOffsets().code())
                .varintIfNonZero(6, shape.codes().code())
                .varintIfNonZero(7, shape.codesOffsets().code());
        List<EncodedNode> children = new ArrayList<>(List.of(
                StringTestArrays.primitive(shape.dictOffsets(), dictOffsets),
                StringTestArrays.primitive(
                        shape.codes(), codes.stream().mapToLong(Long::longValue).toArray()),
                StringTestArrays.primitive(shape.codesOffsets(), codesOffsets),
                StringTestArrays.primitive(shape.lengths(), lengths)));
        if (nullable) {
            children.add(StringTestArrays.bools(StringTestArrays.validity(rows)));
        }
        return new TestNode(
                "vortex.onpair", meta.toByteArray(), List.of(MemorySegment.ofArray(dict.toByteArray())), children);
    }

    static List<byte[]> extraTokens(Random random, byte[][] rows, int count, int maxLength) {
        List<byte[]> out = new ArrayList<>();
        for (int attempt = 0; attempt < 10_000 && out.size() < count; attempt++) {
            byte[] row = rows[random.nextInt(rows.length)];
            if (row == null || row.length < 2) {
                continue;
            }
            int len = 2 + random.nextInt(Math.min(maxLength, row.length) - 1);
            int start = random.nextInt(row.length - len + 1);
            out.add(Arrays.copyOfRange(row, start, start + len));
        }
        return out;
    }

    private static void roundTrip(SimpleOnPairEncoder enc, byte[][] rows, DType dtype, Shape shape, String label) {
        try (Arena arena = Arena.ofConfined()) {
            assertStrings(rows, decode(encode(enc, rows, dtype.nullable(), shape), dtype, rows.length, arena), label);
        }
    }

    @Test
    void decodesRandomRowsWithShortTokens() {
        for (long seed = 1; seed <= 15; seed++) {
            Random random = new Random(seed);
            byte[][] rows = StringTestArrays.randomStrings(random, 1 + random.nextInt(300), 0.15, true);
            SimpleOnPairEncoder enc =
                    new SimpleOnPairEncoder(extraTokens(random, rows, random.nextInt(500), 16), seed % 2 == 0);
            roundTrip(enc, rows, UTF8_NULLABLE, Shape.PLAIN, "seed " + seed);
        }
    }

    @Test
    void decodesTokensLongerThanSixteenBytes() {
        for (long seed = 1; seed <= 5; seed++) {
            Random random = new Random(seed);
            byte[][] rows = StringTestArrays.randomStrings(random, 200, 0.1, true);
            SimpleOnPairEncoder enc = new SimpleOnPairEncoder(extraTokens(random, rows, 100, 40), true);
            roundTrip(
                    enc,
                    rows,
                    UTF8_NULLABLE,
                    new Shape(PType.U32, PType.U16, PType.U32, PType.U32, 0, 0, 0),
                    "long tokens " + seed);
        }
    }

    @Test
    void decodesSlicedWindowsAndNarrowedChildren() {
        Shape[] shapes = {
            new Shape(PType.U16, PType.U16, PType.U16, PType.U8, 5, 9, 16),
            new Shape(PType.U32, PType.U32, PType.U64, PType.U16, 17, 0, 15),
            new Shape(PType.I32, PType.U64, PType.I64, PType.I64, 0, 3, 1),
            new Shape(PType.U16, PType.I32, PType.U32, PType.U32, 2, 2, 0),
        };
        Random random = new Random(3);
        for (Shape shape : shapes) {
            byte[][] rows = StringTestArrays.randomStrings(random, 150, 0.2, true);
            for (int k = 0; k < rows.length; k++) {
                if (rows[k] != null && rows[k].length > 255) {
                    rows[k] = Arrays.copyOf(rows[k], 255);
                }
            }
            SimpleOnPairEncoder enc = new SimpleOnPairEncoder(extraTokens(random, rows, 300, 16), false);
            roundTrip(enc, rows, UTF8_NULLABLE, shape, shape.toString());
        }
    }

    @Test
    void decodesWindowsLongerThanOneChunk() {
        Random random = new Random(21);
        byte[][] rows = StringTestArrays.randomStrings(random, 4000, 0.05, true);
        SimpleOnPairEncoder bytesOnly = new SimpleOnPairEncoder(List.of(), false);
        roundTrip(
                bytesOnly,
                rows,
                UTF8_NULLABLE,
                new Shape(PType.U32, PType.U16, PType.U32, PType.U32, 3, 3, 16),
                "bytes only");
        SimpleOnPairEncoder longTokens = new SimpleOnPairEncoder(extraTokens(random, rows, 50, 30), true);
        roundTrip(
                longTokens,
                rows,
                UTF8_NULLABLE,
                new Shape(PType.U32, PType.U32, PType.U64, PType.U32, 0, 0, 0),
                "long tokens");
    }

    @Test
    void decodesBinaryNonNullableAndEmpty() {
        Random random = new Random(9);
        byte[][] rows = StringTestArrays.randomBinary(random, 300, false);
        SimpleOnPairEncoder enc = new SimpleOnPairEncoder(extraTokens(random, rows, 50, 8), true);
        roundTrip(enc, rows, new DType.Binary(false), Shape.PLAIN, "binary");
        roundTrip(enc, new byte[0][], new DType.Binary(false), Shape.PLAIN, "empty");
        roundTrip(enc, new byte[][] {null, utf8(""), null}, UTF8_NULLABLE, Shape.PLAIN, "nulls and empty");
    }

    // ---- corrupt input ----

    private static final byte[][] ROWS = {utf8("alpha beta"), null, utf8("gamma")};

    private static TestNode good() {
        return encode(new SimpleOnPairEncoder(List.of(utf8("alpha"), utf8(" beta")), true), ROWS, true, Shape.PLAIN);
    }

    private static TestNode withChild(TestNode node, int index, EncodedNode replacement) {
        List<EncodedNode> children = new ArrayList<>(node.children());
        children.set(index, replacement);
        return new TestNode(node.encoding(), node.metadata(), node.buffers(), children);
    }

    @Test
    void rejectsCodesOutsideTheDictionary() {
        // tokens: 0 "alpha", 1 " beta", then 256 single bytes; rows encode to [0, 1] and "gamma" as 5 byte tokens
        long[] codes = {0, 1, 2 + 'g', 2 + 'a', 2 + 'm', 2 + 'm', 258};
        TestNode node = withChild(good(), 1, StringTestArrays.primitive(PType.U16, codes));
        assertTrue(assertCorrupt(node, UTF8_NULLABLE, 3).getMessage().contains("dictionary size"));
    }

    @Test
    void rejectsBadDictionaryOffsets() {
        long[] offsets = new long[259];
        for (int t = 1; t < offsets.length; t++) {
            offsets[t] = offsets[t - 1] + 1;
        }
        offsets[100] = 1_000_000;
        assertTrue(assertCorrupt(withChild(good(), 0, StringTestArrays.primitive(PType.U32, offsets)), UTF8_NULLABLE, 3)
                .getMessage()
                .contains("outside"));
        offsets[100] = 2;
        assertCorrupt(withChild(good(), 0, StringTestArrays.primitive(PType.U32, offsets)), UTF8_NULLABLE, 3);
    }

    @Test
    void rejectsLengthMismatchAndBadWindow() {
        assertTrue(assertCorrupt(
                        withChild(good(), 3, StringTestArrays.primitive(PType.I32, 10, 0, 4)), UTF8_NULLABLE, 3)
                .getMessage()
                .contains("more than"));
        assertTrue(assertCorrupt(
                        withChild(good(), 3, StringTestArrays.primitive(PType.I32, 10, 0, 6)), UTF8_NULLABLE, 3)
                .getMessage()
                .contains("add up to"));
        assertTrue(assertCorrupt(
                        withChild(good(), 3, StringTestArrays.primitive(PType.I32, 10, -1, 6)), UTF8_NULLABLE, 3)
                .getMessage()
                .contains("negative"));
        assertTrue(assertCorrupt(
                        withChild(good(), 2, StringTestArrays.primitive(PType.U32, 0, 2, 2, 70)), UTF8_NULLABLE, 3)
                .getMessage()
                .contains("code window"));
    }

    @Test
    void rejectsWrongShapes() {
        assertCorrupt(good(), new DType.Bool(true), 3);
        assertCorrupt(new TestNode("vortex.onpair", good().metadata(), List.of(), good().children()), UTF8_NULLABLE, 3);
        assertCorrupt(
                new TestNode(
                        "vortex.onpair",
                        good().metadata(),
                        good().buffers(),
                        good().children().subList(0, 3)),
                UTF8_NULLABLE,
                3);
        byte[] hugeDict = new ProtoWriter().varint(3, 1L << 40).toByteArray();
        assertCorrupt(new TestNode("vortex.onpair", hugeDict, good().buffers(), good().children()), UTF8_NULLABLE, 3);
    }
}
