package dev.jvortex.arrow;

import dev.jvortex.core.DType;
import dev.jvortex.core.TemporalType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ColumnBuilder;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/// Test data: a schema with a column of every type the typed write API and the Arrow bridge
/// support, rows of plain Java values for it (seeded), and the canonical form of those values
/// that `arrow_oracle.py` prints for what pyarrow or the reference read.
final class EveryType {
    private EveryType() {}

    static final DType.Struct POINT =
            DType.struct("x", DType.int64(), "y", DType.utf8().withNullable(true));

    /// Names and types: every column nullable except `id`.
    static DType.Struct schema() {
        Object[] spec = {
            "id", DType.int64(),
            "b", DType.bool(),
            "i8", DType.int8(),
            "i16", DType.int16(),
            "i32", DType.int32(),
            "i64", DType.int64(),
            "u8", DType.uint8(),
            "u16", DType.uint16(),
            "u32", DType.uint32(),
            "u64", DType.uint64(),
            "f16", DType.float16(),
            "f32", DType.float32(),
            "f64", DType.float64(),
            "dec", DType.decimal(10, 2),
            "dec38", DType.decimal(38, 8),
            "dec60", DType.decimal(60, 1),
            "s", DType.utf8(),
            "bin", DType.binary(),
            "date", DType.date(TimeUnit.DAYS),
            "date_ms", DType.date(TimeUnit.MILLISECONDS),
            "t_s", DType.time(TimeUnit.SECONDS),
            "t_ms", DType.time(TimeUnit.MILLISECONDS),
            "t_us", DType.time(TimeUnit.MICROSECONDS),
            "t_ns", DType.time(TimeUnit.NANOSECONDS),
            "ts_s", DType.timestamp(TimeUnit.SECONDS, null),
            "ts_ms_utc", DType.timestamp(TimeUnit.MILLISECONDS, "UTC"),
            "ts_us_paris", DType.timestamp(TimeUnit.MICROSECONDS, "Europe/Paris"),
            "ts_ns", DType.timestamp(TimeUnit.NANOSECONDS, null),
            "uuid", DType.uuid(),
            "l", DType.list(DType.int32().withNullable(true)),
            "ls", DType.list(DType.utf8()),
            "fsl", DType.fixedSizeList(DType.int64().withNullable(true), 2),
            "st", POINT,
            "m", DType.map(DType.utf8(), DType.int32().withNullable(true)),
            "ll", DType.list(DType.list(DType.float64())),
            "n", DType.nullType(),
        };
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (int i = 0; i < spec.length; i += 2) {
            names.add((String) spec[i]);
            DType t = (DType) spec[i + 1];
            types.add(names.getLast().equals("id") ? t : t.withNullable(true));
        }
        return DType.struct(names, types);
    }

