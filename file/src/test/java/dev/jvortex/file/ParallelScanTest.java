package dev.jvortex.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Parallel scans, splits and their one-thread counterparts over a file we write, checked
/// against the values written (never against another scan alone).
class ParallelScanTest {
    private static final int ROWS = 200_000;
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
    static final Double[] V = new Double[ROWS];
    static final String[] NAME = new String[ROWS];
    static final Boolean[] FLAG = new Boolean[ROWS];

    @BeforeAll
    static void write() {
        Random r = new Random(11);
        for (int i = 0; i < ROWS; i++) {
            V[i] = r.nextInt(20) == 0 ? null : (double) r.nextInt(1000) / 8;
            NAME[i] = i % 10 == 3 ? null : i % 17 == 0 ? "common" : "name-" + (i * 7919L % 100_003);
            FLAG[i] = i % 3 == 0 ? null : i % 5 < 2;
        }
        file = dir.resolve("p.vortex");
        WriteOptions options = WriteOptions.defaults().withRowBlock(1024).withTargetChunkBytes(32 << 10);
        try (VortexWriter w = VortexWriter.create(file, SCHEMA, options)) {
            for (int start = 0; start < ROWS; start += 50_000) {
                int end = Math.min(ROWS, start + 50_000);
                try (Arena arena = Arena.ofConfined()) {
                    Builders.LongBuilder id = Builders.longs(SCHEMA.fields().get(0));
                    Builders.DoubleBuilder v = Builders.doubles(SCHEMA.fields().get(1));
                    Builders.StringBuilder name =
                            Builders.strings(SCHEMA.fields().get(2));
                    Builders.BoolBuilder flag = Builders.bools(SCHEMA.fields().get(3));
                    for (int i = start; i < end; i++) {
                        id.append(i);
                        if (V[i] == null) {
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

    /// The row as written, in the order of `columns`.
    private static String expected(long row, List<String> columns) {
        StringBuilder sb = new StringBuilder();
        int i = (int) row;
        for (String c : columns) {
            sb.append(
                            switch (c) {
                                case "id" -> Long.toString(row);
                                case "v" -> String.valueOf(V[i]);
                                case "name" -> String.valueOf(NAME[i]);
                                case "flag" -> String.valueOf(FLAG[i]);
                                default -> throw new AssertionError(c);
                            })
                    .append('|');
        }
        return sb.toString();
    }

    private static String cell(Array a, int i) {
        if (!a.isValid(i)) {
            return "null";
        }
        return switch (a) {
            case PrimitiveArray p when p.ptype() == PType.F64 -> Double.toString(p.getDouble(i));
            case PrimitiveArray p -> Long.toString(p.getLong(i));
            case VarBinViewArray s -> s.getString(i);
            case BoolArray b -> Boolean.toString(b.get(i));
            default -> throw new AssertionError(a.getClass());
        };
    }

    /// Checks every row of a batch against the values written; returns its file row indices.
    private static List<Long> check(Batch b, List<String> columns) {
        List<Long> rows = new ArrayList<>();
        for (int i = 0; i < b.rowCount(); i++) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < b.columnCount(); c++) {
                sb.append(cell(b.column(c), i)).append('|');
            }
            assertEquals(expected(b.rowIndex(i), columns), sb.toString(), "row " + b.rowIndex(i));
            rows.add(b.rowIndex(i));
        }
        return rows;
    }

    private static List<Long> scanRows(VortexFile f, ScanOptions options, List<String> columns) {
        List<Long> rows = new ArrayList<>();
        try (Scan scan = f.scan(options)) {
            for (Batch b : scan) {
                try (b) {
                    rows.addAll(check(b, columns));
                }
            }
            assertEquals(rows.size(), scan.statistics().rowsReturned());
        }
        return rows;
    }

    private static List<Long> range(long from, long to) {
        List<Long> out = new ArrayList<>();
        for (long r = from; r < to; r++) {
            out.add(r);
        }
        return out;
    }

    @Test
    void parallelAndOneThreadScansReturnEveryRowInOrder() {
        List<String> all = List.of("id", "v", "name", "flag");
        try (VortexFile f = VortexFile.open(file)) {
            assertTrue(f.plan(ScanOptions.all()).splits(64 << 10).size() > 4, "the file must have several splits");
            for (int threads : new int[] {1, 2, 3, 8}) {
                assertEquals(
                        range(0, ROWS),
                        scanRows(f, ScanOptions.all().withParallelism(threads), all),
                        "threads " + threads);
                ScanPlan plan =
                        f.plan(ScanOptions.all().withParallelism(threads).withMaxBatchRows(5000));
                List<Long> rows = new ArrayList<>();
                try (Scan scan = plan.scan(plan.splits(40 << 10))) {
                    for (Batch b : scan) {
                        try (b) {
                            rows.addAll(check(b, all));
                        }
                    }
                }
                assertEquals(range(0, ROWS), rows, "small splits, threads " + threads);
            }
            List<String> two = List.of("name", "id");
            assertEquals(
                    range(0, ROWS),
                    scanRows(f, ScanOptions.columns("name", "id").withParallelism(2), two));
            assertEquals(
                    range(1000, 150_001),
                    scanRows(f, ScanOptions.columns("name", "id").rows(1000, 150_001), two));
        }
    }

    @Test
    void unorderedScanReturnsEveryRowOnce() {
        try (VortexFile f = VortexFile.open(file)) {
            List<Long> rows = scanRows(
                    f, ScanOptions.all().withParallelism(4).withOrdered(false), List.of("id", "v", "name", "flag"));
            rows.sort(Comparator.naturalOrder());
            assertEquals(range(0, ROWS), rows);
        }
    }

    @Test
    void filteredParallelScanMatchesALoopOverTheValues() {
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            if (V[i] != null && V[i] > 100 && FLAG[i] != null && FLAG[i]) {
                expected.add((long) i);
            }
        }
        try (VortexFile f = VortexFile.open(file)) {
            for (int threads : new int[] {1, 2, 4}) {
                ScanOptions o = ScanOptions.columns("id", "flag")
                        .withFilter("v > 100 AND flag = true")
                        .withParallelism(threads);
                assertEquals(expected, scanRows(f, o, List.of("id", "flag")), "threads " + threads);
            }
        }
    }

    @Test
    void callersExecutorDecodesTheSplits() throws Exception {
        AtomicInteger tasks = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (VortexFile f = VortexFile.open(file)) {
            ScanOptions o = ScanOptions.all().withParallelism(3).withExecutor(r -> {
                tasks.incrementAndGet();
                pool.execute(r);
            });
            List<Long> rows = new ArrayList<>();
            ScanPlan plan = f.plan(o);
            try (Scan scan = plan.scan(plan.splits(32 << 10))) {
                for (Batch b : scan) {
                    try (b) {
                        rows.addAll(check(b, List.of("id", "v", "name", "flag")));
                    }
                }
            }
            assertEquals(range(0, ROWS), rows);
            assertTrue(tasks.get() > 1, "splits ran on the caller's executor: " + tasks.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void batchesFromManySplitsStayValidUntilClosed() {
        List<String> all = List.of("id", "v", "name", "flag");
        List<Batch> held = new ArrayList<>();
        try (VortexFile f = VortexFile.open(file)) {
            try (Scan scan = f.scan(ScanOptions.all().withParallelism(4).withMaxBatchRows(4096))) {
                scan.forEach(held::add);
            }
            assertTrue(held.size() > 10, "batches: " + held.size());
            List<Long> rows = new ArrayList<>();
            // Checked after the scan closed and after later splits were decoded, on another thread.
            Thread t = new Thread(() -> held.forEach(b -> rows.addAll(check(b, all))));
            t.start();
            t.join();
            assertEquals(range(0, ROWS), rows);
            Array first = held.getFirst().column(0);
            held.forEach(Batch::close);
            assertThrows(IllegalStateException.class, () -> ((PrimitiveArray) first).getLong(0));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void closingAParallelScanEarlyFreesWhatItDecoded() {
        try (VortexFile f = VortexFile.open(file)) {
            for (int i = 0; i < 20; i++) {
                try (Scan scan = f.scan(ScanOptions.all().withParallelism(4).withMaxBatchRows(2048))) {
                    assertTrue(scan.hasNext());
                    scan.next().close();
                }
            }
            // The file stays usable and complete after the abandoned scans.
            assertEquals(range(0, ROWS), scanRows(f, ScanOptions.columns("id"), List.of("id")));
        }
    }

    @Test
    void splitsCoverThePlanAndScanLikeTheWholeScan() throws Exception {
        List<String> cols = List.of("name", "v");
        ScanOptions options = ScanOptions.columns("name", "v").withFilter("name = 'common' OR v < 3");
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            if ("common".equals(NAME[i]) || (V[i] != null && V[i] < 3)) {
                expected.add((long) i);
            }
        }
        try (VortexFile f = VortexFile.open(file)) {
            ScanPlan plan = f.plan(options);
            List<Split> splits = plan.splits(50 << 10);
            assertTrue(splits.size() > 3, "splits: " + splits);
            long prev = 0;
            List<Long> rows = new ArrayList<>();
            for (Split s : splits) {
                assertEquals(file.toString(), s.file());
                assertEquals(prev, s.firstRow(), "splits are contiguous here (nothing is pruned)");
                assertTrue(s.estimatedBytes() > 0);
                prev = s.lastRow();
                // Serialised, re-opened and re-planned as another process would.
                Split copy = Split.decode(s.encode());
                assertEquals(s, copy);
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                    out.writeObject(s);
                }
                Split javaCopy;
                try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                    javaCopy = (Split) in.readObject();
                }
                assertEquals(s, javaCopy);
                try (VortexFile again = VortexFile.open(Path.of(copy.file()));
                        Scan scan = again.plan(options).scan(copy)) {
                    for (Batch b : scan) {
                        try (b) {
                            List<Long> got = check(b, cols);
                            assertTrue(got.getFirst() >= s.firstRow() && got.getLast() < s.lastRow());
                            rows.addAll(got);
                        }
                    }
                }
            }
            assertEquals(ROWS, prev);
            assertEquals(expected, rows);
            long total = splits.stream().mapToLong(Split::estimatedBytes).sum();
            assertTrue(
                    Math.abs(total - plan.estimatedBytes()) <= splits.size(), total + " vs " + plan.estimatedBytes());
            // The same rows through the options instead of the plan.
            List<Long> viaOptions = new ArrayList<>();
            for (Split s : splits) {
                viaOptions.addAll(scanRows(f, options.forSplit(s).withParallelism(1), cols));
            }
            assertEquals(expected, viaOptions);
        }
    }

    @Test
    void prunedSplitsAreLeftOut() {
        try (VortexFile f = VortexFile.open(file)) {
            ScanPlan plan = f.plan(ScanOptions.columns("id").withFilter("id >= 190000"));
            List<Split> splits = plan.splits(16 << 10);
            assertFalse(splits.isEmpty());
            for (Split s : splits) {
                assertTrue(s.lastRow() > 190_000 - 40_000, "split before the matching rows: " + s);
            }
            assertEquals(
                    range(190_000, ROWS),
                    scanRows(f, ScanOptions.columns("id").withFilter("id >= 190000"), List.of("id")));
        }
    }

    @Test
    void badSplitsAndOptionsAreClearErrors() {
        assertThrows(VortexException.class, () -> Split.decode("garbage"));
        assertThrows(VortexException.class, () -> Split.decode("5-x:1:f"));
        assertThrows(VortexException.class, () -> new Split("f", 5, 4, 0));
        assertThrows(VortexException.class, () -> ScanOptions.all().withParallelism(-1));
        try (VortexFile f = VortexFile.open(file)) {
            assertThrows(VortexException.class, () -> f.plan(ScanOptions.all()).splits(0));
            VortexException e = assertThrows(VortexException.class, () -> {
                try (Scan scan = f.scan(ScanOptions.all().withParallelism(2).withExecutor(r -> {
                    throw new java.util.concurrent.RejectedExecutionException("full");
                }))) {
                    scan.hasNext();
                }
            });
            assertTrue(e.getMessage().contains("rejected"), e.getMessage());
        }
    }

    @Test
    void takeReturnsTheGivenRowsInOrderWithRepeats() {
        List<String> all = List.of("id", "v", "name", "flag");
        Random r = new Random(5);
        long[] indices = new long[700];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = i % 50 == 0 ? indices[Math.max(0, i - 7)] : r.nextInt(ROWS);
        }
        indices[1] = 0;
        indices[2] = ROWS - 1;
        indices[3] = 1023;
        indices[4] = 1024;
        try (VortexFile f = VortexFile.open(file)) {
            try (Batch b = f.take(indices, null)) {
                assertEquals(indices.length, b.rowCount());
                for (int i = 0; i < indices.length; i++) {
                    assertEquals(indices[i], b.rowIndex(i));
                }
                check(b, all);
                assertFalse(b.isContiguous());
            }
            try (Batch b = f.take(new long[] {9, 3}, List.of("name"))) {
                assertEquals(List.of(9L, 3L), check(b, List.of("name")));
            }
            try (Batch b = f.take(new long[0], List.of("v", "flag"))) {
                assertEquals(0, b.rowCount());
                assertEquals(2, b.columnCount());
            }
            for (long bad : new long[] {-1, ROWS, Long.MAX_VALUE}) {
                VortexException e = assertThrows(VortexException.class, () -> f.take(new long[] {5, bad}, null));
                assertTrue(e.getMessage().contains("row index " + bad + " (position 1)"), e.getMessage());
            }
        }
    }

    @Test
    void rowIndexScansReturnExactlyTheRowsAsked() {
        Random r = new Random(9);
        long[] sorted = r.longs(400, 0, ROWS).sorted().distinct().toArray();
        List<Long> expected = new ArrayList<>();
        for (long x : sorted) {
            expected.add(x);
        }
        try (VortexFile f = VortexFile.open(file)) {
            for (int threads : new int[] {1, 2}) {
                ScanOptions o = ScanOptions.all().withRowIndices(sorted).withParallelism(threads);
                assertEquals(expected, scanRows(f, o, List.of("id", "v", "name", "flag")), "threads " + threads);
                ScanOptions filtered = o.withColumns(List.of("id")).withFilter("flag = true");
                List<Long> want = expected.stream()
                        .filter(x -> FLAG[(int) (long) x] != null && FLAG[(int) (long) x])
                        .toList();
                assertEquals(want, scanRows(f, filtered, List.of("id")), "filtered, threads " + threads);
            }
        }
    }
}
