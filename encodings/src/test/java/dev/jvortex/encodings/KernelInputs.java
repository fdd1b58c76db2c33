package dev.jvortex.encodings;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/// Edge-case integer inputs for the compressor kernels' tests (each kernel is compared with a
/// straightforward loop written in its test): every integer type; lengths 0, 1, 2 and around
/// the 1024-row blocks; all equal, alternating, runs, narrow and full-range random values (the
/// type's minimum and maximum included), one odd value at a block boundary ±1; no validity, some
/// nulls, every row null, and nulls exactly where the odd values are.
public final class KernelInputs {
    private KernelInputs() {}

    /// The lengths tried.
    public static final int[] LENGTHS = {0, 1, 2, 3, 1023, 1024, 1025, 2047, 2048, 2049, 3001};

    /// One input: a name for messages, the values (canonical for the type) and validity (null:
    /// non-nullable).
    ///
    /// @param name what the input is
    /// @param array the array
    /// @param values its values as longs (sign- or zero-extended)
    /// @param valid its validity, or null when every row is valid
    public record Input(String name, PrimitiveArray array, long[] values, boolean[] valid) {}

    /// Every input for every integer type and length.
    public static List<Input> all() {
        List<Input> out = new ArrayList<>();
        Random random = new Random(42);
        for (PType t : EncodeTesting.INTEGERS) {
            long tmin = t.isSigned() ? minOf(t) : 0;
            long tmax = t.isSigned() ? -minOf(t) - 1 : t.bitWidth() == 64 ? -1L : (1L << t.bitWidth()) - 1;
            for (int len : LENGTHS) {
                List<long[]> patterns = new ArrayList<>();
                List<String> names = new ArrayList<>();
                long[] equal = new long[len];
                java.util.Arrays.fill(equal, canon(t, 7));
                patterns.add(equal);
                names.add("equal");
                long[] alt = new long[len];
                for (int i = 0; i < len; i++) {
                    alt[i] = i % 2 == 0 ? tmin : tmax;
                }
                patterns.add(alt);
                names.add("alternating min/max");
                long[] runs = new long[len];
                for (int i = 0; i < len; i++) {
                    runs[i] = canon(t, (i / 5) % 3 - 1);
                }
                patterns.add(runs);
                names.add("runs of 5");
                long[] narrow = new long[len];
                for (int i = 0; i < len; i++) {
                    narrow[i] = canon(t, 100 + random.nextInt(20));
                }
                patterns.add(narrow);
                names.add("narrow random");
                long[] neg = new long[len];
                for (int i = 0; i < len; i++) {
                    neg[i] = canon(t, -3 - random.nextInt(50));
                }
                patterns.add(neg);
                names.add("negative random");
                long[] full = new long[len];
                for (int i = 0; i < len; i++) {
                    long v = random.nextLong();
                    full[i] = i == 0 ? tmin : i == len - 1 ? tmax : canon(t, v);
                }
                patterns.add(full);
                names.add("full range");
                for (int at : new int[] {0, 1, 1023, 1024, 1025, 2048, len - 1}) {
                    if (at >= 0 && at < len) {
                        long[] odd = equal.clone();
                        odd[at] = canon(t, 9);
                        patterns.add(odd);
                        names.add("odd at " + at);
                    }
                }
                for (int p = 0; p < patterns.size(); p++) {
                    long[] v = patterns.get(p);
                    String base = t.shortName() + " len " + len + " " + names.get(p);
                    out.add(new Input(base, EncodeTesting.ints(t, v, null), v, null));
                    boolean[] some = EncodeTesting.randomValidity(random, len, 0.3);
                    out.add(new Input(base + " some nulls", EncodeTesting.ints(t, v, some), v, some));
                    boolean[] none = new boolean[len];
                    out.add(new Input(base + " all null", EncodeTesting.ints(t, v, none), v, none));
                    if (names.get(p).startsWith("odd at")) {
                        // Null exactly where the odd value is: the valid rows are all equal.
                        boolean[] hide = new boolean[len];
                        java.util.Arrays.fill(hide, true);
                        for (int i = 0; i < len; i++) {
                            if (v[i] != equal[i]) {
                                hide[i] = false;
                            }
                        }
                        out.add(new Input(base + " odd row null", EncodeTesting.ints(t, v, hide), v, hide));
                    }
                }
            }
        }
        return out;
    }

    /// Whether row `i` of `in` is valid.
    public static boolean valid(Input in, int i) {
        return in.valid() == null || in.valid()[i];
    }

    private static long minOf(PType t) {
        return t.bitWidth() == 64 ? Long.MIN_VALUE : -(1L << (t.bitWidth() - 1));
    }

    /// `v` wrapped to `t`'s width and widened as the loaders widen it.
    private static long canon(PType t, long v) {
        int bits = t.bitWidth();
        if (bits == 64) {
            return v;
        }
        return t.isSigned() ? v << (64 - bits) >> (64 - bits) : v & ((1L << bits) - 1);
    }
}
