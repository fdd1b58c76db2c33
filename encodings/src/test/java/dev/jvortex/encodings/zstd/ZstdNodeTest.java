package dev.jvortex.encodings.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestNode;
import dev.jvortex.zstd.ZstdFixtures;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// `vortex.zstd` and `vortex.zstd_buffers` nodes over frames from the real zstd library. The
/// values are rebuilt here from the same formulas as `make_zstd_fixtures.py`.
class ZstdNodeTest {
    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    static String stringValue(int i) {
        if (i % 11 == 0) {
            return "";
        }
        String s = "row-" + i + "-" + "xyz".repeat(i % 9);
        return i % 13 == 0 ? s + "-é✓" : s;
    }

    static boolean stringValid(int i) {
        return i % 7 != 3;
    }

    static long longValue(int i) {
        return (i * 1_000_003L) % 65_537 - 30_000;
    }

    static boolean longValid(int i) {
        return i % 5 != 1;
    }

    // ---------------------------------------------------------------- strings

    @Test
    void stringsWithValidity() {
        VarBinViewArray a = decodeStrings(stringNode(false, 0), 20_000);
        for (int i = 0; i < 20_000; i++) {
            assertEquals(stringValid(i), a.validity().isValid(i), "row " + i);
            if (stringValid(i)) {
                assertEquals(stringValue(i), a.getString(i), "row " + i);
            } else {
                assertEquals(0, a.byteLength(i), "null row " + i);
            }
        }
    }

    @Test
    void stringsWithTrainedDictionary() {
        VarBinViewArray a = decodeStrings(stringNode(true, 0), 20_000);
        for (int i = 0; i < 20_000; i += 3) {
            if (stringValid(i)) {
                assertEquals(stringValue(i), a.getString(i), "row " + i);
            }
        }
    }

    @Test
    void stringsRejectLyingSizes() {
        assertThrows(VortexException.class, () -> decodeStrings(stringNode(false, 1), 20_000));
        assertThrows(VortexException.class, () -> decodeStrings(stringNode(false, -1), 20_000));
        assertThrows(VortexException.class, () -> decodeStrings(stringNode(false, 1L << 40), 20_000));
        // Validity with fewer valid rows than values in the frames.
        EncodedNode n = stringNode(false, 0);
        TestNode fewer =
                new TestNode(n.encoding(), n.metadata(), buffersOf(n), List.of(validityNode(20_000, i -> i % 7 > 3)));
        assertThrows(VortexException.class, () -> decodeStrings(fewer, 20_000));
    }

    @Test
    void stringsRejectFrameCountMismatch() {
        EncodedNode n = stringNode(false, 0);
        List<MemorySegment> buffers = buffersOf(n);
        buffers.remove(buffers.size() - 1);
        TestNode missing = new TestNode(n.encoding(), n.metadata(), buffers, List.of(n.child(0)));
        VortexException e = assertThrows(VortexException.class, () -> decodeStrings(missing, 20_000));
        assertTrue(e.getMessage().contains("frames"), e.getMessage());
    }

    @Test
    void damagedFramesFailCleanly() {
        EncodedNode n = stringNode(true, 0);
        java.util.Random random = new java.util.Random(42);
        for (int t = 0; t < 200; t++) {
            List<MemorySegment> buffers = new ArrayList<>();
            for (MemorySegment b : buffersOf(n)) {
                buffers.add(MemorySegment.ofArray(b.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
            }
            MemorySegment victim = buffers.get(random.nextInt(buffers.size()));
            long at = random.nextLong(victim.byteSize());
            victim.set(java.lang.foreign.ValueLayout.JAVA_BYTE, at, (byte)
                    (victim.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at) ^ (1 << random.nextInt(8))));
            TestNode damaged = new TestNode(n.encoding(), n.metadata(), buffers, List.of(n.child(0)));
            try {
                decodeStrings(damaged, 20_000);
            } catch (VortexException expected) {
                assertFalse(expected.getMessage().contains("escaped a bounds check"), expected.getMessage());
                assertFalse(expected.kind() == VortexException.Kind.INTERNAL, expected.getMessage());
            }
        }
    }

    private VarBinViewArray decodeStrings(EncodedNode node, int len) {
        Array a = Decoding.decodeRoot(node, new DType.Utf8(true), len, arena);
        return assertInstanceOf(VarBinViewArray.class, a);
    }

    /// Builds the string node; `lie` is added to the last frame's uncompressed size.
    private static EncodedNode stringNode(boolean dictionary, long lie) {
        int n = 20_000;
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (stringValid(i)) {
                values.add(stringValue(i).getBytes(StandardCharsets.UTF_8));
            }
        }
        int perFrame = dictionary ? 1000 : 8192;
        int frames = (values.size() + perFrame - 1) / perFrame;
        List<MemorySegment> buffers = new ArrayList<>();
        long[][] meta = new long[frames][];
        byte[] dict = null;
        if (dictionary) {
            dict = ZstdFixtures.resource("vortex/strings-dict.dict");
            buffers.add(MemorySegment.ofArray(dict));
        }
        for (int f = 0; f < frames; f++) {
            long size = 0;
            int count = Math.min(perFrame, values.size() - f * perFrame);
            for (int k = 0; k < count; k++) {
                size += 4 + values.get(f * perFrame + k).length;
            }
            String name = dictionary
                    ? String.format(Locale.ROOT, "vortex/strings-dict-%02d.zst", f)
                    : "vortex/strings-" + f + ".zst";
            buffers.add(MemorySegment.ofArray(ZstdFixtures.resource(name)));
            meta[f] = new long[] {f == frames - 1 ? size + lie : size, count};
        }
        byte[] metadata = zstdMetadata(dict == null ? 0 : dict.length, meta);
        return new TestNode("vortex.zstd", metadata, buffers, List.of(validityNode(n, ZstdNodeTest::stringValid)));
    }

