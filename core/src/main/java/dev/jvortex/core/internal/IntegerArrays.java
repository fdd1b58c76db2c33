package dev.jvortex.core.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;

/// Copies decoded integer arrays into Java arrays, with one loop per ptype so the per-value work
/// is a plain load (the `switch` on the ptype runs once per array, not once per value).
public final class IntegerArrays {
    private IntegerArrays() {}

    /// Returns every value of an integer array as a long: signed types sign-extended, unsigned
    /// zero-extended, u64 as its bit pattern (so values above `Long.MAX_VALUE` come out negative).
    public static long[] toLongs(PrimitiveArray p) {
        return toLongs(p, 0, p.length());
    }

    /// Returns the values at rows `[from, to)` of an integer array as longs (see [#toLongs(PrimitiveArray)]).
    public static long[] toLongs(PrimitiveArray p, int from, int to) {
        if (p.ptype().isFloat()) {
            throw VortexException.corrupt(
                    "expected integers but got " + p.ptype().shortName() + " values");
        }
        MemorySegment d = p.data();
        int n = to - from;
        long[] out = new long[n];
        // One bulk read per block and a widening loop over a Java array (per-element segment reads
        // are several times slower).
        Segments.load(d, p.ptype(), from, out, 0, n);
        return out;
    }

    /// Returns the values at rows `[from, to)` of an integer array as ints, failing with `what` in the
    /// message when a value is negative or does not fit an int.
    public static int[] toNonNegativeInts(PrimitiveArray p, int from, int to, String what) {
        int[] out = new int[to - from];
        copyNonNegativeInts(p, from, to, out, what);
        return out;
    }

    /// Copies the values at rows `[from, to)` of an integer array into `dst[0 .. to - from)`, failing
    /// with `what` in the message when a value is negative or does not fit an int.
    public static void copyNonNegativeInts(PrimitiveArray p, int from, int to, int[] dst, String what) {
        PType ptype = p.ptype();
        MemorySegment d = p.data();
        int n = to - from;
        switch (ptype) {
            case U8 -> {
                // Bulk reads into a small Java array, then a widening loop.
                byte[] tmp = new byte[Math.min(n, 4096)];
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    MemorySegment.copy(d, JAVA_BYTE, from + done, tmp, 0, m);
                    for (int i = 0; i < m; i++) {
                        dst[done + i] = tmp[i] & 0xFF;
                    }
                }
            }
            case U16 -> {
                short[] tmp = new short[Math.min(n, 4096)];
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    MemorySegment.copy(d, PrimitiveArray.LE_SHORT, 2L * (from + done), tmp, 0, m);
                    for (int i = 0; i < m; i++) {
                        dst[done + i] = tmp[i] & 0xFFFF;
                    }
                }
            }
            default -> {
                long[] wide = toLongs(p, from, to);
                for (int i = 0; i < n; i++) {
                    long v = wide[i];
                    if (v < 0 || v > Integer.MAX_VALUE) {
                        throw VortexException.corrupt(
                                what + " value " + (ptype == PType.U64 ? Long.toUnsignedString(v) : v) + " at index "
                                        + (from + i) + " is out of range");
                    }
                    dst[i] = (int) v;
                }
            }
        }
    }
}
