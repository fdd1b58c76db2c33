package dev.jvortex.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/// Evaluates filters over random columns and compares every row with a slow, obvious
/// evaluation of the unbound expression written here with plain Java values.
class FilterEvaluatorTest {
    private static final int ROWS = 64 * 17 + 37;
    private static final String[] WORDS = {
        "alpha",
        "beta",
        "gamma",
        "",
        "beta ",
        "bêta",
        "gamma and more long text",
        "a%c",
        "a_c",
        "ALPHA",
        "zeta-zeta-zeta-zeta"
    };

    private Arena arena;
    private DType.Struct schema;
    private final Map<String, Array> arrays = new HashMap<>();
    /// Plain values per column: BigDecimal (integers), Double, String, Boolean or null.
    private final Map<String, Object[]> values = new HashMap<>();

    @BeforeEach
    @SuppressWarnings("MustBeClosedChecker") // closed in @AfterEach
    void build() {
        arena = Arena.ofConfined();
        Random r = new Random(20240531);
        schema = DType.struct(
                false,
                "i",
                new DType.Primitive(PType.I32, true),
                "t",
                new DType.Primitive(PType.U8, true),
                "u",
                new DType.Primitive(PType.U64, false),
                "d",
                new DType.Primitive(PType.F64, true),
                "s",
                new DType.Utf8(true),
                "b",
                new DType.Bool(true),
                "st",
                DType.struct(true, "x", new DType.Primitive(PType.I64, true)));
        Builders.LongBuilder i = Builders.longs(schema.fields().get(0));
        Builders.LongBuilder t = Builders.longs(schema.fields().get(1));
        Builders.LongBuilder u = Builders.longs(schema.fields().get(2));
        Builders.DoubleBuilder d = Builders.doubles(schema.fields().get(3));
        Builders.StringBuilder s = Builders.strings(schema.fields().get(4));
        Builders.BoolBuilder b = Builders.bools(schema.fields().get(5));
        Builders.LongBuilder x = Builders.longs(new DType.Primitive(PType.I64, true));
        Object[] iv = new Object[ROWS];
        Object[] tv = new Object[ROWS];
        Object[] uv = new Object[ROWS];
        Object[] dv = new Object[ROWS];
        Object[] sv = new Object[ROWS];
        Object[] bv = new Object[ROWS];
        Object[] xv = new Object[ROWS];
        long[] structValid = new long[(ROWS + 63) / 64];
        double[] specials = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, 1.5};
        for (int row = 0; row < ROWS; row++) {
            if (r.nextInt(10) == 0) {
                i.appendNull();
            } else {
                int v = r.nextInt(101) - 50;
                i.append(v);
                iv[row] = BigDecimal.valueOf(v);
            }
            if (r.nextInt(10) == 0) {
                t.appendNull();
            } else {
                int v = r.nextInt(256);
                t.append(v);
                tv[row] = BigDecimal.valueOf(v);
            }
            long uu = r.nextInt(4) == 0 ? r.nextInt(10) : r.nextLong();
            u.append(uu);
            uv[row] = new BigDecimal(new BigInteger(Long.toUnsignedString(uu)));
            if (r.nextInt(10) == 0) {
                d.appendNull();
            } else {
                double v = r.nextInt(3) == 0 ? specials[r.nextInt(specials.length)] : r.nextGaussian();
                d.append(v);
                dv[row] = v;
            }
            if (r.nextInt(10) == 0) {
                s.appendNull();
            } else {
                String v = WORDS[r.nextInt(WORDS.length)];
                s.append(v);
                sv[row] = v;
            }
            if (r.nextInt(10) == 0) {
                b.appendNull();
            } else {
                boolean v = r.nextBoolean();
                b.append(v);
                bv[row] = v;
            }
            boolean structOk = r.nextInt(8) != 0;
            if (structOk) {
                structValid[row >>> 6] |= 1L << row;
            }
            if (r.nextInt(8) == 0) {
                x.appendNull();
            } else {
                long v = r.nextInt(21) - 10;
                x.append(v);
                xv[row] = structOk ? BigDecimal.valueOf(v) : null;
            }
        }
        put("i", i.build(arena), iv);
        put("t", t.build(arena), tv);
        put("u", u.build(arena), uv);
        put("d", d.build(arena), dv);
        put("s", s.build(arena), sv);
        put("b", b.build(arena), bv);
        java.lang.foreign.MemorySegment bits = arena.allocate(structValid.length * 8L, 8);
        java.lang.foreign.MemorySegment.copy(
                structValid, 0, bits, java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, 0, structValid.length);
        DType.Struct st = (DType.Struct) schema.fields().get(6);
        put("st", new StructArray(st, List.of(x.build(arena)), ROWS, Validity.ofBits(bits)), null);
        values.put("st.x", xv);
    }

    private void put(String name, Array a, Object[] v) {
        arrays.put(name, a);
        if (v != null) {
            values.put(name, v);
        }
    }

    @AfterEach
    void close() {
        arena.close();
    }

    @Test
    void matchesPlainEvaluation() {
        List<String> filters = List.of(
                "i > 10",
                "i >= 10",
                "i < -3",
                "i <= -3",
                "i = 7",
                "i != 7",
                "i > 2.5",
                "i >= 2.5",
                "i < 2.5",
                "i <= 2.5",
                "i = 2.5",
                "i != 2.5",
                "i < 1000",
                "i > -1000",
                "i > 1e3",
                "i >= -2147483648",
                "i <= 2147483647",
                "i > 2147483647",
                "i BETWEEN -5 AND 5",
                "i NOT BETWEEN -5 AND 5",
                "-5 < i AND i < 5",
                "i IN (1, 2, 3)",
                "i NOT IN (1, 2, NULL)",
                "i IN (1, NULL)",
                "i NOT IN (1, 2)",
                "i IN (1, 2.5, 100000, -50, 50)",
                "t IN (1, 256, -1, 255)",
                "u IN (0, 1, 18446744073709551615, 9)",
                "d IN ('NaN', 0.0, 1.5, '-Infinity')",
                "d NOT IN (-0.0, 0.1)",
                "s IN ('alpha', 'beta', '')",
                "s NOT IN ('alpha', 'gamma and more long text', NULL)",
                "s IN ('nothing')",
                "b IN (TRUE)",
                "st.x IN (1, 2, 3) OR i IN (4, 5)",
                "NOT (i IN (1, 2, 3) AND s NOT IN ('beta'))",
                "i IS NULL",
                "i IS NOT NULL",
                "NOT (i > 0 AND d < 0.5)",
                "i > 0 OR s = 'beta'",
                "t > 200",
                "t < 0",
                "t <= 255",
                "t = 256",
                "t != -1",
                "i < t",
                "i >= t",
                "i = t",
                "i != t",
                "u > 9223372036854775807",
                "u < 5",
                "u >= 18446744073709551615",
                "u > -1",
                "u = 3",
                "d > 0",
                "d >= 0",
                "d < 0",
                "d <= 0",
                "d = 0",
                "d = -0.0",
                "d = 'NaN'",
                "d != 1.5",
                "d > 'Infinity'",
                "d >= '-Infinity'",
                "d < 'NaN'",
                "d > 0.1",
                "d = 0.1",
                "d BETWEEN -1 AND 1",
                "NOT d > 0",
                "s = 'alpha'",
                "s != 'alpha'",
                "s > 'beta'",
                "s >= 'beta'",
                "s < 'bêta'",
                "s <= 'gamma and more long text'",
                "s = 'gamma and more long text'",
                "s = ''",
                "s > ''",
                "s LIKE 'al%'",
                "s LIKE '%ta'",
                "s LIKE '%et%'",
                "s LIKE 'b_ta'",
                "s LIKE 'a\\%c'",
                "s LIKE 'a_c'",
                "s LIKE '%'",
                "s LIKE ''",
                "s LIKE 'gamma%text'",
                "s NOT LIKE 'al%'",
                "s ILIKE 'ALPHA'",
                "s ILIKE 'b%A'",
                "s IN ('alpha', 'beta')",
                "b",
                "NOT b",
                "b = FALSE",
                "b != TRUE",
                "b IS NULL",
                "b AND i > 0",
                "b OR i > 0",
                "i = NULL",
                "NOT (i = NULL)",
                "(i > 0) IS NULL",
                "(i > 0 AND b) IS NOT NULL",
                "TRUE",
                "FALSE",
                "NULL",
                "NOT NULL",
                "i > 0 OR TRUE",
                "i > 0 AND NULL",
                "NOT (i > 0 AND NULL)",
                "st.x > 0",
                "st.x IS NULL",
                "st.x BETWEEN -2 AND 2",
                "st IS NULL");
        int checked = 0;
        for (String text : filters) {
            Expr parsed = Expr.parse(text);
            Expr bound = Binder.bind(parsed, schema);
            FilterEvaluator ev = new FilterEvaluator(bound, schema);
            Selection sel = ev.evaluate(arrays::get, ROWS);
            int expectedCount = 0;
            for (int row = 0; row < ROWS; row++) {
                boolean expected = Boolean.TRUE.equals(eval(parsed, row));
                expectedCount += expected ? 1 : 0;
                assertEquals(expected, sel.get(row), text + " at row " + row + " (bound: " + bound + ")");
            }
            assertEquals(expectedCount, sel.count(), text);
            assertEquals(expectedCount, sel.indices().length, text);
            checked++;
        }
        assertTrue(checked > 90);
    }

    @Test
    void evaluatesSlicesOfBatchesRepeatedly() {
        Expr bound =
                Binder.bind(Expr.column("i").between(-5, 5).and(Expr.column("s").like("%a")), schema);
        FilterEvaluator ev = new FilterEvaluator(bound, schema);
        for (int n : new int[] {0, 1, 63, 64, 65, 500, ROWS}) {
            Selection sel = ev.evaluate(arrays::get, n);
            assertEquals(n, sel.length());
            for (int row = 0; row < n; row++) {
                assertEquals(
                        Boolean.TRUE.equals(eval(Expr.parse("i BETWEEN -5 AND 5 AND s LIKE '%a'"), row)), sel.get(row));
            }
        }
    }

    // ---- the slow, obvious evaluation ----

    private Boolean eval(Expr e, int row) {
        return switch (e) {
            case Expr.Column c -> (Boolean) value(c, row);
            case Expr.Literal l -> (Boolean) l.value().value();
            case Expr.Compare c -> compare(c.op(), value(c.left(), row), value(c.right(), row));
            case Expr.And a -> and(eval(a.left(), row), eval(a.right(), row));
            case Expr.Or o -> not(and(not(eval(o.left(), row)), not(eval(o.right(), row))));
            case Expr.Not n -> not(eval(n.child(), row));
            case Expr.IsNull n -> (n.child() instanceof Expr.Column c ? value(c, row) : eval(n.child(), row)) == null;
            case Expr.IsNotNull n ->
                (n.child() instanceof Expr.Column c ? value(c, row) : eval(n.child(), row)) != null;
            case Expr.Between b ->
                and(
                        compare(Expr.Operator.GE, value(b.value(), row), value(b.lower(), row)),
                        compare(Expr.Operator.LE, value(b.value(), row), value(b.upper(), row)));
            case Expr.InList in -> {
                Boolean out = false;
                for (Expr v : in.values()) {
                    out = not(and(not(out), not(compare(Expr.Operator.EQ, value(in.value(), row), value(v, row)))));
                }
                yield out;
            }
            case Expr.Like l -> {
                String s = (String) value(l.value(), row);
                if (s == null) {
                    yield null;
                }
                boolean m =
                        likeRegex(l.pattern(), l.caseInsensitive()).matcher(s).matches();
                yield l.negated() != m;
            }
        };
    }

    private static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    private static Boolean not(Boolean a) {
        return a == null ? null : !a;
    }

    private Object value(Expr e, int row) {
        if (e instanceof Expr.Column c) {
            if (c.name().equals("st")) {
                return arrays.get("st").isValid(row) ? "struct" : null;
            }
            return values.get(c.name())[row];
        }
        Object v = ((Expr.Literal) e).value().value();
        return switch (v) {
            case null -> null;
            case Long l ->
                ((Expr.Literal) e).value().dtype() instanceof DType.Primitive p && p.ptype() == PType.U64
                        ? new BigDecimal(new BigInteger(Long.toUnsignedString(l)))
                        : BigDecimal.valueOf(l);
            case BigInteger unscaled ->
                new BigDecimal(
                        unscaled, ((DType.Decimal) ((Expr.Literal) e).value().dtype()).scale());
            case String s when s.equals("NaN") -> Double.NaN;
            case String s when s.equals("Infinity") -> Double.POSITIVE_INFINITY;
            case String s when s.equals("-Infinity") -> Double.NEGATIVE_INFINITY;
            default -> v;
        };
    }

    private static Boolean compare(Expr.Operator op, Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        int c;
        if (a instanceof Double x) {
            double y = b instanceof Double d ? d : ((BigDecimal) b).doubleValue();
            c = Double.compare(x, y);
        } else if (a instanceof BigDecimal x) {
            if (b instanceof Double y) {
                c = x.compareTo(new BigDecimal(y));
            } else {
                c = x.compareTo((BigDecimal) b);
            }
        } else if (a instanceof String x) {
            c = Arrays.compareUnsigned(
                    x.getBytes(StandardCharsets.UTF_8), ((String) b).getBytes(StandardCharsets.UTF_8));
        } else {
            c = Boolean.compare((Boolean) a, (Boolean) b);
        }
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
        };
    }

    private static Pattern likeRegex(String pattern, boolean ci) {
        StringBuilder re = new StringBuilder();
        for (int k = 0; k < pattern.length(); k++) {
            char ch = pattern.charAt(k);
            if (ch == '\\' && k + 1 < pattern.length()) {
                re.append(Pattern.quote(String.valueOf(pattern.charAt(++k))));
            } else if (ch == '%') {
                re.append(".*");
            } else if (ch == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(
                re.toString(), Pattern.DOTALL | (ci ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0));
    }
}
