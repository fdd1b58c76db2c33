package dev.jvortex.encodings.alp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// The edges of `vortex.alp` and `vortex.alprd` that random round trips rarely reach: more f32
/// rows than one conversion chunk, right parts as wide as the whole float, dictionary entries at
/// the ends of their range, codes just past the dictionary (fine under a patch, corrupt on a valid
/// row without one) and stray buffers or children. Expected floats are written from their bits.
class AlpEdgesTest {
    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private PrimitiveArray decode(TestNode node, PType ptype, boolean nullable, int len) {
        return (PrimitiveArray) Decoding.decodeRoot(node, new DType.Primitive(ptype, nullable), len, arena);
    }

    private void rejects(TestNode node, PType ptype, int len) {
        assertThrows(VortexException.class, () -> decode(node, ptype, false, len));
    }

    @Test
    void f32SpanningSeveralConversionChunks() {
        int len = 5000;
        long[] ints = new long[len];
        for (int i = 0; i < len; i++) {
            ints[i] = i * 37L - 90_000;
        }
        byte[] meta = new ProtoWriter().varint(1, 2).toByteArray(); // e = 2, f = 0: x / 100
        PrimitiveArray a = decode(
                TestNode.of("vortex.alp", meta, List.of(), TestArrays.primitive(PType.I32, ints)),
                PType.F32,
                false,
                len);
        for (int i = 0; i < len; i++) {
            assertEquals(AlpDecoderTest.oracle32((int) ints[i], 2, 0), a.getFloat(i), "row " + i);
        }
    }

    @Test
    void alpRejectsStrayBuffersAndChildren() {
        byte[] meta = new ProtoWriter().varint(1, 1).toByteArray();
        TestNode ints = TestArrays.primitive(PType.I32, new long[] {1});
        rejects(TestNode.of("vortex.alp", meta, List.of(MemorySegment.ofArray(new byte[4])), ints), PType.F32, 1);
        rejects(TestNode.of("vortex.alp", meta, List.of(), ints, ints), PType.F32, 1);
    }

    private static byte[] rdMeta(int right, byte[] dict, int dictLen, byte[] patches) {
        ProtoWriter w = new ProtoWriter().varint(1, right).varint(2, dictLen);
        if (dict.length > 0) {
            w.bytes(3, dict);
        }
        w.varint(4, PType.U16.code());
        if (patches != null) {
            w.bytes(5, patches);
        }
        return w.toByteArray();
    }

    private static byte[] patchMeta(int count) {
        return new ProtoWriter().varint(1, count).varint(3, PType.U64.code()).toByteArray();
    }

    @Test
    void f32RightPartsAsWideAsTheFloat() {
        // right = 32: the left part is shifted out entirely, the value is the right bits.
        int bits = Float.floatToRawIntBits(-2.5f);
        TestNode node = TestNode.of(
                "vortex.alprd",
                rdMeta(32, new byte[] {0x07}, 1, null),
                List.of(),
                TestArrays.primitive(PType.U16, new long[] {0}),
                TestArrays.primitive(PType.U32, new long[] {bits & 0xFFFFFFFFL}));
        assertEquals(-2.5f, decode(node, PType.F32, false, 1).getFloat(0));
    }

    @Test
    void f64RightPartsAsWideAsTheDouble() {
        long bits = Double.doubleToRawLongBits(1234.5625);
        TestNode node = TestNode.of(
                "vortex.alprd",
                rdMeta(64, new byte[] {0x07}, 1, null),
                List.of(),
                TestArrays.primitive(PType.U16, new long[] {0}),
                TestArrays.primitive(PType.U64, new long[] {bits}));
        assertEquals(1234.5625, decode(node, PType.F64, false, 1).getDouble(0));
    }

    @Test
    void dictionaryEntriesZeroAndFfff() {
        // Entries 0 and 0xFFFF (varints 0x00 and 0xFF 0xFF 0x03), right = 48 for f64.
        long right0 = 0x0000_1234_5678_9ABCL;
        long right1 = 0x0000_0000_0000_0001L;
        TestNode node = TestNode.of(
                "vortex.alprd",
                rdMeta(48, new byte[] {0x00, (byte) 0xFF, (byte) 0xFF, 0x03}, 2, null),
                List.of(),
                TestArrays.primitive(PType.U16, new long[] {0, 1}),
                TestArrays.primitive(PType.U64, new long[] {right0, right1}));
        PrimitiveArray a = decode(node, PType.F64, false, 2);
        assertEquals(right0, Double.doubleToRawLongBits(a.getDouble(0)));
        assertEquals(0xFFFF_0000_0000_0001L, Double.doubleToRawLongBits(a.getDouble(1)));
    }

