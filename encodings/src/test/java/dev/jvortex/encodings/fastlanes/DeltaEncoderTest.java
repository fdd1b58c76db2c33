package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.light.LightEncoder;
import java.lang.foreign.Arena;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// `fastlanes.delta` encoding: round trips through [DeltaDecoder] for every integer type, with
/// and without nulls, and the parts of a sorted block.
class DeltaEncoderTest {
    @Test
    void roundTripsEveryTypeAndLength() {
        Random random = new Random(12);
        for (PType ptype : EncodeTesting.INTEGERS) {
            for (int len : RleEncoderTest.LENGTHS) {
                for (int shape = 0; shape < 3; shape++) {
                    long[] values = new long[len];
                    long x = TestArrays.random(random, ptype.bitWidth());
                    for (int i = 0; i < len; i++) {
                        x += switch (shape) {
                            case 0 -> random.nextInt(100);
                            case 1 -> random.nextInt(100) - 50;
                            default -> random.nextLong();
                        };
                        values[i] = TestArrays.canonical(ptype, x);
                    }
                    for (int nulls = 0; nulls < 3; nulls++) {
                        if (len > 3000 && (nulls != 1 || shape != 0)) {
                            continue; // the large length once per type, with nulls
                        }
                        boolean[] valid = nulls == 0 ? null : TestArrays.validity(random, len, nulls == 1 ? 0.1 : 0.97);
                        PrimitiveArray a =
                                Primitives.array(ptype, valid != null, values, len, EncodeTesting.validity(valid));
                        String what = ptype.shortName() + "/" + len + "/shape " + shape + "/nulls " + nulls;
                        check(a, DeltaEncoder.encode(a, LightEncoder.PACKED), what);
                        check(a, DeltaEncoder.encode(a, ChildEncoder.CANONICAL), what + "/canonical");
                    }
                }
            }
        }
    }

    static void check(PrimitiveArray a, WriteNode node, String what) {
        assertEquals("fastlanes.delta", node.encoding(), what);
        try (Arena arena = Arena.ofConfined()) {
            Array decoded = EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena);
            EncodeTesting.assertSameRows(a, decoded, what);
        }
    }

    @Test
    void sortedValuesGiveLaneStrideDeltas() {
        // 0..1023 as u32: lane l starts at the value at position transpose(l); each row down a
        // lane moves by the positions between consecutive rows of the transposed layout.
        long[] v = new long[1024];
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
        }
        DeltaEncoder.Parts parts = DeltaEncoder.split(EncodeTesting.ints(PType.U32, v, null));
        assertEquals(32, parts.bases().length());
        assertEquals(1024, parts.deltas().length());
        long[] bases = Primitives.longs(parts.bases());
        long[] deltas = Primitives.longs(parts.deltas());
        for (int lane = 0; lane < 32; lane++) {
            assertEquals(FastLanes.transpose(lane), bases[lane]);
            assertEquals(0, deltas[lane]);
            for (int row = 1; row < 32; row++) {
                int at = FastLanes.index(row, lane);
                int up = FastLanes.index(row - 1, lane);
                assertEquals(
                        FastLanes.transpose(at) - FastLanes.transpose(up), deltas[at], "row " + row + " lane " + lane);
            }
        }
    }

    @Test
    void onlyIntegers() {
        assertNull(DeltaEncoder.encode(EncodeTesting.doubles(new double[] {1, 2}, null), LightEncoder.PACKED));
    }
}
