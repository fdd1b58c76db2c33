package dev.jvortex.encodings.zigzag;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.StringTestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ZigZagDecodeTest {
    /// The obvious encoder: 0, -1, 1, -2, 2 ... become 0, 1, 2, 3, 4 ...
    static long zigzag(long v, int bits) {
        long u = (v << 1) ^ (v >> 63);
        return bits == 64 ? u : u & ((1L << bits) - 1);
    }

    @Test
    void decodesRandomValuesOfEverySignedWidth() {
        PType[] types = {PType.I8, PType.I16, PType.I32, PType.I64};
        for (long seed = 1; seed <= 16; seed++) {
            Random random = new Random(seed);
            PType ptype = types[(int) (seed % 4)];
            int bits = ptype.bitWidth();
            int n = random.nextInt(2000);
            long[] values = new long[n];
            long[] encoded = new long[n];
            boolean[] valid = new boolean[n];
            for (int i = 0; i < n; i++) {
                long v = switch (random.nextInt(4)) {
                    case 0 -> random.nextInt(21) - 10;
                    case 1 -> bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
                    case 2 -> bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
                    default -> random.nextLong() >> (64 - bits);
                };
                values[i] = v;
                encoded[i] = zigzag(v, bits);
                valid[i] = random.nextInt(5) != 0;
            }
            boolean nullable = seed % 2 == 0;
            TestNode node = TestNode.of(
                    "vortex.zigzag",
                    new byte[0],
                    List.of(),
                    StringTestArrays.primitive(ptype.toUnsigned(), encoded, nullable ? valid : null));
            try (Arena arena = Arena.ofConfined()) {
                PrimitiveArray a = assertInstanceOf(
                        PrimitiveArray.class, decode(node, new DType.Primitive(ptype, nullable), n, arena));
                assertEquals(ptype, a.ptype());
                for (int i = 0; i < n; i++) {
                    assertEquals(!nullable || valid[i], a.isValid(i));
                    assertEquals(values[i], a.getLong(i), ptype + " seed " + seed + " row " + i);
                }
            }
        }
    }

    @Test
    void rejectsUnsignedTypesMetadataAndMissingChild() {
        TestNode node =
                TestNode.of("vortex.zigzag", new byte[0], List.of(), StringTestArrays.primitive(PType.U32, 1, 2, 3));
        assertCorrupt(node, new DType.Primitive(PType.U32, false), 3);
        assertCorrupt(node, new DType.Primitive(PType.F32, false), 3);
        assertCorrupt(
                TestNode.of(
                        "vortex.zigzag", new byte[] {8, 1}, List.of(), StringTestArrays.primitive(PType.U32, 1, 2, 3)),
                new DType.Primitive(PType.I32, false),
                3);
        assertCorrupt(TestNode.of("vortex.zigzag", new byte[0], List.of()), new DType.Primitive(PType.I32, false), 3);
        assertCorrupt(node, new DType.Primitive(PType.I64, false), 3);
    }
}
