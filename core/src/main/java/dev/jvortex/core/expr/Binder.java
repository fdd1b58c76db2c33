package dev.jvortex.core.expr;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.expr.internal.Keys;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/// Checks a filter against a table's schema and normalizes it for evaluation and pruning.
///
/// The bound form has only `AND`, `OR`, comparisons (`column op literal` or
/// `column op column`), `IS [NOT] NULL`, `[NOT] LIKE` on a column, and the constants `TRUE`,
/// `FALSE` and `NULL`:
/// - a literal on the left moves to the right (`5 < x` is `x > 5`);
/// - `NOT` is pushed down to the leaves (`NOT (a > 1 AND b IS NULL)` is `a <= 1 OR b IS NOT NULL`),
///   which is exact in three-valued logic with floats in total order;
/// - `BETWEEN` becomes two comparisons, a bool column `b` standing alone `b = TRUE`;
/// - `column IN (values)` stays one [Expr.InList] with the values coerced as for `=` (SQL
///   semantics: a null in the list makes a non-match null), evaluated as a set; `NOT IN` is
///   `NOT` over it (the one `NOT` left in a bound filter). Other `IN` forms become `OR`ed
///   equalities;
/// - a run of one connective is rebuilt as a balanced tree, so a filter of 100,000 `OR` terms
///   has depth 17; nesting deeper than [Expr#MAX_DEPTH] levels is refused;
/// - literals take the column's representation: text compared with a date, time or timestamp
///   column is read as ISO-8601 and becomes a value of that type (in storage units; a fraction
///   of the unit stays fractional so that comparisons are exact), text compared with a binary
///   column its UTF-8 bytes, `'NaN'`/`'Infinity'`/`'-Infinity'` compared with a float column
///   those floats. Numbers keep their exact value; [Keys] folds them into the column's range.
///
/// Binding a bound expression returns an equal expression. Errors are [VortexException]s of
/// kind `MISUSE` naming the offending part.
public final class Binder {
    private final DType.Struct schema;
    private final Function<Expr, String> where;

    private Binder(DType.Struct schema, Function<Expr, String> where) {
        this.schema = schema;
        this.where = where;
    }

    /// Binds `e` to the columns of `schema`.
    public static Expr bind(Expr e, DType.Struct schema) {
        return bind(e, schema, node -> "");
    }

    static Expr bind(Expr e, DType.Struct schema, Function<Expr, String> where) {
        return new Binder(schema, where).predicate(e);
    }

    /// Returns the type of the column `c` in `schema` (nullable when it or a parent struct is).
    public static DType typeOf(Expr.Column c, DType.Struct schema) {
        DType t = schema;
        boolean nullable = false;
        for (String name : c.path()) {
            if (!(t instanceof DType.Struct s) || s.indexOf(name) < 0) {
                return null;
            }
            t = s.fields().get(s.indexOf(name));
            nullable |= t.nullable();
        }
        return nullable ? t.withNullable(true) : t;
    }

    private Expr.Column column(Expr.Column c) {
        if (typeOf(c, schema) != null) {
            return c;
        }
        Expr.Column joined = new Expr.Column(List.of(c.name()));
        if (c.path().size() > 1 && typeOf(joined, schema) != null) {
            return joined;
        }
        throw fail(c, "no column '" + c.name() + "'; columns are " + schema.names());
    }

    private VortexException fail(Expr node, String what) {
        String at = where.apply(node);
        if (at.isEmpty()) {
            String text = node.toString();
            at = "(in " + (text.length() > 200 ? text.substring(0, 200) + "..." : text) + ")";
        }
        return VortexException.misuse("invalid filter: " + what + " " + at);
    }

    private static final Expr.Literal TRUE = new Expr.Literal(new Scalar(new DType.Bool(false), true));
    private static final Expr.Literal FALSE = new Expr.Literal(new Scalar(new DType.Bool(false), false));
    private static final Expr.Literal NULL = new Expr.Literal(new Scalar(new DType.Null(), null));

    private int depth;

    private Expr predicate(Expr e) {
        if (++depth > Expr.MAX_DEPTH) {
            throw VortexException.misuse("invalid filter: nested deeper than " + Expr.MAX_DEPTH
                    + " levels (the limit, Expr.MAX_DEPTH); a long run of one connective or an IN list counts as one");
        }
        try {
            return bindNode(e);
        } finally {
            depth--;
        }
    }

