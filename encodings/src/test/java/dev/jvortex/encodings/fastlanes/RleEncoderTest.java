package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// `fastlanes.rle` encoding: round trips through [RleDecoder] for every integer and float type,
/// with and without nulls, and the parts of small hand-worked inputs.
class RleEncoderTest {
    static final int[] LENGTHS = {0, 1, 2, 1023, 1024, 1025, 3000, 70_000};
    static final PType[] TYPES = {
        PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16, PType.I32, PType.I64, PType.F16, PType.F32,
        PType.F64
    };

    @Test
    void roundTripsEveryTypeAndLength() {
        Random random = new Random(11);
        for (PType ptype : TYPES) {
            for (int len : LENGTHS) {
                for (int shape = 0; shape < 3; shape++) {
                    long[] values = values(random, ptype, len, shape);
                    for (int nulls = 0; nulls < 3; nulls++) {
                        if (len > 3000 && (nulls != 1 || shape != 0)) {
                            continue; // the large length once per type, with nulls
                        }
                        boolean[] valid = nulls == 0 ? null : TestArrays.validity(random, len, nulls == 1 ? 0.1 : 0.97);
                        PrimitiveArray a =
                                Primitives.array(ptype, valid != null, values, len, EncodeTesting.validity(valid));
                        String what = ptype.shortName() + "/" + len + "/shape " + shape + "/nulls " + nulls;
                        check(a, RleEncoder.encode(a, LightEncoder.PACKED), what);
                        check(a, RleEncoder.encode(a, ChildEncoder.CANONICAL), what + "/canonical");
                    }
                }
            }
        }
    }

    /// Shape 0: runs of 1..60 equal values; 1: random values of the full width; 2: one value.
    static long[] values(Random random, PType ptype, int len, int shape) {
        long[] out = new long[len];
        long v = 0;
        for (int i = 0, run = 0; i < len; i++, run--) {
            if (shape == 1 || run <= 0 && shape == 0) {
                v = TestArrays.canonical(ptype, TestArrays.random(random, ptype.bitWidth()));
                run = 1 + random.nextInt(60);
            } else if (shape == 2 && i == 0) {
                v = TestArrays.canonical(ptype, TestArrays.random(random, ptype.bitWidth()));
            }
            out[i] = v;
        }
        return out;
    }

    static void check(PrimitiveArray a, WriteNode node, String what) {
        assertEquals("fastlanes.rle", node.encoding(), what);
        try (Arena arena = Arena.ofConfined()) {
            Array decoded = EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena);
            EncodeTesting.assertSameRows(a, decoded, what);
        }
    }

    @Test
    void partsOfASmallInput() {
        PrimitiveArray a = EncodeTesting.ints(PType.I32, new long[] {1, 1, 2, 2, 3, 3}, null);
        RleEncoder.Parts parts = RleEncoder.split(a);
        assertEquals("[1, 2, 3]", Arrays.toString(Primitives.longs(parts.values())));
        assertEquals(PType.U8, parts.indices().ptype());
        assertEquals(1024, parts.indices().length());
        long[] indices = Primitives.longs(parts.indices());
        assertEquals("[0, 0, 1, 1, 2, 2, 2, 2]", Arrays.toString(Arrays.copyOf(indices, 8)));
        // The padding repeats the last value: no extra run.
        assertEquals(2, indices[1023]);
        assertEquals("[0]", Arrays.toString(Primitives.longs(parts.offsets())));
        assertFalse(parts.values().dtype().nullable());
    }

    @Test
    void nullsRepeatTheirNeighbourAndPaddingIsNull() {
        PrimitiveArray a = EncodeTesting.ints(
                PType.U16, new long[] {9, 5, 5, 77, 6, 6}, new boolean[] {false, true, true, false, true, true});
        RleEncoder.Parts parts = RleEncoder.split(a);
        // The leading null takes the first valid value, the inner one its predecessor's.
        assertEquals("[5, 6]", Arrays.toString(Primitives.longs(parts.values())));
        assertTrue(parts.indices().dtype().nullable());
        assertFalse(parts.indices().isValid(0));
        assertTrue(parts.indices().isValid(1));
        assertFalse(parts.indices().isValid(3));
        assertFalse(parts.indices().isValid(6));
        assertFalse(parts.indices().isValid(1023));
    }

    @Test
    void manyRunsPerBlockNeedWideIndices() {
        long[] v = new long[2048];
        for (int i = 0; i < v.length; i++) {
            v[i] = i < 1024 ? i / 8 : i;
        }
        RleEncoder.Parts parts = RleEncoder.split(EncodeTesting.ints(PType.U32, v, null));
        assertEquals(PType.U16, parts.indices().ptype());
        assertEquals(128 + 1024, parts.values().length());
        assertEquals("[0, 128]", Arrays.toString(Primitives.longs(parts.offsets())));
    }

    @Test
    void floatsCompareByBits() {
        PrimitiveArray a = EncodeTesting.doubles(new double[] {0.0, -0.0, -0.0, Double.NaN, Double.NaN}, null);
        assertEquals(3, RleEncoder.split(a).values().length());
        assertEquals(5.0 / 3, RleEncoder.averageRunLength(a), 1e-12);
        PrimitiveArray n =
                EncodeTesting.ints(PType.I8, new long[] {1, 1, 0, 1, 2}, new boolean[] {true, true, false, true, true});
        // Valid values 1, 1, 1, 2: two runs.
        assertEquals(2.0, RleEncoder.averageRunLength(n), 1e-12);
    }
}