    /// Rows of Java values, every third row of a nullable column null.
    static List<Object[]> rows(int n, long seed) {
        DType.Struct schema = schema();
        Random r = new Random(seed);
        List<Object[]> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Object[] row = new Object[schema.size()];
            for (int c = 0; c < row.length; c++) {
                String name = schema.names().get(c);
                boolean isNull = !name.equals("id") && (i + c) % 3 == 1;
                row[c] = isNull ? null : value(name, i, r);
            }
            rows.add(row);
        }
        return rows;
    }

    private static Object value(String name, int i, Random r) {
        return switch (name) {
            case "id" -> (long) i;
            case "b" -> r.nextBoolean();
            case "i8" -> (byte) r.nextInt();
            case "i16" -> (short) r.nextInt();
            case "i32" -> r.nextInt();
            case "i64" -> r.nextLong();
            case "u8" -> r.nextInt(256);
            case "u16" -> r.nextInt(65536);
            case "u32" -> r.nextLong(1L << 32);
            case "u64" -> new BigInteger(64, r);
            case "f16" -> (float) r.nextInt(-2048, 2048) / 8;
            case "f32" -> r.nextFloat() * 1000 - 500;
            case "f64" -> r.nextGaussian() * 1e6;
            case "dec" -> BigDecimal.valueOf(r.nextLong(-9_999_999_999L, 9_999_999_999L), 2);
            case "dec38" -> new BigDecimal(new BigInteger(120, r), 8).negate();
            case "dec60" -> new BigDecimal(new BigInteger(190, r), 1);
            case "s" -> i % 5 == 0 ? "ünïcødé ☃ " + i : "x".repeat(r.nextInt(30)) + i;
            case "bin" -> {
                byte[] b = new byte[r.nextInt(20)];
                r.nextBytes(b);
                yield b;
            }
            case "date" -> LocalDate.ofEpochDay(r.nextInt(-30000, 30000));
            case "date_ms" -> LocalDate.ofEpochDay(r.nextInt(-30000, 30000));
            case "t_s" -> LocalTime.ofSecondOfDay(r.nextInt(86400));
            case "t_ms" -> LocalTime.ofNanoOfDay(r.nextLong(86_400_000L) * 1_000_000L);
            case "t_us" -> LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000L) * 1000L);
            case "t_ns" -> LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000_000L));
            case "ts_s" -> LocalDateTime.ofEpochSecond(r.nextLong(-4_000_000_000L, 4_000_000_000L), 0, ZoneOffset.UTC);
            case "ts_ms_utc" -> Instant.ofEpochMilli(r.nextLong(-4_000_000_000_000L, 4_000_000_000_000L));
            case "ts_us_paris" ->
                ZonedDateTime.ofInstant(
                        Instant.ofEpochSecond(
                                r.nextLong(-4_000_000_000L, 4_000_000_000L), r.nextInt(1_000_000) * 1000L),
                        java.time.ZoneId.of("Europe/Paris"));
            case "ts_ns" ->
                LocalDateTime.ofEpochSecond(
                        r.nextLong(-9_000_000_000L, 9_000_000_000L), r.nextInt(1_000_000_000), ZoneOffset.UTC);
            case "uuid" -> new UUID(r.nextLong(), r.nextLong());
            case "l" -> {
                List<Object> l = new ArrayList<>();
                for (int k = r.nextInt(4); k > 0; k--) {
                    l.add(r.nextInt(5) == 0 ? null : r.nextInt());
                }
                yield l;
            }
            case "ls" -> List.of("a" + i, "b".repeat(r.nextInt(15)));
            case "fsl" -> Arrays.asList(r.nextLong(), r.nextInt(3) == 0 ? null : (Object) r.nextLong());
            case "st" -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("x", (long) i * 7);
                m.put("y", i % 2 == 0 ? null : "y" + i);
                yield m;
            }
            case "m" -> {
                Map<String, Object> m = new LinkedHashMap<>();
                for (int k = r.nextInt(3); k > 0; k--) {
                    m.put("k" + k + "_" + i, r.nextInt(4) == 0 ? null : r.nextInt(100));
                }
                yield m;
            }
            case "ll" -> List.of(List.of(1.5, (double) i), List.of());
            case "n" -> null;
            default -> throw new IllegalArgumentException(name);
        };
    }

    /// Builds the columns of `rows` with [ColumnBuilder].
    static List<Array> columns(List<Object[]> rows, Arena arena) {
        DType.Struct schema = schema();
        List<Array> out = new ArrayList<>();
        for (int c = 0; c < schema.size(); c++) {
            ColumnBuilder b = ColumnBuilder.of(schema.fields().get(c));
            for (Object[] row : rows) {
                b.add(row[c]);
            }
            out.add(b.build(arena));
        }
        return out;
    }

    /// The canonical form (see `arrow_oracle.py`) of `rows`, computed from the Java values.
    static List<List<Object>> canonical(List<Object[]> rows) {
        DType.Struct schema = schema();
        List<List<Object>> out = new ArrayList<>();
        for (Object[] row : rows) {
            List<Object> c = new ArrayList<>();
            for (int i = 0; i < row.length; i++) {
                c.add(canon(row[i], schema.fields().get(i)));
            }
            out.add(c);
        }
        return out;
    }

    static Object canon(Object v, DType t) {
        if (v == null) {
            return null;
        }
        TemporalType tt = TemporalType.of(t);
        if (tt != null) {
            return Long.toString(temporal(v, tt));
        }
        return switch (t) {
            case DType.Bool _ -> v;
            case DType.Primitive p ->
                switch (p.ptype()) {
                    case F16 -> Integer.toString(Float.floatToFloat16(((Number) v).floatValue()) & 0xFFFF);
                    case F32 -> Integer.toUnsignedString(Float.floatToRawIntBits(((Number) v).floatValue()));
                    case F64 -> Long.toUnsignedString(Double.doubleToRawLongBits(((Number) v).doubleValue()));
                    default -> v.toString();
                };
            case DType.Decimal d -> ((BigDecimal) v).setScale(d.scale()).toPlainString();
            case DType.Utf8 _ -> v;
            case DType.Binary _ -> HexFormat.of().formatHex((byte[]) v);
            case DType.Extension e
            when e.id().equals(DType.UUID_ID) -> {
                UUID u = (UUID) v;
                yield String.format(
                        java.util.Locale.ROOT, "%016x%016x", u.getMostSignificantBits(), u.getLeastSignificantBits());
            }
            case DType.ListType l -> {
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) v) {
                    out.add(canon(e, l.element()));
                }
                yield out;
            }
            case DType.FixedSizeList l -> {
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) v) {
                    out.add(canon(e, l.element()));
                }
                yield out;
            }
            case DType.Struct s -> {
                Map<?, ?> m = (Map<?, ?>) v;
                List<Object> out = new ArrayList<>();
                for (int i = 0; i < s.size(); i++) {
                    out.add(canon(m.get(s.names().get(i)), s.fields().get(i)));
                }
                yield out;
            }
            case DType.MapType m -> {
                List<Object> out = new ArrayList<>();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    out.add(Arrays.asList(canon(e.getKey(), m.key()), canon(e.getValue(), m.value())));
                }
                yield out;
            }
            default -> throw new IllegalArgumentException("no canonical form for " + t);
        };
    }

    private static long temporal(Object v, TemporalType t) {
        return switch (v) {
            case LocalDate d -> t.unit() == TimeUnit.DAYS ? d.toEpochDay() : d.toEpochDay() * 86_400_000L;
            case LocalTime lt -> lt.toNanoOfDay() / (1_000_000_000L / t.unit().perSecond());
            case LocalDateTime l -> units(l.toInstant(ZoneOffset.UTC), t.unit());
            case ZonedDateTime z -> units(z.toInstant(), t.unit());
            case Instant i -> units(i, t.unit());
            default -> throw new IllegalArgumentException(v.toString());
        };
    }

    private static long units(Instant i, TimeUnit u) {
        BigInteger nanos = BigInteger.valueOf(i.getEpochSecond())
                .multiply(BigInteger.valueOf(1_000_000_000L))
                .add(BigInteger.valueOf(i.getNano()));
        return nanos.divide(BigInteger.valueOf(1_000_000_000L / u.perSecond())).longValueExact();
    }

    /// The bytes of `s` in UTF-8 (for tests that compare raw string data).
    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
