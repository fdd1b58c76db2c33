package dev.jvortex.convert;

import dev.jvortex.convert.csv.CsvConverter;
import dev.jvortex.convert.csv.JsonlConverter;
import dev.jvortex.convert.parquet.ParquetConverter;
import dev.jvortex.convert.parquet.ParquetWriter;
import dev.jvortex.convert.text.TextExport;
import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.expr.ExprParser;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/// Converts between Vortex and the other formats, streaming with bounded memory.
///
/// Into Vortex: Parquet, CSV, JSON Lines (and Vortex itself, re-encoded with new write options).
/// Out of Vortex: Parquet, CSV, JSON Lines. Between two other formats the data goes through a
/// temporary Vortex file. Arrow IPC comes from `jvortex-arrow` through [FormatProvider] when that module is on the
/// path.
///
/// Each direction is one entry of [#INTO_VORTEX] or [#OUT_OF_VORTEX]; a format is added there.
/// Outputs other than Vortex are written to a temporary file beside the target and renamed into
/// place when complete, so a failed conversion leaves nothing under the target name.
public final class Converter {
    /// What to convert and how.
    ///
    /// @param write options for a Vortex output
    /// @param parquet options for a Parquet output
    /// @param delimiter the CSV field delimiter (input and output)
    /// @param columns the columns to read from a Vortex input, or null for all
    /// @param where a filter (the `--where` syntax) for a Vortex input, or null
    /// @param limit the most rows to convert (a Vortex input), or -1 for all
    /// @param progress told the rows converted so far, now and then
    /// @param arrowDictionary whether an Arrow output writes the columns stored dictionary-encoded
    ///     as Arrow dictionary columns (`jvx convert --arrow-dictionary`)
    public record Options(
            WriteOptions write,
            ParquetWriter.Options parquet,
            char delimiter,
            List<String> columns,
            String where,
            long limit,
            LongConsumer progress,
            boolean arrowDictionary) {
        /// Vortex and Parquet defaults, commas, everything, no progress.
        public static Options defaults() {
            return new Options(
                    WriteOptions.defaults(), ParquetWriter.Options.defaults(), ',', null, null, -1, rows -> {}, false);
        }

        /// These options with other Vortex write options.
        public Options withWrite(WriteOptions w) {
            return new Options(w, parquet, delimiter, columns, where, limit, progress, arrowDictionary);
        }

        /// These options with other Parquet options.
        public Options withParquet(ParquetWriter.Options p) {
            return new Options(write, p, delimiter, columns, where, limit, progress, arrowDictionary);
        }

        /// These options with another CSV delimiter.
        public Options withDelimiter(char d) {
            return new Options(write, parquet, d, columns, where, limit, progress, arrowDictionary);
        }

        /// These options reading only `cols`, the rows matching `filter`, at most `max` rows (-1: all).
        public Options withRows(List<String> cols, String filter, long max) {
            return new Options(write, parquet, delimiter, cols, filter, max, progress, arrowDictionary);
        }

        /// These options with a progress listener.
        public Options withProgress(LongConsumer p) {
            return new Options(write, parquet, delimiter, columns, where, limit, p, arrowDictionary);
        }

        /// These options with Arrow dictionary columns on or off (see the record's docs).
        public Options withArrowDictionary(boolean on) {
            return new Options(write, parquet, delimiter, columns, where, limit, progress, on);
        }

        boolean selects() {
            return columns != null || where != null || limit >= 0;
        }
    }

    /// What a conversion did.
    ///
    /// @param rows rows written
    /// @param schema the schema written
    public record Result(long rows, DType schema) {}

    /// Where the input comes from: a file, or a stream (standard input) named `name` in errors.
    ///
    /// @param path the file, or null
    /// @param stream the stream, or null
    /// @param name the name used in messages
    public record Input(Path path, InputStream stream, String name) {
        /// A file input.
        public static Input of(Path path) {
            return new Input(path, null, path.toString());
        }

        /// A stream input (not closed by the conversion).
        public static Input of(InputStream stream, String name) {
            return new Input(null, stream, name);
        }
    }

    /// Where the output goes: a file, or a stream (standard output).
    ///
    /// @param path the file, or null
    /// @param stream the stream, or null
    public record Output(Path path, OutputStream stream) {
        /// A file output.
        public static Output of(Path path) {
            return new Output(path, null);
        }

        /// A stream output (flushed, not closed, by the conversion).
        public static Output of(OutputStream stream) {
            return new Output(null, stream);
        }
    }

    @FunctionalInterface
    private interface IntoVortex {
        Result convert(Input in, Path out, Options o) throws IOException;
    }

    @FunctionalInterface
    private interface OutOfVortex {
        Result export(VortexFile file, ScanOptions scan, long limit, OutputStream out, Options o) throws IOException;
    }

    /// Readers of the other formats into a Vortex file.
    private static final Map<Format, IntoVortex> INTO_VORTEX = new EnumMap<>(Format.class);
    /// Writers of the other formats from a Vortex scan.
    private static final Map<Format, OutOfVortex> OUT_OF_VORTEX = new EnumMap<>(Format.class);

