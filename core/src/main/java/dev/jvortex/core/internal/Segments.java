package dev.jvortex.core.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;

/// Bulk moves between little-endian value buffers and `long[]` scratch arrays, with the type
/// switch done once per call rather than once per value.
///
/// How the JIT sees this class (it matters: every encoder calls it, per block of values):
/// - every narrow width is one bulk copy between the segment and a scratch array of its own
///   element type (`byte[]`, `short[]`, `int[]`), and a plain array loop that widens or narrows:
///   no loop reads through a `VarHandle`, whose accesses C1 (which alone compiles a `jvx convert`
///   of a small input) leaves as calls (a byte-array view of `short`s cost about a tenth of such a
///   conversion of orders); 8-byte values, which need no widening, are copied straight to or from
///   the `long[]`;
/// - the widening loops take the width's mask as an argument read from an array, not as a
///   constant: C2 turns `b[k] & 0xFFFF` into an unsigned load whose widening to long it does not
///   vectorise (3-7x slower per value for 1- and 2-byte values);
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

    /// Per-thread scratch arrays for the bulk copies, one per narrow width (callers run on many
    /// threads).
    private record Scratch(byte[] bytes, short[] shorts, int[] ints) {
        Scratch() {
            this(new byte[BLOCK], new short[BLOCK], new int[BLOCK]);
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /// The value mask of each byte width (1, 2 and 4 used).
    private static final long[] WIDTH_MASK = {0, 0xFFL, 0xFFFFL, 0, 0xFFFF_FFFFL};

    /// Reads `n` values of `ptype` starting at element `from` of `src` into `dst[dstFrom..]`,
    /// sign-extending signed types and zero-extending unsigned ones (floats as raw bits).
    ///
    /// One bulk copy into an array and a widening loop: per-element segment reads stay slow
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
        Scratch scratch = SCRATCH.get();
        int o = dstFrom;
        // One loop per width, for signed and unsigned types alike: `(v ^ sign) - sign` sign-extends
        // the masked value when `sign` is the width's top bit and leaves it alone when it is 0.
        long sign = ptype == PType.I8 || ptype == PType.I16 || ptype == PType.I32 ? 1L << (8 * w - 1) : 0;
        long mask = WIDTH_MASK[w];
        switch (w) {
            case 1 -> {
                MemorySegment.copy(src, JAVA_BYTE, from, scratch.bytes, 0, n);
                widen1(scratch.bytes, dst, o, n, mask, sign);
            }
            case 2 -> {
                MemorySegment.copy(src, PrimitiveArray.LE_SHORT, from * 2, scratch.shorts, 0, n);
                widen2(scratch.shorts, dst, o, n, mask, sign);
            }
            case 4 -> {
                MemorySegment.copy(src, PrimitiveArray.LE_INT, from * 4, scratch.ints, 0, n);
                widen4(scratch.ints, dst, o, n, mask, sign);
            }
            default -> throw new IllegalStateException("no " + w + "-byte values here");
        }
    }

    private static void widen1(byte[] b, long[] dst, int o, int n, long mask, long sign) {
        for (int k = 0; k < n; k++) {
            dst[o + k] = ((b[k] & mask) ^ sign) - sign;
        }
    }

    private static void widen2(short[] b, long[] dst, int o, int n, long mask, long sign) {
        for (int k = 0; k < n; k++) {
            dst[o + k] = ((b[k] & mask) ^ sign) - sign;
        }
    }

    private static void widen4(int[] b, long[] dst, int o, int n, long mask, long sign) {
        for (int k = 0; k < n; k++) {
            dst[o + k] = ((b[k] & mask) ^ sign) - sign;
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
        Scratch scratch = SCRATCH.get();
        switch (w) {
            case 1 -> {
                narrow1(src, srcFrom, scratch.bytes, n);
                MemorySegment.copy(scratch.bytes, 0, dst, JAVA_BYTE, at, n);
            }
            case 2 -> {
                narrow2(src, srcFrom, scratch.shorts, n);
                MemorySegment.copy(scratch.shorts, 0, dst, PrimitiveArray.LE_SHORT, at * 2, n);
            }
            case 4 -> {
                narrow4(src, srcFrom, scratch.ints, n);
                MemorySegment.copy(scratch.ints, 0, dst, PrimitiveArray.LE_INT, at * 4, n);
            }
            default -> throw new IllegalStateException("no " + w + "-byte values here");
        }
    }

    private static void narrow1(long[] src, int srcFrom, byte[] b, int n) {
        for (int k = 0; k < n; k++) {
            b[k] = (byte) src[srcFrom + k];
        }
    }

    private static void narrow2(long[] src, int srcFrom, short[] b, int n) {
        for (int k = 0; k < n; k++) {
            b[k] = (short) src[srcFrom + k];
        }
    }

    private static void narrow4(long[] src, int srcFrom, int[] b, int n) {
        for (int k = 0; k < n; k++) {
            b[k] = (int) src[srcFrom + k];
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
