package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.file.write.WriteResult;
import dev.jvortex.testing.Json;
import dev.jvortex.testing.Oracle;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/// The edges of scale (issue 18): a file over 4 GiB, a column of more than 2^31 rows, more than
/// 2 GiB of binary values in one batch, 10,000 columns and deep nesting (30 levels work, 31 and
/// 100 are refused before writing: the reference cannot open them). Each is
/// written by jvortex, read back by jvortex (scan, slices and takes across the edge) and read by
/// the reference.
///
/// The 10,000 columns and the nesting run in every build (a few seconds); the three large cases
/// write gigabytes to the temporary folder and run only with `-Djvortex.scale=true` (see the
/// README's testing section; about 4.5 GB of free disk and 8 GB of memory).
class ScaleEdgesTest {
    private static final long TWO_31 = 1L << 31;

    private Path dir;

    @BeforeEach
    void makeDir() throws IOException {
        dir = Files.createTempDirectory("jvortex-scale");
    }

    @AfterEach
    void removeDir() throws IOException {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    /// The reference's view of `column` in `file`: its row count, nesting depth and leaf values
    /// at `indices` (every row when none).
    private static Map<String, Object> reference(Path file, String column, long... indices)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(file.toString(), column));
        for (long i : indices) {
            args.add(Long.toString(i));
        }
        Oracle.Result r = Oracle.runScript("conformance/src/test/python/scale_probe.py", args, Oracle.root(), 1800);
        assertEquals(0, r.status(), () -> "the reference failed on " + file + ": " + r.stderr());
        return Json.parseObject(r.stdout().strip());
    }

    private static long number(Object o) {
        return ((Json.Num) o).longValue();
    }

    private static PrimitiveArray primitive(PType t, MemorySegment data, int length) {
        return new PrimitiveArray(new DType.Primitive(t, false), t, data, length, Validity.ALL_VALID);
    }

    // ---- more than 2^31 rows --------------------------------------------------------------

    /// Rows per batch in the 2^31-row file; the value of row `r` is `r / BATCH` (constant per
    /// batch, so the file stays small while every row's value still tells where it is).
    private static final int BATCH = 1 << 20;

    @Test
    @EnabledIfSystemProperty(named = "jvortex.scale", matches = "true")
    void aColumnOfMoreThan2To31Rows() throws Exception {
        int batches = (int) (TWO_31 / BATCH) + 1;
        long n = (long) batches * BATCH;
        DType.Struct schema = DType.struct(false, "c", new DType.Primitive(PType.I16, false));
        Path p = dir.resolve("rows.vortex");
        WriteResult result;
        try (VortexWriter w = VortexWriter.create(p, schema, WriteOptions.defaults())) {
            for (int k = 0; k < batches; k++) {
                MemorySegment data = Arena.ofAuto().allocate(2L * BATCH, 2);
                data.fill((byte) 0);
                for (long i = 0; i < BATCH; i++) {
                    data.setAtIndex(PrimitiveArray.LE_SHORT, i, (short) k);
                }
                w.write(List.of(primitive(PType.I16, data, BATCH)));
            }
            result = w.finish();
        }
        assertEquals(n, result.rowCount());
        try (VortexFile f = VortexFile.open(p)) {
            assertEquals(n, f.rowCount());
            VortexFile.ColumnStatistics s = f.statistics(0);
            assertEquals(0L, ((Number) s.min().value()).longValue());
            assertEquals(batches - 1L, ((Number) s.max().value()).longValue());
            // a slice across 2^31
            long lo = TWO_31 - 3;
            long hi = TWO_31 + 3;
            List<Long> rows = new ArrayList<>();
            try (Scan scan = f.scan(ScanOptions.all().rows(lo, hi))) {
                for (Batch b : scan) {
                    try (b) {
                        PrimitiveArray c = (PrimitiveArray) b.column(0);
                        for (int i = 0; i < b.rowCount(); i++) {
                            long r = b.rowIndex(i);
                            rows.add(r);
                            assertEquals(r / BATCH, c.getLong(i), "row " + r);
                        }
                    }
                }
            }
            assertEquals(LongStream.range(lo, hi).boxed().toList(), rows);
            // takes and row indices beyond 2^31
            long[] idx = {0, TWO_31 - 1, TWO_31, TWO_31 + 1, n - 1};
            try (Batch b = f.take(idx, null)) {
                PrimitiveArray c = (PrimitiveArray) b.column(0);
                for (int i = 0; i < idx.length; i++) {
                    assertEquals(idx[i], b.rowIndex(i));
                    assertEquals(idx[i] / BATCH, c.getLong(i), "take " + idx[i]);
                }
            }
            List<Long> seen = new ArrayList<>();
            try (Scan scan = f.scan(ScanOptions.all().withRowIndices(idx))) {
                for (Batch b : scan) {
                    try (b) {
                        PrimitiveArray c = (PrimitiveArray) b.column(0);
                        for (int i = 0; i < b.rowCount(); i++) {
                            seen.add(b.rowIndex(i));
                            assertEquals(b.rowIndex(i) / BATCH, c.getLong(i));
                        }
                    }
                }
            }
            assertEquals(LongStream.of(idx).boxed().toList(), seen);
            // a filter whose rows all lie beyond 2^31, and the full scan
            long matched = 0;
            try (Scan scan = f.scan(ScanOptions.all().withFilter("c = " + (batches - 1)))) {
                for (Batch b : scan) {
                    try (b) {
                        matched += b.rowCount();
                        assertTrue(b.rowCount() == 0 || b.rowIndex(0) >= TWO_31, "filtered row below 2^31");
                    }
                }
            }
            assertEquals(BATCH, matched);
            long count = 0;
            long sum = 0;
            try (Scan scan = f.scan(ScanOptions.all())) {
                for (Batch b : scan) {
                    try (b) {
                        PrimitiveArray c = (PrimitiveArray) b.column(0);
                        for (int i = 0; i < b.rowCount(); i++) {
                            sum += c.getLong(i);
                        }
                        count += b.rowCount();
                    }
                }
            }
            assertEquals(n, count);
            assertEquals((long) BATCH * ((long) batches * (batches - 1) / 2), sum);
        }
        Map<String, Object> ref = reference(p, "c", TWO_31 - 1, TWO_31, n - 1);
        assertEquals(n, number(ref.get("rows")));
        assertEquals(List.of(2047L, 2048L, 2048L), longs(ref.get("values")));
    }

    private static List<Long> longs(Object list) {
        return ((List<?>) list).stream().map(ScaleEdgesTest::number).toList();
    }

    // ---- a file over 4 GiB ----------------------------------------------------------------

    @Test
    @EnabledIfSystemProperty(named = "jvortex.scale", matches = "true")
    void aFileOver4GiB() throws Exception {
        // uncompressed i64 row numbers: 8 bytes a row, 4.5 GiB in all
        long n = (9L << 29) / 8;
        int batches = (int) (n / BATCH);
        DType.Struct schema = DType.struct(false, "v", new DType.Primitive(PType.I64, false));
        Path p = dir.resolve("big.vortex");
        try (VortexWriter w =
                VortexWriter.create(p, schema, WriteOptions.defaults().compress(false))) {
            for (int k = 0; k < batches; k++) {
                MemorySegment data = Arena.ofAuto().allocate(8L * BATCH, 8);
                long base = (long) k * BATCH;
                for (long i = 0; i < BATCH; i++) {
                    data.setAtIndex(PrimitiveArray.LE_LONG, i, base + i);
                }
                w.write(List.of(primitive(PType.I64, data, BATCH)));
            }
            w.finish();
        }
        long size = Files.size(p);
        assertTrue(size > 4L << 30, "file of " + size + " bytes");
        try (VortexFile f = VortexFile.open(p)) {
            assertEquals(n, f.rowCount());
            long[] idx = {0, n / 2, n - 2, n - 1};
            try (Batch b = f.take(idx, null)) {
                PrimitiveArray c = (PrimitiveArray) b.column(0);
                for (int i = 0; i < idx.length; i++) {
                    assertEquals(idx[i], c.getLong(i));
                }
            }
            long expect = 0;
            try (Scan scan = f.scan(ScanOptions.all())) {
                for (Batch b : scan) {
                    try (b) {
                        PrimitiveArray c = (PrimitiveArray) b.column(0);
                        for (int i = 0; i < b.rowCount(); i++) {
                            if (c.getLong(i) != expect) {
                                assertEquals(expect, c.getLong(i), "row " + expect);
                            }
                            expect++;
                        }
                    }
                }
            }
            assertEquals(n, expect);
        }
        Map<String, Object> ref = reference(p, "v", 0, n / 2, n - 1);
        assertEquals(n, number(ref.get("rows")));
        assertEquals(List.of(0L, n / 2, n - 1), longs(ref.get("values")));
    }

    // ---- more than 2 GiB of binary in one batch ---------------------------------------------

    /// Bytes per value in the big binary batch.
    private static final int VALUE = 1 << 20;

    @Test
    @EnabledIfSystemProperty(named = "jvortex.scale", matches = "true")
    void moreThan2GiBOfBinaryInOneBatch() throws Exception {
        // 2,200 values of 1 MiB (2.15 GiB in all), each a window of one random buffer: value i
        // is buffer[i, i + 1 MiB), so every value differs and nothing compresses
        int rows = 2200;
        byte[] random = new byte[VALUE + rows];
        new Random(18).nextBytes(random);
        Arena arena = Arena.ofAuto();
        MemorySegment buf = arena.allocate(random.length);
        MemorySegment.copy(random, 0, buf, ValueLayout.JAVA_BYTE, 0, random.length);
        MemorySegment views = arena.allocate(16L * rows, 16);
        for (int i = 0; i < rows; i++) {
            views.set(PrimitiveArray.LE_INT, 16L * i, VALUE);
            MemorySegment.copy(buf, i, views, 16L * i + 4, 4);
            views.set(PrimitiveArray.LE_INT, 16L * i + 8, 0);
            views.set(PrimitiveArray.LE_INT, 16L * i + 12, i);
        }
        DType.Binary type = new DType.Binary(false);
        VarBinViewArray big = new VarBinViewArray(type, views, new MemorySegment[] {buf}, rows, Validity.ALL_VALID);
        DType.Struct schema = DType.struct(false, "b", type);
        Path p = dir.resolve("binary.vortex");
        // default options, and a chunk target larger than the batch (the writer must split)
        for (WriteOptions o :
                List.of(WriteOptions.defaults(), WriteOptions.defaults().withTargetChunkBytes(8L << 30))) {
            try (VortexWriter w = VortexWriter.create(p, schema, o)) {
                w.write(List.<Array>of(big));
                w.finish();
            }
            long[] idx = {0, 1, 2047, 2048, rows - 1};
            try (VortexFile f = VortexFile.open(p)) {
                assertEquals(rows, f.rowCount());
                try (Batch b = f.take(idx, null)) {
                    VarBinViewArray c = (VarBinViewArray) b.column(0);
                    for (int i = 0; i < idx.length; i++) {
                        assertArrayEquals(window(random, (int) idx[i]), c.getBytes(i), "value " + idx[i]);
                    }
                }
                int k = 0;
                try (Scan scan = f.scan(ScanOptions.all())) {
                    for (Batch b : scan) {
                        try (b) {
                            VarBinViewArray c = (VarBinViewArray) b.column(0);
                            for (int i = 0; i < b.rowCount(); i++, k++) {
                                if (k % 97 == 0 || k == rows - 1) {
                                    assertArrayEquals(window(random, k), c.getBytes(i), "value " + k);
                                } else {
                                    assertEquals(VALUE, c.byteLength(i), "value " + k);
                                }
                            }
                        }
                    }
                }
                assertEquals(rows, k);
            }
            Map<String, Object> ref = reference(p, "b", 0, 2048, rows - 1);
            assertEquals((long) rows, number(ref.get("rows")));
            List<Object> expected = new ArrayList<>();
            for (int i : new int[] {0, 2048, rows - 1}) {
                expected.add(List.of((long) VALUE, sha256(window(random, i))));
            }
            assertEquals(expected, normalise(ref.get("values")));
            Files.delete(p);
        }
    }

    private static byte[] window(byte[] random, int i) {
        byte[] out = new byte[VALUE];
        System.arraycopy(random, i, out, 0, VALUE);
        return out;
    }

    private static String sha256(byte[] b) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @Test
    @EnabledIfSystemProperty(named = "jvortex.scale", matches = "true")
    void aStringBuilderRefusesMoreThan2GiB() {
        Builders.StringBuilder b = Builders.strings(new DType.Binary(false));
        byte[] value = new byte[VALUE];
        VortexException e = assertThrows(VortexException.class, () -> {
            for (int i = 0; i < 4096; i++) {
                b.append(value);
            }
        });
        assertEquals(VortexException.Kind.MISUSE, e.kind());
        assertEquals(2047, b.size(), "values held when refused");
        assertTrue(e.getMessage().contains("holds at most " + Builders.StringBuilder.MAX_BYTES), e.getMessage());
    }

    /// JSON pairs `[length, hash]` with the length as a long.
    private static List<Object> normalise(Object values) {
        List<Object> out = new ArrayList<>();
        for (Object v : (List<?>) values) {
            List<?> pair = (List<?>) v;
            out.add(List.of(number(pair.get(0)), pair.get(1)));
        }
        return out;
    }

    // ---- 10,000 columns -------------------------------------------------------------------

    @Test
    void tenThousandColumns() throws Exception {
        int columns = 10_000;
        int rows = 100;
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            names.add("c" + c);
            types.add(new DType.Primitive(PType.I32, false));
        }
        DType.Struct schema = new DType.Struct(names, types, false);
        Path p = dir.resolve("wide.vortex");
        try (Arena arena = Arena.ofShared()) {
            List<Array> batch = new ArrayList<>();
            for (int c = 0; c < columns; c++) {
                MemorySegment data = arena.allocate(4L * rows, 4);
                for (int r = 0; r < rows; r++) {
                    data.setAtIndex(PrimitiveArray.LE_INT, r, c * 1000 + r);
                }
                batch.add(primitive(PType.I32, data, rows));
            }
            try (VortexWriter w = VortexWriter.create(p, schema, WriteOptions.defaults())) {
                w.write(batch);
                w.finish();
            }
        }
        try (VortexFile f = VortexFile.open(p)) {
            assertEquals(schema, f.dtype());
            assertEquals(columns, f.columnNames().size());
            for (int c : new int[] {0, 4321, columns - 1}) {
                try (Scan scan = f.scan(ScanOptions.columns("c" + c))) {
                    int r = 0;
                    for (Batch b : scan) {
                        try (b) {
                            assertEquals(1, b.columnCount());
                            PrimitiveArray a = (PrimitiveArray) b.column(0);
                            for (int i = 0; i < b.rowCount(); i++, r++) {
                                assertEquals(c * 1000 + r, a.getInt(i));
                            }
                        }
                    }
                    assertEquals(rows, r);
                }
            }
        }
        Map<String, Object> ref = reference(p, "c" + (columns - 1), 0, rows - 1);
        assertEquals((long) rows, number(ref.get("rows")));
        assertEquals(List.of((columns - 1) * 1000L, (columns - 1) * 1000L + rows - 1), longs(ref.get("values")));
    }

    // ---- 100 levels of nesting ------------------------------------------------------------

    /// The deepest nesting a column may have: the reference's flatbuffer verifier stops at 64
    /// tables, two a level, so it cannot open a file whose column nests 31 levels (checked with
    /// the reference's own writer, which writes such files and then cannot read them).
    private static final int DEEPEST = 30;

    private static Array structs(int depth, int rows, Arena arena) {
        MemorySegment data = arena.allocate(4L * rows, 4);
        for (int r = 0; r < rows; r++) {
            data.setAtIndex(PrimitiveArray.LE_INT, r, r * 7);
        }
        Array a = new PrimitiveArray(new DType.Primitive(PType.I32, true), PType.I32, data, rows, Validity.ALL_VALID);
        for (int d = 0; d < depth; d++) {
            DType.Struct t = new DType.Struct(List.of("a"), List.of(a.dtype()), true);
            a = new StructArray(t, List.of(a), rows, Validity.ALL_VALID);
        }
        return a;
    }

    /// `depth` levels of lists: the top level's lists hold two elements each, every level below
    /// one (two a level would need 2^depth leaves).
    private static Array lists(int depth, int rows, Arena arena) {
        int leaves = rows * 2;
        MemorySegment data = arena.allocate(4L * leaves, 4);
        for (int r = 0; r < leaves; r++) {
            data.setAtIndex(PrimitiveArray.LE_INT, r, r * 7);
        }
        Array a = new PrimitiveArray(new DType.Primitive(PType.I32, true), PType.I32, data, leaves, Validity.ALL_VALID);
        for (int d = 0; d < depth; d++) {
            boolean top = d == depth - 1;
            int n = top ? rows : leaves;
            MemorySegment offsets = arena.allocate(8L * (n + 1), 8);
            for (int i = 0; i <= n; i++) {
                offsets.setAtIndex(PrimitiveArray.LE_LONG, i, top ? 2L * i : i);
            }
            a = new ListArray(new DType.ListType(a.dtype(), true), offsets, a, n, Validity.ALL_VALID);
        }
        return a;
    }

    @Test
    void thirtyLevelsOfStructsOrListsWorkBothWays() throws Exception {
        try (Arena arena = Arena.ofShared()) {
            checkNested(structs(DEEPEST, 1000, arena), 1000, DEEPEST, "deep-struct.vortex");
            checkNested(lists(DEEPEST, 1000, arena), 1000, DEEPEST, "deep-list.vortex");
        }
    }

    @Test
    void aHundredLevelsAreRefusedBeforeWriting() {
        try (Arena arena = Arena.ofShared()) {
            for (int depth : new int[] {DEEPEST + 1, 100}) {
                for (Array a : List.of(structs(depth, 10, arena), lists(depth, 10, arena))) {
                    DType.Struct schema = new DType.Struct(List.of("n"), List.of(a.dtype()), false);
                    Path p = dir.resolve("too-deep.vortex");
                    VortexException e = assertThrows(
                            VortexException.class, () -> VortexWriter.create(p, schema, WriteOptions.defaults()));
                    assertEquals(VortexException.Kind.MISUSE, e.kind());
                    assertTrue(e.getMessage().contains("column 'n' is nested too deeply"), e.getMessage());
                    assertTrue(e.getMessage().contains("at most 30 levels"), e.getMessage());
                    assertFalse(Files.exists(p));
                }
            }
            // an extension leaf (a timestamp) takes two more tables: 29 levels above it is the limit
            DType ts = DType.timestamp(TimeUnit.MICROSECONDS, null);
            DType t29 = ts;
            for (int d = 0; d < DEEPEST - 1; d++) {
                t29 = new DType.Struct(List.of("a"), List.of(t29), true);
            }
            DType t30 = new DType.Struct(List.of("a"), List.of(t29), true);
            Path ok = dir.resolve("ok.vortex");
            VortexWriter.create(ok, new DType.Struct(List.of("n"), List.of(t29), false), WriteOptions.defaults())
                    .close();
            assertThrows(
                    VortexException.class,
                    () -> VortexWriter.create(
                            dir.resolve("no.vortex"),
                            new DType.Struct(List.of("n"), List.of(t30), false),
                            WriteOptions.defaults()));
        }
    }

    /// Writes `column` (`depth` levels above an i32 leaf whose values are `7 * k`) with the writer,
    /// reads it back by jvortex and by the reference, and compares every leaf value.
    private void checkNested(Array column, int rows, int depth, String name) throws Exception {
        DType.Struct schema = new DType.Struct(List.of("n"), List.of(column.dtype()), false);
        Path p = dir.resolve(name);
        try (VortexWriter w = VortexWriter.create(p, schema, WriteOptions.defaults())) {
            w.write(List.of(column));
            w.finish();
        }
        List<Long> expected = new ArrayList<>();
        List<Long> read = new ArrayList<>();
        collect(column, 0, column.length(), expected);
        try (VortexFile f = VortexFile.open(p)) {
            assertEquals(schema, f.dtype());
            try (Scan scan = f.scan(ScanOptions.all())) {
                for (Batch b : scan) {
                    try (b) {
                        collect(b.column(0), 0, b.rowCount(), read);
                    }
                }
            }
        }
        assertEquals(expected, read);
        Map<String, Object> ref = reference(p, "n");
        assertEquals((long) rows, number(ref.get("rows")));
        assertEquals((long) depth, number(ref.get("depth")));
        assertEquals(expected, longs(ref.get("values")));
    }

    /// Appends the leaf values of rows `[from, to)` of a nested array, depth-first.
    private static void collect(Array a, long from, long to, List<Long> out) {
        switch (a) {
            case StructArray s -> collect(s.field(0), from, to, out);
            case ListArray l -> {
                if (to > from) {
                    collect(l.elements(), l.start((int) from), l.end((int) to - 1), out);
                }
            }
            case PrimitiveArray p -> {
                for (long i = from; i < to; i++) {
                    out.add(p.getLong((int) i));
                }
            }
            default -> throw new AssertionError("unexpected " + a.getClass().getSimpleName());
        }
    }
}
