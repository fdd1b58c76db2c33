package dev.jvortex.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/// Wide and deep filters (issue 18, item 1): `IN` lists of 100,000 values, 100,000 `OR` terms,
/// deep parentheses and long `NOT` runs, from text and built in code. Each either works or fails
/// with a [VortexException] naming [Expr#MAX_DEPTH]; none may end in a `StackOverflowError`.
/// Every case runs on a thread with a small stack (512 KiB, half the default), as a pool thread might have.
class ExprLimitsTest {
    private static final int WIDE = 100_000;
    private static final DType.Struct SCHEMA =
            DType.struct(false, "x", new DType.Primitive(PType.I64, true), "s", new DType.Utf8(true));

    /// Rows: x = 0..ROWS-1 except every 10th row null; s = "v" + x.
    private static final int ROWS = 1000;

    private static <T> T onSmallStack(Supplier<T> body) {
        Object[] out = new Object[1];
        Throwable[] err = new Throwable[1];
        Thread t = new Thread(
                null,
                () -> {
                    try {
                        out[0] = body.get();
                    } catch (Throwable e) {
                        err[0] = e;
                    }
                },
                "small-stack",
                512 * 1024);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        if (err[0] instanceof RuntimeException r) {
            throw r;
        }
        if (err[0] != null) {
            throw new AssertionError("unexpected " + err[0].getClass().getName(), err[0]);
        }
        @SuppressWarnings("unchecked")
        T result = (T) out[0];
        return result;
    }

