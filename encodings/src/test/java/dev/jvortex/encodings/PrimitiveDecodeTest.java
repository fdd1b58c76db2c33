package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrimitiveDecodeTest {
    @Test
    void decodesLittleEndianValuesWithValidity() {
        MemorySegment values =
                MemorySegment.ofArray(new byte[] {1, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF});
        MemorySegment bits = MemorySegment.ofArray(new byte[] {0b01});
        TestNode validity = TestNode.of("vortex.bool", new byte[0], List.of(bits));
        TestNode node = TestNode.of("vortex.primitive", new byte[0], List.of(values), validity);
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a =
                    (PrimitiveArray) Decoding.decodeRoot(node, new DType.Primitive(PType.I32, true), 2, arena);
            assertEquals(1, a.getLong(0));
            assertEquals(-1, a.getLong(1));
            assertTrue(a.isValid(0));
            assertFalse(a.isValid(1));
        }
    }

    @Test
    void rejectsShortBuffer() {
        TestNode node = TestNode.of("vortex.primitive", new byte[0], List.of(MemorySegment.ofArray(new byte[7])));
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(PType.I64, false), 1, arena));
            assertTrue(e.getMessage().contains("expected 8"), e.getMessage());
        }
    }
}