    static {
        INTO_VORTEX.put(Format.PARQUET, (in, out, o) -> {
            var r = ParquetConverter.convert(needPath(in, Format.PARQUET), out, o.write(), o.progress());
            return new Result(r.rows(), r.schema());
        });
        INTO_VORTEX.put(Format.CSV, (in, out, o) -> {
            var c = new CsvConverter(10_000, 65_536, o.delimiter());
            var r = in.stream() != null
                    ? c.convert(in.stream(), in.name(), out, o.write(), o.progress())
                    : c.convert(in.path(), out, o.write(), o.progress());
            return new Result(r.rows(), r.schema());
        });
        INTO_VORTEX.put(Format.JSONL, (in, out, o) -> {
            var c = JsonlConverter.defaults();
            var r = in.stream() != null
                    ? c.convert(in.stream(), in.name(), out, o.write(), o.progress())
                    : c.convert(in.path(), out, o.write(), o.progress());
            return new Result(r.rows(), r.schema());
        });
        OUT_OF_VORTEX.put(Format.PARQUET, Converter::toParquet);
        OUT_OF_VORTEX.put(
                Format.CSV,
                (f, scan, limit, out, o) ->
                        new Result(TextExport.csv(f, scan, limit, out, o.delimiter(), o.progress()), f.dtype()));
        OUT_OF_VORTEX.put(
                Format.JSONL,
                (f, scan, limit, out, o) -> new Result(TextExport.jsonl(f, scan, limit, out, o.progress()), f.dtype()));
        for (FormatProvider p : java.util.ServiceLoader.load(FormatProvider.class, Converter.class.getClassLoader())) {
            for (Format f : p.reads()) {
                INTO_VORTEX.putIfAbsent(f, (in, out, o) -> p.toVortex(f, in, out, o));
            }
            for (Format f : p.writes()) {
                OUT_OF_VORTEX.putIfAbsent(f, (file, scan, limit, out, o) -> p.fromVortex(f, file, scan, limit, out, o));
            }
        }
    }

    private Converter() {}

    private static String unavailable(Format f) {
        return f == Format.ARROW_FILE || f == Format.ARROW_STREAM
                ? ": Arrow IPC needs the jvortex-arrow module on the path"
                : "";
    }

    /// Returns true when this module can read `f` (into Vortex).
    public static boolean canRead(Format f) {
        return f == Format.VORTEX || INTO_VORTEX.containsKey(f);
    }

    /// Returns true when this module can write `f` (out of Vortex).
    public static boolean canWrite(Format f) {
        return f == Format.VORTEX || OUT_OF_VORTEX.containsKey(f);
    }

    /// Converts the file `in` in format `from` to the file `out` in format `to`.
    public static Result convert(Path in, Format from, Path out, Format to, Options o) throws IOException {
        return convert(Input.of(in), from, Output.of(out), to, o);
    }

    /// Converts `in` in format `from` to `out` in format `to`.
    public static Result convert(Input in, Format from, Output out, Format to, Options o) throws IOException {
        if (!canRead(from)) {
            throw VortexException.unsupported("cannot read " + from.label() + unavailable(from));
        }
        if (!canWrite(to)) {
            throw VortexException.unsupported("cannot write " + to.label() + unavailable(to));
        }
        if (in.path() != null && out.path() != null && samePath(in.path(), out.path())) {
            throw VortexException.misuse("the output " + out.path() + " is the input file: write to another path");
        }
        if (from == Format.VORTEX) {
            Path src = needPath(in, from);
            try (VortexFile file = VortexFile.open(src)) {
                return fromVortex(file, out, to, o);
            }
        }
        if (o.selects()) {
            throw VortexException.misuse("columns, filters and row limits apply to a Vortex input only");
        }
        if (to == Format.VORTEX) {
            return INTO_VORTEX.get(from).convert(in, needPath(out, to), o);
        }
        // Neither side is Vortex: through a temporary Vortex file.
        Path tmp = TempFiles.scratch(".vortex");
        try {
            Files.delete(tmp);
            INTO_VORTEX.get(from).convert(in, tmp, o.withProgress(rows -> {}));
            try (VortexFile file = VortexFile.open(tmp)) {
                return fromVortex(file, out, to, o);
            }
        } finally {
            TempFiles.discard(tmp);
        }
    }

    /// Writes the rows of `file` selected by `o` to `out` in format `to`.
    public static Result fromVortex(VortexFile file, Output out, Format to, Options o) throws IOException {
        ScanOptions scan = scanOptions(file, o.columns(), o.where());
        if (o.limit() >= 0 && o.where() == null) {
            scan = scan.rows(0, Math.min(o.limit(), file.rowCount()));
        }
        if (to == Format.VORTEX) {
            return rewrite(file, scan, o.limit(), needPath(out, to), o);
        }
        OutOfVortex writer = OUT_OF_VORTEX.get(to);
        if (out.stream() != null) {
            Result r = writer.export(file, scan, o.limit(), out.stream(), o);
            out.stream().flush();
            return r;
        }
        Path target = out.path();
        Path tmp = TempFiles.beside(target);
        boolean done = false;
        try {
            Result r;
            try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                r = writer.export(file, scan, o.limit(), stream, o);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            TempFiles.committed(tmp);
            done = true;
            return r;
        } finally {
            if (!done) {
                TempFiles.discard(tmp);
            }
        }
    }

