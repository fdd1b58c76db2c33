package dev.jvortex.sql.cli;

import dev.jvortex.file.ScanStatistics;
import dev.jvortex.sql.SqlErrors;
import dev.jvortex.sql.VortexSchema;
import dev.jvortex.sql.VortexTable;
import dev.jvortex.sql.jdbc.VortexDriver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.calcite.schema.Table;

/// `jvx sql PATH ["SELECT ..."] [--format table|csv|jsonl] [--no-timing]`: runs SQL over a folder
/// of Vortex files (each file, or each sub-folder of files, is a table; see [VortexSchema]).
///
/// With a statement, runs it and prints the rows; without one, reads statements (ended by `;`)
/// from the input: an interactive shell with line editing and history (JLine, through its FFM
/// terminal provider) when the input is the process's terminal, plain line reading otherwise.
///
/// `EXPLAIN SELECT ...` (or `EXPLAIN PLAN FOR ...`) prints the plan, where each
/// `VortexTableScan` shows what was pushed into the jvortex scan: the columns read, the filters,
/// a limit, and aggregates answered from statistics or computed by the scan. `EXPLAIN ANALYZE
/// SELECT ...` also runs the query and prints each table's scan statistics (rows in the files,
/// left after zone pruning, returned; chunks skipped).
///
/// Exit status: 0 on success, 1 when a statement failed, 2 for bad arguments.
public final class SqlCommand {
    /// Output formats.
    enum Format {
        TABLE,
        CSV,
        JSONL
    }

    private final Connection conn;
    private final PrintStream out;
    private final PrintStream err;
    private Format format;
    private boolean timing;

    private SqlCommand(Connection conn, PrintStream out, PrintStream err, Format format, boolean timing) {
        this.conn = conn;
        this.out = out;
        this.err = err;
        this.format = format;
        this.timing = timing;
    }

