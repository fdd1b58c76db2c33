package dev.jvortex.encodings.alp;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.patches.PatchesEncoder;
import dev.jvortex.encodings.patches.PatchesMetadata;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Encodes f32 and f64 arrays as `vortex.alp` (layout in the package docs), the inverse of
/// [AlpDecoder].
///
/// A value `v` is coded as the integer `round(v × 10^e × 10^-f)`; it decodes as
/// `float(n) × 10^f × 10^-e`, computed exactly as the decoder (and the reference) computes it.
/// Every valid value whose decode is not bit-identical (NaN, -0.0, infinities, too many digits)
/// becomes a patch holding the original float, and its integer slot takes a fill value (the
/// first integer that did round-trip), so exceptions do not widen the integers' range. Null rows
/// hold the fill value too.
///
/// Exponents are chosen as the reference chooses them ([#bestExponents]): on a strided sample of
/// 32 to 63 values, `e` from the largest down and `f < e`, minimising the estimated bytes of
/// bit-packed integers plus patches.
public final class AlpEncoder {
    private AlpEncoder() {}

    /// Values sampled for the exponent search (every `len / 32`-th value).
    static final int SAMPLE_SIZE = 32;

    /// `2^52 + 2^51`: adding then subtracting it rounds a double to an integer (ties to even).
    private static final double SWEET_F64 = 0x1p52 + 0x1p51;
    /// `2^23 + 2^22`: the same for floats.
    private static final float SWEET_F32 = 0x1p23f + 0x1p22f;

    /// The exponents `e` (scale up by `10^e`) and `f` (scale down by `10^f`).
    ///
    /// @param e the decimal exponent
    /// @param f the factor exponent, below `e` (or both 0)
    public record Exponents(int e, int f) {}

    /// Returns the ALP node of `a` at its [#bestExponents] with children written by `children`
    /// (roles [ChildEncoder.Role#ENCODED] and the patch roles); null for arrays that are not f32 or f64.
    public static WriteNode encode(PrimitiveArray a, ChildEncoder children) {
        if (!applies(a)) {
            return null;
        }
        return encode(a, bestExponents(a), children);
    }

    /// Returns the ALP node of `a` at the given exponents.
    public static WriteNode encode(PrimitiveArray a, Exponents exponents, ChildEncoder children) {
        Parts parts = split(a, exponents);
        List<WriteNode> kids = new ArrayList<>();
        kids.add(children.encode(ChildEncoder.Role.ENCODED, parts.encoded()));
        PatchesMetadata patches = null;
        if (parts.patchCount() > 0) {
            PatchesEncoder.Encoded p = PatchesEncoder.encode(
                    a.length(), parts.patchRows(), parts.patchCount(), parts.patchValues(), true, children);
            patches = p.metadata();
            kids.addAll(p.children());
        }
        byte[] meta = new AlpMetadata(exponents.e(), exponents.f(), patches).write();
        return new WriteNode(EncodingId.ALP.id(), meta, List.of(), kids);
    }

    /// An ALP-coded array before its children are written.
    ///
    /// @param exponents  the exponents
    /// @param encoded    the integers (i32 for f32, i64 for f64; the array's nullability and validity)
    /// @param patchRows  the rows of the patches, ascending (first `patchCount` entries)
    /// @param patchCount the number of patches
    /// @param patchValues the original values of the patched rows (the array's type, all valid)
    public record Parts(
            Exponents exponents, PrimitiveArray encoded, int[] patchRows, int patchCount, PrimitiveArray patchValues) {}

    /// Returns true for f32 and f64 arrays.
    public static boolean applies(PrimitiveArray a) {
        return a.dtype() instanceof DType.Primitive && (a.ptype() == PType.F32 || a.ptype() == PType.F64);
    }

