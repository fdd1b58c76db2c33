package dev.jvortex.convert.parquet;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;

/// A Parquet file opened for reading, row group by row group. The file is memory-mapped; a
/// row group's column chunks are copied to the heap and decoded, and its top-level fields
/// assembled, in parallel by the reading thread and the common fork-join pool (one after the
/// other for small row groups or a single field).
public final class ParquetFile implements AutoCloseable {
    private static final int MAGIC = 'P' | 'A' << 8 | 'R' << 16 | '1' << 24;
    private static final int MAGIC_ENCRYPTED = 'P' | 'A' << 8 | 'R' << 16 | 'E' << 24;

    private final Path path;
    private final Arena arena;
    private final MemorySegment file;
    private final long dataEnd;
    private final ParquetMetadata.FileMetaData meta;
    private final ParquetSchema schema;
    /// Row groups smaller than this decode their columns one after the other.
    private static final long PARALLEL_MIN_ROWS = 4096;

    private ParquetFile(Path path, Arena arena, MemorySegment file) {
        this.path = path;
        this.arena = arena;
        this.file = file;
        long size = file.byteSize();
        if (size < 12) {
            throw VortexException.corrupt(path + ": " + size + " bytes is too short for a Parquet file");
        }
        int tail = file.get(dev.jvortex.core.array.PrimitiveArray.LE_INT, size - 4);
        int head = file.get(dev.jvortex.core.array.PrimitiveArray.LE_INT, 0);
        if (tail == MAGIC_ENCRYPTED) {
            throw VortexException.unsupported(path + ": encrypted Parquet files are not supported");
        }
        if (head != MAGIC || tail != MAGIC) {
            throw VortexException.corrupt(path + ": not a Parquet file (no PAR1 magic at both ends)");
        }
        long footerLen = file.get(dev.jvortex.core.array.PrimitiveArray.LE_INT, size - 8) & 0xFFFFFFFFL;
        if (footerLen == 0 || footerLen > size - 12) {
            throw VortexException.corrupt(
                    path + ": footer length " + footerLen + " does not fit a file of " + size + " bytes");
        }
        this.dataEnd = size - 8 - footerLen;
        byte[] footer = file.asSlice(dataEnd, footerLen).toArray(JAVA_BYTE);
        Thrift t = new Thrift(footer, 0, footer.length, path + ": footer");
        this.meta = ParquetMetadata.FileMetaData.of(t.readStruct());
        this.schema = new ParquetSchema(meta.schema());
        for (ParquetMetadata.RowGroup g : meta.rowGroups()) {
            if (g.columns().size() != schema.columns.size()) {
                throw VortexException.corrupt(path + ": a row group has "
                        + g.columns().size() + " column chunks, the schema " + schema.columns.size() + " columns");
            }
        }
    }

