package dev.jvortex.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /// Writes rows 0..20,000 in two tasks with `mode`; the task holding row 15,000 throws after
    /// writing (and flushing) the rows before it, so the job fails.
    private static void failingWrite(Path dir, String mode) {
        Dataset<Row> rows = spark.sql("select id, case when id = 15000 then raise_error('boom at row 15000')"
                + " else concat('v', id) end as s from range(0, 20000, 1, 2)");
        assertThrows(
                Exception.class,
                () -> rows.write()
                        .format("vortex")
                        .option("writeBatchRows", 1000)
                        .mode(mode)
                        .save(dir.toString()));
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
        failingWrite(dir, "append");
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
        failingWrite(dir, "overwrite");
        assertEquals(before, allFiles(dir));
        assertEquals(100, spark.read().format("vortex").load(dir.toString()).count());
    }

    @Test
    void defaultModeIsRefusedAndWritesNothing() throws IOException {
        // Spark refuses errorifexists (and ignore) for V2 sources that write: the caller must say
        // append or overwrite (see docs/spark.md).
        Path dir = tmp.resolve("default-mode");
        Exception e = assertThrows(
                Exception.class,
                () -> spark.sql("select id from range(0, 10)")
                        .write()
                        .format("vortex")
                        .save(dir.toString()));
        assertTrue(String.valueOf(e.getMessage()).contains("ErrorIfExists"), e.toString());
        assertEquals(List.of(), allFiles(dir));
    }
}
