package dev.jvortex.encodings.runend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/// Runs, null runs, and the ends type.
class RunEndEncoderTest {
    @Test
    void nullsFormTheirOwnRuns() {
        PrimitiveArray a = EncodeTesting.ints(
                PType.I32, new long[] {1, 1, 9, 8, 2, 2, 2}, new boolean[] {true, true, false, false, true, true, true
                });
        RunEndEncoder.Parts parts = RunEndEncoder.split(a);
        assertEquals(PType.U8, parts.ends().ptype());
        assertEquals("[2, 4, 7]", Arrays.toString(Primitives.longs(parts.ends())));
        assertEquals(3, RunEndEncoder.runCount(a));
        assertEquals(false, parts.values().isValid(1));
        assertNull(RunEndEncoder.encode(EncodeTesting.ints(PType.I32, new long[0], null), LightEncoder.PACKED));
    }

    @Test
    void floatsCompareByBits() {
        PrimitiveArray a = EncodeTesting.doubles(new double[] {0.0, -0.0, -0.0, Double.NaN, Double.NaN}, null);
        assertEquals(3, RunEndEncoder.runCount(a));
    }
}