    @Test
    void emptyDictionaryWithEveryRowPatched() {
        // dict_len 0: every code is outside the dictionary, both rows are patches.
        long left = 0x3FF0; // 1.0 = 0x3FF0_0000_0000_0000
        TestNode node = TestNode.of(
                "vortex.alprd",
                rdMeta(48, new byte[0], 0, patchMeta(2)),
                List.of(),
                TestArrays.primitive(PType.U16, new long[] {0, 0}),
                TestArrays.primitive(PType.U64, new long[] {0, 0x8000_0000_0000L}),
                TestArrays.primitive(PType.U64, new long[] {0, 1}),
                TestArrays.primitive(PType.U16, new long[] {left, left}));
        PrimitiveArray a = decode(node, PType.F64, false, 2);
        assertEquals(1.0, a.getDouble(0));
        assertEquals(1.0 + 1.0 / 32, a.getDouble(1)); // mantissa bit 47 of 52
    }

    @Test
    void codeJustPastTheDictionaryUnderAPatchIsFine() {
        // f32, right = 16; dictionary [0x3F80] (1.0f's high half); row 1 has code 1 = dict_len, patched.
        TestNode node = TestNode.of(
                "vortex.alprd",
                rdMeta(16, new byte[] {(byte) 0x80, 0x7F}, 1, patchMeta(1)),
                List.of(),
                TestArrays.primitive(PType.U16, new long[] {0, 1, 0}, new boolean[] {true, true, false}),
                TestArrays.primitive(PType.U32, new long[] {0, 0, 0}),
                TestArrays.primitive(PType.U64, new long[] {1}),
                TestArrays.primitive(PType.U16, new long[] {0x4000}));
        PrimitiveArray a = decode(node, PType.F32, true, 3);
        assertEquals(1.0f, a.getFloat(0));
        assertEquals(2.0f, a.getFloat(1));
        assertTrue(a.isValid(1));
        assertFalse(a.isValid(2));
    }

    @Test
    void codeJustPastTheDictionaryOnAValidUnpatchedRowIsCorrupt() {
        // Patches exist (row 0), but row 1's code 1 = dict_len is neither patched nor null.
        TestNode node = TestNode.of(
                "vortex.alprd",
                rdMeta(16, new byte[] {(byte) 0x80, 0x7F}, 1, patchMeta(1)),
                List.of(),
                TestArrays.primitive(PType.U16, new long[] {0, 1}),
                TestArrays.primitive(PType.U32, new long[] {0, 0}),
                TestArrays.primitive(PType.U64, new long[] {0}),
                TestArrays.primitive(PType.U16, new long[] {0x4000}));
        VortexException e = assertThrows(VortexException.class, () -> decode(node, PType.F32, false, 2));
        assertTrue(e.getMessage().contains("left code 1 at row 1"), e.getMessage());
        TestNode f64 = TestNode.of(
                "vortex.alprd",
                rdMeta(48, new byte[] {0x01}, 1, null),
                List.of(),
                TestArrays.primitive(PType.U16, new long[] {0, 1}),
                TestArrays.primitive(PType.U64, new long[] {0, 0}));
        assertThrows(VortexException.class, () -> decode(f64, PType.F64, false, 2));
    }

    @Test
    void alpRdRejectsStrayBuffersAndChildren() {
        byte[] meta = rdMeta(16, new byte[] {0x01}, 1, null);
        TestNode codes = TestArrays.primitive(PType.U16, new long[] {0});
        TestNode rights = TestArrays.primitive(PType.U32, new long[] {0});
        rejects(
                TestNode.of("vortex.alprd", meta, List.of(MemorySegment.ofArray(new byte[2])), codes, rights),
                PType.F32,
                1);
        rejects(TestNode.of("vortex.alprd", meta, List.of(), codes, rights, rights), PType.F32, 1);
        byte[] patched = rdMeta(16, new byte[] {0x01}, 1, patchMeta(1));
        TestNode idx = TestArrays.primitive(PType.U64, new long[] {0});
        rejects(TestNode.of("vortex.alprd", patched, List.of(), codes, rights, idx), PType.F32, 1);
    }
}
