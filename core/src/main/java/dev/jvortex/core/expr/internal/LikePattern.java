package dev.jvortex.core.expr.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/// A compiled SQL `LIKE` pattern: `%` matches any run of characters (possibly empty), `_`
/// exactly one character, `\` makes the next character literal.
///
/// Common shapes run on the UTF-8 bytes without decoding: exact text, `'prefix%'`, `'%suffix'`
/// and `'%infix%'`; any other pattern (and every case-insensitive one) matches code points.
public final class LikePattern {
    /// The pattern's shape.
    public enum Shape {
        EXACT,
        PREFIX,
        SUFFIX,
        CONTAINS,
        GENERAL
    }

    private static final int ANY_RUN = -1;
    private static final int ANY_ONE = -2;

    private final Shape shape;
    private final byte[] literal;
    private final MemorySegment literalSegment;
    private final int[] tokens;
    private final boolean caseInsensitive;

    private LikePattern(Shape shape, byte[] literal, int[] tokens, boolean caseInsensitive) {
        this.shape = shape;
        this.literal = literal;
        this.literalSegment = MemorySegment.ofArray(literal);
        this.tokens = tokens;
        this.caseInsensitive = caseInsensitive;
    }

    /// Compiles `pattern`.
    public static LikePattern compile(String pattern, boolean caseInsensitive) {
        List<Integer> toks = new ArrayList<>();
        for (int i = 0; i < pattern.length(); ) {
            int cp = pattern.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '\\' && i < pattern.length()) {
                int next = pattern.codePointAt(i);
                i += Character.charCount(next);
                toks.add(caseInsensitive ? Character.toLowerCase(next) : next);
            } else if (cp == '%') {
                if (toks.isEmpty() || toks.getLast() != ANY_RUN) {
                    toks.add(ANY_RUN);
                }
            } else if (cp == '_') {
                toks.add(ANY_ONE);
            } else {
                toks.add(caseInsensitive ? Character.toLowerCase(cp) : cp);
            }
        }
        int[] t = toks.stream().mapToInt(Integer::intValue).toArray();
        int runs = 0;
        boolean one = false;
        for (int x : t) {
            runs += x == ANY_RUN ? 1 : 0;
            one |= x == ANY_ONE;
        }
        boolean leading = t.length > 0 && t[0] == ANY_RUN;
        boolean trailing = t.length > 0 && t[t.length - 1] == ANY_RUN;
        Shape shape;
        if (caseInsensitive || one) {
            shape = Shape.GENERAL;
        } else if (runs == 0) {
            shape = Shape.EXACT;
        } else if (runs == 1 && trailing) {
            shape = Shape.PREFIX;
        } else if (runs == 1 && leading) {
            shape = Shape.SUFFIX;
        } else if (runs == 2 && leading && trailing && t.length > 1) {
            shape = Shape.CONTAINS;
        } else {
            shape = Shape.GENERAL;
        }
        StringBuilder lit = new StringBuilder();
        if (shape != Shape.GENERAL) {
            for (int x : t) {
                if (x >= 0) {
                    lit.appendCodePoint(x);
                }
            }
        }
        return new LikePattern(shape, lit.toString().getBytes(StandardCharsets.UTF_8), t, caseInsensitive);
    }

    /// Returns the shape.
    public Shape shape() {
        return shape;
    }

    /// Returns the literal text of an EXACT, PREFIX, SUFFIX or CONTAINS pattern as UTF-8.
    public byte[] literal() {
        return literal.clone();
    }

    /// Sets bit `i` of `out` for each of the first `n` rows of `a` that match (null rows arbitrary).
    public void evaluate(VarBinViewArray a, int n, long[] out) {
        java.util.Arrays.fill(out, 0, (n + 63) >>> 6, 0L);
        MemorySegment views = a.views();
        MemorySegment[] buffers = a.buffers();
        long len = literal.length;
        switch (shape) {
            case EXACT -> {
                for (int i = 0; i < n; i++) {
                    long v = (long) i * VarBinViewArray.VIEW_SIZE;
                    int size = views.get(PrimitiveArray.LE_INT, v);
                    if (size == len && Keys.compareBytes(a, i, literalSegment, len) == 0) {
                        out[i >>> 6] |= 1L << i;
                    }
                }
            }
            case PREFIX, SUFFIX -> {
                boolean prefix = shape == Shape.PREFIX;
                for (int i = 0; i < n; i++) {
                    long v = (long) i * VarBinViewArray.VIEW_SIZE;
                    int size = views.get(PrimitiveArray.LE_INT, v);
                    if (size < len) {
                        continue;
                    }
                    MemorySegment seg = size <= VarBinViewArray.MAX_INLINED
                            ? views
                            : buffers[views.get(PrimitiveArray.LE_INT, v + 8)];
                    long off = size <= VarBinViewArray.MAX_INLINED
                            ? v + 4
                            : Integer.toUnsignedLong(views.get(PrimitiveArray.LE_INT, v + 12));
                    long from = prefix ? off : off + size - len;
                    if (MemorySegment.mismatch(seg, from, from + len, literalSegment, 0, len) < 0) {
                        out[i >>> 6] |= 1L << i;
                    }
                }
            }
            case CONTAINS -> {
                for (int i = 0; i < n; i++) {
                    long v = (long) i * VarBinViewArray.VIEW_SIZE;
                    int size = views.get(PrimitiveArray.LE_INT, v);
                    if (size < len) {
                        continue;
                    }
                    MemorySegment seg = size <= VarBinViewArray.MAX_INLINED
                            ? views
                            : buffers[views.get(PrimitiveArray.LE_INT, v + 8)];
                    long off = size <= VarBinViewArray.MAX_INLINED
                            ? v + 4
                            : Integer.toUnsignedLong(views.get(PrimitiveArray.LE_INT, v + 12));
                    if (contains(seg, off, size)) {
                        out[i >>> 6] |= 1L << i;
                    }
                }
            }
            case GENERAL -> {
                for (int i = 0; i < n; i++) {
                    if (a.isValid(i) && matches(a.getString(i))) {
                        out[i >>> 6] |= 1L << i;
                    }
                }
            }
        }
    }

    private boolean contains(MemorySegment seg, long off, int size) {
        int len = literal.length;
        byte first = literal[0];
        for (long p = off, last = off + size - len; p <= last; p++) {
            if (seg.get(JAVA_BYTE, p) == first && MemorySegment.mismatch(seg, p, p + len, literalSegment, 0, len) < 0) {
                return true;
            }
        }
        return false;
    }

    /// Returns true when `s` matches the pattern.
    public boolean matches(String s) {
        int[] cps = s.codePoints().toArray();
        if (caseInsensitive) {
            for (int i = 0; i < cps.length; i++) {
                cps[i] = Character.toLowerCase(cps[i]);
            }
        }
        // Greedy wildcard matching with backtracking to the last '%': linear in practice.
        int p = 0;
        int t = 0;
        int star = -1;
        int mark = 0;
        while (t < cps.length) {
            if (p < tokens.length && (tokens[p] == ANY_ONE || tokens[p] == cps[t])) {
                p++;
                t++;
            } else if (p < tokens.length && tokens[p] == ANY_RUN) {
                star = p++;
                mark = t;
            } else if (star >= 0) {
                p = star + 1;
                t = ++mark;
            } else {
                return false;
            }
        }
        while (p < tokens.length && tokens[p] == ANY_RUN) {
            p++;
        }
        return p == tokens.length;
    }
}
