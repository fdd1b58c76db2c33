package dev.jvortex.sql;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.expr.Expr;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/// Translates Calcite row expressions over a scan's output into jvortex filter expressions.
///
/// What translates: comparisons of a column with a literal (either side), `AND`, `OR`, `NOT`,
/// `IS [NOT] NULL`, `LIKE` with a literal pattern and no escape, and `SEARCH` (Calcite's form of
/// `BETWEEN` and `IN`), on top-level columns of type bool, signed and narrow unsigned integers,
/// floats, decimals, utf8, date, time and timestamp without zone. A cast of a column is looked
/// through only when it cannot change a value (integer widening, decimal to a type with at least
/// the same scale, text to text). Anything else returns null and stays in Calcite.
final class FilterTranslator {
    private final DType.Struct schema;
    private final int[] columns;
    private final RexBuilder rexBuilder;

    /// `columns[i]` is the table field behind input `i` of the scan.
    FilterTranslator(DType.Struct schema, int[] columns, RexBuilder rexBuilder) {
        this.schema = schema;
        this.columns = columns.clone();
        this.rexBuilder = rexBuilder;
    }

    /// Returns the jvortex form of `node`, or null when it cannot be pushed exactly.
    Expr translate(RexNode node) {
        RexNode n = node.getKind() == SqlKind.SEARCH || containsSearch(node)
                ? RexUtil.expandSearch(rexBuilder, null, node)
                : node;
        return tr(n);
    }

    private static boolean containsSearch(RexNode node) {
        if (node instanceof RexCall c) {
            if (c.getKind() == SqlKind.SEARCH) {
                return true;
            }
            for (RexNode o : c.getOperands()) {
                if (containsSearch(o)) {
                    return true;
                }
            }
        }
        return false;
    }

    private Expr tr(RexNode node) {
        if (!(node instanceof RexCall call)) {
            if (node instanceof RexInputRef ref && column(ref) instanceof Col c && c.type instanceof DType.Bool) {
                return c.expr.eq(Boolean.TRUE);
            }
            return null;
        }
        List<RexNode> ops = call.getOperands();
        switch (call.getKind()) {
            case AND, OR -> {
                Expr acc = null;
                for (RexNode o : ops) {
                    Expr e = tr(o);
                    if (e == null) {
                        return null;
                    }
                    acc = acc == null ? e : call.getKind() == SqlKind.AND ? acc.and(e) : acc.or(e);
                }
                return acc;
            }
            case NOT -> {
                Expr e = tr(ops.get(0));
                return e == null ? null : e.not();
            }
            case IS_NULL, IS_NOT_NULL -> {
                Col c = column(ops.get(0));
                if (c == null) {
                    return null;
                }
                return call.getKind() == SqlKind.IS_NULL ? c.expr.isNull() : c.expr.isNotNull();
            }
            case IS_TRUE, IS_FALSE -> {
                Col c = column(ops.get(0));
                if (c == null || !(c.type instanceof DType.Bool)) {
                    return null;
                }
                return c.expr.eq(call.getKind() == SqlKind.IS_TRUE);
            }
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> {
                Expr.Operator op = operator(call.getKind());
                Col c = column(ops.get(0));
                RexNode other = ops.get(1);
                if (c == null) {
                    c = column(ops.get(1));
                    other = ops.get(0);
                    op = op.flip();
                }
                if (c == null || !(other instanceof RexLiteral lit)) {
                    return null;
                }
                Object v = literal(c.type, lit);
                if (v == null) {
                    return null;
                }
                return new Expr.Compare(op, c.expr, Expr.literal(v));
            }
            case LIKE -> {
                if (ops.size() != 2 || !(ops.get(1) instanceof RexLiteral lit)) {
                    return null;
                }
                Col c = column(ops.get(0));
                if (c == null || !(c.type instanceof DType.Utf8) || !(lit.getValue() instanceof NlsString s)) {
                    return null;
                }
                String pattern = s.getValue();
                if (pattern.indexOf('\\') >= 0) {
                    return null;
                }
                return new Expr.Like(c.expr, pattern, false, false);
            }
            default -> {
                return null;
            }
        }
    }

    private static Expr.Operator operator(SqlKind k) {
        return switch (k) {
            case EQUALS -> Expr.Operator.EQ;
            case NOT_EQUALS -> Expr.Operator.NE;
            case LESS_THAN -> Expr.Operator.LT;
            case LESS_THAN_OR_EQUAL -> Expr.Operator.LE;
            case GREATER_THAN -> Expr.Operator.GT;
            case GREATER_THAN_OR_EQUAL -> Expr.Operator.GE;
            default -> throw new IllegalArgumentException(k.toString());
        };
    }

