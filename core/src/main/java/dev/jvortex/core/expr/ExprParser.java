package dev.jvortex.core.expr;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/// Parses the SQL-like text form of a filter.
///
/// ```
/// expr      := and (OR and)*
/// and       := not (AND not)*
/// not       := NOT not | predicate
/// predicate := operand [ cmp operand | IS [NOT] NULL | [NOT] BETWEEN operand AND operand
///                      | [NOT] IN '(' operand (',' operand)* ')' | [NOT] (LIKE | ILIKE) 'pattern' ]
/// cmp       := = | == | != | <> | < | <= | > | >=
/// operand   := column | literal | '(' expr ')'
/// column    := name ('.' name)*          name: [A-Za-z_][A-Za-z0-9_]* or "quoted" ("" inside for ")
/// literal   := [-] number | 'text' ('' inside for ') | TRUE | FALSE | NULL
///            | (DATE | TIME | TIMESTAMP) 'text'
/// ```
///
/// Keywords are case-insensitive. Integers become i64 literals (u64 above `Long.MAX_VALUE`),
/// numbers with a fraction become exact decimals, numbers with an exponent f64. Quoted text
/// compared with a date, time or timestamp column is read as ISO-8601 (`'2024-01-31'`,
/// `'2024-01-31T08:15:00Z'`); with a float column `'NaN'`, `'Infinity'` and `'-Infinity'` name
/// those values. Errors are [VortexException]s of kind `MISUSE` naming the position (1-based
/// character index) and showing it under the text.
public final class ExprParser {
    private enum Kind {
        IDENT,
        QUOTED_IDENT,
        STRING,
        NUMBER,
        OP,
        LPAREN,
        RPAREN,
        COMMA,
        DOT,
        MINUS,
        END
    }

    private record Token(Kind kind, String text, int pos) {}

    private final String text;
    private final List<Token> tokens;
    private final Map<Expr, Integer> positions = new IdentityHashMap<>();
    private int at;

    private ExprParser(String text) {
        this.text = text;
        this.tokens = tokenize(text);
        checkNesting();
    }

    /// Parses `text` into an (unbound) expression.
    public static Expr parse(String text) {
        return new ExprParser(text).parseAll();
    }

    /// Parses `text` and binds it to `schema` (see [Binder]); type errors name their position.
    public static Expr parse(String text, DType.Struct schema) {
        ExprParser p = new ExprParser(text);
        Expr e = p.parseAll();
        return Binder.bind(e, schema, node -> {
            Integer pos = p.positions.get(node);
            return pos == null ? "" : p.where(pos);
        });
    }

    private Expr parseAll() {
        if (tokens.getFirst().kind == Kind.END) {
            throw error(0, "the filter is empty");
        }
        Expr e = orExpr();
        Token t = peek();
        if (t.kind != Kind.END) {
            throw error(t.pos, "unexpected " + describe(t) + " after a complete expression");
        }
        return e;
    }

    // ---- grammar ----

    private Expr orExpr() {
        List<Expr> terms = new ArrayList<>();
        List<Integer> ops = new ArrayList<>();
        terms.add(andExpr());
        while (keyword("OR")) {
            ops.add(next().pos);
            terms.add(andExpr());
        }
        return chain(terms, ops, false, 0, terms.size());
    }

    private Expr andExpr() {
        List<Expr> terms = new ArrayList<>();
        List<Integer> ops = new ArrayList<>();
        terms.add(notExpr());
        while (keyword("AND")) {
            ops.add(next().pos);
            terms.add(notExpr());
        }
        return chain(terms, ops, true, 0, terms.size());
    }

    /// A run of one connective as a balanced tree (depth log2 of its length, see [Chains]); each
    /// node is marked with the operator between its halves.
    private Expr chain(List<Expr> terms, List<Integer> ops, boolean and, int from, int to) {
        if (to - from == 1) {
            return terms.get(from);
        }
        int mid = (from + to) >>> 1;
        Expr l = chain(terms, ops, and, from, mid);
        Expr r = chain(terms, ops, and, mid, to);
        return mark(and ? new Expr.And(l, r) : new Expr.Or(l, r), ops.get(mid - 1));
    }

