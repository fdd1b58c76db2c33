package dev.jvortex.sql;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.VarBinViewArray;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/// The SQL type of each Vortex dtype, and the value of a row in Calcite's internal form.
///
/// | dtype | SQL type | value |
/// |---|---|---|
/// | bool | BOOLEAN | Boolean |
/// | i8, i16, i32, i64 | TINYINT, SMALLINT, INTEGER, BIGINT | Byte, Short, Integer, Long |
/// | u8, u16, u32 | SMALLINT, INTEGER, BIGINT (widened) | Short, Integer, Long |
/// | u64 | DECIMAL(20, 0) (widened) | BigDecimal |
/// | f16, f32, f64 | REAL, REAL, DOUBLE | Float, Float, Double |
/// | decimal(p, s) | DECIMAL(p, s) | BigDecimal |
/// | utf8, binary | VARCHAR, VARBINARY | String, ByteString |
/// | vortex.date | DATE | Integer days since 1970-01-01 |
/// | vortex.time | TIME(3) | Integer milliseconds of the day |
/// | vortex.timestamp without zone | TIMESTAMP(3) | Long milliseconds since the epoch |
/// | vortex.timestamp with zone | TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) | Long milliseconds since the epoch (UTC) |
/// | list, fixed-size list | ARRAY | List |
/// | struct | ROW | Object[] |
/// | map | MAP | Map |
/// | null | NULL-typed VARCHAR | null |
///
/// Times and timestamps finer than a millisecond are truncated toward negative infinity (Calcite
/// keeps milliseconds). Other extension types are shown as their storage type.
public final class SqlTypes {
    private SqlTypes() {}

    /// Returns the SQL type of `dtype`.
    public static RelDataType toSql(DType dtype, RelDataTypeFactory f) {
        RelDataType t = switch (dtype) {
            case DType.Null n -> f.createSqlType(SqlTypeName.VARCHAR);
            case DType.Bool b -> f.createSqlType(SqlTypeName.BOOLEAN);
            case DType.Primitive p -> primitive(p.ptype(), f);
            case DType.Decimal d -> f.createSqlType(SqlTypeName.DECIMAL, d.precision(), d.scale());
            case DType.Utf8 u -> f.createSqlType(SqlTypeName.VARCHAR);
            case DType.Binary b -> f.createSqlType(SqlTypeName.VARBINARY);
            case DType.Struct s -> {
                List<RelDataType> types = new ArrayList<>();
                for (DType field : s.fields()) {
                    types.add(toSql(field, f));
                }
                yield f.createStructType(types, s.names());
            }
            case DType.ListType l -> f.createArrayType(toSql(l.element(), f), -1);
            case DType.FixedSizeList l -> f.createArrayType(toSql(l.element(), f), -1);
            case DType.MapType m -> f.createMapType(toSql(m.key(), f), toSql(m.value(), f));
            case DType.Variant v -> f.createSqlType(SqlTypeName.VARCHAR);
            case DType.Union u -> f.createSqlType(SqlTypeName.VARCHAR);
            case DType.Extension e -> extension(e, f);
        };
        return f.createTypeWithNullability(t, dtype instanceof DType.Null || dtype.nullable());
    }

    private static RelDataType primitive(PType p, RelDataTypeFactory f) {
        return switch (p) {
            case I8 -> f.createSqlType(SqlTypeName.TINYINT);
            case I16, U8 -> f.createSqlType(SqlTypeName.SMALLINT);
            case I32, U16 -> f.createSqlType(SqlTypeName.INTEGER);
            case I64, U32 -> f.createSqlType(SqlTypeName.BIGINT);
            case U64 -> f.createSqlType(SqlTypeName.DECIMAL, 20, 0);
            case F16, F32 -> f.createSqlType(SqlTypeName.REAL);
            case F64 -> f.createSqlType(SqlTypeName.DOUBLE);
        };
    }

    private static RelDataType extension(DType.Extension e, RelDataTypeFactory f) {
        return switch (e.id()) {
            case "vortex.date" -> f.createSqlType(SqlTypeName.DATE);
            case "vortex.time" -> f.createSqlType(SqlTypeName.TIME, 3);
            case "vortex.timestamp" ->
                f.createSqlType(hasZone(e) ? SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE : SqlTypeName.TIMESTAMP, 3);
            default -> toSql(e.storage(), f);
        };
    }

    /// Returns true for a `vortex.timestamp` type that names a time zone.
    static boolean hasZone(DType.Extension e) {
        byte[] meta = e.metadata();
        return meta.length >= 3 && ((meta[1] & 0xFF) | (meta[2] & 0xFF) << 8) > 0;
    }

    /// Returns the number of storage units in one millisecond... as a divisor; 0 means days.
    private static long unitsPerMilli(byte unit) {
        return switch (unit) {
            case 0 -> 1_000_000L;
            case 1 -> 1_000L;
            case 2 -> 1L;
            case 3 -> -1_000L; // seconds: multiply
            case 4 -> 0L;
            default -> throw VortexException.unsupported("time unit " + unit);
        };
    }

    /// Converts a temporal storage value in `unit` to milliseconds.
    static long toMillis(long value, byte unit) {
        long per = unitsPerMilli(unit);
        if (per == 0) {
            return Math.multiplyExact(value, 86_400_000L);
        }
        return per < 0 ? Math.multiplyExact(value, -per) : Math.floorDiv(value, per);
    }

