package dev.jvortex.file;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.layout.ReadContext;
import java.lang.foreign.Arena;
import java.util.List;

/// A run of consecutive rows of the projected columns. The batch owns the memory its columns
/// were decoded into; close it when done. After close, [#column(int)] fails, and arrays taken
/// from the batch fail on access with the FFM "already closed" error.
public final class Batch implements AutoCloseable {
    private final long firstRow;
    private final long base;
    private final int[] selected;
    private final int rowCount;
    private final List<String> names;
    private final List<Array> columns;
    private final Arena arena;
    private final ReadContext context;
    /// File row of each row when the rows are in no particular order (a take), else null.
    private final long[] rows;
    private final Runnable onClose;
    private volatile boolean closed;

    Batch(long firstRow, int rowCount, List<String> names, List<Array> columns, Arena arena, ReadContext context) {
        this(firstRow, null, rowCount, names, columns, arena, context);
    }

    /// A batch of selected rows: row `i` is file row `base + selected[i]` (contiguous when `selected` is null).
    Batch(
            long base,
            int[] selected,
            int rowCount,
            List<String> names,
            List<Array> columns,
            Arena arena,
            ReadContext context) {
        this.base = base;
        this.selected = selected;
        this.firstRow = selected == null || selected.length == 0 ? base : base + selected[0];
        this.rowCount = rowCount;
        this.names = List.copyOf(names);
        this.columns = List.copyOf(columns);
        this.arena = arena;
        this.context = context;
        this.rows = null;
        this.onClose = null;
    }

    /// A batch of the file rows `rows`, in any order; `onClose` frees what the columns point into.
    Batch(long[] rows, List<String> names, List<Array> columns, Arena arena, Runnable onClose) {
        this.base = 0;
        this.selected = null;
        this.rows = rows;
        this.firstRow = rows.length == 0 ? 0 : rows[0];
        this.rowCount = rows.length;
        this.names = List.copyOf(names);
        this.columns = List.copyOf(columns);
        this.arena = arena;
        this.context = new ReadContext(arena);
        this.onClose = onClose;
    }

    /// Returns the file row index of this batch's first row (see [#rowIndex(int)] for the others).
    public long firstRow() {
        return firstRow;
    }

    /// Returns the file row index of row `i` of this batch (rows of a filtered scan or of a scan by
    /// row indices need not be consecutive).
    public long rowIndex(int i) {
        if (i < 0 || i >= rowCount) {
            throw new IndexOutOfBoundsException("row " + i + " of a batch of " + rowCount);
        }
        return rows != null ? rows[i] : selected == null ? base + i : base + selected[i];
    }

    /// Returns true when the rows of this batch are consecutive rows of the file.
    public boolean isContiguous() {
        if (rows != null) {
            for (int i = 1; i < rows.length; i++) {
                if (rows[i] != rows[i - 1] + 1) {
                    return false;
                }
            }
            return true;
        }
        return selected == null || rowCount == 0 || selected[rowCount - 1] - selected[0] == rowCount - 1;
    }

    /// Returns the number of rows.
    public int rowCount() {
        return rowCount;
    }

    /// Returns the number of columns.
    public int columnCount() {
        return columns.size();
    }

    /// Returns the column names, in order.
    public List<String> columnNames() {
        return names;
    }

    /// Returns column `i`.
    public Array column(int i) {
        ensureOpen();
        return columns.get(i);
    }

    /// Returns the first column named `name`.
    public Array column(String name) {
        ensureOpen();
        int i = names.indexOf(name);
        if (i < 0) {
            throw VortexException.misuse("batch has no column '" + name + "'; columns are " + names);
        }
        return columns.get(i);
    }

    /// Returns the type of column `i`.
    public DType columnType(int i) {
        return columns.get(i).dtype();
    }

    private void ensureOpen() {
        if (closed) {
            throw VortexException.misuse("batch of rows [" + firstRow + ", " + (firstRow + rowCount) + ") is closed");
        }
    }

    /// Returns true once closed.
    public boolean isClosed() {
        return closed;
    }

    /// Frees the batch's memory. A batch of a one-thread scan that is not
    /// [thread-shared][ScanOptions#withThreadShared(boolean)] belongs to the scanning thread:
    /// closing it from another thread fails with a [VortexException] of kind `MISUSE` and changes
    /// nothing, so the owner can still close it (its memory is not lost). Closing twice, or from
    /// two threads at once, frees once.
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            arena.close();
        } catch (WrongThreadException e) {
            throw VortexException.misuse("batch of rows [" + firstRow + ", " + (firstRow + rowCount)
                    + ") belongs to the thread that scanned it: close it there, or scan with"
                    + " ScanOptions.withThreadShared(true) to use and close batches on any thread");
        }
        closed = true;
        context.releaseHeld();
        if (onClose != null) {
            onClose.run();
        }
    }
}