    /// Returns the selected rows of the filter `bound` over the fixed columns.
    private static List<Integer> select(Expr bound) {
        try (Arena arena = Arena.ofConfined()) {
            Builders.LongBuilder x = Builders.longs(SCHEMA.fields().get(0));
            Builders.StringBuilder s = Builders.strings(SCHEMA.fields().get(1));
            for (int i = 0; i < ROWS; i++) {
                if (i % 10 == 9) {
                    x.appendNull();
                    s.appendNull();
                } else {
                    x.append(i);
                    s.append("v" + i);
                }
            }
            Array xa = x.build(arena);
            Array sa = s.build(arena);
            Selection sel = new FilterEvaluator(bound, SCHEMA).evaluate(name -> name.equals("x") ? xa : sa, ROWS);
            List<Integer> rows = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                if (sel.get(i)) {
                    rows.add(i);
                }
            }
            return rows;
        }
    }

    /// Rows with a non-null x that is a multiple of 3 (the lists below hold the multiples of 3).
    private static List<Integer> multiplesOfThree() {
        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i += 3) {
            if (i % 10 != 9) {
                rows.add(i);
            }
        }
        return rows;
    }

    private static String joined(String sep, java.util.function.IntFunction<String> term) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < WIDE; i++) {
            sb.append(i == 0 ? "" : sep).append(term.apply(i));
        }
        return sb.toString();
    }

    @Test
    void inListOfAHundredThousandValuesFromText() {
        String text = "x IN (" + joined(", ", i -> Integer.toString(3 * i)) + ")";
        Expr bound = onSmallStack(() -> ExprParser.parse(text, SCHEMA));
        assertTrue(bound instanceof Expr.InList, "IN stays one node, not an OR chain");
        assertEquals(multiplesOfThree(), onSmallStack(() -> select(bound)));
    }

    @Test
    void textInListOfAHundredThousandValues() {
        String text = "s IN (" + joined(", ", i -> "'v" + 3 * i + "'") + ")";
        Expr bound = onSmallStack(() -> ExprParser.parse(text, SCHEMA));
        assertEquals(multiplesOfThree(), onSmallStack(() -> select(bound)));
        Expr negated = onSmallStack(() -> ExprParser.parse("s NOT " + text.substring(2), SCHEMA));
        List<Integer> rest = onSmallStack(() -> select(negated));
        assertEquals(ROWS - ROWS / 10 - multiplesOfThree().size(), rest.size());
        assertTrue(rest.stream().noneMatch(i -> i % 3 == 0 || i % 10 == 9));
    }

    @Test
    void aHundredThousandOrTermsFromText() {
        String text = joined(" OR ", i -> "x = " + 3 * i);
        Expr parsed = onSmallStack(() -> Expr.parse(text));
        assertTrue(Chains.depth(parsed) < 40, "depth " + Chains.depth(parsed));
        Expr bound = onSmallStack(() -> ExprParser.parse(text, SCHEMA));
        assertEquals(multiplesOfThree(), onSmallStack(() -> select(bound)));
        // The text form of the tree is the same run of ORs.
        assertEquals(text, onSmallStack(parsed::toString));
    }

    @Test
    void aHundredThousandAndTermsFromText() {
        String text = joined(" AND ", i -> "x != " + (3 * i + 1)) + " AND x < 300";
        Expr bound = onSmallStack(() -> ExprParser.parse(text, SCHEMA));
        List<Integer> rows = onSmallStack(() -> select(bound));
        for (int i = 0; i < 300; i++) {
            assertEquals(i % 3 != 1 && i % 10 != 9, rows.contains(i), "row " + i);
        }
    }

    @Test
    void leftDeepChainBuiltInCode() {
        // e.or(...).or(...): a left-deep tree of depth 100,000, as a library caller builds it.
        Expr e = Expr.column("x").eq(0);
        for (int i = 1; i < WIDE; i++) {
            e = e.or(Expr.column("x").eq(3 * i));
        }
        Expr chain = e;
        assertEquals(1, onSmallStack(chain::columns).size());
        Expr bound = onSmallStack(() -> Binder.bind(chain, SCHEMA));
        assertTrue(Chains.depth(bound) < 40, "depth " + Chains.depth(bound));
        assertEquals(multiplesOfThree(), onSmallStack(() -> select(bound)));
    }

    @Test
    void inListBuiltInCode() {
        Object[] values = new Object[WIDE];
        for (int i = 0; i < WIDE; i++) {
            values[i] = 3L * i;
        }
        Expr bound = onSmallStack(() -> Binder.bind(Expr.column("x").in(values), SCHEMA));
        assertEquals(multiplesOfThree(), onSmallStack(() -> select(bound)));
    }

    @Test
    void longRunsOfNotKeepTheirParity() {
        String even = "NOT ".repeat(WIDE) + "x = 3";
        String odd = "NOT ".repeat(WIDE + 1) + "x = 3";
        assertEquals(List.of(3), onSmallStack(() -> select(ExprParser.parse(even, SCHEMA))));
        assertEquals(
                ROWS - ROWS / 10 - 1,
                onSmallStack(() -> select(ExprParser.parse(odd, SCHEMA))).size());
        Expr e = Expr.column("x").eq(3);
        for (int i = 0; i < WIDE; i++) {
            e = e.not();
        }
        Expr nots = e;
        assertEquals(List.of(3), onSmallStack(() -> select(Binder.bind(nots, SCHEMA))));
    }

    @Test
    void parenthesesUpToTheLimitWork() {
        int levels = Expr.MAX_DEPTH - 1;
        String text = "(".repeat(levels) + "x = 3" + ")".repeat(levels);
        assertEquals(List.of(3), onSmallStack(() -> select(ExprParser.parse(text, SCHEMA))));
        // Alternating connectives, each level a real node.
        StringBuilder sb = new StringBuilder("x = 3");
        for (int i = 0; i < 100; i++) {
            sb.insert(0, i % 2 == 0 ? "x = 3 OR (" : "x IS NOT NULL AND (").append(')');
        }
        assertEquals(List.of(3), onSmallStack(() -> select(ExprParser.parse(sb.toString(), SCHEMA))));
    }

    @Test
    void deepParenthesesAreRefusedNamingTheLimit() {
        for (int levels : new int[] {Expr.MAX_DEPTH + 1, 2_000, WIDE}) {
            String text = "(".repeat(levels) + "x = 3" + ")".repeat(levels);
            VortexException e = assertThrows(VortexException.class, () -> onSmallStack(() -> Expr.parse(text)));
            assertEquals(VortexException.Kind.MISUSE, e.kind());
            assertTrue(e.getMessage().contains(Integer.toString(Expr.MAX_DEPTH)), e.getMessage());
            assertTrue(e.getMessage().contains("MAX_DEPTH"), e.getMessage());
            // The message shows a window of the text, not 200,000 characters.
            assertTrue(
                    e.getMessage().length() < 600,
                    "message of " + e.getMessage().length());
        }
    }

    @Test
    void deepTreesBuiltInCodeAreRefusedNamingTheLimit() {
        Expr e = Expr.column("x").eq(3);
        for (int i = 0; i < 10_000; i++) {
            e = i % 2 == 0
                    ? e.or(Expr.column("x").eq(i))
                    : e.and(Expr.column("x").isNotNull());
        }
        Expr deep = e;
        VortexException ex = assertThrows(VortexException.class, () -> onSmallStack(() -> Binder.bind(deep, SCHEMA)));
        assertEquals(VortexException.Kind.MISUSE, ex.kind());
        assertTrue(ex.getMessage().contains("MAX_DEPTH"), ex.getMessage());
        Expr nested = Expr.column("x").eq(3);
        for (int i = 0; i < 10_000; i++) {
            nested = nested.isNull();
        }
        Expr tests = nested;
        VortexException ex2 = assertThrows(VortexException.class, () -> onSmallStack(() -> Binder.bind(tests, SCHEMA)));
        assertTrue(ex2.getMessage().contains("MAX_DEPTH"), ex2.getMessage());
    }

    @Test
    void errorsInHugeFiltersStayShort() {
        String text = "x IN (" + joined(", ", i -> Integer.toString(i)) + ", 'oops')";
        VortexException e = assertThrows(VortexException.class, () -> ExprParser.parse(text, SCHEMA));
        assertTrue(e.getMessage().contains("'oops'"), e.getMessage());
        assertTrue(e.getMessage().length() < 600, "message of " + e.getMessage().length());
        Object[] values = new Object[WIDE];
        java.util.Arrays.fill(values, "text");
        VortexException e2 = assertThrows(
                VortexException.class, () -> Binder.bind(Expr.column("x").in(values), SCHEMA));
        assertTrue(
                e2.getMessage().length() < 600, "message of " + e2.getMessage().length());
    }

    /// Found by fuzzing (parseFilter): digits of other scripts were taken for number digits and
    /// reached `Double.parseDouble` (a raw `NumberFormatException`).
    @Test
    void numbersAreAsciiDigitsOnly() {
        for (String text : List.of(
                "x = 1e+99999\u06f99", "x = \u06f9", "x = 1\u06f9", "x = 0.\u0661", "x = " + "9".repeat(5000))) {
            VortexException e = assertThrows(VortexException.class, () -> ExprParser.parse(text, SCHEMA), text);
            assertEquals(VortexException.Kind.MISUSE, e.kind(), e.getMessage());
        }
        assertEquals(List.of(3), select(ExprParser.parse("x = " + "0".repeat(5000) + "3", SCHEMA)));
    }
}