    /// Runs the command with `args` (after the `sql` word); returns the exit status.
    public static int run(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        String path = null;
        String sql = null;
        Format format = Format.TABLE;
        boolean timing = true;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--format") || a.startsWith("--format=")) {
                String v = a.equals("--format") ? (i + 1 < args.size() ? args.get(++i) : "") : a.substring(9);
                try {
                    format = Format.valueOf(v.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    err.println("jvx sql: unknown format '" + v + "'; use table, csv or jsonl");
                    return 2;
                }
            } else if (a.equals("--no-timing")) {
                timing = false;
            } else if (a.equals("-h") || a.equals("--help")) {
                usage(out);
                return 0;
            } else if (a.startsWith("--")) {
                err.println("jvx sql: unknown option " + a);
                usage(err);
                return 2;
            } else if (path == null) {
                path = a;
            } else if (sql == null) {
                sql = a;
            } else {
                err.println("jvx sql: unexpected argument '" + a + "' (quote the statement as one argument)");
                return 2;
            }
        }
        if (path == null) {
            usage(err);
            return 2;
        }
        Path p = Path.of(path);
        if (!Files.exists(p)) {
            err.println("jvx sql: no such file or folder: " + path);
            return 2;
        }
        try (Connection c = VortexDriver.open(p, new Properties())) {
            SqlCommand cmd = new SqlCommand(c, out, err, format, timing);
            if (sql != null) {
                return cmd.execute(sql) ? 0 : 1;
            }
            return cmd.shell(in);
        } catch (SQLException e) {
            err.println("jvx sql: " + SqlErrors.describe(e));
            return 1;
        }
    }

    private static void usage(PrintStream s) {
        s.println("usage: jvx sql PATH [\"SELECT ...\"] [--format table|csv|jsonl] [--no-timing]");
        s.println("  PATH: a folder of .vortex files (each file, or each sub-folder of files, is a table) or one file");
        s.println("  without a statement: an interactive shell (statements end with ';'; .help lists commands)");
    }

    // ---- the shell ----

    private int shell(InputStream in) {
        LineSource lines = LineSource.open(in, out);
        boolean ok = true;
        try (lines) {
            StringBuilder pending = new StringBuilder();
            while (true) {
                String line = lines.readLine(pending.isEmpty() ? "sql> " : "  -> ");
                if (line == null) {
                    break;
                }
                String t = line.strip();
                if (pending.isEmpty() && t.startsWith(".")) {
                    if (!command(t)) {
                        break;
                    }
                    continue;
                }
                if (pending.isEmpty() && t.isEmpty()) {
                    continue;
                }
                pending.append(line).append('\n');
                String text = pending.toString().strip();
                if (text.endsWith(";")) {
                    pending.setLength(0);
                    String stmt = text.substring(0, text.length() - 1).strip();
                    if (!stmt.isEmpty()) {
                        ok &= execute(stmt);
                    }
                }
            }
            if (!pending.toString().isBlank()) {
                ok &= execute(pending.toString().strip());
            }
        }
        return ok ? 0 : 1;
    }

    /// Runs a dot command; returns false to leave the shell.
    private boolean command(String t) {
        String[] w = t.split("\\s+");
        switch (w[0]) {
            case ".quit", ".exit", ".q" -> {
                return false;
            }
            case ".tables" -> {
                for (String name : schema().getTableNames()) {
                    out.println(name);
                }
            }
            case ".schema" -> {
                for (String name : schema().getTableNames()) {
                    if (w.length > 1 && !name.equalsIgnoreCase(w[1])) {
                        continue;
                    }
                    Table table = schema().table(name);
                    if (table instanceof VortexTable v) {
                        out.println(name + " (" + v.rowCount() + " rows, "
                                + v.files().size() + " file(s))");
                        for (int i = 0; i < v.schema().names().size(); i++) {
                            out.println("  " + v.schema().names().get(i) + "  "
                                    + v.schema().fields().get(i));
                        }
                    }
                }
            }
            case ".format" -> {
                if (w.length < 2) {
                    out.println(format.name().toLowerCase(Locale.ROOT));
                } else {
                    try {
                        format = Format.valueOf(w[1].toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        err.println("unknown format '" + w[1] + "'; use table, csv or jsonl");
                    }
                }
            }
            case ".timing" -> timing = w.length < 2 || !w[1].equalsIgnoreCase("off");
            case ".help" -> {
                out.println("statements end with ';'  (EXPLAIN SELECT ... shows what the scan does)");
                out.println(".tables              list the tables");
                out.println(".schema [TABLE]      columns and their Vortex types");
                out.println(".format table|csv|jsonl");
                out.println(".timing on|off");
                out.println(".quit");
            }
            default -> err.println("unknown command " + w[0] + " (.help lists them)");
        }
        return true;
    }

    private VortexSchema schema() {
        try {
            return conn.unwrap(VortexSchema.class);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- one statement ----

    /// Runs one statement and prints its result or error; returns whether it succeeded.
    boolean execute(String sql) {
        String text = sql.strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        String lower = text.toLowerCase(Locale.ROOT);
        boolean analyze = false;
        String run = text;
        if (lower.startsWith("explain analyze")) {
            analyze = true;
            run = text.substring("explain analyze".length()).strip();
        } else if (lower.startsWith("explain") && !lower.matches("(?s)explain\\s+plan\\b.*")) {
            run = "EXPLAIN PLAN FOR " + text.substring("explain".length()).strip();
        }
        long start = System.nanoTime();
        try (Statement s = conn.createStatement()) {
            if (analyze) {
                return analyze(s, run, start);
            }
            boolean rows = s.execute(run);
            if (!rows) {
                out.println(s.getUpdateCount() + " rows affected");
                return true;
            }
            try (ResultSet rs = s.getResultSet()) {
                long n = ResultPrinter.print(rs, format, out);
                done(n, start);
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            SqlErrors.Problem p = SqlErrors.describe(e);
            err.println("error: " + p);
            String pointer = SqlErrors.pointer(run, p);
            if (!pointer.isEmpty()) {
                err.println(pointer);
            }
            return false;
        }
    }

    private boolean analyze(Statement s, String query, long start) throws SQLException {
        try (ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + query)) {
            while (rs.next()) {
                out.print(rs.getString(1));
            }
        }
        long n = 0;
        try (ResultSet rs = s.executeQuery(query)) {
            int cols = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int c = 1; c <= cols; c++) {
                    rs.getObject(c);
                }
                n++;
            }
        }
        out.println();
        for (String name : schema().getTableNames()) {
            if (schema().table(name) instanceof VortexTable v) {
                List<ScanStatistics> stats = v.lastStatistics();
                if (!stats.isEmpty()) {
                    out.println("scan " + name + ": " + summary(stats));
                }
            }
        }
        done(n, start);
        return true;
    }

    private static String summary(List<ScanStatistics> stats) {
        long inFile = 0;
        long afterPruning = 0;
        long read = 0;
        long returned = 0;
        long chunks = 0;
        long chunksSkipped = 0;
        long zones = 0;
        long zonesSkipped = 0;
        for (ScanStatistics s : stats) {
            inFile += s.rowsInFile();
            afterPruning += s.rowsAfterPruning();
            read += s.rowsRead();
            returned += s.rowsReturned();
            chunks += s.chunks();
            chunksSkipped += s.chunksSkipped();
            zones += s.zones();
            zonesSkipped += s.zonesSkipped();
        }
        List<String> parts = new ArrayList<>();
        parts.add("rows in files " + inFile);
        parts.add("after pruning " + afterPruning);
        parts.add("read " + read);
        parts.add("returned " + returned);
        parts.add("zones skipped " + zonesSkipped + " of " + zones);
        parts.add("chunks skipped " + chunksSkipped + " of " + chunks);
        return String.join(", ", parts);
    }

    private void done(long rows, long start) {
        if (!timing) {
            return;
        }
        double ms = (System.nanoTime() - start) / 1e6;
        String line = rows + (rows == 1 ? " row" : " rows") + String.format(Locale.ROOT, " (%.1f ms)", ms);
        (format == Format.TABLE ? out : err).println(line);
    }

    /// Where the shell's lines come from: JLine on a terminal, else a plain reader.
    interface LineSource extends AutoCloseable {
        /// Returns the next line, or null at the end of input.
        String readLine(String prompt);

        @Override
        void close();

        static LineSource open(InputStream in, PrintStream out) {
            if (in == System.in && System.console() != null) {
                LineSource jline = JLineSource.open();
                if (jline != null) {
                    return jline;
                }
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            boolean prompt = in == System.in && System.console() != null;
            return new LineSource() {
                @Override
                public String readLine(String p) {
                    if (prompt) {
                        out.print(p);
                        out.flush();
                    }
                    try {
                        return reader.readLine();
                    } catch (IOException e) {
                        return null;
                    }
                }

                @Override
                public void close() {}
            };
        }
    }
}
