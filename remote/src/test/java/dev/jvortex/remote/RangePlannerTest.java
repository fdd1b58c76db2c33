package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.file.io.RangePlanner;
import java.util.List;
import org.junit.jupiter.api.Test;

/// Coalescing: gaps up to the threshold merge, bigger ones split, ranges stop at the cap.
class RangePlannerTest {
    @Test
    void mergesSmallGapsSplitsLargeOnesAndCapsRanges() {
        long[] offsets = {0, 100, 250, 10_000, 10_050, 20_000};
        long[] lengths = {100, 100, 50, 50, 50, 30_000};
        List<RangePlanner.Range> r = RangePlanner.plan(new int[] {5, 0, 1, 2, 3, 4, 1}, offsets, lengths, 60, 1000);
        assertEquals(3, r.size(), r.toString());
        assertEquals(0, r.get(0).offset());
        assertEquals(300, r.get(0).length()); // 0..200, gap 50 <= 60, then 250..300
        assertArrayEquals(new int[] {0, 1, 2}, r.get(0).ids());
        assertEquals(10_000, r.get(1).offset());
        assertEquals(100, r.get(1).length());
        assertArrayEquals(new int[] {3, 4}, r.get(1).ids());
        assertEquals(20_000, r.get(2).offset()); // longer than the cap: alone
        assertArrayEquals(new int[] {5}, r.get(2).ids());
        assertEquals(
                3,
                RangePlanner.plan(new int[] {0, 1, 2}, offsets, lengths, 60, 150)
                        .size());
    }
}
