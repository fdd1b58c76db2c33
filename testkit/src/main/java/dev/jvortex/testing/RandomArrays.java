package dev.jvortex.testing;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.util.function.LongUnaryOperator;
import java.util.random.RandomGenerator;

/// Seeded random data for encoder tests: values of a given bit width, validity, runs, the float
/// values that break naive codecs, and whole arrays in the shapes real columns have (narrow,
/// wide, runs, progressions, outliers; prices, noise, special values; e-mail addresses, URLs,
/// log lines, any Unicode, raw bytes). Every method takes the generator, so a seed (see
/// [TestSeeds]) reproduces the data.
public final class RandomArrays {
    private RandomArrays() {}

    /// The lengths encoders are tried at: empty, one, a few, around one block, several blocks.
    public static final int[] LENGTHS = {0, 1, 2, 7, 1023, 1024, 1025, 3000};

    /// The eight integer types.
    public static final PType[] INTEGERS = {
        PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16, PType.I32, PType.I64
    };

    /// Doubles that every float codec must keep bit for bit: NaNs with payloads and signs, signed
    /// zeros, infinities, subnormals, extremes, and values with no short decimal form.
    public static final double[] SPECIAL_DOUBLES = {
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
        -1e-300,
        0.1,
        1.0 / 3,
        9.223372036854776E18,
        -9.223372036854776E18,
        1e18,
        123456789.123456789
    };

    /// Floats that every float codec must keep bit for bit (see [#SPECIAL_DOUBLES]).
    public static final float[] SPECIAL_FLOATS = {
        Float.NaN,
        Float.intBitsToFloat(0x7fc00123),
        -0.0f,
        0.0f,
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE,
        Float.MAX_VALUE,
        -Float.MAX_VALUE,
        Float.MIN_NORMAL,
        0.1f,
        1.0f / 3,
        2.1474836E9f,
        -2.1474836E9f,
        16777217f
    };

    // ---------------------------------------------------------------- values

    /// Returns the low `bits` bits of `v` (all of them for 64).
    public static long low(long v, int bits) {
        return bits >= 64 ? v : v & ((1L << bits) - 1);
    }

    /// Returns `v` truncated to `ptype`'s width and extended as [PrimitiveArray#getLong(int)] does
    /// (signed types sign-extended, unsigned ones zero-extended).
    public static long canonical(PType ptype, long v) {
        return switch (ptype) {
            case I8 -> (byte) v;
            case I16 -> (short) v;
            case I32 -> (int) v;
            case U8 -> v & 0xFF;
            case U16 -> v & 0xFFFF;
            case U32 -> v & 0xFFFFFFFFL;
            default -> v;
        };
    }

    /// Returns the smallest value of integer type `ptype` (as [#canonical] gives it).
    public static long min(PType ptype) {
        return ptype.isSigned() ? Long.MIN_VALUE >> (64 - ptype.bitWidth()) : 0;
    }

    /// Returns the largest value of integer type `ptype` (as [#canonical] gives it).
    public static long max(PType ptype) {
        return ptype.isSigned() ? Long.MAX_VALUE >> (64 - ptype.bitWidth()) : low(-1L, ptype.bitWidth());
    }

    /// Returns a random value of `bits` bits (zero for 0).
    public static long random(RandomGenerator random, int bits) {
        return low(random.nextLong(), bits);
    }

    /// Returns `len` random values of `bits` bits (unsigned patterns), about `outlierRate` of them
    /// replaced by values of the type's full width, each in `ptype`'s canonical form.
    public static long[] ints(RandomGenerator random, int len, int bits, double outlierRate, PType ptype) {
        long[] out = new long[len];
        for (int i = 0; i < len; i++) {
            long v = random(random, bits);
            if (random.nextDouble() < outlierRate) {
                v = random(random, ptype.bitWidth());
            }
            out[i] = canonical(ptype, v);
        }
        return out;
    }

    /// Returns random validity with about `nullRate` nulls.
    public static boolean[] validity(RandomGenerator random, int len, double nullRate) {
        boolean[] v = new boolean[len];
        for (int i = 0; i < len; i++) {
            v[i] = random.nextDouble() >= nullRate;
        }
        return v;
    }

    /// Returns `len` values in runs of 1 to 60 equal values, each run's value `value` of a random
    /// number in `[0, 256)`.
    public static long[] runs(RandomGenerator random, int len, LongUnaryOperator value) {
        long[] out = new long[len];
        int i = 0;
        while (i < len) {
            long v = value.applyAsLong(random.nextInt(256));
            int run = 1 + random.nextInt(60);
            for (int k = 0; k < run && i < len; k++) {
                out[i++] = v;
            }
        }
        return out;
    }