    private record Col(Expr.Column expr, DType type) {}

    /// Returns the column behind `node` (an input reference, maybe under a value-preserving cast)
    /// when its type can be filtered by jvortex, else null.
    private Col column(RexNode node) {
        RexNode n = node;
        if (n.getKind() == SqlKind.CAST && n instanceof RexCall cast && lossless(cast)) {
            n = cast.getOperands().get(0);
        }
        if (!(n instanceof RexInputRef ref) || ref.getIndex() >= columns.length) {
            return null;
        }
        int field = columns[ref.getIndex()];
        DType t = schema.fields().get(field);
        boolean supported = switch (t) {
            case DType.Bool b -> true;
            case DType.Primitive p -> p.ptype() != PType.U64 && p.ptype() != PType.F16;
            case DType.Decimal d -> true;
            case DType.Utf8 u -> true;
            case DType.Extension e -> SqlTypes.isTemporal(e) && !SqlTypes.hasZone(e);
            default -> false;
        };
        return supported ? new Col(Expr.column(schema.names().get(field)), t) : null;
    }

    private static boolean lossless(RexCall cast) {
        RelDataType from = cast.getOperands().get(0).getType();
        RelDataType to = cast.getType();
        SqlTypeName f = from.getSqlTypeName();
        SqlTypeName t = to.getSqlTypeName();
        if (SqlTypeFamily.CHARACTER.contains(from) && SqlTypeFamily.CHARACTER.contains(to)) {
            return t == SqlTypeName.VARCHAR && (to.getPrecision() < 0 || to.getPrecision() >= from.getPrecision());
        }
        if (SqlTypeName.INT_TYPES.contains(f) && SqlTypeName.INT_TYPES.contains(t)) {
            return SqlTypeName.INT_TYPES.indexOf(t) >= SqlTypeName.INT_TYPES.indexOf(f);
        }
        if (SqlTypeName.INT_TYPES.contains(f) && t == SqlTypeName.DECIMAL) {
            return to.getPrecision() - to.getScale() >= 19;
        }
        if (f == SqlTypeName.DECIMAL && t == SqlTypeName.DECIMAL) {
            return to.getScale() >= from.getScale()
                    && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale();
        }
        return false;
    }

    /// Returns the literal as a value for [Expr#literal(Object)] fit for a column of `type`, or null.
    private static Object literal(DType type, RexLiteral lit) {
        if (lit.isNull()) {
            return null;
        }
        Object raw = lit.getValue();
        return switch (type) {
            case DType.Bool b -> raw instanceof Boolean v ? v : null;
            case DType.Primitive p -> {
                if (!(raw instanceof BigDecimal d)) {
                    yield null;
                }
                if (p.ptype().isFloat()) {
                    yield lit.getType().getSqlTypeName() == SqlTypeName.DECIMAL
                                    && new BigDecimal(d.doubleValue()).compareTo(d) != 0
                            ? null
                            : d.doubleValue();
                }
                try {
                    yield d.longValueExact();
                } catch (ArithmeticException e) {
                    yield null;
                }
            }
            case DType.Decimal d -> raw instanceof BigDecimal v ? v : null;
            case DType.Utf8 u -> raw instanceof NlsString s ? s.getValue() : null;
            case DType.Extension e ->
                switch (lit.getType().getSqlTypeName()) {
                    case DATE ->
                        e.id().equals("vortex.date")
                                ? lit.getValueAs(DateString.class).toString()
                                : null;
                    case TIME ->
                        e.id().equals("vortex.time")
                                ? lit.getValueAs(TimeString.class).toString()
                                : null;
                    case TIMESTAMP ->
                        e.id().equals("vortex.timestamp")
                                ? lit.getValueAs(TimestampString.class).toString()
                                : null;
                    default -> null;
                };
            default -> null;
        };
    }

    /// Returns the conjuncts of `condition` split into those pushed (as jvortex expressions, in
    /// `pushed`) and those left (returned).
    List<RexNode> split(List<RexNode> conjuncts, List<Expr> pushed) {
        List<RexNode> left = new ArrayList<>();
        for (RexNode c : conjuncts) {
            Expr e = translate(c);
            if (e == null) {
                left.add(c);
            } else {
                pushed.add(e);
            }
        }
        return left;
    }
}
