package dev.jvortex.arrow;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/// Arrow IPC files and streams to and from Vortex files, streaming: one scan batch (or one Arrow
/// record batch) is in memory at a time, besides the writer's chunk buffers.
///
/// ```java
/// ArrowIpc.toArrowFile(Path.of("data.vortex"), Path.of("data.arrow"));
/// ArrowIpc.fromArrow(Path.of("data.arrow"), Path.of("copy.vortex"), WriteOptions.defaults());
/// ```
///
/// Outputs are written all or nothing: an Arrow file goes to a temporary file beside the target,
/// renamed into place when complete (the Vortex writer does the same). Arrow input may be in the
/// file format (`ARROW1` magic) or the stream format; [#fromArrow(Path, Path, WriteOptions)] tells
/// them apart. Dictionary-encoded Arrow columns are decoded to their values. Types map as
/// [ArrowTypes] says; a type with no counterpart fails with an `UNSUPPORTED` [VortexException]
/// naming the column, before anything is written.
public final class ArrowIpc {
    /// Rows per Arrow record batch written by default.
    public static final int DEFAULT_BATCH_ROWS = 64 * 1024;

    private static final byte[] FILE_MAGIC = {'A', 'R', 'R', 'O', 'W', '1'};

    private ArrowIpc() {}

    /// Writes every row of the Vortex file `source` to the Arrow IPC file `target`; returns the rows written.
    public static long toArrowFile(Path source, Path target) {
        return toArrowFile(source, target, DEFAULT_BATCH_ROWS);
    }

    /// Writes the Vortex file `source` to the Arrow IPC file `target` in record batches of at most
    /// `batchRows` rows; returns the rows written.
    public static long toArrowFile(Path source, Path target, int batchRows) {
        return toArrow(source, target, batches(batchRows), true);
    }

    /// Writes the Vortex file `source` to `target` in the Arrow IPC stream format; returns the rows written.
    public static long toArrowStream(Path source, Path target) {
        return toArrow(source, target, batches(DEFAULT_BATCH_ROWS), false);
    }

    /// Writes the Vortex file `source` to `out` in the Arrow IPC stream format (`out` is not
    /// closed); returns the rows written.
    public static long toArrowStream(Path source, OutputStream out) {
        return toArrowStream(source, out, DEFAULT_BATCH_ROWS);
    }

    /// Writes the Vortex file `source` to `out` in the Arrow IPC stream format, in record batches
    /// of at most `batchRows` rows (`out` is not closed); returns the rows written.
    public static long toArrowStream(Path source, OutputStream out, int batchRows) {
        try (VortexFile file = VortexFile.open(source)) {
            return export(file, Channels.newChannel(out), batches(batchRows), -1, false, source.toString());
        }
    }

