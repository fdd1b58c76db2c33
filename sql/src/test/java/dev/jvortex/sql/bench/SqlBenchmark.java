package dev.jvortex.sql.bench;

import dev.jvortex.convert.parquet.ParquetConverter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.sql.jdbc.VortexDriver;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/// The SQL benchmark (a program, not a test; not run in CI): TPC-H lineitem at a scale factor,
/// queries Q1, Q6, a selective lookup and `COUNT(*), MIN, MAX` of `l_shipdate`, best and median
/// milliseconds over jvortex SQL (JDBC), next to DuckDB over the Parquet file and over its own
/// table (printed by `bench_duckdb.py`).
///
///     java -cp ... dev.jvortex.sql.bench.SqlBenchmark WORK_DIR PYTHON [SF] [RUNS]
///
/// WORK_DIR gets `lineitem.parquet` (tpchgen-cli from the venv of PYTHON) and `jvortex/lineitem.vortex`
/// (jvortex's converter) on first use.
public final class SqlBenchmark {
    private SqlBenchmark() {}

    static final List<String> QUERIES = List.of("q1", "q6", "lookup", "stats_shipdate");

    public static void main(String[] args) throws Exception {
        PrintStream out =
                new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        Path work = Path.of(args[0]);
        Path python = Path.of(args[1]);
        String sf = args.length > 2 ? args[2] : "1";
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Path root = Path.of("").toAbsolutePath();
        Path queries = root.resolve("sql/src/test/resources/bench");
        Files.createDirectories(work.resolve("jvortex"));
        Path parquet = work.resolve("lineitem.parquet");
        if (!Files.exists(parquet)) {
            run(List.of(
                    python.resolveSibling("tpchgen-cli").toString(),
                    "parquet",
                    "-s",
                    sf,
                    "--tables=lineitem",
                    "--output-dir=" + work));
        }
        Path vortex = work.resolve("jvortex/lineitem.vortex");
        if (!Files.exists(vortex)) {
            long t = System.nanoTime();
            ParquetConverter.convert(parquet, vortex, WriteOptions.defaults(), rows -> {});
            out.printf(Locale.ROOT, "converted in %.1f s%n", (System.nanoTime() - t) / 1e9);
        }
        try (Connection c = VortexDriver.open(work.resolve("jvortex"), new Properties())) {
            for (String q : QUERIES) {
                String sql = Files.readString(queries.resolve(q + ".sql"), StandardCharsets.UTF_8);
                drain(c, sql);
                double[] ms = new double[runs];
                for (int i = 0; i < runs; i++) {
                    long t = System.nanoTime();
                    drain(c, sql);
                    ms[i] = (System.nanoTime() - t) / 1e6;
                }
                Arrays.sort(ms);
                out.printf(Locale.ROOT, "jvortex-sql %s %.1f %.1f%n", q, ms[0], ms[runs / 2]);
            }
        }
        List<String> cmd = new ArrayList<>(List.of(
                python.toString(),
                root.resolve("sql/src/test/python/bench_duckdb.py").toString(),
                parquet.toString(),
                Integer.toString(runs)));
        for (String q : QUERIES) {
            cmd.add(queries.resolve(q + ".sql").toString());
        }
        run(cmd);
    }

    private static void drain(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int k = 1; k <= n; k++) {
                    rs.getObject(k);
                }
            }
        }
    }

    private static void run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IOException(cmd + " failed");
        }
    }
}
