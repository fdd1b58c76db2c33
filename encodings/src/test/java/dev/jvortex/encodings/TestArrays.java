package dev.jvortex.encodings;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;

/// Builders for hand-made encoded nodes and checks on decoded primitive arrays.
public final class TestArrays {
    private TestArrays() {}

    /// Returns `values` as little-endian `ptype` bytes (low bits of each long).
    public static MemorySegment bytes(PType ptype, long[] values) {
        int w = ptype.byteWidth();
        byte[] out = new byte[values.length * w];
        for (int i = 0; i < values.length; i++) {
            for (int b = 0; b < w; b++) {
                out[i * w + b] = (byte) (values[i] >>> (8 * b));
            }
        }
        return MemorySegment.ofArray(out);
    }

    /// Returns an LSB-first bitmap of `bits`.
    public static MemorySegment bitmap(boolean[] bits) {
        byte[] out = new byte[(bits.length + 7) / 8];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                out[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return MemorySegment.ofArray(out);
    }

    /// Returns a `vortex.bool` node holding `bits`.
    public static TestNode bools(boolean[] bits) {
        return TestNode.of("vortex.bool", new byte[0], List.of(bitmap(bits)));
    }

    /// Returns a `vortex.primitive` node of non-null values.
    public static TestNode primitive(PType ptype, long[] values) {
        return TestNode.of("vortex.primitive", new byte[0], List.of(bytes(ptype, values)));
    }

    /// Returns a `vortex.primitive` node with a validity child (`valid == null` means no child).
    public static TestNode primitive(PType ptype, long[] values, boolean[] valid) {
        if (valid == null) {
            return primitive(ptype, values);
        }
        return TestNode.of("vortex.primitive", new byte[0], List.of(bytes(ptype, values)), bools(valid));
    }

    /// Returns the low `bits` bits of `v` (all of them for 64).
    public static long low(long v, int bits) {
        return bits >= 64 ? v : v & ((1L << bits) - 1);
    }

    /// Returns `v` truncated to `ptype`'s width and extended as [PrimitiveArray#getLong(int)] does.
    public static long canonical(PType ptype, long v) {
        return switch (ptype) {
            case I8 -> (byte) v;
            case I16 -> (short) v;
            case I32 -> (int) v;
            case U8 -> v & 0xFF;
            case U16 -> v & 0xFFFF;
            case U32 -> v & 0xFFFFFFFFL;
            default -> v;
        };
    }

    /// Returns a random value of `bits` bits (zero for 0).
    public static long random(Random random, int bits) {
        return low(random.nextLong(), bits);
    }

    /// Returns random validity with roughly `nullRate` nulls.
    public static boolean[] validity(Random random, int len, double nullRate) {
        boolean[] v = new boolean[len];
        for (int i = 0; i < len; i++) {
            v[i] = random.nextDouble() >= nullRate;
        }
        return v;
    }

    /// Decodes `node` as a primitive array of `ptype`.
    public static PrimitiveArray decode(TestNode node, PType ptype, boolean nullable, int len, Arena arena) {
        Array a = Decoding.decodeRoot(node, new DType.Primitive(ptype, nullable), len, arena);
        return assertInstanceOf(PrimitiveArray.class, a);
    }

    /// Asserts the decoded values (compared at valid rows only when `valid` is given) and validity.
    public static void assertValues(PrimitiveArray a, long[] expected, boolean[] valid, String what) {
        assertEquals(expected.length, a.length(), what + ": length");
        for (int i = 0; i < expected.length; i++) {
            boolean ok = valid == null || valid[i];
            assertEquals(ok, a.isValid(i), what + ": validity of row " + i);
            if (ok) {
                long want = canonical(a.ptype(), expected[i]);
                if (a.getLong(i) != want) {
                    assertEquals(Long.toHexString(want), Long.toHexString(a.getLong(i)), what + ": row " + i);
                }
            }
        }
    }

    /// Returns the bytes of `segment` (for checking that an input was not modified).
    public static byte[] copy(MemorySegment segment) {
        return segment.toArray(JAVA_BYTE);
    }
}
