package dev.jvortex.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/// Properties of the writer and reader (issue 18): any table written reads back equal, with
/// file statistics equal to those computed here from the values; any row range and any take
/// equal the same rows of the full scan.
class WriteReadPropertiesTest {
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "i",
            new DType.Primitive(PType.I64, true),
            "f",
            new DType.Primitive(PType.F64, true),
            "s",
            new DType.Utf8(true));

    /// One row: a nullable long, a nullable double (NaN and signed zeros included) and a
    /// nullable string.
    record Row(Long i, Double f, String s) {}

    /// A table and the writer options it is written with.
    record Table(List<Row> rows, int rowBlock, long chunkBytes, boolean dictionaries) {}

    private Path dir;

    @BeforeProperty
    void makeDir() throws IOException {
        dir = Files.createTempDirectory("jvortex-props");
    }

    @AfterProperty
    void removeDir() throws IOException {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    @Provide
    Arbitrary<Table> tables() {
        Arbitrary<Long> longs = Arbitraries.oneOf(
                        Arbitraries.longs(),
                        Arbitraries.longs().between(-5, 5),
                        Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L))
                .injectNull(0.1);
        Arbitrary<Double> doubles = Arbitraries.oneOf(
                        Arbitraries.doubles(),
                        Arbitraries.of(Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
                        Arbitraries.doubles().between(-1, 1).ofScale(2))
                .injectNull(0.1);
        Arbitrary<String> strings = Arbitraries.oneOf(
                        Arbitraries.strings().ofMaxLength(20),
                        Arbitraries.of("", "a", "ab", "b"),
                        Arbitraries.strings()
                                .withCharRange('a', 'c')
                                .ofMinLength(10)
                                .ofMaxLength(40))
                .injectNull(0.1);
        Arbitrary<Row> row = Combinators.combine(longs, doubles, strings).as(Row::new);
        Arbitrary<List<Row>> rows = Arbitraries.oneOf(
                row.list().ofMaxSize(50),
                row.list()
                        .ofMinSize(1)
                        .ofMaxSize(5)
                        .flatMap(
                                few -> Arbitraries.integers().between(100, 5000).map(n -> repeat(few, n))));
        return Combinators.combine(
                        rows,
                        Arbitraries.of(16, 256, 8192),
                        Arbitraries.of(1024L, 65536L, 1L << 20),
                        Arbitraries.of(true, false))
                .as(Table::new);
    }

    /// `few` repeated in runs to `n` rows: the data shapes that make dictionaries and run ends.
    private static List<Row> repeat(List<Row> few, int n) {
        List<Row> out = new ArrayList<>(n);
        for (int k = 0; out.size() < n; k++) {
            Row r = few.get(k % few.size());
            for (int j = 0; j < 1 + k % 7 && out.size() < n; j++) {
                out.add(r);
            }
        }
        return out;
    }

    private Path write(Table t) {
        Path p = dir.resolve("t" + System.nanoTime() + ".vortex");
        WriteOptions o = WriteOptions.defaults()
                .withRowBlock(t.rowBlock())
                .withTargetChunkBytes(t.chunkBytes())
                .withDictionaries(t.dictionaries())
                .withParallelism(1);
        try (Arena arena = Arena.ofConfined();
                VortexWriter w = VortexWriter.create(p, SCHEMA, o)) {
            Builders.LongBuilder i = Builders.longs(SCHEMA.fields().get(0));
            Builders.DoubleBuilder f = Builders.doubles(SCHEMA.fields().get(1));
            Builders.StringBuilder s = Builders.strings(SCHEMA.fields().get(2));
            for (Row r : t.rows()) {
                if (r.i() == null) {
                    i.appendNull();
                } else {
                    i.append(r.i());
                }
                if (r.f() == null) {
                    f.appendNull();
                } else {
                    f.append(r.f());
                }
                if (r.s() == null) {
                    s.appendNull();
                } else {
                    s.append(r.s());
                }
            }
            w.write(List.of(i.build(arena), f.build(arena), s.build(arena)));
            w.finish();
        }
        return p;
    }

    private static Row row(Batch b, int k) {
        PrimitiveArray i = (PrimitiveArray) b.column(0);
        PrimitiveArray f = (PrimitiveArray) b.column(1);
        VarBinViewArray s = (VarBinViewArray) b.column(2);
        return new Row(
                i.validity().isValid(k) ? i.getLong(k) : null,
                f.validity().isValid(k) ? f.getDouble(k) : null,
                s.validity().isValid(k) ? s.getString(k) : null);
    }

    private static List<Row> scan(VortexFile f, ScanOptions o) {
        List<Row> out = new ArrayList<>();
        try (Scan scan = f.scan(o)) {
            for (Batch b : scan) {
                try (b) {
                    for (int k = 0; k < b.rowCount(); k++) {
                        out.add(row(b, k));
                    }
                }
            }
        }
        return out;
    }

    private static boolean same(Row a, Row b) {
        return Objects.equals(a.i(), b.i())
                && (a.f() == null ? b.f() == null : b.f() != null && Double.compare(a.f(), b.f()) == 0)
                && Objects.equals(a.s(), b.s());
    }

    private static void assertRows(List<Row> expected, List<Row> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": rows");
        for (int k = 0; k < expected.size(); k++) {
            Row e = expected.get(k);
            Row a = actual.get(k);
            assertTrue(same(e, a), what + ": row " + k + ": wrote " + e + ", read " + a);
        }
    }

    @Property(tries = 60)
    void everyTableReadsBackEqualWithItsStatistics(@ForAll("tables") Table t) {
        Path p = write(t);
        try (VortexFile f = VortexFile.open(p)) {
            assertRows(t.rows(), scan(f, ScanOptions.all().withParallelism(1)), "full scan");
            assertRows(t.rows(), scan(f, ScanOptions.all().withParallelism(3)), "parallel scan");
            checkLongStats(t.rows(), f.statistics(0));
            checkDoubleStats(t.rows(), f.statistics(1));
            checkStringStats(t.rows(), f.statistics(2));
        }
    }

    @Property(tries = 60)
    void sliceAndTakeEqualTheFullScan(
            @ForAll("tables") Table t, @ForAll double from, @ForAll double to, @ForAll("indices") List<Double> picks) {
        Path p = write(t);
        try (VortexFile f = VortexFile.open(p)) {
            List<Row> all = scan(f, ScanOptions.all().withParallelism(1));
            int n = all.size();
            int a = (int) Math.floor(Math.abs(from % 1.0) * (n + 1));
            int b = (int) Math.floor(Math.abs(to % 1.0) * (n + 1));
            int lo = Math.min(a, b);
            int hi = Math.max(a, b);
            assertRows(all.subList(lo, hi), scan(f, ScanOptions.all().rows(lo, hi)), "rows [" + lo + ", " + hi + ")");
            if (n > 0) {
                long[] idx = picks.stream()
                        .mapToLong(d -> (long) Math.floor(Math.abs(d % 1.0) * n))
                        .toArray();
                try (Batch taken = f.take(idx, null)) {
                    List<Row> got = new ArrayList<>();
                    for (int k = 0; k < taken.rowCount(); k++) {
                        got.add(row(taken, k));
                        assertEquals(idx[k], taken.rowIndex(k));
                    }
                    List<Row> expected =
                            Arrays.stream(idx).mapToObj(k -> all.get((int) k)).toList();
                    assertRows(expected, got, "take " + Arrays.toString(idx));
                }
                long[] sorted = Arrays.stream(idx).distinct().sorted().toArray();
                List<Row> expected =
                        Arrays.stream(sorted).mapToObj(k -> all.get((int) k)).toList();
                assertRows(expected, scan(f, ScanOptions.all().withRowIndices(sorted)), "row indices");
            }
        }
    }

    @Provide
    Arbitrary<List<Double>> indices() {
        return Arbitraries.doubles().between(0, 1).list().ofMinSize(1).ofMaxSize(40);
    }

    private static void checkLongStats(List<Row> rows, VortexFile.ColumnStatistics s) {
        List<Long> v = rows.stream().map(Row::i).filter(Objects::nonNull).toList();
        if (s == null) {
            return;
        }
        if (s.nullCount() != null) {
            assertEquals(rows.size() - v.size(), s.nullCount(), "i: null count");
        }
        if (v.isEmpty()) {
            assertTrue(s.min() == null || s.min().isNull(), "i: min of no values " + s.min());
            return;
        }
        long min = v.stream().mapToLong(Long::longValue).min().orElseThrow();
        long max = v.stream().mapToLong(Long::longValue).max().orElseThrow();
        if (s.min() != null && s.minExact()) {
            assertEquals(min, ((Number) s.min().value()).longValue(), "i: min");
        }
        if (s.max() != null && s.maxExact()) {
            assertEquals(max, ((Number) s.max().value()).longValue(), "i: max");
        }
    }

    private static void checkDoubleStats(List<Row> rows, VortexFile.ColumnStatistics s) {
        if (s == null) {
            return;
        }
        List<Double> v = rows.stream().map(Row::f).filter(Objects::nonNull).toList();
        if (s.nullCount() != null) {
            assertEquals(rows.size() - v.size(), s.nullCount(), "f: null count");
        }
        if (s.nanCount() != null) {
            assertEquals(v.stream().filter(d -> d.isNaN()).count(), s.nanCount(), "f: NaN count");
        }
        List<Double> numbers = v.stream().filter(d -> !d.isNaN()).toList();
        if (numbers.isEmpty()) {
            return;
        }
        double min = numbers.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = numbers.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        if (s.min() != null && !s.min().isNull() && s.minExact()) {
            assertEquals(0, Double.compare(Math.abs(min) == 0 ? 0.0 : min, zero(s.min())), "f: min " + s.min());
        }
        if (s.max() != null && !s.max().isNull() && s.maxExact()) {
            assertEquals(0, Double.compare(Math.abs(max) == 0 ? 0.0 : max, zero(s.max())), "f: max " + s.max());
        }
    }

    /// The statistic as a double, with -0.0 read as 0.0 (min and max need not tell them apart).
    private static double zero(Scalar s) {
        double d = s.asDouble();
        return d == 0 ? 0.0 : d;
    }

    private static void checkStringStats(List<Row> rows, VortexFile.ColumnStatistics s) {
        if (s == null) {
            return;
        }
        List<byte[]> v = rows.stream()
                .map(Row::s)
                .filter(Objects::nonNull)
                .map(x -> x.getBytes(StandardCharsets.UTF_8))
                .toList();
        if (s.nullCount() != null) {
            assertEquals(rows.size() - v.size(), s.nullCount(), "s: null count");
        }
        if (v.isEmpty()) {
            return;
        }
        byte[] min = v.stream().min(Arrays::compareUnsigned).orElseThrow();
        byte[] max = v.stream().max(Arrays::compareUnsigned).orElseThrow();
        if (s.min() != null && !s.min().isNull()) {
            byte[] got = ((String) s.min().value()).getBytes(StandardCharsets.UTF_8);
            if (s.minExact()) {
                assertArrayEquals(min, got, "s: min");
            } else {
                assertTrue(Arrays.compareUnsigned(got, min) <= 0, "s: inexact min above the minimum");
            }
        }
        if (s.max() != null && !s.max().isNull()) {
            byte[] got = ((String) s.max().value()).getBytes(StandardCharsets.UTF_8);
            if (s.maxExact()) {
                assertArrayEquals(max, got, "s: max");
            } else {
                assertTrue(Arrays.compareUnsigned(got, max) >= 0, "s: inexact max below the maximum");
            }
        }
    }
}
