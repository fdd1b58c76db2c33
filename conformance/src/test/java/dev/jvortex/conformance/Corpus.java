package dev.jvortex.conformance;

import dev.jvortex.testing.Oracle;
import java.nio.file.Path;
import java.util.List;

/// The corpus of files the reference writes (`src/test/python/gen_corpus.py`), one folder per
/// preset under `conformance/target`, generated on first use and kept between runs.
final class Corpus {
    private Corpus() {}

    /// Returns the corpus folder for `preset` (default, compact or all), generating it on first use.
    static Path of(String preset) {
        return Oracle.generated(
                Oracle.root().resolve("conformance/target/corpus-" + preset),
                "manifest.json",
                "conformance/src/test/python/gen_corpus.py",
                List.of(
                        "--out",
                        Oracle.root()
                                .resolve("conformance/target/corpus-" + preset)
                                .toString(),
                        "--preset",
                        preset,
                        "--seed",
                        System.getProperty("jvortex.corpus.seed", "42"),
                        "--rows",
                        System.getProperty("jvortex.corpus.rows", "20000"),
                        "--big-rows",
                        System.getProperty("jvortex.corpus.bigRows", "1100000")),
                1800);
    }
}
