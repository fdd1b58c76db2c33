package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.DTypes;
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
///     WriteResult result = w.finish();
/// }
/// ```
///
/// **All or nothing.** The file appears under the target name only when [#finish()] returns.
/// [#close()] of a writer that was not finished (the try block left by an exception, a rejected
/// batch, a forgotten `finish()`) discards the write: nothing is left under the target name and
/// no temporary file remains. An existing file under the target name is replaced only by a
/// finished write. [#abort()] discards explicitly.
///
/// Columns are cut into chunks of about `targetChunkBytes` (a multiple of `rowBlock` rows),
/// each stored as one flat segment under a chunked layout, wrapped in a zone map; memory stays
/// bounded by the chunk size. Chunks are compressed on up to [WriteOptions#parallelism()] threads
/// while the caller goes on appending; segments are written in the order they were cut, so the
/// file does not depend on the thread count. The file is written to a temporary file beside the
/// target, `.<name>.<random>.tmp`, and renamed by [#finish()]. A signal (`SIGINT`, `SIGTERM`)
/// during a write removes the temporary file; one left by a killed process is removed when a
/// later write of the same target starts (see [TempFiles] for the rule).
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
    /// Set by [#finish()] (successful or not), [#close()] and [#abort()]: no more writes.
    private boolean closed;
    private boolean failed;
    /// The result of a successful [#finish()].
    private WriteResult result;

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
        DTypes.checkWritable(schema);
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
            try {
                root.appendFields(typed, n);
            } catch (IOException | RuntimeException | Error e) {
                pipeline.settleBatch();
                throw e;
            }
            pipeline.joinBatch(); // the column work that read the batch is done: the caller may free it
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

    /// Finishes the file: writes the layout, statistics and footer, then renames it onto the
    /// target name; returns what was written. Only a successful `finish()` creates the file.
    ///
    /// @throws VortexException if the write failed (now or in an earlier batch; nothing is left
    ///     under the target name), or misuse if the writer was already finished, closed or aborted
    public WriteResult finish() {
        if (closed) {
            throw VortexException.misuse(
                    result != null
                            ? "the writer for " + target + " is already finished"
                            : "the writer for " + target + " is closed; the file was not created");
        }
        if (failed) {
            discard();
            throw VortexException.misuse("an earlier write to " + target + " failed; the file was not created");
        }
        closed = true;
        try {
            pipeline.completing();
            root.complete();
            pipeline.flush();
            LayoutIds layoutIds = new LayoutIds();
            LayoutSpec layout = root.layout(layoutIds);
            List<ArrayStats> fieldStats = schema.size() > 0 ? root.fieldStatistics() : List.of();
            byte[] statistics = null;
            if (options.fileStatistics() && schema.size() > 0) {
                statistics = FormatWriter.fileStatistics(fieldStats);
            }
            sink.finish(
                    FormatWriter.dtypeBuffer(schema), FormatWriter.layoutBuffer(layout), statistics, layoutIds.names());
            result = new WriteResult(target, rows, sink.position(), columnResults(layout, layoutIds, fieldStats));
            return result;
        } catch (IOException e) {
            failed = true;
            throw new VortexException(VortexException.Kind.IO, target + ": write failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        } finally {
            release();
        }
    }

    /// Describes each top-level column from its layout subtree (the root struct's children, in
    /// schema order: the root is not nullable, so it has no validity child) and its statistics.
    private List<WriteResult.Column> columnResults(LayoutSpec layout, LayoutIds layoutIds, List<ArrayStats> stats) {
        List<String> layoutNames = layoutIds.names();
        List<String> encodingNames = sink.encodingNames();
        List<WriteResult.Column> out = new ArrayList<>(schema.size());
        for (int i = 0; i < schema.size(); i++) {
            ColumnUsage u = new ColumnUsage(layoutNames);
            u.walk(layout.children().get(i), true);
            List<String> encodings = new ArrayList<>();
            u.encodings.stream().forEach(k -> encodings.add(encodingNames.get(k)));
            DType t = schema.fields().get(i);
            ArrayStats st = i < stats.size() ? stats.get(i) : null;
            boolean hasStats = st != null && st.nullCount() != null;
            DType boundType = t.withNullable(true);
            out.add(new WriteResult.Column(
                    i,
                    schema.names().get(i),
                    t,
                    u.bytes,
                    rows,
                    hasStats ? st.nullCount() : null,
                    hasStats ? st.nanCount() : null,
                    hasStats && st.min() != null ? Scalar.decode(st.min(), boundType) : null,
                    hasStats && st.minExact(),
                    hasStats && st.max() != null ? Scalar.decode(st.max(), boundType) : null,
                    hasStats && st.maxExact(),
                    encodings,
                    List.copyOf(u.layouts)));
        }
        return out;
    }

    /// Sums what one column's layout subtree holds: its segments' bytes, the encodings of its
    /// data and dictionary segments (not of zone map tables), the layouts met.
    private final class ColumnUsage {
        private final List<String> layoutNames;
        private final java.util.BitSet encodings = new java.util.BitSet();
        private final Set<String> layouts = new java.util.LinkedHashSet<>();
        private long bytes;

        ColumnUsage(List<String> layoutNames) {
            this.layoutNames = layoutNames;
        }

        void walk(LayoutSpec spec, boolean data) {
            String kind = layoutNames.get(spec.encoding());
            if (data) {
                layouts.add(kind);
            }
            for (int id : spec.segments()) {
                bytes += sink.segmentLength(id);
                if (data) {
                    sink.encodingsOf(id, encodings);
                }
            }
            List<LayoutSpec> kids = spec.children();
            for (int c = 0; c < kids.size(); c++) {
                // A zoned layout's second child is its zone map table.
                boolean zoneTable = kind.equals(LayoutId.ZONED.id()) && c == 1;
                walk(kids.get(c), data && !zoneTable);
            }
        }
    }

    /// Returns the result of a successful [#finish()], or null if the writer was not finished.
    public WriteResult result() {
        return result;
    }

    /// Ends the writer. After a successful [#finish()] this does nothing; otherwise the write is
    /// discarded, as by [#abort()]: nothing is created under the target name. Never throws, so it
    /// does not hide the exception that left a try-with-resources block.
    @Override
    public void close() {
        if (result == null) {
            discard();
        }
    }

    /// Discards everything written; no file is created under the target name. Does nothing after
    /// a successful [#finish()] (the file exists then).
    public void abort() {
        close();
    }

    private void discard() {
        failed = true;
        if (closed) {
            return;
        }
        closed = true;
        release();
    }

    private void release() {
        try {
            root.release();
            pipeline.close();
        } finally {
            statsArena.close();
            sink.release();
        }
    }
}
