package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/// Files our writer produces must not change by accident: every corpus table (the reference's default
/// corpus, read with our reader) is written again under several write options, and the SHA-256 and size of
/// each file must equal the ones recorded in `golden-writes.txt`.
///
/// The recorded values were produced by the writer as it stood before the module restructuring of issue 12
/// (commit e25e00e), so this test pins "behaviour unchanged" for every refactoring after it. A deliberate
/// change of the written bytes (a new encoding choice, a format change) re-records them with
/// `-Djvortex.golden.record=true` and says so in its commit message; the reference's reading of those
/// files is checked by [WriterInteropTest].
class GoldenWritesTest {
    private static final String RESOURCE = "golden-writes.txt";

    /// The write options each table is written with, by name.
    static Map<String, WriteOptions> variants() {
        Map<String, WriteOptions> v = new LinkedHashMap<>();
        v.put("default", WriteOptions.defaults());
        v.put("compact", WriteOptions.defaults().withPreset(CompressionPreset.COMPACT));
        v.put(
                "small-chunks",
                WriteOptions.defaults().withTargetChunkBytes(64 * 1024).withRowBlock(1024));
        v.put("plain", WriteOptions.defaults().withZoneMaps(false).withDictionaries(false));
        v.put("uncompressed", WriteOptions.defaults().compress(false));
        return v;
    }

    @Test
    void writtenFilesAreByteIdenticalToTheRecordedOnes() throws Exception {
        Path corpus = Corpus.of("default");
        Path out = Oracle.root().resolve("conformance/target/golden");
        Files.createDirectories(out);
        List<String> lines = new ArrayList<>();
        for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
            String name = (String) entry.get("name");
            if (name.equals("big")) {
                continue; // 1.1M rows: covered by the same code paths as the others, and slow to write 5 times
            }
            Path src = corpus.resolve((String) entry.get("file"));
            for (Map.Entry<String, WriteOptions> variant : variants().entrySet()) {
                Path dst = out.resolve(name + "." + variant.getKey() + ".vortex");
                WriterInteropTest.rewrite(src, dst, variant.getValue().withParallelism(1));
                lines.add(name + " " + variant.getKey() + " " + sha256(dst) + " " + Files.size(dst));
            }
        }
        if (Boolean.getBoolean("jvortex.golden.record")) {
            Path file = Oracle.root().resolve("conformance/src/test/resources/" + RESOURCE);
            Files.createDirectories(file.getParent());
            Files.write(file, lines, StandardCharsets.UTF_8);
            return;
        }
        List<String> expected = recorded();
        assertFalse(expected.isEmpty(), "no recorded hashes in " + RESOURCE);
        List<String> mismatches = new ArrayList<>();
        Map<String, String> actualByKey = byKey(lines);
        for (Map.Entry<String, String> e : byKey(expected).entrySet()) {
            String actual = actualByKey.get(e.getKey());
            if (!e.getValue().equals(actual)) {
                mismatches.add(e.getKey() + ": recorded " + e.getValue() + ", now " + actual);
            }
        }
        assertEquals(byKey(expected).keySet(), actualByKey.keySet(), "the set of written files changed");
        assertEquals(List.of(), mismatches, "written files differ from the recorded ones (files in " + out + ")");
    }

    private static Map<String, String> byKey(List<String> lines) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : lines) {
            String[] p = line.split(" ");
            m.put(p[0] + " " + p[1], p[2] + " " + p[3]);
        }
        return m;
    }

    private static List<String> recorded() throws IOException {
        try (InputStream in = GoldenWritesTest.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return List.of();
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .toList();
        }
    }

    private static String sha256(Path p) throws IOException, NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        return HexFormat.of().formatHex(md.digest(Files.readAllBytes(p)));
    }
}
