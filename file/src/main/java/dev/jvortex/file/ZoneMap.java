package dev.jvortex.file;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.StructArray;

/// Per-zone statistics of one column: a table with one row per zone of `zoneLength` rows (the
/// last zone may be shorter), one column per aggregate, named as the reference names them
/// (`vortex.max()`, `vortex.min()`, `vortex.null_count()`, `vortex.bounded_max(64)`, ...; in
/// legacy files `max`, `min`, `null_count`, ...).
///
/// @param zoneLength rows per zone
/// @param rowCount rows of the column
/// @param table the statistics, one row per zone
/// @param onClose frees the table's memory
public record ZoneMap(long zoneLength, long rowCount, StructArray table, Runnable onClose) implements AutoCloseable {
    /// Frees the memory of the table.
    @Override
    public void close() {
        onClose.run();
    }

    /// Returns the number of zones.
    public int zoneCount() {
        return table.length();
    }

    /// Returns the first row of zone `z`.
    public long zoneStart(int z) {
        return z * zoneLength;
    }

    /// Returns one past the last row of zone `z`.
    public long zoneEnd(int z) {
        return Math.min(rowCount, (z + 1) * zoneLength);
    }

    /// Returns the statistic column named `name` (e.g. `vortex.max()`), or null.
    public Array statistic(String name) {
        return table.field(name);
    }
}
