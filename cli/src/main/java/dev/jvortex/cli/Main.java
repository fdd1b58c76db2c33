package dev.jvortex.cli;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.compress.Compressor;
import dev.jvortex.convert.Converter;
import dev.jvortex.convert.Format;
import dev.jvortex.convert.TempFiles;
import dev.jvortex.convert.parquet.ParquetWriter;
import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/// The `jvx` command: inspect, query, count, describe and convert Vortex files.
///
/// Exit status: 0 success (also when standard output is closed early, e.g. by `head`), 2 a usage
/// error (unknown command or option, bad value, unsupported conversion, bad filter), 3 bad or
/// unsupported data (a corrupt file, a CSV row that does not fit), 4 an I/O error (a missing file,
/// a full disk), 5 an internal error (a bug in jvortex). Errors are one line on standard error.
public final class Main {
    /// Success.
    public static final int OK = 0;
    /// A usage error.
    public static final int USAGE = 2;
    /// Bad or unsupported data.
    public static final int DATA = 3;
    /// An I/O error.
    public static final int IO = 4;
    /// A bug in jvortex.
    public static final int INTERNAL = 5;

    private static final String VERSION = "0.1.0-SNAPSHOT";

    /// A command: its name, synopsis, what it does, an example, and the flags and options it takes.
    private record Command(
            String name, String synopsis, String about, String example, Set<String> flags, Set<String> options) {}

    private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

    private static void command(
            String name, String synopsis, String about, String example, Set<String> flags, Set<String> options) {
        COMMANDS.put(name, new Command(name, synopsis, about, example, flags, options));
    }

