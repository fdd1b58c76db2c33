package dev.jvortex.file.scan;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.expr.Binder;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.core.expr.internal.Keys;
import dev.jvortex.core.expr.internal.LikePattern;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.util.List;

/// Finds the rows a bound filter cannot match, from statistics alone ("falsification", scan.md §3).
///
/// Each leaf predicate is rewritten into a test on a zone's statistics that, when true, proves
/// no row of the zone satisfies it; a missing or null statistic proves nothing. `AND` prunes
/// what either side prunes, `OR` what both sides prune.
///
/// | predicate | zone skipped when |
/// |---|---|
/// | `x > c` (`>=`) | `max(x) <= c` (`<`) |
/// | `x < c` (`<=`) | `min(x) >= c` (`>`) |
/// | `x = c` | `max(x) < c` or `min(x) > c` |
/// | `x != c` | `min(x) = max(x) = c` |
/// | `x LIKE 'lit'` | as `x = 'lit'` |
/// | `x LIKE 'pre%'` | `min(x) >= successor('pre')` or `max(x) < 'pre'` |
/// | any comparison or `LIKE` | every row of `x` is null (`null_count = rows`) |
/// | `x IN (c1, ..., cn)` | no `ci` lies in `[min(x), max(x)]` (long lists of text or wide decimals: all null only) |
/// | `x IS NULL` | `null_count(x) = 0` |
/// | `x IS NOT NULL` | `null_count(x) = rows` |
///
/// Floats: min and max skip NaNs, so value rules hold only in zones whose `nan_count` is known
/// to be 0; and since min/max may not tell `-0.0` from `0.0` while comparisons do (total order),
/// a max of `-0.0` is read as `0.0` and a min of `0.0` as `-0.0`.
/// Fields of nested structs are not pruned by `IS NULL` (a null parent makes the field null
/// without the field's statistics showing it).
public final class Pruner {
    /// Supplies the statistics of a column: one entry per zoned span, possibly none.
    @FunctionalInterface
    public interface StatsSource {
        /// Returns the statistics kept for column `c` (empty when there are none).
        List<ZoneStats> stats(Expr.Column c);
    }

    private final DType.Struct schema;
    private final StatsSource source;
    private final long rowCount;

    private Pruner(DType.Struct schema, StatsSource source, long rowCount) {
        this.schema = schema;
        this.source = source;
        this.rowCount = rowCount;
    }

    /// Returns the rows of `[0, rowCount)` that `bound` (bound to `schema`) is proven not to match.
    public static RowRanges pruned(Expr bound, DType.Struct schema, StatsSource source, long rowCount) {
        return new Pruner(schema, source, rowCount).prune(bound);
    }

    private RowRanges prune(Expr e) {
        return switch (e) {
            case Expr.And a -> prune(a.left()).union(prune(a.right()));
            case Expr.Or o -> {
                RowRanges l = prune(o.left());
                yield l.isEmpty() ? l : l.intersect(prune(o.right()));
            }
            case Expr.Literal l ->
                Boolean.TRUE.equals(l.value().value()) ? RowRanges.empty() : RowRanges.of(0, rowCount);
            case Expr.IsNull n ->
                n.child() instanceof Expr.Column c && c.path().size() == 1
                        ? zones(c, (s, z) -> s.nullCounts() != null && s.nullCounts()[z] == 0)
                        : RowRanges.empty();
            case Expr.IsNotNull n -> n.child() instanceof Expr.Column c ? zones(c, Pruner::allNull) : RowRanges.empty();
            case Expr.Compare c -> compare(c);
            case Expr.Like l -> like(l);
            case Expr.InList in -> inList(in);
            default -> RowRanges.empty();
        };
    }

    private interface ZoneTest {
        boolean skip(ZoneStats s, int zone);
    }

    private RowRanges zones(Expr.Column c, ZoneTest test) {
        RowRanges.Builder b = new RowRanges.Builder();
        for (ZoneStats s : source.stats(c)) {
            for (int z = 0; z < s.zoneCount(); z++) {
                if (test.skip(s, z)) {
                    b.add(s.zoneStart(z), s.zoneEnd(z));
                }
            }
        }
        return b.build();
    }

    private static boolean allNull(ZoneStats s, int z) {
        return s.nullCounts() != null && s.nullCounts()[z] == s.zoneEnd(z) - s.zoneStart(z);
    }

    private RowRanges compare(Expr.Compare c) {
        Expr.Column col = (Expr.Column) c.left();
        if (c.right() instanceof Expr.Column other) {
            return zones(col, Pruner::allNull).union(zones(other, Pruner::allNull));
        }
        Expr.Literal lit = (Expr.Literal) c.right();
        if (lit.value().isNull()) {
            return RowRanges.of(0, rowCount);
        }
        DType t = Binder.typeOf(col, schema);
        return switch (Keys.kind(t)) {
            case LONG, U64, FLOAT -> keyCompare(col, t, Keys.bound(c.op(), t, lit.value()));
            case BYTES -> bytesCompare(col, c.op(), Keys.bytes(lit.value()));
            case WIDE_DECIMAL -> wideCompare(col, c.op(), Keys.wideDecimalBound((DType.Decimal) t, lit.value()));
            case NONE -> RowRanges.empty();
        };
    }

