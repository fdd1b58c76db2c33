package dev.jvortex.compress.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.runend.RunEndEncoder;
import java.util.EnumSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// A sample of 64-row runs starts a run in each of them, so run-end's trial on a sample counts
/// more runs per row than the array has; [RunEndScheme#sampledBytes] corrects its bytes by the
/// whole array's run count, so run-end wins where it really is the smallest tree.
class RunEndSampleTest {
    /// `rows` values in runs of `minRun` to `2 * minRun` rows, each run a value below `1 << bits`.
    private static Array runs(int rows, int minRun, int bits, long seed) {
        Random r = new Random(seed);
        long[] v = new long[rows];
        int i = 0;
        while (i < rows) {
            int len = minRun + r.nextInt(minRun + 1);
            long x = r.nextInt(1 << bits);
            for (int k = 0; k < len && i < rows; k++) {
                v[i++] = x;
            }
        }
        return Primitives.array(PType.I32, false, v, rows, Validity.ALL_VALID);
    }

    @Test
    void correctedBytesScaleTheSampleToTheArraysRunsPerRow() {
        Array a = runs(200_000, 16, 6, 1);
        Array sample = Cascade.sample(a);
        Cascade cascade = new Cascade(false, false, 3);
        WriteNode trial = RunEndScheme.INSTANCE.encode(sample, cascade, 3, EnumSet.noneOf(SchemeId.class), true);
        long corrected = RunEndScheme.INSTANCE.sampledBytes(trial, a, sample);
        double expectedRuns = (double) RunEndEncoder.runCount(a) * sample.length() / a.length();
        int sampleRuns = RunEndEncoder.runCount(sample);
        assertTrue(sampleRuns > expectedRuns, sampleRuns + " runs in the sample, " + expectedRuns + " expected");
        assertEquals(Math.round(trial.bufferBytes() * expectedRuns / sampleRuns), corrected);
        // Never scaled up: an array sampled whole is its own sample.
        Array small = runs(3000, 16, 6, 2);
        WriteNode whole = RunEndScheme.INSTANCE.encode(small, cascade, 3, EnumSet.noneOf(SchemeId.class), true);
        assertEquals(whole.bufferBytes(), RunEndScheme.INSTANCE.sampledBytes(whole, small, small));
    }

    @Test
    void runEndWinsWhereItIsTheSmallestTree() {
        int won = 0;
        for (int minRun : new int[] {8, 12, 16, 24, 32}) {
            for (int bits : new int[] {3, 5, 8}) {
                Array a = runs(200_000, minRun, bits, minRun * 31L + bits);
                Cascade cascade = new Cascade(false, false, 3);
                WriteNode chosen = cascade.compress(a);
                WriteNode runEnd = RunEndScheme.INSTANCE.encode(a, cascade, 3, EnumSet.noneOf(SchemeId.class), false);
                String label = "runs of " + minRun + ".." + 2 * minRun + " rows, " + bits + "-bit values";
                assertTrue(
                        chosen.bufferBytes() <= runEnd.bufferBytes(),
                        label + ": chose " + chosen.encoding() + " (" + chosen.bufferBytes() + " B) over run-end ("
                                + runEnd.bufferBytes() + " B)");
                if (chosen.encoding().equals(EncodingId.RUNEND.id())) {
                    won++;
                }
            }
        }
        assertTrue(won > 0, "run-end never won");
    }
}
