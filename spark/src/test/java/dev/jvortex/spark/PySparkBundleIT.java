package dev.jvortex.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// PySpark (the pip package of the Spark version the connector is built against, in the oracle
/// venv) loads the bundle jar with `spark.jars`, reads a file the reference wrote and writes one
/// the reference reads back. Runs after `package` (the bundle must exist), in `verify`.
class PySparkBundleIT {
    @TempDir
    Path tmp;

    /// Returns the bundle jar under `target` (when the test runs without the build's property).
    private static Path newestBundle(Path target) throws IOException {
        try (Stream<Path> s = Files.list(target)) {
            return s.filter(p -> p.getFileName().toString().endsWith("-bundle.jar"))
                    .max(Comparator.comparing(Path::toString))
                    .orElse(target.resolve("no-bundle.jar"));
        }
    }

    @Test
    void pysparkReadsAndWritesThroughTheBundle() throws Exception {
        String given = System.getProperty("jvortex.spark.bundle");
        Path bundle = given != null ? Path.of(given) : newestBundle(Path.of("target"));
        assertTrue(Files.isRegularFile(bundle), "the bundle jar " + bundle + " is built by package");
        Path python = Oracle.python();
        Oracle.Result probe = Oracle.run(List.of(python.toString(), "-c", "import pyspark"), tmp, 120);
        if (!probe.ok()) {
            Oracle.unavailable("pyspark is not installed in the oracle venv: " + probe.stderr());
        }
        Oracle.Result r = Oracle.runScript(
                "spark/src/test/python/pyspark_bundle.py",
                List.of(bundle.toAbsolutePath().toString(), System.getProperty("java.home"), tmp.toString()),
                tmp,
                600);
        assertTrue(r.ok() && r.stdout().strip().endsWith("ok"), "stdout:\n" + r.stdout() + "\nstderr:\n" + r.stderr());
    }
}
