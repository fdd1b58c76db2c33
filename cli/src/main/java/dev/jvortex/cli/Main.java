package dev.jvortex.cli;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.expr.ExprParser;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.VortexFile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/// The `jvx` command: inspect and export Vortex files.
public final class Main {
    private static final String USAGE = """
            usage: jvx <command> [options]

            commands:
              inspect FILE [--json]                          the layout tree and array encodings, with sizes
              schema FILE                                    the file's type and row count
              export FILE [--columns a,b] [--format jsonl|csv] [--where EXPR]
                                                             every row (or those matching EXPR) to standard output
              bench FILE [--columns a,b] [--where EXPR] [--iterations N] [--threads N[,M...]]
                                                             scan N times (default 10): best and median time, rows/s,
                                                             and what pruning skipped
              convert IN.parquet|IN.csv OUT.vortex [--delimiter C] [--no-zone-maps] [--no-dictionaries]
                      [--chunk-bytes N] [--no-compress] [--compact] [--cascade-depth N] [--threads N]
                                                             a Parquet file, or a CSV file (header line, types
                                                             inferred), to Vortex; --compact adds Pcodec and
                                                             Zstandard (smaller, slower to decode), --threads
                                                             sets how many chunks compress at once
              help                                           this text

            EXPR is a SQL-like filter: comparisons (= != < <= > >=), AND, OR, NOT, IS [NOT] NULL,
            BETWEEN a AND b, IN (v1, v2), LIKE 'prefix%'; 'quoted text', numbers, TRUE, FALSE, NULL;
            dates and timestamps as quoted ISO-8601 text. Example:
              jvx export flights.vortex --where "carrier = 'UA' AND dep_delay > 30"
            """;

    private Main() {}

