package dev.jvortex.core.expr;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.expr.internal.Keys;
import dev.jvortex.core.expr.internal.LikePattern;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/// Evaluates a bound filter ([Binder]) over the canonical arrays of one batch, giving the
/// [Selection] of rows where it is true (false and null rows are not selected).
///
/// The expression is compiled once into a tree of nodes. Each node produces, per batch, the
/// words of the rows where it is *true* and, when a parent needs it, where it is *false*; the
/// rows in neither are null. `AND`, `OR` and null tests combine words; a comparison loads its
/// column into 64-bit keys once per batch ([Keys], one loop per physical type) and runs one
/// tight loop per operator ([CompareKernels]). Nothing is boxed per value.
///
/// An evaluator keeps scratch buffers between batches and is not thread-safe.
public final class FilterEvaluator {
    /// Supplies the arrays of a batch by top-level column name.
    @FunctionalInterface
    public interface Columns {
        /// Returns the array of top-level column `name` for the batch being evaluated.
        Array column(String name);

        /// Returns top-level column `name` as dictionary codes, or null (the default) when the
        /// caller has only its array. A filter on one column is then evaluated once per
        /// dictionary value instead of once per row.
        default Dictionary dictionary(String name) {
            return null;
        }
    }

    /// A dictionary-encoded column: row `i` is `values[codes[i]]`, or null where the codes'
    /// validity says so (the code of a null row may be anything).
    ///
    /// @param codes one integer code per row, as decoded (not yet checked against the values)
    /// @param values the dictionary values, typed as the column
    public record Dictionary(PrimitiveArray codes, Array values) {
        /// Returns which rows have a code.
        public Validity codeValidity() {
            return codes.validity();
        }

        /// Returns the number of rows.
        public int length() {
            return codes.length();
        }

        /// Returns every row's index into the values (a null row's as 0), read in bulk.
        ///
        /// @throws VortexException (corrupt) when a valid row's code is outside the values
        public int[] indices() {
            int len = codes.length();
            int n = values.length();
            int[] idx = new int[len];
            MemorySegment data = codes.data();
            boolean signed = codes.ptype().isSigned();
            int acc = 0;
            switch (codes.ptype().byteWidth()) {
                case 1 -> {
                    byte[] b = new byte[len];
                    MemorySegment.copy(data, JAVA_BYTE, 0, b, 0, len);
                    int mask = signed ? -1 : 0xFF;
                    for (int i = 0; i < len; i++) {
                        int v = b[i] & mask;
                        idx[i] = v;
                        acc |= v | (n - 1 - v);
                    }
                }
                case 2 -> {
                    short[] b = new short[len];
                    MemorySegment.copy(data, PrimitiveArray.LE_SHORT, 0, b, 0, len);
                    int mask = signed ? -1 : 0xFFFF;
                    for (int i = 0; i < len; i++) {
                        int v = b[i] & mask;
                        idx[i] = v;
                        acc |= v | (n - 1 - v);
                    }
                }
                case 4 -> {
                    // A u32 code of 2^31 or more reads as negative here and so counts as out of range.
                    MemorySegment.copy(data, PrimitiveArray.LE_INT, 0, idx, 0, len);
                    for (int i = 0; i < len; i++) {
                        acc |= idx[i] | (n - 1 - idx[i]);
                    }
                }
                default -> {
                    long[] b = new long[len];
                    MemorySegment.copy(data, PrimitiveArray.LE_LONG, 0, b, 0, len);
                    long wide = 0;
                    for (int i = 0; i < len; i++) {
                        wide |= b[i] | (n - 1L - b[i]);
                        idx[i] = (int) b[i];
                    }
                    acc = wide < 0 ? -1 : 0;
                }
            }
            if (acc < 0) {
                for (int i = 0; i < len; i++) {
                    idx[i] = index(i);
                }
            }
            return idx;
        }

        /// Returns row `i`'s index into the values (0 for a null row).
        ///
        /// @throws VortexException (corrupt) when the row is valid and its code outside the values
        public int index(int i) {
            long code = codes.getLong(i);
            if (code < 0 || code >= values.length()) {
                if (codes.validity().isValid(i)) {
                    throw VortexException.corrupt("dictionary code " + Long.toUnsignedString(code) + " at row " + i
                            + " is outside the " + values.length() + "-entry dictionary");
                }
                return 0;
            }
            return (int) code;
        }
    }

