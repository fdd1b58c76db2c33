package dev.jvortex.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.VortexException;
import dev.jvortex.testing.Oracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Files the reference writes (the conformance corpus generator, small tables) exported to Arrow
/// IPC by us and read by pyarrow equal the reference's own reading of them.
class CorpusExportTest {
    private static final String SCRIPT = "arrow/src/test/python/arrow_oracle.py";

    @TempDir
    Path dir;

    @Test
    void referenceFilesExportToArrowAsTheReferenceReadsThem() throws Exception {
        Path corpus = Oracle.root().resolve("arrow/target/corpus");
        Oracle.generated(
                corpus,
                "manifest.json",
                "conformance/src/test/python/gen_corpus.py",
                List.of(
                        "--out",
                        corpus.toString(),
                        "--preset",
                        "default",
                        "--seed",
                        "42",
                        "--rows",
                        "2000",
                        "--big-rows",
                        "5000"),
                600);
        List<String> args = new ArrayList<>(List.of("compare"));
        List<String> unsupported = new ArrayList<>();
        try (Stream<Path> files = Files.list(corpus)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".vortex")).sorted().toList()) {
                Path arrow = dir.resolve(f.getFileName() + ".arrow");
                try {
                    ArrowIpc.toArrowFile(f, arrow);
                } catch (VortexException e) {
                    assertEquals(VortexException.Kind.UNSUPPORTED, e.kind(), f + ": " + e.getMessage());
                    unsupported.add(f.getFileName() + ": " + e.getMessage());
                    continue;
                }
                args.add(f.toString());
                args.add(arrow.toString());
            }
        }
        assertTrue(
                args.size() >= 40, "too few corpus files exported: " + args.size() / 2 + "; refused: " + unsupported);
        Oracle.Result r = Oracle.runScript(SCRIPT, args, dir, 600);
        if (!r.ok()) {
            fail("arrow_oracle.py compare failed (" + r.status() + "): " + r.stderr());
        }
        List<String> bad = r.stdout().lines().filter(l -> !l.endsWith(": ok")).toList();
        assertEquals(List.of(), bad, "exports that pyarrow reads differently from the reference");
        assertEquals(args.size() / 2, r.stdout().lines().count(), r.stdout());
        System.err.println("[corpus] exported " + args.size() / 2 + " reference files; refused " + unsupported);
    }
}
