package dev.jvortex.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/// The reference implementation, reached through its pinned Python package (`vortex-data`) in
/// the virtual environment `scripts/oracle-env.sh` creates under `build/`: the one driver every
/// module's tests use to run the reference.
///
/// Policy: when the oracle cannot be set up, a test that needs it fails under CI (the `CI`
/// environment variable set) and is aborted (reported as skipped) with a loud message elsewhere,
/// so a developer without Python still gets a green build but CI never silently skips.
public final class Oracle {
    /// Seconds `scripts/oracle-env.sh` may take (the first run installs the pinned packages).
    private static final long SETUP_TIMEOUT_SECONDS = 900;

    private static Path python;
    private static String setupError;
    private static final Map<Path, Path> GENERATED = new HashMap<>();

    private Oracle() {}

    /// Returns the repository root: the nearest folder up from the working directory that holds
    /// `scripts/oracle-env.sh`.
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

    /// Returns the venv's python, setting the venv up on first use; fails (CI) or aborts the
    /// test (elsewhere) when that is impossible.
    public static synchronized Path python() {
        if (python == null && setupError == null) {
            try {
                Result r = run(
                        List.of("bash", root().resolve("scripts/oracle-env.sh").toString()),
                        root(),
                        SETUP_TIMEOUT_SECONDS);
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
            unavailable(setupError);
        }
        return python;
    }

    /// Fails (in CI) or aborts the current test (elsewhere) because the oracle is unavailable.
    public static void unavailable(String why) {
        String msg = "THE REFERENCE ORACLE (vortex-data) IS UNAVAILABLE: " + why;
        System.err.println("!!!!! " + msg);
        if (System.getenv("CI") != null) {
            fail(msg);
        }
        Assumptions.abort(msg + " (skipped outside CI; set CI=1 to make this fatal)");
    }

    /// A finished process: exit status and output.
    ///
    /// @param status the exit status (-1 on timeout)
    /// @param stdout standard output
    /// @param stderr standard error
    public record Result(int status, String stdout, String stderr) {
        /// Returns true when the process exited with status 0.
        public boolean ok() {
            return status == 0;
        }
    }

    /// Runs a command in `dir`, returning its status and output; a command still running after
    /// `timeoutSeconds` is killed and reported with status -1.
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
                p.waitFor(10, TimeUnit.SECONDS);
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

    /// Runs the Python script `script` (a path relative to the repository root, e.g.
    /// `conformance/src/test/python/prune_probe.py`) with the oracle's python and `args`, in `dir`.
    public static Result runScript(String script, List<String> args, Path dir, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(python().toString());
        cmd.add(root().resolve(script).toString());
        cmd.addAll(args);
        return run(cmd, dir, timeoutSeconds);
    }

    /// Returns the folder `out`, filled by the reference on first use: unless `out/done` exists
    /// (left by an earlier run), runs `script` with `args` (see [#runScript]) from the repository
    /// root and fails the test when it fails or leaves no `done`. The answer is cached for the
    /// JVM, so a corpus many tests share is generated once. The oracle must be available even
    /// when the folder is (see [#python]).
    ///
    /// @param out the folder the script writes
    /// @param done the file, relative to `out`, whose presence means the folder is complete
    public static synchronized Path generated(
            Path out, String done, String script, List<String> args, long timeoutSeconds) {
        Path cached = GENERATED.get(out);
        if (cached != null) {
            return cached;
        }
        python();
        Path marker = out.resolve(done);
        if (!Files.exists(marker)) {
            try {
                Result r = runScript(script, args, root(), timeoutSeconds);
                if (!r.ok() || !Files.exists(marker)) {
                    fail(script + " failed (" + r.status() + "): " + r.stderr());
                }
            } catch (IOException | InterruptedException e) {
                fail(script + " failed: " + e);
            }
        }
        GENERATED.put(out, out);
        return out;
    }
}