    /// Converts a value of the storage type of `e` (a [Long]) to Calcite's form, or returns it.
    static Object temporal(DType.Extension e, long v) {
        byte[] meta = e.metadata();
        byte unit = meta.length > 0 ? meta[0] : 4;
        return switch (e.id()) {
            case "vortex.date" -> (int) (unit == 4 ? v : Math.floorDiv(v, 86_400_000L));
            case "vortex.time" -> (int) toMillis(v, unit);
            default -> toMillis(v, unit);
        };
    }

    /// Returns true when `e` is one of the temporal extension types mapped above.
    static boolean isTemporal(DType.Extension e) {
        return switch (e.id()) {
            case "vortex.date", "vortex.time", "vortex.timestamp" -> true;
            default -> false;
        };
    }

    /// Reads one value of a column in Calcite's internal form.
    @FunctionalInterface
    public interface ValueReader {
        /// Returns the value of row `i` of `a`, or null.
        Object get(Array a, int i);
    }

    /// Returns a reader for arrays of `dtype`.
    public static ValueReader reader(DType dtype) {
        ValueReader r = switch (dtype) {
            case DType.Null n -> (a, i) -> null;
            case DType.Bool b -> (a, i) -> ((BoolArray) a).get(i);
            case DType.Primitive p -> primitiveReader(p.ptype());
            case DType.Decimal d -> (a, i) -> ((DecimalArray) a).get(i);
            case DType.Utf8 u -> (a, i) -> ((VarBinViewArray) a).getString(i);
            case DType.Binary b -> (a, i) -> new ByteString(((VarBinViewArray) a).getBytes(i));
            case DType.Struct s -> {
                ValueReader[] fields = new ValueReader[s.fields().size()];
                for (int k = 0; k < fields.length; k++) {
                    fields[k] = reader(s.fields().get(k));
                }
                yield (a, i) -> {
                    StructArray sa = (StructArray) a;
                    Object[] row = new Object[fields.length];
                    for (int k = 0; k < fields.length; k++) {
                        row[k] = fields[k].get(sa.field(k), i);
                    }
                    return row;
                };
            }
            case DType.ListType l -> {
                ValueReader element = reader(l.element());
                yield (a, i) -> {
                    ListArray la = (ListArray) a;
                    long start = la.start(i);
                    long end = la.end(i);
                    List<Object> out = new ArrayList<>((int) (end - start));
                    for (long k = start; k < end; k++) {
                        out.add(element.get(la.elements(), Math.toIntExact(k)));
                    }
                    return out;
                };
            }
            case DType.FixedSizeList l -> {
                ValueReader element = reader(l.element());
                yield (a, i) -> {
                    FixedSizeListArray fa = (FixedSizeListArray) a;
                    int n = fa.size();
                    Object[] out = new Object[n];
                    for (int k = 0; k < n; k++) {
                        out[k] = element.get(fa.elements(), i * n + k);
                    }
                    return Arrays.asList(out);
                };
            }
            case DType.MapType m -> {
                ValueReader key = reader(m.key());
                ValueReader value = reader(m.value());
                yield (a, i) -> {
                    ListArray la = (ListArray) a;
                    StructArray entries = (StructArray) la.elements();
                    Map<Object, Object> out = new LinkedHashMap<>();
                    for (long k = la.start(i); k < la.end(i); k++) {
                        int e = Math.toIntExact(k);
                        out.put(key.get(entries.field(0), e), value.get(entries.field(1), e));
                    }
                    return out;
                };
            }
            case DType.Variant v -> (a, i) -> null;
            case DType.Union u -> (a, i) -> null;
            case DType.Extension e -> {
                if (isTemporal(e)) {
                    yield (a, i) -> {
                        Array storage = a instanceof ExtensionArray x ? x.storage() : a;
                        return temporal(e, ((PrimitiveArray) storage).getLong(i));
                    };
                }
                ValueReader storage = reader(e.storage());
                yield (a, i) -> storage.get(a instanceof ExtensionArray x ? x.storage() : a, i);
            }
        };
        return (a, i) -> a instanceof NullArray || a.isNull(i) ? null : r.get(a, i);
    }

    private static ValueReader primitiveReader(PType p) {
        return switch (p) {
            case I8 -> (a, i) -> (byte) ((PrimitiveArray) a).getLong(i);
            case I16, U8 -> (a, i) -> (short) ((PrimitiveArray) a).getLong(i);
            case I32, U16 -> (a, i) -> (int) ((PrimitiveArray) a).getLong(i);
            case I64, U32 -> (a, i) -> ((PrimitiveArray) a).getLong(i);
            case U64 -> (a, i) -> new BigDecimal(unsigned(((PrimitiveArray) a).getLong(i)));
            case F16, F32 -> (a, i) -> (float) ((PrimitiveArray) a).getDouble(i);
            case F64 -> (a, i) -> ((PrimitiveArray) a).getDouble(i);
        };
    }

    /// Returns `v` read as an unsigned 64-bit integer.
    static BigInteger unsigned(long v) {
        BigInteger b = BigInteger.valueOf(v & Long.MAX_VALUE);
        return v < 0 ? b.setBit(63) : b;
    }
}
