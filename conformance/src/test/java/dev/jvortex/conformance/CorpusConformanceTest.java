package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.cli.Exporter;
import dev.jvortex.core.DType;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Reads every file the reference wrote for the corpus and compares every value with the
/// expected values computed from the source tables (not from the reference's reader).
class CorpusConformanceTest {
    private static final Map<String, Coverage> COVERAGE = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> VALUES = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> FILES = new java.util.concurrent.ConcurrentHashMap<>();

    static List<Map<String, Object>> manifest(Path corpus) throws IOException {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(corpus.resolve("manifest.json")));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> files = (List<Map<String, Object>>) m.get("files");
        return files;
    }

    @TestFactory
    Stream<DynamicTest> defaultPreset() throws IOException {
        return preset("default");
    }

    @TestFactory
    Stream<DynamicTest> compactPreset() throws IOException {
        return preset("compact");
    }

    /// Corpora written by other versions of the reference (`-Djvortex.corpus.extra=DIR,DIR`), e.g.
    /// generated with gen_corpus.py in a venv holding an older or newer vortex-data.
    @TestFactory
    Stream<DynamicTest> extraCorpora() throws IOException {
        String dirs = System.getProperty("jvortex.corpus.extra", "");
        List<DynamicTest> tests = new ArrayList<>();
        for (String dir : dirs.split(",")) {
            if (dir.isBlank()) {
                continue;
            }
            Path corpus = Path.of(dir.strip());
            String label = corpus.getFileName().toString();
            for (Map<String, Object> entry : manifest(corpus)) {
                tests.add(DynamicTest.dynamicTest(label + ": " + entry.get("name"), () -> check(label, corpus, entry)));
            }
        }
        return tests.stream();
    }

    private static Stream<DynamicTest> preset(String preset) throws IOException {
        Path corpus = Corpus.of(preset);
        List<DynamicTest> tests = new ArrayList<>();
        for (Map<String, Object> entry : manifest(corpus)) {
            String name = (String) entry.get("name");
            tests.add(DynamicTest.dynamicTest(preset + ": " + name, () -> check(preset, corpus, entry)));
        }
        assertTrue(tests.size() >= 20, "corpus has only " + tests.size() + " files");
        return tests.stream();
    }

    static void check(String preset, Path corpus, Map<String, Object> entry) throws IOException {
        Path file = corpus.resolve((String) entry.get("file"));
        Path expected = corpus.resolve((String) entry.get("expected"));
        long rows = ((Json.Num) entry.get("rows")).decimal().longValueExact();
        Path actual = corpus.resolve(entry.get("name") + ".actual.jsonl");
        boolean ok = false;
        try (VortexFile f = VortexFile.open(file)) {
            try {
                assertEquals(rows, f.rowCount(), "row count");
                try (BufferedWriter w = Files.newBufferedWriter(actual, StandardCharsets.UTF_8)) {
                    assertEquals(rows, Exporter.jsonl(f, null, w));
                }
                long values = compare(f.dtype(), expected, actual);
                VALUES.computeIfAbsent(preset, k -> new AtomicLong()).addAndGet(values);
                FILES.computeIfAbsent(preset, k -> new AtomicLong()).incrementAndGet();
                ok = true;
            } finally {
                COVERAGE.computeIfAbsent(preset, k -> new Coverage()).record(f, ok);
            }
        }
        Files.deleteIfExists(actual);
    }

    /// Compares two JSON Lines files row by row; returns the number of values compared.
    static long compare(DType dtype, Path expected, Path actual) throws IOException {
        long values = 0;
        try (BufferedReader e = Files.newBufferedReader(expected, StandardCharsets.UTF_8);
                BufferedReader a = Files.newBufferedReader(actual, StandardCharsets.UTF_8)) {
            long row = 0;
            while (true) {
                String el = e.readLine();
                String al = a.readLine();
                if (el == null && al == null) {
                    return values;
                }
                if (el == null || al == null) {
                    fail("row " + row + ": " + (el == null ? "extra row " + al : "missing row, expected " + el));
                }
                String d = ValueComparator.diff(dtype, Json.parse(el), Json.parse(al), "row " + row);
                if (d != null) {
                    fail(d);
                }
                values += dtype instanceof DType.Struct s ? s.size() : 1;
                row++;
            }
        }
    }

    @AfterAll
    static void report() throws IOException {
        for (var e : COVERAGE.entrySet()) {
            String preset = e.getKey();
            long files = FILES.getOrDefault(preset, new AtomicLong()).get();
            long values = VALUES.getOrDefault(preset, new AtomicLong()).get();
            System.out.println(
                    "conformance (" + preset + "): " + files + " files read exactly, " + values + " values compared");
            e.getValue()
                    .write(
                            Oracle.root().resolve("conformance/target/coverage-" + preset + ".md"),
                            "Preset " + preset + ": " + files + " files read exactly, " + values
                                    + " top-level values compared");
        }
    }
}
