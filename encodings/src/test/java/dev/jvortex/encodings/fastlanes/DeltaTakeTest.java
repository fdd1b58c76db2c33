package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.Taking;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [DeltaTake] on the forms the encoders no longer write (built by [DeltaDecoderTest#encode]):
/// the two-child form with the validity bit-transposed in the deltas, with offsets, and the
/// legacy partial last block (decoded whole); each against `ArrayOps.take` of the whole decode.
class DeltaTakeTest {
    @Test
    void twoChildFormsAgreeWithTheWholeDecode() {
        Random random = new Random(DeltaDecoderTest.SEED + 101);
        for (PType ptype : new PType[] {PType.U8, PType.I16, PType.U32, PType.I64}) {
            for (int round = 0; round < 12; round++) {
                boolean legacy = round % 4 == 3;
                int stored =
                        legacy ? random.nextInt(3) * 1024 + 1 + random.nextInt(1023) : (1 + random.nextInt(3)) * 1024;
                int offset = round % 2 == 0 ? 0 : random.nextInt(Math.min(1024, stored));
                int len = 1 + random.nextInt(stored - offset);
                long[] values = new long[stored];
                long v = 0;
                for (int q = 0; q < stored; q++) {
                    v += random.nextInt(3) == 0 ? TestArrays.random(random, ptype.bitWidth()) : random.nextInt(50) - 10;
                    values[q] = TestArrays.canonical(ptype, v);
                }
                boolean nullable = round % 3 != 0;
                boolean[] valid = nullable ? TestArrays.validity(random, stored, 0.3) : null;
                TestNode node = DeltaDecoderTest.encode(random, ptype, values, valid, offset);
                DType dtype = new DType.Primitive(ptype, nullable);
                int[] idx = random.ints(1 + random.nextInt(2 * len), 0, len).toArray();
                String what = ptype + " round " + round + (legacy ? " (legacy)" : "");
                try (Arena arena = Arena.ofConfined()) {
                    Array want = ArrayOps.take(Decoding.decodeRoot(node, dtype, len, arena), idx, arena);
                    EncodeTesting.assertSameRows(want, Taking.take(node, dtype, len, idx, arena), what);
                }
            }
        }
    }
}
