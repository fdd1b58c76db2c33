package dev.jvortex.core.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/// Bulk moves between little-endian value buffers and `long[]` scratch arrays, with the type
/// switch done once per call rather than once per value.
///
/// How the JIT sees this class (it matters: every encoder calls it, per block of values):
/// - every narrow width moves its bytes through one shape of bulk copy, segment bytes to or from
///   a `byte[]` scratch, so one copy is compiled for them instead of one per element type; 8-byte
///   values, which need no widening, are copied straight to or from the `long[]`;
/// - [#load] and [#store] move at most one scratch block per call and call one small loop method
///   per width; they hold no loop themselves (a loop there got them compiled on-stack first and
///   again whole, each time with the bulk copy inlined, and recompiled when a new width came);
///   the width loops do not branch on the type (a loop-invariant branch in a loop becomes a
///   profiled loop predicate, which the first other type breaks, and the method is compiled again);
/// - longer moves go block by block through small methods of their own;
/// - [#load] and [#store] hold their argument checks (the exceptions the bulk copies would throw,
///   one per kind of bad argument, with the call's numbers; decoders turn them into corrupt-data
///   errors) themselves, which keeps them above 325 bytes of bytecode (keep it so when editing:
///   `javap -c`), too big for C2 to inline into their many callers: one compiled copy serves every
///   caller. (Small entry points get inlined, and with them the bulk copy, into each caller's compile.)
public final class Segments {
    private Segments() {}

