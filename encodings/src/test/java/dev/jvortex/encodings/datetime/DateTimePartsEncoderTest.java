package dev.jvortex.encodings.datetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.light.LightEncoder;
import java.lang.foreign.Arena;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// `vortex.datetimeparts` encoding: round trips through [DateTimePartsDecoder] for every unit,
/// with and without zone and nulls, and the parts and their types for hand-worked values.
class DateTimePartsEncoderTest {
    static ExtensionArray timestamps(int unit, String zone, long[] values, boolean[] valid) {
        DType.Extension dtype = DateTimePartsDecodeTest.timestamp(unit, zone, valid != null);
        return new ExtensionArray(dtype, EncodeTesting.ints(PType.I64, values, valid));
    }

    @Test
    void roundTripsEveryUnit() {
        Random random = new Random(13);
        int[] lengths = {0, 1, 2, 1023, 1024, 1025, 3000, 70_000};
        for (int unit = 0; unit < 4; unit++) {
            long perSecond = DateTimePartsDecodeTest.UNITS_PER_SECOND[unit];
            for (int len : lengths) {
                for (int shape = 0; shape < 3; shape++) {
                    long[] values = new long[len];
                    long t = 1_700_000_000L * perSecond;
                    for (int i = 0; i < len; i++) {
                        values[i] = switch (shape) {
                            // Increasing event times.
                            case 0 -> t += random.nextInt(1000) * (perSecond / Math.min(perSecond, 1000)) + 1;
                            // Anywhere within about ±250 years, before 1970 included.
                            case 1 ->
                                random.nextLong(-8_000_000_000L, 8_000_000_000L) * perSecond
                                        + (perSecond == 1 ? 0 : random.nextLong(perSecond));
                            // Whole days.
                            default -> (random.nextInt(40_000) - 10_000) * 86_400L * perSecond;
                        };
                    }
                    for (int nulls = 0; nulls < 3; nulls++) {
                        if (len > 3000 && (nulls != 1 || shape != 0)) {
                            continue; // the large length once per type, with nulls
                        }
                        boolean[] valid = nulls == 0 ? null : TestArrays.validity(random, len, nulls == 1 ? 0.1 : 0.97);
                        ExtensionArray a = timestamps(unit, shape == 1 ? "Europe/Amsterdam" : null, values, valid);
                        String what = "unit " + unit + "/" + len + "/shape " + shape + "/nulls " + nulls;
                        check(a, DateTimePartsEncoder.encode(a, LightEncoder.PACKED), what);
                        check(a, DateTimePartsEncoder.encode(a, ChildEncoder.CANONICAL), what + "/canonical");
                    }
                }
            }
        }
    }

    static void check(ExtensionArray a, WriteNode node, String what) {
        assertEquals("vortex.datetimeparts", node.encoding(), what);
        try (Arena arena = Arena.ofConfined()) {
            Array decoded = EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena);
            EncodeTesting.assertSameRows(a, decoded, what);
        }
    }

    @Test
    void partsAndTheirTypes() {
        // 1 day + 1 s + 1 ms; 1969-12-31 23:59:59.999 (-1 ms); midnight of day 3.
        ExtensionArray a = timestamps(2, null, new long[] {86_401_001L, -1L, 3 * 86_400_000L}, null);
        DateTimePartsEncoder.Parts parts = DateTimePartsEncoder.split(a);
        assertEquals("[1, 0, 3]", java.util.Arrays.toString(Primitives.longs(parts.days())));
        assertEquals("[1, 0, 0]", java.util.Arrays.toString(Primitives.longs(parts.seconds())));
        assertEquals("[1, -1, 0]", java.util.Arrays.toString(Primitives.longs(parts.subseconds())));
        assertEquals(PType.U8, parts.days().ptype());
        assertEquals(PType.U8, parts.seconds().ptype());
        assertEquals(PType.I8, parts.subseconds().ptype());

        // Nanoseconds in 2023: days need u16, seconds u32 (up to 86 399), subseconds u32.
        ExtensionArray ns = timestamps(
                0, "UTC", new long[] {1_700_000_000_123_456_789L, 1_700_050_000_999_999_999L}, new boolean[] {
                    true, false
                });
        DateTimePartsEncoder.Parts p = DateTimePartsEncoder.split(ns);
        assertEquals(PType.U16, p.days().ptype());
        assertTrue(p.days().dtype().nullable());
        assertFalse(p.days().isValid(1));
        assertEquals(19675, p.days().getLong(0));
        assertEquals(PType.U32, p.seconds().ptype());
        assertEquals(1_700_000_000L % 86_400, p.seconds().getLong(0));
        assertEquals(PType.U32, p.subseconds().ptype());
        assertEquals(123_456_789L, p.subseconds().getLong(0));
        assertFalse(p.seconds().dtype().nullable());
    }

    @Test
    void refusesDaysAndOtherExtensions() {
        DType.Extension days = DateTimePartsDecodeTest.timestamp(4, null, false);
        assertNull(DateTimePartsEncoder.encode(
                new ExtensionArray(days, EncodeTesting.ints(PType.I64, new long[] {1}, null)), LightEncoder.PACKED));
        DType.Extension date =
                new DType.Extension("vortex.date", new DType.Primitive(PType.I32, false), new byte[] {4});
        assertNull(DateTimePartsEncoder.encode(
                new ExtensionArray(date, EncodeTesting.ints(PType.I32, new long[] {1}, null)), LightEncoder.PACKED));
    }
}
