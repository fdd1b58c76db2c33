package dev.jvortex.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.jvortex.core.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/// [Primitives#segment(PType, int[], int)] writes the low bits of each int, little-endian, at
/// every width.
class PrimitivesSegmentTest {
    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void narrowsLittleEndian() {
        int[] v = {0, 1, 0x1234, 0xFFFF, 0x10203, -1};
        assertArrayEquals(
                new byte[] {0, 1, 0x34, (byte) 0xFF, 3, (byte) 0xFF}, bytes(Primitives.segment(PType.U8, v, 6)));
        assertArrayEquals(
                new byte[] {0, 0, 1, 0, 0x34, 0x12, (byte) 0xFF, (byte) 0xFF, 3, 2, (byte) 0xFF, (byte) 0xFF},
                bytes(Primitives.segment(PType.U16, v, 6)));
        assertArrayEquals(
                new byte[] {0x34, 0x12, 0, 0, 3, 2, 1, 0},
                bytes(Primitives.segment(PType.U32, new int[] {0x1234, 0x10203}, 2)));
        assertArrayEquals(
                new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0, 0, 0, 0},
                bytes(Primitives.segment(PType.U64, new int[] {-1}, 1)));
        // Only the first n values.
        assertArrayEquals(new byte[] {0, 0, 1, 0}, bytes(Primitives.segment(PType.U16, v, 2)));
    }
}
