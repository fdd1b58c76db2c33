package dev.jvortex.encodings.fsst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import dev.jvortex.encodings.varbin.VarBinMetadata;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// `vortex.fsst` nodes built by hand with the symbol table `{0: "ab", 1: "cdefghij"}`: the
/// malformed shapes of both forms, and the positions reported for unknown codes, overruns and a
/// trailing escape, on the unchecked and on the checked decoding path.
class FsstEdgesTest {
    private static final DType UTF8 = new DType.Utf8(false);

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private Array decode(EncodedNode node, int len) {
        return Decoding.decodeRoot(node, UTF8, len, arena);
    }

    private static MemorySegment bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) values[i];
        }
        return MemorySegment.ofArray(b);
    }

    private static MemorySegment symbols(String... symbols) {
        ByteBuffer b = ByteBuffer.allocate(8 * symbols.length).order(ByteOrder.LITTLE_ENDIAN);
        for (String s : symbols) {
            byte[] v = s.getBytes(StandardCharsets.US_ASCII);
            b.put(v);
            b.put(new byte[8 - v.length]);
        }
        return MemorySegment.ofArray(b.array());
    }

    private static final MemorySegment SYMS = symbols("ab", "cdefghij");
    private static final MemorySegment LENS = bytes(2, 8);

    private static byte[] meta(PType lengths, PType offsets) {
        return new FsstMetadata(lengths.code(), offsets.code()).write();
    }

    private static TestNode current(MemorySegment codes, long[] rowLengths, long[] offsets) {
        return TestNode.of(
                "vortex.fsst",
                meta(PType.U8, PType.U8),
                List.of(SYMS, LENS, codes),
                TestArrays.primitive(PType.U8, rowLengths),
                TestArrays.primitive(PType.U8, offsets));
    }

    private void rejects(EncodedNode node, int len, String message) {
        VortexException e = assertThrows(VortexException.class, () -> decode(node, len));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void currentFormShapesAreChecked() {
        TestNode good = current(bytes(0), new long[] {2}, new long[] {0, 1});
        assertEquals("ab", ((VarBinViewArray) decode(good, 1)).getString(0));
        MemorySegment codes = bytes(0);
        TestNode lengths = TestArrays.primitive(PType.U8, new long[] {2});
        TestNode offsets = TestArrays.primitive(PType.U8, new long[] {0, 1});
        // One buffer, four buffers.
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.fsst", meta(PType.U8, PType.U8), List.of(SYMS), lengths, offsets), 1));
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of(
                                "vortex.fsst",
                                meta(PType.U8, PType.U8),
                                List.of(SYMS, LENS, codes, codes),
                                lengths,
                                offsets),
                        1));
        // One child, four children.
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of("vortex.fsst", meta(PType.U8, PType.U8), List.of(SYMS, LENS, codes), lengths), 1));
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of(
                                "vortex.fsst",
                                meta(PType.U8, PType.U8),
                                List.of(SYMS, LENS, codes),
                                lengths,
                                offsets,
                                lengths,
                                lengths),
                        1));
        // Float lengths or offsets.
        rejects(
                TestNode.of(
                        "vortex.fsst",
                        meta(PType.F32, PType.U8),
                        List.of(SYMS, LENS, codes),
                        TestArrays.primitive(PType.F32, new long[] {0}),
                        offsets),
                1,
                "uncompressed_lengths_ptype must be an integer type");
        rejects(
                TestNode.of(
                        "vortex.fsst",
                        meta(PType.U8, PType.F32),
                        List.of(SYMS, LENS, codes),
                        lengths,
                        TestArrays.primitive(PType.F32, new long[] {0, 0})),
                1,
                "codes_offsets_ptype must be an integer type");
    }

    private static TestNode varbin(PType offsetsType, MemorySegment codes, long[] offsets) {
        return TestNode.of(
                "vortex.varbin",
                new VarBinMetadata(offsetsType.code()).write(),
                List.of(codes),
                TestArrays.primitive(offsetsType, offsets));
    }

    @Test
    void legacyFormShapesAreChecked() {
        TestNode codes = varbin(PType.U8, bytes(1), new long[] {0, 1});
        TestNode lengths = TestArrays.primitive(PType.U8, new long[] {8});
        byte[] meta = meta(PType.U8, PType.U8);
        TestNode good = TestNode.of("vortex.fsst", meta, List.of(SYMS, LENS), codes, lengths);
        assertEquals("cdefghij", ((VarBinViewArray) decode(good, 1)).getString(0));
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.fsst", meta, List.of(SYMS, LENS), codes, lengths, lengths), 1));
        rejects(
                TestNode.of(
                        "vortex.fsst",
                        meta(PType.F64, PType.U8),
                        List.of(SYMS, LENS),
                        codes,
                        TestArrays.primitive(PType.F64, new long[] {0})),
                1,
                "uncompressed_lengths_ptype must be an integer type");
        rejects(TestNode.of("vortex.fsst", meta, List.of(SYMS, LENS), lengths, lengths), 1, "must be vortex.varbin");
        TestNode noBytes = new TestNode("vortex.varbin", codes.metadata(), List.of(), codes.children());
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.fsst", meta, List.of(SYMS, LENS), noBytes, lengths), 1));
        TestNode noOffsets = new TestNode("vortex.varbin", codes.metadata(), codes.buffers(), List.of());
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.fsst", meta, List.of(SYMS, LENS), noOffsets, lengths), 1));
        TestNode floatOffsets = varbin(PType.F32, bytes(1), new long[] {0, 0});
        rejects(
                TestNode.of("vortex.fsst", meta, List.of(SYMS, LENS), floatOffsets, lengths),
                1,
                "offsets_ptype must be an integer type");
    }

    @Test
    void symbolTableSizesAreChecked() {
        TestNode node = TestNode.of(
                "vortex.fsst",
                meta(PType.U8, PType.U8),
                List.of(symbols("ab"), LENS, bytes(0)),
                TestArrays.primitive(PType.U8, new long[] {2}),
                TestArrays.primitive(PType.U8, new long[] {0, 1}));
        rejects(node, 1, "expected 16 for 2 symbols");
    }

    @Test
    void unknownCodePositionOnTheUncheckedPath() {
        // 24 bytes expected: the first codes run without the per-code check; code 7 is at byte 2.
        rejects(
                current(bytes(1, 1, 7, 1), new long[] {24}, new long[] {0, 4}),
                1,
                "fsst code 7 at byte 2 has no symbol");
    }

    @Test
    void unknownCodePositionOnTheCheckedPath() {
        // 2 bytes expected: fewer than 8, so every code is checked; code 9 is at byte 1.
        rejects(current(bytes(0, 9), new long[] {2}, new long[] {0, 2}), 1, "fsst code 9 at byte 1 has no symbol");
    }

    @Test
    void overrunPositions() {
        // "ab" then "cdefghij" where 4 bytes are expected: the second symbol (byte 1) overruns.
        rejects(current(bytes(0, 1), new long[] {4}, new long[] {0, 2}), 1, "(at code byte 1)");
        // "ab" then an escaped 'x' where 2 bytes are expected: the escape at byte 1 overruns.
        rejects(current(bytes(0, 255, 'x'), new long[] {2}, new long[] {0, 3}), 1, "(at code byte 1)");
    }

    @Test
    void escapeAsTheLastCodeIsCorrupt() {
        // On the checked path (1 byte expected) and on the unchecked one (9 bytes expected).
        rejects(current(bytes(255), new long[] {1}, new long[] {0, 1}), 1, "end with an escape code");
        rejects(current(bytes(1, 255), new long[] {9}, new long[] {0, 2}), 1, "end with an escape code");
        // An escape whose literal is the very last byte is fine on both paths.
        assertEquals(
                "x",
                ((VarBinViewArray) decode(current(bytes(255, 'x'), new long[] {1}, new long[] {0, 2}), 1))
                        .getString(0));
        assertEquals(
                "cdefghijx",
                ((VarBinViewArray) decode(current(bytes(1, 255, 'x'), new long[] {9}, new long[] {0, 3}), 1))
                        .getString(0));
    }

    @Test
    void codesWindowStartingInsideTheBuffer() {
        // Offsets [2, 4): the first two code bytes belong to no row of this slice.
        TestNode node = current(bytes(9, 9, 1, 0), new long[] {10}, new long[] {2, 4});
        assertEquals("cdefghijab", ((VarBinViewArray) decode(node, 1)).getString(0));
    }

    @Test
    void shortDecodeIsCorrupt() {
        rejects(
                current(bytes(0), new long[] {3}, new long[] {0, 1}),
                1,
                "decode to 2 bytes but uncompressed_lengths add up to 3");
    }
}
