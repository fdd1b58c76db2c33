package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/// The reference implementation, reached through its Python package in a virtual environment
/// the build creates (`scripts/oracle-env.sh`), and the corpus it writes.
///
/// When the oracle cannot be set up, tests fail under CI (`CI` set) and are skipped with a loud
/// message elsewhere.
final class Oracle {
    private static Path python;
    private static String setupError;
    private static final java.util.Map<String, Path> CORPORA = new java.util.HashMap<>();

    private Oracle() {}

    /// Returns the repository root.
    static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("scripts/oracle-env.sh"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("cannot find the repository root from " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    /// Returns the venv's python, setting it up on first use; fails or skips when impossible.
    static synchronized Path python() {
        if (python == null && setupError == null) {
            try {
                Result r = run(List.of("bash", root().resolve("scripts/oracle-env.sh").toString()), root(), 900);
                if (r.status != 0) {
                    setupError = "scripts/oracle-env.sh failed (" + r.status + "): " + r.stderr.strip();
                } else {
                    python = Path.of(r.stdout.strip());
                    System.err.println("[oracle] " + r.stderr.strip().replace("\n", "; "));
                }
            } catch (IOException | InterruptedException e) {
                setupError = "cannot run scripts/oracle-env.sh: " + e;
            }
        }
        if (setupError != null) {
            unavailable(setupError);
        }
        return python;
    }

    /// Fails (in CI) or aborts the test (elsewhere) because the oracle is unavailable.
    static void unavailable(String why) {
        String msg = "THE REFERENCE ORACLE (vortex-data) IS UNAVAILABLE: " + why;
        System.err.println("!!!!! " + msg);
        if (System.getenv("CI") != null) {
            fail(msg);
        }
        Assumptions.abort(msg + " (skipped outside CI; set CI=1 to make this fatal)");
    }

    /// Returns the corpus folder for `preset` (default, compact or all), generating it on first use.
    static synchronized Path corpus(String preset) {
        Path existing = CORPORA.get(preset);
        if (existing != null) {
            return existing;
        }
        Path py = python();
        Path out = root().resolve("conformance/target/corpus-" + preset);
        Path manifest = out.resolve("manifest.json");
        if (!Files.exists(manifest)) {
            List<String> cmd = new ArrayList<>(List.of(py.toString(),
                    root().resolve("conformance/src/test/python/gen_corpus.py").toString(),
                    "--out", out.toString(), "--preset", preset,
                    "--seed", System.getProperty("jvortex.corpus.seed", "42"),
                    "--rows", System.getProperty("jvortex.corpus.rows", "20000"),
                    "--big-rows", System.getProperty("jvortex.corpus.bigRows", "1100000")));
            try {
                Result r = run(cmd, root(), 1800);
                if (r.status != 0 || !Files.exists(manifest)) {
                    fail("corpus generation failed (" + r.status + "): " + r.stderr);
                }
            } catch (IOException | InterruptedException e) {
                fail("corpus generation failed: " + e);
            }
        }
        CORPORA.put(preset, out);
        return out;
    }

    record Result(int status, String stdout, String stderr) {}

    /// Runs a command, returning its status and output.
    static Result run(List<String> cmd, Path dir, long timeoutSeconds) throws IOException, InterruptedException {
        Path outFile = Files.createTempFile("jvortex-oracle", ".out");
        Path errFile = Files.createTempFile("jvortex-oracle", ".err");
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                    .redirectOutput(outFile.toFile()).redirectError(errFile.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "", "timed out after " + timeoutSeconds + " s: " + cmd);
            }
            return new Result(p.exitValue(), Files.readString(outFile, StandardCharsets.UTF_8),
                    Files.readString(errFile, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(outFile);
            Files.deleteIfExists(errFile);
        }
    }
}
