package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.internal.FormatWriter;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StatsAccumulatorTest {
    @Test
    void theColumnTypePicksTheAccumulator() {
        assertInstanceOf(IntegerStats.class, StatsAccumulator.of(new DType.Primitive(PType.I32, true), 8));
        assertInstanceOf(UnsignedStats.class, StatsAccumulator.of(new DType.Primitive(PType.U8, false), 8));
        assertInstanceOf(FloatStats.class, StatsAccumulator.of(new DType.Primitive(PType.F16, true), 8));
        assertInstanceOf(BoolStats.class, StatsAccumulator.of(new DType.Bool(true), 8));
        assertInstanceOf(StringStats.class, StatsAccumulator.of(new DType.Binary(false), 8));
        assertInstanceOf(DecimalStats.class, StatsAccumulator.of(new DType.Decimal(12, 2, true), 8));
        assertInstanceOf(NullCountStats.class, StatsAccumulator.of(new DType.Null(), 8));
        assertInstanceOf(NullCountStats.class, StatsAccumulator.of(new DType.ListType(new DType.Bool(false), true), 8));
        DType.Extension ts =
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {2, 0, 0});
        assertInstanceOf(TemporalStats.class, StatsAccumulator.of(ts, 8));
        assertInstanceOf(
                StringStats.class,
                StatsAccumulator.of(new DType.Extension("x.label", new DType.Utf8(true), new byte[0]), 8));
        assertInstanceOf(
                NullCountStats.class,
                StatsAccumulator.of(new DType.Extension("x.f", new DType.Primitive(PType.F64, true), new byte[0]), 8));
    }

    /// The statistics do not depend on how the rows are cut into batches.
    @Test
    void batchSplitsDoNotChangeTheStatistics() {
        Random random = new Random(12);
        try (Arena arena = Arena.ofConfined()) {
            DType.Primitive f64 = new DType.Primitive(PType.F64, true);
            Builders.DoubleBuilder doubles = Builders.doubles(f64);
            DType.Primitive i64 = new DType.Primitive(PType.I64, true);
            Builders.LongBuilder longs = Builders.longs(i64);
            DType.Utf8 utf8 = new DType.Utf8(true);
            Builders.StringBuilder strings = Builders.strings(utf8);
            for (int i = 0; i < 5000; i++) {
                if (random.nextInt(9) == 0) {
                    doubles.appendNull();
                    longs.appendNull();
                    strings.appendNull();
                } else {
                    doubles.append(random.nextInt(50) == 0 ? Double.NaN : random.nextGaussian() * 1e6);
                    longs.append(random.nextLong());
                    strings.append("s" + "x".repeat(random.nextInt(80)) + random.nextInt(1000));
                }
            }
            for (Array all : List.of(doubles.build(arena), longs.build(arena), strings.build(arena))) {
                StatsAccumulator whole = StatsAccumulator.of(all.dtype(), 512);
                whole.add(all);
                StatsAccumulator pieces = StatsAccumulator.of(all.dtype(), 512);
                for (int from = 0; from < all.length(); ) {
                    int n = Math.min(all.length() - from, 1 + random.nextInt(700));
                    pieces.add(ArrayOps.slice(all, from, n, arena));
                    from += n;
                }
                assertEquals(10, whole.zoneCount());
                assertEquals(whole.zoneCount(), pieces.zoneCount());
                assertArrayEquals(
                        bytes(whole.fileStatistics()),
                        bytes(pieces.fileStatistics()),
                        all.dtype().toString());
                List<ZoneColumn> a = whole.zoneColumns(arena);
                List<ZoneColumn> b = pieces.zoneColumns(arena);
                assertEquals(
                        a.stream().map(ZoneColumn::name).toList(),
                        b.stream().map(ZoneColumn::name).toList());
            }
        }
    }

    /// String bounds do not depend on the order of a zone's values: in ascending order every value
    /// is compared in full (each is a new greatest), in a shuffled order most are passed over on
    /// their first 8 bytes alone; short, inlined, equal-prefix and empty values included.
    @Test
    void stringBoundsDoNotDependOnTheOrderOfTheValues() {
        Random random = new Random(5);
        List<String> values = new java.util.ArrayList<>();
        String[] stems = {"", "a", "abcdefg", "abcdefgh", "abcdefghij", "zz", "\u00e9t\u00e9", "abcdefgh\u00ff"};
        for (int i = 0; i < 3000; i++) {
            StringBuilder b = new StringBuilder(stems[random.nextInt(stems.length)]);
            int extra = random.nextInt(20);
            for (int k = 0; k < extra; k++) {
                b.append((char) ('a' + random.nextInt(4)));
            }
            values.add(b.toString());
        }
        List<String> ascending = new java.util.ArrayList<>(values);
        ascending.sort((x, y) -> java.util.Arrays.compareUnsigned(
                x.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                y.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        try (Arena arena = Arena.ofConfined()) {
            byte[] expected = null;
            for (List<String> order : List.of(ascending, values)) {
                Builders.StringBuilder strings = Builders.strings(new DType.Utf8(false));
                order.forEach(strings::append);
                StatsAccumulator stats = StatsAccumulator.of(new DType.Utf8(false), 4096);
                stats.add(strings.build(arena));
                byte[] got = bytes(stats.fileStatistics());
                if (expected == null) {
                    expected = got;
                } else {
                    assertArrayEquals(expected, got);
                }
            }
        }
    }

    /// Zone bounds of strings that often equal a bound of 13 to 16 bytes, or share its first 16
    /// bytes, or differ from it only in the last byte or the length, against bounds worked out
    /// here by sorting each zone's values.
    @Test
    void valuesEqualToALongBoundLeaveItAlone() {
        String[] pool = {
            "TAKE BACK RETURN", "TAKE BACK RETURM", "TAKE BACK RETURNS", "TAKE BACK RETUR", "TAKE BACK RETURN\u0000",
            "COLLECT COD 1234", "COLLECT COD 1233", "COLLECT COD 12345", "COLLECT COD 123", "COLLECT COD",
            "DELIVER IN PERSON", "NONE", "A", "TAKE BACK RETURO", "COLLECT COD 123\u0000"
        };
        Random random = new Random(31);
        int zone = 64;
        List<String> values = new java.util.ArrayList<>();
        for (int i = 0; i < 40 * zone; i++) {
            // mostly the two bounds' values, sometimes a near miss
            int pick = random.nextInt(10) < 7 ? random.nextInt(2) * 5 : random.nextInt(pool.length);
            values.add(pool[pick]);
        }
        try (Arena arena = Arena.ofConfined()) {
            Builders.StringBuilder strings = Builders.strings(new DType.Utf8(false));
            values.forEach(strings::append);
            StatsAccumulator stats = StatsAccumulator.of(new DType.Utf8(false), zone);
            stats.add(strings.build(arena));
            List<ZoneColumn> cols = stats.zoneColumns(arena);
            // bounds of at most 64 bytes: these values are kept whole
            assertEquals("vortex.bounded_max(64)", cols.get(0).name());
            assertEquals("vortex.bounded_min(64)", cols.get(1).name());
            var max = (dev.jvortex.core.array.VarBinViewArray)
                    ((dev.jvortex.core.array.StructArray) cols.get(0).values()).field("bound");
            var min = (dev.jvortex.core.array.VarBinViewArray) cols.get(1).values();
            java.util.Comparator<byte[]> order = java.util.Arrays::compareUnsigned;
            for (int z = 0; z < values.size() / zone; z++) {
                List<byte[]> inZone = values.subList(z * zone, (z + 1) * zone).stream()
                        .map(v -> v.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                        .sorted(order)
                        .toList();
                assertArrayEquals(inZone.get(0), min.getBytes(z), "min of zone " + z);
                assertArrayEquals(inZone.get(zone - 1), max.getBytes(z), "max of zone " + z);
            }
        }
    }

    @Test
    void integerSumsAreNullOnOverflow() {
        try (Arena arena = Arena.ofConfined()) {
            StatsAccumulator s = StatsAccumulator.of(new DType.Primitive(PType.I64, false), 2);
            s.add(Builders.of(PType.I64, new long[] {Long.MAX_VALUE, 1, 5, 7}, arena));
            ArrayStats stats = s.fileStatistics();
            assertNull(stats.sum());
            assertNotNull(stats.min());
        }
    }

    /// Batches with nulls and without (scanned by different loops) add up in one zone as the
    /// rows say: min, max, sum and null count over the valid rows alone.
    @Test
    void integerBatchesWithAndWithoutNullsAddUp() {
        try (Arena arena = Arena.ofConfined()) {
            DType.Primitive i64 = new DType.Primitive(PType.I64, true);
            StatsAccumulator s = StatsAccumulator.of(i64, 1000);
            Builders.LongBuilder withNulls = Builders.longs(i64);
            withNulls.append(-4);
            withNulls.appendNull();
            withNulls.append(9);
            withNulls.appendNull();
            s.add(withNulls.build(arena)); // a null batch: the loop that reads the validity
            s.add(Builders.of(PType.I64, new long[] {3, -7, 2}, arena)); // all valid: the other
            Builders.LongBuilder nullsOnly = Builders.longs(i64);
            nullsOnly.appendNull();
            nullsOnly.append(100);
            s.add(nullsOnly.build(arena));
            ArrayStats stats = s.fileStatistics();
            assertEquals(1, s.zoneCount());
            assertEquals(3L, stats.nullCount());
            assertEquals(-7L, Scalar.decode(stats.min(), i64).value());
            assertEquals(100L, Scalar.decode(stats.max(), i64).value());
            assertEquals(
                    103L,
                    Scalar.decode(stats.sum(), new DType.Primitive(PType.I64, true))
                            .value());
        }
    }

    @Test
    void zoneTablesHaveNoSumsAndValidityOnlyWhereAZoneLacksTheStatistic() {
        // The reference 0.90.0 writes zone tables this way (checked on files its Python writer
        // produced): no vortex.sum column, and a statistic column without a validity child when
        // every zone has the statistic.
        try (Arena arena = Arena.ofConfined()) {
            StatsAccumulator ints = StatsAccumulator.of(new DType.Primitive(PType.I64, false), 2);
            ints.add(Builders.of(PType.I64, new long[] {3, 1, 5, 7, 2}, arena));
            List<ZoneColumn> cols = ints.zoneColumns(arena);
            assertEquals(
                    List.of("vortex.max()", "vortex.min()", "vortex.null_count()"),
                    cols.stream().map(ZoneColumn::name).toList());
            assertTrue(cols.get(0).values().validity().isAllValid());
            assertTrue(cols.get(1).values().validity().isAllValid());
            assertEquals(7, ((PrimitiveArray) cols.get(0).values()).getLong(1));
            assertEquals(2, ((PrimitiveArray) cols.get(1).values()).getLong(2));
            assertEquals(
                    18L,
                    Scalar.decode(ints.fileStatistics().sum(), new DType.Primitive(PType.I64, true))
                            .value());

            StatsAccumulator floats = StatsAccumulator.of(new DType.Primitive(PType.F64, false), 2);
            floats.add(Builders.of(new double[] {Double.NaN, Double.NaN, 1.5, 2.5}, arena));
            List<ZoneColumn> fcols = floats.zoneColumns(arena);
            assertEquals(
                    List.of("vortex.max()", "vortex.min()", "vortex.nan_count()", "vortex.null_count()"),
                    fcols.stream().map(ZoneColumn::name).toList());
            Validity v = fcols.get(0).values().validity();
            assertFalse(v.isAllValid());
            assertFalse(v.isValid(0));
            assertTrue(v.isValid(1));
        }
    }

    @Test
    void nullColumnsCountNullsOnly() {
        try (Arena arena = Arena.ofConfined()) {
            StatsAccumulator s = StatsAccumulator.of(new DType.Null(), 3);
            s.add(new NullArray(7));
            assertEquals(3, s.zoneCount());
            assertEquals(7L, s.fileStatistics().nullCount());
            List<ZoneColumn> cols = s.zoneColumns(arena);
            assertEquals(1, cols.size());
        }
    }

    private static byte[] bytes(ArrayStats stats) {
        return FormatWriter.fileStatistics(List.of(stats));
    }
}
