package dev.jvortex.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExprParserTest {
    private static final DType TS_US_UTC = new DType.Extension(
            "vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {1, 3, 0, 'U', 'T', 'C'});
    private static final DType DATE_DAYS =
            new DType.Extension("vortex.date", new DType.Primitive(PType.I32, true), new byte[] {4});
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "id",
            new DType.Primitive(PType.I64, false),
            "carrier",
            new DType.Utf8(true),
            "dep_delay",
            new DType.Primitive(PType.F64, true),
            "ts",
            TS_US_UTC,
            "day",
            DATE_DAYS,
            "flag",
            new DType.Bool(true),
            "bytes",
            new DType.Binary(true),
            "addr",
            DType.struct(true, "city", new DType.Utf8(true), "zip", new DType.Primitive(PType.I32, true)));

    private static Expr.Column col(String... path) {
        return Expr.column(path);
    }

    @Test
    void parsesTheCliExamples() {
        assertEquals(
                col("carrier").eq("UA").and(col("dep_delay").gt(30)), Expr.parse("carrier = 'UA' AND dep_delay > 30"));
        assertEquals(
                new Expr.Between(col("id"), Expr.literal(10), Expr.literal(20), false, false),
                Expr.parse("id BETWEEN 10 AND 20"));
        assertEquals(col("name").isNull(), Expr.parse("name IS NULL"));
        assertEquals(col("name").isNotNull(), Expr.parse("name is not null"));
    }

    @Test
    void precedenceIsNotThenAndThenOr() {
        Expr a = col("a").eq(1);
        Expr b = col("b").eq(2);
        Expr c = col("c").eq(3);
        assertEquals(a.or(b.and(c)), Expr.parse("a = 1 OR b = 2 AND c = 3"));
        assertEquals(a.or(b).and(c), Expr.parse("(a = 1 OR b = 2) AND c = 3"));
        assertEquals(a.not().and(b), Expr.parse("NOT a = 1 AND b = 2"));
        // A run of one connective is built balanced: the middle term starts the right half.
        assertEquals(a.and(b.and(c)), Expr.parse("a = 1 AND b = 2 AND c = 3"));
        assertEquals(a.or(b).or(c.or(a)), Expr.parse("a = 1 OR b = 2 OR c = 3 OR a = 1"));
    }

    @Test
    void literalsKeepTheirExactValue() {
        assertEquals(new Scalar(new DType.Primitive(PType.I64, false), -5L), literal("x = -5"));
        assertEquals(new Scalar(new DType.Decimal(3, 2, false), BigInteger.valueOf(105)), literal("x = 1.05"));
        assertEquals(new Scalar(new DType.Decimal(1, 1, false), BigInteger.valueOf(-5)), literal("x = -.5"));
        assertEquals(new Scalar(new DType.Primitive(PType.F64, false), 1500.0), literal("x = 1.5e3"));
        assertEquals(new Scalar(new DType.Primitive(PType.U64, false), -1L), literal("x = 18446744073709551615"));
        assertEquals(new Scalar(new DType.Utf8(false), "it's"), literal("x = 'it''s'"));
        assertEquals(new Scalar(new DType.Bool(false), true), literal("x = true"));
        assertEquals(new Scalar(new DType.Null(), null), literal("x = NULL"));
        assertEquals(new Scalar(new DType.Utf8(false), "2024-01-31"), literal("x = DATE '2024-01-31'"));
    }

    private static Scalar literal(String text) {
        return ((Expr.Literal) ((Expr.Compare) Expr.parse(text)).right()).value();
    }

    @Test
    void parsesEveryForm() {
        assertEquals(col("a", "b").gt(1), Expr.parse("a.b > 1"));
        assertEquals(col("weird name").ne(1), Expr.parse("\"weird name\" <> 1"));
        assertEquals(col("x").in(1, 2, 3).not(), Expr.parse("x NOT IN (1, 2, 3)"));
        assertEquals(new Expr.Like(col("s"), "ab%", false, false), Expr.parse("s LIKE 'ab%'"));
        assertEquals(new Expr.Like(col("s"), "ab%", true, true), Expr.parse("s NOT ILIKE 'ab%'"));
        assertEquals(
                new Expr.Not(new Expr.Between(col("x"), Expr.literal(1), Expr.literal(2), false, false)),
                Expr.parse("x NOT BETWEEN 1 AND 2"));
        assertEquals(new Expr.Compare(Expr.Operator.LE, Expr.literal(5), col("x")), Expr.parse("5 <= x"));
        assertEquals(col("x").eq(1), Expr.parse("x == 1"));
        assertEquals(col("flag"), Expr.parse("flag"));
    }

    @Test
    void textFormRoundTrips() {
        for (String text : List.of(
                "carrier = 'UA' AND dep_delay > 30",
                "a = 1 OR b = 2 AND c = 3",
                "(a = 1 OR b = 2) AND NOT c = 3",
                "NOT (a = 1 AND b = 2)",
                "x BETWEEN -1.5 AND 2e10",
                "x NOT IN (1, 'two', NULL, TRUE)",
                "s NOT LIKE 'it''s%' OR s ILIKE '_x\\%'",
                "\"a b\".c IS NOT NULL",
                "u = 18446744073709551615",
                "(a > 1) IS NULL")) {
            Expr e = Expr.parse(text);
            assertEquals(e, Expr.parse(e.toString()), text + " printed as " + e);
        }
    }

    @Test
    void syntaxErrorsNameThePosition() {
        assertError("dep_delay >", "position 12", "expected a column or a value but found the end of the text");
        assertError("carrier = 'UA", "position 11", "unterminated string");
        assertError("a ! 3", "position 3", "'!'");
        assertError("(a = 1", "position 7", "expected ')'");
        assertError("a = 1 b", "position 7", "after a complete expression");
        assertError("a IN 1", "position 6", "expected '('");
        assertError("a BETWEEN 1 2", "position 13", "AND between the bounds");
        assertError("", "position 1", "empty");
        assertError("a = 1.5x", "position 8", "after the number");
        assertError("a IS 5", "position 6", "NULL after IS");
        assertError("a LIKE b", "position 8", "quoted pattern");
        assertError("a NOT = 1", "position 7", "BETWEEN, IN, LIKE or ILIKE after NOT");
        assertError("a = 1 AND AND", "position 11", "keyword AND");
    }

    private static void assertError(String text, String position, String what) {
        VortexException e = assertThrows(VortexException.class, () -> Expr.parse(text), text);
        assertEquals(VortexException.Kind.MISUSE, e.kind());
        assertTrue(e.getMessage().contains(position), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    @Test
    void typeErrorsNameThePosition() {
        assertBindError("id = 'abc'", "position 6", "cannot compare the i64 column 'id' with the text 'abc'");
        assertBindError("dep_delay > 1 AND carrier > 5", "position 29", "the number 5");
        assertBindError("nope = 1", "position 1", "no column 'nope'");
        assertBindError("id LIKE 'a%'", "position 4", "LIKE applies to a text column");
        assertBindError("ts > 'yesterday'", "position 6", "as a timestamp");
        assertBindError("ts > 5", "position 6", "quoted text");
        assertBindError("id", "position 1", "is not a condition");
        assertBindError("addr = 1", "position 6", "cannot compare");
        assertBindError("flag = 1", "position 8", "the number 1");
        assertBindError("id > dep_delay", "position 4", "with the f64? column 'dep_delay'");
        assertBindError("1 = 2", "position 3", "needs a column");
    }

    private static void assertBindError(String text, String position, String what) {
        VortexException e = assertThrows(VortexException.class, () -> ExprParser.parse(text, SCHEMA), text);
        assertEquals(VortexException.Kind.MISUSE, e.kind());
        assertTrue(e.getMessage().contains(position), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    @Test
    void bindingNormalizes() {
        assertEquals(Expr.parse("id < 5"), ExprParser.parse("5 > id", SCHEMA));
        assertEquals(
                Expr.parse("id <= 1 OR carrier IS NOT NULL"),
                ExprParser.parse("NOT (id > 1 AND carrier IS NULL)", SCHEMA));
        assertEquals(Expr.parse("id >= 1 AND id <= 2"), ExprParser.parse("id BETWEEN 1 AND 2", SCHEMA));
        assertEquals(Expr.parse("id < 1 OR id > 2"), ExprParser.parse("id NOT BETWEEN 1 AND 2", SCHEMA));
        // A column tested against literals stays one IN node (a set); NOT IN is NOT over it.
        assertEquals(Expr.parse("id IN (1, 2, 3)"), ExprParser.parse("id IN (1, 2, 3)", SCHEMA));
        assertEquals(Expr.parse("NOT id IN (1, 2)"), ExprParser.parse("id NOT IN (1, 2)", SCHEMA));
        assertEquals(Expr.parse("id IN (1, 2)"), ExprParser.parse("NOT id NOT IN (1, 2)", SCHEMA));
        // A run of OR keeps one set per column for its equalities with values.
        assertEquals(
                Expr.parse("id IN (1, 2, 3) OR carrier = 'x' OR id > 7"),
                ExprParser.parse("id = 1 OR carrier = 'x' OR id = 2 OR id > 7 OR id IN (3)", SCHEMA));
        assertEquals(Expr.parse("id IN (1, 1)"), Binder.bind(Expr.parse("1 IN (id, id)"), SCHEMA));
        assertEquals(Expr.parse("flag = TRUE"), ExprParser.parse("flag", SCHEMA));
        assertEquals(Expr.parse("flag = TRUE"), ExprParser.parse("NOT NOT flag", SCHEMA));
        assertEquals(Expr.parse("flag != TRUE"), ExprParser.parse("NOT flag", SCHEMA));
        assertEquals(
                new Expr.Like(col("carrier"), "U%", true, false), ExprParser.parse("NOT carrier LIKE 'U%'", SCHEMA));
        assertEquals(col("addr", "city").eq("Oslo"), ExprParser.parse("addr.city = 'Oslo'", SCHEMA));
        Expr bound =
                ExprParser.parse("ts >= '2021-03-04T05:06:07.000008Z' AND day < '2021-03-04' AND bytes = 'ab'", SCHEMA);
        assertEquals(bound, Binder.bind(bound, SCHEMA), "binding is idempotent");
    }

    @Test
    void temporalTextBecomesStorageUnits() {
        Expr e = ExprParser.parse("ts >= '2021-03-04T05:06:07.000008Z'", SCHEMA);
        Scalar v = ((Expr.Literal) ((Expr.Compare) e).right()).value();
        assertEquals(TS_US_UTC.withNullable(false), v.dtype());
        assertEquals(java.time.Instant.parse("2021-03-04T05:06:07Z").getEpochSecond() * 1_000_000 + 8, v.value());
        Scalar naive = ((Expr.Literal) ((Expr.Compare) ExprParser.parse("ts = '2021-03-04 05:06:07'", SCHEMA)).right())
                .value();
        assertEquals(java.time.Instant.parse("2021-03-04T05:06:07Z").getEpochSecond() * 1_000_000, naive.value());
        Scalar frac = ((Expr.Literal)
                        ((Expr.Compare) ExprParser.parse("ts = '2021-03-04T05:06:07.0000085Z'", SCHEMA)).right())
                .value();
        assertInstanceOf(BigDecimal.class, frac.value(), "a time finer than the unit stays exact");
        Scalar day = ((Expr.Literal) ((Expr.Compare) ExprParser.parse("day = '1970-01-11'", SCHEMA)).right()).value();
        assertEquals(10L, day.value());
    }

    /// Found by fuzzing (parseFilter): a decimal literal of scale 0 (`1.`) printed as `1`, which
    /// parses back as an integer. Every literal's text parses back to the same literal.
    @Test
    void literalTextParsesBackToTheSameLiteral() {
        for (String text : List.of(
                "x = 1.",
                "x = -0.",
                "x = 1.50",
                "x = 123456789012345678901234567890.",
                "x = 18446744073709551615",
                "x = -5",
                "x = 1.5E10",
                "x = 'it''s'",
                "x = TRUE")) {
            Expr e = Expr.parse(text);
            assertEquals(e, Expr.parse(e.toString()), text + " printed as " + e);
        }
    }
}
