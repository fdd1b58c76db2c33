package dev.jvortex.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Filtered scans and scans by row index over a file we write, checked against plain loops over
/// the values written.
class FilteredScanTest {
    private static final int ROWS = 100_000;
    private static final int ZONE = 1024;
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "id",
            new DType.Primitive(PType.I64, false),
            "v",
            new DType.Primitive(PType.F64, true),
            "name",
            new DType.Utf8(true),
            "flag",
            new DType.Bool(true));

    @TempDir
    static Path dir;

    static Path file;
    static Path plain;
    static final double[] V = new double[ROWS];
    static final boolean[] V_NULL = new boolean[ROWS];
    static final String[] NAME = new String[ROWS];
    static final Boolean[] FLAG = new Boolean[ROWS];

    @BeforeAll
    static void write() {
        Random r = new Random(7);
        for (int i = 0; i < ROWS; i++) {
            V_NULL[i] = r.nextInt(20) == 0;
            V[i] = r.nextInt(100) == 0 ? Double.NaN : r.nextGaussian();
            NAME[i] = i % 10 == 3
                    ? null
                    : i % 17 == 0 ? (i % 2 == 0 ? "alpha" : "beta") : String.format(Locale.ROOT, "n%06d", i);
            FLAG[i] = i % 3 == 0 ? null : i % 5 < 2;
        }
        file = dir.resolve("t.vortex");
        plain = dir.resolve("plain.vortex");
        write(file, WriteOptions.defaults().withRowBlock(ZONE).withTargetChunkBytes(64 << 10));
        write(
                plain,
                WriteOptions.defaults()
                        .withRowBlock(ZONE)
                        .withTargetChunkBytes(64 << 10)
                        .withZoneMaps(false));
    }

    private static void write(Path path, WriteOptions options) {
        try (VortexWriter w = VortexWriter.create(path, SCHEMA, options)) {
            for (int start = 0; start < ROWS; start += 30_000) {
                int end = Math.min(ROWS, start + 30_000);
                try (Arena arena = Arena.ofConfined()) {
                    Builders.LongBuilder id = Builders.longs(SCHEMA.fields().get(0));
                    Builders.DoubleBuilder v = Builders.doubles(SCHEMA.fields().get(1));
                    Builders.StringBuilder name =
                            Builders.strings(SCHEMA.fields().get(2));
                    Builders.BoolBuilder flag = Builders.bools(SCHEMA.fields().get(3));
                    for (int i = start; i < end; i++) {
                        id.append(i);
                        if (V_NULL[i]) {
                            v.appendNull();
                        } else {
                            v.append(V[i]);
                        }
                        if (NAME[i] == null) {
                            name.appendNull();
                        } else {
                            name.append(NAME[i]);
                        }
                        if (FLAG[i] == null) {
                            flag.appendNull();
                        } else {
                            flag.append(FLAG[i]);
                        }
                    }
                    w.write(List.of(id.build(arena), v.build(arena), name.build(arena), flag.build(arena)));
                }
            }
            w.finish();
        }
    }

    private static boolean v(int i, java.util.function.DoublePredicate p) {
        return !V_NULL[i] && p.test(V[i]);
    }

    private static int cmp(double a, double b) {
        return Double.compare(a, b);
    }

    record Case(String filter, IntPredicate expected) {}

    static final List<Case> CASES = List.of(
            new Case("id >= 12345 AND id < 23456", i -> i >= 12345 && i < 23456),
            new Case("v > 0.5", i -> v(i, x -> cmp(x, 0.5) > 0)),
            new Case("v <= -1 OR v = 'NaN'", i -> v(i, x -> cmp(x, -1) <= 0 || Double.isNaN(x))),
            new Case("name LIKE 'n01%'", i -> NAME[i] != null && NAME[i].startsWith("n01")),
            new Case(
                    "name >= 'n090000' AND name < 'n090500'",
                    i -> NAME[i] != null && NAME[i].compareTo("n090000") >= 0 && NAME[i].compareTo("n090500") < 0),
            new Case("flag AND v < 0", i -> Boolean.TRUE.equals(FLAG[i]) && v(i, x -> cmp(x, 0) < 0)),
            new Case("name IS NULL OR id < 100", i -> NAME[i] == null || i < 100),
            new Case("NOT (id > 500)", i -> i <= 500),
            new Case(
                    "name IN ('alpha', 'beta') AND id BETWEEN 1000 AND 90000",
                    i -> ("alpha".equals(NAME[i]) || "beta".equals(NAME[i])) && i >= 1000 && i <= 90000),
            new Case("v IS NULL AND flag IS NOT NULL", i -> V_NULL[i] && FLAG[i] != null),
            new Case("id = 77777", i -> i == 77777),
            new Case("id < 0", i -> false),
            new Case("id > 99999 OR id < 1", i -> i == 0));

    @Test
    void filteredScansReturnExactlyTheMatchingRows() {
        for (Path p : List.of(file, plain)) {
            try (VortexFile f = VortexFile.open(p)) {
                for (Case c : CASES) {
                    List<Long> expected = new ArrayList<>();
                    for (int i = 0; i < ROWS; i++) {
                        if (c.expected.test(i)) {
                            expected.add((long) i);
                        }
                    }
                    List<Long> got = new ArrayList<>();
                    try (Scan scan = f.scan(ScanOptions.columns("id", "name")
                            .withFilter(c.filter)
                            .withMaxBatchRows(5000))) {
                        assertEquals(List.of("id", "name"), scan.columnNames());
                        for (Batch b : scan) {
                            try (b) {
                                assertEquals(
                                        List.of("id", "name"), b.columnNames(), "filter-only columns are not returned");
                                assertTrue(b.rowCount() > 0, "no empty batches");
                                PrimitiveArray id = (PrimitiveArray) b.column("id");
                                VarBinViewArray name = (VarBinViewArray) b.column("name");
                                for (int i = 0; i < b.rowCount(); i++) {
                                    long row = id.getLong(i);
                                    assertEquals(row, b.rowIndex(i), c.filter);
                                    assertEquals(NAME[(int) row] == null, name.isNull(i), c.filter);
                                    if (NAME[(int) row] != null) {
                                        assertEquals(NAME[(int) row], name.getString(i), c.filter);
                                    }
                                    got.add(row);
                                }
                            }
                        }
                        ScanStatistics s = scan.statistics();
                        assertEquals(expected.size(), s.rowsReturned(), c.filter);
                        assertTrue(s.rowsAfterPruning() >= expected.size(), c.filter);
                    }
                    assertEquals(expected, got, p.getFileName() + ": " + c.filter);
                }
            }
        }
    }

    /// Issue 18, item 1: an `IN` list of 100,000 values and 100,000 `OR`ed terms, as text (the
    /// way `jvx export --where` passes them) and built in code, scan to exactly the matching rows.
    @Test
    void hugeInListsAndOrChainsScanToTheMatchingRows() {
        StringBuilder in = new StringBuilder("id IN (");
        StringBuilder or = new StringBuilder();
        StringBuilder names = new StringBuilder("name IN (");
        Object[] values = new Object[100_000];
        for (int k = 0; k < 100_000; k++) {
            in.append(k == 0 ? "" : ", ").append(7L * k);
            or.append(k == 0 ? "" : " OR ").append("id = ").append(7L * k);
            names.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, "'n%06d'", 11 * k));
            values[k] = 7L * k;
        }
        IntPredicate sevens = i -> i % 7 == 0;
        List<Case> cases = List.of(
                new Case(in.append(')').toString(), sevens),
                new Case(or.toString(), sevens),
                new Case(
                        names.append(')').toString(),
                        i -> NAME[i] != null && NAME[i].equals(String.format(Locale.ROOT, "n%06d", i)) && i % 11 == 0),
                new Case("id NOT IN (1, 2, 3) AND id < 10", i -> i < 10 && (i < 1 || i > 3)));
        try (VortexFile f = VortexFile.open(file)) {
            for (Case c : cases) {
                assertEquals(expected(c), scanIds(f, ScanOptions.columns("id").withFilter(c.filter)), c.filter);
            }
            assertEquals(
                    expected(new Case("", sevens)),
                    scanIds(
                            f,
                            ScanOptions.columns("id")
                                    .withFilter(Expr.column("id").in(values))));
            try (Scan scan = f.scan(ScanOptions.columns("id").withFilter("id IN (50000, 50001, 1000000)"))) {
                scan.forEach(Batch::close);
                assertEquals(ZONE, scan.statistics().rowsAfterPruning(), "an IN list prunes like its equalities");
            }
        }
    }

    private static List<Long> expected(Case c) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            if (c.expected.test(i)) {
                out.add((long) i);
            }
        }
        return out;
    }

    private static List<Long> scanIds(VortexFile f, ScanOptions options) {
        List<Long> got = new ArrayList<>();
        try (Scan scan = f.scan(options)) {
            for (Batch b : scan) {
                try (b) {
                    PrimitiveArray id = (PrimitiveArray) b.column("id");
                    for (int i = 0; i < b.rowCount(); i++) {
                        got.add(id.getLong(i));
                    }
                }
            }
        }
        return got;
    }

    @Test
    void selectiveFilterSkipsZonesAndChunks() {
        try (VortexFile f = VortexFile.open(file);
                Scan scan =
                        f.scan(ScanOptions.all().withFilter(Expr.column("id").between(50_000, 50_100)))) {
            long rows = 0;
            for (Batch b : scan) {
                try (b) {
                    rows += b.rowCount();
                    assertEquals(4, b.columnCount());
                }
            }
            ScanStatistics s = scan.statistics();
            assertEquals(101, rows);
            assertEquals(ROWS, s.rowsInFile());
            assertEquals(ROWS, s.rowsInScope());
            assertEquals(ZONE, s.rowsAfterPruning(), s.toString());
            assertEquals((ROWS + ZONE - 1) / ZONE, s.zones());
            assertEquals(s.zones() - 1, s.zonesSkipped(), s.toString());
            assertTrue(s.chunksSkipped() >= s.chunks() - 4, s.toString());
            assertEquals(ZONE, s.rowsRead(), s.toString());
            assertFalse(s.filePruned());
        }
        try (VortexFile f = VortexFile.open(plain);
                Scan scan =
                        f.scan(ScanOptions.all().withFilter(Expr.column("id").between(50_000, 50_100)))) {
            assertEquals(ROWS, scan.statistics().rowsAfterPruning(), "no zone maps, no zone pruning");
            assertEquals(0, scan.statistics().zones());
        }
    }

    @Test
    void fileStatisticsSkipTheWholeFile() {
        try (VortexFile f = VortexFile.open(plain);
                Scan scan = f.scan(ScanOptions.all().withFilter("id > 100000 OR name < 'a'"))) {
            assertFalse(scan.hasNext());
            ScanStatistics s = scan.statistics();
            assertTrue(s.filePruned(), s.toString());
            assertEquals(0, s.rowsAfterPruning());
            assertEquals(0, s.rowsRead());
            assertEquals(s.chunks(), s.chunksSkipped());
        }
    }

    @Test
    void rowIndicesReadOnlyTheirChunks() {
        Random r = new Random(11);
        long[] idx = r.longs(300, 0, ROWS).sorted().distinct().toArray();
        long[] few = {5, 6, 7, 70_001, 99_999};
        try (VortexFile f = VortexFile.open(file)) {
            for (long[] wanted : List.of(idx, few)) {
                List<Long> got = new ArrayList<>();
                try (Scan scan = f.scan(ScanOptions.columns("name", "id").withRowIndices(wanted))) {
                    assertEquals(wanted.length, scan.rowCount());
                    for (Batch b : scan) {
                        try (b) {
                            Array id = b.column(1);
                            for (int i = 0; i < b.rowCount(); i++) {
                                assertEquals(b.rowIndex(i), ((PrimitiveArray) id).getLong(i));
                                got.add(b.rowIndex(i));
                            }
                        }
                    }
                    ScanStatistics s = scan.statistics();
                    assertEquals(wanted.length, s.rowsReturned());
                    if (wanted == few) {
                        assertTrue(s.chunksSkipped() >= s.chunks() - 6, s.toString());
                        assertTrue(s.rowsRead() <= 3 + 1 + 1, s.toString());
                    }
                }
                assertEquals(java.util.Arrays.stream(wanted).boxed().toList(), got);
            }
            // Indices, a row range and a filter together.
            List<Long> got = new ArrayList<>();
            try (Scan scan = f.scan(ScanOptions.columns("id")
                    .withRowIndices(idx)
                    .rows(10_000, 60_000)
                    .withFilter("v > 0"))) {
                for (Batch b : scan) {
                    try (b) {
                        for (int i = 0; i < b.rowCount(); i++) {
                            got.add(b.rowIndex(i));
                        }
                    }
                }
            }
            List<Long> expected = new ArrayList<>();
            for (long i : idx) {
                if (i >= 10_000 && i < 60_000 && v((int) i, x -> cmp(x, 0) > 0)) {
                    expected.add(i);
                }
            }
            assertEquals(expected, got);
        }
    }

    @Test
    void misuseIsReported() {
        try (VortexFile f = VortexFile.open(file)) {
            VortexException e = assertThrows(
                    VortexException.class, () -> f.scan(ScanOptions.all().withRowIndices(new long[] {3, 2})));
            assertEquals(VortexException.Kind.MISUSE, e.kind());
            e = assertThrows(
                    VortexException.class, () -> f.scan(ScanOptions.all().withRowIndices(new long[] {1, ROWS})));
            assertTrue(e.getMessage().contains("out of range"), e.getMessage());
            e = assertThrows(
                    VortexException.class, () -> f.scan(ScanOptions.all().withFilter("nope > 1")));
            assertEquals(VortexException.Kind.MISUSE, e.kind());
            assertTrue(e.getMessage().contains("no column 'nope'"), e.getMessage());
            e = assertThrows(
                    VortexException.class, () -> f.scan(ScanOptions.all().withFilter("id = 'x'")));
            assertEquals(VortexException.Kind.MISUSE, e.kind());
        }
    }

    @Test
    void closingAScanMidwayReleasesIt() {
        try (VortexFile f = VortexFile.open(file)) {
            Scan scan = f.scan(ScanOptions.all().withFilter("v > 2"));
            assertTrue(scan.hasNext());
            scan.close();
            assertFalse(scan.hasNext());
        }
    }
}