    private RowRanges keyCompare(Expr.Column col, DType t, Keys.Bound bound) {
        boolean isFloat = Keys.kind(t) == Keys.Kind.FLOAT;
        RowRanges.Builder b = new RowRanges.Builder();
        for (ZoneStats s : source.stats(col)) {
            int zones = s.zoneCount();
            long[] max = keys(s.max(), zones, isFloat, true);
            long[] min = keys(s.min(), zones, isFloat, false);
            long c = bound.key();
            for (int z = 0; z < zones; z++) {
                boolean skip = allNull(s, z);
                boolean values = !isFloat || (s.nanCounts() != null && s.nanCounts()[z] == 0);
                if (!skip && values) {
                    boolean hasMax = max != null && s.maxKnown()[z];
                    boolean hasMin = min != null && s.minKnown()[z];
                    skip = switch (bound.test()) {
                        case GT -> hasMax && max[z] <= c;
                        case LT -> hasMin && min[z] >= c;
                        case EQ -> (hasMax && max[z] < c) || (hasMin && min[z] > c);
                        case NE -> hasMax && hasMin && max[z] == c && min[z] == c;
                        case ALL -> false;
                        case NONE -> true;
                    };
                }
                if (skip || bound.test() == Keys.Test.NONE) {
                    b.add(s.zoneStart(z), s.zoneEnd(z));
                }
            }
        }
        return b.build();
    }

    private static final long POSITIVE_ZERO = Keys.floatKey(0.0);
    private static final long NEGATIVE_ZERO = Keys.floatKey(-0.0);

    private static long[] keys(Array a, int zones, boolean isFloat, boolean upper) {
        if (a == null
                || Keys.kind(a.dtype()) == Keys.Kind.NONE
                || Keys.kind(a.dtype()) == Keys.Kind.BYTES
                || Keys.kind(a.dtype()) == Keys.Kind.WIDE_DECIMAL) {
            return null;
        }
        long[] k = new long[Math.max(zones, 1)];
        Keys.load(a, zones, k);
        if (isFloat) {
            for (int z = 0; z < zones; z++) {
                if (upper && k[z] == NEGATIVE_ZERO) {
                    k[z] = POSITIVE_ZERO;
                } else if (!upper && k[z] == POSITIVE_ZERO) {
                    k[z] = NEGATIVE_ZERO;
                }
            }
        }
        return k;
    }

    private RowRanges bytesCompare(Expr.Column col, Expr.Operator op, byte[] literal) {
        MemorySegment lit = MemorySegment.ofArray(literal);
        RowRanges.Builder b = new RowRanges.Builder();
        for (ZoneStats s : source.stats(col)) {
            VarBinViewArray max = s.max() instanceof VarBinViewArray v ? v : null;
            VarBinViewArray min = s.min() instanceof VarBinViewArray v ? v : null;
            for (int z = 0; z < s.zoneCount(); z++) {
                int cmax = max != null && s.maxKnown()[z]
                        ? Keys.compareBytes(max, z, lit, literal.length)
                        : Integer.MIN_VALUE;
                int cmin = min != null && s.minKnown()[z]
                        ? Keys.compareBytes(min, z, lit, literal.length)
                        : Integer.MIN_VALUE;
                if (allNull(s, z) || skip(op, cmax, cmin)) {
                    b.add(s.zoneStart(z), s.zoneEnd(z));
                }
            }
        }
        return b.build();
    }

    /// Whether `x op c` is false for a whole zone, given `cmax = compare(max, c)` and
    /// `cmin = compare(min, c)` (`Integer.MIN_VALUE` when the bound is unknown).
    private static boolean skip(Expr.Operator op, int cmax, int cmin) {
        boolean hasMax = cmax != Integer.MIN_VALUE;
        boolean hasMin = cmin != Integer.MIN_VALUE;
        return switch (op) {
            case GT -> hasMax && cmax <= 0;
            case GE -> hasMax && cmax < 0;
            case LT -> hasMin && cmin >= 0;
            case LE -> hasMin && cmin > 0;
            case EQ -> (hasMax && cmax < 0) || (hasMin && cmin > 0);
            case NE -> hasMax && hasMin && cmax == 0 && cmin == 0;
        };
    }

