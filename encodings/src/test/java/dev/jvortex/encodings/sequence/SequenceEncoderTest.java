package dev.jvortex.encodings.sequence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.PType;
import dev.jvortex.encodings.EncodeTesting;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/// When a progression is a `vortex.sequence`, and its metadata bytes.
class SequenceEncoderTest {
    @Test
    void progressionsOnly() {
        assertNotNull(SequenceEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {3, 5, 7}, null)));
        assertNull(SequenceEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {3, 5, 8}, null)));
        assertNull(SequenceEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {3, 3, 3}, null)), "zero step");
        assertNull(SequenceEncoder.encode(EncodeTesting.ints(PType.I32, new long[0], null)));
        assertNull(SequenceEncoder.encode(
                EncodeTesting.ints(PType.I32, new long[] {1, 2, 3}, new boolean[] {true, false, true})));
        assertNull(SequenceEncoder.encode(EncodeTesting.doubles(new double[] {1, 2, 3}, null)));
        assertNotNull(SequenceEncoder.encode(EncodeTesting.ints(PType.U8, new long[] {42}, null)));
    }

    @Test
    void noStepMayOverflow() {
        assertNull(
                SequenceEncoder.encode(EncodeTesting.ints(PType.U8, new long[] {3, 2, 1}, null)),
                "unsigned cannot decrease");
        assertNull(
                SequenceEncoder.encode(EncodeTesting.ints(PType.I8, new long[] {-128, 127}, null)),
                "step 255 does not fit i8");
        assertNull(SequenceEncoder.encode(EncodeTesting.ints(PType.I8, new long[] {100, 120, -116}, null)), "wraps");
        assertNull(SequenceEncoder.encode(EncodeTesting.ints(PType.U64, new long[] {-2, -1, 0}, null)), "wraps");
        assertNull(
                SequenceEncoder.encode(EncodeTesting.ints(
                        PType.I64, new long[] {Long.MAX_VALUE - 1, Long.MAX_VALUE, Long.MIN_VALUE}, null)),
                "wraps");
        assertNotNull(SequenceEncoder.encode(EncodeTesting.ints(PType.U64, new long[] {0, Long.MIN_VALUE}, null)));
    }

    @Test
    void metadataHoldsTwoScalarValues() {
        // base -3 (sint64 5), multiplier 2 (sint64 4), each a ScalarValue message.
        assertEquals(
                "0a021805120218" + "04",
                HexFormat.of()
                        .formatHex(SequenceEncoder.encode(EncodeTesting.ints(PType.I16, new long[] {-3, -1, 1}, null))
                                .metadata()));
    }
}
