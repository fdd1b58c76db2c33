package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.TemporalType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.VortexException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimeType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/// The Spark type of each Vortex dtype (reading) and the dtype Spark types are written as.
///
/// Reading:
///
// spotless:off
/// | dtype | Spark type | value in a column vector |
/// |---|---|---|
/// | bool | BooleanType | boolean |
/// | i8, i16, i32, i64 | ByteType, ShortType, IntegerType, LongType | the value |
/// | u8, u16, u32 | ShortType, IntegerType, LongType (widened to the next signed type: every value fits) | the value |
/// | u64 | DecimalType(20, 0) (no signed Spark integer holds 2^64 - 1) | the unsigned value |
/// | f16, f32, f64 | FloatType, FloatType, DoubleType | the value |
/// | decimal(p, s), p <= 38 | DecimalType(p, s) | the value (wider decimals are unsupported: Spark stops at 38 digits) |
/// | utf8, binary | StringType, BinaryType | the bytes |
/// | vortex.date (days or milliseconds) | DateType | days since 1970-01-01 (milliseconds floored to days) |
/// | vortex.time | TimeType(0, 3, 6 or 9 by unit) | nanoseconds of the day |
/// | vortex.timestamp with a zone | TimestampType | microseconds since the epoch (nanoseconds floored) |
/// | vortex.timestamp without zone | TimestampNTZType | microseconds since the epoch (nanoseconds floored) |
/// | list, fixed-size list | ArrayType | elements |
/// | map | MapType | keys and values |
/// | struct | StructType | fields |
/// | null | NullType | null |
/// | other extension types | their storage type | storage values |
// spotless:on
///
/// Writing maps each Spark type back to the first dtype of its row (ShortType to i16 and so on),
/// TimestampType to `vortex.timestamp(us, "UTC")`, TimestampNTZType to `vortex.timestamp(us)`,
/// DateType to `vortex.date(days)`, char and varchar to utf8, so a Spark DataFrame round-trips
/// exactly.
public final class SparkTypes {
    private SparkTypes() {}

    /// Returns the Spark schema of a file's struct dtype.
    public static StructType toSpark(DType.Struct struct) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < struct.size(); i++) {
            DType t = struct.fields().get(i);
            fields.add(new StructField(
                    struct.names().get(i), toSpark(t), t instanceof DType.Null || t.nullable(), Metadata.empty()));
        }
        return new StructType(fields.toArray(new StructField[0]));
    }

    /// Returns the Spark type of `dtype`.
    public static DataType toSpark(DType dtype) {
        return switch (dtype) {
            case DType.Null n -> DataTypes.NullType;
            case DType.Bool b -> DataTypes.BooleanType;
            case DType.Primitive p -> primitive(p.ptype());
            case DType.Decimal d -> {
                if (d.precision() > DecimalType.MAX_PRECISION()) {
                    throw VortexException.unsupported(
                            "decimal(" + d.precision() + ", " + d.scale() + "): Spark decimals have at most 38 digits");
                }
                yield DataTypes.createDecimalType(d.precision(), d.scale());
            }
            case DType.Utf8 u -> DataTypes.StringType;
            case DType.Binary b -> DataTypes.BinaryType;
            case DType.Struct s -> toSpark(s);
            case DType.ListType l ->
                DataTypes.createArrayType(toSpark(l.element()), l.element().nullable());
            case DType.FixedSizeList l ->
                DataTypes.createArrayType(toSpark(l.element()), l.element().nullable());
            case DType.MapType m ->
                DataTypes.createMapType(
                        toSpark(m.key()), toSpark(m.value()), m.value().nullable());
            case DType.Variant v -> throw VortexException.unsupported("variant columns in Spark");
            case DType.Union u -> throw VortexException.unsupported("union columns in Spark");
            case DType.Extension e -> {
                TemporalType t = TemporalType.of(e);
                if (t == null) {
                    yield toSpark(e.storage());
                }
                yield switch (t.kind()) {
                    case DATE -> DataTypes.DateType;
                    case TIME -> new TimeType(timePrecision(t.unit()));
                    case TIMESTAMP -> t.zone() == null ? DataTypes.TimestampNTZType : DataTypes.TimestampType;
                };
            }
        };
    }

    private static int timePrecision(TimeUnit unit) {
        return switch (unit) {
            case SECONDS -> 0;
            case MILLISECONDS -> 3;
            case MICROSECONDS -> 6;
            case NANOSECONDS, DAYS -> 9;
        };
    }

    private static DataType primitive(PType p) {
        return switch (p) {
            case I8 -> DataTypes.ByteType;
            case I16, U8 -> DataTypes.ShortType;
            case I32, U16 -> DataTypes.IntegerType;
            case I64, U32 -> DataTypes.LongType;
            case U64 -> DataTypes.createDecimalType(20, 0);
            case F16, F32 -> DataTypes.FloatType;
            case F64 -> DataTypes.DoubleType;
        };
    }

    /// Returns the file schema a Spark schema is written as (a non-nullable struct of its fields).
    public static DType.Struct toVortex(StructType schema) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (StructField f : schema.fields()) {
            names.add(f.name());
            types.add(toVortex(f.dataType(), f.nullable()));
        }
        return new DType.Struct(names, types, false);
    }

    /// Returns the dtype a Spark type is written as.
    public static DType toVortex(DataType type, boolean nullable) {
        return switch (type) {
            case NullType n -> new DType.Null();
            case BooleanType b -> new DType.Bool(nullable);
            case ByteType b -> new DType.Primitive(PType.I8, nullable);
            case ShortType s -> new DType.Primitive(PType.I16, nullable);
            case IntegerType i -> new DType.Primitive(PType.I32, nullable);
            case LongType l -> new DType.Primitive(PType.I64, nullable);
            case FloatType f -> new DType.Primitive(PType.F32, nullable);
            case DoubleType d -> new DType.Primitive(PType.F64, nullable);
            case DecimalType d -> new DType.Decimal(d.precision(), d.scale(), nullable);
            case StringType s -> new DType.Utf8(nullable);
            case BinaryType b -> new DType.Binary(nullable);
            case DateType d -> DType.date(TimeUnit.DAYS).withNullable(nullable);
            case TimestampType t ->
                DType.timestamp(TimeUnit.MICROSECONDS, "UTC").withNullable(nullable);
            case TimestampNTZType t ->
                DType.timestamp(TimeUnit.MICROSECONDS, null).withNullable(nullable);
            case TimeType t -> DType.time(TimeUnit.NANOSECONDS).withNullable(nullable);
            case ArrayType a -> new DType.ListType(toVortex(a.elementType(), a.containsNull()), nullable);
            case MapType m ->
                new DType.MapType(
                        toVortex(m.keyType(), false), toVortex(m.valueType(), m.valueContainsNull()), false, nullable);
            case StructType s -> {
                DType.Struct inner = toVortex(s);
                yield new DType.Struct(inner.names(), inner.fields(), nullable);
            }
            default -> throw VortexException.unsupported("writing Spark type " + type.simpleString() + " to Vortex");
        };
    }
}
