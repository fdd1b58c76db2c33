package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import org.junit.jupiter.api.Test;

/// The frame-of-reference encoder: minimum, reference scalar, null rows, refusals.
class ForEncoderTest {
    @Test
    void minMaxComparesU64Unsigned() {
        PrimitiveArray a = EncodeTesting.ints(PType.U64, new long[] {-1L, 5, Long.MIN_VALUE, 7}, null);
        assertArrayEquals(new long[] {5, -1L}, ForEncoder.minMax(a));
        PrimitiveArray s = EncodeTesting.ints(PType.I64, new long[] {-1L, 5, Long.MIN_VALUE, 7}, null);
        assertArrayEquals(new long[] {Long.MIN_VALUE, 7}, ForEncoder.minMax(s));
    }

    @Test
    void minimumIgnoresNullsAndAllNullGivesNoNode() {
        PrimitiveArray a = EncodeTesting.ints(PType.I32, new long[] {-100, 10, 12}, new boolean[] {false, true, true});
        assertEquals(10L, ForEncoder.minimum(a));
        PrimitiveArray none = EncodeTesting.ints(PType.I32, new long[] {1, 2}, new boolean[2]);
        assertNull(ForEncoder.encode(none, ChildEncoder.CANONICAL));
        assertNull(ForEncoder.encodeBitPacked(none, LightEncoder.PATCHES));
    }

    @Test
    void referenceIsTheScalarOfTheArrayType() {
        PrimitiveArray a = EncodeTesting.ints(PType.I16, new long[] {-300, -290, -299}, null);
        WriteNode node = ForEncoder.encode(a, ChildEncoder.CANONICAL);
        assertEquals(
                -300L,
                Scalar.decode(node.metadata(), new DType.Primitive(PType.I16, false))
                        .asLong());
        PrimitiveArray shifted = ForEncoder.subtract(a, -300);
        assertEquals(0, shifted.getLong(0));
        assertEquals(10, shifted.getLong(1));
        assertEquals(1, shifted.getLong(2));
    }

    @Test
    void nullRowsHoldZero() {
        PrimitiveArray a = EncodeTesting.ints(PType.U8, new long[] {200, 0, 201}, new boolean[] {true, false, true});
        PrimitiveArray shifted = ForEncoder.subtract(a, 200);
        assertEquals(0, shifted.getLong(1));
        assertEquals(1, shifted.getLong(2));
    }

    @Test
    void fullRangeDoesNotPack() {
        PrimitiveArray a = EncodeTesting.ints(PType.I8, new long[] {-128, 127, 0}, null);
        assertNull(ForEncoder.encodeBitPacked(a, LightEncoder.PATCHES));
    }
}
