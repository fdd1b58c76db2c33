package dev.jvortex.pcodec;

import java.util.List;
import java.util.Random;

/// Inputs for the pco encoder tests: typical and adversarial columns of every pco number type,
/// in the `long` form of [PcoType]. Shared with the encodings module's `vortex.pco` tests.
public final class PcoTestData {
    private PcoTestData() {}

    /// The nine number types Vortex compresses with pco.
    public static final List<PcoType> TYPES = List.of(
            PcoType.I16,
            PcoType.I32,
            PcoType.I64,
            PcoType.U16,
            PcoType.U32,
            PcoType.U64,
            PcoType.F16,
            PcoType.F32,
            PcoType.F64);

    /// Shapes for integer types.
    public static final List<String> INT_SHAPES =
            List.of("walk", "sorted", "small", "constant", "full", "extremes", "mult", "mixed", "repeats");
    /// Shapes for float types.
    public static final List<String> FLOAT_SHAPES =
            List.of("prices", "noisy", "special", "intfloats", "constant", "bits", "walk", "mixed", "quant");

    /// Returns the shapes that apply to `ptype`.
    public static List<String> shapes(PcoType ptype) {
        return ptype.isFloat() ? FLOAT_SHAPES : INT_SHAPES;
    }

    /// Special float values: NaNs (quiet, signalling, negative), infinities, zeros, subnormals, extremes.
    static final double[] SPECIAL = {
        Double.NaN,
        Double.longBitsToDouble(0x7ff0000000000123L),
        Double.longBitsToDouble(0xfff8000000000000L),
        -0.0,
        0.0,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        -Double.MIN_VALUE,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        Double.MIN_NORMAL,
        1e300,
        -1e-300
    };
    static final float[] SPECIAL_F32 = {
        Float.NaN,
        Float.intBitsToFloat(0x7f800123),
        Float.intBitsToFloat(0xffc00000),
        -0.0f,
        0.0f,
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE,
        -Float.MIN_VALUE,
        Float.MAX_VALUE,
        -Float.MAX_VALUE,
        Float.MIN_NORMAL
    };
    static final int[] SPECIAL_F16 = {
        0x7E00, 0x7C01, 0xFE00, 0x8000, 0x0000, 0x7C00, 0xFC00, 0x0001, 0x8001, 0x7BFF, 0xFBFF, 0x0400
    };

    /// Returns `n` values of `ptype` in `shape`.
    public static long[] values(PcoType ptype, String shape, int n, Random r) {
        long[] out = new long[n];
        if (ptype.isFloat()) {
            floats(ptype, shape, n, r, out);
        } else {
            ints(ptype, shape, n, r, out);
        }
        return out;
    }

    private static void ints(PcoType ptype, String shape, int n, Random r, long[] out) {
        int bits = ptype.bitWidth();
        long min = ptype.isSigned() ? Long.MIN_VALUE >> (64 - bits) : 0;
        long max = ptype.isSigned() ? Long.MAX_VALUE >> (64 - bits) : low(-1L, bits);
        switch (shape) {
            case "walk" -> {
                long v = r.nextLong();
                for (int i = 0; i < n; i++) {
                    v += r.nextInt(201) - 100;
                    out[i] = v;
                }
            }
            case "sorted" -> {
                long v = r.nextInt(1000);
                for (int i = 0; i < n; i++) {
                    v += r.nextInt(50);
                    out[i] = v;
                }
            }
            case "small" -> {
                for (int i = 0; i < n; i++) {
                    out[i] = r.nextInt(100);
                }
            }
            case "constant" -> {
                long c = r.nextLong();
                java.util.Arrays.fill(out, c);
            }
            case "full" -> {
                for (int i = 0; i < n; i++) {
                    out[i] = r.nextLong();
                }
            }
            case "extremes" -> {
                long[] pool = {min, max, 0, 1, -1, min + 1, max - 1};
                for (int i = 0; i < n; i++) {
                    out[i] = pool[r.nextInt(pool.length)];
                }
            }
            case "mult" -> {
                for (int i = 0; i < n; i++) {
                    out[i] = 1000L * r.nextInt(100_000) + (r.nextInt(20) == 0 ? r.nextInt(1000) : 0);
                }
            }
            case "repeats" -> {
                // Mostly copies of a recent value, some fresh random ones: Lookback territory.
                for (int i = 0; i < n; i++) {
                    out[i] = i == 0 || r.nextInt(10) == 0 ? r.nextLong() : out[Math.max(0, i - 1 - r.nextInt(30))];
                }
            }
            case "mixed" -> {
                for (int i = 0; i < n; i++) {
                    out[i] = switch (r.nextInt(4)) {
                        case 0 -> r.nextInt(10);
                        case 1 -> r.nextLong();
                        case 2 -> i;
                        default -> max - r.nextInt(5);
                    };
                }
            }
            default -> throw new IllegalArgumentException(shape);
        }
        for (int i = 0; i < n; i++) {
            out[i] = canonical(ptype, out[i]);
        }
    }

