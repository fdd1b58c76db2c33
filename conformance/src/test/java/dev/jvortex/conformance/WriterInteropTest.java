package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.core.DType;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Writes every corpus table with our writer, once with the default compressor and once with the
/// compact preset, and has the reference read the files back: the reference must return exactly
/// the values of the source tables. Sizes are compared with the reference's own files of the same
/// preset (`conformance/target/interop-sizes.md`), and the encodings our writer chose are counted
/// (`conformance/target/writer-coverage-<preset>.md`).
class WriterInteropTest {
    private static final List<String> PRESETS = List.of("default", "compact");
    private static final Map<String, Path> CORPUS = new HashMap<>();
    private static Path out;
    private static final Map<String, String> READ_STATUS = new HashMap<>();
    private static final Map<String, StringBuilder> SIZES = new HashMap<>();
    private static final Map<String, long[]> TOTALS = new HashMap<>();
    private static final Map<String, Coverage> COVERAGE = new HashMap<>();

    @BeforeAll
    static void writeAll() throws Exception {
        out = Oracle.root().resolve("conformance/target/interop");
        Files.createDirectories(out);
        List<String> args = new ArrayList<>(List.of(
                Oracle.python().toString(),
                Oracle.root()
                        .resolve("conformance/src/test/python/read_with_reference.py")
                        .toString()));
        for (String preset : PRESETS) {
            Path corpus = Corpus.of(preset);
            CORPUS.put(preset, corpus);
            SIZES.put(preset, new StringBuilder());
            TOTALS.put(preset, new long[2]);
            COVERAGE.put(preset, new Coverage());
            WriteOptions options = WriteOptions.defaults()
                    .withPreset(preset.equals("compact") ? CompressionPreset.COMPACT : CompressionPreset.DEFAULT);
            for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
                String name = preset + "-" + entry.get("name");
                Path src = corpus.resolve((String) entry.get("file"));
                Path dst = out.resolve(name + ".vortex");
                try {
                    rewrite(src, dst, options);
                } catch (RuntimeException e) {
                    READ_STATUS.put(name, "our write failed: " + e);
                    continue;
                }
                args.add(dst.toString());
                args.add(out.resolve(name + ".reference.jsonl").toString());
            }
        }
        Oracle.Result r = Oracle.run(args, Oracle.root(), 1800);
        for (String line : r.stdout().split("\n")) {
            String[] parts = line.split(" ", 3);
            if (parts.length >= 2) {
                String name = Path.of(parts[1]).getFileName().toString().replace(".vortex", "");
                READ_STATUS.put(
                        name,
                        parts[0].equals("ok")
                                ? "ok"
                                : "the reference could not read it: " + (parts.length > 2 ? parts[2] : ""));
            }
        }
    }

    /// Reads `src` with our reader and writes it again with our writer, batch by batch.
    static void rewrite(Path src, Path dst, WriteOptions options) {
        try (VortexFile f = VortexFile.open(src)) {
            DType.Struct schema = (DType.Struct) f.dtype();
            try (VortexWriter w = VortexWriter.create(dst, schema, options);
                    Scan scan = f.scan()) {
                for (Batch b : scan) {
                    try (b) {
                        List<dev.jvortex.core.array.Array> cols = new ArrayList<>();
                        for (int i = 0; i < b.columnCount(); i++) {
                            cols.add(b.column(i));
                        }
                        w.write(cols);
                    }
                }
                w.finish();
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> referenceReadsOurFiles() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String preset : PRESETS) {
            Path corpus = CORPUS.get(preset);
            for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
                String table = (String) entry.get("name");
                String name = preset + "-" + table;
                tests.add(DynamicTest.dynamicTest(name, () -> {
                    String status = READ_STATUS.getOrDefault(name, "not written");
                    if (!status.equals("ok")) {
                        fail(name + ": " + status);
                    }
                    Path ours = out.resolve(name + ".vortex");
                    Path ref = corpus.resolve((String) entry.get("file"));
                    DType dtype;
                    try (VortexFile f = VortexFile.open(ours)) {
                        dtype = f.dtype();
                        assertEquals(((Json.Num) entry.get("rows")).decimal().longValueExact(), f.rowCount());
                    }
                    long values = CorpusConformanceTest.compare(
                            dtype,
                            corpus.resolve((String) entry.get("expected")),
                            out.resolve(name + ".reference.jsonl"));
                    assertTrue(values >= 0);
                    try (VortexFile f = VortexFile.open(ours)) {
                        COVERAGE.get(preset).record(f, true);
                    }
                    synchronized (SIZES) {
                        long a = Files.size(ours);
                        long b = Files.size(ref);
                        TOTALS.get(preset)[0] += a;
                        TOTALS.get(preset)[1] += b;
                        SIZES.get(preset)
                                .append("| ")
                                .append(table)
                                .append(" | ")
                                .append(a)
                                .append(" | ")
                                .append(b)
                                .append(" | ")
                                .append(String.format(Locale.ROOT, "%.2f", (double) a / b))
                                .append(" |\n");
                    }
                }));
            }
        }
        return tests.stream();
    }

    @AfterAll
    static void report() throws IOException {
        StringBuilder all = new StringBuilder();
        for (String preset : PRESETS) {
            if (!SIZES.containsKey(preset)) {
                continue;
            }
            long[] t = TOTALS.get(preset);
            all.append("## Our files vs the reference's, preset ")
                    .append(preset)
                    .append("\n\n")
                    .append("| table | jvortex bytes | reference bytes | ratio |\n|---|---|---|---|\n")
                    .append(SIZES.get(preset))
                    .append("| **total** | ")
                    .append(t[0])
                    .append(" | ")
                    .append(t[1])
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%.2f", t[1] == 0 ? 0 : (double) t[0] / t[1]))
                    .append(" |\n\n");
            COVERAGE.get(preset)
                    .write(
                            Oracle.root().resolve("conformance/target/writer-coverage-" + preset + ".md"),
                            "Encodings in the files jvortex wrote from the corpus tables, preset " + preset);
        }
        Files.writeString(Oracle.root().resolve("conformance/target/interop-sizes.md"), all.toString());
        System.out.println(all);
    }
}
