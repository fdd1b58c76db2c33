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

    /// Runs of 20 to 60 equal values, nine in ten runs of 0, the others below 1,000.
    private static Array runsOverZeros(long seed) {
        Random r = new Random(seed);
        long[] v = new long[ROWS];
        int i = 0;
        while (i < ROWS) {
            int len = 20 + r.nextInt(41);
            long x = r.nextDouble() < 0.9 ? 0 : r.nextInt(1000);
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

    @Test
    void aWinnerTheSampleMisjudgedLosesToARunnerUpOnEveryRow() {
        Cascade cascade = new Cascade(false, false, 3);
        Array a = runsOverZeros(2);
        Array sample = Cascade.sample(a);
        long deltaFull = fullBytes(DeltaScheme.INSTANCE, a, cascade);
        long runEndFull = fullBytes(RunEndScheme.INSTANCE, a, cascade);
        // Premise: on the sample delta beats run-end, on every row it takes more bytes.
        assertTrue(
                sampledBytes(DeltaScheme.INSTANCE, a, sample, cascade)
                        < sampledBytes(RunEndScheme.INSTANCE, a, sample, cascade),
                "delta does not win on the sample");
        assertTrue(deltaFull > runEndFull, deltaFull + " against " + runEndFull);

        WriteNode n = cascade.compress(a);
        Verify.check(a, n);
        assertEquals(EncodingId.RUNEND.id(), n.encoding());
        assertEquals(runEndFull, n.bufferBytes());
    }

    @Test
    void runEndTheSampleUnderratesGetsATrialOnEveryRow() {
        // Runs of 1 to 45 rows over 8 values: on the sample FoR's bytes are the least, on every
        // row run-end's are a seventh of FoR's.
        Cascade cascade = new Cascade(false, false, 3);
        Random r = new Random(1);
        long[] v = new long[ROWS];
        int i = 0;
        while (i < ROWS) {
            int len = 1 + r.nextInt(45);
            long x = r.nextInt(8);
            for (int k = 0; k < len && i < ROWS; k++) {
                v[i++] = x;
            }
        }
        Array a = Primitives.array(PType.I64, false, v, ROWS, Validity.ALL_VALID);
        Array sample = Cascade.sample(a);
        long runEndFull = fullBytes(RunEndScheme.INSTANCE, a, cascade);
        assertTrue(
                sampledBytes(ForScheme.INSTANCE, a, sample, cascade)
                        < sampledBytes(RunEndScheme.INSTANCE, a, sample, cascade),
                "FoR does not win on the sample");
        assertTrue(5 * runEndFull < fullBytes(ForScheme.INSTANCE, a, cascade));

        WriteNode n = cascade.compress(a);
        Verify.check(a, n);
        assertEquals(EncodingId.RUNEND.id(), n.encoding());
        assertEquals(runEndFull, n.bufferBytes());
    }

    @Test
    void aWinnerTheSampleJudgedWellIsKept() {
        // Runs of 20 to 60 over values below 1,000 (no zeros): run-end wins on the sample and on
        // every row, at about the ratio the sample promised.
        Cascade cascade = new Cascade(false, false, 3);
        Random r = new Random(3);
        long[] v = new long[ROWS];
        int i = 0;
        while (i < ROWS) {
            int len = 20 + r.nextInt(41);
            long x = r.nextInt(1000);
            for (int k = 0; k < len && i < ROWS; k++) {
                v[i++] = x;
            }
        }
        Array a = Primitives.array(PType.I64, false, v, ROWS, Validity.ALL_VALID);
        WriteNode n = cascade.compress(a);
        Verify.check(a, n);
        assertEquals(EncodingId.RUNEND.id(), n.encoding());
    }
}