    /// Writes the rows and columns of `source` that `options` select (projection, filter, row
    /// range) to `target`: the Arrow IPC file format when `fileFormat` is true, else the stream
    /// format, in record batches of at most the options' `maxBatchRows`; returns the rows written.
    public static long toArrow(Path source, Path target, ScanOptions options, boolean fileFormat) {
        try (VortexFile file = VortexFile.open(source)) {
            Path abs = target.toAbsolutePath();
            Path temp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
            boolean done = false;
            try {
                long rows;
                try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    rows = export(file, ch, options, -1, fileFormat, source.toString());
                }
                Files.move(temp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                done = true;
                return rows;
            } finally {
                if (!done) {
                    Files.deleteIfExists(temp);
                }
            }
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, target + ": cannot write: " + e.getMessage(), e);
        }
    }

    /// Writes at most `limit` rows (all when negative) of `file` that `options` select to `out`,
    /// in the Arrow IPC file format when `fileFormat` is true, else the stream format; returns the
    /// rows written. The stream is flushed, not closed. This is what `jvx convert` calls.
    public static long toArrow(VortexFile file, ScanOptions options, long limit, OutputStream out, boolean fileFormat) {
        WritableByteChannel ch = Channels.newChannel(new java.io.FilterOutputStream(out) {
            @Override
            public void close() throws IOException {
                flush();
            }
        });
        return export(file, ch, options, limit, fileFormat, file.name());
    }

    private static ScanOptions batches(int batchRows) {
        if (batchRows < 1) {
            throw VortexException.misuse("batch rows must be positive but was " + batchRows);
        }
        return ScanOptions.all().withMaxBatchRows(batchRows);
    }

    private static long export(
            VortexFile file,
            WritableByteChannel out,
            ScanOptions options,
            long limit,
            boolean fileFormat,
            String where) {
        DType.Struct all = file.dtype() instanceof DType.Struct s ? s : wrap(file.dtype());
        // One thread: batches come in file order and one at a time.
        ScanOptions opts = options.withParallelism(1);
        List<String> names = file.plan(opts).columnNames();
        List<DType> types = new ArrayList<>(names.size());
        for (String n : names) {
            types.add(all.fields().get(all.indexOf(n)));
        }
        Schema schema = ArrowTypes.toArrow(new DType.Struct(names, types, false));
        long rows = 0;
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                ArrowWriter writer =
                        fileFormat ? new ArrowFileWriter(root, null, out) : new ArrowStreamWriter(root, null, out);
                Scan scan = file.scan(opts)) {
            writer.start();
            VectorLoader loader = new VectorLoader(root);
            for (Batch batch : scan) {
                if (limit >= 0 && rows >= limit) {
                    batch.close();
                    break;
                }
                long keep = batch.rowCount();
                try (batch;
                        VectorSchemaRoot part = ArrowExport.toRoot(batch, allocator)) {
                    if (limit >= 0 && rows + keep > limit) {
                        keep = limit - rows;
                        part.setRowCount((int) keep);
                    }
                    try (ArrowRecordBatch record = new VectorUnloader(part).getRecordBatch()) {
                        loader.load(record);
                    }
                }
                writer.writeBatch();
                rows += keep;
            }
            writer.end();
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, where + ": Arrow output failed: " + e.getMessage(), e);
        }
        return rows;
    }

    private static DType.Struct wrap(DType dtype) {
        throw VortexException.unsupported("a file whose root type is " + dtype + " (not a struct) has no Arrow schema");
    }

    /// Reads the Arrow IPC file or stream `source` (told apart by the file format's magic bytes)
    /// into the Vortex file `target`; returns the rows written.
    public static long fromArrow(Path source, Path target, WriteOptions options) {
        boolean fileFormat;
        try (InputStream in = Files.newInputStream(source)) {
            fileFormat = Arrays.equals(in.readNBytes(FILE_MAGIC.length), FILE_MAGIC);
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, source + ": cannot read: " + e.getMessage(), e);
        }
        return fileFormat ? fromArrowFile(source, target, options) : fromArrowStream(source, target, options);
    }

    /// Reads the Arrow IPC file `source` into the Vortex file `target`; returns the rows written.
    public static long fromArrowFile(Path source, Path target, WriteOptions options) {
        try (BufferAllocator allocator = new RootAllocator();
                FileChannel ch = FileChannel.open(source, StandardOpenOption.READ);
                ArrowFileReader reader = new ArrowFileReader(ch, allocator)) {
            return importAll(reader, target, options, source.toString());
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, source + ": cannot read Arrow: " + e.getMessage(), e);
        }
    }

    /// Reads an Arrow IPC stream file `source` into the Vortex file `target`; returns the rows written.
    public static long fromArrowStream(Path source, Path target, WriteOptions options) {
        try (InputStream in = Files.newInputStream(source)) {
            return fromArrowStream(in, target, options);
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, source + ": cannot read: " + e.getMessage(), e);
        }
    }

    /// Reads an Arrow IPC stream from `in` (not closed) into the Vortex file `target`; returns the rows written.
    public static long fromArrowStream(InputStream in, Path target, WriteOptions options) {
        InputStream checked = checkStreamStart(in);
        try (BufferAllocator allocator = new RootAllocator();
                ArrowStreamReader reader = new ArrowStreamReader(nonClosing(checked), allocator)) {
            return importAll(reader, target, options, "Arrow stream");
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, "Arrow stream: cannot read: " + e.getMessage(), e);
        }
    }

    private static long importAll(ArrowReader reader, Path target, WriteOptions options, String where)
            throws IOException {
        VectorSchemaRoot root;
        boolean more;
        try {
            root = reader.getVectorSchemaRoot();
            more = reader.loadNextBatch();
        } catch (IOException | RuntimeException e) {
            throw VortexException.corrupt(where + ": not a readable Arrow IPC input: " + e.getMessage(), e);
        }
        DType.Struct schema = schema(root.getSchema(), reader, where);
        long rows = 0;
        VortexWriter writer = VortexWriter.create(target, schema, options);
        try {
            while (more) {
                ArrowImport.write(writer, root, reader);
                rows += root.getRowCount();
                try {
                    more = reader.loadNextBatch();
                } catch (IOException | RuntimeException e) {
                    throw VortexException.corrupt(where + ": bad Arrow record batch: " + e.getMessage(), e);
                }
            }
        } catch (RuntimeException e) {
            writer.abort();
            throw e;
        }
        Commit.finish(writer);
        return rows;
    }

    /// The Vortex schema of an Arrow schema whose dictionary-encoded columns take the type of their values.
    private static DType.Struct schema(Schema schema, ArrowReader reader, String where) throws IOException {
        List<Field> fields = new ArrayList<>();
        for (Field f : schema.getFields()) {
            if (f.getDictionary() == null) {
                fields.add(f);
                continue;
            }
            Dictionary d = reader.lookup(f.getDictionary().getId());
            if (d == null) {
                throw VortexException.corrupt(where + ": column '" + f.getName() + "' has no dictionary");
            }
            FieldVector values = d.getVector();
            Field v = values.getField();
            fields.add(new Field(
                    f.getName(),
                    new org.apache.arrow.vector.types.pojo.FieldType(
                            f.isNullable(), v.getType(), null, f.getMetadata()),
                    v.getChildren()));
        }
        return ArrowTypes.toVortex(new Schema(fields));
    }

    /// Largest schema message accepted at the start of a stream: Arrow would allocate whatever
    /// length the first bytes claim.
    private static final int MAX_SCHEMA_MESSAGE = 64 << 20;

    /// Checks that `in` starts like an Arrow IPC stream (a message length that is plausible)
    /// and returns a stream that still yields every byte.
    private static InputStream checkStreamStart(InputStream in) {
        java.io.BufferedInputStream b = new java.io.BufferedInputStream(in, 8);
        b.mark(8);
        byte[] head;
        try {
            head = b.readNBytes(8);
            b.reset();
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, "Arrow stream: cannot read: " + e.getMessage(), e);
        }
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(head).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        if (head.length < 4) {
            throw VortexException.corrupt("Arrow stream: " + head.length + " bytes is too short for an Arrow stream");
        }
        int first = bb.getInt(0);
        long length = first == -1 ? (head.length < 8 ? -1 : bb.getInt(4)) : first;
        if (length < 0 || length > MAX_SCHEMA_MESSAGE) {
            throw VortexException.corrupt(
                    "Arrow stream: not an Arrow IPC stream or file (first message length " + length + ")");
        }
        return b;
    }

    private static InputStream nonClosing(InputStream in) {
        return new java.io.FilterInputStream(in) {
            @Override
            public void close() {}
        };
    }
}