    private Expr bindNode(Expr e) {
        return switch (e) {
            case Expr.Column c -> {
                Expr.Column col = column(c);
                DType t = typeOf(col, schema);
                if (!(t instanceof DType.Bool)) {
                    throw fail(
                            c, "the " + t + " column '" + c.name() + "' is not a condition; compare it with a value");
                }
                yield new Expr.Compare(Expr.Operator.EQ, col, TRUE);
            }
            case Expr.Literal l -> {
                if (l.value().isNull()) {
                    yield NULL;
                }
                if (l.value().dtype() instanceof DType.Bool) {
                    yield l;
                }
                throw fail(l, "the value " + l + " is not a condition");
            }
            case Expr.Compare c -> compare(c.op(), c.left(), c.right(), c);
            case Expr.And a -> connective(a, true);
            case Expr.Or o -> connective(o, false);
            case Expr.Not n -> {
                // A run of NOTs without recursion: NOT NOT x is x.
                Expr inner = n;
                boolean odd = false;
                while (inner instanceof Expr.Not m) {
                    inner = m.child();
                    odd = !odd;
                }
                Expr bound = predicate(inner);
                yield odd ? negate(bound) : bound;
            }
            case Expr.IsNull n -> nullTest(n.child(), true);
            case Expr.IsNotNull n -> nullTest(n.child(), false);
            case Expr.Between b ->
                new Expr.And(
                        compare(b.lowerStrict() ? Expr.Operator.GT : Expr.Operator.GE, b.value(), b.lower(), b),
                        compare(b.upperStrict() ? Expr.Operator.LT : Expr.Operator.LE, b.value(), b.upper(), b));
            case Expr.InList in -> {
                if (in.values().isEmpty()) {
                    throw fail(in, "IN needs at least one value");
                }
                yield inList(in);
            }
            case Expr.Like l -> {
                if (l.value() instanceof Expr.Literal lit && lit.value().isNull()) {
                    yield NULL;
                }
                if (!(l.value() instanceof Expr.Column c)) {
                    throw fail(l, "LIKE applies to a text column");
                }
                Expr.Column col = column(c);
                DType t = typeOf(col, schema);
                if (!(t instanceof DType.Utf8)) {
                    throw fail(l, "LIKE applies to a text column but '" + c.name() + "' is " + t);
                }
                yield new Expr.Like(col, l.pattern(), l.negated(), l.caseInsensitive());
            }
        };
    }

    /// A run of `AND` (or `OR`) bound term by term and rebuilt balanced (see [Chains]).
    private Expr connective(Expr chain, boolean and) {
        List<Expr> terms = Chains.operands(chain);
        List<Expr> bound = new ArrayList<>(terms.size());
        for (Expr t : terms) {
            bound.add(predicate(t));
        }
        return Chains.join(and ? bound : equalitiesAsSets(bound), and);
    }

    /// In a run of `OR`, the equalities of one column with literals become one `IN` set (what
    /// `IN` means in SQL), so 100,000 `x = c` terms are tested as one set, not one by one.
    private static List<Expr> equalitiesAsSets(List<Expr> terms) {
        Map<Expr.Column, List<Expr>> byColumn = new LinkedHashMap<>();
        for (Expr t : terms) {
            if (t instanceof Expr.Compare c
                    && c.op() == Expr.Operator.EQ
                    && c.left() instanceof Expr.Column col
                    && c.right() instanceof Expr.Literal lit) {
                byColumn.computeIfAbsent(col, k -> new ArrayList<>()).add(lit);
            } else if (t instanceof Expr.InList in) {
                byColumn.computeIfAbsent((Expr.Column) in.value(), k -> new ArrayList<>())
                        .addAll(in.values());
            }
        }
        List<Expr> out = new ArrayList<>(terms.size());
        Set<Expr.Column> emitted = new HashSet<>();
        for (Expr t : terms) {
            Expr.Column col =
                    t instanceof Expr.Compare c && c.op() == Expr.Operator.EQ && c.right() instanceof Expr.Literal
                            ? (Expr.Column) c.left()
                            : t instanceof Expr.InList in ? (Expr.Column) in.value() : null;
            List<Expr> values = col == null ? null : byColumn.get(col);
            if (values == null || (values.size() == 1 && t instanceof Expr.Compare)) {
                out.add(t);
            } else if (emitted.add(col)) {
                out.add(new Expr.InList(col, values));
            }
        }
        return out;
    }

    /// `column IN (literals)` stays one node, a set for the evaluator; other forms (a literal or an
    /// expression tested, a column in the list) become a balanced `OR` of equalities.
    private Expr inList(Expr.InList in) {
        boolean set = in.value() instanceof Expr.Column;
        for (Expr v : in.values()) {
            set &= v instanceof Expr.Literal;
        }
        List<Expr> eqs = new ArrayList<>(in.values().size());
        for (Expr v : in.values()) {
            Expr eq = compare(Expr.Operator.EQ, in.value(), v, in);
            eqs.add(set ? ((Expr.Compare) eq).right() : eq);
        }
        if (!set) {
            return Chains.join(equalitiesAsSets(eqs), false);
        }
        Expr.Column col = column((Expr.Column) in.value());
        return new Expr.InList(col, eqs);
    }