    private Expr notExpr() {
        // NOT NOT x is x in three-valued logic: a run of NOTs is read in a loop and keeps its parity.
        int nots = 0;
        int first = -1;
        while (keyword("NOT")) {
            Token op = next();
            first = nots == 0 ? op.pos : first;
            nots++;
        }
        Expr e = predicate();
        return nots % 2 == 0 ? e : mark(new Expr.Not(e), first);
    }

    /// Refuses parentheses nested deeper than [Expr#MAX_DEPTH], in one pass over the tokens before
    /// the (recursive) parse starts.
    private void checkNesting() {
        int depth = 0;
        for (Token t : tokens) {
            if (t.kind == Kind.LPAREN && ++depth > Expr.MAX_DEPTH) {
                throw error(
                        t.pos,
                        "parentheses nested deeper than " + Expr.MAX_DEPTH + " levels (the limit, Expr.MAX_DEPTH)");
            } else if (t.kind == Kind.RPAREN) {
                depth = Math.max(0, depth - 1);
            }
        }
    }

    private Expr predicate() {
        Expr left = operand();
        Token t = peek();
        if (t.kind == Kind.OP) {
            next();
            Expr.Operator op = switch (t.text) {
                case "=", "==" -> Expr.Operator.EQ;
                case "!=", "<>" -> Expr.Operator.NE;
                case "<" -> Expr.Operator.LT;
                case "<=" -> Expr.Operator.LE;
                case ">" -> Expr.Operator.GT;
                default -> Expr.Operator.GE;
            };
            return mark(new Expr.Compare(op, left, operand()), t.pos);
        }
        if (keyword("IS")) {
            next();
            boolean not = keyword("NOT");
            if (not) {
                next();
            }
            expectKeyword("NULL", "NULL after IS" + (not ? " NOT" : ""));
            return mark(not ? new Expr.IsNotNull(left) : new Expr.IsNull(left), t.pos);
        }
        boolean negated = false;
        if (keyword("NOT")) {
            Token after = tokens.get(at + 1);
            if (after.kind == Kind.IDENT && isOneOf(after.text, "BETWEEN", "IN", "LIKE", "ILIKE")) {
                next();
                negated = true;
            } else {
                throw error(after.pos, "expected BETWEEN, IN, LIKE or ILIKE after NOT but found " + describe(after));
            }
        }
        Token kw = peek();
        if (keyword("BETWEEN")) {
            next();
            Expr lower = operand();
            expectKeyword("AND", "AND between the bounds of BETWEEN");
            Expr upper = operand();
            Expr b = mark(new Expr.Between(left, lower, upper, false, false), kw.pos);
            return negated ? mark(new Expr.Not(b), kw.pos) : b;
        }
        if (keyword("IN")) {
            next();
            Token open = next();
            if (open.kind != Kind.LPAREN) {
                throw error(open.pos, "expected '(' after IN but found " + describe(open));
            }
            List<Expr> values = new ArrayList<>();
            do {
                values.add(operand());
            } while (accept(Kind.COMMA));
            Token close = next();
            if (close.kind != Kind.RPAREN) {
                throw error(close.pos, "expected ',' or ')' in the IN list but found " + describe(close));
            }
            Expr in = mark(new Expr.InList(left, values), kw.pos);
            return negated ? mark(new Expr.Not(in), kw.pos) : in;
        }
        if (keyword("LIKE") || keyword("ILIKE")) {
            boolean ci = next().text.equalsIgnoreCase("ILIKE");
            Token pattern = next();
            if (pattern.kind != Kind.STRING) {
                throw error(
                        pattern.pos,
                        "expected a quoted pattern after " + (ci ? "ILIKE" : "LIKE") + " but found "
                                + describe(pattern));
            }
            return mark(new Expr.Like(left, pattern.text, negated, ci), kw.pos);
        }
        return left;
    }

