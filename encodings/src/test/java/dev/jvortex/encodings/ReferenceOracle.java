package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/// The reference implementation (the pinned `vortex-data` Python package) in the virtual
/// environment `scripts/oracle-env.sh` creates. When it cannot be set up, tests fail under CI
/// (`CI` set) and are skipped with a loud message elsewhere (as the conformance module's oracle).
public final class ReferenceOracle {
    private static Path python;
    private static String setupError;

    private ReferenceOracle() {}

    /// Returns the repository root (the folder holding `scripts/oracle-env.sh`).
    public static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("scripts/oracle-env.sh"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException(
                    "cannot find the repository root from " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    /// Returns the venv's python, setting it up on first use; fails (CI) or aborts the test when impossible.
    public static synchronized Path python() {
        if (python == null && setupError == null) {
            try {
                Result r = run(
                        List.of("bash", root().resolve("scripts/oracle-env.sh").toString()), root(), 900);
                if (r.status() != 0) {
                    setupError = "scripts/oracle-env.sh failed (" + r.status() + "): "
                            + r.stderr().strip();
                } else {
                    python = Path.of(r.stdout().strip());
                    System.err.println("[oracle] " + r.stderr().strip().replace("\n", "; "));
                }
            } catch (IOException | InterruptedException e) {
                setupError = "cannot run scripts/oracle-env.sh: " + e;
            }
        }
        if (setupError != null) {
            String msg = "THE REFERENCE ORACLE (vortex-data) IS UNAVAILABLE: " + setupError;
            System.err.println("!!!!! " + msg);
            if (System.getenv("CI") != null) {
                fail(msg);
            }
            Assumptions.abort(msg + " (skipped outside CI; set CI=1 to make this fatal)");
        }
        return python;
    }

    /// A finished process: exit status and output.
    ///
    /// @param status the exit status (-1 on timeout)
    /// @param stdout standard output
    /// @param stderr standard error
    public record Result(int status, String stdout, String stderr) {}

    /// Runs a command in `dir`, returning its status and output.
    public static Result run(List<String> cmd, Path dir, long timeoutSeconds) throws IOException, InterruptedException {
        Path outFile = Files.createTempFile("jvortex-oracle", ".out");
        Path errFile = Files.createTempFile("jvortex-oracle", ".err");
        try {
            Process p = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectOutput(outFile.toFile())
                    .redirectError(errFile.toFile())
                    .start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "", "timed out after " + timeoutSeconds + " s: " + cmd);
            }
            return new Result(
                    p.exitValue(),
                    Files.readString(outFile, StandardCharsets.UTF_8),
                    Files.readString(errFile, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(outFile);
            Files.deleteIfExists(errFile);
        }
    }
}
