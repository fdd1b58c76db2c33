package dev.jvortex.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.LogicalValue;
import dev.jvortex.core.TemporalType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ColumnBuilder;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The typed write API: DType factories, [ColumnBuilder] and statistics read back as logical
/// values ([LogicalValue]). The reference's reading of every type is in [ArrowOracleTest].
class TypedWriteTest {
    @TempDir
    Path dir;

    @Test
    void factoriesGiveTheFormatsExtensionMetadata() {
        // The bytes the format defines (unit tag; u16 LE zone length; zone), written out by hand.
        DType.Extension ts = DType.timestamp(TimeUnit.MICROSECONDS, "UTC");
        assertEquals("vortex.timestamp", ts.id());
        assertEquals(List.of((byte) 1, (byte) 3, (byte) 0, (byte) 'U', (byte) 'T', (byte) 'C'), bytes(ts.metadata()));
        assertEquals(DType.int64(), ts.storage());
        assertEquals(
                List.of((byte) 2, (byte) 0, (byte) 0),
                bytes(DType.timestamp(TimeUnit.MILLISECONDS, null).metadata()));
        assertEquals(List.of((byte) 4), bytes(DType.date(TimeUnit.DAYS).metadata()));
        assertEquals(DType.int32(), DType.date(TimeUnit.DAYS).storage());
        assertEquals(DType.int64(), DType.date(TimeUnit.MILLISECONDS).storage());
        assertEquals(DType.int32(), DType.time(TimeUnit.SECONDS).storage());
        assertEquals(DType.int32(), DType.time(TimeUnit.MILLISECONDS).storage());
        assertEquals(DType.int64(), DType.time(TimeUnit.NANOSECONDS).storage());
        assertEquals(List.of((byte) 0), bytes(DType.time(TimeUnit.NANOSECONDS).metadata()));
        assertEquals(new TemporalType(TemporalType.Kind.TIMESTAMP, TimeUnit.MICROSECONDS, "UTC"), TemporalType.of(ts));
        assertEquals(new DType.Decimal(12, 3, false), DType.decimal(12, 3));
        assertEquals(
                new DType.Primitive(dev.jvortex.core.PType.U16, true),
                DType.uint16().withNullable(true));
        assertEquals(
                new DType.FixedSizeList(new DType.Primitive(dev.jvortex.core.PType.U8, false), 16, false),
                DType.uuid().storage());
        assertEquals(
                DType.utf8(),
                DType.map(DType.utf8().withNullable(true), DType.int8()).key());
        assertThrows(VortexException.class, () -> DType.date(TimeUnit.SECONDS));
        assertThrows(VortexException.class, () -> DType.time(TimeUnit.DAYS));
        assertThrows(VortexException.class, () -> DType.decimal(3, 5));
        assertThrows(VortexException.class, () -> DType.struct("a", DType.int8(), "b"));
    }

    @Test
    void statisticsComeBackAsLogicalValues() {
        List<Object[]> rows = EveryType.rows(500, 11);
        DType.Struct schema = EveryType.schema();
        Path file = dir.resolve("stats.vortex");
        try (Arena arena = Arena.ofConfined()) {
            List<Array> columns = EveryType.columns(rows, arena);
            try (VortexWriter w = VortexWriter.create(file, schema, WriteOptions.defaults())) {
                w.write(columns);
                w.finish();
            }
        }
        try (VortexFile f = VortexFile.open(file)) {
            check(f, rows, "i64", Comparator.comparing(o -> (Long) o), o -> o);
            check(f, rows, "u64", Comparator.comparing(o -> new BigInteger(o.toString())), o -> o);
            check(f, rows, "dec", Comparator.comparing(o -> (BigDecimal) o), o -> o);
            check(f, rows, "date", Comparator.comparing(o -> (LocalDate) o), o -> o);
            check(f, rows, "t_us", Comparator.comparing(o -> (LocalTime) o), o -> o);
            check(f, rows, "ts_s", Comparator.comparing(o -> (LocalDateTime) o), o -> o);
            check(
                    f,
                    rows,
                    "ts_us_paris",
                    Comparator.comparing(o -> ((ZonedDateTime) o).toInstant()),
                    o -> ((ZonedDateTime) o).withZoneSameInstant(ZoneId.of("Europe/Paris")));
            check(
                    f,
                    rows,
                    "ts_ms_utc",
                    Comparator.comparing(o -> (Instant) o),
                    o -> ((Instant) o).atZone(ZoneId.of("UTC")));
        }
    }

