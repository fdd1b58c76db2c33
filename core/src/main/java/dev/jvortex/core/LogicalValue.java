package dev.jvortex.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/// Scalars as the Java values of their logical type: what the typed write API takes, given back
/// for statistics, zone maps and any other [Scalar].
///
/// ```java
/// Scalar max = file.statistics(2).max();        // a vortex.timestamp column
/// Object when = LogicalValue.of(max);          // a ZonedDateTime in the column's zone
/// ```
///
// spotless:off
/// | type | Java value |
/// |---|---|
/// | bool | `Boolean` |
/// | i8 … i64, u8 … u32 | `Long` |
/// | u64 | `BigInteger` (exact above `Long.MAX_VALUE`) |
/// | f16, f32 | `Float`; f64: `Double` |
/// | decimal(p, s) | `BigDecimal` with scale `s` |
/// | utf8 / binary | `String` / `byte[]` |
/// | vortex.date / vortex.time | `LocalDate` / `LocalTime` |
/// | vortex.timestamp | `ZonedDateTime` in its zone; `LocalDateTime` without a zone; `Instant` if the zone is unknown to `java.time` |
/// | vortex.uuid | `UUID` |
/// | list, fixed-size list, struct | `List` of the element or field values |
/// | other extensions | the value of the storage type |
// spotless:on
public final class LogicalValue {
    private LogicalValue() {}

    /// Returns the logical Java value of `scalar` (null for a null scalar).
    public static Object of(Scalar scalar) {
        return scalar == null ? null : of(scalar.dtype(), scalar.value());
    }

    /// Returns the logical Java value of a scalar value of `dtype` (see [Scalar] for the raw form).
    public static Object of(DType dtype, Object value) {
        if (value == null) {
            return null;
        }
        return switch (dtype) {
            case DType.Primitive p ->
                switch (p.ptype()) {
                    case F16 -> Float.float16ToFloat((Short) value);
                    case F32, F64 -> value;
                    case U64 -> {
                        long v = (Long) value;
                        yield v >= 0 ? (Object) v : new BigInteger(Long.toUnsignedString(v));
                    }
                    default -> value;
                };
            case DType.Decimal d -> new BigDecimal((BigInteger) value, d.scale());
            case DType.Extension e -> extension(e, value);
            case DType.ListType l -> list(value, _ -> l.element());
            case DType.FixedSizeList f -> list(value, _ -> f.element());
            case DType.Struct s -> list(value, s.fields()::get);
            default -> value;
        };
    }

    private static Object list(Object value, java.util.function.IntFunction<DType> type) {
        List<?> raw = (List<?>) value;
        List<Object> out = new ArrayList<>(raw.size());
        for (int i = 0; i < raw.size(); i++) {
            Object v = raw.get(i);
            out.add(v instanceof Scalar s ? of(s) : of(type.apply(i), v));
        }
        return out;
    }

    private static Object extension(DType.Extension e, Object value) {
        TemporalType t = TemporalType.of(e);
        if (t == null) {
            if (e.id().equals(DType.UUID_ID) && value instanceof List<?> bytes && bytes.size() == 16) {
                long hi = 0;
                long lo = 0;
                for (int i = 0; i < 8; i++) {
                    hi = hi << 8 | (asLong(bytes.get(i)) & 0xFF);
                    lo = lo << 8 | (asLong(bytes.get(8 + i)) & 0xFF);
                }
                return new UUID(hi, lo);
            }
            return of(e.storage(), value);
        }
        long v = (Long) value;
        return switch (t.kind()) {
            case DATE -> LocalDate.ofEpochDay(t.unit() == TimeUnit.DAYS ? v : Math.floorDiv(v, 86_400_000L));
            case TIME -> LocalTime.ofNanoOfDay(v * (1_000_000_000L / t.unit().perSecond()));
            case TIMESTAMP -> {
                long per = t.unit().perSecond();
                Instant at =
                        Instant.ofEpochSecond(Math.floorDiv(v, per), Math.floorMod(v, per) * (1_000_000_000L / per));
                if (t.zone() == null) {
                    yield LocalDateTime.ofInstant(at, ZoneOffset.UTC);
                }
                try {
                    yield at.atZone(ZoneId.of(t.zone()));
                } catch (java.time.DateTimeException ex) {
                    yield at;
                }
            }
        };
    }

    private static long asLong(Object o) {
        return o instanceof Scalar s ? s.asLong() : ((Number) o).longValue();
    }
}