    private static void floats(PcoType ptype, String shape, int n, Random r, long[] out) {
        double[] d = new double[n];
        switch (shape) {
            case "prices" -> {
                for (int i = 0; i < n; i++) {
                    d[i] = Math.round(r.nextDouble() * 100_000) / 100.0;
                }
            }
            case "noisy" -> {
                for (int i = 0; i < n; i++) {
                    d[i] = r.nextGaussian() * 1e3;
                }
            }
            case "intfloats" -> {
                for (int i = 0; i < n; i++) {
                    d[i] = r.nextInt(2000) - 1000;
                }
            }
            case "constant" -> java.util.Arrays.fill(d, r.nextGaussian());
            case "walk" -> {
                double v = 100;
                for (int i = 0; i < n; i++) {
                    v += r.nextGaussian();
                    d[i] = v;
                }
            }
            case "quant" -> {
                for (int i = 0; i < n; i++) {
                    d[i] = r.nextGaussian() * 100;
                }
            }
            case "special", "mixed", "bits" -> {}
            default -> throw new IllegalArgumentException(shape);
        }
        for (int i = 0; i < n; i++) {
            out[i] = switch (ptype) {
                case F16 -> Float.floatToFloat16((float) d[i]) & 0xFFFFL;
                case F32 -> Float.floatToRawIntBits((float) d[i]) & 0xFFFF_FFFFL;
                default -> Double.doubleToRawLongBits(d[i]);
            };
        }
        if (shape.equals("quant")) {
            // Fewer significant bits than the type holds (as f32 data stored as f64), negatives too.
            long keep = switch (ptype) {
                case F16 -> ~0x7L;
                case F32 -> ~0x1FFFL;
                default -> ~((1L << 29) - 1);
            };
            for (int i = 0; i < n; i++) {
                out[i] &= keep;
            }
        }
        if (shape.equals("bits")) {
            for (int i = 0; i < n; i++) {
                out[i] = low(r.nextLong(), ptype.bitWidth());
            }
        }
        if (shape.equals("special") || shape.equals("mixed")) {
            // Prices (FloatMult-friendly) with special values mixed in: every special survives.
            for (int i = 0; i < n; i++) {
                double price = Math.round(r.nextDouble() * 10_000) / 100.0;
                out[i] = switch (ptype) {
                    case F16 -> Float.floatToFloat16((float) price) & 0xFFFFL;
                    case F32 -> Float.floatToRawIntBits((float) price) & 0xFFFF_FFFFL;
                    default -> Double.doubleToRawLongBits(price);
                };
                boolean special = shape.equals("special") ? i % 7 == 0 : r.nextInt(3) == 0;
                if (special) {
                    out[i] = switch (ptype) {
                        case F16 -> SPECIAL_F16[r.nextInt(SPECIAL_F16.length)];
                        case F32 -> Float.floatToRawIntBits(SPECIAL_F32[r.nextInt(SPECIAL_F32.length)]) & 0xFFFF_FFFFL;
                        default -> Double.doubleToRawLongBits(SPECIAL[r.nextInt(SPECIAL.length)]);
                    };
                }
            }
        }
    }

    /// Returns the low `bits` bits of `v` (all of them for 64).
    private static long low(long v, int bits) {
        return bits >= 64 ? v : v & ((1L << bits) - 1);
    }

    /// Returns `v` truncated to `type`'s width and extended to the `long` form of [PcoType].
    private static long canonical(PcoType type, long v) {
        return switch (type) {
            case I8 -> (byte) v;
            case I16 -> (short) v;
            case I32 -> (int) v;
            case U8 -> v & 0xFF;
            case U16 -> v & 0xFFFF;
            case U32 -> v & 0xFFFFFFFFL;
            default -> v;
        };
    }
}
