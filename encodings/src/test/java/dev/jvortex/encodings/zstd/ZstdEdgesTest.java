package dev.jvortex.encodings.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import dev.jvortex.zstd.ZstdCompressor;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// `vortex.zstd` and `vortex.zstd_buffers` nodes over small frames made here: string payloads
/// that end early, claim too much or leave bytes over (with the row and byte counts reported),
/// frame sizes that do not match the values, and buffer alignments at and past their limit.
class ZstdEdgesTest {
    private static final DType UTF8 = new DType.Utf8(false);
    private static final DType I64 = new DType.Primitive(PType.I64, false);

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private static MemorySegment frame(byte[] raw) {
        return MemorySegment.ofArray(new ZstdCompressor().compress(raw));
    }

    /// A string payload: each value as a little-endian u32 length and its bytes, then `tail`.
    private static byte[] payload(List<String> values, byte[] tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String v : values) {
            byte[] b = v.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(ByteBuffer.allocate(4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(b.length)
                    .array());
            out.writeBytes(b);
        }
        out.writeBytes(tail);
        return out.toByteArray();
    }

    private static TestNode strings(byte[] raw, int values, EncodedNode... children) {
        byte[] meta = ZstdNodeTest.zstdMetadata(0, new long[][] {{raw.length, values}});
        return new TestNode("vortex.zstd", meta, List.of(frame(raw)), List.of(children));
    }

    private void rejects(EncodedNode node, DType type, int len, String message) {
        VortexException e = assertThrows(VortexException.class, () -> Decoding.decodeRoot(node, type, len, arena));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void stringsShortAndLongWithANull() {
        String longValue = "a value longer than twelve bytes";
        byte[] raw = payload(List.of("", longValue, "short"), new byte[0]);
        TestNode validity = TestArrays.bools(new boolean[] {true, true, false, true});
        Array a = Decoding.decodeRoot(strings(raw, 3, validity), new DType.Utf8(true), 4, arena);
        VarBinViewArray v = (VarBinViewArray) a;
        assertEquals("", v.getString(0));
        assertEquals(longValue, v.getString(1));
        assertFalse(v.isValid(2));
        assertEquals("short", v.getString(3));
        // The view of a long value carries its first four bytes.
        assertEquals(
                ByteBuffer.wrap("a va".getBytes(StandardCharsets.US_ASCII))
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getInt(),
                v.views()
                        .get(
                                java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN),
                                16 + 4));
    }

    @Test
    void stringPayloadEndingInsideALengthIsCorrupt() {
        byte[] raw = payload(List.of("abc"), new byte[] {1, 0, 0});
        rejects(strings(raw, 2), UTF8, 2, "zstd string payload of 10 bytes ends before row 1");
    }

    @Test
    void stringClaimingMoreThanRemainsIsCorrupt() {
        // Row 1 claims 9 bytes; 7 bytes follow the first row, 3 after row 1's length.
        byte[] raw = payload(List.of("abc"), new byte[] {9, 0, 0, 0, 'x', 'y', 'z'});
        rejects(strings(raw, 2), UTF8, 2, "zstd string of row 1 claims 9 bytes but 3 remain");
        // Claiming exactly what remains is fine.
        byte[] exact = payload(List.of("abc"), new byte[] {3, 0, 0, 0, 'x', 'y', 'z'});
        VarBinViewArray v = (VarBinViewArray) Decoding.decodeRoot(strings(exact, 2), UTF8, 2, arena);
        assertEquals("xyz", v.getString(1));
    }

    @Test
    void stringPayloadWithBytesLeftOverIsCorrupt() {
        byte[] raw = payload(List.of("abc", "de"), new byte[] {7, 7});
        rejects(strings(raw, 2), UTF8, 2, "has 2 bytes left after the last of 2 valid rows");
    }

    private static byte[] longs(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    @Test
    void primitiveFramesMustHoldTheValidValues() {
        byte[] raw = longs(1, 2);
        byte[] meta = ZstdNodeTest.zstdMetadata(0, new long[][] {{raw.length, 2}});
        TestNode node = TestNode.of("vortex.zstd", meta, List.of(frame(raw)));
        PrimitiveArray a = (PrimitiveArray) Decoding.decodeRoot(node, I64, 2, arena);
        assertEquals(List.of(1L, 2L), List.of(a.getLong(0), a.getLong(1)));
        rejects(node, I64, 3, "zstd frames hold 16 bytes but 3 valid i64 values need 24");
        byte[] countLies = ZstdNodeTest.zstdMetadata(0, new long[][] {{raw.length, 3}});
        rejects(
                TestNode.of("vortex.zstd", countLies, List.of(frame(raw))),
                I64,
                2,
                "hold 3 values but 2 rows are valid");
    }

    @Test
    void frameCountAndChildrenAreChecked() {
        byte[] raw = longs(5);
        byte[] twoFrames = ZstdNodeTest.zstdMetadata(0, new long[][] {{8, 1}, {8, 1}});
        VortexException e = assertThrows(
                VortexException.class,
                () -> Decoding.decodeRoot(TestNode.of("vortex.zstd", twoFrames, List.of(frame(raw))), I64, 2, arena));
        assertTrue(e.getMessage().contains("has 1 buffers but its metadata describes 2 frames"), e.getMessage());
        assertFalse(e.getMessage().contains("dictionary"), e.getMessage());
        byte[] withDictionary = ZstdNodeTest.zstdMetadata(64, new long[][] {{8, 1}});
        rejects(
                TestNode.of("vortex.zstd", withDictionary, List.of(frame(raw))),
                I64,
                1,
                "describes 1 frames and a dictionary");
        byte[] meta = ZstdNodeTest.zstdMetadata(0, new long[][] {{8, 1}});
        TestNode bits = TestArrays.bools(new boolean[] {true});
        assertThrows(
                VortexException.class,
                () -> Decoding.decodeRoot(
                        TestNode.of("vortex.zstd", meta, List.of(frame(raw)), bits, bits),
                        new DType.Primitive(PType.I64, true),
                        1,
                        arena));
    }

    private static TestNode zstdBuffers(byte[] raw, long alignment) {
        byte[] meta = new ZstdBuffersMetadata(
                        "vortex.primitive", new byte[0], List.of((long) raw.length), List.of(alignment))
                .write();
        return TestNode.of("vortex.zstd_buffers", meta, List.of(frame(raw)));
    }

    @Test
    void zstdBuffersAlignments() {
        byte[] raw = longs(11, 12);
        for (long ok : new long[] {1, 8, 1 << 16}) {
            PrimitiveArray a = (PrimitiveArray) Decoding.decodeRoot(zstdBuffers(raw, ok), I64, 2, arena);
            assertEquals(12L, a.getLong(1), "alignment " + ok);
        }
        for (long bad : new long[] {0, -8, 3, 12, 1 << 17}) {
            rejects(zstdBuffers(raw, bad), I64, 2, "alignment " + bad + " is not a power of two");
        }
    }
}
