package dev.jvortex.arrow;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.format.LayoutNode;
import dev.jvortex.format.SerializedArray;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
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
            return export(file, Channels.newChannel(out), batches(batchRows), -1, false, source.toString(), Set.of());
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
                    rows = export(file, ch, options, -1, fileFormat, source.toString(), Set.of());
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
        return toArrow(file, options, limit, out, fileFormat, Set.of());
    }

    /// As [#toArrow(VortexFile, ScanOptions, long, OutputStream, boolean)], with the columns named
    /// in `dictionary` written as Arrow dictionary-encoded columns (`int32` indices; one
    /// dictionary per column for the whole output, of its distinct values in order of first
    /// appearance, built by a first scan of those columns). See [#dictionaryColumns(VortexFile)].
    public static long toArrow(
            VortexFile file,
            ScanOptions options,
            long limit,
            OutputStream out,
            boolean fileFormat,
            Set<String> dictionary) {
        WritableByteChannel ch = Channels.newChannel(new java.io.FilterOutputStream(out) {
            @Override
            public void close() throws IOException {
                flush();
            }
        });
        return export(file, ch, options, limit, fileFormat, file.name(), dictionary);
    }

    /// Returns the top-level columns of `file` stored dictionary-encoded (a `vortex.dict` layout
    /// or `vortex.dict` chunks): the ones worth writing as Arrow dictionary columns.
    public static Set<String> dictionaryColumns(VortexFile file) {
        Set<String> out = new LinkedHashSet<>();
        if (!(file.dtype() instanceof DType.Struct s)
                || !file.layout().encoding().equals("vortex.struct")) {
            return out;
        }
        int first = s.nullable() ? 1 : 0;
        for (int i = 0; i < s.size() && first + i < file.layout().children().size(); i++) {
            if (hasDictionary(file, file.layout().children().get(first + i))) {
                out.add(s.names().get(i));
            }
        }
        return out;
    }

    private static boolean hasDictionary(VortexFile file, LayoutNode node) {
        if (node.encoding().equals("vortex.dict")) {
            return true;
        }
        if (node.encoding().equals("vortex.flat") && node.segments().length == 1) {
            try {
                return SerializedArray.parse(
                                file.segments().segment(node.segments()[0]),
                                file.footer().arraySpecs(),
                                file.name())
                        .root()
                        .encoding()
                        .equals("vortex.dict");
            } catch (RuntimeException e) {
                return false; // an unreadable chunk is reported by the scan, not here
            }
        }
        boolean zoned =
                node.encoding().equals("vortex.zoned") || node.encoding().equals("vortex.stats");
        List<LayoutNode> children =
                zoned && !node.children().isEmpty() ? List.of(node.children().getFirst()) : node.children();
        for (LayoutNode c : children) {
            if (hasDictionary(file, c)) {
                return true;
            }
        }
        return false;
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
            String where,
            Set<String> dictionary) {
        DType.Struct all = file.dtype() instanceof DType.Struct s ? s : wrap(file.dtype());
        // One thread: batches come in file order and one at a time.
        ScanOptions opts = options.withParallelism(1);
        List<String> names = file.plan(opts).columnNames();
        for (String d : dictionary) {
            if (!names.contains(d)) {
                throw VortexException.misuse(
                        "no column '" + d + "' to dictionary-encode; the output's columns are " + names);
            }
        }
        List<DType> types = new ArrayList<>(names.size());
        for (String n : names) {
            types.add(all.fields().get(all.indexOf(n)));
        }
        Schema plain = ArrowTypes.toArrow(new DType.Struct(names, types, false));
        long rows = 0;
        DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
        try (BufferAllocator allocator = new RootAllocator()) {
            List<Field> fields = new ArrayList<>(plain.getFields());
            DictionaryBuilder[] builders = new DictionaryBuilder[names.size()];
            try {
                if (!dictionary.isEmpty()) {
                    // Pass 1: every value of the dictionary columns, so that one dictionary per
                    // column precedes the batches (the IPC file format allows no replacement).
                    for (int c = 0; c < names.size(); c++) {
                        if (dictionary.contains(names.get(c))) {
                            builders[c] =
                                    new DictionaryBuilder(plain.getFields().get(c), allocator);
                        }
                    }
                    try (Scan scan = file.scan(opts.withColumns(List.copyOf(dictionary)))) {
                        for (Batch batch : scan) {
                            try (batch) {
                                for (int i = 0; i < batch.columnCount(); i++) {
                                    String n = batch.columnNames().get(i);
                                    int c = names.indexOf(n);
                                    try (FieldVector v = ArrowExport.toVector(n, batch.column(i), allocator);
                                            IntVector ignored = new IntVector(n, allocator)) {
                                        builders[c].encode(v, ignored);
                                    }
                                }
                            }
                        }
                    }
                    for (int c = 0; c < names.size(); c++) {
                        if (builders[c] != null) {
                            DictionaryEncoding encoding = new DictionaryEncoding(c, false, DictionaryRoot.INDEX);
                            fields.set(
                                    c,
                                    DictionaryRoot.indexField(plain.getFields().get(c), encoding));
                            // The builder keeps owning the dictionary; later batches only look values up.
                            builders[c].freeze();
                            provider.put(new Dictionary(builders[c].dictionary(), encoding));
                        }
                    }
                }
                rows = writeBatches(
                        file, opts, limit, out, fileFormat, new Schema(fields), provider, builders, allocator);
            } finally {
                for (DictionaryBuilder b : builders) {
                    if (b != null) {
                        b.close(); // the provider's dictionaries
                    }
                }
            }
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, where + ": Arrow output failed: " + e.getMessage(), e);
        }
        return rows;
    }

    /// Pass 2: the scan's batches as record batches of `schema`, the columns with a builder as
    /// their dictionary indices.
    private static long writeBatches(
            VortexFile file,
            ScanOptions opts,
            long limit,
            WritableByteChannel out,
            boolean fileFormat,
            Schema schema,
            DictionaryProvider provider,
            DictionaryBuilder[] builders,
            BufferAllocator allocator)
            throws IOException {
        long rows = 0;
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                ArrowWriter writer = fileFormat
                        ? new ArrowFileWriter(root, provider, out)
                        : new ArrowStreamWriter(root, provider, out);
                Scan scan = file.scan(opts)) {
            writer.start();
            VectorLoader loader = new VectorLoader(root);
            for (Batch batch : scan) {
                if (limit >= 0 && rows >= limit) {
                    batch.close();
                    break;
                }
                long keep = batch.rowCount();
                List<FieldVector> indices = new ArrayList<>();
                try (batch;
                        VectorSchemaRoot part = ArrowExport.toRoot(batch, allocator)) {
                    if (limit >= 0 && rows + keep > limit) {
                        keep = limit - rows;
                    }
                    List<FieldVector> vectors = new ArrayList<>(part.getFieldVectors());
                    for (int c = 0; c < builders.length; c++) {
                        if (builders[c] != null) {
                            IntVector ix = new IntVector(schema.getFields().get(c), allocator);
                            indices.add(ix);
                            builders[c].encode(vectors.get(c), ix);
                            vectors.set(c, ix);
                        }
                    }
                    VectorSchemaRoot encoded = new VectorSchemaRoot(schema.getFields(), vectors, (int) keep);
                    try (ArrowRecordBatch record = new VectorUnloader(encoded).getRecordBatch()) {
                        loader.load(record);
                    }
                } finally {
                    indices.forEach(FieldVector::close);
                }
                writer.writeBatch();
                rows += keep;
            }
            writer.end();
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