    private Expr operand() {
        Token t = next();
        switch (t.kind) {
            case LPAREN -> {
                Expr e = orExpr();
                Token close = next();
                if (close.kind != Kind.RPAREN) {
                    throw error(
                            close.pos,
                            "expected ')' to close the '(' at position " + (t.pos + 1) + " but found "
                                    + describe(close));
                }
                return e;
            }
            case NUMBER -> {
                return mark(number(t.text, false, t.pos), t.pos);
            }
            case MINUS -> {
                Token n = next();
                if (n.kind != Kind.NUMBER) {
                    throw error(n.pos, "expected a number after '-' but found " + describe(n));
                }
                return mark(number(n.text, true, n.pos), t.pos);
            }
            case STRING -> {
                return mark(new Expr.Literal(new Scalar(new DType.Utf8(false), t.text)), t.pos);
            }
            case QUOTED_IDENT -> {
                return column(t);
            }
            case IDENT -> {
                String k = t.text.toUpperCase(Locale.ROOT);
                switch (k) {
                    case "TRUE", "FALSE" -> {
                        return mark(new Expr.Literal(new Scalar(new DType.Bool(false), k.equals("TRUE"))), t.pos);
                    }
                    case "NULL" -> {
                        return mark(new Expr.Literal(new Scalar(new DType.Null(), null)), t.pos);
                    }
                    case "DATE", "TIME", "TIMESTAMP" -> {
                        if (peek().kind == Kind.STRING) {
                            Token s = next();
                            return mark(new Expr.Literal(new Scalar(new DType.Utf8(false), s.text)), t.pos);
                        }
                    }
                    case "AND", "OR", "NOT", "IS", "BETWEEN", "IN", "LIKE", "ILIKE" ->
                        throw error(t.pos, "expected a column or a value but found the keyword " + t.text);
                    default -> {}
                }
                return column(t);
            }
            default -> throw error(t.pos, "expected a column or a value but found " + describe(t));
        }
    }

    private Expr column(Token first) {
        List<String> path = new ArrayList<>();
        path.add(first.text);
        while (peek().kind == Kind.DOT) {
            next();
            Token part = next();
            if (part.kind != Kind.IDENT && part.kind != Kind.QUOTED_IDENT) {
                throw error(part.pos, "expected a field name after '.' but found " + describe(part));
            }
            path.add(part.text);
        }
        return mark(new Expr.Column(path), first.pos);
    }

    private Expr number(String s, boolean negative, int pos) {
        String t = negative ? "-" + s : s;
        int mantissa = 0;
        for (int i = 0; i < s.length() && s.charAt(i) != 'e' && s.charAt(i) != 'E'; i++) {
            mantissa += s.charAt(i) == '0' && mantissa == 0 ? 0 : 1;
        }
        if (mantissa > 200) {
            // No literal needs this many digits; refusing early keeps a huge one from being parsed.
            throw error(pos, "number of " + mantissa + " digits is too long (at most 76 digits fit a decimal)");
        }
        if (s.indexOf('e') >= 0 || s.indexOf('E') >= 0) {
            double d = Double.parseDouble(t);
            if (Double.isInfinite(d)) {
                throw error(pos, "number " + t + " is out of range for f64");
            }
            return new Expr.Literal(new Scalar(new DType.Primitive(PType.F64, false), d));
        }
        if (s.indexOf('.') >= 0) {
            return decimalLiteral(new BigDecimal(t), () -> error(pos, "number " + t + " has more than 76 digits"));
        }
        BigInteger v = new BigInteger(t);
        if (v.bitLength() <= 63) {
            return new Expr.Literal(new Scalar(new DType.Primitive(PType.I64, false), v.longValue()));
        }
        if (v.signum() > 0 && v.bitLength() <= 64) {
            return new Expr.Literal(new Scalar(new DType.Primitive(PType.U64, false), v.longValue()));
        }
        return decimalLiteral(new BigDecimal(v), () -> error(pos, "number " + t + " has more than 76 digits"));
    }

    /// Returns an exact decimal literal for `d` (its own precision and scale).
    static Expr.Literal decimalLiteral(BigDecimal d) {
        return decimalLiteral(d, () -> VortexException.misuse("decimal " + d + " has more than 76 digits"));
    }

