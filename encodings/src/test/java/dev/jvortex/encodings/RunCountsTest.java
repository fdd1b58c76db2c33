package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.fastlanes.RleEncoder;
import dev.jvortex.encodings.runend.RunEndEncoder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [RunCounts]: a count remembered for one array answers later questions about that array exactly
/// as counting again would (checked against fresh copies of the same values, which nothing is
/// remembered for), and the runs of rows are told apart from the runs of valid values when some
/// rows are null.
class RunCountsTest {
    private static long[] runs(Random r, int len, int maxRun) {
        long[] v = new long[len];
        int i = 0;
        while (i < len) {
            long x = r.nextInt(20) - 10;
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

    /// The runs of the rows (a null row differs from a valid one, two nulls are one run).
    private static long rowRuns(long[] v, boolean[] valid) {
        long runs = 0;
        for (int i = 0; i < v.length; i++) {
            boolean ok = valid == null || valid[i];
            boolean prevOk = i > 0 && (valid == null || valid[i - 1]);
            if (i == 0 || ok != prevOk || ok && v[i] != v[i - 1]) {
                runs++;
            }
        }
        return runs;
    }

    /// The runs among the valid values (nulls skipped).
    private static long validRuns(long[] v, boolean[] valid) {
        long runs = 0;
        Long prev = null;
        for (int i = 0; i < v.length; i++) {
            if (valid != null && !valid[i]) {
                continue;
            }
            if (prev == null || prev != v[i]) {
                runs++;
            }
            prev = v[i];
        }
        return runs;
    }

    @Test
    void rememberedCountsAnswerAsCountingAgain() {
        Random r = new Random(5);
        for (int len : new int[] {1, 7, 1024, 1025, 5000}) {
            for (int maxRun : new int[] {1, 4, 9, 200}) {
                for (double nulls : new double[] {0, 0.2}) {
                    long[] v = runs(r, len, maxRun);
                    boolean[] valid = validity(r, len, nulls);
                    String what = "len " + len + " maxRun " + maxRun + " nulls " + nulls;
                    PrimitiveArray a = EncodeTesting.ints(PType.I32, v, valid);
                    // RLE's scan first (it remembers only a count it finished), then run-end's
                    // count, then RLE's question again and with other bounds.
                    for (int minRun : new int[] {1, 2, 4, 8, 64}) {
                        boolean fresh = RleEncoder.averageRunAtLeast(EncodeTesting.ints(PType.I32, v, valid), minRun);
                        assertEquals(fresh, RleEncoder.averageRunAtLeast(a, minRun), what + " minRun " + minRun);
                    }
                    assertEquals(rowRuns(v, valid), RunEndEncoder.runCount(a), what);
                    assertEquals(rowRuns(v, valid), RunCounts.rowRuns(a), what);
                    for (int minRun : new int[] {1, 2, 4, 8, 64}) {
                        boolean fresh = RleEncoder.averageRunAtLeast(EncodeTesting.ints(PType.I32, v, valid), minRun);
                        assertEquals(fresh, RleEncoder.averageRunAtLeast(a, minRun), what + " minRun " + minRun);
                    }
                    long known = RunCounts.validRuns(a);
                    if (known >= 0) {
                        assertEquals(validRuns(v, valid), known, what);
                    }
                }
            }
        }
    }

    @Test
    void runsAtMostAnswersAsTheWholeCount() {
        Random r = new Random(6);
        for (int len : new int[] {1, 3, 4, 1024, 1025, 5000}) {
            for (int maxRun : new int[] {1, 4, 200}) {
                for (double nulls : new double[] {0, 0.2}) {
                    long[] v = runs(r, len, maxRun);
                    boolean[] valid = validity(r, len, nulls);
                    long whole = rowRuns(v, valid);
                    for (long max : new long[] {0, 1, whole - 1, whole, whole + 1, len / 4, len}) {
                        PrimitiveArray fresh = EncodeTesting.ints(PType.I32, v, valid);
                        String what = "len " + len + " maxRun " + maxRun + " nulls " + nulls + " max " + max;
                        assertEquals(whole <= max, RunEndEncoder.runsAtMost(fresh, max), what);
                        long kept = RunCounts.rowRuns(fresh);
                        if (kept >= 0) {
                            assertEquals(whole, kept, what);
                        }
                        assertEquals(whole <= max, RunEndEncoder.runsAtMost(fresh, max), what);
                        assertEquals(whole, RunEndEncoder.runCount(fresh), what);
                    }
                }
            }
        }
    }

    @Test
    void rowRunsAndValidRunsDifferWithNulls() {
        long[] v = {1, 0, 1, 1, 2};
        boolean[] valid = {true, false, true, true, true};
        PrimitiveArray a = EncodeTesting.ints(PType.I64, v, valid);
        RunCounts.putValidRuns(a, 2);
        assertEquals(-1, RunCounts.rowRuns(a));
        assertEquals(4, RunEndEncoder.runCount(a));
        assertEquals(2, RunCounts.validRuns(a));
        assertEquals(4, RunCounts.rowRuns(a));

        PrimitiveArray all = EncodeTesting.ints(PType.I64, v, null);
        assertEquals(-1, RunCounts.validRuns(all));
        assertEquals(4, RunEndEncoder.runCount(all));
        assertEquals(4, RunCounts.validRuns(all));
        // 4 runs of 5 rows: not an average of 2
        assertEquals(false, RleEncoder.averageRunAtLeast(all, 2));
        assertEquals(true, RleEncoder.averageRunAtLeast(all, 1));
    }

    @Test
    void forgetsTheOldestArrays() {
        long[] v = {3, 3, 4};
        PrimitiveArray first = EncodeTesting.ints(PType.I64, v, null);
        RunCounts.putRowRuns(first, 2);
        for (int i = 0; i < 16; i++) {
            RunCounts.putRowRuns(EncodeTesting.ints(PType.I64, v, null), 2);
        }
        assertEquals(-1, RunCounts.rowRuns(first));
        assertEquals(2, RunEndEncoder.runCount(first));
    }
}
