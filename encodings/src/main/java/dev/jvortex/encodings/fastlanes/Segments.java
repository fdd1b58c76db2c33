package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;

/// Bulk moves between little-endian value buffers and `long[]` scratch arrays, with the type
/// switch done once per call rather than once per value.
public final class Segments {
    private Segments() {}

    /// Reads `n` values of `ptype` starting at element `from` of `src` into `dst[dstFrom..]`,
    /// sign-extending signed types and zero-extending unsigned ones (floats as raw bits).
    ///
    /// Narrow types are moved with one bulk copy into a Java array and widened in a plain array
    /// loop: no per-value segment access, whose speed depends on the JIT inlining the whole
    /// access path (interpreted or after a deoptimisation it is far slower than the copy).
    public static void load(MemorySegment src, PType ptype, long from, long[] dst, int dstFrom, int n) {
        switch (ptype) {
            case U8, I8 -> {
                byte[] t = new byte[n];
                MemorySegment.copy(src, JAVA_BYTE, from, t, 0, n);
                if (ptype == PType.U8) {
                    for (int k = 0; k < n; k++) {
                        dst[dstFrom + k] = t[k] & 0xFFL;
                    }
                } else {
                    for (int k = 0; k < n; k++) {
                        dst[dstFrom + k] = t[k];
                    }
                }
            }
            case U16, F16, I16 -> {
                short[] t = new short[n];
                MemorySegment.copy(src, PrimitiveArray.LE_SHORT, from * 2, t, 0, n);
                if (ptype == PType.I16) {
                    for (int k = 0; k < n; k++) {
                        dst[dstFrom + k] = t[k];
                    }
                } else {
                    for (int k = 0; k < n; k++) {
                        dst[dstFrom + k] = t[k] & 0xFFFFL;
                    }
                }
            }
            case U32, F32, I32 -> {
                int[] t = new int[n];
                MemorySegment.copy(src, PrimitiveArray.LE_INT, from * 4, t, 0, n);
                if (ptype == PType.I32) {
                    for (int k = 0; k < n; k++) {
                        dst[dstFrom + k] = t[k];
                    }
                } else {
                    for (int k = 0; k < n; k++) {
                        dst[dstFrom + k] = t[k] & 0xFFFFFFFFL;
                    }
                }
            }
            case U64, I64, F64 -> MemorySegment.copy(src, PrimitiveArray.LE_LONG, from * 8, dst, dstFrom, n);
        }
    }

    /// Writes the low bits of `src[srcFrom .. srcFrom + n)` as values of `ptype` at element `at` of `dst`
    /// (narrow types through a Java array and one bulk copy, as [#load]).
    public static void store(long[] src, int srcFrom, MemorySegment dst, PType ptype, long at, int n) {
        switch (ptype.byteWidth()) {
            case 1 -> {
                byte[] t = new byte[n];
                for (int k = 0; k < n; k++) {
                    t[k] = (byte) src[srcFrom + k];
                }
                MemorySegment.copy(t, 0, dst, JAVA_BYTE, at, n);
            }
            case 2 -> {
                short[] t = new short[n];
                for (int k = 0; k < n; k++) {
                    t[k] = (short) src[srcFrom + k];
                }
                MemorySegment.copy(t, 0, dst, PrimitiveArray.LE_SHORT, at * 2, n);
            }
            case 4 -> {
                int[] t = new int[n];
                for (int k = 0; k < n; k++) {
                    t[k] = (int) src[srcFrom + k];
                }
                MemorySegment.copy(t, 0, dst, PrimitiveArray.LE_INT, at * 4, n);
            }
            default -> MemorySegment.copy(src, srcFrom, dst, PrimitiveArray.LE_LONG, at * 8, n);
        }
    }

    /// Returns all `n` values of an integer buffer widened to long (see [#load]).
    public static long[] toLongs(MemorySegment src, PType ptype, int n) {
        long[] out = new long[n];
        load(src, ptype, 0, out, 0, n);
        return out;
    }
}
