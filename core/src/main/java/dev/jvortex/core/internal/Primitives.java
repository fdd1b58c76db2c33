package dev.jvortex.core.internal;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/// Helpers for encoders: primitive arrays built from Java arrays (on the heap, so they live as
/// long as the write tree that holds them), narrowing, and loading values.
public final class Primitives {
    private Primitives() {}

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /// Returns a new little-endian buffer holding the low bits of `values[0 .. n)` as `ptype`.
    public static MemorySegment segment(PType ptype, long[] values, int n) {
        MemorySegment out = MemorySegment.ofArray(new byte[n * ptype.byteWidth()]);
        Segments.store(values, 0, out, ptype, 0, n);
        return out;
    }

    /// Returns a new little-endian buffer holding `values[0 .. n)` as `ptype` (an integer type of at most 32 bits).
    public static MemorySegment segment(PType ptype, int[] values, int n) {
        // Plain array stores (little-endian by hand), one small loop method per width: per-element
        // segment access checks alignment and bounds on every value, and a loop per width in one
        // method gets compiled with every width inlined.
        byte[] bytes = new byte[n * ptype.byteWidth()];
        switch (ptype.byteWidth()) {
            case 1 -> narrowInts8(values, bytes, n);
            case 2 -> narrowInts16(values, bytes, n);
            case 4 -> narrowInts32(values, bytes, n);
            default -> widenInts64(values, bytes, n);
        }
        return MemorySegment.ofArray(bytes);
    }

    private static void narrowInts8(int[] values, byte[] bytes, int n) {
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) values[i];
        }
    }

    private static void narrowInts16(int[] values, byte[] bytes, int n) {
        for (int i = 0; i < n; i++) {
            int v = values[i];
            bytes[2 * i] = (byte) v;
            bytes[2 * i + 1] = (byte) (v >>> 8);
        }
    }

    private static void narrowInts32(int[] values, byte[] bytes, int n) {
        for (int i = 0; i < n; i++) {
            INT.set(bytes, 4 * i, values[i]);
        }
    }

    /// Zero-extends each value to 8 bytes.
    private static void widenInts64(int[] values, byte[] bytes, int n) {
        for (int i = 0; i < n; i++) {
            LONG.set(bytes, 8 * i, Integer.toUnsignedLong(values[i]));
        }
    }

    /// Returns an array of `ptype` holding the low bits of `values[0 .. n)`.
    public static PrimitiveArray array(PType ptype, boolean nullable, long[] values, int n, Validity validity) {
        return new PrimitiveArray(new DType.Primitive(ptype, nullable), ptype, segment(ptype, values, n), n, validity);
    }

    /// Returns the smallest unsigned type that holds every value in `[0, max]` (`max` read as unsigned).
    public static PType narrowestUnsigned(long max) {
        if (Long.compareUnsigned(max, 0xFFL) <= 0) {
            return PType.U8;
        }
        if (Long.compareUnsigned(max, 0xFFFFL) <= 0) {
            return PType.U16;
        }
        if (Long.compareUnsigned(max, 0xFFFFFFFFL) <= 0) {
            return PType.U32;
        }
        return PType.U64;
    }

    /// Returns `values[0 .. n)` (non-negative, at most `max`) as a non-null array of the smallest
    /// unsigned type that holds `max`.
    public static PrimitiveArray narrowUnsigned(long[] values, int n, long max) {
        return array(narrowestUnsigned(max), false, values, n, Validity.ALL_VALID);
    }

    /// Returns `values[0 .. n)` (non-negative, at most `max`) as a non-null array of the smallest
    /// unsigned type that holds `max`.
    public static PrimitiveArray narrowUnsigned(int[] values, int n, int max) {
        PType ptype = narrowestUnsigned(max);
        return new PrimitiveArray(
                new DType.Primitive(ptype, false), ptype, segment(ptype, values, n), n, Validity.ALL_VALID);
    }

    /// Returns every value of an integer or float array as a long: signed types sign-extended,
    /// unsigned ones zero-extended, floats as their raw bits.
    public static long[] longs(PrimitiveArray a) {
        return Segments.toLongs(a.data(), a.ptype(), a.length());
    }

    /// Returns the number of bits needed for `v` read as an unsigned value of `typeBits` bits
    /// (0 for 0; `typeBits` for a negative value of a signed type).
    public static int bitWidth(long v, int typeBits) {
        long bits = typeBits == 64 ? v : v & ((1L << typeBits) - 1);
        return 64 - Long.numberOfLeadingZeros(bits);
    }

    /// Returns one flag per row, true where the row is valid (all-valid and all-invalid without bitmap reads).
    public static boolean[] validRows(Validity validity, int n) {
        boolean[] out = new boolean[n];
        if (validity.isAllValid()) {
            java.util.Arrays.fill(out, true);
        } else if (!validity.isAllInvalid()) {
            for (int i = 0; i < n; i++) {
                out[i] = validity.isValid(i);
            }
        }
        return out;
    }
}