    private Expr nullTest(Expr child, boolean isNull) {
        return switch (child) {
            case Expr.Column c -> {
                Expr.Column col = column(c);
                yield isNull ? new Expr.IsNull(col) : new Expr.IsNotNull(col);
            }
            case Expr.Literal l -> (l.value().isNull() == isNull) ? TRUE : FALSE;
            default -> {
                Expr p = predicate(child);
                yield isNull ? new Expr.IsNull(p) : new Expr.IsNotNull(p);
            }
        };
    }

    /// Returns the bound negation of a bound predicate.
    private static Expr negate(Expr e) {
        return switch (e) {
            case Expr.And a -> new Expr.Or(negate(a.left()), negate(a.right()));
            case Expr.Or o -> new Expr.And(negate(o.left()), negate(o.right()));
            case Expr.Compare c -> new Expr.Compare(c.op().negate(), c.left(), c.right());
            case Expr.IsNull n -> new Expr.IsNotNull(n.child());
            case Expr.IsNotNull n -> new Expr.IsNull(n.child());
            case Expr.Like l -> new Expr.Like(l.value(), l.pattern(), !l.negated(), l.caseInsensitive());
            case Expr.Literal l -> l.value().isNull() ? l : ((Boolean) l.value().value() ? FALSE : TRUE);
            case Expr.InList i -> new Expr.Not(i);
            case Expr.Not n when n.child() instanceof Expr.InList i -> i;
            default -> throw new IllegalStateException("not a bound predicate: " + e);
        };
    }

    private Expr compare(Expr.Operator op, Expr left, Expr right, Expr node) {
        if (left instanceof Expr.Literal && right instanceof Expr.Column) {
            return compare(op.flip(), right, left, node);
        }
        if (!(left instanceof Expr.Column lc)) {
            throw fail(
                    node,
                    left instanceof Expr.Literal
                            ? "a comparison needs a column on one side"
                            : "comparison operands must be columns or values");
        }
        Expr.Column col = column(lc);
        DType t = typeOf(col, schema);
        if (Keys.kind(t) == Keys.Kind.NONE) {
            throw fail(node, "cannot compare the " + t + " column '" + lc.name() + "'");
        }
        return switch (right) {
            case Expr.Column rc -> {
                Expr.Column other = column(rc);
                DType u = typeOf(other, schema);
                if (!comparable(t, u)) {
                    throw fail(
                            node,
                            "cannot compare the " + t + " column '" + lc.name() + "' with the " + u + " column '"
                                    + rc.name() + "'");
                }
                yield new Expr.Compare(op, col, other);
            }
            case Expr.Literal l -> new Expr.Compare(op, col, new Expr.Literal(coerce(t, l, lc)));
            default -> throw fail(node, "comparison operands must be columns or values");
        };
    }

    private static boolean comparable(DType a, DType b) {
        Keys.Kind ka = Keys.kind(a);
        Keys.Kind kb = Keys.kind(b);
        if (ka != kb) {
            return false;
        }
        return switch (ka) {
            case FLOAT -> true;
            case BYTES -> a.getClass() == b.getClass();
            case LONG, U64, WIDE_DECIMAL -> {
                if (a instanceof DType.Extension
                        || b instanceof DType.Extension
                        || a instanceof DType.Decimal
                        || b instanceof DType.Decimal
                        || a instanceof DType.Bool
                        || b instanceof DType.Bool) {
                    yield a.withNullable(false).equals(b.withNullable(false));
                }
                yield true;
            }
            case NONE -> false;
        };
    }

