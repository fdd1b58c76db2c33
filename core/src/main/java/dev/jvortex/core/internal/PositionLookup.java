package dev.jvortex.core.internal;

import java.util.Arrays;

/// Finds, for a row, the last entry of a list of rows (patch positions, say) that names it, by
/// binary search: over the rows themselves when they are strictly ascending (as writers store
/// them), else over a sorted copy.
public final class PositionLookup {
    private final int[] ascending;
    private final long[] sorted;
    private long[] present;

    private PositionLookup(int[] ascending, long[] sorted) {
        this.ascending = ascending;
        this.sorted = sorted;
    }

    /// Returns a lookup over `rows`, each in `[0, universe)`, with a bitmap of the rows named in
    /// front of the search when that bitmap is small next to the rows (most lookups then miss
    /// without a search: a binary search's mispredicted branches cost tens of nanoseconds).
    public static PositionLookup of(int[] rows, int universe) {
        PositionLookup lookup = of(rows);
        if (rows.length > 0 && universe / 64 <= 16L * rows.length + 1024) {
            long[] bits = new long[(universe + 63) >>> 6];
            for (int row : rows) {
                bits[row >>> 6] |= 1L << row;
            }
            lookup.present = bits;
        }
        return lookup;
    }

    /// Returns a lookup over `rows` (entry `k` names row `rows[k]`, each non-negative).
    public static PositionLookup of(int[] rows) {
        boolean strictly = true;
        for (int k = 1; k < rows.length && strictly; k++) {
            strictly = rows[k - 1] < rows[k];
        }
        if (strictly) {
            return new PositionLookup(rows, null);
        }
        long[] keys = new long[rows.length];
        for (int k = 0; k < rows.length; k++) {
            keys[k] = ((long) rows[k] << 32) | k;
        }
        Arrays.sort(keys);
        return new PositionLookup(null, keys);
    }

    /// Returns the last entry naming `row`, or -1.
    public int find(int row) {
        if (present != null && (row >>> 6 >= present.length || (present[row >>> 6] & (1L << row)) == 0)) {
            return -1;
        }
        if (ascending != null) {
            int k = Arrays.binarySearch(ascending, row);
            return k >= 0 ? k : -1;
        }
        // The first key of the next row, minus one, is the last key of this row (if it is this row).
        int at = Arrays.binarySearch(sorted, ((long) row + 1) << 32);
        int before = (at >= 0 ? at : -at - 1) - 1;
        if (before >= 0 && (int) (sorted[before] >>> 32) == row) {
            return (int) sorted[before];
        }
        return -1;
    }
}
