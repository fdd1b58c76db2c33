package dev.jvortex.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/// [PositionLookup] against a linear scan for the last entry naming a row: ascending rows,
/// unsorted rows with repeats, with and without the bitmap in front.
class PositionLookupTest {
    @Test
    void findsTheLastEntryNamingARow() {
        Random random = new Random(5);
        for (int round = 0; round < 200; round++) {
            int universe = 1 + random.nextInt(round % 2 == 0 ? 100 : 100_000);
            int n = random.nextInt(60);
            int[] rows = random.ints(n, 0, universe).toArray();
            if (round % 3 == 0) {
                rows = java.util.Arrays.stream(rows).sorted().distinct().toArray();
            }
            PositionLookup plain = PositionLookup.of(rows);
            PositionLookup filtered = PositionLookup.of(rows, universe);
            for (int q = 0; q < 300; q++) {
                int row = q < 50 && rows.length > 0 ? rows[random.nextInt(rows.length)] : random.nextInt(universe);
                int want = -1;
                for (int k = 0; k < rows.length; k++) {
                    if (rows[k] == row) {
                        want = k;
                    }
                }
                assertEquals(want, plain.find(row), "round " + round + " row " + row);
                assertEquals(want, filtered.find(row), "round " + round + " row " + row + " (bitmap)");
            }
        }
    }
}
