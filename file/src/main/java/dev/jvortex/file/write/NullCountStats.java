package dev.jvortex.file.write;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.util.List;

/// Statistics of values without an order we keep (null, lists, fixed-size lists, maps,
/// extensions over other than integers, bools and strings): null counts only.
final class NullCountStats extends ZoneCounts implements StatsAccumulator {
    NullCountStats(int zoneLength) {
        super(zoneLength);
    }

    @Override
    void grow(int n) {
        // null counts only: nothing of its own
    }

    @Override
    void addRows(Array values, Validity v, boolean allValid, int from, int to, int z) {
        if (allValid) {
            return;
        }
        long nullRows = 0;
        long[] w = validWords;
        for (int r = from; r < to; r++) {
            if (!valid(w, r)) {
                nullRows++;
            }
        }
        nulls[z] += nullRows;
    }

    @Override
    void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena) {
        // null counts only
    }

    @Override
    public ArrayStats fileStatistics() {
        return new ArrayStats(null, false, null, false, null, null, null, null, nullCount(), null, null);
    }
}