    private RowRanges wideCompare(Expr.Column col, Expr.Operator op, BigDecimal unscaled) {
        RowRanges.Builder b = new RowRanges.Builder();
        for (ZoneStats s : source.stats(col)) {
            DecimalArray max = s.max() instanceof DecimalArray d ? d : null;
            DecimalArray min = s.min() instanceof DecimalArray d ? d : null;
            for (int z = 0; z < s.zoneCount(); z++) {
                int cmax = max != null && s.maxKnown()[z]
                        ? Integer.signum(new BigDecimal(max.getUnscaled(z)).compareTo(unscaled))
                        : Integer.MIN_VALUE;
                int cmin = min != null && s.minKnown()[z]
                        ? Integer.signum(new BigDecimal(min.getUnscaled(z)).compareTo(unscaled))
                        : Integer.MIN_VALUE;
                if (allNull(s, z) || skip(op, cmax, cmin)) {
                    b.add(s.zoneStart(z), s.zoneEnd(z));
                }
            }
        }
        return b.build();
    }

    private RowRanges inList(Expr.InList in) {
        Expr.Column col = (Expr.Column) in.value();
        DType t = Binder.typeOf(col, schema);
        List<Expr.Literal> values = new java.util.ArrayList<>();
        for (Expr v : in.values()) {
            if (v instanceof Expr.Literal l && !l.value().isNull()) {
                values.add(l);
            }
        }
        Keys.Kind kind = Keys.kind(t);
        if (kind == Keys.Kind.LONG || kind == Keys.Kind.U64 || kind == Keys.Kind.FLOAT) {
            long[] keys = values.stream()
                    .map(l -> Keys.bound(Expr.Operator.EQ, t, l.value()))
                    .filter(b -> b.test() == Keys.Test.EQ)
                    .mapToLong(Keys.Bound::key)
                    .sorted()
                    .toArray();
            if (keys.length == 0) {
                return RowRanges.of(0, rowCount);
            }
            return keySet(col, Keys.kind(t) == Keys.Kind.FLOAT, keys);
        }
        if (values.size() <= 64 && !values.isEmpty()) {
            RowRanges out = null;
            for (Expr.Literal l : values) {
                RowRanges r = compare(new Expr.Compare(Expr.Operator.EQ, col, l));
                out = out == null ? r : out.intersect(r);
                if (out.isEmpty()) {
                    break;
                }
            }
            return out;
        }
        return values.isEmpty() ? RowRanges.of(0, rowCount) : zones(col, Pruner::allNull);
    }

    /// Zones none of whose values can equal one of the sorted `keys`.
    private RowRanges keySet(Expr.Column col, boolean isFloat, long[] keys) {
        RowRanges.Builder b = new RowRanges.Builder();
        for (ZoneStats s : source.stats(col)) {
            int zones = s.zoneCount();
            long[] max = keys(s.max(), zones, isFloat, true);
            long[] min = keys(s.min(), zones, isFloat, false);
            for (int z = 0; z < zones; z++) {
                boolean skip = allNull(s, z);
                boolean values = !isFloat || (s.nanCounts() != null && s.nanCounts()[z] == 0);
                if (!skip && values) {
                    long lo = min != null && s.minKnown()[z] ? min[z] : Long.MIN_VALUE;
                    long hi = max != null && s.maxKnown()[z] ? max[z] : Long.MAX_VALUE;
                    int at = java.util.Arrays.binarySearch(keys, lo);
                    int first = at >= 0 ? at : -at - 1;
                    skip = first == keys.length || keys[first] > hi;
                }
                if (skip) {
                    b.add(s.zoneStart(z), s.zoneEnd(z));
                }
            }
        }
        return b.build();
    }

    private RowRanges like(Expr.Like l) {
        Expr.Column col = (Expr.Column) l.value();
        LikePattern p = LikePattern.compile(l.pattern(), l.caseInsensitive());
        if (l.negated() || (p.shape() != LikePattern.Shape.EXACT && p.shape() != LikePattern.Shape.PREFIX)) {
            return zones(col, Pruner::allNull);
        }
        byte[] lit = p.literal();
        if (p.shape() == LikePattern.Shape.EXACT) {
            return bytesCompare(col, Expr.Operator.EQ, lit);
        }
        // x LIKE 'pre%'  ⇔  pre <= x < successor(pre); no upper rule when no successor exists.
        RowRanges below = bytesCompare(col, Expr.Operator.GE, lit);
        byte[] next = successor(lit);
        return next == null ? below : below.union(bytesCompare(col, Expr.Operator.LT, next));
    }

    /// Returns the smallest byte string greater than every string starting with `prefix`, or null.
    static byte[] successor(byte[] prefix) {
        byte[] s = prefix.clone();
        for (int i = s.length - 1; i >= 0; i--) {
            if (s[i] != (byte) 0xFF) {
                s[i]++;
                return java.util.Arrays.copyOf(s, i + 1);
            }
        }
        return null;
    }
}
