package dev.jvortex.core.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/// Row values of the flat canonical arrays (bool, primitive, decimal, utf8 and binary views) for
/// the encoders that compare or collect rows: constant, dictionary, sparse and run-end.
///
/// Equality is exact: floats compare by their bits (so `-0.0 != 0.0` and a NaN equals only the
/// same NaN), as the encoders must be lossless.
public final class Rows {
    private Rows() {}

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /// Returns true for the array kinds this class handles.
    public static boolean supported(Array a) {
        return (a instanceof BoolArray
                        || a instanceof PrimitiveArray
                        || a instanceof DecimalArray
                        || a instanceof VarBinViewArray)
                && !(a.dtype() instanceof DType.Extension);
    }

    /// Returns true when rows `i` and `j` of `a` hold equal values (validity is not looked at).
    public static boolean equal(Array a, int i, int j) {
        return switch (a) {
            case BoolArray b -> b.get(i) == b.get(j);
            case PrimitiveArray p -> p.getLong(i) == p.getLong(j);
            case DecimalArray d ->
                d.data()
                                .asSlice((long) i * d.byteWidth(), d.byteWidth())
                                .mismatch(d.data().asSlice((long) j * d.byteWidth(), d.byteWidth()))
                        < 0;
            case VarBinViewArray s ->
                s.byteLength(i) == s.byteLength(j) && s.slice(i).mismatch(s.slice(j)) < 0;
            default -> throw new IllegalArgumentException("no row equality for " + a.dtype());
        };
    }

    /// Returns a key for the value of row `i` with value equality and hashing: a [Long] (bits of
    /// primitives, 0/1 of bools) or a [Bytes] (decimals and strings).
    public static Object key(Array a, int i) {
        return switch (a) {
            case BoolArray b -> b.get(i) ? 1L : 0L;
            case PrimitiveArray p -> p.getLong(i);
            case DecimalArray d ->
                new Bytes(d.data()
                        .asSlice((long) i * d.byteWidth(), d.byteWidth())
                        .toArray(JAVA_BYTE));
            case VarBinViewArray s -> new Bytes(s.getBytes(i));
            default -> throw new IllegalArgumentException("no row keys for " + a.dtype());
        };
    }

    /// A byte string with value equality.
    ///
    /// @param bytes the bytes (not copied; do not modify)
    public record Bytes(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes b && Arrays.equals(bytes, b.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }
    }

    /// Returns the value of row `i` as a scalar of `a`'s type (nullable flag included); null rows
    /// give a null scalar.
    public static Scalar scalar(Array a, int i) {
        if (!a.isValid(i)) {
            return new Scalar(a.dtype(), null);
        }
        Object value = switch (a) {
            case BoolArray b -> b.get(i);
            case PrimitiveArray p ->
                switch (p.ptype()) {
                    case F16 -> (short) p.getLong(i);
                    case F32 -> Float.intBitsToFloat((int) p.getLong(i));
                    case F64 -> Double.longBitsToDouble(p.getLong(i));
                    default -> p.getLong(i);
                };
            case DecimalArray d -> d.getUnscaled(i);
            case VarBinViewArray s ->
                s.dtype() instanceof DType.Utf8 ? new String(s.getBytes(i), StandardCharsets.UTF_8) : s.getBytes(i);
            default -> throw new IllegalArgumentException("no scalars for " + a.dtype());
        };
        return new Scalar(a.dtype(), value);
    }

    /// Returns the index of the first valid row, or -1.
    public static int firstValid(Validity validity, int len) {
        if (validity.isAllValid()) {
            return len > 0 ? 0 : -1;
        }
        if (validity.isAllInvalid()) {
            return -1;
        }
        for (int i = 0; i < len; i++) {
            if (validity.isValid(i)) {
                return i;
            }
        }
        return -1;
    }

    /// Returns the rows `rows[0 .. n)` of `a` as a new compact array of the same type (strings
    /// copied into one fresh data buffer; nothing shared with `a`).
    public static Array gather(Array a, int[] rows, int n) {
        Validity validity = gatherValidity(a.validity(), rows, n);
        return switch (a) {
            case BoolArray b -> new BoolArray(b.dtype(), gatherBits(b, rows, n), n, validity);
            case PrimitiveArray p ->
                new PrimitiveArray(
                        p.dtype(), p.ptype(), gatherFixed(p.data(), p.ptype().byteWidth(), rows, n), n, validity);
            case DecimalArray d ->
                new DecimalArray(d.dtype(), d.byteWidth(), gatherFixed(d.data(), d.byteWidth(), rows, n), n, validity);
            case VarBinViewArray s -> gatherViews(s, rows, n, validity);
            default -> throw new IllegalArgumentException("cannot gather rows of " + a.dtype());
        };
    }

    // The gather loops sit in small methods of their own (primitives and decimals share one), so
    // the JIT compiles each loop once instead of the whole type switch per type it meets.

    private static MemorySegment gatherBits(BoolArray b, int[] rows, int n) {
        MemorySegment bits = MemorySegment.ofArray(new byte[(int) Bits.byteLength(n)]);
        for (int k = 0; k < n; k++) {
            if (b.get(rows[k])) {
                Bits.set(bits, k);
            }
        }
        return bits;
    }

