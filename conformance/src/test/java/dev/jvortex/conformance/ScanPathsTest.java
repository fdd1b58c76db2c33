package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.cli.ValueFormat;
import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanPlan;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/// Every way of reading rows, on every file of the reference's corpus (both presets), against
/// the values the corpus generator computed from its source tables: the one-thread scan, the
/// parallel scan over small splits (in order and unordered), scans by sorted row indices, and
/// takes of unsorted indices with repeats.
class ScanPathsTest {
    @TestFactory
    Stream<DynamicTest> defaultPreset() throws IOException {
        return preset("default");
    }

    @TestFactory
    Stream<DynamicTest> compactPreset() throws IOException {
        return preset("compact");
    }

    private static Stream<DynamicTest> preset(String preset) throws IOException {
        Path corpus = Corpus.of(preset);
        List<DynamicTest> tests = new ArrayList<>();
        for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
            String name = (String) entry.get("name");
            tests.add(DynamicTest.dynamicTest(preset + ": " + name, () -> check(corpus, entry)));
        }
        assertTrue(tests.size() >= 20, "corpus has only " + tests.size() + " files");
        return tests.stream();
    }

    private static void check(Path corpus, Map<String, Object> entry) throws IOException {
        String name = (String) entry.get("name");
        List<String> expected =
                Files.readAllLines(corpus.resolve((String) entry.get("expected")), StandardCharsets.UTF_8);
        try (VortexFile f = VortexFile.open(corpus.resolve((String) entry.get("file")))) {
            int rows = expected.size();
            assertEquals(rows, f.rowCount(), name + ": rows");
            // One thread, then several threads over splits of about a seventh of the file each.
            assertAllRows(f, expected, f.scan(ScanOptions.all().withParallelism(1)), true, name + " (one thread)");
            ScanPlan plan = f.plan(ScanOptions.all().withParallelism(3).withMaxBatchRows(4000));
            long target = Math.max(1, plan.estimatedBytes() / 7);
            assertAllRows(f, expected, plan.scan(plan.splits(target)), true, name + " (3 threads)");
            ScanPlan unordered = f.plan(ScanOptions.all().withParallelism(2).withOrdered(false));
            assertAllRows(f, expected, unordered.scan(unordered.splits(target)), false, name + " (unordered)");
            if (rows == 0) {
                return;
            }
            Random random = new Random(name.hashCode());
            long[] sorted = random.longs(Math.min(rows, 300), 0, rows)
                    .sorted()
                    .distinct()
                    .toArray();
            for (int threads : new int[] {1, 2}) {
                List<Long> got = new ArrayList<>();
                try (Scan scan = f.scan(ScanOptions.all().withRowIndices(sorted).withParallelism(threads))) {
                    for (Batch b : scan) {
                        try (b) {
                            for (int i = 0; i < b.rowCount(); i++) {
                                got.add(b.rowIndex(i));
                                compareRow(f, expected, b, i, name + " (row indices, " + threads + " threads)");
                            }
                        }
                    }
                }
                assertEquals(
                        java.util.Arrays.stream(sorted).boxed().toList(), got, name + ": rows of the row-index scan");
            }
            long[] indices = new long[Math.min(rows * 2, 400)];
            for (int i = 0; i < indices.length; i++) {
                indices[i] = i % 9 == 4 ? indices[i - 3] : random.nextInt(rows);
            }
            indices[0] = rows - 1;
            try (Batch b = f.take(indices, null)) {
                assertEquals(indices.length, b.rowCount());
                for (int i = 0; i < indices.length; i++) {
                    assertEquals(indices[i], b.rowIndex(i));
                    compareRow(f, expected, b, i, name + " (take)");
                }
            }
        }
    }

    private static void assertAllRows(VortexFile f, List<String> expected, Scan scan, boolean inOrder, String what) {
        boolean[] seen = new boolean[expected.size()];
        long next = 0;
        try (scan) {
            for (Batch b : scan) {
                try (b) {
                    for (int i = 0; i < b.rowCount(); i++) {
                        long row = b.rowIndex(i);
                        if (inOrder) {
                            assertEquals(next, row, what + ": rows out of order");
                        }
                        next = row + 1;
                        if (seen[(int) row]) {
                            fail(what + ": row " + row + " returned twice");
                        }
                        seen[(int) row] = true;
                        compareRow(f, expected, b, i, what);
                    }
                }
            }
        }
        for (int i = 0; i < seen.length; i++) {
            if (!seen[i]) {
                fail(what + ": row " + i + " missing");
            }
        }
    }

    private static void compareRow(VortexFile f, List<String> expected, Batch b, int i, String what) {
        long row = b.rowIndex(i);
        StringBuilder sb = new StringBuilder();
        if (f.dtype() instanceof DType.Struct schema) {
            sb.append('{');
            for (int c = 0; c < b.columnCount(); c++) {
                if (c > 0) {
                    sb.append(',');
                }
                ValueFormat.quote(sb, schema.names().get(c));
                sb.append(':');
                ValueFormat.json(sb, b.column(c), i);
            }
            sb.append('}');
        } else {
            ValueFormat.json(sb, b.column(0), i);
        }
        String d = ValueComparator.diff(
                f.dtype(), Json.parse(expected.get((int) row)), Json.parse(sb.toString()), what + ", row " + row);
        if (d != null) {
            fail(d);
        }
    }

    @Test
    void indicesOutsideTheFileAreClearErrors() throws IOException {
        Path corpus = Corpus.of("default");
        Map<String, Object> entry = CorpusConformanceTest.manifest(corpus).getFirst();
        try (VortexFile f = VortexFile.open(corpus.resolve((String) entry.get("file")))) {
            long rows = f.rowCount();
            VortexException e = assertThrows(VortexException.class, () -> f.take(new long[] {0, rows}, null));
            assertTrue(e.getMessage().contains("row index " + rows), e.getMessage());
            assertThrows(VortexException.class, () -> f.scan(ScanOptions.all().withRowIndices(new long[] {rows + 5})));
            assertThrows(VortexException.class, () -> ScanOptions.all().withRowIndices(new long[] {5, 2}));
        }
    }
}