    /// Codes `a` at `exponents` into integers and patches.
    public static Parts split(PrimitiveArray a, Exponents exponents) {
        if (!applies(a)) {
            throw new IllegalArgumentException("ALP needs f32 or f64, not " + a.dtype());
        }
        int max = a.ptype() == PType.F32 ? AlpDecoder.F32_MAX_EXPONENT : AlpDecoder.F64_MAX_EXPONENT;
        if (exponents.e() < 0 || exponents.e() > max || exponents.f() < 0 || exponents.f() > max) {
            throw new IllegalArgumentException("ALP exponents " + exponents + " out of range for "
                    + a.ptype().shortName());
        }
        int len = a.length();
        boolean[] valid = Primitives.validRows(a.validity(), len);
        long[] encoded = new long[len];
        boolean[] patched = new boolean[len];
        int e = exponents.e();
        int f = exponents.f();
        // Each loop is its own small method, compiled once on its own: in one method, the loops
        // were compiled on-stack one by one and again whole, and recompiled when a later array's
        // nulls or type failed a check hoisted from an earlier one's profile.
        long[] bits = null;
        int count;
        if (a.ptype() == PType.F64) {
            // The values' bits are read in one bulk copy: the loop reads no segment (see validDoubles).
            bits = Primitives.longs(a);
            count = code64(bits, valid, len, e, f, encoded, patched);
        } else {
            count = code32(a.data(), valid, len, e, f, encoded, patched);
        }
        // The value null and patched rows repeat: the first valid value that round-trips.
        int first = firstKept(valid, patched, len);
        long fill = first < 0 ? 0 : encoded[first];
        int[] rows = new int[count];
        long[] values = new long[count];
        if (bits == null && count > 0) {
            bits = Primitives.longs(a);
        }
        fillPatches(valid, patched, len, bits, fill, encoded, rows, values);
        PType intType = a.ptype() == PType.F32 ? PType.I32 : PType.I64;
        PrimitiveArray ints = Primitives.array(intType, a.dtype().nullable(), encoded, len, a.validity());
        PrimitiveArray patchValues =
                Primitives.array(a.ptype(), a.dtype().nullable(), values, count, Validity.ALL_VALID);
        return new Parts(exponents, ints, rows, count, patchValues);
    }

    /// Codes the valid f64 values of `bits[0..len)` (their raw bits) into `encoded`, flagging in
    /// `patched` those that do not round-trip; returns how many do not.
    private static int code64(long[] bits, boolean[] valid, int len, int e, int f, long[] encoded, boolean[] patched) {
        int count = 0;
        for (int i = 0; i < len; i++) {
            if (!valid[i]) {
                continue;
            }
            double v = Double.longBitsToDouble(bits[i]);
            long n = encode64(v, e, f);
            encoded[i] = n;
            if (Double.doubleToRawLongBits(decode64(n, e, f)) != Double.doubleToRawLongBits(v)) {
                patched[i] = true;
                count++;
            }
        }
        return count;
    }

    /// [#code64] for f32 values.
    private static int code32(
            MemorySegment data, boolean[] valid, int len, int e, int f, long[] encoded, boolean[] patched) {
        int count = 0;
        for (int i = 0; i < len; i++) {
            if (!valid[i]) {
                continue;
            }
            float v = data.getAtIndex(PrimitiveArray.LE_FLOAT, i);
            int n = encode32(v, e, f);
            encoded[i] = n;
            if (Float.floatToRawIntBits(decode32(n, e, f)) != Float.floatToRawIntBits(v)) {
                patched[i] = true;
                count++;
            }
        }
        return count;
    }

    /// The first valid row that is not patched, or -1.
    private static int firstKept(boolean[] valid, boolean[] patched, int len) {
        for (int i = 0; i < len; i++) {
            if (valid[i] && !patched[i]) {
                return i;
            }
        }
        return -1;
    }

    /// Collects the patched rows and their value bits into `rows` and `values`, and sets the
    /// encoded value of patched and null rows to `fill`.
    private static void fillPatches(
            boolean[] valid,
            boolean[] patched,
            int len,
            long[] bits,
            long fill,
            long[] encoded,
            int[] rows,
            long[] values) {
        int k = 0;
        for (int i = 0; i < len; i++) {
            if (patched[i]) {
                rows[k] = i;
                values[k++] = bits[i];
                encoded[i] = fill;
            } else if (!valid[i]) {
                encoded[i] = fill;
            }
        }
    }

    /// Returns the exponents the reference would choose for `a`: the smallest [#estimatedBytes] on
    /// a sample of every `len / 32`-th valid value (all values when there are at most 32).
    public static Exponents bestExponents(PrimitiveArray a) {
        double[] sample = sample(a);
        int max = a.ptype() == PType.F32 ? AlpDecoder.F32_MAX_EXPONENT : AlpDecoder.F64_MAX_EXPONENT;
        boolean f32 = a.ptype() == PType.F32;
        Exponents best = new Exponents(0, 0);
        long bestBytes = Long.MAX_VALUE;
        for (int e = max - 1; e >= 0; e--) {
            for (int f = 0; f < e; f++) {
                long bytes = f32 ? estimate32(sample, e, f, Long.MAX_VALUE) : estimate64(sample, e, f, Long.MAX_VALUE);
                if (bytes < bestBytes || bytes == bestBytes && e - f < best.e() - best.f()) {
                    bestBytes = bytes;
                    best = new Exponents(e, f);
                }
            }
        }
        return best;
    }