    /// Checks that an exact min/max statistic of `column` is the min/max of the Java values.
    private static void check(
            VortexFile f,
            List<Object[]> rows,
            String column,
            Comparator<Object> order,
            java.util.function.UnaryOperator<Object> asRead) {
        int c = f.columnNames().indexOf(column);
        var stats = f.statistics(c);
        assertNotNull(stats, column + ": no statistics");
        List<Object> values = rows.stream()
                .map(r -> r[c])
                .filter(Objects::nonNull)
                .map(v -> normalize(v))
                .toList();
        Object min = values.stream().min(order).orElseThrow();
        Object max = values.stream().max(order).orElseThrow();
        assertNotNull(stats.min(), column + ": no min");
        assertTrue(stats.minExact() && stats.maxExact(), column + ": inexact");
        assertEquals(asRead.apply(min), LogicalValue.of(stats.min()), column + " min");
        assertEquals(asRead.apply(max), LogicalValue.of(stats.max()), column + " max");
    }

    private static Object normalize(Object v) {
        return v instanceof BigInteger b && b.bitLength() < 64 ? (Object) b.longValue() : v;
    }

    @Test
    void badValuesAreRejectedWithTheRow() {
        ColumnBuilder ints = ColumnBuilder.of(DType.int8());
        ints.add(1);
        VortexException e = assertThrows(VortexException.class, () -> ints.add(300));
        assertEquals(VortexException.Kind.MISUSE, e.kind());
        assertTrue(e.getMessage().contains("row 1"), e.getMessage());
        assertThrows(VortexException.class, () -> ints.add(null));
        assertThrows(VortexException.class, () -> ints.add("1"));
        assertThrows(
                VortexException.class, () -> ColumnBuilder.of(DType.uint64()).add(BigInteger.ONE.shiftLeft(64)));
        assertThrows(
                VortexException.class, () -> ColumnBuilder.of(DType.uint8()).add(-1));
        assertThrows(
                VortexException.class,
                () -> ColumnBuilder.of(DType.decimal(5, 2)).add(new BigDecimal("1.234")));
        assertThrows(
                VortexException.class,
                () -> ColumnBuilder.of(DType.decimal(5, 2)).add(new BigDecimal("1234.5")));
        assertThrows(
                VortexException.class,
                () -> ColumnBuilder.of(DType.timestamp(TimeUnit.MILLISECONDS, "UTC"))
                        .add(Instant.ofEpochSecond(0, 1)));
        assertThrows(
                VortexException.class,
                () -> ColumnBuilder.of(DType.timestamp(TimeUnit.MILLISECONDS, null))
                        .add(ZonedDateTime.now(ZoneId.of("UTC"))));
        assertThrows(
                VortexException.class,
                () -> ColumnBuilder.of(DType.fixedSizeList(DType.int8(), 2)).add(List.of(1)));
        assertThrows(
                VortexException.class,
                () -> ColumnBuilder.of(DType.struct("a", DType.int8())).add(java.util.Map.of("b", 1)));
        assertThrows(VortexException.class, () -> ColumnBuilder.of(DType.uuid()).add("not a uuid"));
    }

    @Test
    void valuesReadBackAsTheyWereGiven() {
        UUID u = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");
        try (Arena arena = Arena.ofConfined()) {
            Array a = ColumnBuilder.of(DType.uuid()).add(u).build(arena);
            var fsl = (dev.jvortex.core.array.FixedSizeListArray) ((dev.jvortex.core.array.ExtensionArray) a).storage();
            var b = (dev.jvortex.core.array.PrimitiveArray) fsl.elements();
            for (int i = 0; i < 16; i++) {
                assertEquals(i * 0x11, b.getLong(i), "uuid byte " + i);
            }
            Array d = ColumnBuilder.of(DType.decimal(40, 3))
                    .add(new BigDecimal("-12.5"))
                    .build(arena);
            assertEquals(new BigDecimal("-12.500"), ((dev.jvortex.core.array.DecimalArray) d).get(0));
        }
    }

    private static List<Byte> bytes(byte[] b) {
        Byte[] out = new Byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i];
        }
        return List.of(out);
    }
}