    /// Runs the command line and exits with its status.
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /// Runs the command line; returns the exit status (0 on success).
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            (args.length == 0 ? err : out).print(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        try {
            List<String> rest = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
            return switch (args[0]) {
                case "inspect" -> inspect(rest, out);
                case "schema" -> schema(rest, out);
                case "export" -> export(rest, out);
                case "bench" -> bench(rest, out);
                case "convert" -> convert(rest, err);
                default -> throw new UsageException("unknown command '" + args[0] + "'");
            };
        } catch (UsageException e) {
            err.println("jvx: " + e.getMessage());
            err.print(USAGE);
            return 2;
        } catch (VortexException e) {
            err.println("jvx: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("jvx: I/O error: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err.println("jvx: internal error: " + e);
            return 3;
        }
    }

    private static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    private static Path file(List<String> args) {
        List<String> positional = args.stream().filter(a -> !a.startsWith("--")).toList();
        if (positional.isEmpty()) {
            throw new UsageException("missing FILE");
        }
        Path p = Path.of(positional.getFirst());
        if (!Files.isRegularFile(p)) {
            throw new VortexException(VortexException.Kind.IO, p + ": no such file");
        }
        return p;
    }

    private static String option(List<String> args, String name) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(name)) {
                if (i + 1 >= args.size()) {
                    throw new UsageException(name + " needs a value");
                }
                String v = args.remove(i + 1);
                args.remove(i);
                return v;
            }
            if (a.startsWith(name + "=")) {
                args.remove(i);
                return a.substring(name.length() + 1);
            }
        }
        return null;
    }

    private static int inspect(List<String> args, PrintStream out) {
        boolean json = args.remove("--json");
        try (VortexFile f = VortexFile.open(file(args))) {
            out.print(Inspector.describe(f, json));
        }
        return 0;
    }

    private static int schema(List<String> args, PrintStream out) {
        try (VortexFile f = VortexFile.open(file(args))) {
            out.println(f.dtype());
            out.println(f.rowCount() + " rows");
        }
        return 0;
    }

    private static int convert(List<String> args, PrintStream err) throws IOException {
        String delimiter = option(args, "--delimiter");
        boolean noZones = args.remove("--no-zone-maps");
        boolean noDicts = args.remove("--no-dictionaries");
        boolean noCompress = args.remove("--no-compress");
        String chunkBytes = option(args, "--chunk-bytes");
        boolean compact = args.remove("--compact");
        String depth = option(args, "--cascade-depth");
        String threads = option(args, "--threads");
        List<String> positional = args.stream().filter(a -> !a.startsWith("--")).toList();
        for (String a : args) {
            if (a.startsWith("--")) {
                throw new UsageException("unknown option " + a);
            }
        }
        if (positional.size() != 2) {
            throw new UsageException("convert needs IN and OUT");
        }
        Path in = Path.of(positional.get(0));
        Path outPath = Path.of(positional.get(1));
        if (!Files.isRegularFile(in)) {
            throw new VortexException(VortexException.Kind.IO, in + ": no such file");
        }
        String name = in.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        boolean parquet = name.endsWith(".parquet") || name.endsWith(".pq") || isParquet(in);
        if (parquet && delimiter != null) {
            throw new UsageException("--delimiter applies to CSV input only");
        }
        char delim = delimiter == null
                ? (name.endsWith(".tsv") ? '\t' : ',')
                : delimiter.equals("\\t") ? '\t' : delimiter.charAt(0);
        var options = dev.jvortex.file.write.WriteOptions.defaults()
                .withZoneMaps(!noZones)
                .withDictionaries(!noDicts)
                .compress(!noCompress);
        if (chunkBytes != null) {
            long n;
            try {
                n = Long.parseLong(chunkBytes);
            } catch (NumberFormatException e) {
                throw new UsageException("--chunk-bytes needs a whole number of bytes, not '" + chunkBytes + "'");
            }
            if (n < 1) {
                throw new UsageException("--chunk-bytes must be positive");
            }
            options = options.withTargetChunkBytes(n);
        }
        if (compact) {
            options = options.withPreset(dev.jvortex.compress.CompressionPreset.COMPACT);
        }
        if (depth != null) {
            int d = positiveInt("--cascade-depth", depth);
            if (d > dev.jvortex.compress.Compressor.DEPTH_LIMIT) {
                throw new UsageException(
                        "--cascade-depth must be at most " + dev.jvortex.compress.Compressor.DEPTH_LIMIT);
            }
            options = options.withCascadeDepth(d);
        }
        if (threads != null) {
            options = options.withParallelism(positiveInt("--threads", threads));
        }
        long start = System.nanoTime();
        long[] lastReport = {start};
        java.util.function.LongConsumer progress = rows -> {
            long now = System.nanoTime();
            if (now - lastReport[0] > 2_000_000_000L) {
                err.println("jvx: " + rows + " rows written...");
                lastReport[0] = now;
            }
        };
        long rows;
        dev.jvortex.core.DType schema;
        if (parquet) {
            var result = dev.jvortex.convert.parquet.ParquetConverter.convert(in, outPath, options, progress);
            rows = result.rows();
            schema = result.schema();
        } else {
            var result = new dev.jvortex.convert.csv.CsvConverter(10_000, 65_536, delim)
                    .convert(in, outPath, options, progress);
            rows = result.rows();
            schema = result.schema();
        }
        err.printf(
                Locale.ROOT,
                "jvx: wrote %d rows (%s) to %s in %.1f s, %d bytes%n",
                rows,
                schema,
                outPath,
                (System.nanoTime() - start) / 1e9,
                Files.size(outPath));
        return 0;
    }

    private static int positiveInt(String name, String value) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " needs a whole number, not '" + value + "'");
        }
        if (n < 1) {
            throw new UsageException(name + " must be positive");
        }
        return n;
    }

    /// Returns true when `file` starts with the Parquet magic.
    private static boolean isParquet(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4);
            return head.length == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R' && head[3] == '1';
        }
    }

    private static int[] threadList(String text) {
        String[] parts = text.split(",");
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--threads needs whole numbers separated by commas, not '" + text + "'");
            }
            if (out[i] < 1) {
                throw new UsageException("--threads must be at least 1, not " + out[i]);
            }
        }
        return out;
    }

    private static ScanOptions scanOptions(VortexFile f, String cols, String where) {
        List<String> columns = cols == null
                ? null
                : Arrays.stream(cols.split(",")).map(String::trim).toList();
        ScanOptions options = ScanOptions.all().withColumns(columns);
        if (where != null) {
            if (!(f.dtype() instanceof DType.Struct schema)) {
                throw VortexException.misuse(f.name() + ": --where needs a table (struct) file, not " + f.dtype());
            }
            options = options.withFilter(ExprParser.parse(where, schema));
        }
        return options;
    }

    private static int export(List<String> args, PrintStream out) throws IOException {
        String cols = option(args, "--columns");
        String format = option(args, "--format");
        String where = option(args, "--where");
        if (format == null) {
            format = "jsonl";
        }
        for (String a : args) {
            if (a.startsWith("--")) {
                throw new UsageException("unknown option " + a);
            }
        }
        try (VortexFile f = VortexFile.open(file(args))) {
            ScanOptions options = scanOptions(f, cols, where);
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
            switch (format) {
                case "jsonl", "json" -> Exporter.writeJsonl(f, options, w);
                case "csv" -> Exporter.writeCsv(f, options, w);
                default -> throw new UsageException("unknown format '" + format + "' (jsonl or csv)");
            }
            w.flush();
        }
        return out.checkError() ? 1 : 0;
    }

    private static int bench(List<String> args, PrintStream out) {
        String cols = option(args, "--columns");
        String where = option(args, "--where");
        String iterationsText = option(args, "--iterations");
        String threadsText = option(args, "--threads");
        for (String a : args) {
            if (a.startsWith("--")) {
                throw new UsageException("unknown option " + a);
            }
        }
        int iterations;
        try {
            iterations = iterationsText == null ? 10 : Integer.parseInt(iterationsText);
        } catch (NumberFormatException e) {
            throw new UsageException("--iterations needs a whole number, not '" + iterationsText + "'");
        }
        if (iterations < 1) {
            throw new UsageException("--iterations must be at least 1");
        }
        int[] threadCounts = threadsText == null ? new int[] {0} : threadList(threadsText);
        try (VortexFile f = VortexFile.open(file(args))) {
            out.printf(
                    Locale.ROOT,
                    "file %s: %d rows; columns %s%s%n",
                    f.name(),
                    f.rowCount(),
                    cols == null ? "all" : cols,
                    where == null ? "" : "; where " + where);
            double firstBest = 0;
            for (int threads : threadCounts) {
                ScanOptions options = scanOptions(f, cols, where).withParallelism(threads);
                long[] nanos = new long[iterations];
                long rows = 0;
                long checksum = 0;
                ScanStatistics stats = null;
                for (int it = 0; it < iterations; it++) {
                    long start = System.nanoTime();
                    rows = 0;
                    try (Scan scan = f.scan(options)) {
                        for (Batch batch : scan) {
                            try (batch) {
                                rows += batch.rowCount();
                                for (int c = 0; c < batch.columnCount(); c++) {
                                    checksum += batch.column(c).length();
                                }
                            }
                        }
                        stats = scan.statistics();
                    }
                    nanos[it] = System.nanoTime() - start;
                }
                long[] sorted = nanos.clone();
                Arrays.sort(sorted);
                long best = sorted[0];
                long median = iterations % 2 == 1
                        ? sorted[iterations / 2]
                        : (sorted[iterations / 2 - 1] + sorted[iterations / 2]) / 2;
                String label = threads == 0
                        ? options.effectiveParallelism() + " threads (default)"
                        : threads + (threads == 1 ? " thread" : " threads");
                if (firstBest == 0) {
                    firstBest = best;
                }
                out.printf(
                        Locale.ROOT,
                        "%s, %d iterations: best %.3f ms, median %.3f ms%s%n",
                        label,
                        iterations,
                        best / 1e6,
                        median / 1e6,
                        threadCounts.length > 1 && best != firstBest
                                ? String.format(Locale.ROOT, " (%.2fx the first)", firstBest / best)
                                : "");
                out.printf(
                        Locale.ROOT,
                        "rows returned %d per scan; %.0f rows/s scanned (file rows / best time), %.0f rows/s returned%n",
                        rows,
                        f.rowCount() / (best / 1e9),
                        rows / (best / 1e9));
                out.printf(
                        Locale.ROOT,
                        "pruning: rows in scope %d, after pruning %d%s, read %d; zones skipped %d of %d; chunks skipped %d of %d%n",
                        stats.rowsInScope(),
                        stats.rowsAfterPruning(),
                        stats.filePruned() ? " (file pruned by statistics)" : "",
                        stats.rowsRead(),
                        stats.zonesSkipped(),
                        stats.zones(),
                        stats.chunksSkipped(),
                        stats.chunks());
                if (checksum < 0) {
                    out.println(checksum);
                }
            }
        }
        return out.checkError() ? 1 : 0;
    }
}
