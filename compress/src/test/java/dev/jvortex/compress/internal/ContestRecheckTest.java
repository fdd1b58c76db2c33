package dev.jvortex.compress.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.compress.Verify;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import java.util.EnumSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// A contest judged on a sample encodes its winner on every row; when that reaches less than 70 %
/// of the ratio the sample promised, the runners-up get a trial on every row too, as does run-end
/// when it came within half of the winner's ratio on the sample; the smallest tree is kept.
class ContestRecheckTest {
    private static final int ROWS = 50_000;

    /// Runs of `minRun` to `maxRun` equal values; a run is 0 with probability `zeros`, else a value
    /// below `values`.
    private static Array runs(long seed, int minRun, int maxRun, int values, double zeros) {
        Random r = new Random(seed);
        long[] v = new long[ROWS];
        int i = 0;
        while (i < ROWS) {
            int len = minRun + r.nextInt(maxRun - minRun + 1);
            long x = zeros > 0 && r.nextDouble() < zeros ? 0 : r.nextInt(values);
            for (int k = 0; k < len && i < ROWS; k++) {
                v[i++] = x;
            }
        }
        return Primitives.array(PType.I64, false, v, ROWS, Validity.ALL_VALID);
    }

    private static long fullBytes(Scheme s, Array a, Cascade cascade) {
        return s.encode(a, cascade, 3, EnumSet.noneOf(SchemeId.class), false).bufferBytes();
    }

    private static long sampledBytes(Scheme s, Array a, Array sample, Cascade cascade) {
        WriteNode n = s.encode(sample, cascade, 3, EnumSet.noneOf(SchemeId.class), true);
        return s.sampledBytes(n, a, sample);
    }

    /// Premise: on the sample of `a`, `sampled` (the contest's winner there) takes fewer bytes than
    /// run-end, on every row more. Then `a` compresses to run-end at its bytes on every row.
    private static void assertRunEndBeats(Scheme sampled, Array a) {
        Cascade cascade = new Cascade(false, false, 3);
        Array sample = Cascade.sample(a);
        long sampledFull = fullBytes(sampled, a, cascade);
        long runEndFull = fullBytes(RunEndScheme.INSTANCE, a, cascade);
        assertTrue(
                sampledBytes(sampled, a, sample, cascade) < sampledBytes(RunEndScheme.INSTANCE, a, sample, cascade),
                sampled.id() + " does not win on the sample");
        assertTrue(runEndFull < sampledFull, sampledFull + " against " + runEndFull);

        WriteNode n = cascade.compress(a);
        Verify.check(a, n);
        assertEquals(EncodingId.RUNEND.id(), n.encoding());
        assertEquals(runEndFull, n.bufferBytes());
    }

    @Test
    void aWinnerTheSampleMisjudgedLosesToARunnerUpOnEveryRow() {
        // Runs of 20 to 60, nine in ten of 0, the others below 1,000: delta wins on the sample.
        assertRunEndBeats(DeltaScheme.INSTANCE, runs(2, 20, 60, 1000, 0.9));
    }

    @Test
    void aWinnerFarBelowItsSampledRatioLosesToARunnerUp() {
        // A sawtooth, (3 i) mod 128, under a delta: its deltas are 3 but for a drop every 43rd
        // row. On the sample zigzag wins the deltas' contest; on every row it takes 31,013 bytes
        // and sparse, the runner-up, 7,708 (the whole tree 9,500 bytes against 32,805).
        long[] v = new long[70_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i * 3L) & 0x7f;
        }
        Array a = Primitives.array(PType.I64, false, v, v.length, Validity.ALL_VALID);
        WriteNode n = new Cascade(false, false, 3).compress(a);
        Verify.check(a, n);
        assertEquals(EncodingId.DELTA.id(), n.encoding());
        assertEquals(EncodingId.SPARSE.id(), n.children().get(1).encoding());
    }

    @Test
    void runEndTheSampleUnderratesGetsATrialOnEveryRow() {
        // Runs of 1 to 45 rows over 8 values: FoR wins on the sample; on every row run-end takes
        // a seventh of FoR's bytes.
        assertRunEndBeats(ForScheme.INSTANCE, runs(1, 1, 45, 8, 0));
    }

    @Test
    void aWinnerTheSampleJudgedWellIsKept() {
        // Runs of 20 to 60 over values below 1,000 (no zeros): run-end wins on the sample and on
        // every row, at about the ratio the sample promised.
        Cascade cascade = new Cascade(false, false, 3);
        Array a = runs(3, 20, 60, 1000, 0);
        WriteNode n = cascade.compress(a);
        Verify.check(a, n);
        assertEquals(EncodingId.RUNEND.id(), n.encoding());
    }
}
