package dev.jvortex.core.expr;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/// A filter expression over the columns of a table: column references, literals, comparisons,
/// boolean connectives, null tests, `BETWEEN`, `IN` and `LIKE`.
///
/// Build one in code (`Expr.column("dep_delay").gt(30).and(Expr.column("carrier").eq("UA"))`) or
/// parse its text form with [#parse(String)]. Before evaluation an expression is bound to a
/// schema with [Binder#bind(Expr, DType.Struct)], which checks types and normalizes it.
///
/// Evaluation follows SQL's three-valued logic: a comparison with a null operand is null, and a
/// filter keeps only the rows where the expression is true (never those where it is null).
/// Floats compare in IEEE 754 total order, as the reference does: `-0.0 < 0.0`, and NaN is
/// larger than every number (a NaN with the sign bit set, smaller than every number).
public sealed interface Expr
        permits Expr.Column,
                Expr.Literal,
                Expr.Compare,
                Expr.And,
                Expr.Or,
                Expr.Not,
                Expr.IsNull,
                Expr.IsNotNull,
                Expr.Between,
                Expr.InList,
                Expr.Like {

    /// The deepest nesting a filter may have: parentheses, `NOT`s and connectives of different
    /// kinds inside one another, counted as levels. A run of one connective (`a OR b OR c ...`,
    /// however long and however it is grouped) and an `IN` list (however long) count as one
    /// level. Deeper filters are refused with a [VortexException] naming this limit.
    int MAX_DEPTH = 128;

    /// A comparison operator.
    enum Operator {
        EQ("="),
        NE("!="),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        /// Returns the SQL symbol.
        public String symbol() {
            return symbol;
        }

        /// Returns the operator that is true exactly when this one is false (for non-null operands).
        public Operator negate() {
            return switch (this) {
                case EQ -> NE;
                case NE -> EQ;
                case LT -> GE;
                case LE -> GT;
                case GT -> LE;
                case GE -> LT;
            };
        }

        /// Returns the operator with its operands swapped: `a < b` is `b > a`.
        public Operator flip() {
            return switch (this) {
                case EQ, NE -> this;
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
            };
        }
    }

    /// A reference to a column: a top-level field, or a field of a struct column (`a.b`).
    ///
    /// @param path the field names from the top level down; never empty
    record Column(List<String> path) implements Expr {
        public Column {
            path = List.copyOf(path);
            if (path.isEmpty()) {
                throw VortexException.misuse("a column reference needs a name");
            }
        }

        /// Returns the path joined with dots.
        public String name() {
            return String.join(".", path);
        }

        /// Returns the top-level field name.
        public String topLevel() {
            return path.getFirst();
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (String p : path) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(ExprParser.isPlainIdentifier(p) ? p : "\"" + p.replace("\"", "\"\"") + "\"");
            }
            return sb.toString();
        }
    }

    /// A constant.
    ///
    /// @param value the value with its type (a null value of the null type for SQL `NULL`)
    record Literal(Scalar value) implements Expr {
        @Override
        public String toString() {
            return ExprParser.literalText(value);
        }
    }

    /// `left op right`.
    record Compare(Operator op, Expr left, Expr right) implements Expr {
        @Override
        public String toString() {
            return left + " " + op.symbol() + " " + right;
        }
    }

    /// `left AND right`.
    record And(Expr left, Expr right) implements Expr {
        @Override
        public String toString() {
            return joined(this, " AND ");
        }
    }

    /// `left OR right`.
    record Or(Expr left, Expr right) implements Expr {
        @Override
        public String toString() {
            return joined(this, " OR ");
        }
    }

    /// `NOT child`.
    record Not(Expr child) implements Expr {
        @Override
        public String toString() {
            return "NOT " + group(child, this);
        }
    }

    /// `child IS NULL`.
    record IsNull(Expr child) implements Expr {
        @Override
        public String toString() {
            return group(child, this) + " IS NULL";
        }
    }

    /// `child IS NOT NULL`.
    record IsNotNull(Expr child) implements Expr {
        @Override
        public String toString() {
            return group(child, this) + " IS NOT NULL";
        }
    }

    /// `value BETWEEN lower AND upper`; a strict bound excludes equality.
    record Between(Expr value, Expr lower, Expr upper, boolean lowerStrict, boolean upperStrict) implements Expr {
        @Override
        public String toString() {
            if (lowerStrict || upperStrict) {
                return new And(
                                new Compare(lowerStrict ? Operator.GT : Operator.GE, value, lower),
                                new Compare(upperStrict ? Operator.LT : Operator.LE, value, upper))
                        .toString();
            }
            return group(value, this) + " BETWEEN " + lower + " AND " + upper;
        }
    }

    /// `value IN (v1, v2, ...)`.
    record InList(Expr value, List<Expr> values) implements Expr {
        public InList {
            values = List.copyOf(values);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(group(value, this)).append(" IN (");
            for (int i = 0; i < values.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(values.get(i));
            }
            return sb.append(')').toString();
        }
    }

    /// `value [NOT] [I]LIKE 'pattern'`: `%` matches any run of characters, `_` one character,
    /// `\` escapes the next pattern character.
    record Like(Expr value, String pattern, boolean negated, boolean caseInsensitive) implements Expr {
        @Override
        public String toString() {
            return group(value, this)
                    + (negated ? " NOT" : "")
                    + (caseInsensitive ? " ILIKE " : " LIKE ")
                    + ExprParser.quote(pattern);
        }
    }

    private static int precedence(Expr e) {
        return switch (e) {
            case Or o -> 1;
            case And a -> 2;
            case Not n -> 3;
            case Compare c -> 4;
            case Between b -> 4;
            case InList i -> 4;
            case Like l -> 4;
            case IsNull n -> 4;
            case IsNotNull n -> 4;
            case Column c -> 5;
            case Literal l -> 5;
        };
    }

    private static String joined(Expr chain, String op) {
        StringBuilder sb = new StringBuilder();
        for (Expr operand : Chains.operands(chain)) {
            if (!sb.isEmpty()) {
                sb.append(op);
            }
            sb.append(group(operand, chain));
        }
        return sb.toString();
    }

    private static String group(Expr child, Expr parent) {
        int cp = precedence(child);
        int pp = precedence(parent);
        boolean wrap = cp < pp || (cp == 4 && pp == 4);
        return wrap ? "(" + child + ")" : child.toString();
    }

    // ---- building ----

    /// Returns a reference to the column at `path` (one name for a top-level column).
    static Column column(String... path) {
        return new Column(List.of(path));
    }

    /// Returns a literal for a Java value: [Long], [Integer] (as i64), [Double] (f64), [BigDecimal]
    /// (a decimal of its own precision and scale), [String] (utf8), [Boolean], `byte[]` (binary),
    /// a [Scalar] as is, or null (SQL `NULL`).
    static Literal literal(Object value) {
        return switch (value) {
            case null -> new Literal(new Scalar(new DType.Null(), null));
            case Scalar s -> new Literal(s);
            case Long l -> new Literal(new Scalar(new DType.Primitive(PType.I64, false), l));
            case Integer i -> new Literal(new Scalar(new DType.Primitive(PType.I64, false), (long) i));
            case Short s -> new Literal(new Scalar(new DType.Primitive(PType.I64, false), (long) s));
            case Byte b -> new Literal(new Scalar(new DType.Primitive(PType.I64, false), (long) b));
            case Double d -> new Literal(new Scalar(new DType.Primitive(PType.F64, false), d));
            case Float f -> new Literal(new Scalar(new DType.Primitive(PType.F64, false), (double) f));
            case BigDecimal d -> ExprParser.decimalLiteral(d);
            case String s -> new Literal(new Scalar(new DType.Utf8(false), s));
            case Boolean b -> new Literal(new Scalar(new DType.Bool(false), b));
            case byte[] b -> new Literal(new Scalar(new DType.Binary(false), b.clone()));
            default ->
                throw VortexException.misuse(
                        "no literal for a " + value.getClass().getSimpleName());
        };
    }

    private static Expr operand(Object o) {
        return o instanceof Expr e ? e : literal(o);
    }

    /// Parses the SQL-like text form (see [ExprParser]).
    static Expr parse(String text) {
        return ExprParser.parse(text);
    }

    /// Returns `this = other` (`other` an [Expr] or a value for [#literal(Object)]).
    default Expr eq(Object other) {
        return new Compare(Operator.EQ, this, operand(other));
    }

    /// Returns `this != other`.
    default Expr ne(Object other) {
        return new Compare(Operator.NE, this, operand(other));
    }

    /// Returns `this < other`.
    default Expr lt(Object other) {
        return new Compare(Operator.LT, this, operand(other));
    }

    /// Returns `this <= other`.
    default Expr le(Object other) {
        return new Compare(Operator.LE, this, operand(other));
    }

    /// Returns `this > other`.
    default Expr gt(Object other) {
        return new Compare(Operator.GT, this, operand(other));
    }

    /// Returns `this >= other`.
    default Expr ge(Object other) {
        return new Compare(Operator.GE, this, operand(other));
    }

    /// Returns `this AND other`.
    default Expr and(Expr other) {
        return new And(this, other);
    }

    /// Returns `this OR other`.
    default Expr or(Expr other) {
        return new Or(this, other);
    }

    /// Returns `NOT this`.
    default Expr not() {
        return new Not(this);
    }

    /// Returns `this IS NULL`.
    default Expr isNull() {
        return new IsNull(this);
    }

    /// Returns `this IS NOT NULL`.
    default Expr isNotNull() {
        return new IsNotNull(this);
    }

    /// Returns `this BETWEEN lower AND upper` (both bounds inclusive).
    default Expr between(Object lower, Object upper) {
        return new Between(this, operand(lower), operand(upper), false, false);
    }

    /// Returns `this IN (values...)`.
    default Expr in(Object... values) {
        List<Expr> list = new ArrayList<>();
        for (Object v : values) {
            list.add(operand(v));
        }
        return new InList(this, list);
    }

    /// Returns `this LIKE pattern`.
    default Expr like(String pattern) {
        return new Like(this, pattern, false, false);
    }

    /// Returns the columns this expression references, in order of first use.
    default List<Column> columns() {
        Set<Column> out = new LinkedHashSet<>();
        collectColumns(this, out);
        return List.copyOf(out);
    }

    private static void collectColumns(Expr e, Set<Column> out) {
        // An explicit stack: a filter built in code may be a chain of 100,000 ORs.
        Deque<Expr> stack = new ArrayDeque<>();
        stack.push(e);
        while (!stack.isEmpty()) {
            Expr x = stack.pop();
            if (x instanceof Column c) {
                out.add(c);
            } else {
                List<Expr> children = Chains.children(x);
                for (int i = children.size() - 1; i >= 0; i--) {
                    stack.push(children.get(i));
                }
            }
        }
    }
}