    static {
        command(
                "schema",
                "schema FILE [--json]",
                "The file's columns with their full types (`?` marks a nullable type; timestamps with unit and"
                        + " zone, decimals with precision and scale) and the row count.",
                "jvx schema orders.vortex --json",
                Set.of("--json"),
                Set.of());
        command(
                "inspect",
                "inspect FILE [--tree] [--json] [--html OUT.html]",
                "A per-column summary: stored bytes, share of the file, layouts and array encodings. --tree shows"
                        + " the whole layout tree with every segment and array node; --json the tree as JSON;"
                        + " --html writes one self-contained page: bytes by column, layout and encoding as a"
                        + " treemap, the statistics table and the zone maps.",
                "jvx inspect orders.vortex --html orders.html",
                Set.of("--json", "--tree"),
                Set.of("--html"));
        command(
                "stats",
                "stats FILE [--columns a,b] [--json] [--distinct]",
                "Per-column statistics from the file's footer, without a scan: rows, nulls, min and max in logical"
                        + " units (timestamps in ISO-8601 with their zone, decimals with their scale; ≥/≤ mark bounds"
                        + " that are not exact), NaNs, stored bytes, compression ratio and encodings. --distinct"
                        + " adds an estimate of the distinct values (HyperLogLog, about 1 % error), which needs a"
                        + " scan of the columns.",
                "jvx stats orders.vortex --columns price,created_at",
                Set.of("--json", "--distinct"),
                Set.of("--columns"));
        command(
                "count",
                "count FILE [--where EXPR]",
                "The number of rows: from the footer without a filter, else by a scan of the filter's columns.",
                "jvx count orders.vortex --where \"status = 'paid'\"",
                Set.of(),
                Set.of("--where"));
        command(
                "head",
                "head FILE [-n N] [--columns a,b] [--format jsonl|csv]",
                "The first N rows (default 10); reads only the chunks that hold them.",
                "jvx head orders.vortex -n 3",
                Set.of(),
                Set.of("-n", "--columns", "--format"));
        command(
                "export",
                "export FILE [--columns a,b] [--format jsonl|csv] [--where EXPR] [--limit N] [--delimiter C]",
                "Rows to standard output as JSON Lines (default) or CSV; --limit stops after N rows without"
                        + " reading the rest.",
                "jvx export orders.vortex --where \"price > 100\" --format csv --limit 1000",
                Set.of(),
                Set.of("--columns", "--format", "--where", "--limit", "--delimiter"));
        command(
                "convert",
                "convert IN OUT [--from F] [--to F] [--columns a,b] [--where EXPR] [--limit N] [--delimiter C]\n"
                        + "        [--compression zstd|none] [--row-group-rows N] [--no-zone-maps] [--no-dictionaries]\n"
                        + "        [--no-compress] [--chunk-bytes N] [--compact] [--cascade-depth N] [--threads N] [--quiet]"
                        + " [--stats] [--arrow-dictionary]",
                "Converts between formats, chosen by the file extensions or --from/--to: vortex (.vortex),"
                        + " parquet (.parquet, .pq), csv (.csv; .tsv is tab-separated), jsonl (.jsonl, .ndjson),"
                        + " arrow (Arrow IPC file: .arrow, .feather) and arrows (Arrow IPC stream: .arrows)."
                        + " Vortex to Parquet, Arrow IPC, CSV, JSON Lines or Vortex; Parquet, Arrow IPC, CSV or JSON"
                        + " Lines to Vortex (and to each other through a temporary Vortex file). '-' reads standard input (CSV and JSON"
                        + " Lines stream; other formats are copied to a temporary file) or writes standard output"
                        + " (Parquet, CSV, JSON Lines); give --from/--to with '-'. --columns, --where and --limit"
                        + " select from a Vortex input; --compression and --row-group-rows shape Parquet output;"
                        + " the Vortex options are as before (--compact adds Pcodec and Zstandard);"
                        + " --arrow-dictionary writes the columns stored dictionary-encoded as Arrow dictionary columns.",
                "jvx convert orders.vortex orders.parquet",
                Set.of(
                        "--no-zone-maps",
                        "--no-dictionaries",
                        "--no-compress",
                        "--compact",
                        "--quiet",
                        "--stats",
                        "--arrow-dictionary"),
                Set.of(
                        "--from",
                        "--to",
                        "--columns",
                        "--where",
                        "--limit",
                        "--delimiter",
                        "--compression",
                        "--row-group-rows",
                        "--chunk-bytes",
                        "--cascade-depth",
                        "--threads"));
        command(
                "bench",
                "bench FILE [--columns a,b] [--where EXPR] [--iterations N] [--threads N[,M...]]",
                "Scans N times (default 10): best and median time, rows/s, and what pruning skipped.",
                "jvx bench flights.vortex --where \"carrier = 'UA'\" --threads 1,4",
                Set.of(),
                Set.of("--columns", "--where", "--iterations", "--threads"));
        command(
                "sql",
                "sql PATH [\"SELECT ...\"] [--format table|csv|jsonl] [--no-timing]",
                "Runs SQL over a folder of Vortex files (each file, or each sub-folder of same-schema files, is a"
                        + " table) or one file, with projection, filters, limits and aggregates pushed into the scan;"
                        + " without a statement, an interactive shell (statements end with ';', .help lists the"
                        + " commands). EXPLAIN shows what was pushed down. A failed statement exits with 1."
                        + " See docs/sql.md.",
                "jvx sql data/ \"SELECT l_returnflag, COUNT(*) FROM lineitem GROUP BY l_returnflag\"",
                Set.of("--no-timing"),
                Set.of("--format"));
    }

    private static final String FOOTER = """

            EXPR is a SQL-like filter: comparisons (= != < <= > >=), AND, OR, NOT, IS [NOT] NULL,
            BETWEEN a AND b, IN (v1, v2), LIKE 'prefix%'; 'quoted text', numbers, TRUE, FALSE, NULL;
            dates and timestamps as quoted ISO-8601 text.

            jvx COMMAND --help shows a command's options and an example; jvx --version the version.
            Exit status: 0 ok, 2 usage error, 3 bad or unsupported data, 4 I/O error, 5 internal error.
            """;

    private Main() {}

