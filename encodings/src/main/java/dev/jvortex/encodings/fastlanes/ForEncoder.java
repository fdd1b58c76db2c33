package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;

/// Encodes integers as `fastlanes.for` (frame of reference): the minimum valid value goes to the
/// metadata and the child holds every value minus it, wrapping in the type's width. The inverse
/// of [ForDecoder].
///
/// Null rows hold 0 in the child (as in the reference), so they cannot widen its range.
public final class ForEncoder {
    private ForEncoder() {}

    /// Returns the smallest valid value of an integer array (compared as the type's signedness
    /// says, u64 as unsigned), or null when no row is valid.
    public static Long minimum(PrimitiveArray a) {
        long[] minMax = minMax(a);
        return minMax == null ? null : minMax[0];
    }

    /// Returns `{min, max}` of the valid values of an integer array, or null when no row is valid.
    ///
    /// The compressor asks several times for the same array (whether zigzag applies, FoR on the
    /// whole array, a dictionary's table): the last answers per thread are kept with their arrays,
    /// held weakly (arrays are immutable records, so the same array has the same values).
    public static long[] minMax(PrimitiveArray a) {
        integer(a);
        LastMinMax[] last = LAST_MIN_MAX.get();
        for (LastMinMax e : last) {
            if (e != null && e.array.get() == a) {
                return e.minMax == null ? null : e.minMax.clone();
            }
        }
        long[] minMax = minMaxOnce(a);
        last[1] = last[0];
        last[0] = new LastMinMax(new WeakReference<>(a), minMax == null ? null : minMax.clone());
        return minMax;
    }

    /// An array [#minMax] answered for on this thread, and the answer (null: no valid row).
    private record LastMinMax(WeakReference<PrimitiveArray> array, long[] minMax) {}

    private static final ThreadLocal<LastMinMax[]> LAST_MIN_MAX = ThreadLocal.withInitial(() -> new LastMinMax[2]);

    /// [#minMax] computed, not looked up.
    static long[] minMaxOnce(PrimitiveArray a) {
        PType ptype = integer(a);
        boolean unsigned64 = ptype == PType.U64;
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        if (validity.isAllInvalid()) {
            return null;
        }
        int len = a.length();
        long[] block = new long[FastLanes.BLOCK];
        // The drivers only load one block per pass; each loop over a block is its own small
        // method, compiled once on its own (a driver holding the loops is compiled on-stack and
        // again whole, with everything inlined into each).
        if (validity.isAllValid() && !unsigned64 && len > 0) {
            // The common case in one tight loop per block (no validity, no first-value test).
            long[] minMax = {Long.MAX_VALUE, Long.MIN_VALUE};
            for (int from = 0; from < len; from += FastLanes.BLOCK) {
                int n = Math.min(FastLanes.BLOCK, len - from);
                Segments.load(a.data(), ptype, from, block, 0, n);
                minMaxBlock(block, n, minMax);
            }
            return minMax;
        }
        // {min, max, any (0 or 1)}
        long[] acc = new long[3];
        for (int from = 0; from < len; from += FastLanes.BLOCK) {
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(a.data(), ptype, from, block, 0, n);
            if (unsigned64) {
                minMaxUnsigned(block, n, validWords, from, acc);
            } else {
                minMaxValid(block, n, validWords, from, acc);
            }
        }
        return acc[2] != 0 ? new long[] {acc[0], acc[1]} : null;
    }

