package dev.jvortex.encodings;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/// Builders of hand-made canonical nodes, random data and assertions shared by the decoder tests.
public final class StringTestArrays {
    private StringTestArrays() {}

    /// Returns a `vortex.primitive` node holding `values` (low bytes of each long) as `ptype`.
    public static TestNode primitive(PType ptype, long... values) {
        return primitive(ptype, values, null);
    }

    /// Returns a `vortex.primitive` node with a validity child when `valid` is not null.
    public static TestNode primitive(PType ptype, long[] values, boolean[] valid) {
        MemorySegment data = MemorySegment.ofArray(new byte[values.length * ptype.byteWidth()]);
        for (int i = 0; i < values.length; i++) {
            PrimitiveArray.setLong(data, ptype, i, values[i]);
        }
        return valid == null
                ? TestNode.of("vortex.primitive", new byte[0], List.of(data))
                : TestNode.of("vortex.primitive", new byte[0], List.of(data), bools(valid));
    }

    /// Returns a `vortex.bool` node (bit offset 0).
    public static TestNode bools(boolean[] bits) {
        byte[] packed = new byte[(bits.length + 7) / 8];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                packed[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return TestNode.of("vortex.bool", new byte[0], List.of(MemorySegment.ofArray(packed)));
    }

    /// Returns a `vortex.varbinview` node of the given rows (null rows get an empty view and a cleared validity bit).
    public static TestNode varbinview(byte[][] rows, boolean nullable) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        MemorySegment views = MemorySegment.ofArray(new byte[rows.length * 16]);
        boolean[] valid = new boolean[rows.length];
        for (int i = 0; i < rows.length; i++) {
            byte[] v = rows[i];
            valid[i] = v != null;
            if (v == null) {
                continue;
            }
            views.set(PrimitiveArray.LE_INT, i * 16L, v.length);
            if (v.length <= 12) {
                MemorySegment.copy(MemorySegment.ofArray(v), 0, views, i * 16L + 4, v.length);
            } else {
                MemorySegment.copy(MemorySegment.ofArray(v), 0, views, i * 16L + 4, 4);
                views.set(PrimitiveArray.LE_INT, i * 16L + 8, 0);
                views.set(PrimitiveArray.LE_INT, i * 16L + 12, data.size());
                data.writeBytes(v);
            }
        }
        List<MemorySegment> buffers = List.of(MemorySegment.ofArray(data.toByteArray()), views);
        return nullable
                ? TestNode.of("vortex.varbinview", new byte[0], buffers, bools(valid))
                : TestNode.of("vortex.varbinview", new byte[0], buffers);
    }

    /// Returns a node with the given parts, metadata built by `meta`.
    public static TestNode node(String id, ProtoWriter meta, List<MemorySegment> buffers, EncodedNode... children) {
        return TestNode.of(id, meta == null ? new byte[0] : meta.toByteArray(), buffers, children);
    }

    /// Returns a heap segment over `bytes`.
    public static MemorySegment segment(byte[] bytes) {
        return MemorySegment.ofArray(bytes);
    }

    /// Decodes `root` as `dtype` with `len` rows into `arena`.
    public static Array decode(EncodedNode root, DType dtype, int len, Arena arena) {
        return Decoding.decodeRoot(root, dtype, len, arena);
    }

    /// Asserts that decoding fails with a corrupt-data error and returns it.
    public static VortexException assertCorrupt(EncodedNode root, DType dtype, int len) {
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(VortexException.class, () -> decode(root, dtype, len, arena));
            assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
            return e;
        }
    }

    /// Asserts that `actual` is a string array whose rows equal `expected` (null entries = null rows).
    public static void assertStrings(byte[][] expected, Array actual, String label) {
        VarBinViewArray s = assertInstanceOf(VarBinViewArray.class, actual, label);
        assertEquals(expected.length, s.length(), label);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] == null) {
                assertEquals(false, s.isValid(i), label + " row " + i + " should be null");
            } else {
                assertEquals(true, s.isValid(i), label + " row " + i + " should be valid");
                assertArrayEquals(expected[i], s.getBytes(i), label + " row " + i);
                if (expected[i].length <= 12) {
                    // Inlined views must be zero after the value.
                    for (int k = 4 + expected[i].length; k < 16; k++) {
                        assertEquals(0, s.views().get(JAVA_BYTE, i * 16L + k), label + " row " + i + " view byte " + k);
                    }
                }
            }
        }
    }

    /// Returns random rows: about `nullRate` nulls, some empty, some long, ASCII and multi-byte UTF-8.
    public static byte[][] randomStrings(Random random, int n, double nullRate, boolean withNulls) {
        String[] words = {
            "alpha", "beta", "gamma", "http://", "www.", "example", ".com/", "the ", "quick ", "brown ", "fox", "ü",
            "€uro", "😀", " ", "data", "vortex", "0", "1", "42"
        };
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            if (withNulls && random.nextDouble() < nullRate) {
                continue;
            }
            int kind = random.nextInt(10);
            StringBuilder sb = new StringBuilder();
            int parts = kind == 0 ? 0 : kind == 1 ? 20 + random.nextInt(60) : random.nextInt(6);
            for (int p = 0; p < parts; p++) {
                sb.append(words[random.nextInt(words.length)]);
                if (random.nextInt(8) == 0) {
                    sb.append((char) ('a' + random.nextInt(26)));
                }
            }
            out[i] = sb.toString().getBytes(StandardCharsets.UTF_8);
        }
        return out;
    }

    /// Returns random byte strings (any byte value, including 0xFF), some null when `withNulls`.
    public static byte[][] randomBinary(Random random, int n, boolean withNulls) {
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            if (withNulls && random.nextInt(6) == 0) {
                continue;
            }
            byte[] b = new byte[random.nextInt(40)];
            for (int k = 0; k < b.length; k++) {
                b[k] = random.nextInt(3) == 0
                        ? (byte) random.nextInt(256)
                        : (byte) "abcab\u00ff".getBytes(StandardCharsets.ISO_8859_1)[random.nextInt(6)];
            }
            out[i] = b;
        }
        return out;
    }

    /// Returns the non-null rows of `rows` concatenated, and fills `lengths` (0 for nulls).
    public static byte[] concat(byte[][] rows, long[] lengths) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != null) {
                out.writeBytes(rows[i]);
                lengths[i] = rows[i].length;
            }
        }
        return out.toByteArray();
    }

    /// Returns true at the positions of non-null rows.
    public static boolean[] validity(byte[][] rows) {
        boolean[] out = new boolean[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = rows[i] != null;
        }
        return out;
    }

    /// Returns `rows[from, to)`.
    public static byte[][] slice(byte[][] rows, int from, int to) {
        List<byte[]> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(rows[i]);
        }
        return out.toArray(byte[][]::new);
    }

    /// Returns `s` as UTF-8 bytes.
    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
