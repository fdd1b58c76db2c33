package dev.jvortex.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/// The open-and-scan target over the conformance corpus (files the reference wrote, built by
/// the conformance module, which runs before this one): the seeds too large for the fuzzer.
class CorpusSeedsTest {
    @Test
    void everyCorpusFileOpensAndScans() throws IOException {
        Path target = Path.of("").toAbsolutePath().getParent().resolve("conformance/target");
        List<Path> files;
        try (Stream<Path> s = Files.exists(target) ? Files.list(target) : Stream.empty()) {
            files = s.filter(p -> p.getFileName().toString().startsWith("corpus-"))
                    .flatMap(d -> {
                        try {
                            return Files.list(d).toList().stream();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .filter(p -> p.toString().endsWith(".vortex"))
                    .sorted()
                    .toList();
        }
        if (files.isEmpty() && System.getenv("CI") != null) {
            throw new AssertionError("no conformance corpus under " + target + " (the conformance module builds it)");
        }
        Assumptions.assumeFalse(files.isEmpty(), "no conformance corpus under " + target);
        for (Path f : files) {
            Targets.openAndScan(Files.readAllBytes(f));
        }
        assertTrue(files.size() > 10, files.size() + " corpus files");
    }
}
