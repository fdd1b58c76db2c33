package dev.jvortex.encodings.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.EncodeTesting;
import org.junit.jupiter.api.Test;

/// [DictEncoder#estimateDistinct] stays within its error on arrays of known distinct counts, and
/// its remembered answers belong to the array asked about, not to the one asked before.
class EstimateDistinctTest {
    private static PrimitiveArray cycle(int len, int distinct) {
        long[] v = new long[len];
        for (int i = 0; i < len; i++) {
            v[i] = (i % distinct) * 1_000_003L;
        }
        return EncodeTesting.ints(PType.I64, v, null);
    }

    @Test
    void answersPerArray() {
        PrimitiveArray few = cycle(50_000, 100);
        PrimitiveArray many = cycle(50_000, 20_000);
        PrimitiveArray some = cycle(5_000, 1_000);
        for (int round = 0; round < 3; round++) {
            // Asked in turns, so each answer may come from the remembered ones or be computed.
            for (PrimitiveArray a : new PrimitiveArray[] {few, many, some, many, few}) {
                double expected = a == few ? 100 : a == many ? 20_000 : 1_000;
                double e = DictEncoder.estimateDistinct(a);
                assertTrue(Math.abs(e - expected) <= 0.03 * expected, "estimate " + e + " for " + expected);
            }
        }
        // An equal copy (another array object) gets the same estimate computed afresh.
        assertEquals(DictEncoder.estimateDistinct(many), DictEncoder.estimateDistinct(cycle(50_000, 20_000)));
    }

    /// Null rows are left out: a nullable array's estimate equals that of its valid values alone
    /// (lengths chosen so both get a bitmap of the same size), across block boundaries.
    @Test
    void nullRowsAreNotCounted() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(4);
        int len = 4000;
        long[] v = new long[len];
        boolean[] valid = new boolean[len];
        long[] kept = new long[len];
        int n = 0;
        for (int i = 0; i < len; i++) {
            v[i] = r.nextInt(1500) * 7919L;
            valid[i] = r.nextInt(5) != 0;
            if (valid[i]) {
                kept[n++] = v[i];
            }
        }
        assertTrue(n > 2048 && n < len, n + " valid rows");
        double withNulls = DictEncoder.estimateDistinct(EncodeTesting.ints(PType.I64, v, valid));
        double alone =
                DictEncoder.estimateDistinct(EncodeTesting.ints(PType.I64, java.util.Arrays.copyOf(kept, n), null));
        assertEquals(alone, withNulls);
        long distinct = java.util.Arrays.stream(kept, 0, n).distinct().count();
        assertTrue(Math.abs(alone - distinct) <= 0.03 * distinct, "estimate " + alone + " for " + distinct);
    }
}