    private static Expr.Literal decimalLiteral(BigDecimal d, java.util.function.Supplier<VortexException> tooLong) {
        BigDecimal n = d.scale() < 0 ? d.setScale(0) : d;
        BigInteger unscaled = n.unscaledValue();
        int digits = unscaled.signum() == 0 ? 1 : unscaled.abs().toString().length();
        int precision = Math.max(digits, Math.max(1, n.scale()));
        if (precision > 76) {
            throw tooLong.get();
        }
        return new Expr.Literal(new Scalar(new DType.Decimal(precision, n.scale(), false), unscaled));
    }

    // ---- tokens ----

    private Token peek() {
        return tokens.get(at);
    }

    private Token next() {
        Token t = tokens.get(at);
        if (t.kind != Kind.END) {
            at++;
        }
        return t;
    }

    private boolean accept(Kind kind) {
        if (peek().kind == kind) {
            next();
            return true;
        }
        return false;
    }

    private boolean keyword(String k) {
        Token t = peek();
        return t.kind == Kind.IDENT && t.text.equalsIgnoreCase(k);
    }

    private void expectKeyword(String k, String what) {
        Token t = next();
        if (t.kind != Kind.IDENT || !t.text.equalsIgnoreCase(k)) {
            throw error(t.pos, "expected " + what + " but found " + describe(t));
        }
    }

    private static boolean isOneOf(String s, String... keywords) {
        for (String k : keywords) {
            if (s.equalsIgnoreCase(k)) {
                return true;
            }
        }
        return false;
    }

    private <E extends Expr> E mark(E e, int pos) {
        positions.putIfAbsent(e, pos);
        return e;
    }

    private static String describe(Token t) {
        return switch (t.kind) {
            case END -> "the end of the text";
            case STRING -> "'" + t.text + "'";
            case QUOTED_IDENT -> "\"" + t.text + "\"";
            default -> "'" + t.text + "'";
        };
    }

