package dev.jvortex.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// A job that fails in the middle of writing leaves nothing visible: no file of the failed job
/// under the path (not even in a staging folder), and what the path held before unchanged.
class FailedWriteTest {
    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = SparkSessions.start();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /// Rows 0..n in two tasks; the task holding row `failAt` throws after writing (and flushing)
    /// the rows before it.
    private static Dataset<Row> failing(long n, long failAt) {
        return spark.sql("select id, case when id = " + failAt + " then raise_error('boom at row " + failAt
                + "') else concat('v', id) end as s from range(0, " + n + ", 1, 2)");
    }

    private static List<Path> allFiles(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).sorted().toList();
        }
    }

    @Test
    void failedJobLeavesNoFiles() throws IOException {
        Path dir = tmp.resolve("fresh");
        assertThrows(
                Exception.class,
                () -> failing(20_000, 15_000)
                        .write()
                        .format("vortex")
                        .option("writeBatchRows", 1000)
                        .mode("append")
                        .save(dir.toString()));
        assertEquals(List.of(), allFiles(dir));
    }

    @Test
    void failedOverwriteKeepsWhatWasThere() throws IOException {
        Path dir = tmp.resolve("existing");
        spark.sql("select id, concat('old', id) as s from range(0, 100)")
                .coalesce(1)
                .write()
                .format("vortex")
                .mode("overwrite")
                .save(dir.toString());
        List<Path> before = allFiles(dir);
        assertEquals(1, before.size(), before.toString());
        assertThrows(
                Exception.class,
                () -> failing(20_000, 15_000)
                        .write()
                        .format("vortex")
                        .option("writeBatchRows", 1000)
                        .mode("overwrite")
                        .save(dir.toString()));
        assertEquals(before, allFiles(dir));
        assertEquals(100, spark.read().format("vortex").load(dir.toString()).count());
    }
}
