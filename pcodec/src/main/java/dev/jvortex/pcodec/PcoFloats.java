package dev.jvortex.pcodec;

/// Float helpers for pco: validity of a FloatMult base, FloatQuant limits, and the FloatMult
/// join for each float width.
///
/// FloatMult turns the primary latent into an integer-valued float (`int_float`), multiplies it
/// by the base in the number's own precision, and adds the secondary latent to the product's
/// ordered latent as a ULP adjustment stored toggled by the mid value. Java cannot be trusted
/// with NaN payloads in arithmetic, so a NaN multiplicand is handled by bits: pco (x86-64 and
/// aarch64 alike) gets the multiplicand's NaN with the quiet bit set, because the base is finite.
final class PcoFloats {
    private PcoFloats() {}

    private static final long F64_SIGN = Long.MIN_VALUE;
    private static final long F64_EXP = 0x7FF0_0000_0000_0000L;
    private static final long F64_QUIET = 0x0008_0000_0000_0000L;
    /// Raw bits of 2^53, the first float whose integer successor is not representable.
    private static final long F64_GPI_BITS = 0x4340_0000_0000_0000L;
    private static final long F64_GPI = 1L << 53;

    private static final int F32_SIGN = 0x8000_0000;
    private static final int F32_EXP = 0x7F80_0000;
    private static final int F32_QUIET = 0x0040_0000;
    private static final int F32_GPI_BITS = 0x4B80_0000;
    private static final long F32_GPI = 1L << 24;

    private static final int F16_SIGN = 0x8000;
    private static final int F16_EXP = 0x7C00;
    private static final int F16_QUIET = 0x0200;
    private static final int F16_GPI_BITS = 0x6800;
    private static final long F16_GPI = 1L << 11;

    /// Returns the explicit mantissa bits of a float type (the largest FloatQuant `k`).
    static int mantissaBits(PcoType p) {
        return switch (p) {
            case F16 -> 10;
            case F32 -> 23;
            case F64 -> 52;
            default -> throw new IllegalArgumentException("not a float type: " + p);
        };
    }

    /// Returns true when raw float `bits` of type `p` are finite and not ±0.
    static boolean isFiniteNonZero(long bits, PcoType p) {
        return switch (p) {
            case F16 -> (bits & F16_EXP) != F16_EXP && (bits & 0x7FFF) != 0;
            case F32 -> (bits & F32_EXP) != F32_EXP && (bits & 0x7FFF_FFFFL) != 0;
            case F64 -> (bits & F64_EXP) != F64_EXP && (bits & ~F64_SIGN) != 0;
            default -> false;
        };
    }

    /// FloatMult for f64: replaces `primary[i]` by the number's ordered latent.
    static void joinFloatMult64(long[] primary, long[] secondary, int n, long baseLatent) {
        double base = Double.longBitsToDouble(PcoChunkDecoder.fromOrderedFloat(baseLatent, 64));
        for (int i = 0; i < n; i++) {
            long l = primary[i];
            long bits;
            if (l < 0) { // l >= MID: non-negative
                long a = l & Long.MAX_VALUE;
                bits = a < F64_GPI ? Double.doubleToRawLongBits(a) : F64_GPI_BITS + (a - F64_GPI);
            } else {
                long a = Long.MAX_VALUE - l; // MID - 1 - l
                bits = (a < F64_GPI ? Double.doubleToRawLongBits(a) : F64_GPI_BITS + (a - F64_GPI)) ^ F64_SIGN;
            }
            long product;
            if ((bits & ~F64_SIGN) > F64_EXP) {
                product = bits | F64_QUIET;
            } else {
                product = Double.doubleToRawLongBits(Double.longBitsToDouble(bits) * base);
            }
            long ordered = product < 0 ? ~product : product ^ F64_SIGN;
            primary[i] = ordered + secondary[i] + F64_SIGN;
        }
    }

    /// FloatMult for f32: replaces `primary[i]` by the number's ordered latent (32 bits).
    static void joinFloatMult32(long[] primary, long[] secondary, int n, long baseLatent) {
        float base = Float.intBitsToFloat((int) PcoChunkDecoder.fromOrderedFloat(baseLatent, 32));
        for (int i = 0; i < n; i++) {
            long l = primary[i];
            int bits;
            if (l >= 0x8000_0000L) {
                long a = l - 0x8000_0000L;
                bits = a < F32_GPI ? Float.floatToRawIntBits(a) : F32_GPI_BITS + (int) (a - F32_GPI);
            } else {
                long a = 0x7FFF_FFFFL - l;
                bits = (a < F32_GPI ? Float.floatToRawIntBits(a) : F32_GPI_BITS + (int) (a - F32_GPI)) ^ F32_SIGN;
            }
            int product;
            if ((bits & ~F32_SIGN) > F32_EXP) {
                product = bits | F32_QUIET;
            } else {
                product = Float.floatToRawIntBits(Float.intBitsToFloat(bits) * base);
            }
            int ordered = product < 0 ? ~product : product ^ F32_SIGN;
            primary[i] = ((ordered & 0xFFFF_FFFFL) + secondary[i] + 0x8000_0000L) & 0xFFFF_FFFFL;
        }
    }

    /// FloatMult for f16: replaces `primary[i]` by the number's ordered latent (16 bits). The
    /// product of two f16 values is exact in f32 (22 significant bits, exponents in range), so
    /// multiplying in f32 and rounding once to f16 (nearest-even) is the f16 product.
    static void joinFloatMult16(long[] primary, long[] secondary, int n, long baseLatent) {
        float base = Float.float16ToFloat((short) PcoChunkDecoder.fromOrderedFloat(baseLatent, 16));
        for (int i = 0; i < n; i++) {
            long l = primary[i];
            int bits;
            if (l >= 0x8000) {
                long a = l - 0x8000;
                bits = a < F16_GPI ? Float.floatToFloat16(a) & 0xFFFF : F16_GPI_BITS + (int) (a - F16_GPI);
            } else {
                long a = 0x7FFF - l;
                bits = (a < F16_GPI ? Float.floatToFloat16(a) & 0xFFFF : F16_GPI_BITS + (int) (a - F16_GPI)) ^ F16_SIGN;
            }
            bits &= 0xFFFF;
            int product;
            if ((bits & ~F16_SIGN) > F16_EXP) {
                product = bits | F16_QUIET;
            } else {
                product = Float.floatToFloat16(Float.float16ToFloat((short) bits) * base) & 0xFFFF;
            }
            int ordered = (product & F16_SIGN) != 0 ? ~product & 0xFFFF : product ^ F16_SIGN;
            primary[i] = (ordered + secondary[i] + 0x8000) & 0xFFFF;
        }
    }
}
