package dev.jvortex.bench.sidebyside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/// Runs `bench/run --quick` (small datasets, every contender) so the runner never rots, and
/// checks what it produced: the report, the chart and sane numbers. Needs the Python
/// environment of `scripts/oracle-env.sh` plus `bench/requirements.txt` (`bench/bench-env.sh`
/// installs them); when that cannot be set up the test fails under CI (`CI` set) and is
/// skipped with a message elsewhere.
class BenchRunSmokeTest {
    private static final List<String> DATASETS = List.of("lineitem", "orders", "flights", "ohlc");
    private static final List<String> OPS = List.of("full", "numeric", "two", "string", "select", "take");
    /// contender/file pairs of the scans
    private static final List<String> SCANS = List.of(
            "jvortex/ref",
            "jvortex/ours",
            "reference/ref",
            "reference/ours",
            "hardwood/parquet",
            "parquet-java/parquet",
            "pyarrow/parquet",
            "arrow-java/arrow");

    @Test
    void quickRunProducesReportChartAndSaneNumbers() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Path env = root.resolve("bench/bench-env.sh");
        Process setup =
                new ProcessBuilder(env.toString()).redirectErrorStream(true).start();
        String setupOut = new String(setup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!setup.waitFor(10, TimeUnit.MINUTES) || setup.exitValue() != 0) {
            String msg = "bench/bench-env.sh could not set up the Python environment:\n" + setupOut;
            if (System.getenv("CI") != null) {
                throw new AssertionError(msg);
            }
            Assumptions.abort(msg + " (skipped outside CI; set CI=1 to make this fatal)");
        }

        Path out = root.resolve("bench/target/bench-results/quick");
        Files.deleteIfExists(out.resolve("report.md"));
        Files.deleteIfExists(out.resolve("chart.png"));
        Files.deleteIfExists(out.resolve("results.csv"));
        Path log = Files.createTempFile("bench-run", ".log");
        ProcessBuilder pb = new ProcessBuilder(root.resolve("bench/run").toString(), "--quick")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // the classes and dependencies this test runs with: no second build inside the build
        pb.environment().put("BENCH_CLASSPATH", System.getProperty("java.class.path"));
        Process run = pb.start();
        boolean finished = run.waitFor(15, TimeUnit.MINUTES);
        String output = Files.readString(log);
        Files.delete(log);
        if (!finished) {
            run.destroyForcibly();
        }
        assertTrue(finished, "bench/run --quick did not finish in 15 minutes:\n" + output);
        assertEquals(0, run.exitValue(), "bench/run --quick failed:\n" + output);

        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("## Scans") && report.contains("## Ratios"), report);
        assertFalse(report.contains("FAILED"), report);
        for (String d : DATASETS) {
            assertTrue(report.contains("### " + d), "report lacks " + d);
        }

        byte[] png = Files.readAllBytes(out.resolve("chart.png"));
        assertTrue(png.length > 10_000, "chart too small: " + png.length + " bytes");
        assertEquals(0x89, png[0] & 0xff, "not a PNG");
        assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII), "not a PNG");

        checkResults(out.resolve("results.csv"));
    }

    /// Every dataset has every write and every contender's every operation, with positive
    /// finite times (min <= median), positive file sizes and the row counts the operations imply.
    private static void checkResults(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        assertEquals("dataset,contender,file,op,rows,min_ms,median_ms,reps,bytes", lines.getFirst());
        Set<String> seen = new HashSet<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertEquals(9, f.length, line);
            String key = f[0] + "/" + f[1] + "/" + f[2] + "/" + f[3];
            assertTrue(seen.add(key), "duplicate " + key);
            long rows = Long.parseLong(f[4]);
            double min = Double.parseDouble(f[5]);
            double median = Double.parseDouble(f[6]);
            int reps = Integer.parseInt(f[7]);
            assertTrue(min > 0 && Double.isFinite(median) && min <= median && median < 120_000, line);
            assertTrue(reps >= 2, line);
            assertTrue(rows > 0, line);
            if (f[3].startsWith("write-")) {
                assertTrue(Long.parseLong(f[8]) > 1000, line);
            }
            if (f[3].equals("take")) {
                assertEquals(1000, rows, line);
            }
        }
        for (String d : DATASETS) {
            for (String preset : List.of("default", "compact")) {
                assertTrue(seen.contains(d + "/reference/" + preset + "/write-" + preset), d + " reference " + preset);
                assertTrue(seen.contains(d + "/jvortex/" + preset + "/write-" + preset), d + " jvortex " + preset);
            }
            for (String s : SCANS) {
                for (String op : OPS) {
                    assertTrue(seen.contains(d + "/" + s + "/" + op), "missing " + d + " " + s + " " + op);
                }
            }
        }
        assertEquals(DATASETS.size() * (4 + SCANS.size() * OPS.size()), seen.size());
        assertTrue(new File(csv.getParent().toFile(), "results.json").length() > 1000);
    }
}