    /// The `w`-byte values `rows[0 .. n)` of `data`, end to end in a new heap segment.
    ///
    /// A segment over a byte array is read through the array, with one small loop per common
    /// width; other segments take one bulk copy per row. (A per-row segment-to-segment copy in
    /// one loop sees heap and native segments and every width, and gets compiled again for each.)
    private static MemorySegment gatherFixed(MemorySegment data, int w, int[] rows, int n) {
        byte[] out = new byte[n * w];
        if (data.heapBase().orElse(null) instanceof byte[] src) {
            int base = Math.toIntExact(data.address());
            int limit = Math.toIntExact(base + data.byteSize());
            switch (w) {
                case 1 -> gather1(src, base, limit, rows, out, n);
                case 2 -> gather2(src, base, limit, rows, out, n);
                case 4 -> gather4(src, base, limit, rows, out, n);
                case 8 -> gather8(src, base, limit, rows, out, n);
                case 16 -> gather16(src, base, limit, rows, out, n);
                default -> gatherWide(src, base, limit, w, rows, out, n);
            }
        } else {
            gatherSegment(data, w, rows, out, n);
        }
        return MemorySegment.ofArray(out);
    }

    // The rows are checked against the segment's end (`limit`), not only the backing array's.

    private static void gather1(byte[] src, int base, int limit, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            out[k] = src[Objects.checkIndex(base + rows[k], limit)];
        }
    }

    private static void gather2(byte[] src, int base, int limit, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            int at = Objects.checkFromIndexSize(base + 2 * rows[k], 2, limit);
            SHORT.set(out, 2 * k, (short) SHORT.get(src, at));
        }
    }

    private static void gather4(byte[] src, int base, int limit, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            int at = Objects.checkFromIndexSize(base + 4 * rows[k], 4, limit);
            INT.set(out, 4 * k, (int) INT.get(src, at));
        }
    }

    private static void gather8(byte[] src, int base, int limit, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            int at = Objects.checkFromIndexSize(base + 8 * rows[k], 8, limit);
            LONG.set(out, 8 * k, (long) LONG.get(src, at));
        }
    }

    private static void gather16(byte[] src, int base, int limit, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            int at = Objects.checkFromIndexSize(base + 16 * rows[k], 16, limit);
            LONG.set(out, 16 * k, (long) LONG.get(src, at));
            LONG.set(out, 16 * k + 8, (long) LONG.get(src, at + 8));
        }
    }

    private static void gatherWide(byte[] src, int base, int limit, int w, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            int at = Objects.checkFromIndexSize(base + rows[k] * w, w, limit);
            System.arraycopy(src, at, out, k * w, w);
        }
    }

    private static void gatherSegment(MemorySegment data, int w, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            MemorySegment.copy(data, JAVA_BYTE, (long) rows[k] * w, out, k * w, w);
        }
    }

    private static VarBinViewArray gatherViews(VarBinViewArray s, int[] rows, int n, Validity validity) {
        long total = 0;
        for (int k = 0; k < n; k++) {
            int size = s.byteLength(rows[k]);
            if (size > VarBinViewArray.MAX_INLINED) {
                total += size;
            }
        }
        if (total > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("gathered strings exceed 2 GiB");
        }
        MemorySegment data = MemorySegment.ofArray(new byte[(int) total]);
        MemorySegment views = MemorySegment.ofArray(new byte[n * VarBinViewArray.VIEW_SIZE]);
        long pos = 0;
        for (int k = 0; k < n; k++) {
            long v = (long) k * VarBinViewArray.VIEW_SIZE;
            long src = (long) rows[k] * VarBinViewArray.VIEW_SIZE;
            int size = s.byteLength(rows[k]);
            if (size <= VarBinViewArray.MAX_INLINED) {
                MemorySegment.copy(s.views(), src, views, v, VarBinViewArray.VIEW_SIZE);
            } else {
                MemorySegment.copy(s.slice(rows[k]), 0, data, pos, size);
                MemorySegment.copy(s.views(), src, views, v, 8);
                views.set(PrimitiveArray.LE_INT, v + 8, 0);
                views.set(PrimitiveArray.LE_INT, v + 12, (int) pos);
                pos += size;
            }
        }
        MemorySegment[] buffers = total == 0 ? new MemorySegment[0] : new MemorySegment[] {data};
        return new VarBinViewArray(s.dtype(), views, buffers, n, validity);
    }

    private static Validity gatherValidity(Validity validity, int[] rows, int n) {
        if (validity.isAllValid() || validity.isAllInvalid()) {
            return validity;
        }
        MemorySegment bits = MemorySegment.ofArray(new byte[(int) Math.max(1, Bits.byteLength(n))]);
        boolean allValid = true;
        for (int k = 0; k < n; k++) {
            if (validity.isValid(rows[k])) {
                Bits.set(bits, k);
            } else {
                allValid = false;
            }
        }
        return allValid ? Validity.ALL_VALID : Validity.ofBits(bits);
    }
}