    /// Values moved per bulk copy through the scratch array.
    private static final int BLOCK = 2048;

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /// Per-thread scratch bytes for the bulk copies (callers run on many threads).
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[BLOCK * 8]);

    /// Reads `n` values of `ptype` starting at element `from` of `src` into `dst[dstFrom..]`,
    /// sign-extending signed types and zero-extending unsigned ones (floats as raw bits).
    ///
    /// One bulk copy into a byte array and a widening loop: per-element segment reads stay slow
    /// when one call site sees heap and native segments.
    public static void load(MemorySegment src, PType ptype, long from, long[] dst, int dstFrom, int n) {
        if (n > BLOCK) {
            loadBlocks(src, ptype, from, dst, dstFrom, n);
            return;
        }
        int w = ptype.byteWidth();
        if (n < 0 || from < 0 || dstFrom < 0) {
            throw new IndexOutOfBoundsException("cannot read " + n + " values of " + ptype + " at element " + from
                    + " into slot " + dstFrom + ": a negative count or position");
        }
        if (dstFrom > dst.length - n) {
            throw new IndexOutOfBoundsException(
                    "cannot read " + n + " values of " + ptype + " into " + dst.length + " slots from " + dstFrom);
        }
        if ((from + n) * w > src.byteSize()) {
            throw new IndexOutOfBoundsException("cannot read " + n + " values of " + ptype + " at element " + from
                    + " of a " + src.byteSize() + "-byte buffer");
        }
        if (w == 8) {
            // 8-byte values need no widening: one copy straight into `dst`, not two through the scratch
            MemorySegment.copy(src, PrimitiveArray.LE_LONG, from * 8, dst, dstFrom, n);
            return;
        }
        byte[] b = SCRATCH.get();
        MemorySegment.copy(src, JAVA_BYTE, from * w, b, 0, n * w);
        int o = dstFrom;
        // One loop per width, for signed and unsigned types alike: `(v ^ sign) - sign` sign-extends
        // the masked value when `sign` is the width's top bit and leaves it alone when it is 0.
        long sign = ptype == PType.I8 || ptype == PType.I16 || ptype == PType.I32 ? 1L << (8 * w - 1) : 0;
        switch (w) {
            case 1 -> widen1(b, dst, o, n, sign);
            case 2 -> widen2(b, dst, o, n, sign);
            case 4 -> widen4(b, dst, o, n, sign);
            default -> throw new IllegalStateException("no " + w + "-byte values here");
        }
    }

    private static void widen1(byte[] b, long[] dst, int o, int n, long sign) {
        for (int k = 0; k < n; k++) {
            dst[o + k] = ((b[k] & 0xFFL) ^ sign) - sign;
        }
    }

    private static void widen2(byte[] b, long[] dst, int o, int n, long sign) {
        for (int k = 0; k < n; k++) {
            dst[o + k] = (((short) SHORT.get(b, 2 * k) & 0xFFFFL) ^ sign) - sign;
        }
    }

    private static void widen4(byte[] b, long[] dst, int o, int n, long sign) {
        for (int k = 0; k < n; k++) {
            dst[o + k] = (((int) INT.get(b, 4 * k) & 0xFFFFFFFFL) ^ sign) - sign;
        }
    }

    private static void loadBlocks(MemorySegment src, PType ptype, long from, long[] dst, int dstFrom, int n) {
        for (int done = 0; done < n; done += BLOCK) {
            load(src, ptype, from + done, dst, dstFrom + done, Math.min(BLOCK, n - done));
        }
    }

    /// Writes the low bits of `src[srcFrom .. srcFrom + n)` as values of `ptype` at element `at` of `dst`.
    public static void store(long[] src, int srcFrom, MemorySegment dst, PType ptype, long at, int n) {
        if (n > BLOCK) {
            storeBlocks(src, srcFrom, dst, ptype, at, n);
            return;
        }
        int w = ptype.byteWidth();
        if (n < 0 || srcFrom < 0 || at < 0) {
            throw new IndexOutOfBoundsException("cannot store " + n + " values of " + src.length + " from slot "
                    + srcFrom + " as " + ptype + " at element " + at + ": a negative count or position");
        }
        if (srcFrom > src.length - n) {
            throw new IndexOutOfBoundsException(
                    "cannot store " + n + " values of " + src.length + " from " + srcFrom + " as " + ptype);
        }
        if ((at + n) * w > dst.byteSize()) {
            throw new IndexOutOfBoundsException("cannot store " + n + " values as " + ptype + " at element " + at
                    + " of a " + dst.byteSize() + "-byte buffer");
        }
        if (dst.isReadOnly()) {
            throw new IllegalArgumentException("cannot store " + n + " " + ptype + " values at element " + at
                    + " of a read-only " + dst.byteSize() + "-byte buffer");
        }
        if (n == 0) {
            return;
        }
        if (w == 8) {
            MemorySegment.copy(src, srcFrom, dst, PrimitiveArray.LE_LONG, at * 8, n);
            return;
        }
        byte[] b = SCRATCH.get();
        switch (w) {
            case 1 -> narrow1(src, srcFrom, b, n);
            case 2 -> narrow2(src, srcFrom, b, n);
            case 4 -> narrow4(src, srcFrom, b, n);
            default -> throw new IllegalStateException("no " + w + "-byte values here");
        }
        MemorySegment.copy(b, 0, dst, JAVA_BYTE, at * w, n * w);
    }

    private static void narrow1(long[] src, int srcFrom, byte[] b, int n) {
        for (int k = 0; k < n; k++) {
            b[k] = (byte) src[srcFrom + k];
        }
    }

    private static void narrow2(long[] src, int srcFrom, byte[] b, int n) {
        for (int k = 0; k < n; k++) {
            SHORT.set(b, 2 * k, (short) src[srcFrom + k]);
        }
    }

    private static void narrow4(long[] src, int srcFrom, byte[] b, int n) {
        for (int k = 0; k < n; k++) {
            INT.set(b, 4 * k, (int) src[srcFrom + k]);
        }
    }

    private static void storeBlocks(long[] src, int srcFrom, MemorySegment dst, PType ptype, long at, int n) {
        for (int done = 0; done < n; done += BLOCK) {
            store(src, srcFrom + done, dst, ptype, at + done, Math.min(BLOCK, n - done));
        }
    }

    /// Returns all `n` values of an integer buffer widened to long (see [#load]).
    public static long[] toLongs(MemorySegment src, PType ptype, int n) {
        long[] out = new long[n];
        load(src, ptype, 0, out, 0, n);
        return out;
    }
}