    // ---------------------------------------------------------------- primitives

    @Test
    void longsWithValidity() {
        EncodedNode node = longNode(true, false);
        PrimitiveArray a = assertInstanceOf(
                PrimitiveArray.class, Decoding.decodeRoot(node, new DType.Primitive(PType.I64, true), 10_000, arena));
        for (int i = 0; i < 10_000; i++) {
            assertEquals(longValid(i), a.isValid(i), "row " + i);
            if (longValid(i)) {
                assertEquals(longValue(i), a.getLong(i), "row " + i);
            }
        }
    }

    @Test
    void longsWithoutNullsAndLegacyValueCounts() {
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            if (longValid(i)) {
                expected.add(longValue(i));
            }
        }
        for (boolean legacy : new boolean[] {false, true}) {
            EncodedNode node = longNode(false, legacy);
            PrimitiveArray a = assertInstanceOf(
                    PrimitiveArray.class,
                    Decoding.decodeRoot(node, new DType.Primitive(PType.I64, false), expected.size(), arena));
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i), a.getLong(i), "row " + i);
            }
        }
    }

    @Test
    void longsRejectWrongTypeWidth() {
        EncodedNode node = longNode(true, false);
        assertThrows(
                VortexException.class,
                () -> Decoding.decodeRoot(node, new DType.Primitive(PType.I32, true), 10_000, arena));
    }

    private static EncodedNode longNode(boolean nullable, boolean legacy) {
        int valid = 0;
        for (int i = 0; i < 10_000; i++) {
            valid += longValid(i) ? 1 : 0;
        }
        int frames = (valid + 4095) / 4096;
        List<MemorySegment> buffers = new ArrayList<>();
        long[][] meta = new long[frames][];
        for (int f = 0; f < frames; f++) {
            int count = Math.min(4096, valid - f * 4096);
            buffers.add(MemorySegment.ofArray(ZstdFixtures.resource("vortex/longs-" + f + ".zst")));
            meta[f] = new long[] {count * 8L, legacy ? 0 : count};
        }
        byte[] metadata = zstdMetadata(0, meta);
        return nullable
                ? new TestNode("vortex.zstd", metadata, buffers, List.of(validityNode(10_000, ZstdNodeTest::longValid)))
                : new TestNode("vortex.zstd", metadata, buffers, List.of());
    }

    // ---------------------------------------------------------------- zstd_buffers

    @Test
    void zstdBuffersWrapsAPrimitiveArray() {
        byte[] frame = ZstdFixtures.resource("vortex/longs-0.zst");
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        writeBytes(m, 1, "vortex.primitive".getBytes(StandardCharsets.UTF_8));
        writeBytes(m, 2, new byte[0]);
        writeVarint(m, 3 << 3);
        writeVarint(m, 4096 * 8);
        writeVarint(m, 4 << 3);
        writeVarint(m, 8);
        TestNode node = TestNode.of("vortex.zstd_buffers", m.toByteArray(), List.of(MemorySegment.ofArray(frame)));
        PrimitiveArray a = assertInstanceOf(
                PrimitiveArray.class, Decoding.decodeRoot(node, new DType.Primitive(PType.I64, false), 4096, arena));
        int row = 0;
        for (int i = 0; row < 4096; i++) {
            if (longValid(i)) {
                assertEquals(longValue(i), a.getLong(row++));
            }
        }
        // A size that does not match the frame fails.
        ByteArrayOutputStream bad = new ByteArrayOutputStream();
        writeBytes(bad, 1, "vortex.primitive".getBytes(StandardCharsets.UTF_8));
        writeVarint(bad, 3 << 3);
        writeVarint(bad, 4096 * 8 - 8);
        writeVarint(bad, 4 << 3);
        writeVarint(bad, 8);
        TestNode lying = TestNode.of("vortex.zstd_buffers", bad.toByteArray(), List.of(MemorySegment.ofArray(frame)));
        assertThrows(
                VortexException.class,
                () -> Decoding.decodeRoot(lying, new DType.Primitive(PType.I64, false), 4095, arena));
    }

    // ---------------------------------------------------------------- helpers

    private static List<MemorySegment> buffersOf(EncodedNode n) {
        List<MemorySegment> out = new ArrayList<>();
        for (int i = 0; i < n.bufferCount(); i++) {
            out.add(n.buffer(i));
        }
        return out;
    }

    static TestNode validityNode(int len, IntPredicate valid) {
        MemorySegment bits = MemorySegment.ofArray(new byte[(len + 7) / 8]);
        for (int i = 0; i < len; i++) {
            if (valid.test(i)) {
                Bits.set(bits, i);
            }
        }
        return TestNode.of("vortex.bool", new byte[0], List.of(bits));
    }

    /// Encodes `ZstdMetadata { dictionary_size = 1; repeated ZstdFrameMetadata frames = 2 }`.
    static byte[] zstdMetadata(int dictionarySize, long[][] frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (dictionarySize > 0) {
            writeVarint(out, 1 << 3);
            writeVarint(out, dictionarySize);
        }
        for (long[] f : frames) {
            ByteArrayOutputStream frame = new ByteArrayOutputStream();
            writeVarint(frame, 1 << 3);
            writeVarint(frame, f[0]);
            writeVarint(frame, 2 << 3);
            writeVarint(frame, f[1]);
            writeBytes(out, 2, frame.toByteArray());
        }
        return out.toByteArray();
    }

    static void writeBytes(ByteArrayOutputStream out, int field, byte[] bytes) {
        writeVarint(out, field << 3 | 2);
        writeVarint(out, bytes.length);
        out.writeBytes(bytes);
    }

    static void writeVarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }
}