    /// The scan options for `columns` (null: all) and the filter text `where` (null: none).
    public static ScanOptions scanOptions(VortexFile f, List<String> columns, String where) {
        ScanOptions options = ScanOptions.all().withColumns(columns);
        if (columns != null) {
            if (!(f.dtype() instanceof DType.Struct schema)) {
                throw VortexException.misuse(f.name() + ": columns can be chosen in a table (struct) file only");
            }
            for (String c : columns) {
                if (schema.indexOf(c) < 0) {
                    throw VortexException.misuse(
                            f.name() + ": no column '" + c + "'; columns are " + String.join(", ", schema.names()));
                }
            }
        }
        if (where != null) {
            if (!(f.dtype() instanceof DType.Struct schema)) {
                throw VortexException.misuse(f.name() + ": a filter needs a table (struct) file, not " + f.dtype());
            }
            options = options.withFilter(ExprParser.parse(where, schema));
        }
        return options;
    }

    /// The schema of the columns a scan of `file` returns, as a struct (a file that is not a
    /// table is one column named `value`).
    static DType.Struct scanSchema(VortexFile file, List<String> columns) {
        if (!(file.dtype() instanceof DType.Struct s)) {
            return new DType.Struct(List.of("value"), List.of(file.dtype()), false);
        }
        List<String> names = columns == null ? s.names() : columns;
        List<DType> types = new ArrayList<>();
        for (String n : names) {
            types.add(s.fields().get(s.indexOf(n)));
        }
        return new DType.Struct(names, types, false);
    }

    /// Streams the batches of a scan, cut to `limit` rows (-1: all), to `sink`; returns the rows.
    static long batches(VortexFile file, ScanOptions scan, long limit, BatchSink sink, LongConsumer progress)
            throws IOException {
        long rows = 0;
        try (Scan s = file.scan(scan)) {
            for (Batch batch : s) {
                try (batch) {
                    int n = batch.rowCount();
                    if (limit >= 0 && rows + n > limit) {
                        n = (int) (limit - rows);
                    }
                    List<Array> cols = new ArrayList<>(batch.columnCount());
                    try (Arena arena = Arena.ofConfined()) {
                        for (int c = 0; c < batch.columnCount(); c++) {
                            Array a = batch.column(c);
                            cols.add(n == batch.rowCount() ? a : ArrayOps.slice(a, 0, n, arena));
                        }
                        if (n > 0) {
                            sink.accept(cols);
                        }
                    }
                    rows += n;
                    progress.accept(rows);
                }
                if (limit >= 0 && rows >= limit) {
                    break;
                }
            }
        }
        return rows;
    }

    /// Receives the columns of one batch.
    @FunctionalInterface
    interface BatchSink {
        void accept(List<Array> columns) throws IOException;
    }

    private static Result toParquet(VortexFile file, ScanOptions scan, long limit, OutputStream out, Options o)
            throws IOException {
        DType.Struct schema = scanSchema(file, scan.columns());
        ParquetWriter w = ParquetWriter.create(out, schema, o.parquet());
        long rows = batches(file, scan, limit, w::write, o.progress());
        w.finish();
        return new Result(rows, schema);
    }

    private static Result rewrite(VortexFile file, ScanOptions scan, long limit, Path out, Options o)
            throws IOException {
        DType.Struct schema = scanSchema(file, scan.columns());
        long rows;
        try (VortexWriter w = VortexWriter.create(out, schema, o.write())) {
            try {
                rows = batches(file, scan, limit, w::write, o.progress());
            } catch (RuntimeException | IOException e) {
                w.abort();
                throw e;
            }
            w.finish();
        }
        return new Result(rows, schema);
    }

    private static Path needPath(Input in, Format f) {
        if (in.path() == null) {
            throw VortexException.misuse(f.label() + " input must be a file, not a stream (" + in.name() + ")");
        }
        return in.path();
    }

    private static Path needPath(Output out, Format f) {
        if (out.path() == null) {
            throw VortexException.misuse(f.label() + " output must be a file, not a stream");
        }
        return out.path();
    }

    /// Returns true when `a` and `b` name the same file (through links or relative paths too).
    public static boolean samePath(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
            Path ra = Files.exists(a) ? a.toRealPath() : a.toAbsolutePath().normalize();
            Path parent = b.toAbsolutePath().getParent();
            Path rb = parent != null && Files.exists(parent)
                    ? parent.toRealPath().resolve(b.getFileName())
                    : b.toAbsolutePath().normalize();
            return ra.equals(rb);
        } catch (IOException e) {
            return false;
        }
    }
}
