package dev.jvortex.core.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;

/// Bulk moves between little-endian value buffers and `long[]` scratch arrays, with the type
/// switch done once per call rather than once per value.
public final class Segments {
    private Segments() {}

    /// Values moved per bulk copy through a narrow scratch array.
    private static final int BLOCK = 2048;

    /// Per-thread scratch arrays for the bulk copies (callers run on many threads).
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private static final class Scratch {
        final byte[] bytes = new byte[BLOCK];
        final short[] shorts = new short[BLOCK];
        final int[] ints = new int[BLOCK];
    }

    /// Reads `n` values of `ptype` starting at element `from` of `src` into `dst[dstFrom..]`,
    /// sign-extending signed types and zero-extending unsigned ones (floats as raw bits).
    ///
    /// Narrow types go through one bulk copy per block into a scratch array and a widening loop:
    /// per-element segment reads stay slow when one call site sees heap and native segments.
    public static void load(MemorySegment src, PType ptype, long from, long[] dst, int dstFrom, int n) {
        switch (ptype.byteWidth()) {
            case 1 -> {
                byte[] tmp = SCRATCH.get().bytes;
                boolean signed = ptype == PType.I8;
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    MemorySegment.copy(src, JAVA_BYTE, from + done, tmp, 0, m);
                    int o = dstFrom + done;
                    if (signed) {
                        for (int k = 0; k < m; k++) {
                            dst[o + k] = tmp[k];
                        }
                    } else {
                        for (int k = 0; k < m; k++) {
                            dst[o + k] = tmp[k] & 0xFFL;
                        }
                    }
                }
            }
            case 2 -> {
                short[] tmp = SCRATCH.get().shorts;
                boolean signed = ptype == PType.I16;
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    MemorySegment.copy(src, PrimitiveArray.LE_SHORT, (from + done) * 2, tmp, 0, m);
                    int o = dstFrom + done;
                    if (signed) {
                        for (int k = 0; k < m; k++) {
                            dst[o + k] = tmp[k];
                        }
                    } else {
                        for (int k = 0; k < m; k++) {
                            dst[o + k] = tmp[k] & 0xFFFFL;
                        }
                    }
                }
            }
            case 4 -> {
                int[] tmp = SCRATCH.get().ints;
                boolean signed = ptype == PType.I32;
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    MemorySegment.copy(src, PrimitiveArray.LE_INT, (from + done) * 4, tmp, 0, m);
                    int o = dstFrom + done;
                    if (signed) {
                        for (int k = 0; k < m; k++) {
                            dst[o + k] = tmp[k];
                        }
                    } else {
                        for (int k = 0; k < m; k++) {
                            dst[o + k] = tmp[k] & 0xFFFFFFFFL;
                        }
                    }
                }
            }
            default -> MemorySegment.copy(src, PrimitiveArray.LE_LONG, from * 8, dst, dstFrom, n);
        }
    }

    /// Writes the low bits of `src[srcFrom .. srcFrom + n)` as values of `ptype` at element `at` of `dst`.
    public static void store(long[] src, int srcFrom, MemorySegment dst, PType ptype, long at, int n) {
        switch (ptype.byteWidth()) {
            case 1 -> {
                byte[] tmp = SCRATCH.get().bytes;
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    for (int k = 0; k < m; k++) {
                        tmp[k] = (byte) src[srcFrom + done + k];
                    }
                    MemorySegment.copy(tmp, 0, dst, JAVA_BYTE, at + done, m);
                }
            }
            case 2 -> {
                short[] tmp = SCRATCH.get().shorts;
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    for (int k = 0; k < m; k++) {
                        tmp[k] = (short) src[srcFrom + done + k];
                    }
                    MemorySegment.copy(tmp, 0, dst, PrimitiveArray.LE_SHORT, (at + done) * 2, m);
                }
            }
            case 4 -> {
                int[] tmp = SCRATCH.get().ints;
                for (int done = 0; done < n; done += tmp.length) {
                    int m = Math.min(tmp.length, n - done);
                    for (int k = 0; k < m; k++) {
                        tmp[k] = (int) src[srcFrom + done + k];
                    }
                    MemorySegment.copy(tmp, 0, dst, PrimitiveArray.LE_INT, (at + done) * 4, m);
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
