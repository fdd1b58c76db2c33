package dev.jvortex.encodings.fsst;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.assertStrings;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static dev.jvortex.encodings.StringTestArrays.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.StringTestArrays;
import dev.jvortex.encodings.TestNode;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FsstDecodeTest {
    private static final DType UTF8_NULLABLE = new DType.Utf8(true);

    /// A slow, obvious FSST encoder: at each position emit the longest matching symbol, or an escape
    /// and the literal byte when none matches.
    static final class SimpleFsstEncoder {
        final List<byte[]> symbols;

        SimpleFsstEncoder(List<byte[]> symbols) {
            this.symbols = symbols;
        }

        byte[] encode(byte[] row) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int p = 0;
            while (p < row.length) {
                int best = -1;
                int bestLength = 0;
                for (int c = 0; c < symbols.size(); c++) {
                    byte[] s = symbols.get(c);
                    if (s.length > bestLength && p + s.length <= row.length && matches(row, p, s)) {
                        best = c;
                        bestLength = s.length;
                    }
                }
                if (best < 0) {
                    out.write(255);
                    out.write(row[p]);
                    p++;
                } else {
                    out.write(best);
                    p += bestLength;
                }
            }
            return out.toByteArray();
        }

        private static boolean matches(byte[] row, int p, byte[] s) {
            for (int k = 0; k < s.length; k++) {
                if (row[p + k] != s[k]) {
                    return false;
                }
            }
            return true;
        }

        MemorySegment symbolBuffer() {
            MemorySegment out = MemorySegment.ofArray(new byte[symbols.size() * 8]);
            for (int c = 0; c < symbols.size(); c++) {
                MemorySegment.copy(MemorySegment.ofArray(symbols.get(c)), 0, out, c * 8L, symbols.get(c).length);
            }
            return out;
        }

        MemorySegment lengthBuffer() {
            byte[] out = new byte[symbols.size()];
            for (int c = 0; c < out.length; c++) {
                out[c] = (byte) symbols.get(c).length;
            }
            return MemorySegment.ofArray(out);
        }
    }

    /// Options for building an encoded node.
    record Shape(PType lengths, PType offsets, int junkBefore, int junkAfter, boolean legacy) {
        static final Shape PLAIN = new Shape(PType.U32, PType.U32, 0, 0, false);
    }

    static List<byte[]> handMadeTable() {
        List<byte[]> t = new ArrayList<>();
        for (String s : new String[] {
            "http://", "www.", "example", ".com/", "the ", "quick ", "brown ", "vortex", "alpha", "beta", "gamma",
            "data", "fox", "€uro", "ü", "a", "e", " ", "o", "t"
        }) {
            t.add(utf8(s));
        }
        return t;
    }

    /// A table of up to `max` distinct random substrings (1..8 bytes) of the sample rows.
    static List<byte[]> trainedTable(Random random, byte[][] rows, int max) {
        Set<String> seen = new LinkedHashSet<>();
        List<byte[]> t = new ArrayList<>();
        for (int attempt = 0; attempt < 20_000 && t.size() < max; attempt++) {
            byte[] row = rows[random.nextInt(rows.length)];
            if (row == null || row.length == 0) {
                continue;
            }
            int len = 1 + random.nextInt(Math.min(8, row.length));
            int start = random.nextInt(row.length - len + 1);
            byte[] s = java.util.Arrays.copyOfRange(row, start, start + len);
            if (seen.add(java.util.HexFormat.of().formatHex(s))) {
                t.add(s);
            }
        }
        return t;
    }

    static TestNode encode(SimpleFsstEncoder enc, byte[][] rows, boolean nullable, Shape shape) {
        int n = rows.length;
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        for (int k = 0; k < shape.junkBefore(); k++) {
            codes.write(0xFF);
        }
        long[] offsets = new long[n + 1];
        long[] lengths = new long[n];
        boolean[] valid = new boolean[n];
        offsets[0] = codes.size();
        for (int i = 0; i < n; i++) {
            if (rows[i] != null) {
                codes.writeBytes(enc.encode(rows[i]));
                lengths[i] = rows[i].length;
                valid[i] = true;
            }
            offsets[i + 1] = codes.size();
        }
        for (int k = 0; k < shape.junkAfter(); k++) {
            codes.write(k);
        }
        ProtoWriter meta = new ProtoWriter().varintIfNonZero(1, shape.lengths().code());
        TestNode lengthsNode = StringTestArrays.primitive(shape.lengths(), lengths);
        if (shape.legacy()) {
            ProtoWriter varbinMeta =
                    new ProtoWriter().varintIfNonZero(1, shape.offsets().code());
            TestNode offsetsNode = StringTestArrays.primitive(shape.offsets(), offsets);
            MemorySegment bytes = MemorySegment.ofArray(codes.toByteArray());
            TestNode varbin = nullable
                    ? StringTestArrays.node(
                            "vortex.varbin", varbinMeta, List.of(bytes), offsetsNode, StringTestArrays.bools(valid))
                    : StringTestArrays.node("vortex.varbin", varbinMeta, List.of(bytes), offsetsNode);
            return StringTestArrays.node(
                    "vortex.fsst", meta, List.of(enc.symbolBuffer(), enc.lengthBuffer()), varbin, lengthsNode);
        }
        meta.varintIfNonZero(2, shape.offsets().code());
        List<MemorySegment> buffers =
                List.of(enc.symbolBuffer(), enc.lengthBuffer(), MemorySegment.ofArray(codes.toByteArray()));
        TestNode offsetsNode = StringTestArrays.primitive(shape.offsets(), offsets);
        return nullable
                ? StringTestArrays.node(
                        "vortex.fsst", meta, buffers, lengthsNode, offsetsNode, StringTestArrays.bools(valid))
                : StringTestArrays.node("vortex.fsst", meta, buffers, lengthsNode, offsetsNode);
    }

    private static void roundTrip(SimpleFsstEncoder enc, byte[][] rows, DType dtype, Shape shape, String label) {
        TestNode node = encode(enc, rows, dtype.nullable(), shape);
        try (Arena arena = Arena.ofConfined()) {
            Array a = decode(node, dtype, rows.length, arena);
            assertStrings(rows, a, label);
            assertEquals(dtype, a.dtype(), label);
        }
    }

    @Test
    void decodesRandomRowsWithHandMadeTable() {
        SimpleFsstEncoder enc = new SimpleFsstEncoder(handMadeTable());
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            byte[][] rows = StringTestArrays.randomStrings(random, 1 + random.nextInt(300), 0.15, true);
            roundTrip(enc, rows, UTF8_NULLABLE, Shape.PLAIN, "seed " + seed);
        }
    }

    @Test
    void decodesWithTrainedTablesUpTo255Symbols() {
        for (long seed = 1; seed <= 10; seed++) {
            Random random = new Random(seed);
            byte[][] rows = StringTestArrays.randomStrings(random, 400, 0.1, true);
            int max = seed == 1 ? 255 : 1 + random.nextInt(255);
            List<byte[]> table = trainedTable(random, rows, max);
            roundTrip(
                    new SimpleFsstEncoder(table),
                    rows,
                    UTF8_NULLABLE,
                    Shape.PLAIN,
                    "seed " + seed + ", " + table.size() + " symbols");
        }
    }

    @Test
    void decodesBinaryWithEscapedBytesAndEmptyTable() {
        for (long seed = 1; seed <= 10; seed++) {
            Random random = new Random(seed);
            byte[][] rows = StringTestArrays.randomBinary(random, 200, true);
            roundTrip(
                    new SimpleFsstEncoder(trainedTable(random, rows, 40)),
                    rows,
                    new DType.Binary(true),
                    Shape.PLAIN,
                    "seed " + seed);
            roundTrip(
                    new SimpleFsstEncoder(List.of()),
                    rows,
                    new DType.Binary(true),
                    Shape.PLAIN,
                    "no symbols, seed " + seed);
        }
    }

    @Test
    void decodesNonNullableWithoutValidityChild() {
        Random random = new Random(7);
        byte[][] rows = StringTestArrays.randomStrings(random, 500, 0, false);
        roundTrip(new SimpleFsstEncoder(handMadeTable()), rows, new DType.Utf8(false), Shape.PLAIN, "non-null");
    }

    @Test
    void decodesEveryChildPtypeAndSlicedWindows() {
        PType[] lengthTypes = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I32, PType.I64};
        PType[] offsetTypes = {PType.U16, PType.U32, PType.U64, PType.I32, PType.I64};
        Random random = new Random(11);
        SimpleFsstEncoder enc = new SimpleFsstEncoder(handMadeTable());
        for (PType lt : lengthTypes) {
            for (PType ot : offsetTypes) {
                byte[][] rows = StringTestArrays.randomStrings(random, 60, 0.2, true);
                for (int k = 0; k < rows.length; k++) {
                    if (rows[k] != null && rows[k].length > 255 && lt == PType.U8) {
                        rows[k] = java.util.Arrays.copyOf(rows[k], 200);
                    }
                }
                Shape shape = new Shape(lt, ot, random.nextInt(30), random.nextInt(30), false);
                roundTrip(enc, rows, UTF8_NULLABLE, shape, lt + "/" + ot);
            }
        }
    }

    @Test
    void decodesU8OffsetsAndLengthsFromDefaultMetadata() {
        byte[][] rows = {utf8("the quick brown fox"), null, utf8(""), utf8("a"), utf8("www.example.com/")};
        Shape shape = new Shape(PType.U8, PType.U8, 3, 2, false);
        TestNode node = encode(new SimpleFsstEncoder(handMadeTable()), rows, true, shape);
        assertEquals(0, node.metadata().length, "U8 ptypes are proto3 defaults and not written");
        try (Arena arena = Arena.ofConfined()) {
            assertStrings(rows, decode(node, UTF8_NULLABLE, rows.length, arena), "u8");
        }
    }

    @Test
    void decodesLegacyTwoBufferForm() {
        for (long seed = 1; seed <= 8; seed++) {
            Random random = new Random(seed);
            byte[][] rows = StringTestArrays.randomStrings(random, 1 + random.nextInt(200), 0.2, seed % 2 == 0);
            Shape shape = new Shape(
                    PType.U16, seed % 3 == 0 ? PType.I64 : PType.U32, random.nextInt(5), random.nextInt(5), true);
            DType dtype = new DType.Utf8(seed % 2 == 0);
            roundTrip(
                    new SimpleFsstEncoder(trainedTable(random, rows, 100)), rows, dtype, shape, "legacy seed " + seed);
        }
    }

    @Test
    void decodesEmptyArrayAndAllEmptyRows() {
        SimpleFsstEncoder enc = new SimpleFsstEncoder(handMadeTable());
        roundTrip(enc, new byte[0][], UTF8_NULLABLE, Shape.PLAIN, "empty");
        roundTrip(enc, new byte[][] {utf8(""), utf8(""), null}, UTF8_NULLABLE, Shape.PLAIN, "empty rows");
        roundTrip(enc, new byte[][] {null, null}, UTF8_NULLABLE, Shape.PLAIN, "all null");
    }

    @Test
    void decodesEscapesAcrossChunkBoundaries() {
        // With no symbols every byte is coded as (escape, literal), so escapes sit at even window
        // positions; a leading one-byte symbol moves them to odd ones. One of the two puts an escape
        // on the last position of a chunk, whose literal is then the chunk's extra byte.
        Random random = new Random(17);
        byte[][] rows = new byte[400][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new byte[random.nextInt(400)];
            random.nextBytes(rows[i]);
            for (int k = 0; k < rows[i].length; k++) {
                if (rows[i][k] == 'a') {
                    rows[i][k] = 'b';
                }
            }
        }
        roundTrip(
                new SimpleFsstEncoder(List.of()),
                rows,
                new DType.Binary(false),
                new Shape(PType.U32, PType.U32, 0, 0, false),
                "even escapes");
        byte[][] shifted = new byte[rows.length + 1][];
        shifted[0] = utf8("a");
        System.arraycopy(rows, 0, shifted, 1, rows.length);
        roundTrip(
                new SimpleFsstEncoder(List.of(utf8("a"))),
                shifted,
                new DType.Binary(false),
                new Shape(PType.U32, PType.U32, 0, 0, false),
                "odd escapes");
        roundTrip(
                new SimpleFsstEncoder(List.of(utf8("a"))),
                shifted,
                new DType.Binary(false),
                new Shape(PType.U32, PType.U64, 12_345, 77, false),
                "odd escapes, offset window");
    }

    @Test
    void longRowsReferToOneDataBuffer() {
        byte[][] rows = {utf8("the quick brown fox jumps over"), utf8("short"), utf8("vortexvortexvortex")};
        try (Arena arena = Arena.ofConfined()) {
            VarBinViewArray a = (VarBinViewArray) decode(
                    encode(new SimpleFsstEncoder(handMadeTable()), rows, false, Shape.PLAIN),
                    new DType.Utf8(false),
                    3,
                    arena);
            assertEquals(1, a.buffers().length);
            assertEquals(30 + 5 + 18, a.buffers()[0].byteSize());
            assertStrings(rows, a, "long");
        }
    }

    // ---- corrupt input ----

    private static TestNode withBuffer(TestNode node, int index, MemorySegment replacement) {
        List<MemorySegment> buffers = new ArrayList<>(node.buffers());
        buffers.set(index, replacement);
        return new TestNode(node.encoding(), node.metadata(), buffers, node.children());
    }

    private static TestNode withChild(TestNode node, int index, EncodedNode replacement) {
        List<EncodedNode> children = new ArrayList<>(node.children());
        children.set(index, replacement);
        return new TestNode(node.encoding(), node.metadata(), node.buffers(), children);
    }

    private static final byte[][] ROWS = {utf8("the quick brown fox"), null, utf8("alpha beta"), utf8("")};

    private static TestNode good() {
        return encode(new SimpleFsstEncoder(handMadeTable()), ROWS, true, Shape.PLAIN);
    }

    @Test
    void rejectsCodeWithoutSymbol() {
        byte[] codes = good().buffers().get(2).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        codes[0] = (byte) 200;
        TestNode node = withBuffer(good(), 2, MemorySegment.ofArray(codes));
        assertTrue(assertCorrupt(node, UTF8_NULLABLE, 4).getMessage().contains("has no symbol"));
    }

    @Test
    void rejectsEscapeAtEndOfCodes() {
        SimpleFsstEncoder enc = new SimpleFsstEncoder(List.of());
        byte[][] rows = {new byte[] {7}};
        TestNode node = encode(enc, rows, false, Shape.PLAIN);
        TestNode cut = withBuffer(node, 2, MemorySegment.ofArray(new byte[] {(byte) 255}));
        cut = withChild(cut, 1, StringTestArrays.primitive(PType.U32, 0, 1));
        assertTrue(assertCorrupt(cut, new DType.Utf8(false), 1).getMessage().contains("escape"));
    }

    @Test
    void rejectsLengthsThatDisagreeWithTheCodes() {
        TestNode tooShort = withChild(good(), 0, StringTestArrays.primitive(PType.U32, 19, 0, 9, 0));
        assertTrue(assertCorrupt(tooShort, UTF8_NULLABLE, 4).getMessage().contains("more than"));
        TestNode tooLong = withChild(good(), 0, StringTestArrays.primitive(PType.U32, 19, 0, 10, 5));
        assertTrue(assertCorrupt(tooLong, UTF8_NULLABLE, 4).getMessage().contains("add up to"));
        TestNode negative = withChild(good(), 0, StringTestArrays.primitive(PType.I32, -1, 0, 30, 0));
        TestNode negativeMeta = new TestNode(
                negative.encoding(),
                new ProtoWriter()
                        .varint(1, PType.I32.code())
                        .varint(2, PType.U32.code())
                        .toByteArray(),
                negative.buffers(),
                negative.children());
        assertTrue(assertCorrupt(negativeMeta, UTF8_NULLABLE, 4).getMessage().contains("negative"));
    }

    @Test
    void rejectsCodeWindowOutsideBuffer() {
        TestNode node = withChild(good(), 1, StringTestArrays.primitive(PType.U32, 0, 5, 5, 9, 500));
        assertTrue(assertCorrupt(node, UTF8_NULLABLE, 4).getMessage().contains("code window"));
        TestNode backwards = withChild(good(), 1, StringTestArrays.primitive(PType.U32, 9, 5, 5, 9, 2));
        assertCorrupt(backwards, UTF8_NULLABLE, 4);
    }

    @Test
    void rejectsBadSymbolTables() {
        TestNode zeroLength = withBuffer(good(), 1, MemorySegment.ofArray(new byte[20]));
        assertTrue(assertCorrupt(zeroLength, UTF8_NULLABLE, 4).getMessage().contains("length 0"));
        byte[] nine = new byte[20];
        java.util.Arrays.fill(nine, (byte) 9);
        assertCorrupt(withBuffer(good(), 1, MemorySegment.ofArray(nine)), UTF8_NULLABLE, 4);
        assertTrue(assertCorrupt(withBuffer(good(), 0, MemorySegment.ofArray(new byte[8 * 19])), UTF8_NULLABLE, 4)
                .getMessage()
                .contains("symbols buffer"));
        TestNode tooMany = withBuffer(
                withBuffer(good(), 0, MemorySegment.ofArray(new byte[8 * 256])),
                1,
                MemorySegment.ofArray(new byte[256]));
        assertTrue(assertCorrupt(tooMany, UTF8_NULLABLE, 4).getMessage().contains("at most 255"));
    }

    @Test
    void rejectsWrongShapes() {
        assertCorrupt(good(), new DType.Primitive(PType.I32, true), 4);
        TestNode oneBuffer = new TestNode(
                "vortex.fsst", new byte[0], List.of(good().buffers().get(0)), good().children());
        assertCorrupt(oneBuffer, UTF8_NULLABLE, 4);
        TestNode legacy =
                encode(new SimpleFsstEncoder(handMadeTable()), ROWS, true, new Shape(PType.U32, PType.U32, 0, 0, true));
        TestNode notVarbin = withChild(legacy, 0, StringTestArrays.primitive(PType.U8, 1, 2, 3, 4));
        assertTrue(assertCorrupt(notVarbin, UTF8_NULLABLE, 4).getMessage().contains("vortex.varbin"));
        TestNode floatLengths = new TestNode(
                "vortex.fsst",
                new ProtoWriter().varint(1, PType.F32.code()).toByteArray(),
                good().buffers(),
                good().children());
        assertCorrupt(floatLengths, UTF8_NULLABLE, 4);
        TestNode validityOnNonNull = good();
        assertCorrupt(validityOnNonNull, new DType.Utf8(false), 4);
    }
}
