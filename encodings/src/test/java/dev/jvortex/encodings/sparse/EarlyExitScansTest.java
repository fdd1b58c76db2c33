package dev.jvortex.encodings.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.fastlanes.RleEncoder;
import java.lang.foreign.Arena;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The scans that may stop early ([RleEncoder#averageRunAtLeast], [SparseEncoder#dominantRow])
/// give the answers of full counts, computed here row by row, on arrays with and without runs,
/// fills and nulls, across block boundaries.
class EarlyExitScansTest {
    /// Random arrays: runs of random length (1 to `maxRun`) of values from a small or large
    /// alphabet, some with one value filling most rows, some with nulls.
    private static long[] values(Random r, int len, int maxRun, int alphabet, double fill) {
        long[] v = new long[len];
        int i = 0;
        while (i < len) {
            long x = r.nextDouble() < fill ? 7 : r.nextInt(alphabet);
            int run = 1 + r.nextInt(maxRun);
            for (int k = 0; k < run && i < len; k++) {
                v[i++] = x;
            }
        }
        return v;
    }

    private static boolean[] validity(Random r, int len, double nulls) {
        if (nulls == 0) {
            return null;
        }
        boolean[] valid = new boolean[len];
        for (int i = 0; i < len; i++) {
            valid[i] = r.nextDouble() >= nulls;
        }
        return valid;
    }

    @Test
    void averageRunAtLeastMatchesTheFullCount() {
        Random r = new Random(11);
        int cases = 0;
        for (int len : new int[] {1, 3, 4, 5, 1023, 1024, 1025, 5000, 20_000}) {
            for (int maxRun : new int[] {1, 3, 4, 6, 9, 50}) {
                for (double nulls : new double[] {0, 0.1, 0.6, 1.0}) {
                    long[] v = values(r, len, maxRun, 1 + r.nextInt(1000), 0);
                    boolean[] valid = validity(r, len, nulls);
                    PrimitiveArray a = EncodeTesting.ints(PType.I32, v, valid);
                    long validRows = 0;
                    long runs = 0;
                    Long prev = null;
                    for (int i = 0; i < len; i++) {
                        if (valid != null && !valid[i]) {
                            continue;
                        }
                        validRows++;
                        if (prev == null || prev != v[i]) {
                            runs++;
                        }
                        prev = v[i];
                    }
                    for (int minRun : new int[] {1, 2, 4, 7}) {
                        boolean expected = runs > 0 && validRows >= (long) minRun * runs;
                        assertEquals(
                                expected,
                                RleEncoder.averageRunAtLeast(a, minRun),
                                "len " + len + " maxRun " + maxRun + " nulls " + nulls + " minRun " + minRun);
                        assertEquals(expected, RleEncoder.averageRunLength(a) >= minRun);
                        cases++;
                    }
                }
            }
        }
        assertEquals(9 * 6 * 4 * 4, cases);
    }

    @Test
    void dominantRowMatchesTheFullCount() {
        Random r = new Random(12);
        for (int len : new int[] {10, 100, 1025, 20_000}) {
            for (double fill : new double[] {0, 0.5, 0.85, 0.9, 0.93, 0.99, 1.0}) {
                for (int maxRun : new int[] {1, 5}) {
                    for (double nulls : new double[] {0, 0.02, 0.3}) {
                        long[] v = values(r, len, maxRun, 50, fill);
                        boolean[] valid = validity(r, len, nulls);
                        PrimitiveArray a = EncodeTesting.ints(PType.I64, v, valid);
                        long maxDiffering = len / 10;
                        // The full count: nulls, and the most frequent valid value's rows.
                        Map<Long, Integer> counts = new HashMap<>();
                        long nullRows = 0;
                        for (int i = 0; i < len; i++) {
                            if (valid != null && !valid[i]) {
                                nullRows++;
                            } else {
                                counts.merge(v[i], 1, Integer::sum);
                            }
                        }
                        int row = SparseEncoder.dominantRow(a, maxDiffering);
                        String what = "len " + len + " fill " + fill + " maxRun " + maxRun + " nulls " + nulls;
                        if (len - nullRows <= maxDiffering) {
                            assertEquals(-1, row, what);
                            continue;
                        }
                        Long fillValue = null;
                        for (Map.Entry<Long, Integer> e : counts.entrySet()) {
                            if (len - e.getValue() <= maxDiffering) {
                                fillValue = e.getKey();
                            }
                        }
                        if (fillValue == null) {
                            assertEquals(SparseEncoder.NO_FILL, row, what);
                        } else {
                            assertEquals(true, row >= 0 && (valid == null || valid[row]), what);
                            assertEquals((long) fillValue, v[row], what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void dominantRowOfStrings() {
        try (Arena arena = Arena.ofConfined()) {
            String[] mostly = new String[1000];
            String[] distinct = new String[1000];
            for (int i = 0; i < 1000; i++) {
                mostly[i] = i % 17 == 3 ? "other" + i : i % 53 == 0 ? null : "same";
                distinct[i] = "s" + i;
            }
            int row = SparseEncoder.dominantRow(EncodeTesting.strings(mostly, true, arena), 100);
            assertEquals("same", mostly[row]);
            assertEquals(
                    SparseEncoder.NO_FILL,
                    SparseEncoder.dominantRow(EncodeTesting.strings(distinct, false, arena), 100));
        }
    }
}
