package dev.jvortex.core.expr.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.expr.Expr;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

// spotless:off
/// Comparison keys: values of a comparable column mapped to signed 64-bit keys whose order is
/// the column's order, so that one set of comparison loops serves every numeric type.
///
/// | column | key |
/// |---|---|
/// | signed integers, u8/u16/u32, bool (0/1), dates, times, timestamps (storage value), decimals of at most 8 bytes (unscaled) | the value |
/// | u64 | the value with its sign bit flipped |
/// | f16, f32, f64 | the value widened to f64, its bits `b` mapped to `b ^ ((b >> 63) >>> 1)`: IEEE 754 total order |
///
/// Strings and binary compare bytewise ([#compareBytes]); wider decimals compare as big integers.
/// A literal becomes a [Bound]: a comparison against one key, or a constant answer when the
/// literal lies outside the column's range or between two representable values (`i > 2.5` is
/// `i > 2`, `i = 2.5` is false for every non-null row).
public final class Keys {
// spotless:on
    private Keys() {}

    /// How values of a type compare.
    public enum Kind {
        /// Integer-valued keys equal to the value (see the class table).
        LONG,
        /// u64: keys are the values with the sign bit flipped.
        U64,
        /// Floats in total order.
        FLOAT,
        /// Strings and binary, bytewise.
        BYTES,
        /// Decimals wider than 8 bytes.
        WIDE_DECIMAL,
        /// Not comparable (structs, lists, the null type, unknown extensions).
        NONE
    }

    /// Returns how values of `t` compare.
    public static Kind kind(DType t) {
        return switch (t) {
            case DType.Bool b -> Kind.LONG;
            case DType.Primitive p ->
                p.ptype() == PType.U64 ? Kind.U64 : p.ptype().isFloat() ? Kind.FLOAT : Kind.LONG;
            case DType.Decimal d -> d.minimumByteWidth() <= 8 ? Kind.LONG : Kind.WIDE_DECIMAL;
            case DType.Utf8 u -> Kind.BYTES;
            case DType.Binary b -> Kind.BYTES;
            case DType.Extension e ->
                isTemporal(e)
                                && e.storage() instanceof DType.Primitive p
                                && p.ptype().isInteger()
                        ? (p.ptype() == PType.U64 ? Kind.U64 : Kind.LONG)
                        : Kind.NONE;
            default -> Kind.NONE;
        };
    }

    /// Returns true for the date, time and timestamp extension types.
    public static boolean isTemporal(DType.Extension e) {
        return switch (e.id()) {
            case "vortex.date", "vortex.time", "vortex.timestamp" -> true;
            default -> false;
        };
    }

    /// Returns the key of a float value (total order).
    public static long floatKey(double d) {
        long b = Double.doubleToRawLongBits(d);
        return b ^ ((b >> 63) >>> 1);
    }

    /// Returns the float value of a key made by [#floatKey(double)].
    public static double keyToFloat(long key) {
        long b = key ^ ((key >> 63) >>> 1);
        return Double.longBitsToDouble(b);
    }

    /// Fills `out[0, n)` with the keys of the first `n` rows of `a` (a [Kind#LONG], [Kind#U64] or
    /// [Kind#FLOAT] array; null rows get arbitrary keys).
    public static void load(Array a, int n, long[] out) {
        switch (a) {
            case ExtensionArray e -> load(e.storage(), n, out);
            case PrimitiveArray p -> loadPrimitive(p.data(), p.ptype(), n, out);
            case BoolArray b -> loadBits(b.bits(), n, out);
            case DecimalArray d -> {
                PType as = d.unscaledType();
                if (as == null) {
                    throw VortexException.misuse("decimal of " + d.byteWidth() + " bytes has no 64-bit keys");
                }
                loadPrimitive(d.data(), as, n, out);
            }
            default -> throw VortexException.misuse("no comparison keys for " + a.dtype());
        }
    }

