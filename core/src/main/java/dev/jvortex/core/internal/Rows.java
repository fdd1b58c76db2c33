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
import java.lang.foreign.ValueLayout;
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
    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

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
        } else if (data.isNative() && (w == 1 || w == 2 || w == 4 || w == 8 || w == 16)) {
            switch (w) {
                case 1 -> gatherNative1(data, rows, out, n);
                case 2 -> gatherNative2(data, rows, out, n);
                case 4 -> gatherNative4(data, rows, out, n);
                case 8 -> gatherNative8(data, rows, out, n);
                default -> gatherNative16(data, rows, out, n);
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

    // Native segments: one read per value through a little-endian layout, written back little
    // endian, so the bytes come out as they are; one loop per width, none with a per-row bulk copy.

    private static void gatherNative1(MemorySegment data, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            out[k] = data.get(JAVA_BYTE, rows[k]);
        }
    }

    private static void gatherNative2(MemorySegment data, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            SHORT.set(out, 2 * k, data.get(LE_SHORT, 2L * rows[k]));
        }
    }

    private static void gatherNative4(MemorySegment data, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            INT.set(out, 4 * k, data.get(LE_INT, 4L * rows[k]));
        }
    }

    private static void gatherNative8(MemorySegment data, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            LONG.set(out, 8 * k, data.get(LE_LONG, 8L * rows[k]));
        }
    }

    private static void gatherNative16(MemorySegment data, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            long at = 16L * rows[k];
            LONG.set(out, 16 * k, data.get(LE_LONG, at));
            LONG.set(out, 16 * k + 8, data.get(LE_LONG, at + 8));
        }
    }

    private static void gatherSegment(MemorySegment data, int w, int[] rows, byte[] out, int n) {
        for (int k = 0; k < n; k++) {
            MemorySegment.copy(data, JAVA_BYTE, (long) rows[k] * w, out, k * w, w);
        }
    }

    private static VarBinViewArray gatherViews(VarBinViewArray s, int[] rows, int n, Validity validity) {
        // Four small loops, none with a test that could go either way for a whole chunk: the
        // sizes and the rows whose value is not inlined, their bytes, all views, then the views of
        // those rows pointed at the new data buffer.
        int[] sizes = new int[n];
        int[] outOfLine = new int[n];
        int m = n == 0 ? 0 : viewSizes(s.views(), rows, sizes, outOfLine, n);
        long total = m == 0 ? 0 : outOfLineBytes(sizes, outOfLine, m);
        if (total > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("gathered strings exceed 2 GiB");
        }
        byte[] data = new byte[(int) total];
        byte[] views = new byte[n * VarBinViewArray.VIEW_SIZE];
        if (n > 0) {
            copyViews(s.views(), rows, views, n);
        }
        if (m > 0) {
            copyOutOfLine(s.views(), s.buffers(), rows, sizes, outOfLine, m, data, views);
        }
        MemorySegment[] buffers = total == 0 ? new MemorySegment[0] : new MemorySegment[] {MemorySegment.ofArray(data)};
        return new VarBinViewArray(s.dtype(), MemorySegment.ofArray(views), buffers, n, validity);
    }

    /// Reads the size of each row `rows[k]` into `sizes[k]` and lists in `outOfLine` the `k`
    /// whose value is longer than [VarBinViewArray#MAX_INLINED] (without a branch); returns their number.
    private static int viewSizes(MemorySegment src, int[] rows, int[] sizes, int[] outOfLine, int n) {
        int m = 0;
        for (int k = 0; k < n; k++) {
            int size = src.get(LE_INT, (long) rows[k] * VarBinViewArray.VIEW_SIZE);
            sizes[k] = size;
            outOfLine[m] = k;
            m += (VarBinViewArray.MAX_INLINED - size) >>> 31;
        }
        return m;
    }

    private static long outOfLineBytes(int[] sizes, int[] outOfLine, int m) {
        long total = 0;
        for (int j = 0; j < m; j++) {
            total += sizes[outOfLine[j]];
        }
        return total;
    }

    /// Copies the 16-byte view of each row `rows[k]` of `src` to view `k` of `views`.
    private static void copyViews(MemorySegment src, int[] rows, byte[] views, int n) {
        for (int k = 0; k < n; k++) {
            long at = (long) rows[k] * VarBinViewArray.VIEW_SIZE;
            LONG.set(views, 16 * k, src.get(LE_LONG, at));
            LONG.set(views, 16 * k + 8, src.get(LE_LONG, at + 8));
        }
    }

    /// Copies the values of the out-of-line rows end to end into `data` and points their views
    /// there (buffer 0, the value's offset).
    private static void copyOutOfLine(
            MemorySegment src,
            MemorySegment[] buffers,
            int[] rows,
            int[] sizes,
            int[] outOfLine,
            int m,
            byte[] data,
            byte[] views) {
        int pos = 0;
        for (int j = 0; j < m; j++) {
            int k = outOfLine[j];
            long at = (long) rows[k] * VarBinViewArray.VIEW_SIZE;
            int buffer = src.get(LE_INT, at + 8);
            long offset = Integer.toUnsignedLong(src.get(LE_INT, at + 12));
            int size = sizes[k];
            MemorySegment.copy(buffers[buffer], JAVA_BYTE, offset, data, pos, size);
            INT.set(views, 16 * k + 8, 0);
            INT.set(views, 16 * k + 12, pos);
            pos += size;
        }
    }

    private static Validity gatherValidity(Validity validity, int[] rows, int n) {
        if (validity.isAllValid() || validity.isAllInvalid()) {
            return validity;
        }
        byte[] out = new byte[(int) Math.max(1, Bits.byteLength(n))];
        MemorySegment bits = validity.bits();
        boolean all = bits.heapBase().orElse(null) instanceof byte[] array
                ? gatherValidHeap(
                        array, Math.toIntExact(bits.address()), Math.toIntExact(bits.byteSize()), rows, out, n)
                : gatherValid(bits, rows, out, n);
        return all ? Validity.ALL_VALID : Validity.ofBits(MemorySegment.ofArray(out));
    }

    /// As [#gatherValid], for bits in `array[base .. base + size)`.
    private static boolean gatherValidHeap(byte[] array, int base, int size, int[] rows, byte[] out, int n) {
        int all = 1;
        for (int k = 0; k < n; k++) {
            int r = rows[k];
            int b = (array[base + Objects.checkIndex(r >>> 3, size)] >>> (r & 7)) & 1;
            out[k >>> 3] |= (byte) (b << (k & 7));
            all &= b;
        }
        return all != 0;
    }

    /// Sets bit `k` of `out` where bit `rows[k]` of `bits` is set, without a branch; returns
    /// whether all are.
    private static boolean gatherValid(MemorySegment bits, int[] rows, byte[] out, int n) {
        int all = 1;
        for (int k = 0; k < n; k++) {
            int r = rows[k];
            int b = (bits.get(JAVA_BYTE, r >>> 3) >>> (r & 7)) & 1;
            out[k >>> 3] |= (byte) (b << (k & 7));
            all &= b;
        }
        return all != 0;
    }
}
