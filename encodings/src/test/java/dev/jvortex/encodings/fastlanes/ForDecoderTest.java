package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ForDecoderTest {
    static final long SEED = BitPackedDecoderTest.SEED;

    private static byte[] reference(PType ptype, long value) {
        return new Scalar(new DType.Primitive(ptype, false), TestArrays.canonical(ptype, value)).encode();
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I8", "U16", "I16", "U32", "I32", "U64", "I64"})
    void addsTheReferenceOverBitPackedWithPatchesAndNulls(PType ptype) {
        Random random = new Random(SEED + 3 * ptype.ordinal());
        for (int round = 0; round < 12; round++) {
            int width = random.nextInt(ptype.bitWidth());
            BitPackedDecoderTest.Options o = new BitPackedDecoderTest.Options(
                    1 + random.nextInt(2500),
                    random.nextInt(1024),
                    width,
                    random.nextInt(3) * 5,
                    PType.U16,
                    0,
                    false,
                    random.nextBoolean());
            BitPackedDecoderTest.Case inner = BitPackedDecoderTest.build(random, ptype, o);
            long ref = TestArrays.random(random, ptype.bitWidth());
            if (round == 0) {
                ref = 0;
            }
            long[] expected = new long[inner.expected().length];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = inner.expected()[i] + ref; // wraps; compared after truncation to the type
            }
            TestNode node = TestNode.of("fastlanes.for", reference(ptype, ref), List.of(), inner.node());
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = TestArrays.decode(node, ptype, o.nullable(), expected.length, arena);
                TestArrays.assertValues(a, expected, inner.valid(), ptype + " ref " + ref + " " + o);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PType.class,
            names = {"U8", "I8", "U16", "I16", "U32", "I32", "U64", "I64"})
    void leavesAPrimitiveChildUntouched(PType ptype) {
        Random random = new Random(SEED + 5 * ptype.ordinal());
        long[] values = new long[777];
        for (int i = 0; i < values.length; i++) {
            values[i] = TestArrays.random(random, ptype.bitWidth());
        }
        long ref = TestArrays.random(random, ptype.bitWidth()) | 1;
        TestNode child = TestArrays.primitive(ptype, values);
        byte[] before = TestArrays.copy(child.buffer(0));
        long[] expected = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            expected[i] = values[i] + ref;
        }
        TestNode node = TestNode.of("fastlanes.for", reference(ptype, ref), List.of(), child);
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a = TestArrays.decode(node, ptype, false, values.length, arena);
            TestArrays.assertValues(a, expected, null, ptype.toString());
        }
        assertArrayEquals(before, TestArrays.copy(child.buffer(0)));
    }

    @Test
    void rejectsNullReference() {
        byte[] nullScalar = new ProtoWriter().varint(1, 0).toByteArray();
        TestNode node =
                TestNode.of("fastlanes.for", nullScalar, List.of(), TestArrays.primitive(PType.I32, new long[] {1}));
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(PType.I32, true), 1, arena));
        }
    }

    @Test
    void rejectsReferenceOutOfRange() {
        TestNode node = TestNode.of(
                "fastlanes.for", reference(PType.I64, 300), List.of(), TestArrays.primitive(PType.U8, new long[] {1}));
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(node, new DType.Primitive(PType.U8, false), 1, arena));
        }
    }

    @Test
    void rejectsBuffersAndMissingChild() {
        try (Arena arena = Arena.ofConfined()) {
            TestNode noChild = TestNode.of("fastlanes.for", reference(PType.U8, 1), List.of());
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(noChild, new DType.Primitive(PType.U8, false), 1, arena));
            TestNode buffer = TestNode.of(
                    "fastlanes.for",
                    reference(PType.U8, 1),
                    List.of(MemorySegment.ofArray(new byte[1])),
                    TestArrays.primitive(PType.U8, new long[] {1}));
            assertThrows(
                    VortexException.class,
                    () -> Decoding.decodeRoot(buffer, new DType.Primitive(PType.U8, false), 1, arena));
        }
    }
}