    // One tight loop per physical type: the switch runs once per batch.
    private static void loadPrimitive(MemorySegment data, PType ptype, int n, long[] out) {
        switch (ptype) {
            case I8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.get(JAVA_BYTE, i);
                }
            }
            case U8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.get(JAVA_BYTE, i) & 0xFFL;
                }
            }
            case I16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.getAtIndex(PrimitiveArray.LE_SHORT, i);
                }
            }
            case U16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.getAtIndex(PrimitiveArray.LE_SHORT, i) & 0xFFFFL;
                }
            }
            case I32 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.getAtIndex(PrimitiveArray.LE_INT, i);
                }
            }
            case U32 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = data.getAtIndex(PrimitiveArray.LE_INT, i) & 0xFFFFFFFFL;
                }
            }
            case I64 -> MemorySegment.copy(data, PrimitiveArray.LE_LONG, 0, out, 0, n);
            case U64 -> {
                MemorySegment.copy(data, PrimitiveArray.LE_LONG, 0, out, 0, n);
                for (int i = 0; i < n; i++) {
                    out[i] ^= Long.MIN_VALUE;
                }
            }
            case F64 -> {
                MemorySegment.copy(data, PrimitiveArray.LE_LONG, 0, out, 0, n);
                for (int i = 0; i < n; i++) {
                    long b = out[i];
                    out[i] = b ^ ((b >> 63) >>> 1);
                }
            }
            case F32 -> {
                for (int i = 0; i < n; i++) {
                    long b = Double.doubleToRawLongBits(data.getAtIndex(PrimitiveArray.LE_FLOAT, i));
                    out[i] = b ^ ((b >> 63) >>> 1);
                }
            }
            case F16 -> {
                for (int i = 0; i < n; i++) {
                    long b = Double.doubleToRawLongBits(
                            Float.float16ToFloat(data.getAtIndex(PrimitiveArray.LE_SHORT, i)));
                    out[i] = b ^ ((b >> 63) >>> 1);
                }
            }
        }
    }

    private static void loadBits(MemorySegment bits, int n, long[] out) {
        for (int i = 0; i < n; i++) {
            out[i] = (bits.get(JAVA_BYTE, i >>> 3) >>> (i & 7)) & 1;
        }
    }

    /// Compares the bytes of row `i` of `a` with `lit[0, litLen)`, unsigned bytewise: negative,
    /// zero or positive as the row sorts before, equal to or after the literal.
    public static int compareBytes(VarBinViewArray a, int i, MemorySegment lit, long litLen) {
        MemorySegment views = a.views();
        long v = (long) i * VarBinViewArray.VIEW_SIZE;
        int size = views.get(PrimitiveArray.LE_INT, v);
        MemorySegment seg;
        long off;
        if (size <= VarBinViewArray.MAX_INLINED) {
            seg = views;
            off = v + 4;
        } else {
            seg = a.buffers()[views.get(PrimitiveArray.LE_INT, v + 8)];
            off = Integer.toUnsignedLong(views.get(PrimitiveArray.LE_INT, v + 12));
        }
        long m = MemorySegment.mismatch(seg, off, off + size, lit, 0, litLen);
        if (m < 0) {
            return 0;
        }
        if (m == size) {
            return -1;
        }
        if (m == litLen) {
            return 1;
        }
        return Integer.compare(seg.get(JAVA_BYTE, off + m) & 0xFF, lit.get(JAVA_BYTE, m) & 0xFF);
    }

    /// Compares rows `i` of `a` and `j` of `b` bytewise.
    public static int compareBytes(VarBinViewArray a, int i, VarBinViewArray b, int j) {
        MemorySegment other = b.slice(j);
        return compareBytes(a, i, other, other.byteSize());
    }

    // ---- literals ----

    /// The operation left after folding a literal into the key space.
    public enum Test {
        /// `key > bound`
        GT,
        /// `key < bound`
        LT,
        /// `key == bound`
        EQ,
        /// `key != bound`
        NE,
        /// true for every non-null row
        ALL,
        /// false for every non-null row
        NONE
    }

    /// A comparison of keys against one key: `test` with `key` (unused for ALL and NONE).
    public record Bound(Test test, long key) {
        static final Bound ALL = new Bound(Test.ALL, 0);
        static final Bound NONE = new Bound(Test.NONE, 0);
    }

    /// Folds `column op literal` into a [Bound] for a [Kind#LONG], [Kind#U64] or [Kind#FLOAT]
    /// column. The literal is a number (integer, decimal or float), a bool for bool columns, or
    /// a value of the column's own extension type (storage units, a [Long] or a fractional
    /// [BigDecimal]); it must not be null.
    public static Bound bound(Expr.Operator op, DType column, Scalar literal) {
        Kind kind = kind(column);
        if (kind == Kind.FLOAT) {
            return floatBound(op, ((DType.Primitive) column).ptype(), literal);
        }
        BigDecimal r = exactStorageValue(column, literal);
        BigDecimal lo;
        BigDecimal hi;
        switch (storage(column)) {
            case DType.Bool b -> {
                lo = BigDecimal.ZERO;
                hi = BigDecimal.ONE;
            }
            case DType.Primitive p -> {
                lo = new BigDecimal(minValue(p.ptype()));
                hi = new BigDecimal(maxValue(p.ptype()));
            }
            case DType.Decimal d -> {
                int bits = d.minimumByteWidth() * 8;
                lo = new BigDecimal(BigInteger.ONE.shiftLeft(bits - 1).negate());
                hi = new BigDecimal(BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE));
            }
            default -> throw VortexException.misuse("no comparison keys for " + column);
        }
        boolean u64 = kind == Kind.U64;
        BigDecimal floor = r.setScale(0, RoundingMode.FLOOR);
        BigDecimal ceil = r.setScale(0, RoundingMode.CEILING);
        boolean integral = floor.compareTo(r) == 0;
        return switch (op) {
            case EQ ->
                !integral || r.compareTo(lo) < 0 || r.compareTo(hi) > 0 ? Bound.NONE : new Bound(Test.EQ, key(r, u64));
            case NE ->
                !integral || r.compareTo(lo) < 0 || r.compareTo(hi) > 0 ? Bound.ALL : new Bound(Test.NE, key(r, u64));
            case GT ->
                floor.compareTo(lo) < 0
                        ? Bound.ALL
                        : floor.compareTo(hi) >= 0 ? Bound.NONE : new Bound(Test.GT, key(floor, u64));
            case GE ->
                ceil.compareTo(lo) <= 0
                        ? Bound.ALL
                        : ceil.compareTo(hi) > 0
                                ? Bound.NONE
                                : new Bound(Test.GT, key(ceil.subtract(BigDecimal.ONE), u64));
            case LT ->
                ceil.compareTo(hi) > 0
                        ? Bound.ALL
                        : ceil.compareTo(lo) <= 0 ? Bound.NONE : new Bound(Test.LT, key(ceil, u64));
            case LE ->
                floor.compareTo(hi) >= 0
                        ? Bound.ALL
                        : floor.compareTo(lo) < 0
                                ? Bound.NONE
                                : new Bound(Test.LT, key(floor.add(BigDecimal.ONE), u64));
        };
    }

    private static long key(BigDecimal integral, boolean u64) {
        long v = integral.toBigIntegerExact().longValue();
        return u64 ? v ^ Long.MIN_VALUE : v;
    }

    private static DType storage(DType t) {
        return t instanceof DType.Extension e ? e.storage() : t;
    }

    private static BigInteger minValue(PType p) {
        return p.isSigned() ? BigInteger.ONE.shiftLeft(p.bitWidth() - 1).negate() : BigInteger.ZERO;
    }

    private static BigInteger maxValue(PType p) {
        return p.isSigned()
                ? BigInteger.ONE.shiftLeft(p.bitWidth() - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(p.bitWidth()).subtract(BigInteger.ONE);
    }

    /// Returns the literal as an exact number in the column's storage units (a decimal column's
    /// unscaled units; a temporal column's ticks).
    static BigDecimal exactStorageValue(DType column, Scalar literal) {
        Object v = literal.value();
        if (column instanceof DType.Extension) {
            return switch (v) {
                case Long l -> new BigDecimal(l);
                case BigDecimal d -> d;
                default -> throw VortexException.misuse("literal " + literal + " is not a value of " + column);
            };
        }
        BigDecimal r = exactNumber(literal);
        if (column instanceof DType.Decimal d) {
            r = r.scaleByPowerOfTen(d.scale());
        }
        return r;
    }

    /// Returns a numeric or bool literal as an exact number.
    static BigDecimal exactNumber(Scalar literal) {
        Object v = literal.value();
        DType t = literal.dtype() instanceof DType.Extension e ? e.storage() : literal.dtype();
        return switch (t) {
            case DType.Bool b -> (Boolean) v ? BigDecimal.ONE : BigDecimal.ZERO;
            case DType.Primitive p
            when p.ptype() == PType.U64 -> new BigDecimal(new BigInteger(Long.toUnsignedString((Long) v)));
            case DType.Primitive p when p.ptype().isInteger() -> new BigDecimal((Long) v);
            case DType.Primitive p -> {
                double d = literal.asDouble();
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw VortexException.misuse("cannot compare an integer or decimal column with " + d);
                }
                yield new BigDecimal(d);
            }
            case DType.Decimal d -> new BigDecimal((BigInteger) v, d.scale());
            default -> throw VortexException.misuse("literal " + literal + " is not a number");
        };
    }

    private static Bound floatBound(Expr.Operator op, PType column, Scalar literal) {
        double d;
        DType lt = literal.dtype();
        if (lt instanceof DType.Primitive p && p.ptype().isFloat()) {
            d = literal.asDouble();
        } else {
            BigDecimal r = exactNumber(literal);
            d = column == PType.F64 ? r.doubleValue() : r.floatValue();
        }
        // The literal takes the column's own width, as the reference casts it to the column type.
        d = switch (column) {
            case F32 -> (float) d;
            case F16 -> Float.float16ToFloat(Float.floatToFloat16((float) d));
            default -> d;
        };
        long k = floatKey(d);
        return switch (op) {
            case EQ -> new Bound(Test.EQ, k);
            case NE -> new Bound(Test.NE, k);
            case GT -> k == Long.MAX_VALUE ? Bound.NONE : new Bound(Test.GT, k);
            case GE -> k == Long.MIN_VALUE ? Bound.ALL : new Bound(Test.GT, k - 1);
            case LT -> k == Long.MIN_VALUE ? Bound.NONE : new Bound(Test.LT, k);
            case LE -> k == Long.MAX_VALUE ? Bound.ALL : new Bound(Test.LT, k + 1);
        };
    }

    /// Returns `column op literal` for a [Kind#WIDE_DECIMAL] column as a test on unscaled values:
    /// the literal scaled to the column's unscaled units, exactly.
    public static BigDecimal wideDecimalBound(DType.Decimal column, Scalar literal) {
        return exactNumber(literal).scaleByPowerOfTen(column.scale());
    }

    /// Returns the bytes a string or binary literal compares as.
    public static byte[] bytes(Scalar literal) {
        return switch (literal.value()) {
            case String s -> s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            case byte[] b -> b.clone();
            default -> throw VortexException.misuse("literal " + literal + " is not text or bytes");
        };
    }
}
