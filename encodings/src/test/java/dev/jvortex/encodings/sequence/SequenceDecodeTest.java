package dev.jvortex.encodings.sequence;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SequenceDecodeTest {
    /// A `ScalarValue` holding a signed integer (`int64_value`, zig-zag varint).
    static byte[] signed(long v) {
        return new ProtoWriter().svarint(3, v).toByteArray();
    }

    /// A `ScalarValue` holding an unsigned integer (`uint64_value`).
    static byte[] unsigned(long v) {
        return new ProtoWriter().varint(4, v).toByteArray();
    }

    static TestNode sequence(byte[] base, byte[] multiplier) {
        ProtoWriter meta = new ProtoWriter();
        if (base != null) {
            meta.bytes(1, base);
        }
        if (multiplier != null) {
            meta.bytes(2, multiplier);
        }
        return TestNode.of("vortex.sequence", meta.toByteArray(), List.of());
    }

    private static void check(
            PType ptype, BigInteger base, BigInteger step, int len, byte[] baseBytes, byte[] stepBytes) {
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray a = assertInstanceOf(
                    PrimitiveArray.class,
                    decode(sequence(baseBytes, stepBytes), new DType.Primitive(ptype, true), len, arena));
            assertTrue(a.validity().isAllValid());
            BigInteger modulus = BigInteger.ONE.shiftLeft(ptype.bitWidth());
            for (int i = 0; i < len; i++) {
                BigInteger expected = base.add(step.multiply(BigInteger.valueOf(i)));
                BigInteger actual = BigInteger.valueOf(a.getLong(i));
                assertEquals(expected.mod(modulus), actual.mod(modulus), ptype + " row " + i);
            }
        }
    }

    @Test
    void decodesRandomSequencesOfEveryIntegerType() {
        PType[] types = {PType.I8, PType.U8, PType.I16, PType.U16, PType.I32, PType.U32, PType.I64, PType.U64};
        Random random = new Random(1);
        for (PType ptype : types) {
            for (int round = 0; round < 20; round++) {
                int len = 1 + random.nextInt(ptype.byteWidth() == 1 ? 20 : 2000);
                BigInteger min = ptype.isSigned()
                        ? BigInteger.ONE.shiftLeft(ptype.bitWidth() - 1).negate()
                        : BigInteger.ZERO;
                BigInteger span = BigInteger.ONE.shiftLeft(ptype.bitWidth());
                long maxStep = Math.max(
                        1,
                        span.divide(BigInteger.valueOf(len + 1))
                                .min(BigInteger.valueOf(1000))
                                .longValue());
                long step = random.nextLong(-maxStep, maxStep + 1);
                if (!ptype.isSigned()) {
                    step = Math.abs(step);
                }
                // Choose the base so the whole run fits.
                BigInteger lowest = min.add(
                        step < 0 ? BigInteger.valueOf(-step).multiply(BigInteger.valueOf(len - 1)) : BigInteger.ZERO);
                BigInteger room =
                        span.subtract(BigInteger.valueOf(Math.abs(step)).multiply(BigInteger.valueOf(len - 1)));
                BigInteger base = lowest.add(new BigInteger(ptype.bitWidth(), random).mod(room));
                byte[] baseBytes = ptype.isSigned() ? signed(base.longValue()) : unsigned(base.longValue());
                check(ptype, base, BigInteger.valueOf(step), len, baseBytes, signed(step));
            }
        }
    }

    @Test
    void decodesTheReferenceWrittenShapes() {
        // vortex-data 0.90 writes the multiplier as int64_value whatever the ptype.
        check(PType.I32, BigInteger.valueOf(5), BigInteger.valueOf(3), 999, signed(5), signed(3));
        BigInteger big = BigInteger.ONE.shiftLeft(63).add(BigInteger.valueOf(5));
        check(PType.U64, big, BigInteger.valueOf(7), 500, unsigned(big.longValue()), signed(7));
        check(PType.I64, BigInteger.valueOf(-5), BigInteger.valueOf(-11), 273, signed(-5), signed(-11));
        check(PType.U16, BigInteger.valueOf(1000), BigInteger.valueOf(-3), 334, unsigned(1000), signed(-3));
        check(PType.U8, BigInteger.valueOf(7), BigInteger.valueOf(200), 2, signed(7), unsigned(200));
        check(PType.I8, BigInteger.valueOf(-128), BigInteger.ONE, 256, signed(-128), signed(1));
    }

    @Test
    void rejectsOverflowAndMissingParts() {
        DType i8 = new DType.Primitive(PType.I8, false);
        assertTrue(assertCorrupt(sequence(signed(-128), signed(1)), i8, 257)
                .getMessage()
                .contains("leaves i8"));
        assertCorrupt(sequence(unsigned(5), signed(-1)), new DType.Primitive(PType.U32, false), 7);
        assertCorrupt(sequence(unsigned(1L << 62), signed(1L << 62)), new DType.Primitive(PType.U64, false), 5);
        assertTrue(assertCorrupt(sequence(null, signed(1)), i8, 3).getMessage().contains("base"));
        assertTrue(assertCorrupt(sequence(signed(1), null), i8, 3).getMessage().contains("multiplier"));
        assertCorrupt(sequence(signed(300), signed(1)), i8, 3);
        assertCorrupt(sequence(new ProtoWriter().varint(1, 0).toByteArray(), signed(1)), i8, 3);
        assertCorrupt(sequence(signed(1), new ProtoWriter().fixed64(6, 1).toByteArray()), i8, 3);
        assertCorrupt(sequence(signed(1), signed(1)), i8, 0);
        assertCorrupt(sequence(signed(1), signed(1)), new DType.Primitive(PType.F64, false), 3);
        assertCorrupt(sequence(signed(1), signed(1)), new DType.Utf8(false), 3);
    }
}