    /// Runs the command line and exits with its status.
    public static void main(String[] args) {
        Tracing trace = Tracing.install(System.err);
        Runtime.getRuntime().addShutdownHook(new Thread(TempFiles::deleteAll, "jvx-cleanup"));
        int status = run(args, System.out, System.err);
        if (trace != null) {
            trace.finish("exit status " + status);
        }
        System.exit(status);
    }

    static String usage() {
        StringBuilder sb = new StringBuilder("usage: jvx <command> [options]\n\ncommands:\n");
        for (Command c : COMMANDS.values()) {
            sb.append("  ").append(c.synopsis().replace("\n", "\n  ")).append('\n');
        }
        sb.append("  help [COMMAND]\n");
        return sb.append(FOOTER).toString();
    }

    /// `jvx sql` lives in the jvortex-sql module (Calcite), called by name so that this module's
    /// descriptor does not read Calcite; the jvx jar holds it.
    private static int sql(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        java.lang.reflect.Method run;
        try {
            run = Class.forName("dev.jvortex.sql.cli.SqlCommand")
                    .getMethod("run", List.class, InputStream.class, PrintStream.class, PrintStream.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            err.println("jvx sql: the SQL engine (module jvortex-sql) is not on the class path");
            return DATA;
        }
        try {
            return (Integer) run.invoke(null, args, in, out, err);
        } catch (java.lang.reflect.InvocationTargetException e) {
            err.println("jvx sql: internal error: " + Terminal.escape(String.valueOf(e.getCause())));
            return INTERNAL;
        } catch (IllegalAccessException e) {
            err.println("jvx sql: the SQL engine cannot be called: " + e.getMessage());
            return INTERNAL;
        }
    }

    private static String help(Command c) {
        return "usage: jvx " + c.synopsis() + "\n\n" + wrap(c.about(), 96) + "\n\nexample:\n  " + c.example() + "\n"
                + FOOTER;
    }

    private static String wrap(String text, int width) {
        StringBuilder sb = new StringBuilder();
        int col = 0;
        for (String word : text.split(" ")) {
            if (col > 0 && col + 1 + word.length() > width) {
                sb.append('\n');
                col = 0;
            } else if (col > 0) {
                sb.append(' ');
                col++;
            }
            sb.append(word);
            col += word.length();
        }
        return sb.toString();
    }

    /// Runs the command line; returns the exit status (see the class doc).
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, System.in, out, err);
    }

    /// Runs the command line with `in` as standard input; returns the exit status.
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.print(usage());
            return USAGE;
        }
        String first = args[0];
        if (first.equals("help") || first.equals("--help") || first.equals("-h")) {
            if (args.length > 1 && COMMANDS.containsKey(args[1])) {
                out.print(help(COMMANDS.get(args[1])));
            } else if (args.length > 1) {
                err.println("jvx: unknown command '" + Terminal.escape(args[1]) + "'");
                return USAGE;
            } else {
                out.print(usage());
            }
            return OK;
        }
        if (first.equals("--version") || first.equals("version")) {
            out.println("jvx " + VERSION + " (jvortex, Java " + Runtime.version() + ")");
            return OK;
        }
        Command command = COMMANDS.get(first);
        if (command == null) {
            err.println("jvx: unknown command '" + Terminal.escape(first) + "' (jvx --help lists the commands)");
            return USAGE;
        }
        List<String> rest = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
        if (rest.contains("--help") || rest.contains("-h")) {
            out.print(help(command));
            return OK;
        }
        if (first.equals("sql")) {
            return sql(rest, in, out, err);
        }
        Cli cli = new Cli(in, out, err);
        try {
            Args a = Args.parse(first, rest, command.flags(), command.options(), Map.of());
            return switch (first) {
                case "schema" -> cli.schema(a);
                case "inspect" -> cli.inspect(a);
                case "stats" -> cli.stats(a);
                case "count" -> cli.count(a);
                case "head" -> cli.head(a);
                case "export" -> cli.export(a);
                case "convert" -> cli.convert(a);
                case "bench" -> cli.bench(a);
                default -> throw new UsageException("unknown command '" + first + "'");
            };
        } catch (UsageException e) {
            err.println("jvx " + first + ": " + Terminal.escape(e.getMessage()));
            err.println("(jvx " + first + " --help shows the options)");
            return USAGE;
        } catch (Output.Closed e) {
            return OK;
        } catch (VortexException e) {
            err.println("jvx " + first + ": " + Terminal.escape(e.getMessage()));
            return switch (e.kind()) {
                case MISUSE -> USAGE;
                case CORRUPT, UNSUPPORTED -> DATA;
                case IO -> IO;
                case INTERNAL -> INTERNAL;
            };
        } catch (IOException e) {
            err.println("jvx " + first + ": I/O error: " + Terminal.escape(String.valueOf(e.getMessage())));
            return IO;
        } catch (RuntimeException e) {
            err.println("jvx " + first + ": internal error: " + Terminal.escape(e.toString()));
            return INTERNAL;
        } finally {
            cli.cleanup();
        }
    }

    /// A bad command line.
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    /// One run's commands, with its streams and the temporary files it made.
    private static final class Cli {
        private final InputStream in;
        private final PrintStream out;
        private final PrintStream err;
        private final List<Path> spooled = new ArrayList<>();

        Cli(InputStream in, PrintStream out, PrintStream err) {
            this.in = in;
            this.out = out;
            this.err = err;
        }

        void cleanup() {
            for (Path p : spooled) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort
                }
            }
        }

        /// Opens FILE, the first positional argument: a path, an `http(s)://` or `s3://` location
        /// ([Locations]); `-` copies standard input to a temporary file.
        private VortexFile open(Args a) throws IOException {
            a.positional(1, "FILE");
            String name = a.positional.getFirst();
            if (Locations.isRemote(name)) {
                return Locations.open(name);
            }
            return VortexFile.open(inputPath(name));
        }

        private Path inputPath(String name) throws IOException {
            if (name.equals("-")) {
                Path tmp = Files.createTempFile("jvx-stdin-", ".tmp");
                spooled.add(tmp);
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                return tmp;
            }
            Path p = Path.of(name);
            if (!Files.exists(p)) {
                throw new VortexException(VortexException.Kind.IO, name + ": no such file");
            }
            if (!Files.isRegularFile(p)) {
                throw new VortexException(VortexException.Kind.IO, name + ": not a regular file");
            }
            return p;
        }

        private static List<String> columns(Args a) {
            String cols = a.value("--columns");
            if (cols == null) {
                return null;
            }
            List<String> list = Arrays.stream(cols.split(",")).map(String::trim).toList();
            if (list.isEmpty() || list.stream().anyMatch(String::isEmpty)) {
                throw new UsageException("--columns needs names separated by commas, not '" + cols + "'");
            }
            return list;
        }

        int schema(Args a) throws IOException {
            try (VortexFile f = open(a)) {
                if (a.flag("--json")) {
                    StringBuilder sb =
                            new StringBuilder("{\"rows\":").append(f.rowCount()).append(",\"dtype\":");
                    Types.json(sb, f.dtype());
                    out.println(sb.append('}'));
                } else if (f.dtype() instanceof DType.Struct s && !s.nullable()) {
                    out.println(f.rowCount() + " rows, " + s.size() + (s.size() == 1 ? " column" : " columns"));
                    int w = 0;
                    for (String n : s.names()) {
                        w = Math.max(w, Terminal.escape(n).length());
                    }
                    for (int i = 0; i < s.size(); i++) {
                        String n = Terminal.escape(s.names().get(i));
                        out.println("  " + n + " ".repeat(w - n.length() + 2)
                                + Terminal.escape(Types.describe(s.fields().get(i))));
                    }
                } else {
                    out.println(f.rowCount() + " rows of " + Terminal.escape(Types.describe(f.dtype())));
                }
            }
            return Output.status(out);
        }

        int inspect(Args a) throws IOException {
            try (VortexFile f = open(a)) {
                if (a.value("--html") != null) {
                    if (a.flag("--json") || a.flag("--tree")) {
                        throw new UsageException("--html cannot be combined with --json or --tree");
                    }
                    Path target = Path.of(a.value("--html"));
                    TempFiles.writeString(target, Html.page(f));
                    err.println("jvx: wrote " + Terminal.escape(target.toString()));
                } else if (a.flag("--json")) {
                    out.print(Inspector.describe(f, true));
                } else if (a.flag("--tree")) {
                    out.print(Inspector.describe(f, false));
                } else {
                    out.print(Inspector.summary(f));
                }
            }
            return Output.status(out);
        }

        int stats(Args a) throws IOException {
            try (VortexFile f = open(a)) {
                List<Stats.Column> cols = Stats.of(f, columns(a));
                if (a.flag("--distinct")) {
                    cols = Stats.withDistinct(f, cols);
                }
                out.print(a.flag("--json") ? Stats.json(f, cols) : Stats.table(f, cols));
            }
            return Output.status(out);
        }

        int count(Args a) throws IOException {
            try (VortexFile f = open(a)) {
                String where = a.value("--where");
                if (where == null) {
                    out.println(f.rowCount());
                    return Output.status(out);
                }
                ScanOptions options = Converter.scanOptions(f, null, where);
                List<String> names = f.columnNames();
                // Project one column: the filter's columns are read for the filter anyway.
                options = options.withColumns(names.isEmpty() ? null : List.of(names.getFirst()));
                long rows = 0;
                try (Scan scan = f.scan(options)) {
                    for (Batch b : scan) {
                        try (b) {
                            rows += b.rowCount();
                        }
                    }
                }
                out.println(rows);
            }
            return Output.status(out);
        }

        int head(Args a) throws IOException {
            long n = a.number("-n", 0, 10);
            return rows(a, n, null, a.value("--format"), ',');
        }

        int export(Args a) throws IOException {
            long limit = a.number("--limit", 0, -1);
            return rows(a, limit, a.value("--where"), a.value("--format"), delimiter(a.value("--delimiter")));
        }

        private int rows(Args a, long limit, String where, String formatName, char delimiter) throws IOException {
            Format format = formatName == null ? Format.JSONL : textFormat(formatName);
            try (VortexFile f = open(a)) {
                Converter.Options o =
                        Converter.Options.defaults().withDelimiter(delimiter).withRows(columns(a), where, limit);
                Converter.fromVortex(f, Converter.Output.of(new Output(out)), format, o);
            }
            return Output.status(out);
        }

        private static Format textFormat(String name) {
            Format f;
            try {
                f = Format.named(name);
            } catch (VortexException e) {
                throw new UsageException("unknown --format '" + name + "' (jsonl or csv)");
            }
            if (f != Format.JSONL && f != Format.CSV) {
                throw new UsageException("--format must be jsonl or csv, not '" + name + "'");
            }
            return f;
        }

        private static char delimiter(String d) {
            if (d == null) {
                return ',';
            }
            if (d.equals("\\t") || d.equals("tab")) {
                return '\t';
            }
            if (d.length() != 1) {
                throw new UsageException("--delimiter needs exactly one character, not '" + d + "'");
            }
            char c = d.charAt(0);
            if (c == '"' || c == '\n' || c == '\r') {
                throw new UsageException("--delimiter cannot be a quote or a line break");
            }
            return c;
        }

        int convert(Args a) throws IOException {
            a.positional(2, "IN and OUT");
            String inName = a.positional.get(0);
            String outName = a.positional.get(1);
            Format from = format(a.value("--from"), inName, "--from", "IN");
            Format to = format(a.value("--to"), outName, "--to", "OUT");
            if (!Converter.canRead(from)) {
                throw new UsageException("cannot read " + from.label());
            }
            if (!Converter.canWrite(to)) {
                throw new UsageException("cannot write " + to.label());
            }
            boolean fromVortex = from == Format.VORTEX;
            if (!fromVortex
                    && (a.value("--columns") != null || a.value("--where") != null || a.value("--limit") != null)) {
                throw new UsageException("--columns, --where and --limit apply to a Vortex input only");
            }
            if (to != Format.PARQUET && (a.value("--compression") != null || a.value("--row-group-rows") != null)) {
                throw new UsageException("--compression and --row-group-rows apply to Parquet output only");
            }
            if (a.value("--delimiter") != null && from != Format.CSV && to != Format.CSV) {
                throw new UsageException("--delimiter applies to CSV only");
            }
            char delim = a.value("--delimiter") != null
                    ? delimiter(a.value("--delimiter"))
                    : (inName.toLowerCase(Locale.ROOT).endsWith(".tsv") && from == Format.CSV)
                                    || (outName.toLowerCase(Locale.ROOT).endsWith(".tsv") && to == Format.CSV)
                            ? '\t'
                            : ',';
            if (!inName.equals("-") && !outName.equals("-") && Converter.samePath(Path.of(inName), Path.of(outName))) {
                throw new UsageException("OUT is the same file as IN: write to another path");
            }
            if (outName.equals("-") && to == Format.VORTEX) {
                throw new UsageException("Vortex output must be a file, not standard output");
            }
            Converter.Options o = Converter.Options.defaults()
                    .withWrite(writeOptions(a))
                    .withParquet(parquetOptions(a))
                    .withDelimiter(delim)
                    .withArrowDictionary(a.flag("--arrow-dictionary"));
            if (fromVortex) {
                o = o.withRows(columns(a), a.value("--where"), a.number("--limit", 0, -1));
            }
            Converter.Input input;
            boolean text = from == Format.CSV || from == Format.JSONL;
            Counting counting = null;
            long inputBytes = -1;
            if (inName.equals("-")) {
                input = text
                        ? Converter.Input.of(counting = new Counting(in), "standard input")
                        : Converter.Input.of(inputPath("-"));
            } else if (text) {
                Path p = inputPath(inName);
                inputBytes = Files.size(p);
                counting = new Counting(Files.newInputStream(p));
                input = Converter.Input.of(counting, inName);
            } else {
                input = Converter.Input.of(inputPath(inName));
            }
            Converter.Output output =
                    outName.equals("-") ? Converter.Output.of(new Output(out)) : Converter.Output.of(Path.of(outName));
            boolean quiet = a.flag("--quiet");
            if (a.flag("--stats") && (to != Format.VORTEX || outName.equals("-"))) {
                throw new UsageException("--stats shows the statistics of a written Vortex file; OUT is " + to.label());
            }
            Progress progress = Progress.forTerminal(err, quiet, expectedRows(input, from, o));
            if (counting != null) {
                progress.withBytes(counting::count, inputBytes);
            }
            long start = System.nanoTime();
            dev.jvortex.convert.Trace.mark("convert " + from.label() + " to " + to.label());
            Converter.Result r;
            try {
                r = Converter.convert(input, from, output, to, o.withProgress(progress::rows));
            } finally {
                if (counting != null && !inName.equals("-")) {
                    counting.close();
                }
            }
            progress.done();
            if (!quiet) {
                err.printf(
                        Locale.ROOT,
                        "jvx: wrote %d rows (%s) to %s in %.1f s%s%n",
                        r.rows(),
                        Terminal.escape(r.schema().toString()),
                        outName.equals("-") ? "standard output" : Terminal.escape(outName),
                        (System.nanoTime() - start) / 1e9,
                        outName.equals("-") ? "" : ", " + Files.size(Path.of(outName)) + " bytes");
            }
            if (a.flag("--stats")) {
                // The per-column table of what was written: stored bytes, nulls, bounds, encodings.
                try (VortexFile f = VortexFile.open(Path.of(outName))) {
                    out.print(Stats.table(f, Stats.of(f, null)));
                }
            }
            return Output.status(out);
        }

        private static long expectedRows(Converter.Input input, Format from, Converter.Options o) {
            if (from != Format.VORTEX || input.path() == null) {
                return -1;
            }
            if (o.where() != null) {
                return -1;
            }
            try (VortexFile f = VortexFile.open(input.path())) {
                return o.limit() >= 0 ? Math.min(o.limit(), f.rowCount()) : f.rowCount();
            } catch (RuntimeException e) {
                return -1;
            }
        }

        private static Format format(String flag, String file, String option, String what) {
            Format byExt = file.equals("-") ? null : Format.ofExtension(Path.of(file));
            if (flag == null) {
                if (file.equals("-")) {
                    throw new UsageException(what + " is '-': give its format with " + option);
                }
                if (byExt == null) {
                    throw new UsageException("cannot tell the format of " + what + " '" + file + "' from its extension;"
                            + " give " + option + " (" + Format.allNames() + ")");
                }
                return byExt;
            }
            Format f;
            try {
                f = Format.named(flag);
            } catch (VortexException e) {
                throw new UsageException(e.getMessage());
            }
            if (byExt != null && byExt != f) {
                throw new UsageException(option + " " + flag + " does not match " + what + " '" + file + "', whose"
                        + " extension means " + byExt.label());
            }
            return f;
        }

        private static WriteOptions writeOptions(Args a) {
            WriteOptions options = WriteOptions.defaults()
                    .withZoneMaps(!a.flag("--no-zone-maps"))
                    .withDictionaries(!a.flag("--no-dictionaries"))
                    .compress(!a.flag("--no-compress"));
            if (a.value("--chunk-bytes") != null) {
                options = options.withTargetChunkBytes(a.number("--chunk-bytes", 1, 0));
            }
            if (a.flag("--compact")) {
                options = options.withPreset(CompressionPreset.COMPACT);
            }
            if (a.value("--cascade-depth") != null) {
                long d = a.number("--cascade-depth", 1, 0);
                if (d > Compressor.DEPTH_LIMIT) {
                    throw new UsageException("--cascade-depth must be at most " + Compressor.DEPTH_LIMIT);
                }
                options = options.withCascadeDepth((int) d);
            }
            if (a.value("--threads") != null) {
                options = options.withParallelism((int) Math.min(a.number("--threads", 1, 0), 1024));
            }
            return options;
        }

        private static ParquetWriter.Options parquetOptions(Args a) {
            ParquetWriter.Options p = ParquetWriter.Options.defaults();
            String c = a.value("--compression");
            if (c != null) {
                p = switch (c.toLowerCase(Locale.ROOT)) {
                    case "zstd" -> p.withCodec(ParquetWriter.Codec.ZSTD);
                    case "none", "uncompressed" -> p.withCodec(ParquetWriter.Codec.UNCOMPRESSED);
                    default -> throw new UsageException("--compression must be zstd or none, not '" + c + "'");
                };
            }
            if (a.value("--row-group-rows") != null) {
                p = p.withRowGroup(p.rowGroupBytes(), a.number("--row-group-rows", 1, 0));
            }
            return p;
        }

        int bench(Args a) throws IOException {
            return Bench.run(open(a), columns(a), a, out);
        }
    }

    /// An input stream that counts the bytes read, for the progress display (read and reported on
    /// the converting thread).
    static final class Counting extends java.io.FilterInputStream {
        private long count;

        Counting(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }

    /// Standard output for data: a write after the reader went away (a closed pipe) ends the
    /// command quietly with status 0.
    static final class Output extends OutputStream {
        /// The reader of standard output has gone.
        static final class Closed extends IOException {
            Closed() {
                super("standard output closed");
            }
        }

        private final PrintStream target;

        Output(PrintStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            target.write(b);
            check();
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            target.write(b, off, len);
            check();
        }

        @Override
        public void flush() throws IOException {
            check();
        }

        private void check() throws IOException {
            if (target.checkError()) {
                throw new Closed();
            }
        }

        /// The exit status for a command that printed to `out`: 0, also when the reader went away.
        static int status(PrintStream out) {
            out.flush();
            return OK;
        }
    }
}