    private static final java.lang.foreign.ValueLayout.OfLong LE_LONG =
            JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Expr expr;
    private final Node root;
    private final List<Expr.Column> columns;
    private final Map<Expr.Column, long[]> scratch = new HashMap<>();

    /// Compiles `bound` (a filter bound to `schema` by [Binder#bind]).
    public FilterEvaluator(Expr bound, DType.Struct schema) {
        this.expr = bound;
        this.columns = bound.columns();
        this.root = compile(bound, schema);
    }

    /// Returns the expression.
    public Expr expression() {
        return expr;
    }

    /// Returns the columns the filter reads.
    public List<Expr.Column> columns() {
        return columns;
    }

    /// Evaluates the filter over `rows` rows.
    public Selection evaluate(Columns source, int rows) {
        Frame f = new Frame(source, rows, true);
        return Selection.ofWords(root.truth(f), rows);
    }

    // ---- per-batch state ----

    private final class Frame {
        final Columns source;
        final int n;
        final int words;
        final boolean useScratch;
        final Map<Expr.Column, ColumnData> data = new HashMap<>();
        final Map<PerValue, long[][]> perValue = new HashMap<>();

        Frame(Columns source, int n, boolean useScratch) {
            this.source = source;
            this.n = n;
            this.words = CompareKernels.wordCount(n);
            this.useScratch = useScratch;
        }

        /// The truth and falsity words of `node` (on one dictionary column), evaluated once per
        /// value and spread over the rows by their codes.
        long[][] perValue(PerValue node, Dictionary d) {
            long[][] r = perValue.get(node);
            if (r == null) {
                Array values = d.values();
                if (d.length() < n) {
                    throw VortexException.misuse(
                            "column '" + node.column + "' has " + d.length() + " codes, expected " + n);
                }
                if (values.length() == 0) {
                    // Every row is null; the rows' own array says so.
                    r = new long[][] {node.inner.truth(this), node.inner.falsity(this)};
                    perValue.put(node, r);
                    return r;
                }
                Frame vf = new Frame(name -> values, values.length(), false);
                long[] truth = spread(node.inner.truth(vf), d, n);
                long[] falsity = spread(node.inner.falsity(vf), d, n);
                long[] valid = validWords(d.codeValidity(), n);
                if (valid != null) {
                    // A row without a code holds null: it gets the node's answer for a null value.
                    Array nulls = ArrayOps.withValidity(values, Validity.allInvalid());
                    Frame nf = new Frame(name -> nulls, 1, false);
                    long onNull = (node.inner.truth(nf)[0] & 1L) != 0 ? -1L : 0L;
                    long offNull = (node.inner.falsity(nf)[0] & 1L) != 0 ? -1L : 0L;
                    for (int w = 0; w < words; w++) {
                        truth[w] = (truth[w] & valid[w]) | (onNull & ~valid[w]);
                        falsity[w] = (falsity[w] & valid[w]) | (offNull & ~valid[w]);
                    }
                    CompareKernels.clearTail(truth, n);
                    CompareKernels.clearTail(falsity, n);
                }
                r = new long[][] {truth, falsity};
                perValue.put(node, r);
            }
            return r;
        }

        ColumnData column(Expr.Column c) {
            ColumnData d = data.get(c);
            if (d == null) {
                d = resolve(c);
                data.put(c, d);
            }
            return d;
        }

        private ColumnData resolve(Expr.Column c) {
            Array a = source.column(c.topLevel());
            if (a.length() < n) {
                throw VortexException.misuse(
                        "column '" + c.topLevel() + "' has " + a.length() + " rows, expected " + n);
            }
            long[] valid = validWords(a.validity(), n);
            for (int i = 1; i < c.path().size(); i++) {
                if (a instanceof ExtensionArray e) {
                    a = e.storage();
                }
                if (!(a instanceof StructArray s) || s.field(c.path().get(i)) == null) {
                    throw VortexException.misuse("column '" + c.name() + "' does not exist in the batch");
                }
                a = s.field(c.path().get(i));
                valid = and(valid, validWords(a.validity(), n));
            }
            return new ColumnData(a, valid);
        }

        long[] keys(Expr.Column c) {
            ColumnData d = column(c);
            if (d.keys == null) {
                long[] buf = useScratch ? scratch.get(c) : null;
                if (buf == null || buf.length < n) {
                    buf = new long[Math.max(n, 64)];
                    if (useScratch) {
                        scratch.put(c, buf);
                    }
                }
                Keys.load(d.array, n, buf);
                d.keys = buf;
            }
            return d.keys;
        }