    /// Returns the reference's estimate of the encoded bytes of `a`'s valid values at `exponents`:
    /// the integers bit-packed at the width of their range (over the values that round-trip, or
    /// all values when none does) plus the value and a 2-byte index per patch.
    public static long estimatedBytes(PrimitiveArray a, Exponents exponents) {
        double[] values = validValues(a);
        return a.ptype() == PType.F32
                ? estimate32(values, exponents.e(), exponents.f(), Long.MAX_VALUE)
                : estimate64(values, exponents.e(), exponents.f(), Long.MAX_VALUE);
    }

    /// Returns the exponents with the fewest [#estimatedBytes] on `a` among every pair, `start`
    /// unless another pair is strictly smaller. A pair is dropped as soon as its patches alone
    /// reach the best estimate so far.
    public static Exponents refineExponents(PrimitiveArray a, Exponents start) {
        double[] values = validValues(a);
        boolean f32 = a.ptype() == PType.F32;
        Exponents best = start;
        long bestBytes = f32
                ? estimate32(values, start.e(), start.f(), Long.MAX_VALUE)
                : estimate64(values, start.e(), start.f(), Long.MAX_VALUE);
        int max = f32 ? AlpDecoder.F32_MAX_EXPONENT : AlpDecoder.F64_MAX_EXPONENT;
        for (int e = max - 1; e >= 0; e--) {
            for (int f = 0; f < e; f++) {
                long bytes = f32 ? estimate32(values, e, f, bestBytes) : estimate64(values, e, f, bestBytes);
                if (bytes < bestBytes) {
                    bestBytes = bytes;
                    best = new Exponents(e, f);
                }
            }
        }
        return best;
    }

    /// The estimate, or [Long#MAX_VALUE] once it is sure to reach `limit` bytes: the patches so
    /// far, plus the bits of the kept values' range so far (which only widens) for every value,
    /// are a lower bound of the final estimate, checked after each block of [#BOUND_BLOCK] values.
    /// A pair that codes every value exactly but with a wider range than the best so far thus
    /// stops after its first block instead of running over every value.
    private static long estimate64(double[] values, int e, int f, long limit) {
        int count = values.length;
        long keptMin = Long.MAX_VALUE;
        long keptMax = Long.MIN_VALUE;
        long allMin = Long.MAX_VALUE;
        long allMax = Long.MIN_VALUE;
        int patches = 0;
        for (int from = 0; from < count; from += BOUND_BLOCK) {
            int to = Math.min(count, from + BOUND_BLOCK);
            for (int i = from; i < to; i++) {
                double v = values[i];
                long n = encode64(v, e, f);
                allMin = Math.min(allMin, n);
                allMax = Math.max(allMax, n);
                if (Double.doubleToRawLongBits(decode64(n, e, f)) == Double.doubleToRawLongBits(v)) {
                    keptMin = Math.min(keptMin, n);
                    keptMax = Math.max(keptMax, n);
                } else if ((long) ++patches * (8 + 2) >= limit) {
                    return Long.MAX_VALUE;
                }
            }
            if (keptMin <= keptMax
                    && ((long) count * rangeBits(keptMin, keptMax, count, 64) + 7) / 8 + (long) patches * (8 + 2)
                            >= limit) {
                return Long.MAX_VALUE;
            }
        }
        boolean none = patches == count;
        int bits = rangeBits(none ? allMin : keptMin, none ? allMax : keptMax, count, 64);
        return ((long) count * bits + 7) / 8 + (long) patches * (8 + 2);
    }

    /// As [#estimate64], in f32 arithmetic.
    private static long estimate32(double[] values, int e, int f, long limit) {
        int count = values.length;
        long keptMin = Long.MAX_VALUE;
        long keptMax = Long.MIN_VALUE;
        long allMin = Long.MAX_VALUE;
        long allMax = Long.MIN_VALUE;
        int patches = 0;
        for (int from = 0; from < count; from += BOUND_BLOCK) {
            int to = Math.min(count, from + BOUND_BLOCK);
            for (int i = from; i < to; i++) {
                float v = (float) values[i];
                int n = encode32(v, e, f);
                allMin = Math.min(allMin, n);
                allMax = Math.max(allMax, n);
                if (Float.floatToRawIntBits(decode32(n, e, f)) == Float.floatToRawIntBits(v)) {
                    keptMin = Math.min(keptMin, n);
                    keptMax = Math.max(keptMax, n);
                } else if ((long) ++patches * (4 + 2) >= limit) {
                    return Long.MAX_VALUE;
                }
            }
            if (keptMin <= keptMax
                    && ((long) count * rangeBits(keptMin, keptMax, count, 32) + 7) / 8 + (long) patches * (4 + 2)
                            >= limit) {
                return Long.MAX_VALUE;
            }
        }
        boolean none = patches == count;
        int bits = rangeBits(none ? allMin : keptMin, none ? allMax : keptMax, count, 32);
        return ((long) count * bits + 7) / 8 + (long) patches * (4 + 2);
    }

