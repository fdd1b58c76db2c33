package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.TemporalType;
import dev.jvortex.file.VortexFile;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/// Answers `COUNT(*)`, `COUNT(col)`, `MIN(col)` and `MAX(col)` without grouping from the files'
/// row counts and column statistics, when every number needed is exact: null counts for COUNT,
/// exact (not truncated) minima and maxima for MIN and MAX. Only without a filter. Columns of
/// bool, integer (not u64), decimal, utf8, and date (days) and timestamp (microseconds or coarser)
/// types; floats are left to Spark (its NaN ordering differs from the statistics').
final class Aggregates {
    private Aggregates() {}

    /// A pushed aggregate's answer.
    ///
    /// @param schema the output columns, one per aggregate
    /// @param row the values
    /// @param description the aggregates, for the plan
    record Result(StructType schema, InternalRow row, String description) {}

    /// Returns the answer of `aggregation` over the table's files, or null when it is not exact.
    static Result answer(Aggregation aggregation, VortexTable table) {
        if (aggregation.groupByExpressions().length > 0) {
            return null;
        }
        AggregateFunc[] funcs = aggregation.aggregateExpressions();
        DType.Struct schema = table.fileSchema();
        List<StructField> fields = new ArrayList<>();
        Object[] values = new Object[funcs.length];
        int[] columns = new int[funcs.length];
        for (int i = 0; i < funcs.length; i++) {
            AggregateFunc f = funcs[i];
            columns[i] = -1;
            Expression input = switch (f) {
                case CountStar c -> null;
                case Count c when !c.isDistinct() -> c.column();
                case Min m -> m.column();
                case Max m -> m.column();
                default -> {
                    columns[i] = -2;
                    yield null;
                }
            };
            if (columns[i] == -2) {
                return null;
            }
            DataType type = DataTypes.LongType;
            if (input != null) {
                if (!(input instanceof NamedReference ref) || ref.fieldNames().length != 1) {
                    return null;
                }
                columns[i] = schema.indexOf(ref.fieldNames()[0]);
                if (columns[i] < 0) {
                    return null;
                }
                if (!(f instanceof Count)) {
                    DType t = schema.fields().get(columns[i]);
                    if (!supported(t)) {
                        return null;
                    }
                    type = SparkTypes.toSpark(t);
                }
            }
            fields.add(new StructField(
                    f.toString(), type, !(f instanceof CountStar || f instanceof Count), Metadata.empty()));
            values[i] = f instanceof CountStar || f instanceof Count ? (Object) 0L : null;
        }
        for (String path : table.listing().files()) {
            try (VortexFile file = VortexFile.open(FileListing.local(path))) {
                table.checkFile(file);
                for (int i = 0; i < funcs.length; i++) {
                    AggregateFunc f = funcs[i];
                    if (f instanceof CountStar) {
                        values[i] = (Long) values[i] + file.rowCount();
                        continue;
                    }
                    int fileColumn = file.columnNames().indexOf(schema.names().get(columns[i]));
                    VortexFile.ColumnStatistics s = fileColumn < 0 ? null : file.statistics(fileColumn);
                    if (s == null || s.nullCount() == null) {
                        return null;
                    }
                    long nonNull = file.rowCount() - s.nullCount();
                    if (f instanceof Count) {
                        values[i] = (Long) values[i] + nonNull;
                        continue;
                    }
                    if (nonNull == 0) {
                        continue;
                    }
                    boolean min = f instanceof Min;
                    Scalar bound = min ? s.min() : s.max();
                    if (bound == null || bound.isNull() || !(min ? s.minExact() : s.maxExact())) {
                        return null;
                    }
                    Object v = value(
                            bound,
                            schema.fields().get(columns[i]),
                            fields.get(i).dataType());
                    if (v == null) {
                        return null;
                    }
                    if (values[i] == null || (min ? compare(v, values[i]) < 0 : compare(v, values[i]) > 0)) {
                        values[i] = v;
                    }
                }
            }
        }
        List<String> names = new ArrayList<>();
        for (AggregateFunc f : funcs) {
            names.add(f.toString());
        }
        return new Result(
                new StructType(fields.toArray(new StructField[0])), new GenericInternalRow(values), names.toString());
    }

    private static boolean supported(DType t) {
        return switch (t) {
            case DType.Bool b -> true;
            case DType.Primitive p -> p.ptype().isInteger() && p.ptype() != dev.jvortex.core.PType.U64;
            case DType.Decimal d -> d.precision() <= DecimalType.MAX_PRECISION();
            case DType.Utf8 u -> true;
            case DType.Extension e -> {
                TemporalType tt = TemporalType.of(e);
                yield tt != null
                        && switch (tt.kind()) {
                            case DATE -> tt.unit() == dev.jvortex.core.TimeUnit.DAYS;
                            case TIMESTAMP -> tt.unit() != dev.jvortex.core.TimeUnit.NANOSECONDS;
                            case TIME -> false;
                        };
            }
            default -> false;
        };
    }

    /// Returns a statistic in Spark's internal form for a column of `type`.
    private static Object value(Scalar s, DType dtype, DataType type) {
        Object v = s.value();
        return switch (dtype) {
            case DType.Bool b -> v;
            case DType.Primitive p -> {
                long l = s.asLong();
                if (type.equals(DataTypes.ByteType)) {
                    yield (byte) l;
                } else if (type.equals(DataTypes.ShortType)) {
                    yield (short) l;
                } else if (type.equals(DataTypes.IntegerType)) {
                    yield (int) l;
                }
                yield l;
            }
            case DType.Decimal d ->
                v instanceof BigInteger unscaled
                        ? Decimal.apply(new BigDecimal(unscaled, d.scale()), d.precision(), d.scale())
                        : null;
            case DType.Utf8 u -> v instanceof String str ? UTF8String.fromString(str) : null;
            case DType.Extension e -> {
                TemporalType tt = TemporalType.of(e);
                long raw = s.asLong();
                if (tt.kind() == TemporalType.Kind.DATE) {
                    yield (int) raw;
                }
                yield switch (tt.unit()) {
                    case SECONDS -> raw * 1_000_000L;
                    case MILLISECONDS -> raw * 1_000L;
                    default -> raw;
                };
            }
            default -> null;
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }
}