    private List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int start = i;
            if (Character.isLetter(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Kind.IDENT, s.substring(start, i), start));
            } else if (isAsciiDigit(c) || (c == '.' && i + 1 < n && isAsciiDigit(s.charAt(i + 1)))) {
                while (i < n && isAsciiDigit(s.charAt(i))) {
                    i++;
                }
                if (i < n && s.charAt(i) == '.') {
                    i++;
                    while (i < n && isAsciiDigit(s.charAt(i))) {
                        i++;
                    }
                }
                if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                    int e = i + 1;
                    if (e < n && (s.charAt(e) == '+' || s.charAt(e) == '-')) {
                        e++;
                    }
                    if (e >= n || !isAsciiDigit(s.charAt(e))) {
                        throw error(
                                i, "malformed exponent in the number '" + s.substring(start, Math.min(n, e + 1)) + "'");
                    }
                    i = e;
                    while (i < n && isAsciiDigit(s.charAt(i))) {
                        i++;
                    }
                }
                if (i < n && (Character.isLetter(s.charAt(i)) || s.charAt(i) == '_')) {
                    throw error(i, "unexpected '" + s.charAt(i) + "' after the number " + s.substring(start, i));
                }
                out.add(new Token(Kind.NUMBER, s.substring(start, i), start));
            } else if (c == '\'' || c == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (true) {
                    if (i >= n) {
                        throw error(start, "unterminated " + (c == '\'' ? "string" : "quoted name") + " starting here");
                    }
                    char d = s.charAt(i++);
                    if (d == c) {
                        if (i < n && s.charAt(i) == c) {
                            sb.append(c);
                            i++;
                            continue;
                        }
                        break;
                    }
                    sb.append(d);
                }
                if (c == '"' && sb.isEmpty()) {
                    throw error(start, "empty quoted name");
                }
                out.add(new Token(c == '\'' ? Kind.STRING : Kind.QUOTED_IDENT, sb.toString(), start));
            } else {
                i++;
                String two = i < n ? s.substring(start, i + 1) : "";
                switch (c) {
                    case '(' -> out.add(new Token(Kind.LPAREN, "(", start));
                    case ')' -> out.add(new Token(Kind.RPAREN, ")", start));
                    case ',' -> out.add(new Token(Kind.COMMA, ",", start));
                    case '.' -> out.add(new Token(Kind.DOT, ".", start));
                    case '-' -> out.add(new Token(Kind.MINUS, "-", start));
                    case '=', '<', '>', '!' -> {
                        if (two.equals("==")
                                || two.equals("!=")
                                || two.equals("<>")
                                || two.equals("<=")
                                || two.equals(">=")) {
                            i++;
                            out.add(new Token(Kind.OP, two, start));
                        } else if (c == '!') {
                            throw error(start, "unexpected '!' (did you mean '!='?)");
                        } else {
                            out.add(new Token(Kind.OP, String.valueOf(c), start));
                        }
                    }
                    default -> throw error(start, "unexpected character '" + c + "'");
                }
            }
        }
        out.add(new Token(Kind.END, "", n));
        return out;
    }

    /// Numbers are ASCII: `Character.isDigit` also accepts other scripts' digits, which the
    /// number parsers reject.
    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    // ---- errors and text ----

    private String where(int pos) {
        // A long filter (an IN list of 100,000 values) is shown as a window around the position.
        int from = 0;
        int to = text.length();
        if (to > WINDOW) {
            from = Math.max(0, Math.min(pos - WINDOW / 2, to - WINDOW));
            to = Math.min(to, from + WINDOW);
        }
        String head = from > 0 ? "..." : "";
        String shown = head + text.substring(from, to) + (to < text.length() ? "..." : "");
        int caret = Math.max(0, pos - from) + head.length();
        return "at position " + (pos + 1) + "\n  " + shown + "\n  " + " ".repeat(caret) + "^";
    }

    private static final int WINDOW = 120;

    private VortexException error(int pos, String what) {
        return VortexException.misuse("invalid filter: " + what + " " + where(pos));
    }

    /// Returns true when `name` can be written without quotes.
    static boolean isPlainIdentifier(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_') {
                return false;
            }
        }
        return !isOneOf(
                name,
                "AND",
                "OR",
                "NOT",
                "IS",
                "NULL",
                "BETWEEN",
                "IN",
                "LIKE",
                "ILIKE",
                "TRUE",
                "FALSE",
                "DATE",
                "TIME",
                "TIMESTAMP");
    }

    /// Returns `s` as a quoted SQL string.
    static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /// Returns the text form of a literal value.
    static String literalText(Scalar s) {
        Object v = s.value();
        if (v == null) {
            return "NULL";
        }
        DType t = s.dtype();
        return switch (t) {
            case DType.Bool b -> (Boolean) v ? "TRUE" : "FALSE";
            case DType.Primitive p ->
                switch (p.ptype()) {
                    case U64 -> Long.toUnsignedString((Long) v);
                    case F16, F32, F64 -> {
                        double d = s.asDouble();
                        if (Double.isNaN(d) || Double.isInfinite(d)) {
                            yield Double.isNaN(d) ? "'NaN'" : d > 0 ? "'Infinity'" : "'-Infinity'";
                        }
                        // An exponent keeps the literal a float when the text is parsed again.
                        String text = Double.toString(d);
                        yield text.contains("E") ? text : text + "E0";
                    }
                    default -> v.toString();
                };
            case DType.Decimal d -> {
                // A point keeps a decimal of scale 0 a decimal when the text is parsed again ("1.").
                String text = new BigDecimal((BigInteger) v, d.scale()).toPlainString();
                yield text.indexOf('.') < 0 ? text + "." : text;
            }
            case DType.Utf8 u -> quote((String) v);
            case DType.Binary b -> "X'" + java.util.HexFormat.of().formatHex((byte[]) v) + "'";
            case DType.Extension e -> e.id() + "(" + literalText(new Scalar(e.storage(), v)) + ")";
            default -> s.toString();
        };
    }
}