    /// Values per block of the estimates, after which they check their lower bound.
    private static final int BOUND_BLOCK = 256;

    /// Bits for the range `max - min` of `typeBits`-bit integers: 0 for a single value, the full
    /// width when the difference overflows the type (or there are no values).
    private static int rangeBits(long min, long max, int count, int typeBits) {
        if (count == 0 || min > max) {
            return typeBits;
        }
        long range = max - min;
        boolean overflow = typeBits == 64 ? ((max ^ min) & (max ^ range)) < 0 : range > 0xFFFFFFFFL >>> 1;
        if (overflow) {
            return typeBits;
        }
        return 64 - Long.numberOfLeadingZeros(range);
    }

    /// Codes one double: `round(v × 10^e × 10^-f)`, saturating like a Rust `as` cast (NaN gives 0).
    static long encode64(double v, int e, int f) {
        double scaled = v * AlpDecoder.F10_F64[e] * AlpDecoder.IF10_F64[f];
        return (long) ((scaled + SWEET_F64) - SWEET_F64);
    }

    /// Decodes one double exactly as [AlpDecoder] does.
    static double decode64(long n, int e, int f) {
        return (double) n * AlpDecoder.F10_F64[f] * AlpDecoder.IF10_F64[e];
    }

    /// Codes one float in f32 arithmetic.
    static int encode32(float v, int e, int f) {
        float scaled = v * AlpDecoder.F10_F32[e] * AlpDecoder.IF10_F32[f];
        return (int) ((scaled + SWEET_F32) - SWEET_F32);
    }

    /// Decodes one float exactly as [AlpDecoder] does.
    static float decode32(int n, int e, int f) {
        return (float) n * AlpDecoder.F10_F32[f] * AlpDecoder.IF10_F32[e];
    }

    /// Every `len / 32`-th valid value when there are more than 32 valid values, else all of them
    /// (floats widened exactly to double).
    private static double[] sample(PrimitiveArray a) {
        double[] values = validValues(a);
        if (values.length <= SAMPLE_SIZE) {
            return values;
        }
        int step = values.length / SAMPLE_SIZE;
        double[] out = new double[(values.length + step - 1) / step];
        for (int i = 0, k = 0; i < values.length; i += step) {
            out[k++] = values[i];
        }
        return out;
    }

    private static double[] validValues(PrimitiveArray a) {
        int len = a.length();
        boolean[] valid = Primitives.validRows(a.validity(), len);
        double[] out = new double[len];
        // One loop per value type, each its own method (see split).
        int n = switch (a.ptype()) {
            case F64 -> validDoubles(a.data(), valid, len, out);
            case F32 -> validFloats(a.data(), valid, len, out);
            default -> validOthers(a, valid, len, out);
        };
        return Arrays.copyOf(out, n);
    }

    /// Copies the values in one bulk copy and packs the valid ones in place. (The loop reads no
    /// segment: a segment of another kind than the JIT saw before would have it compiled again.)
    private static int validDoubles(MemorySegment data, boolean[] valid, int len, double[] out) {
        MemorySegment.copy(data, PrimitiveArray.LE_DOUBLE, 0, out, 0, len);
        return keepValid(out, valid, len);
    }

    /// Moves the `values[i]` with `valid[i]` to the front, in order; returns how many.
    private static int keepValid(double[] values, boolean[] valid, int len) {
        int n = 0;
        for (int i = 0; i < len; i++) {
            if (valid[i]) {
                values[n++] = values[i];
            }
        }
        return n;
    }

    private static int validFloats(MemorySegment data, boolean[] valid, int len, double[] out) {
        int n = 0;
        for (int i = 0; i < len; i++) {
            if (valid[i]) {
                out[n++] = data.getAtIndex(PrimitiveArray.LE_FLOAT, i);
            }
        }
        return n;
    }

    private static int validOthers(PrimitiveArray a, boolean[] valid, int len, double[] out) {
        int n = 0;
        for (int i = 0; i < len; i++) {
            if (valid[i]) {
                out[n++] = a.getDouble(i);
            }
        }
        return n;
    }
}
