package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// Hand-built nodes for the decoders whose values are easy to write down: sequence, zigzag,
/// run-end, bytebool, decimal byte parts, date-time parts, FSST (both forms) and OnPair.
class MiscDecodersTest {
    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private static MemorySegment ints(PType t, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * t.byteWidth()).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            switch (t.byteWidth()) {
                case 1 -> b.put((byte) v);
                case 2 -> b.putShort((short) v);
                case 4 -> b.putInt((int) v);
                default -> b.putLong(v);
            }
        }
        return MemorySegment.ofArray(b.array());
    }

    private static TestNode prim(PType t, long... values) {
        return TestNode.of("vortex.primitive", new byte[0], List.of(ints(t, values)));
    }

    private Array decode(EncodedNode node, DType type, int len) {
        return Decoding.decodeRoot(node, type, len, arena);
    }

    private static byte[] scalar(PType t, long v) {
        return new Scalar(new DType.Primitive(t, false), v).encode();
    }

    @Test
    void sequence() {
        byte[] meta = new ProtoWriter()
                .bytes(1, scalar(PType.I32, 10))
                .bytes(2, scalar(PType.I32, -3))
                .toByteArray();
        PrimitiveArray a = (PrimitiveArray)
                decode(TestNode.of("vortex.sequence", meta, List.of()), new DType.Primitive(PType.I32, false), 4);
        assertEquals(List.of(10L, 7L, 4L, 1L), List.of(a.getLong(0), a.getLong(1), a.getLong(2), a.getLong(3)));
    }

    @Test
    void zigzag() {
        TestNode node = TestNode.of("vortex.zigzag", new byte[0], List.of(), prim(PType.U16, 0, 1, 2, 3, 65535));
        PrimitiveArray a = (PrimitiveArray) decode(node, new DType.Primitive(PType.I16, false), 5);
        assertEquals(
                List.of(0L, -1L, 1L, -2L, -32768L),
                List.of(a.getLong(0), a.getLong(1), a.getLong(2), a.getLong(3), a.getLong(4)));
    }

    @Test
    void runEndWithOffset() {
        byte[] meta = new ProtoWriter()
                .varint(1, PType.U8.code())
                .varint(2, 3)
                .varint(3, 2)
                .toByteArray();
        TestNode node =
                TestNode.of("vortex.runend", meta, List.of(), prim(PType.U8, 3, 5, 9), prim(PType.I64, 7, 8, 9));
        PrimitiveArray a = (PrimitiveArray) decode(node, new DType.Primitive(PType.I64, false), 6);
        long[] got = new long[6];
        for (int i = 0; i < 6; i++) {
            got[i] = a.getLong(i);
        }
        assertEquals(
                List.of(7L, 8L, 8L, 9L, 9L, 9L),
                java.util.Arrays.stream(got).boxed().toList());
    }

    @Test
    void runEndRejectsDecreasingEnds() {
        byte[] meta = new ProtoWriter().varint(1, PType.U8.code()).varint(2, 2).toByteArray();
        TestNode node = TestNode.of("vortex.runend", meta, List.of(), prim(PType.U8, 4, 2), prim(PType.I64, 1, 2));
        assertThrows(VortexException.class, () -> decode(node, new DType.Primitive(PType.I64, false), 4));
    }

    @Test
    void byteBool() {
        TestNode node =
                TestNode.of("vortex.bytebool", new byte[0], List.of(MemorySegment.ofArray(new byte[] {0, 1, 7})));
        BoolArray a = (BoolArray) decode(node, new DType.Bool(false), 3);
        assertFalse(a.get(0));
        assertTrue(a.get(1));
        assertTrue(a.get(2));
    }

    @Test
    void decimalByteParts() {
        byte[] meta = new ProtoWriter().varint(1, PType.I64.code()).toByteArray();
        TestNode node = TestNode.of("vortex.decimal_byte_parts", meta, List.of(), prim(PType.I64, 12345, -1));
        DecimalArray a = (DecimalArray) decode(node, new DType.Decimal(12, 2, false), 2);
        assertEquals("123.45", a.get(0).toPlainString());
        assertEquals("-0.01", a.get(1).toPlainString());
    }

    @Test
    void dateTimePartsMicroseconds() {
        DType.Extension ts =
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, false), new byte[] {1, 0, 0});
        byte[] meta = new ProtoWriter()
                .varint(1, PType.I32.code())
                .varint(2, PType.U32.code())
                .varint(3, PType.I64.code())
                .toByteArray();
        TestNode node = TestNode.of(
                "vortex.datetimeparts",
                meta,
                List.of(),
                prim(PType.I32, 1, -1),
                prim(PType.U32, 2, 86399),
                prim(PType.I64, 5, 999_999));
        ExtensionArray a = (ExtensionArray) decode(node, ts, 2);
        PrimitiveArray s = (PrimitiveArray) a.storage();
        assertEquals(86_400L * 1_000_000 + 2_000_000 + 5, s.getLong(0));
        assertEquals(-86_400L * 1_000_000 + 86_399L * 1_000_000 + 999_999, s.getLong(1));
    }

    @Test
    void dateTimePartsBelowADictionaryKeepTheirUnit() {
        DType.Extension ts =
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, false), new byte[] {2, 0, 0});
        byte[] partsMeta = new ProtoWriter()
                .varint(1, PType.I32.code())
                .varint(2, PType.U32.code())
                .varint(3, PType.U16.code())
                .toByteArray();
        TestNode values = TestNode.of(
                "vortex.datetimeparts",
                partsMeta,
                List.of(),
                prim(PType.I32, 0, 1),
                prim(PType.U32, 0, 1),
                prim(PType.U16, 7, 0));
        byte[] dictMeta =
                new ProtoWriter().varint(1, 2).varint(2, PType.U8.code()).toByteArray();
        TestNode dict = TestNode.of("vortex.dict", dictMeta, List.of(), prim(PType.U8, 1, 0, 1), values);
        ExtensionArray a = (ExtensionArray) decode(dict, ts, 3);
        PrimitiveArray s = (PrimitiveArray) a.storage();
        assertEquals(86_401_000L, s.getLong(0));
        assertEquals(7L, s.getLong(1));
        assertEquals(86_401_000L, s.getLong(2));
    }

    private static MemorySegment symbols(String... syms) {
        ByteBuffer b = ByteBuffer.allocate(8 * syms.length).order(ByteOrder.LITTLE_ENDIAN);
        for (String s : syms) {
            byte[] x = java.util.Arrays.copyOf(s.getBytes(StandardCharsets.UTF_8), 8);
            b.put(x);
        }
        return MemorySegment.ofArray(b.array());
    }

    private static MemorySegment bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return MemorySegment.ofArray(out);
    }

    @Test
    void fsstCurrentAndLegacyForms() {
        MemorySegment syms = symbols("ab", "cdefghij");
        MemorySegment lens = bytes(2, 8);
        // rows: "abcdefghij" = [0, 1]; "" = []; "xab" = [255, 'x', 0]
        MemorySegment codes = bytes(0, 1, 255, 'x', 0);
        byte[] meta = new ProtoWriter()
                .varint(1, PType.U8.code())
                .varint(2, PType.U8.code())
                .toByteArray();
        TestNode current = TestNode.of(
                "vortex.fsst", meta, List.of(syms, lens, codes), prim(PType.U8, 10, 0, 3), prim(PType.U8, 0, 2, 2, 5));
        VarBinViewArray a = (VarBinViewArray) decode(current, new DType.Utf8(false), 3);
        assertEquals(List.of("abcdefghij", "", "xab"), List.of(a.getString(0), a.getString(1), a.getString(2)));

        byte[] varbinMeta = new ProtoWriter().varint(1, PType.U8.code()).toByteArray();
        TestNode varbin = TestNode.of("vortex.varbin", varbinMeta, List.of(codes), prim(PType.U8, 0, 2, 2, 5));
        TestNode legacy = TestNode.of("vortex.fsst", meta, List.of(syms, lens), varbin, prim(PType.U8, 10, 0, 3));
        VarBinViewArray b = (VarBinViewArray) decode(legacy, new DType.Utf8(false), 3);
        assertEquals(List.of("abcdefghij", "", "xab"), List.of(b.getString(0), b.getString(1), b.getString(2)));
    }

    @Test
    void fsstRejectsUnknownCodesAndWrongLengths() {
        byte[] meta = new ProtoWriter()
                .varint(1, PType.U8.code())
                .varint(2, PType.U8.code())
                .toByteArray();
        TestNode badCode = TestNode.of(
                "vortex.fsst",
                meta,
                List.of(symbols("ab"), bytes(2), bytes(1)),
                prim(PType.U8, 2),
                prim(PType.U8, 0, 1));
        assertThrows(VortexException.class, () -> decode(badCode, new DType.Utf8(false), 1));
        TestNode badLength = TestNode.of(
                "vortex.fsst",
                meta,
                List.of(symbols("ab"), bytes(2), bytes(0)),
                prim(PType.U8, 5),
                prim(PType.U8, 0, 1));
        assertThrows(VortexException.class, () -> decode(badLength, new DType.Utf8(false), 1));
    }

    @Test
    void onPair() {
        byte[] meta = new ProtoWriter()
                .varint(1, PType.U8.code())
                .varint(3, 2)
                .varint(4, 4)
                .varint(5, PType.U8.code())
                .varint(6, PType.U16.code())
                .varint(7, PType.U8.code())
                .toByteArray();
        TestNode node = TestNode.of(
                "vortex.onpair",
                meta,
                List.of(MemorySegment.ofArray("helloworld\0\0".getBytes(StandardCharsets.UTF_8))),
                prim(PType.U8, 0, 5, 10),
                prim(PType.U16, 0, 1, 1, 0),
                prim(PType.U8, 0, 2, 2, 4),
                prim(PType.U8, 10, 0, 10));
        VarBinViewArray a = (VarBinViewArray) decode(node, new DType.Utf8(false), 3);
        assertEquals(List.of("helloworld", "", "worldhello"), List.of(a.getString(0), a.getString(1), a.getString(2)));
        TestNode bad = TestNode.of(
                "vortex.onpair",
                meta,
                List.of(MemorySegment.ofArray("helloworld".getBytes(StandardCharsets.UTF_8))),
                prim(PType.U8, 0, 5, 10),
                prim(PType.U16, 0, 7, 1, 0),
                prim(PType.U8, 0, 2, 2, 4),
                prim(PType.U8, 10, 0, 10));
        assertThrows(VortexException.class, () -> decode(bad, new DType.Utf8(false), 3));
    }
}
