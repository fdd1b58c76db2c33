package dev.jvortex.encodings.onpair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.encodings.EncodeTesting;
import java.lang.foreign.Arena;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// The counts of the most frequent value of each integer child that [OnPairEncoder#split]
/// reports (the compressor skips the constant and sparse trials on them), checked against counts
/// taken from the children themselves.
class OnPairPartsTest {
    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    @Test
    void variedRows() {
        String[] rows = new String[3000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = "order " + (i * 7919 % 1000) + " of customer " + (i % 37) + (i % 5 == 0 ? "" : " urgent");
        }
        check(rows, false);
    }

    @Test
    void oneRowValueFillsNearlyAll() {
        String[] rows = new String[2000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % 40 == 0 ? "rare value " + i : "zz";
        }
        check(rows, true);
    }

    @Test
    void mostRowsEmpty() {
        String[] rows = new String[2000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % 25 == 0 ? "some text " + i : "";
        }
        check(rows, true);
    }

    @Test
    void otherArraysAreUnknown() {
        OnPairEncoder.Parts parts =
                OnPairEncoder.split(EncodeTesting.strings(new String[] {"ab", "cd"}, false, arena), 12);
        PrimitiveArray other = Primitives.array(PType.U8, false, new long[] {1, 2}, 2, Validity.ALL_VALID);
        assertEquals(-1, parts.topCount(other));
    }

    /// Checks each child's reported count; `dominant`: whether some child has a value filling at
    /// least nine tenths of its rows (so the skip must not apply to it).
    private void check(String[] rows, boolean dominant) {
        OnPairEncoder.Parts parts =
                OnPairEncoder.split(EncodeTesting.strings(rows, false, arena), OnPairEncoder.DEFAULT_DICT_BITS);
        boolean anyFill = false;
        for (PrimitiveArray child : new PrimitiveArray[] {parts.codes(), parts.codesOffsets(), parts.lengths()}) {
            int top = mostFrequent(child);
            int reported = parts.topCount(child);
            int n = child.length();
            if (top > n / 2) {
                assertEquals(top, reported, "a majority value is counted exactly");
            } else {
                assertTrue(reported <= n / 2 + 1, "no value below a majority is reported as frequent");
            }
            anyFill |= top >= n - n / 10;
        }
        assertEquals(dominant, anyFill);
    }

    private static int mostFrequent(PrimitiveArray a) {
        Map<Long, Integer> counts = new HashMap<>();
        int best = 0;
        for (long v : Primitives.longs(a)) {
            best = Math.max(best, counts.merge(v, 1, Integer::sum));
        }
        return best;
    }
}