        long[] newWords() {
            return new long[words];
        }
    }

    private static final class ColumnData {
        final Array array;
        /// Null when every row is valid.
        final long[] valid;
        long[] keys;

        ColumnData(Array array, long[] valid) {
            this.array = array;
            this.valid = valid;
        }
    }

    /// Returns the validity of the first `n` rows as words, or null when all are valid.
    static long[] validWords(Validity v, int n) {
        if (v.isAllValid()) {
            return null;
        }
        long[] out = new long[CompareKernels.wordCount(n)];
        if (v.isAllInvalid()) {
            return out;
        }
        MemorySegment bits = v.bits();
        long bytes = bits.byteSize();
        for (int w = 0; w < out.length; w++) {
            long off = (long) w << 3;
            if (off + 8 <= bytes) {
                out[w] = bits.get(LE_LONG, off);
            } else {
                long word = 0;
                for (long b = off; b < Math.min(bytes, off + 8); b++) {
                    word |= (bits.get(JAVA_BYTE, b) & 0xFFL) << ((b - off) << 3);
                }
                out[w] = word;
            }
        }
        CompareKernels.clearTail(out, n);
        return out;
    }

    /// Row `i` of the result is bit `code(i)` of `perValue`, read straight from narrow unsigned
    /// codes through a table as wide as their type (codes past the values find no bit and are
    /// checked afterwards); other code types go through [Dictionary#indices()].
    private static long[] spread(long[] perValue, Dictionary d, int n) {
        int values = d.values().length();
        PrimitiveArray codes = d.codes();
        int width = codes.ptype().isSigned() ? 0 : codes.ptype().byteWidth();
        int tableSize = width == 1 ? 256 : width == 2 ? 65536 : values;
        boolean[] on = new boolean[tableSize];
        for (int v = 0; v < Math.min(values, tableSize); v++) {
            on[v] = (perValue[v >>> 6] & (1L << v)) != 0;
        }
        long[] out = new long[CompareKernels.wordCount(n)];
        int max = 0;
        if (width == 1 || width == 2) {
            MemorySegment data = codes.data();
            int[] chunk = new int[4096];
            byte[] bytes = width == 1 ? new byte[4096] : null;
            short[] shorts = width == 2 ? new short[4096] : null;
            for (int start = 0; start < n; start += 4096) {
                int m = Math.min(4096, n - start);
                if (width == 1) {
                    MemorySegment.copy(data, JAVA_BYTE, start, bytes, 0, m);
                    for (int i = 0; i < m; i++) {
                        chunk[i] = bytes[i] & 0xFF;
                    }
                } else {
                    MemorySegment.copy(data, PrimitiveArray.LE_SHORT, (long) start << 1, shorts, 0, m);
                    for (int i = 0; i < m; i++) {
                        chunk[i] = shorts[i] & 0xFFFF;
                    }
                }
                for (int i = 0; i < m; i++) {
                    max = Math.max(max, chunk[i]);
                }
                for (int w = 0; w < (m + 63) >>> 6; w++) {
                    int base = w << 6;
                    int end = Math.min(64, m - base);
                    long word = 0;
                    for (int b = 0; b < end; b++) {
                        word |= (on[chunk[base + b]] ? 1L : 0L) << b;
                    }
                    out[(start >>> 6) + w] = word;
                }
            }
            if (max >= values) {
                // Codes past the values: corrupt unless their rows are null.
                for (int i = 0; i < n; i++) {
                    d.index(i);
                }
            }
        } else {
            int[] idx = d.indices();
            for (int w = 0; w < out.length; w++) {
                int base = w << 6;
                int end = Math.min(64, n - base);
                long word = 0;
                for (int b = 0; b < end; b++) {
                    word |= (on[idx[base + b]] ? 1L : 0L) << b;
                }
                out[w] = word;
            }
        }
        return out;
    }

