package dev.jvortex.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.arrow.samples.ArrowSamples;
import dev.jvortex.arrow.samples.WritingSamples;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The code samples of docs/writing.md and docs/arrow.md: each fenced block marked
/// `<!-- sample: Class#name -->` must be the region `// sample:name` ... `// end` of that class
/// (in `arrow/src/test/java/dev/jvortex/arrow/samples/`), and the samples run with the results
/// the docs describe.
class DocsSamplesTest {
    private static final Pattern MARKED_BLOCK =
            Pattern.compile("<!-- sample: (\\w+)#(\\w+) -->\\s*\\n```java\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path dir;

    @Test
    void docsQuoteTheSamplesAsCompiled() throws IOException {
        int checked = 0;
        for (String doc : List.of("docs/writing.md", "docs/arrow.md")) {
            String text = Files.readString(Oracle.root().resolve(doc), StandardCharsets.UTF_8);
            Matcher m = MARKED_BLOCK.matcher(text);
            while (m.find()) {
                String region = region(m.group(1), m.group(2));
                assertEquals(
                        region,
                        m.group(3),
                        doc + ": sample " + m.group(1) + "#" + m.group(2) + " differs from its source");
                checked++;
            }
        }
        assertEquals(9, checked, "samples quoted by the docs");
    }

    private static String region(String cls, String name) throws IOException {
        Path src = Oracle.root().resolve("arrow/src/test/java/dev/jvortex/arrow/samples/" + cls + ".java");
        List<String> lines = Files.readAllLines(src, StandardCharsets.UTF_8);
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals("// sample:" + name)) {
                start = i + 1;
                break;
            }
        }
        if (start < 0) {
            fail(cls + " has no region " + name);
        }
        List<String> body = new ArrayList<>();
        for (int i = start; !lines.get(i).strip().equals("// end"); i++) {
            body.add(lines.get(i));
        }
        int indent = Integer.MAX_VALUE;
        for (String l : body) {
            if (!l.isBlank()) {
                indent = Math.min(indent, l.length() - l.stripLeading().length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String l : body) {
            sb.append(l.isBlank() ? "" : l.substring(indent)).append('\n');
        }
        return sb.toString();
    }

    @Test
    void samplesRun() throws IOException {
        Path file = dir.resolve("items.vortex");
        List<String> stats = WritingSamples.typedWrite(file);
        assertEquals(
                List.of(
                        "price: 9.99 .. 1008.99",
                        "day: 2026-01-01 .. 2026-12-31",
                        "at: 2026-12-01T00:00Z[UTC] .. 2026-12-01T00:16:39Z[UTC]"),
                stats);
        assertEquals(999L * 1000 / 2, ArrowSamples.scanToArrow(file));
        assertEquals("900 distinct names; row 1 is item 1", ArrowSamples.dictionary(file));
        assertEquals(1000, ArrowSamples.rootsIntoWriter(file, dir.resolve("copy.vortex")));
        assertEquals(1000, ArrowSamples.ipc(file, dir));
        assertEquals("1000 names; row 1 is item 1", ArrowSamples.strings(file));
        assertEquals(1000, ArrowSamples.dictionaryIpc(file, dir));
        assertTrue(Files.exists(dir.resolve("copy.vortex")));
    }
}