    /// Returns validity in runs of 1 to 40 rows, about a third of them null.
    public static boolean[] runsValidity(RandomGenerator random, int len) {
        boolean[] out = new boolean[len];
        int i = 0;
        while (i < len) {
            boolean v = random.nextInt(3) != 0;
            int run = 1 + random.nextInt(40);
            for (int k = 0; k < run && i < len; k++) {
                out[i++] = v;
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- shapes

    /// Returns a length to try: half the time one of [#LENGTHS], else anything up to 5000.
    public static int length(RandomGenerator random) {
        return random.nextBoolean() ? LENGTHS[random.nextInt(LENGTHS.length)] : random.nextInt(5001);
    }

    /// Returns a validity in one of the shapes columns have: `null` (a non-nullable type), all
    /// valid (a nullable type without nulls), a few, many or runs of nulls, or all null.
    public static boolean[] nulls(RandomGenerator random, int len) {
        return switch (random.nextInt(6)) {
            case 0, 1 -> null;
            case 2 -> validity(random, len, 0);
            case 3 -> validity(random, len, random.nextDouble() * 0.5);
            case 4 -> runsValidity(random, len);
            default -> new boolean[len];
        };
    }

    /// Returns `len` values of integer type `ptype` in a random shape: constant, narrow, full
    /// width, runs, increasing, wandering, an arithmetic progression, or narrow with wide outliers.
    public static long[] integers(RandomGenerator random, PType ptype, int len) {
        int typeBits = ptype.bitWidth();
        long[] out = new long[len];
        switch (random.nextInt(8)) {
            case 0 -> java.util.Arrays.fill(out, canonical(ptype, random.nextLong()));
            case 1 -> {
                return ints(random, len, random.nextInt(Math.min(typeBits, 20) + 1), 0, ptype);
            }
            case 2 -> {
                return ints(random, len, typeBits, 0, ptype);
            }
            case 3 -> {
                return runs(random, len, v -> canonical(ptype, v * 0x0101_0101_0101_0101L));
            }
            case 4, 5 -> {
                long x = random(random, typeBits);
                boolean up = random.nextInt(4) == 0;
                for (int i = 0; i < len; i++) {
                    x += up ? random.nextInt(50) : random.nextInt(50) - 25;
                    out[i] = canonical(ptype, x);
                }
            }
            case 6 -> {
                long base = random(random, typeBits);
                long step = random.nextInt(7) - 3;
                for (int i = 0; i < len; i++) {
                    out[i] = canonical(ptype, base + i * step);
                }
            }
            default -> {
                return ints(random, len, random.nextInt(Math.min(typeBits, 12) + 1), 0.02, ptype);
            }
        }
        return out;
    }

    /// Returns an array of integer type `ptype` with [#integers] values and [#nulls] validity.
    public static PrimitiveArray integerArray(RandomGenerator random, PType ptype, int len) {
        long[] values = integers(random, ptype, len);
        return CanonicalArrays.ints(ptype, values, nulls(random, len));
    }

    /// Returns `len` doubles in a random shape: prices (two decimals), decimals of a random scale,
    /// uniform, Gaussian noise, any bit pattern, runs, or prices sprinkled with [#SPECIAL_DOUBLES].
    public static double[] doubles(RandomGenerator random, int len) {
        double[] out = new double[len];
        int shape = random.nextInt(7);
        int scale = random.nextInt(10);
        for (int i = 0; i < len; i++) {
            out[i] = switch (shape) {
                case 0 -> Math.round(random.nextDouble() * 100_000) / 100.0;
                case 1 -> random.nextInt(1_000_000) / Math.pow(10, scale);
                case 2 -> random.nextDouble() * 1000;
                case 3 -> random.nextGaussian() * 1e6;
                case 4 -> Double.longBitsToDouble(random.nextLong());
                case 5 -> i > 0 && random.nextInt(8) != 0 ? out[i - 1] : random.nextInt(100) / 4.0;
                default ->
                    i % 37 == 0
                            ? SPECIAL_DOUBLES[(i / 37) % SPECIAL_DOUBLES.length]
                            : Math.round(random.nextDouble() * 100_000) / 100.0;
            };
        }
        return out;
    }

    /// Returns `len` floats in a random shape (see [#doubles]).
    public static float[] floats(RandomGenerator random, int len) {
        float[] out = new float[len];
        int shape = random.nextInt(6);
        for (int i = 0; i < len; i++) {
            out[i] = switch (shape) {
                case 0 -> Math.round(random.nextFloat() * 10_000) / 100.0f;
                case 1 -> random.nextFloat() * 1000;
                case 2 -> (float) (random.nextGaussian() * 1e3);
                case 3 -> Float.intBitsToFloat(random.nextInt());
                case 4 -> i > 0 && random.nextInt(8) != 0 ? out[i - 1] : random.nextInt(100) / 4.0f;
                default ->
                    i % 37 == 0
                            ? SPECIAL_FLOATS[(i / 37) % SPECIAL_FLOATS.length]
                            : Math.round(random.nextFloat() * 10_000) / 100.0f;
            };
        }
        return out;
    }

    /// Returns an f64 or f32 array (as `ptype`) with [#doubles] or [#floats] values and [#nulls] validity.
    public static PrimitiveArray floatArray(RandomGenerator random, PType ptype, int len) {
        boolean[] valid = nulls(random, len);
        return switch (ptype) {
            case F64 -> CanonicalArrays.doubles(doubles(random, len), valid);
            case F32 -> CanonicalArrays.floats(floats(random, len), valid);
            default -> throw new IllegalArgumentException("not f32 or f64: " + ptype);
        };
    }

    /// Returns `len` strings in a random shape: e-mail addresses, URLs, log lines, few distinct
    /// words, any Unicode with some very long rows, all empty, or one repeated value; when
    /// `nullRate > 0` about that share of them are null.
    public static String[] strings(RandomGenerator random, int len, double nullRate) {
        String[] domains = {"example.com", "mail.example.org", "university.edu", "company.co.uk", "vortex.dev"};
        String[] words = {
            "alpha",
            "bravo",
            "charlie",
            "delta",
            "echo",
            "foxtrot",
            "",
            "a string longer than twelve bytes",
            "\u00e9t\u00e9",
            "\ud83d\ude00 emoji"
        };
        String[] out = new String[len];
        int shape = random.nextInt(7);
        String repeated = "abcabcabc" + random.nextInt(1000) + "abcabcabcabcabcabcabc";
        for (int i = 0; i < len; i++) {
            if (nullRate > 0 && random.nextDouble() < nullRate) {
                continue;
            }
            out[i] = switch (shape) {
                case 0 -> "user." + random.nextInt(100000) + "@" + domains[random.nextInt(domains.length)];
                case 1 ->
                    "https://www." + domains[random.nextInt(domains.length)] + "/item/" + random.nextInt(100000)
                            + "?q=x";
                case 2 ->
                    "2024-05-01 INFO [svc-" + words[random.nextInt(6)] + "] request " + random.nextInt(1_000_000)
                            + " served";
                case 3 -> words[random.nextInt(words.length)];
                case 4 -> unicode(random, i % 100 == 0 ? 2000 : random.nextInt(40));
                case 5 -> "";
                default -> repeated;
            };
        }
        return out;
    }

    /// Returns a string of `size` code points: mostly ASCII letters, some CJK and some emoji.
    public static String unicode(RandomGenerator random, int size) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < size; k++) {
            sb.appendCodePoint(
                    k % 7 == 0
                            ? 0x4e00 + random.nextInt(500)
                            : k % 11 == 0 ? 0x1F600 + random.nextInt(50) : 'a' + random.nextInt(26));
        }
        return sb.toString();
    }

    /// Returns `len` byte strings of up to 40 bytes of any value (many 0xFF and zero bytes, which
    /// escape-based codecs treat specially); about `nullRate` of them null.
    public static byte[][] binaries(RandomGenerator random, int len, double nullRate) {
        byte[][] out = new byte[len][];
        for (int i = 0; i < len; i++) {
            if (nullRate > 0 && random.nextDouble() < nullRate) {
                continue;
            }
            byte[] b = new byte[random.nextInt(40)];
            for (int k = 0; k < b.length; k++) {
                b[k] = switch (random.nextInt(4)) {
                    case 0 -> (byte) 0xFF;
                    case 1 -> 0;
                    default -> (byte) random.nextInt(256);
                };
            }
            out[i] = b;
        }
        return out;
    }

    /// Returns a UTF-8 (or, one time in four, binary) array of [#strings] or [#binaries] rows:
    /// a nullable type half the time, with nulls when nullable.
    public static VarBinViewArray stringArray(RandomGenerator random, int len, Arena arena) {
        boolean nullable = random.nextBoolean();
        double nullRate = nullable ? random.nextDouble() * 0.3 : 0;
        if (random.nextInt(4) == 0) {
            return CanonicalArrays.binaries(binaries(random, len, nullRate), nullable, arena);
        }
        return CanonicalArrays.strings(strings(random, len, nullRate), nullable, arena);
    }
}