    private Scalar coerce(DType column, Expr.Literal literal, Expr.Column c) {
        Scalar v = literal.value();
        if (v.isNull()) {
            return new Scalar(new DType.Null(), null);
        }
        DType lt = v.dtype();
        String mismatch = "cannot compare the " + column + " column '" + c.name() + "' with " + describe(v);
        switch (column) {
            case DType.Bool b -> {
                if (lt instanceof DType.Bool) {
                    return v;
                }
            }
            case DType.Primitive p -> {
                if (isNumber(lt)) {
                    if (!p.ptype().isFloat()
                            && lt instanceof DType.Primitive q
                            && q.ptype().isFloat()
                            && !Double.isFinite(v.asDouble())) {
                        throw fail(literal, mismatch);
                    }
                    return v;
                }
                if (p.ptype().isFloat() && v.value() instanceof String s) {
                    Double special = switch (s) {
                        case "NaN" -> Double.NaN;
                        case "Infinity", "inf", "+Infinity" -> Double.POSITIVE_INFINITY;
                        case "-Infinity", "-inf" -> Double.NEGATIVE_INFINITY;
                        default -> null;
                    };
                    if (special != null) {
                        return new Scalar(new DType.Primitive(PType.F64, false), special);
                    }
                }
            }
            case DType.Decimal d -> {
                if (isNumber(lt)
                        && !(lt instanceof DType.Primitive q
                                && q.ptype().isFloat()
                                && !Double.isFinite(v.asDouble()))) {
                    return v;
                }
            }
            case DType.Utf8 u -> {
                if (lt instanceof DType.Utf8) {
                    return v;
                }
            }
            case DType.Binary b -> {
                if (lt instanceof DType.Binary) {
                    return v;
                }
                if (v.value() instanceof String s) {
                    return new Scalar(new DType.Binary(false), s.getBytes(StandardCharsets.UTF_8));
                }
            }
            case DType.Extension e -> {
                DType target = e.withNullable(false);
                if (lt.withNullable(false).equals(target)
                        && (v.value() instanceof Long || v.value() instanceof BigDecimal)) {
                    return new Scalar(target, v.value());
                }
                if (v.value() instanceof String s) {
                    try {
                        return new Scalar(target, temporal(e, s));
                    } catch (DateTimeParseException | ArithmeticException ex) {
                        throw fail(
                                literal,
                                "cannot read " + ExprParser.quote(s) + " as a " + temporalName(e) + " for the column '"
                                        + c.name() + "'; expected ISO-8601 text such as " + example(e));
                    }
                }
                if (isNumber(lt)) {
                    throw fail(
                            literal,
                            mismatch + "; write the " + temporalName(e) + " as quoted text such as " + example(e));
                }
            }
            default -> {}
        }
        throw fail(literal, mismatch);
    }

    private static boolean isNumber(DType t) {
        return t instanceof DType.Primitive || t instanceof DType.Decimal;
    }

    private static String describe(Scalar v) {
        return switch (v.dtype()) {
            case DType.Utf8 u -> "the text " + ExprParser.quote((String) v.value());
            case DType.Bool b -> "the bool " + ExprParser.literalText(v);
            case DType.Primitive p -> "the number " + ExprParser.literalText(v);
            case DType.Decimal d -> "the number " + ExprParser.literalText(v);
            default -> "the " + v.dtype() + " value " + ExprParser.literalText(v);
        };
    }

    private static String temporalName(DType.Extension e) {
        return switch (e.id()) {
            case "vortex.date" -> "date";
            case "vortex.time" -> "time";
            default -> "timestamp";
        };
    }

    private static String example(DType.Extension e) {
        return switch (e.id()) {
            case "vortex.date" -> "'2024-01-31'";
            case "vortex.time" -> "'08:15:00'";
            default -> "'2024-01-31T08:15:00Z'";
        };
    }

    private static long unitsPerSecond(byte unit) {
        return switch (unit) {
            case 0 -> 1_000_000_000L;
            case 1 -> 1_000_000L;
            case 2 -> 1_000L;
            case 3 -> 1L;
            default -> throw VortexException.unsupported("time unit " + unit);
        };
    }

    /// Reads ISO-8601 text as a value of a temporal type in its storage units: a [Long], or a
    /// [BigDecimal] when the text is more precise than the unit.
    static Object temporal(DType.Extension e, String text) {
        byte[] meta = e.metadata();
        if (meta.length < 1) {
            throw VortexException.unsupported(e.id() + " without a time unit");
        }
        String s = text.strip();
        BigDecimal v;
        switch (e.id()) {
            case "vortex.date" -> {
                long days = LocalDate.parse(s).toEpochDay();
                v = meta[0] == 4
                        ? BigDecimal.valueOf(days)
                        : BigDecimal.valueOf(days).multiply(BigDecimal.valueOf(86_400_000L));
            }
            case "vortex.time" -> {
                long nanos = LocalTime.parse(s).toNanoOfDay();
                v = BigDecimal.valueOf(nanos)
                        .multiply(BigDecimal.valueOf(unitsPerSecond(meta[0])))
                        .divide(BigDecimal.valueOf(1_000_000_000L));
            }
            default -> {
                Instant instant = instant(s);
                long per = unitsPerSecond(meta[0]);
                v = BigDecimal.valueOf(instant.getEpochSecond())
                        .multiply(BigDecimal.valueOf(per))
                        .add(BigDecimal.valueOf(instant.getNano())
                                .multiply(BigDecimal.valueOf(per))
                                .divide(BigDecimal.valueOf(1_000_000_000L)));
            }
        }
        v = v.stripTrailingZeros();
        if (v.scale() <= 0) {
            return v.longValueExact();
        }
        return v;
    }

    private static Instant instant(String s) {
        String t = s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + "T" + s.substring(11) : s;
        if (t.length() == 10) {
            return LocalDate.parse(t).atStartOfDay().toInstant(ZoneOffset.UTC);
        }
        try {
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException e) {
            return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
        }
    }
}