    private static long[] and(long[] a, long[] b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] & b[i];
        }
        return out;
    }

    // ---- nodes ----

    private interface Node {
        /// Returns the words of the rows where the node is true.
        long[] truth(Frame f);

        /// Returns the words of the rows where the node is false.
        long[] falsity(Frame f);
    }

    /// Compiles `e`; a part that reads one top-level column only is wrapped so that it can run
    /// once per dictionary value when the caller supplies that column as a dictionary.
    private Node compile(Expr e, DType.Struct schema) {
        List<Expr.Column> used = e.columns();
        if (!used.isEmpty()
                && !(e instanceof Expr.Literal)
                && used.stream()
                        .allMatch(c -> c.topLevel().equals(used.getFirst().topLevel()))) {
            return new PerValue(compileRows(e, schema, false), used.getFirst().topLevel());
        }
        return compileRows(e, schema, true);
    }

    /// Compiles a child: wrapped per column unless its parent already is.
    private Node child(Expr e, DType.Struct schema, boolean wrap) {
        return wrap ? compile(e, schema) : compileRows(e, schema, false);
    }

    /// A part of the filter on one column: per dictionary value when the column comes as one.
    private static final class PerValue implements Node {
        final Node inner;
        final String column;

        PerValue(Node inner, String column) {
            this.inner = inner;
            this.column = column;
        }

        @Override
        public long[] truth(Frame f) {
            Dictionary d = f.source.dictionary(column);
            return d == null ? inner.truth(f) : f.perValue(this, d)[0];
        }

        @Override
        public long[] falsity(Frame f) {
            Dictionary d = f.source.dictionary(column);
            return d == null ? inner.falsity(f) : f.perValue(this, d)[1];
        }
    }

    private Node compileRows(Expr e, DType.Struct schema, boolean wrap) {
        return switch (e) {
            case Expr.Literal l ->
                new Constant(l.value().isNull() ? null : (Boolean) l.value().value());
            case Expr.And a -> {
                Node l = child(a.left(), schema, wrap);
                Node r = child(a.right(), schema, wrap);
                if (l instanceof KeyTest x && r instanceof KeyTest y && x.column.equals(y.column)) {
                    if (x.bound.test() == Keys.Test.GT && y.bound.test() == Keys.Test.LT) {
                        yield new KeyRange(x.column, x.bound.key(), y.bound.key());
                    }
                    if (x.bound.test() == Keys.Test.LT && y.bound.test() == Keys.Test.GT) {
                        yield new KeyRange(x.column, y.bound.key(), x.bound.key());
                    }
                }
                yield new AndNode(l, r);
            }
            case Expr.Or o -> new OrNode(child(o.left(), schema, wrap), child(o.right(), schema, wrap));
            case Expr.IsNull n -> nullTest(n.child(), true, schema, wrap);
            case Expr.IsNotNull n -> nullTest(n.child(), false, schema, wrap);
            case Expr.Like l ->
                new LikeTest(
                        (Expr.Column) l.value(), LikePattern.compile(l.pattern(), l.caseInsensitive()), l.negated());
            case Expr.Compare c -> compare(c, schema);
            case Expr.InList in -> inSet(in, schema);
            case Expr.Not n when n.child() instanceof Expr.InList in -> new NotNode(inSet(in, schema));
            default -> throw VortexException.misuse("not a bound filter: " + e + " (bind it with Binder.bind first)");
        };
    }

    private Node nullTest(Expr child, boolean isNull, DType.Struct schema, boolean wrap) {
        if (child instanceof Expr.Column c) {
            return new ColumnNullTest(c, isNull);
        }
        return new ExprNullTest(child(child, schema, wrap), isNull);
    }

    private Node compare(Expr.Compare c, DType.Struct schema) {
        if (!(c.left() instanceof Expr.Column col)) {
            throw VortexException.misuse("not a bound comparison: " + c);
        }
        DType t = Binder.typeOf(col, schema);
        if (t == null) {
            throw VortexException.misuse("no column '" + col.name() + "'");
        }
        Keys.Kind kind = Keys.kind(t);
        if (c.right() instanceof Expr.Column other) {
            return switch (kind) {
                case LONG, U64, FLOAT -> new KeyPairTest(col, other, c.op());
                case BYTES -> new BytesPairTest(col, other, c.op());
                default -> throw VortexException.unsupported("comparing two " + t + " columns");
            };
        }
        Expr.Literal lit = (Expr.Literal) c.right();
        if (lit.value().isNull()) {
            return new Constant(null);
        }
        return switch (kind) {
            case LONG, U64, FLOAT -> {
                Keys.Bound b = Keys.bound(c.op(), t, lit.value());
                yield new KeyTest(col, b);
            }
            case BYTES -> new BytesTest(col, c.op(), Keys.bytes(lit.value()));
            case WIDE_DECIMAL ->
                new WideDecimalTest(col, c.op(), Keys.wideDecimalBound((DType.Decimal) t, lit.value()));
            case NONE -> throw VortexException.misuse("cannot compare the " + t + " column '" + col.name() + "'");
        };
    }

    private Node inSet(Expr.InList in, DType.Struct schema) {
        if (!(in.value() instanceof Expr.Column col)) {
            throw VortexException.misuse("not a bound IN list: " + in);
        }
        DType t = Binder.typeOf(col, schema);
        if (t == null) {
            throw VortexException.misuse("no column '" + col.name() + "'");
        }
        boolean hasNull = false;
        List<Scalar> values = new ArrayList<>(in.values().size());
        for (Expr v : in.values()) {
            if (!(v instanceof Expr.Literal lit)) {
                throw VortexException.misuse("not a bound IN list: " + in);
            }
            if (lit.value().isNull()) {
                hasNull = true;
            } else {
                values.add(lit.value());
            }
        }
        return switch (Keys.kind(t)) {
            case LONG, U64, FLOAT -> {
                long[] keys = new long[values.size()];
                int n = 0;
                for (Scalar v : values) {
                    Keys.Bound b = Keys.bound(Expr.Operator.EQ, t, v);
                    if (b.test() == Keys.Test.EQ) {
                        keys[n++] = b.key();
                    }
                }
                long[] sorted = Arrays.stream(keys, 0, n).sorted().distinct().toArray();
                yield new KeySetTest(col, sorted, hasNull);
            }
            case BYTES -> {
                Set<ByteBuffer> set = new HashSet<>();
                for (Scalar v : values) {
                    set.add(ByteBuffer.wrap(Keys.bytes(v)));
                }
                yield new BytesSetTest(col, set, hasNull);
            }
            case WIDE_DECIMAL -> {
                Set<BigDecimal> set = new TreeSet<>();
                for (Scalar v : values) {
                    set.add(Keys.wideDecimalBound((DType.Decimal) t, v));
                }
                yield new DecimalSetTest(col, set, hasNull);
            }
            case NONE -> throw VortexException.misuse("cannot compare the " + t + " column '" + col.name() + "'");
        };
    }

    /// `NOT child`: in three-valued logic, truth and falsity swap.
    private static final class NotNode implements Node {
        private final Node child;

        NotNode(Node child) {
            this.child = child;
        }

        @Override
        public long[] truth(Frame f) {
            return child.falsity(f);
        }

        @Override
        public long[] falsity(Frame f) {
            return child.truth(f);
        }
    }

    /// `column IN (values)`: true where the value is in the set; false where it is not and the
    /// list has no null (a null in the list makes a non-match null, as in SQL).
    private abstract static class SetTest extends OneColumnTest {
        private final boolean hasNull;

        SetTest(Expr.Column column, boolean hasNull) {
            super(column);
            this.hasNull = hasNull;
        }

        @Override
        public long[] falsity(Frame f) {
            return hasNull ? f.newWords() : super.falsity(f);
        }
    }

    private static final class KeySetTest extends SetTest {
        private final long[] keys;

        KeySetTest(Expr.Column column, long[] keys, boolean hasNull) {
            super(column, hasNull);
            this.keys = keys;
        }

        @Override
        void pass(Frame f, long[] out) {
            Arrays.fill(out, 0L);
            if (keys.length == 0) {
                return;
            }
            if (keys.length == 1) {
                CompareKernels.equal(f.keys(column), f.n, keys[0], out);
                return;
            }
            long[] k = f.keys(column);
            long lo = keys[0];
            long hi = keys[keys.length - 1];
            for (int i = 0; i < f.n; i++) {
                long v = k[i];
                if (v >= lo && v <= hi && Arrays.binarySearch(keys, v) >= 0) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }
    }

    private static final class BytesSetTest extends SetTest {
        private final Set<ByteBuffer> set;

        BytesSetTest(Expr.Column column, Set<ByteBuffer> set, boolean hasNull) {
            super(column, hasNull);
            this.set = set;
        }

        @Override
        void pass(Frame f, long[] out) {
            Arrays.fill(out, 0L);
            if (set.isEmpty()) {
                return;
            }
            VarBinViewArray a = (VarBinViewArray) f.column(column).array;
            long[] valid = f.column(column).valid;
            for (int i = 0; i < f.n; i++) {
                if ((valid == null || (valid[i >>> 6] & (1L << i)) != 0)
                        && set.contains(ByteBuffer.wrap(a.getBytes(i)))) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }
    }

    private static final class DecimalSetTest extends SetTest {
        private final Set<BigDecimal> set;

        DecimalSetTest(Expr.Column column, Set<BigDecimal> set, boolean hasNull) {
            super(column, hasNull);
            this.set = set;
        }

        @Override
        void pass(Frame f, long[] out) {
            Arrays.fill(out, 0L);
            if (set.isEmpty()) {
                return;
            }
            DecimalArray a = (DecimalArray) f.column(column).array;
            for (int i = 0; i < f.n; i++) {
                if (set.contains(new BigDecimal(a.getUnscaled(i)))) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }
    }

    private static final class Constant implements Node {
        private final Boolean value;

        Constant(Boolean value) {
            this.value = value;
        }

        private static long[] fill(Frame f, boolean on) {
            long[] w = f.newWords();
            if (on) {
                Arrays.fill(w, -1L);
                CompareKernels.clearTail(w, f.n);
            }
            return w;
        }

        @Override
        public long[] truth(Frame f) {
            return fill(f, Boolean.TRUE.equals(value));
        }

        @Override
        public long[] falsity(Frame f) {
            return fill(f, Boolean.FALSE.equals(value));
        }
    }

    private static final class AndNode implements Node {
        private final Node left;
        private final Node right;

        AndNode(Node left, Node right) {
            this.left = left;
            this.right = right;
        }

        @Override
        public long[] truth(Frame f) {
            long[] a = left.truth(f);
            long[] b = right.truth(f);
            for (int i = 0; i < a.length; i++) {
                a[i] &= b[i];
            }
            return a;
        }

        @Override
        public long[] falsity(Frame f) {
            long[] a = left.falsity(f);
            long[] b = right.falsity(f);
            for (int i = 0; i < a.length; i++) {
                a[i] |= b[i];
            }
            return a;
        }
    }

    private static final class OrNode implements Node {
        private final Node left;
        private final Node right;

        OrNode(Node left, Node right) {
            this.left = left;
            this.right = right;
        }

        @Override
        public long[] truth(Frame f) {
            long[] a = left.truth(f);
            long[] b = right.truth(f);
            for (int i = 0; i < a.length; i++) {
                a[i] |= b[i];
            }
            return a;
        }

        @Override
        public long[] falsity(Frame f) {
            long[] a = left.falsity(f);
            long[] b = right.falsity(f);
            for (int i = 0; i < a.length; i++) {
                a[i] &= b[i];
            }
            return a;
        }
    }

    private static final class ColumnNullTest implements Node {
        private final Expr.Column column;
        private final boolean isNull;

        ColumnNullTest(Expr.Column column, boolean isNull) {
            this.column = column;
            this.isNull = isNull;
        }

        private long[] valid(Frame f) {
            long[] v = f.column(column).valid;
            long[] out = f.newWords();
            if (v == null) {
                Arrays.fill(out, -1L);
                CompareKernels.clearTail(out, f.n);
            } else {
                System.arraycopy(v, 0, out, 0, out.length);
            }
            return out;
        }

        @Override
        public long[] truth(Frame f) {
            long[] v = valid(f);
            if (isNull) {
                CompareKernels.invert(v, f.n);
            }
            return v;
        }

        @Override
        public long[] falsity(Frame f) {
            long[] v = valid(f);
            if (!isNull) {
                CompareKernels.invert(v, f.n);
            }
            return v;
        }
    }

    private static final class ExprNullTest implements Node {
        private final Node child;
        private final boolean isNull;

        ExprNullTest(Node child, boolean isNull) {
            this.child = child;
            this.isNull = isNull;
        }

        private long[] known(Frame f) {
            long[] t = child.truth(f);
            long[] u = child.falsity(f);
            for (int i = 0; i < t.length; i++) {
                t[i] |= u[i];
            }
            return t;
        }

        @Override
        public long[] truth(Frame f) {
            long[] k = known(f);
            if (isNull) {
                CompareKernels.invert(k, f.n);
            }
            return k;
        }

        @Override
        public long[] falsity(Frame f) {
            long[] k = known(f);
            if (!isNull) {
                CompareKernels.invert(k, f.n);
            }
            return k;
        }
    }

    /// A test on non-null values: true where the values pass, false where they do not, null
    /// where an operand is null.
    private abstract static class ValueTest implements Node {
        /// Writes the rows whose values pass (null rows arbitrary) into `out` (all words written).
        abstract void pass(Frame f, long[] out);

        /// Returns the validity words of the operands, or null when all rows are valid.
        abstract long[] valid(Frame f);

        @Override
        public long[] truth(Frame f) {
            long[] out = f.newWords();
            pass(f, out);
            mask(out, valid(f), f.n);
            return out;
        }

        @Override
        public long[] falsity(Frame f) {
            long[] out = f.newWords();
            pass(f, out);
            CompareKernels.invert(out, f.n);
            mask(out, valid(f), f.n);
            return out;
        }

        private static void mask(long[] out, long[] valid, int n) {
            if (valid != null) {
                for (int i = 0; i < out.length; i++) {
                    out[i] &= valid[i];
                }
            }
            CompareKernels.clearTail(out, n);
        }
    }

    private abstract static class OneColumnTest extends ValueTest {
        final Expr.Column column;

        OneColumnTest(Expr.Column column) {
            this.column = column;
        }

        @Override
        long[] valid(Frame f) {
            return f.column(column).valid;
        }
    }

    private abstract static class TwoColumnTest extends ValueTest {
        final Expr.Column left;
        final Expr.Column right;

        TwoColumnTest(Expr.Column left, Expr.Column right) {
            this.left = left;
            this.right = right;
        }

        @Override
        long[] valid(Frame f) {
            return and(f.column(left).valid, f.column(right).valid);
        }
    }

    private static final class KeyTest extends OneColumnTest {
        final Keys.Bound bound;

        KeyTest(Expr.Column column, Keys.Bound bound) {
            super(column);
            this.bound = bound;
        }

        @Override
        void pass(Frame f, long[] out) {
            switch (bound.test()) {
                case GT -> CompareKernels.greater(f.keys(column), f.n, bound.key(), out);
                case LT -> CompareKernels.less(f.keys(column), f.n, bound.key(), out);
                case EQ -> CompareKernels.equal(f.keys(column), f.n, bound.key(), out);
                case NE -> {
                    CompareKernels.equal(f.keys(column), f.n, bound.key(), out);
                    CompareKernels.invert(out, f.n);
                }
                case ALL -> Arrays.fill(out, -1L);
                case NONE -> Arrays.fill(out, 0L);
            }
        }
    }

    /// `lo < key < hi`: a `BETWEEN` (or two such comparisons) in one pass.
    private static final class KeyRange extends OneColumnTest {
        private final long lo;
        private final long hi;

        KeyRange(Expr.Column column, long lo, long hi) {
            super(column);
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        void pass(Frame f, long[] out) {
            CompareKernels.between(f.keys(column), f.n, lo, hi, out);
        }
    }

    private static final class KeyPairTest extends TwoColumnTest {
        private final Expr.Operator op;

        KeyPairTest(Expr.Column left, Expr.Column right, Expr.Operator op) {
            super(left, right);
            this.op = op;
        }

        @Override
        void pass(Frame f, long[] out) {
            long[] a = f.keys(left);
            long[] b = f.keys(right);
            switch (op) {
                case GT -> CompareKernels.greater(a, b, f.n, out);
                case LT -> CompareKernels.greater(b, a, f.n, out);
                case GE -> {
                    CompareKernels.greater(b, a, f.n, out);
                    CompareKernels.invert(out, f.n);
                }
                case LE -> {
                    CompareKernels.greater(a, b, f.n, out);
                    CompareKernels.invert(out, f.n);
                }
                case EQ -> CompareKernels.equal(a, b, f.n, out);
                case NE -> {
                    CompareKernels.equal(a, b, f.n, out);
                    CompareKernels.invert(out, f.n);
                }
            }
        }
    }

    private static boolean holds(Expr.Operator op, int cmp) {
        return switch (op) {
            case EQ -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
        };
    }

    private static final class BytesTest extends OneColumnTest {
        private final Expr.Operator op;
        private final MemorySegment literal;
        private final int length;
        private final InlinedLiteral inlined;

        BytesTest(Expr.Column column, Expr.Operator op, byte[] literal) {
            super(column);
            this.op = op;
            this.literal = MemorySegment.ofArray(literal);
            this.length = literal.length;
            this.inlined = new InlinedLiteral(this.literal, literal.length);
        }

        private void equalInlined(MemorySegment views, int n, long[] out) {
            InlinedLiteral lit = inlined;
            int full = n >>> 6;
            for (int w = 0; w <= full; w++) {
                int base = w << 6;
                int count = Math.min(64, n - base);
                long word = 0;
                for (int bit = 0; bit < count; bit++) {
                    long v = (long) (base + bit) * VarBinViewArray.VIEW_SIZE;
                    boolean eq = views.get(PrimitiveArray.LE_INT, v) == lit.length
                            & (views.get(LE_LONG, v + 4) & lit.lowMask) == lit.low
                            & (views.get(PrimitiveArray.LE_INT, v + 12) & lit.highMask) == lit.high;
                    word |= (eq ? 1L : 0L) << bit;
                }
                if (count > 0) {
                    out[w] = word;
                }
            }
        }

        @Override
        void pass(Frame f, long[] out) {
            Arrays.fill(out, 0L);
            VarBinViewArray a = (VarBinViewArray) f.column(column).array;
            MemorySegment views = a.views();
            int n = f.n;
            if ((op == Expr.Operator.EQ || op == Expr.Operator.NE) && length <= VarBinViewArray.MAX_INLINED) {
                equalInlined(views, n, out);
                if (op == Expr.Operator.NE) {
                    CompareKernels.invert(out, n);
                }
                return;
            }
            if (op == Expr.Operator.EQ || op == Expr.Operator.NE) {
                // Equal strings have equal lengths: most rows are decided by the view's size field.
                for (int i = 0; i < n; i++) {
                    int size = views.get(PrimitiveArray.LE_INT, (long) i * VarBinViewArray.VIEW_SIZE);
                    if (size == length && Keys.compareBytes(a, i, literal, length) == 0) {
                        out[i >>> 6] |= 1L << i;
                    }
                }
                if (op == Expr.Operator.NE) {
                    CompareKernels.invert(out, n);
                }
                return;
            }
            for (int i = 0; i < n; i++) {
                if (holds(op, Keys.compareBytes(a, i, literal, length))) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }
    }

    /// Equality with a literal of at most 12 bytes: such values are inlined in their views, so a
    /// row is equal when its size matches and its view's data bytes, masked to the literal's
    /// length, equal the literal's. No call per row, no branch on the data.
    private static final class InlinedLiteral {
        final int length;
        final long low;
        final long lowMask;
        final int high;
        final int highMask;

        InlinedLiteral(MemorySegment literal, int length) {
            this.length = length;
            long lo = 0;
            int hi = 0;
            for (int k = 0; k < length; k++) {
                long b = literal.get(java.lang.foreign.ValueLayout.JAVA_BYTE, k) & 0xFFL;
                if (k < 8) {
                    lo |= b << (8 * k);
                } else {
                    hi |= (int) (b << (8 * (k - 8)));
                }
            }
            this.low = lo;
            this.lowMask = length >= 8 ? -1L : (1L << (8 * length)) - 1;
            this.high = hi;
            this.highMask = length >= 12 ? -1 : length <= 8 ? 0 : (1 << (8 * (length - 8))) - 1;
        }
    }

    private static final class BytesPairTest extends TwoColumnTest {
        private final Expr.Operator op;

        BytesPairTest(Expr.Column left, Expr.Column right, Expr.Operator op) {
            super(left, right);
            this.op = op;
        }

        @Override
        void pass(Frame f, long[] out) {
            Arrays.fill(out, 0L);
            VarBinViewArray a = (VarBinViewArray) f.column(left).array;
            VarBinViewArray b = (VarBinViewArray) f.column(right).array;
            for (int i = 0; i < f.n; i++) {
                if (holds(op, Keys.compareBytes(a, i, b, i))) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }
    }

    /// Decimals wider than 8 bytes: compared as big integers (a slow path; such columns are rare).
    private static final class WideDecimalTest extends OneColumnTest {
        private final Expr.Operator op;
        private final BigDecimal bound;

        WideDecimalTest(Expr.Column column, Expr.Operator op, BigDecimal bound) {
            super(column);
            this.op = op;
            this.bound = bound;
        }

        @Override
        void pass(Frame f, long[] out) {
            Arrays.fill(out, 0L);
            DecimalArray a = (DecimalArray) f.column(column).array;
            for (int i = 0; i < f.n; i++) {
                if (holds(op, new BigDecimal(a.getUnscaled(i)).compareTo(bound))) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }
    }

    private static final class LikeTest extends OneColumnTest {
        private final LikePattern pattern;
        private final boolean negated;

        LikeTest(Expr.Column column, LikePattern pattern, boolean negated) {
            super(column);
            this.pattern = pattern;
            this.negated = negated;
        }

        @Override
        void pass(Frame f, long[] out) {
            pattern.evaluate((VarBinViewArray) f.column(column).array, f.n, out);
            if (negated) {
                CompareKernels.invert(out, f.n);
            }
        }
    }
}
