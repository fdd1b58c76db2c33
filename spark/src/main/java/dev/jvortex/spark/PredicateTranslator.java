package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.TemporalType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.expr.Expr;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.unsafe.types.UTF8String;

/// Translates Spark's V2 predicates into jvortex filter expressions, exactly or not at all.
///
/// What translates: `=`, `<>`, `<`, `<=`, `>`, `>=` between a top-level file column and a literal
/// (either side), `IN` with non-null literals, `IS_NULL`, `IS_NOT_NULL`, `AND`, `OR`, `NOT`,
/// `STARTS_WITH`/`ENDS_WITH`/`CONTAINS` with a literal free of `%` and `_`, on columns of type bool, integers (u64
/// excepted: Spark sees a decimal),
/// decimals, utf8, binary, dates stored in days, and timestamps stored in seconds, milliseconds or
/// microseconds. Floats never translate: Spark treats `-0.0 = 0.0` and all NaNs as equal, jvortex
/// compares floats in IEEE total order, so a pushed float filter could drop rows Spark keeps.
/// Dates in milliseconds and timestamps in nanoseconds do not either, since Spark floors them to
/// its units before comparing. A predicate with any part that does not translate stays with Spark
/// whole; under `AND` at the top level Spark has already split the conjuncts.
final class PredicateTranslator {
    private final DType.Struct schema;

    /// A translator for predicates over the file columns of `schema` (partition columns are not in it).
    PredicateTranslator(DType.Struct schema) {
        this.schema = schema;
    }

    /// Returns the jvortex form of `p`, or null when it cannot be pushed exactly.
    Expr translate(Predicate p) {
        Expression[] c = p.children();
        switch (p.name()) {
            case "AND", "OR" -> {
                Expr l = translate((Predicate) c[0]);
                Expr r = translate((Predicate) c[1]);
                if (l == null || r == null) {
                    return null;
                }
                return p.name().equals("AND") ? l.and(r) : l.or(r);
            }
            case "NOT" -> {
                Expr e = translate((Predicate) c[0]);
                return e == null ? null : e.not();
            }
            case "IS_NULL", "IS_NOT_NULL" -> {
                Expr.Column col = column(c[0]);
                if (col == null) {
                    return null;
                }
                return p.name().equals("IS_NULL") ? col.isNull() : col.isNotNull();
            }
            case "=", "<>", "<", "<=", ">", ">=" -> {
                Expr.Operator op = operator(p.name());
                Expression colSide = c[0];
                Expression litSide = c[1];
                if (!(colSide instanceof NamedReference)) {
                    colSide = c[1];
                    litSide = c[0];
                    op = op.flip();
                }
                Expr.Column col = column(colSide);
                if (col == null || !(litSide instanceof Literal<?> lit)) {
                    return null;
                }
                Object v = value(col, lit);
                return v == null ? null : new Expr.Compare(op, col, Expr.literal(v));
            }
            case "IN" -> {
                Expr.Column col = column(c[0]);
                if (col == null || c.length < 2) {
                    return null;
                }
                List<Expr> values = new ArrayList<>();
                for (int i = 1; i < c.length; i++) {
                    if (!(c[i] instanceof Literal<?> lit)) {
                        return null;
                    }
                    Object v = value(col, lit);
                    if (v == null) {
                        return null;
                    }
                    values.add(Expr.literal(v));
                }
                return new Expr.InList(col, values);
            }
            case "STARTS_WITH", "ENDS_WITH", "CONTAINS" -> {
                Expr.Column col = column(c[0]);
                if (col == null
                        || !(type(col) instanceof DType.Utf8)
                        || !(c[1] instanceof Literal<?> lit)
                        || !(lit.value() instanceof UTF8String s)) {
                    return null;
                }
                String text = s.toString();
                if (text.indexOf('%') >= 0 || text.indexOf('_') >= 0 || text.indexOf('\\') >= 0) {
                    return null;
                }
                String pattern = switch (p.name()) {
                    case "STARTS_WITH" -> text + "%";
                    case "ENDS_WITH" -> "%" + text;
                    default -> "%" + text + "%";
                };
                return new Expr.Like(col, pattern, false, false);
            }
            default -> {
                return null;
            }
        }
    }

    private static Expr.Operator operator(String name) {
        return switch (name) {
            case "=" -> Expr.Operator.EQ;
            case "<>" -> Expr.Operator.NE;
            case "<" -> Expr.Operator.LT;
            case "<=" -> Expr.Operator.LE;
            case ">" -> Expr.Operator.GT;
            default -> Expr.Operator.GE;
        };
    }

    private DType type(Expr.Column col) {
        return schema.fields().get(schema.indexOf(col.topLevel()));
    }

    /// Returns the column `e` names when it is a top-level file column of a pushable type.
    private Expr.Column column(Expression e) {
        if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
            return null;
        }
        String name = ref.fieldNames()[0];
        int i = schema.indexOf(name);
        if (i < 0) {
            return null;
        }
        boolean supported = switch (schema.fields().get(i)) {
            case DType.Bool b -> true;
            case DType.Primitive p -> p.ptype().isInteger() && p.ptype() != PType.U64;
            case DType.Decimal d -> d.precision() <= 38;
            case DType.Utf8 u -> true;
            case DType.Binary b -> true;
            case DType.Extension x -> {
                TemporalType t = TemporalType.of(x);
                yield t != null
                        && switch (t.kind()) {
                            case DATE -> t.unit() == TimeUnit.DAYS;
                            case TIMESTAMP -> t.unit() != TimeUnit.NANOSECONDS;
                            case TIME -> false;
                        };
            }
            default -> false;
        };
        return supported ? Expr.column(name) : null;
    }

    /// Returns the literal as a value for [Expr#literal(Object)] fit for `col`, or null.
    private Object value(Expr.Column col, Literal<?> lit) {
        Object v = lit.value();
        if (v == null) {
            return null;
        }
        DType t = type(col);
        return switch (t) {
            case DType.Bool b -> v instanceof Boolean x ? x : null;
            case DType.Primitive p ->
                v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long
                        ? (Object) ((Number) v).longValue()
                        : null;
            case DType.Decimal d -> v instanceof Decimal x ? x.toJavaBigDecimal() : null;
            case DType.Utf8 u ->
                v instanceof UTF8String s && lit.dataType() instanceof StringType ? s.toString() : null;
            case DType.Binary b -> v instanceof byte[] bytes ? bytes : null;
            case DType.Extension x -> {
                TemporalType tt = TemporalType.of(x);
                if (tt.kind() == TemporalType.Kind.DATE) {
                    yield lit.dataType().equals(DataTypes.DateType) && v instanceof Integer days
                            ? LocalDate.ofEpochDay(days).toString()
                            : null;
                }
                if (!(v instanceof Long micros)) {
                    yield null;
                }
                Instant instant = Instant.ofEpochSecond(
                        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
                if (tt.zone() != null && lit.dataType().equals(DataTypes.TimestampType)) {
                    yield instant.toString();
                }
                if (tt.zone() == null && lit.dataType().equals(DataTypes.TimestampNTZType)) {
                    yield LocalDateTime.ofInstant(instant, ZoneOffset.UTC).toString();
                }
                yield null;
            }
            default -> null;
        };
    }
}
