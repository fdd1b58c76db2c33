package dev.jvortex.file;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.expr.Expr;
import java.util.List;
import java.util.concurrent.Executor;

/// What a scan reads: which top-level columns (null = all), which rows, and which of them to
/// keep.
///
/// A filter keeps the rows where it is true (see [Expr]): the scan skips the zones and chunks
/// that statistics prove cannot match, evaluates the filter on the rest and returns only the
/// matching rows. Columns the filter reads but the projection does not name are read for
/// filtering and not returned. Row indices select rows for random access; only the chunks
/// holding them are decoded. Row range, row indices and filter combine (all must hold).
///
/// @param columns the top-level column names to read, in output order, or null for all
/// @param firstRow the first row to read
/// @param lastRow one past the last row to read (clamped to the file's row count)
/// @param maxBatchRows the largest batch to produce
/// @param threadShared whether batches of a one-thread scan may be used and closed on other
///     threads (shared arenas); by default they are confined to the scanning thread, which makes
///     freeing their memory much cheaper. Batches of a parallel scan are always shared.
/// @param filter the rows to keep, or null for all
/// @param rowIndices strictly ascending file row indices to read, or null for all rows
/// @param parallelism how many splits are decoded at once: 0 (the default) uses every available
///     processor, 1 reads on the calling thread only
/// @param executor the executor that decodes splits when `parallelism` is not 1, or null for the
///     library's shared pool of daemon threads
/// @param ordered whether batches come in file order (the default); unordered batches come as
///     soon as they are decoded, which keeps every thread busy when splits take unequal time
public record ScanOptions(
        List<String> columns,
        long firstRow,
        long lastRow,
        int maxBatchRows,
        boolean threadShared,
        Expr filter,
        long[] rowIndices,
        int parallelism,
        Executor executor,
        boolean ordered) {
    /// The default cap on rows per batch.
    public static final int DEFAULT_MAX_BATCH_ROWS = 1 << 20;

    public ScanOptions {
        columns = columns == null ? null : List.copyOf(columns);
        if (firstRow < 0 || lastRow < firstRow) {
            throw VortexException.misuse("invalid row range [" + firstRow + ", " + lastRow + ")");
        }
        if (parallelism < 0) {
            throw VortexException.misuse("parallelism must be 0 (every processor) or positive but was " + parallelism);
        }
        if (maxBatchRows < 1) {
            throw VortexException.misuse("maxBatchRows must be positive but was " + maxBatchRows);
        }
        if (rowIndices != null) {
            rowIndices = rowIndices.clone();
            for (int i = 0; i < rowIndices.length; i++) {
                if (rowIndices[i] < 0 || (i > 0 && rowIndices[i] <= rowIndices[i - 1])) {
                    throw VortexException.misuse("row indices must be strictly ascending and non-negative but index "
                            + i + " is " + rowIndices[i] + (i > 0 ? " after " + rowIndices[i - 1] : ""));
                }
            }
        }
    }

    /// Reads everything.
    public static ScanOptions all() {
        return new ScanOptions(null, 0, Long.MAX_VALUE, DEFAULT_MAX_BATCH_ROWS, false, null, null, 0, null, true);
    }

    /// Reads the named columns.
    public static ScanOptions columns(String... names) {
        return new ScanOptions(
                List.of(names), 0, Long.MAX_VALUE, DEFAULT_MAX_BATCH_ROWS, false, null, null, 0, null, true);
    }

    /// Returns these options with a row range `[first, last)`.
    public ScanOptions rows(long first, long last) {
        return new ScanOptions(
                columns, first, last, maxBatchRows, threadShared, filter, rowIndices, parallelism, executor, ordered);
    }

    /// Returns these options with the given column projection.
    public ScanOptions withColumns(List<String> names) {
        return new ScanOptions(
                names,
                firstRow,
                lastRow,
                maxBatchRows,
                threadShared,
                filter,
                rowIndices,
                parallelism,
                executor,
                ordered);
    }

    /// Returns these options with batches usable from any thread (or confined to the scanning thread).
    public ScanOptions withThreadShared(boolean shared) {
        return new ScanOptions(
                columns, firstRow, lastRow, maxBatchRows, shared, filter, rowIndices, parallelism, executor, ordered);
    }

    /// Returns these options with a cap on rows per batch.
    public ScanOptions withMaxBatchRows(int rows) {
        return new ScanOptions(
                columns, firstRow, lastRow, rows, threadShared, filter, rowIndices, parallelism, executor, ordered);
    }

    /// Returns these options keeping only the rows where `filter` is true (null: every row).
    public ScanOptions withFilter(Expr filter) {
        return new ScanOptions(
                columns,
                firstRow,
                lastRow,
                maxBatchRows,
                threadShared,
                filter,
                rowIndices,
                parallelism,
                executor,
                ordered);
    }

    /// Returns these options keeping only the rows where the filter `text` is true (see [Expr#parse]).
    public ScanOptions withFilter(String text) {
        return withFilter(Expr.parse(text));
    }

    /// Returns these options reading only the rows at `sorted` (strictly ascending file row
    /// indices, each below the file's row count), or every row for null.
    public ScanOptions withRowIndices(long[] sorted) {
        return new ScanOptions(
                columns, firstRow, lastRow, maxBatchRows, threadShared, filter, sorted, parallelism, executor, ordered);
    }

    /// Returns these options decoding `threads` splits at once (0: every available processor; 1:
    /// only the calling thread, batches confined to it unless [#withThreadShared(boolean)]).
    public ScanOptions withParallelism(int threads) {
        return new ScanOptions(
                columns, firstRow, lastRow, maxBatchRows, threadShared, filter, rowIndices, threads, executor, ordered);
    }

    /// Returns these options decoding splits on `executor` (null: the library's shared pool).
    public ScanOptions withExecutor(Executor executor) {
        return new ScanOptions(
                columns,
                firstRow,
                lastRow,
                maxBatchRows,
                threadShared,
                filter,
                rowIndices,
                parallelism,
                executor,
                ordered);
    }

    /// Returns these options delivering batches in file order (true, the default) or as soon as
    /// each is decoded (false; [Batch#firstRow()] tells where a batch belongs).
    public ScanOptions withOrdered(boolean inOrder) {
        return new ScanOptions(
                columns,
                firstRow,
                lastRow,
                maxBatchRows,
                threadShared,
                filter,
                rowIndices,
                parallelism,
                executor,
                inOrder);
    }

    /// Returns these options restricted to the rows of `split` (as planned by [ScanPlan#splits()]).
    public ScanOptions forSplit(Split split) {
        long from = Math.max(firstRow, split.firstRow());
        return rows(from, Math.max(from, Math.min(lastRow, split.lastRow())));
    }

    /// Returns the number of threads a scan with these options uses.
    public int effectiveParallelism() {
        return parallelism == 0 ? Runtime.getRuntime().availableProcessors() : parallelism;
    }

    @Override
    public long[] rowIndices() {
        return rowIndices == null ? null : rowIndices.clone();
    }
}
