package dev.jvortex.spark.bench;

import dev.jvortex.convert.parquet.ParquetConverter;
import dev.jvortex.file.write.WriteOptions;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/// The Spark benchmark (a program, not a test; not run in CI): TPC-H Q1, Q6, Q12 and a selective
/// lookup over lineitem and orders at a scale factor, Spark local[2] over Vortex files (this
/// connector) against Spark over the Parquet files (Spark's vectorized Parquet reader), best and
/// median milliseconds after one warm-up run, each run a new DataFrame (planning included).
///
///     java <Spark JVM options> -cp ... dev.jvortex.spark.bench.SparkBenchmark WORK_DIR PYTHON [SF] [RUNS]
///
/// WORK_DIR gets `parquet/` (tpchgen-cli from the venv of PYTHON) and `vortex/` (jvortex's
/// converter) on first use. `bench/spark/run` sets up the class path and options.
public final class SparkBenchmark {
    private SparkBenchmark() {}

    private static final List<String> TABLES = List.of("lineitem", "orders");

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        Path work = Path.of(args[0]);
        Path python = Path.of(args[1]);
        String sf = args.length > 2 ? args[2] : "1";
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Path root = Path.of("").toAbsolutePath();
        Path parquet = work.resolve("parquet");
        Path vortex = work.resolve("vortex");
        Files.createDirectories(vortex);
        if (!Files.exists(parquet.resolve("lineitem.parquet"))) {
            run(List.of(
                    python.resolveSibling("tpchgen-cli").toString(),
                    "parquet",
                    "-s",
                    sf,
                    "--tables=" + String.join(",", TABLES),
                    "--output-dir=" + parquet));
        }
        for (String t : TABLES) {
            Path v = vortex.resolve(t + ".vortex");
            if (!Files.exists(v)) {
                long start = System.nanoTime();
                ParquetConverter.convert(parquet.resolve(t + ".parquet"), v, WriteOptions.defaults(), rows -> {});
                out.printf(Locale.ROOT, "converted %s in %.1f s%n", t, (System.nanoTime() - start) / 1e9);
            }
        }
        Map<String, String> queries = new LinkedHashMap<>();
        for (String q : List.of("q1", "q6", "q12")) {
            queries.put(
                    q.toUpperCase(Locale.ROOT),
                    Files.readString(
                            root.resolve("sql/src/test/resources/tpch/" + q + ".sql"), StandardCharsets.UTF_8));
        }
        queries.put("lookup (l_orderkey = 3000001)", "select * from lineitem where l_orderkey = 3000001");

        SparkSession spark = SparkSession.builder()
                .master("local[2]")
                .appName("jvortex-spark-bench")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        out.printf(Locale.ROOT, "SF %s, %d runs after 1 warm-up, best / median ms%n", sf, runs);
        out.println("| query | Vortex (jvortex-spark) | Parquet (Spark vectorized) | Parquet / Vortex (median) |");
        out.println("|---|---|---|---|");
        for (Map.Entry<String, String> q : queries.entrySet()) {
            double[] v = time(spark, "vortex", vortex, ".vortex", q.getValue(), runs);
            double[] p = time(spark, "parquet", parquet, ".parquet", q.getValue(), runs);
            out.printf(
                    Locale.ROOT,
                    "| %s | %.0f / %.0f | %.0f / %.0f | %.2fx |%n",
                    q.getKey(),
                    v[0],
                    v[1],
                    p[0],
                    p[1],
                    p[1] / v[1]);
        }
        spark.stop();
    }

    /// Returns best and median milliseconds of `runs` runs of `sql` over the tables in `dir`.
    private static double[] time(SparkSession spark, String format, Path dir, String suffix, String sql, int runs) {
        double[] ms = new double[runs];
        for (int r = -1; r < runs; r++) {
            long start = System.nanoTime();
            for (String t : TABLES) {
                spark.read()
                        .format(format)
                        .load(dir.resolve(t + suffix).toString())
                        .createOrReplaceTempView(t);
            }
            List<Row> rows = spark.sql(sql).collectAsList();
            if (rows.isEmpty() && !sql.contains("3000001")) {
                throw new IllegalStateException("no rows from " + sql);
            }
            if (r >= 0) {
                ms[r] = (System.nanoTime() - start) / 1e6;
            }
        }
        Arrays.sort(ms);
        return new double[] {ms[0], ms[runs / 2]};
    }

    private static void run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IOException("failed: " + cmd);
        }
    }
}