    /// Folds `block[0..n)` into `minMax` = {min, max} (signed).
    private static void minMaxBlock(long[] block, int n, long[] minMax) {
        long min = minMax[0];
        long max = minMax[1];
        for (int k = 0; k < n; k++) {
            long v = block[k];
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        minMax[0] = min;
        minMax[1] = max;
    }

    /// Folds the valid values of `block[0..n)` (rows `from..`; every row valid when `validWords`
    /// is null) into `acc` = {min, max, any}, compared signed. Unsigned 64-bit values have their
    /// own loop ([#minMaxUnsigned]): a branch first taken late would recompile this one.
    private static void minMaxValid(long[] block, int n, long[] validWords, int from, long[] acc) {
        long min = acc[0];
        long max = acc[1];
        boolean any = acc[2] != 0;
        for (int k = 0; k < n; k++) {
            if (!ValidBits.get(validWords, from + k)) {
                continue;
            }
            long v = block[k];
            if (!any) {
                min = v;
                max = v;
                any = true;
            } else {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        acc[0] = min;
        acc[1] = max;
        acc[2] = any ? 1 : 0;
    }

    /// [#minMaxValid] compared as unsigned 64-bit values.
    private static void minMaxUnsigned(long[] block, int n, long[] validWords, int from, long[] acc) {
        long min = acc[0];
        long max = acc[1];
        boolean any = acc[2] != 0;
        for (int k = 0; k < n; k++) {
            if (!ValidBits.get(validWords, from + k)) {
                continue;
            }
            long v = block[k];
            if (!any) {
                min = v;
                max = v;
                any = true;
            } else {
                min = Long.compareUnsigned(v, min) < 0 ? v : min;
                max = Long.compareUnsigned(v, max) > 0 ? v : max;
            }
        }
        acc[0] = min;
        acc[1] = max;
        acc[2] = any ? 1 : 0;
    }

    /// Returns FoR over a bit-packed child at its best width (what the reference's FoR scheme
    /// writes), the patch children written by `patches`; null when `a` has no valid row or the
    /// shifted values need the type's full width.
    public static WriteNode encodeBitPacked(PrimitiveArray a, ChildEncoder patches) {
        Long min = minimum(a);
        if (min == null) {
            return null;
        }
        WriteNode packed = BitPackedEncoder.encodeShifted(a, min, patches);
        return packed == null ? null : node(a, min, packed);
    }

    /// Returns FoR with the minimum valid value as the reference and the shifted values written by
    /// `children` (role [ChildEncoder.Role#ENCODED]); null when no row is valid.
    public static WriteNode encode(PrimitiveArray a, ChildEncoder children) {
        Long min = minimum(a);
        if (min == null) {
            return null;
        }
        return encode(a, min, children);
    }

    /// Returns FoR with the given reference, the shifted values written by `children`.
    public static WriteNode encode(PrimitiveArray a, long reference, ChildEncoder children) {
        return node(a, reference, children.encode(ChildEncoder.Role.ENCODED, subtract(a, reference)));
    }

    /// Returns the FoR node over an already written child.
    public static WriteNode node(PrimitiveArray a, long reference, WriteNode child) {
        byte[] meta = new ForMetadata(new Scalar(new DType.Primitive(a.ptype(), false), reference)).write();
        return WriteNode.of(EncodingId.FOR.id(), meta, child);
    }

    /// Returns `v - reference` for every row of `a`, wrapping in the type's width; null rows hold 0.
    /// Same type, nullability and validity as `a`.
    public static PrimitiveArray subtract(PrimitiveArray a, long reference) {
        PType ptype = integer(a);
        int len = a.length();
        int bytes = ptype.byteWidth();
        MemorySegment out = MemorySegment.ofArray(new byte[len * bytes]);
        long[] block = new long[FastLanes.BLOCK];
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        for (int from = 0; from < len; from += FastLanes.BLOCK) {
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(a.data(), ptype, from, block, 0, n);
            subtract(block, n, reference);
            if (!validity.isAllValid()) {
                zeroNulls(block, n, validWords, from);
            }
            Segments.store(block, 0, out, ptype, from, n);
        }
        return new PrimitiveArray(a.dtype(), ptype, out, len, validity);
    }

    private static void subtract(long[] block, int n, long reference) {
        for (int k = 0; k < n; k++) {
            block[k] -= reference;
        }
    }

    /// Sets the null rows of `block[0..n)` (rows `from..`) to 0.
    static void zeroNulls(long[] block, int n, long[] validWords, int from) {
        for (int k = 0; k < n; k++) {
            if (!ValidBits.get(validWords, from + k)) {
                block[k] = 0;
            }
        }
    }

    private static PType integer(PrimitiveArray a) {
        if (!a.ptype().isInteger()) {
            throw new IllegalArgumentException("FoR needs an integer array, not " + a.dtype());
        }
        return a.ptype();
    }
}
