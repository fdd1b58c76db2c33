package dev.jvortex.file.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.file.ScanStatistics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The code samples of docs/getting-started.md, docs/reading.md and docs/filtering.md: each
/// fenced block marked `<!-- sample: Class#name -->` must be the region `// sample:name` ...
/// `// end` of that class (in this package), and the samples run on the bundled
/// `samples/orders.vortex` (written by the reference implementation) with the results that
/// `samples/orders.csv`, the same table as text, gives when read here with plain Java.
class DocsSamplesTest {
    private static final Pattern MARKED_BLOCK =
            Pattern.compile("<!-- sample: (\\w+)#(\\w+) -->\\s*\\n```java\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path dir;

    /// The repository root: the nearest folder above the working directory holding `samples/`.
    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("samples/orders.csv"))) {
            p = p.getParent();
        }
        if (p == null) {
            fail("no samples/orders.csv above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    private static Path orders() {
        return root().resolve("samples/orders.vortex");
    }

    /// The rows of samples/orders.csv (no quoting is needed there), header first.
    private static List<String[]> csv() throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(root().resolve("samples/orders.csv"), StandardCharsets.UTF_8)) {
            rows.add(line.split(",", -1));
        }
        return rows;
    }

    @Test
    void docsQuoteTheSamplesAsCompiled() throws IOException {
        int checked = 0;
        for (String doc : List.of("docs/getting-started.md", "docs/reading.md", "docs/filtering.md")) {
            String text = Files.readString(root().resolve(doc), StandardCharsets.UTF_8);
            Matcher m = MARKED_BLOCK.matcher(text);
            while (m.find()) {
                assertEquals(
                        region(m.group(1), m.group(2)),
                        m.group(3),
                        doc + ": sample " + m.group(1) + "#" + m.group(2) + " differs from its source");
                checked++;
            }
        }
        assertEquals(10, checked, "samples quoted by the docs");
    }

    private static String region(String cls, String name) throws IOException {
        Path src = root().resolve("file/src/test/java/dev/jvortex/file/samples/" + cls + ".java");
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
    void gettingStarted() throws IOException {
        assertEquals(
                List.of("apple x 3", "pear x 5", "plum x 7"),
                GettingStartedSamples.writeAndRead(dir.resolve("fruit.vortex")));
        assertEquals(
                "5000 rows: order_id, customer, city, status, quantity, price, ordered_at",
                GettingStartedSamples.describe(orders()));
        assertEquals(String.join(",", csv().get(0)), "order_id,customer,city,status,quantity,price,ordered_at");
    }

    @Test
    void reading() throws IOException {
        List<String[]> rows = csv().subList(1, 5001);
        long quantity = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (String[] r : rows) {
            quantity += Long.parseLong(r[4]);
            min = Math.min(min, Double.parseDouble(r[5]));
            max = Math.max(max, Double.parseDouble(r[5]));
        }
        assertEquals(quantity, ReadingSamples.sumQuantity(orders()));
        List<String> cities = new ArrayList<>();
        for (int i = 10; i < 20; i++) {
            cities.add(rows.get(i)[2]);
        }
        assertEquals(cities, ReadingSamples.cityRange(orders()));
        assertEquals(
                List.of(
                        Long.parseLong(rows.get(4999)[0]),
                        Long.parseLong(rows.get(0)[0]),
                        Long.parseLong(rows.get(42)[0])),
                ReadingSamples.take(orders()));
        assertEquals("price " + min + " .. " + max, ReadingSamples.priceBounds(orders()));
    }

    @Test
    void filtering() throws IOException {
        long expected = 0;
        for (String[] r : csv().subList(1, 5001)) {
            if (r[3].equals("returned")
                    && Long.parseLong(r[4]) >= 10
                    && Set.of("Oslo", "Vienna").contains(r[2])) {
                expected++;
            }
        }
        assertTrue(expected > 0, "the sample filter keeps some rows");
        assertEquals(expected, FilteringSamples.countText(orders()));
        assertEquals(expected, FilteringSamples.countExpr(orders()));

        long[] row = {-1};
        ScanStatistics stats = FilteringSamples.pruning(orders(), row);
        assertEquals(42, row[0]);
        assertEquals(5000, stats.rowsInFile());
        assertEquals(1, stats.rowsReturned());
    }
}
