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
    public static void load(MemorySegment src, PType ptype, long from, long[] dst, int dstFrom, int n) {
        switch (ptype) {
            case U8 -> {
                for (int k = 0; k < n; k++) {
                    dst[dstFrom + k] = src.get(JAVA_BYTE, from + k) & 0xFFL;
                }
            }
            case I8 -> {
                for (int k = 0; k < n; k++) {
                    dst[dstFrom + k] = src.get(JAVA_BYTE, from + k);
                }
            }
            case U16, F16 -> {
                for (int k = 0; k < n; k++) {
                    dst[dstFrom + k] = src.getAtIndex(PrimitiveArray.LE_SHORT, from + k) & 0xFFFFL;
                }
            }
            case I16 -> {
                for (int k = 0; k < n; k++) {
                    dst[dstFrom + k] = src.getAtIndex(PrimitiveArray.LE_SHORT, from + k);
                }
            }
            case U32, F32 -> {
                for (int k = 0; k < n; k++) {
                    dst[dstFrom + k] = src.getAtIndex(PrimitiveArray.LE_INT, from + k) & 0xFFFFFFFFL;
                }
            }
            case I32 -> {
                for (int k = 0; k < n; k++) {
                    dst[dstFrom + k] = src.getAtIndex(PrimitiveArray.LE_INT, from + k);
                }
            }
            case U64, I64, F64 -> MemorySegment.copy(src, PrimitiveArray.LE_LONG, from * 8, dst, dstFrom, n);
        }
    }

    /// Writes the low bits of `src[srcFrom .. srcFrom + n)` as values of `ptype` at element `at` of `dst`.
    public static void store(long[] src, int srcFrom, MemorySegment dst, PType ptype, long at, int n) {
        switch (ptype.byteWidth()) {
            case 1 -> {
                for (int k = 0; k < n; k++) {
                    dst.set(JAVA_BYTE, at + k, (byte) src[srcFrom + k]);
                }
            }
            case 2 -> {
                for (int k = 0; k < n; k++) {
                    dst.setAtIndex(PrimitiveArray.LE_SHORT, at + k, (short) src[srcFrom + k]);
                }
            }
            case 4 -> {
                for (int k = 0; k < n; k++) {
                    dst.setAtIndex(PrimitiveArray.LE_INT, at + k, (int) src[srcFrom + k]);
                }
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
