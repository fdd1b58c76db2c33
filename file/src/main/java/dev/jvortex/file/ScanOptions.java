package dev.jvortex.file;

import java.util.List;

/// What a scan reads: which top-level columns (null = all) and which rows.
///
/// @param columns the top-level column names to read, in output order, or null for all
/// @param firstRow the first row to read
/// @param lastRow one past the last row to read (clamped to the file's row count)
/// @param maxBatchRows the largest batch to produce
/// @param threadShared whether batches may be used and closed on threads other than the one
///     that read them (shared arenas); by default batches are confined to the scanning thread,
///     which makes freeing their memory much cheaper
public record ScanOptions(List<String> columns, long firstRow, long lastRow, int maxBatchRows, boolean threadShared) {
    /// The default cap on rows per batch.
    public static final int DEFAULT_MAX_BATCH_ROWS = 1 << 20;

    public ScanOptions {
        columns = columns == null ? null : List.copyOf(columns);
        if (firstRow < 0 || lastRow < firstRow) {
            throw dev.jvortex.core.VortexException.misuse("invalid row range [" + firstRow + ", " + lastRow + ")");
        }
        if (maxBatchRows < 1) {
            throw dev.jvortex.core.VortexException.misuse("maxBatchRows must be positive but was " + maxBatchRows);
        }
    }

    /// Reads everything.
    public static ScanOptions all() {
        return new ScanOptions(null, 0, Long.MAX_VALUE, DEFAULT_MAX_BATCH_ROWS, false);
    }

    /// Reads the named columns.
    public static ScanOptions columns(String... names) {
        return new ScanOptions(List.of(names), 0, Long.MAX_VALUE, DEFAULT_MAX_BATCH_ROWS, false);
    }

    /// Returns these options with a row range `[first, last)`.
    public ScanOptions rows(long first, long last) {
        return new ScanOptions(columns, first, last, maxBatchRows, threadShared);
    }

    /// Returns these options with the given column projection.
    public ScanOptions withColumns(List<String> names) {
        return new ScanOptions(names, firstRow, lastRow, maxBatchRows, threadShared);
    }

    /// Returns these options with batches usable from any thread (or confined to the scanning thread).
    public ScanOptions withThreadShared(boolean shared) {
        return new ScanOptions(columns, firstRow, lastRow, maxBatchRows, shared);
    }

    /// Returns these options with a cap on rows per batch.
    public ScanOptions withMaxBatchRows(int rows) {
        return new ScanOptions(columns, firstRow, lastRow, rows, threadShared);
    }
}
