package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.canonical.BoolMetadata;
import dev.jvortex.encodings.canonical.DecimalMetadata;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// The canonical decoders (`vortex.null`, `vortex.bool`, `vortex.primitive`, `vortex.decimal`,
/// `vortex.struct`, `vortex.ext`) on hand-built nodes: bit offsets, buffer sizes exactly right and
/// one byte off, every decimal width, struct validity, and the types each refuses.
class CanonicalDecodersTest {
    private static final DType I32 = new DType.Primitive(PType.I32, false);

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private Array decode(EncodedNode node, DType type, int len) {
        return Decoding.decodeRoot(node, type, len, arena);
    }

    private static MemorySegment bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) values[i];
        }
        return MemorySegment.ofArray(b);
    }

    @Test
    void nullArrayOnlyForTheNullType() {
        Array a = decode(TestNode.of("vortex.null", new byte[0], List.of()), new DType.Null(), 4);
        assertInstanceOf(NullArray.class, a);
        assertEquals(4, a.length());
        assertThrows(VortexException.class, () -> decode(TestNode.of("vortex.null", new byte[0], List.of()), I32, 1));
    }

    private static TestNode bool(long offset, MemorySegment bits, TestNode... validity) {
        return TestNode.of("vortex.bool", new BoolMetadata(offset).write(), List.of(bits), validity);
    }

    private static List<Boolean> values(BoolArray a) {
        return IntStream.range(0, a.length()).mapToObj(a::get).toList();
    }

    @Test
    void boolBitOffsets() {
        // 0b1011_0110 0b0000_0001: bits from the lowest.
        MemorySegment bits = bytes(0b1011_0110, 0b0000_0001);
        assertEquals(List.of(false, true, true, false, true, true, false, true, true), values((BoolArray)
                decode(bool(0, bits), new DType.Bool(false), 9)));
        assertEquals(List.of(true, false, true, true, false, true, true), values((BoolArray)
                decode(bool(2, bits), new DType.Bool(false), 7)));
        assertEquals(List.of(true, true), values((BoolArray) decode(bool(7, bits), new DType.Bool(false), 2)));
    }

    @Test
    void boolBadOffsetsShortBuffersAndTypesAreCorrupt() {
        MemorySegment one = bytes(0xFF);
        VortexException e = assertThrows(VortexException.class, () -> decode(bool(8, one), new DType.Bool(false), 0));
        assertTrue(e.getMessage().contains("must be below 8"), e.getMessage());
        assertThrows(VortexException.class, () -> decode(bool(-1, one), new DType.Bool(false), 0));
        // 8 bits fill one byte; a ninth, or an offset pushing the eighth over, needs two.
        assertEquals(8, decode(bool(0, one), new DType.Bool(false), 8).length());
        assertThrows(VortexException.class, () -> decode(bool(0, one), new DType.Bool(false), 9));
        assertThrows(VortexException.class, () -> decode(bool(1, one), new DType.Bool(false), 8));
        assertThrows(VortexException.class, () -> decode(bool(0, one), I32, 1));
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.bool", new byte[0], List.of()), new DType.Bool(false), 0));
    }

    @Test
    void boolWithValidity() {
        Array a = decode(bool(0, bytes(0b11), TestArrays.bools(new boolean[] {false, true})), new DType.Bool(true), 2);
        assertEquals(
                List.of(false, true), IntStream.range(0, 2).mapToObj(a::isValid).toList());
    }

    @Test
    void primitiveBufferMustHoldExactlyTheValues() {
        TestNode ok = TestNode.of("vortex.primitive", new byte[0], List.of(bytes(1, 0, 0, 0, 2, 0, 0, 0)));
        PrimitiveArray a = (PrimitiveArray) decode(ok, I32, 2);
        assertEquals(List.of(1L, 2L), List.of(a.getLong(0), a.getLong(1)));
        VortexException e = assertThrows(VortexException.class, () -> decode(ok, I32, 3));
        assertTrue(e.getMessage().contains("expected 12"), e.getMessage());
        assertThrows(VortexException.class, () -> decode(ok, I32, 1));
        assertThrows(
                VortexException.class, () -> decode(TestNode.of("vortex.primitive", new byte[0], List.of()), I32, 0));
        TestNode bits = TestArrays.bools(new boolean[] {true, true});
        assertThrows(
                VortexException.class,
                () -> decode(
                        TestNode.of("vortex.primitive", new byte[0], List.of(bytes(1, 2)), bits, bits),
                        new DType.Primitive(PType.U8, true),
                        2));
    }

    private static TestNode decimal(long type, MemorySegment data) {
        return TestNode.of("vortex.decimal", new DecimalMetadata(type).write(), List.of(data));
    }

    @Test
    void decimalEveryWidth() {
        DType.Decimal d = new DType.Decimal(38, 2, false);
        for (int type = 0; type <= 5; type++) {
            int width = 1 << type;
            byte[] b = new byte[width];
            b[0] = (byte) 0x9C; // -100 as two's complement over the whole width
            for (int i = 1; i < width; i++) {
                b[i] = (byte) 0xFF;
            }
            DecimalArray a = (DecimalArray) decode(decimal(type, MemorySegment.ofArray(b)), d, 1);
            assertEquals(width, a.byteWidth(), "type " + type);
            assertEquals("-1.00", a.get(0).toPlainString(), "type " + type);
        }
    }

    @Test
    void decimalBadTypeSizeOrDTypeIsCorrupt() {
        DType.Decimal d = new DType.Decimal(10, 0, false);
        assertThrows(VortexException.class, () -> decode(decimal(6, bytes(new int[64])), d, 1));
        assertThrows(VortexException.class, () -> decode(decimal(-1, bytes(1)), d, 1));
        assertThrows(VortexException.class, () -> decode(decimal(2, bytes(1, 2, 3)), d, 1));
        assertThrows(VortexException.class, () -> decode(decimal(2, bytes(1, 2, 3, 4, 5)), d, 1));
        assertThrows(VortexException.class, () -> decode(decimal(0, bytes(1)), I32, 1));
        assertThrows(VortexException.class, () -> decode(TestNode.of("vortex.decimal", new byte[0], List.of()), d, 0));
    }

    private static final DType.Struct PAIR =
            new DType.Struct(List.of("a", "b"), List.of(I32, new DType.Bool(false)), true);

    @Test
    void structFieldsWithAndWithoutValidity() {
        TestNode a = TestArrays.primitive(PType.I32, new long[] {7, 8});
        TestNode b = TestArrays.bools(new boolean[] {true, false});
        StructArray plain = (StructArray) decode(TestNode.of("vortex.struct", new byte[0], List.of(), a, b), PAIR, 2);
        assertEquals(8L, ((PrimitiveArray) plain.field("a")).getLong(1));
        assertEquals(List.of(true, false), values((BoolArray) plain.field(1)));
        assertTrue(plain.isValid(0) && plain.isValid(1));
        TestNode valid = TestArrays.bools(new boolean[] {false, true});
        StructArray masked =
                (StructArray) decode(TestNode.of("vortex.struct", new byte[0], List.of(), valid, a, b), PAIR, 2);
        assertEquals(
                List.of(false, true),
                IntStream.range(0, 2).mapToObj(masked::isValid).toList());
        assertEquals(7L, ((PrimitiveArray) masked.field(0)).getLong(0));
        assertThrows(
                VortexException.class, () -> decode(TestNode.of("vortex.struct", new byte[0], List.of(), a), PAIR, 2));
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.struct", new byte[0], List.of(), a, b), I32, 2));
    }

    @Test
    void extensionDecodesItsStorage() {
        DType.Extension ext = new DType.Extension("test.ext", I32, new byte[0]);
        TestNode storage = TestArrays.primitive(PType.I32, new long[] {3, 4});
        ExtensionArray a = (ExtensionArray) decode(TestNode.of("vortex.ext", new byte[0], List.of(), storage), ext, 2);
        assertEquals(4L, ((PrimitiveArray) a.storage()).getLong(1));
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.ext", new byte[0], List.of(), storage), I32, 2));
        assertThrows(VortexException.class, () -> decode(TestNode.of("vortex.ext", new byte[0], List.of()), ext, 0));
    }
}