    /// Opens `path`.
    public static ParquetFile open(Path path) throws IOException {
        @SuppressWarnings("MustBeClosedChecker") // handed to the ParquetFile, closed on failure
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            return new ParquetFile(path, arena, seg);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /// Returns the Vortex type of a row.
    public DType.Struct dtype() {
        return schema.dtype;
    }

    /// Returns the number of row groups.
    public int rowGroupCount() {
        return meta.rowGroups().size();
    }

    /// Returns the number of rows of row group `g`.
    public long rowGroupRows(int g) {
        return meta.rowGroups().get(g).numRows();
    }

    /// Returns the number of rows the footer declares.
    public long rowCount() {
        return meta.numRows();
    }

    /// Decodes row group `g` into one array per top-level field, allocated in `out`. With a shared
    /// `out` the fields are assembled on several threads; a confined one is only used by the
    /// calling thread.
    public List<Array> readRowGroup(int g, Arena out) {
        return readRowGroup(g, out, Budget.forRowGroup());
    }

    /// Decodes row group `g`, failing when it needs more than `maxBytes` bytes of heap.
    public List<Array> readRowGroup(int g, Arena out, long maxBytes) {
        return readRowGroup(g, out, new Budget(maxBytes));
    }

    private List<Array> readRowGroup(int g, Arena out, Budget budget) {
        ParquetMetadata.RowGroup rg = meta.rowGroups().get(g);
        return decode(rg, c -> readColumn(g, rg, c, budget), rg.numRows(), out);
    }

    /// Returns whether row group `g` is read in slices by [#slices]: it has more than twice
    /// `sliceRows` rows and no repeated column (where an entry is not a row).
    public boolean sliceable(int g, int sliceRows) {
        if (rowGroupRows(g) <= 2L * sliceRows) {
            return false;
        }
        for (ParquetSchema.Column c : schema.columns) {
            if (c.maxRep() > 0) {
                return false;
            }
        }
        return true;
    }

    /// Reads row group `g` in slices of `sliceRows` rows (the last may be shorter), so that a
    /// large row group need not be decoded in full before its first rows are used; the column
    /// chunks' bytes stay in memory until the last slice. Requires [#sliceable].
    public Slices slices(int g, int sliceRows) {
        if (!sliceable(g, sliceRows)) {
            throw new IllegalArgumentException("row group " + g + " cannot be sliced");
        }
        return new Slices(g, sliceRows);
    }

    /// Row group slices, read one after the other (by any one thread at a time).
    public final class Slices {
        private final int g;
        private final int sliceRows;
        private final ParquetMetadata.RowGroup rg;
        private final ColumnChunkReader[] readers;
        private long done;

        private Slices(int g, int sliceRows) {
            this.g = g;
            this.sliceRows = sliceRows;
            this.rg = meta.rowGroups().get(g);
            this.readers = new ColumnChunkReader[schema.columns.size()];
        }

        /// Returns whether rows remain.
        public boolean hasNext() {
            return done < rg.numRows();
        }

        /// Returns the rows read so far.
        public long done() {
            return done;
        }

        /// Decodes the next slice into one array per top-level field, allocated in `out`.
        public List<Array> next(Arena out) {
            if (!hasNext()) {
                throw new java.util.NoSuchElementException();
            }
            int rows = (int) Math.min(sliceRows, rg.numRows() - done);
            Budget budget = Budget.forRowGroup();
            List<Array> cols = decode(
                    rg,
                    c -> {
                        if (readers[c] == null) {
                            readers[c] = openColumn(g, rg, c, budget);
                        }
                        return readers[c].next(rows, budget);
                    },
                    rows,
                    out);
            done += rows;
            if (!hasNext()) {
                for (int c = 0; c < readers.length; c++) {
                    ParquetMetadata.ColumnChunk cc = rg.columns().get(c);
                    if (readers[c].consumed() != cc.numValues()) {
                        throw VortexException.corrupt(path + ": row group " + g + ", column '"
                                + String.join(".", cc.path()) + "': " + cc.numValues() + " values for "
                                + rg.numRows() + " rows");
                    }
                    readers[c] = null; // the chunk's bytes
                }
            }
            return cols;
        }
    }

    /// Decodes the columns `column` gives (by leaf column index) and assembles `rows` rows of
    /// every top-level field, on this thread and the common pool's.
    private List<Array> decode(
            ParquetMetadata.RowGroup rg, java.util.function.IntFunction<ColumnData> column, long rows, Arena out) {
        int n = schema.columns.size();
        ColumnData[] cols = new ColumnData[n];
        List<ParquetSchema.Field> fields = schema.fields;
        int nf = fields.size();
        int helpers = Math.min(nf - 1, ForkJoinPool.getCommonPoolParallelism());
        if (nf == 1 || rows < PARALLEL_MIN_ROWS || helpers < 1) {
            for (int c = 0; c < n; c++) {
                cols[c] = column.apply(c);
            }
            return new Assembler(cols, out).build(fields, rows);
        }
        // Top-level fields are independent: this thread and up to `helpers` threads of the common
        // pool take them one at a time (decode the field's column chunks, then assemble it), the
        // largest first so that one big field does not start last. This thread works too, so a
        // 2-core machine (common pool of 1) decodes on both cores.
        long[] size = new long[nf];
        for (int f = 0; f < nf; f++) {
            for (int c = fields.get(f).firstColumn; c < columnEnd(f); c++) {
                size[f] += rg.columns().get(c).totalCompressedSize();
            }
        }
        Integer[] order = new Integer[nf];
        for (int f = 0; f < nf; f++) {
            order[f] = f;
        }
        java.util.Arrays.sort(order, (x, y) -> Long.compare(size[y], size[x]));
        Assembler assembler = new Assembler(cols, out);
        Array[] built = new Array[nf];
        // a column's decoding failure is reported before any assembly failure, the first field's
        // first, as the sequential path reports them
        Throwable[] readFailures = new Throwable[nf];
        Throwable[] buildFailures = new Throwable[nf];
        AtomicInteger cursor = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(nf);
        Runnable work = () -> {
            for (int i; (i = cursor.getAndIncrement()) < nf; ) {
                int f = order[i];
                try {
                    int c = fields.get(f).firstColumn;
                    try {
                        for (; c < columnEnd(f); c++) {
                            cols[c] = column.apply(c);
                        }
                    } catch (RuntimeException | Error e) {
                        readFailures[f] = e;
                        continue;
                    }
                    try {
                        built[f] = assembler.buildTop(fields.get(f), rows);
                    } catch (WrongThreadException e) {
                        continue; // `out` is confined to the calling thread, which assembles it below
                    } catch (RuntimeException | Error e) {
                        buildFailures[f] = e;
                    }
                    for (c = fields.get(f).firstColumn; c < columnEnd(f); c++) {
                        cols[c] = null; // the decoded pages are garbage once assembled
                    }
                } finally {
                    done.countDown();
                }
            }
        };
        for (int k = 0; k < helpers; k++) {
            ForkJoinPool.commonPool().execute(work);
        }
        work.run();
        try {
            // waits for the fields, not the helpers: a helper the pool starts late finds nothing to do
            done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VortexException(VortexException.Kind.IO, path + ": interrupted while decoding", e);
        }
        rethrowFirst(readFailures);
        for (int f = 0; f < nf; f++) {
            if (built[f] == null && buildFailures[f] == null) {
                try {
                    built[f] = assembler.buildTop(fields.get(f), rows);
                } catch (RuntimeException | Error e) {
                    buildFailures[f] = e;
                }
            }
        }
        rethrowFirst(buildFailures);
        return List.of(built);
    }

    /// The end (exclusive) of the leaf columns of top-level field `f`.
    private int columnEnd(int f) {
        return f + 1 < schema.fields.size() ? schema.fields.get(f + 1).firstColumn : schema.columns.size();
    }

    private static void rethrowFirst(Throwable[] failures) {
        for (Throwable e : failures) {
            if (e instanceof RuntimeException r) {
                throw r;
            } else if (e instanceof Error err) {
                throw err;
            }
        }
    }

    /// Reads and decodes column chunk `c` of row group `g`.
    private ColumnData readColumn(int g, ParquetMetadata.RowGroup rg, int c, Budget budget) {
        return openColumn(g, rg, c, budget).read();
    }

    /// Copies column chunk `c` of row group `g` to the heap, for decoding.
    private ColumnChunkReader openColumn(int g, ParquetMetadata.RowGroup rg, int c, Budget budget) {
        ParquetSchema.Column sc = schema.columns.get(c);
        ParquetMetadata.ColumnChunk cc = rg.columns().get(c);
        String where = path + ": row group " + g + ", column '" + String.join(".", sc.path()) + "'";
        if (!cc.path().equals(sc.path())) {
            throw VortexException.corrupt(where + ": the column chunk's path is " + cc.path());
        }
        if (cc.type() != sc.physical()) {
            throw VortexException.corrupt(
                    where + ": the column chunk's type " + cc.type() + " differs from the schema's " + sc.physical());
        }
        long start = cc.dictionaryPageOffset() > 0 && cc.dictionaryPageOffset() < cc.dataPageOffset()
                ? cc.dictionaryPageOffset()
                : cc.dataPageOffset();
        long len = cc.totalCompressedSize();
        if (start < 4 || len < 0 || len > dataEnd - start) {
            throw VortexException.corrupt(
                    where + ": column chunk [" + start + ", +" + len + ") is outside the data of the file");
        }
        if (len > Integer.MAX_VALUE - 16) {
            throw VortexException.unsupported(where + ": column chunk of " + len + " bytes is too large");
        }
        budget.charge(len, where);
        byte[] bytes = file.asSlice(start, len).toArray(JAVA_BYTE);
        ColumnData data = new ColumnData(sc.physical(), sc.typeLength(), sc.maxDef(), sc.maxRep(), budget, where);
        return new ColumnChunkReader(bytes, cc.codec(), cc.numValues(), data);
    }

    @Override
    public void close() {
        arena.close();
    }
}
