package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.internal.FormatWriter;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/// Writes a Vortex file that the reference implementation reads.
///
/// ```java
/// DType.Struct schema = DType.struct(false, "id", new DType.Primitive(PType.I64, false));
/// try (VortexWriter w = VortexWriter.create(Path.of("out.vortex"), schema, WriteOptions.defaults())) {
///     w.write(List.of(idColumn));
/// }
/// ```
///
/// Columns are cut into chunks of about `targetChunkBytes` (a multiple of `rowBlock` rows),
/// each stored as one flat segment under a chunked layout, wrapped in a zone map; memory stays
/// bounded by the chunk size. Chunks are compressed on up to [WriteOptions#parallelism()] threads
/// while the caller goes on appending; segments are written in the order they were cut, so the
/// file does not depend on the thread count. The file is written to a temporary file beside the
/// target and renamed on [#close()]; a failed write leaves nothing under the target name.
///
/// Inside, one layout writer per layout kind ([StructWriter], [ZonedWriter], [ChunkedWriter],
/// [DictWriter], [FlatWriter]) forms the tree of the layouts the file gets, under a root struct
/// over the schema's columns; they submit arrays to a [CompressionPipeline], which hands the
/// results in order to the [SegmentSink], the one place that writes to the file.
public final class VortexWriter implements AutoCloseable {
    private final Path target;
    private final DType.Struct schema;
    private final WriteOptions options;
    private final SegmentSink sink;
    private final CompressionPipeline pipeline;
    /// Holds the zone tables until the file is closed.
    private final Arena statsArena = Arena.ofShared();
    private final StructWriter root;
    private long rows;
    private boolean closed;
    private boolean failed;

    private VortexWriter(Path target, DType.Struct schema, WriteOptions options) throws IOException {
        this.target = target.toAbsolutePath();
        this.schema = schema;
        this.options = options;
        this.sink = SegmentSink.open(this.target);
        this.pipeline = new CompressionPipeline(options, sink, this.target);
        this.root = new StructWriter(schema, new WriteContext(options, pipeline, statsArena));
    }

    /// Creates a writer for `target` with the given schema (a struct: one column per field).
    public static VortexWriter create(Path target, DType.Struct schema, WriteOptions options) {
        if (schema.nullable()) {
            throw VortexException.misuse("the file schema must be a non-nullable struct");
        }
        Set<String> seen = new HashSet<>();
        for (String n : schema.names()) {
            if (!seen.add(n)) {
                throw VortexException.misuse("duplicate column name '" + n + "'");
            }
        }
        try {
            return new VortexWriter(target, schema, options);
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, target + ": cannot create: " + e.getMessage(), e);
        }
    }

    /// Returns the schema.
    public DType.Struct schema() {
        return schema;
    }

    /// Returns the rows written so far.
    public long rowCount() {
        return rows;
    }

    /// Appends one batch given as a struct array of the schema's type.
    public void write(StructArray batch) {
        write(batch.fields());
    }

    /// Appends one batch: one array per column, in schema order, all of the same length.
    public void write(List<Array> batch) {
        ensureOpen();
        int columns = schema.size();
        if (batch.size() != columns) {
            throw VortexException.misuse("batch has " + batch.size() + " columns but the schema has " + columns);
        }
        int n = batch.isEmpty() ? 0 : batch.getFirst().length();
        List<Array> typed = new ArrayList<>(columns);
        for (int i = 0; i < columns; i++) {
            Array a = batch.get(i);
            DType want = schema.fields().get(i);
            if (a.length() != n) {
                throw VortexException.misuse(
                        "column '" + schema.names().get(i) + "' has " + a.length() + " rows, expected " + n);
            }
            if (!sameIgnoringNullability(a.dtype(), want)) {
                throw VortexException.misuse("column '" + schema.names().get(i) + "' has type " + a.dtype()
                        + " but the schema says " + want);
            }
            if (!want.nullable() && a.validity().nullCount(n) > 0) {
                throw VortexException.misuse("column '" + schema.names().get(i) + "' is not nullable but has nulls");
            }
        }
        try {
            for (int i = 0; i < columns; i++) {
                typed.add(ArrayOps.withDType(batch.get(i), schema.fields().get(i)));
            }
            root.appendFields(typed, n);
            rows += n;
        } catch (IOException e) {
            failed = true;
            throw new VortexException(VortexException.Kind.IO, sink.temp() + ": write failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    private static boolean sameIgnoringNullability(DType a, DType b) {
        return a.withNullable(false).equals(b.withNullable(false))
                || a.withNullable(true).equals(b.withNullable(true));
    }

    private void ensureOpen() {
        if (closed) {
            throw VortexException.misuse("the writer for " + target + " is closed");
        }
        if (failed) {
            throw VortexException.misuse("an earlier write to " + target + " failed; the file will not be created");
        }
    }

    /// Finishes the file: writes the layout, statistics and footer, then renames it into place.
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (failed) {
                return;
            }
            root.complete();
            pipeline.flush();
            LayoutIds layoutIds = new LayoutIds();
            LayoutSpec layout = root.layout(layoutIds);
            byte[] statistics = null;
            if (options.fileStatistics() && schema.size() > 0) {
                List<ArrayStats> fieldStats = root.fieldStatistics();
                statistics = FormatWriter.fileStatistics(fieldStats);
            }
            sink.finish(
                    FormatWriter.dtypeBuffer(schema), FormatWriter.layoutBuffer(layout), statistics, layoutIds.names());
        } catch (IOException e) {
            failed = true;
            throw new VortexException(VortexException.Kind.IO, target + ": write failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        } finally {
            pipeline.close();
            statsArena.close();
            sink.release(failed);
        }
    }

    /// Discards everything written; no file is created under the target name.
    public void abort() {
        failed = true;
        close();
    }
}
