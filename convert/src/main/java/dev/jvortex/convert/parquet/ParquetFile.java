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

/// A Parquet file opened for reading, row group by row group. The file is memory-mapped; a
/// row group's column chunks are copied to the heap and decoded one at a time.
public final class ParquetFile implements AutoCloseable {
    private static final int MAGIC = 'P' | 'A' << 8 | 'R' << 16 | '1' << 24;
    private static final int MAGIC_ENCRYPTED = 'P' | 'A' << 8 | 'R' << 16 | 'E' << 24;

    private final Path path;
    private final Arena arena;
    private final MemorySegment file;
    private final long dataEnd;
    private final ParquetMetadata.FileMetaData meta;
    private final ParquetSchema schema;

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

    /// Decodes row group `g` into one array per top-level field, allocated in `out`.
    public List<Array> readRowGroup(int g, Arena out) {
        return readRowGroup(g, out, Budget.forRowGroup());
    }

    /// Decodes row group `g`, failing when it needs more than `maxBytes` bytes of heap.
    public List<Array> readRowGroup(int g, Arena out, long maxBytes) {
        return readRowGroup(g, out, new Budget(maxBytes));
    }

    private List<Array> readRowGroup(int g, Arena out, Budget budget) {
        ParquetMetadata.RowGroup rg = meta.rowGroups().get(g);
        ColumnData[] cols = new ColumnData[schema.columns.size()];
        for (int c = 0; c < cols.length; c++) {
            ParquetSchema.Column sc = schema.columns.get(c);
            ParquetMetadata.ColumnChunk cc = rg.columns().get(c);
            String where = path + ": row group " + g + ", column '" + String.join(".", sc.path()) + "'";
            if (!cc.path().equals(sc.path())) {
                throw VortexException.corrupt(where + ": the column chunk's path is " + cc.path());
            }
            if (cc.type() != sc.physical()) {
                throw VortexException.corrupt(where + ": the column chunk's type " + cc.type()
                        + " differs from the schema's " + sc.physical());
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
            cols[c] = new ColumnChunkReader(bytes, cc.codec(), cc.numValues(), data).read();
        }
        return new Assembler(cols, out).build(schema.fields, rg.numRows());
    }

    @Override
    public void close() {
        arena.close();
    }
}
