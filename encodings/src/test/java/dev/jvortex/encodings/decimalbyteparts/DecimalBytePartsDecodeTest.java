package dev.jvortex.encodings.decimalbyteparts;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.StringTestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalBytePartsDecodeTest {
    static TestNode parts(PType ptype, long[] values, boolean[] valid) {
        return TestNode.of(
                "vortex.decimal_byte_parts",
                new ProtoWriter().varintIfNonZero(1, ptype.code()).toByteArray(),
                List.of(),
                StringTestArrays.primitive(ptype, values, valid));
    }

    @Test
    void decodesEverySignedChildTypeAtEveryPrecision() {
        PType[] types = {PType.I8, PType.I16, PType.I32, PType.I64};
        int[] precisions = {2, 4, 9, 12, 18, 30, 38, 50, 76};
        Random random = new Random(4);
        for (PType ptype : types) {
            for (int precision : precisions) {
                int n = random.nextInt(300);
                long[] values = new long[n];
                boolean[] valid = new boolean[n];
                for (int i = 0; i < n; i++) {
                    values[i] = random.nextLong() >> (64 - ptype.bitWidth());
                    valid[i] = random.nextInt(4) != 0;
                }
                boolean nullable = precision % 2 == 0;
                DType.Decimal dtype = new DType.Decimal(precision, Math.min(precision, 3), nullable);
                try (Arena arena = Arena.ofConfined()) {
                    DecimalArray a = assertInstanceOf(
                            DecimalArray.class, decode(parts(ptype, values, nullable ? valid : null), dtype, n, arena));
                    assertEquals(Math.max(ptype.byteWidth(), dtype.minimumByteWidth()), a.byteWidth());
                    for (int i = 0; i < n; i++) {
                        assertEquals(!nullable || valid[i], a.isValid(i));
                        assertEquals(
                                BigInteger.valueOf(values[i]),
                                a.getUnscaled(i),
                                ptype + " p" + precision + " row " + i);
                    }
                }
            }
        }
    }

    @Test
    void rejectsUnsignedChildrenLowerPartsAndWrongTypes() {
        DType.Decimal dtype = new DType.Decimal(10, 2, false);
        assertCorrupt(parts(PType.U32, new long[] {1}, null), dtype, 1);
        assertCorrupt(parts(PType.F64, new long[] {1}, null), dtype, 1);
        assertCorrupt(parts(PType.I32, new long[] {1}, null), new DType.Primitive(PType.I32, false), 1);
        assertCorrupt(parts(PType.I32, new long[] {1}, new boolean[] {true}), dtype, 1);
        TestNode lower = TestNode.of(
                "vortex.decimal_byte_parts",
                new ProtoWriter().varint(1, PType.I32.code()).varint(2, 1).toByteArray(),
                List.of(),
                StringTestArrays.primitive(PType.I32, 1));
        try (Arena arena = Arena.ofConfined()) {
            VortexException e = assertThrows(VortexException.class, () -> decode(lower, dtype, 1, arena));
            assertEquals(VortexException.Kind.UNSUPPORTED, e.kind());
        }
    }
}
