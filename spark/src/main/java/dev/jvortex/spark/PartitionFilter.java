package dev.jvortex.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.StructType;

/// Evaluates predicates on partition columns against a file's partition values, to skip files
/// at planning. Comparisons, `IN`, `IS [NOT] NULL`, `AND`, `OR` and `NOT` of partition columns and
/// literals of the same type are evaluated (in SQL's three-valued logic); a file is skipped only
/// when a predicate is false or null for it. Anything else keeps the file; Spark evaluates every
/// partition predicate again on the rows, so this only saves reading.
final class PartitionFilter {
    private final StructType schema;
    private final List<Predicate> predicates;

    /// A filter of the predicates of `all` that reference partition columns only.
    PartitionFilter(StructType partitionSchema, List<Predicate> all) {
        this.schema = partitionSchema;
        this.predicates = all.stream().filter(this::onPartitions).toList();
    }

    private boolean onPartitions(Predicate p) {
        if (p.references().length == 0) {
            return false;
        }
        for (NamedReference r : p.references()) {
            if (r.fieldNames().length != 1
                    || schema.getFieldIndex(r.fieldNames()[0]).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /// Returns false when some predicate is proved false (or null) for a file with `values`.
    boolean keeps(InternalRow values) {
        for (Predicate p : predicates) {
            Object r = eval(p, values);
            if (r != UNSUPPORTED && (r == null || Boolean.FALSE.equals(r))) {
                return false;
            }
        }
        return true;
    }

    /// A marker for "cannot evaluate": distinct from a null (unknown) SQL result.
    private static final Object UNSUPPORTED = new Object();

    /// Returns TRUE, FALSE, null (SQL unknown) or [#UNSUPPORTED].
    private Object eval(Expression e, InternalRow values) {
        if (e instanceof Predicate p) {
            Expression[] c = p.children();
            switch (p.name()) {
                case "AND", "OR" -> {
                    Object l = eval(c[0], values);
                    Object r = eval(c[1], values);
                    if (!truth(l) || !truth(r)) {
                        return UNSUPPORTED;
                    }
                    boolean and = p.name().equals("AND");
                    if (Boolean.valueOf(!and).equals(l) || Boolean.valueOf(!and).equals(r)) {
                        return !and;
                    }
                    return l == null || r == null ? null : and;
                }
                case "NOT" -> {
                    Object v = eval(c[0], values);
                    return !truth(v) ? UNSUPPORTED : v == null ? null : !(Boolean) v;
                }
                case "IS_NULL", "IS_NOT_NULL" -> {
                    Object v = eval(c[0], values);
                    return v == UNSUPPORTED ? v : (v == null) == p.name().equals("IS_NULL");
                }
                case "=", "<>", "<", "<=", ">", ">=" -> {
                    Object l = eval(c[0], values);
                    Object r = eval(c[1], values);
                    if (l == UNSUPPORTED || r == UNSUPPORTED) {
                        return UNSUPPORTED;
                    }
                    if (l == null || r == null) {
                        return null;
                    }
                    if (l.getClass() != r.getClass() || !(l instanceof Comparable<?>)) {
                        return UNSUPPORTED;
                    }
                    int cmp = compare(l, r);
                    return switch (p.name()) {
                        case "=" -> cmp == 0;
                        case "<>" -> cmp != 0;
                        case "<" -> cmp < 0;
                        case "<=" -> cmp <= 0;
                        case ">" -> cmp > 0;
                        default -> cmp >= 0;
                    };
                }
                case "IN" -> {
                    Object v = eval(c[0], values);
                    if (v == UNSUPPORTED) {
                        return v;
                    }
                    boolean sawNull = false;
                    for (int i = 1; i < c.length; i++) {
                        Object x = eval(c[i], values);
                        if (x == UNSUPPORTED || (x != null && v != null && x.getClass() != v.getClass())) {
                            return UNSUPPORTED;
                        }
                        if (x == null || v == null) {
                            sawNull = true;
                        } else if (compare(v, x) == 0) {
                            return true;
                        }
                    }
                    return sawNull ? null : false;
                }
                default -> {
                    return UNSUPPORTED;
                }
            }
        }
        if (e instanceof Literal<?> lit) {
            return lit.value();
        }
        if (e instanceof NamedReference ref && ref.fieldNames().length == 1) {
            int i = schema.fieldIndex(ref.fieldNames()[0]);
            return values.isNullAt(i) ? null : values.get(i, schema.fields()[i].dataType());
        }
        return UNSUPPORTED;
    }

    /// Whether `v` is a truth value: TRUE, FALSE or null.
    private static boolean truth(Object v) {
        return v == null || v instanceof Boolean;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }
}
