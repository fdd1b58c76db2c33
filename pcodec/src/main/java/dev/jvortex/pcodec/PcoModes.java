package dev.jvortex.pcodec;

import java.util.Arrays;

/// Mode detection for the pco encoder: whether a chunk's numbers are (mostly) multiples of a
/// common integer base (IntMult) or float base (FloatMult), estimated on a random sample.
///
/// The heuristics follow pco 1.0.4, the version the reference uses (`mode/int_mult.rs`,
/// `mode/float_mult.rs`, `mode/float_quant.rs`, `sampling.rs`):
/// - the sample is about 1 in 40 numbers, drawn without replacement by Floyd's algorithm from
///   Xoroshiro128++ seeded 0, so the same numbers pco samples;
/// - IntMult: the GCD of the two differences within each triple of sampled latents; the most
///   significant GCD (a z-score against the natural rate `1/(ζ(2)·g²)`, then a worst-case
///   entropy bound) is the candidate base;
/// - FloatMult: the better of a base from common power-of-two factors (floats with many
///   trailing zero mantissa bits) and an approximate Euclidean GCD of sampled pairs, re-centred
///   and snapped to `1/integer` or a power of ten;
/// - FloatQuant: the first k where dropping k low mantissa bits stops paying more, by how many
///   samples have at least k trailing zeros;
/// - a mode is used only if it is estimated to save at least half a bit per number (1.5 bits
///   for FloatQuant; the float mode saving more wins), counting
///   only numbers whose primary latent is rare in the sample (frequent values would be cheap in
///   Classic mode anyway).
final class PcoModes {
    private PcoModes() {}

    static final int MIN_SAMPLE = 10;
    private static final int SAMPLE_RATIO = 40;
    private static final double MEMORIZABLE_BINS = 256;
    private static final double ZETA_OF_2 = Math.PI * Math.PI / 6.0;
    private static final double REQUIRED_BITS_SAVED = 0.5;
    private static final double REQUIRED_QUANT_BITS_SAVED = 1.5;
    private static final double LN2 = Math.log(2);

    // ---- sampling -------------------------------------------------------------------------------

    /// Xoroshiro128++ seeded like `rand`'s `seed_from_u64(0)` (SplitMix64 expansion).
    private static final class Rng {
        private long s0;
        private long s1;

        Rng(long seed) {
            long state = seed;
            state += 0x9E3779B97F4A7C15L;
            s0 = mix(state);
            state += 0x9E3779B97F4A7C15L;
            s1 = mix(state);
        }

        private static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        long next() {
            long a = s0;
            long b = s1;
            long result = Long.rotateLeft(a + b, 17) + a;
            b ^= a;
            s0 = Long.rotateLeft(a, 49) ^ b ^ (b << 21);
            s1 = Long.rotateLeft(b, 28);
            return result;
        }
    }

    /// Returns the indexes of a random sample of `values[0..n)` (without replacement), or null
    /// when `n` is too small.
    static int[] sampleIndexes(int n) {
        if (n < MIN_SAMPLE) {
            return null;
        }
        int target = sampleSize(n);
        // Floyd's algorithm: a sample without replacement in `target` draws.
        Rng rng = new Rng(0);
        long[] visited = new long[(n + 63) >>> 6];
        int[] out = new int[target];
        for (int j = n - target; j < n; j++) {
            int t = (int) Long.remainderUnsigned(rng.next(), j + 1L);
            int idx = (visited[t >>> 6] & (1L << t)) != 0 ? j : t;
            visited[idx >>> 6] |= 1L << idx;
            out[j - (n - target)] = idx;
        }
        return out;
    }

    /// The sample size for `n >= 10` numbers: 10 plus 1 in 40 of the rest.
    static int sampleSize(int n) {
        return MIN_SAMPLE + (n - MIN_SAMPLE) / SAMPLE_RATIO;
    }

    /// Average bits saved per sampled number: the sum of `saved[i]` over samples whose primary
    /// latent occurs at most `len/256` times (at least once), divided by the sample size.
    static double bitsSavedPerNumber(long[] primaries, double[] saved, int len) {
        long[] sorted = Arrays.copyOf(primaries, len);
        Arrays.sort(sorted);
        int cutoff = Math.max(1, (int) (len / MEMORIZABLE_BINS));
        double sum = 0;
        for (int i = 0; i < len; i++) {
            long key = primaries[i];
            int first = lowerBound(sorted, key);
            int count = 0;
            for (int j = first; j < len && sorted[j] == key && count <= cutoff; j++) {
                count++;
            }
            if (count <= cutoff) {
                sum += saved[i];
            }
        }
        return sum / len;
    }

    private static int lowerBound(long[] sorted, long key) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    // ---- IntMult -----------------------------------------------------------------------------

    /// Returns the IntMult base for the ordered latents `latents[0..n)`, or 0 when IntMult is not
    /// expected to pay.
    static long intMultBase(long[] latents, int n) {
        int[] idx = sampleIndexes(n);
        if (idx == null || idx.length < MIN_SAMPLE) {
            return 0;
        }
        long[] sample = new long[idx.length];
        for (int i = 0; i < idx.length; i++) {
            sample[i] = latents[idx[i]];
        }
        Candidate candidate = candidateBase(sample, sample.length);
        if (candidate == null) {
            return 0;
        }
        long base = candidate.base();
        double bitsPerAdjustment = candidate.bitsSaved();
        long[] primaries = new long[sample.length];
        double[] saved = new double[sample.length];
        for (int i = 0; i < sample.length; i++) {
            primaries[i] = Long.divideUnsigned(sample[i], base);
            saved[i] = bitsPerAdjustment;
        }
        return bitsSavedPerNumber(primaries, saved, sample.length) > REQUIRED_BITS_SAVED ? base : 0;
    }

    /// A candidate IntMult base and its worst-case bits saved per number.
    record Candidate(long base, double bitsSaved) {}

    /// The most significant common GCD of triples of `sample[0..len)` (unsigned latents) and its
    /// worst-case bits saved per number; null if none.
    static Candidate candidateBase(long[] sample, int len) {
        int triples = len / 3;
        long[] gcds = new long[triples];
        int count = 0;
        for (int t = 0; t < triples; t++) {
            long a = sample[3 * t];
            long b = sample[3 * t + 1];
            long c = sample[3 * t + 2];
            if (Long.compareUnsigned(a, b) > 0) {
                long s = a;
                a = b;
                b = s;
            }
            if (Long.compareUnsigned(b, c) > 0) {
                long s = b;
                b = c;
                c = s;
            }
            if (Long.compareUnsigned(a, b) > 0) {
                long s = a;
                a = b;
                b = s;
            }
            long g = gcd(b - a, c - a);
            if (g != 0 && g != 1) {
                gcds[count++] = g;
            }
        }
        Arrays.sort(gcds, 0, count);
        long bestBase = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; ) {
            int j = i;
            while (j < count && gcds[j] == gcds[i]) {
                j++;
            }
            double score = scoreGcd(unsignedToDouble(gcds[i]), j - i, triples);
            if (!Double.isNaN(score) && score > bestScore) {
                bestScore = score;
                bestBase = gcds[i];
            }
            i = j;
        }
        if (bestBase == 0) {
            return null;
        }
        return new Candidate(bestBase, bestScore);
    }

    static long gcd(long x, long y) {
        if (x == 0) {
            return y;
        }
        while (y != 0) {
            long r = Long.remainderUnsigned(x, y);
            x = y;
            y = r;
        }
        return x;
    }

    private static double unsignedToDouble(long v) {
        return v >= 0 ? (double) v : ((double) (v >>> 1)) * 2.0;
    }

    /// Worst-case bits saved per number by base `g` seen in `withGcd` of `total` triples; NaN
    /// when the GCD is not significant or saves too little.
    private static double scoreGcd(double g, int withGcd, int total) {
        double k = withGcd;
        double prob = k / total;
        double natural = 1.0 / (ZETA_OF_2 * g * g);
        double stdev = Math.sqrt(natural * (1.0 - natural) / total);
        double z = (prob - natural) / stdev;
        if (!(z >= 3.0)) {
            return Double.NaN;
        }
        double lcb = k - Math.sqrt(k);
        if (lcb <= 0) {
            return Double.NaN;
        }
        double congruence = Math.min(ZETA_OF_2 * lcb / total, 1.0);
        double gm1 = g - 1.0;
        double invSq = 1.0 / (gm1 * gm1);
        double lb = 1.0 / g;
        double ub = Math.cbrt(congruence) + Math.ulp(1.0);
        double p = falsePosition(x -> x * x * x + (1 - x) * (1 - x) * (1 - x) * invSq - congruence, lb, ub);
        if (Double.isNaN(p)) {
            return Double.NaN;
        }
        double entropy = categoryEntropy(p) + gm1 * categoryEntropy((1.0 - p) / gm1);
        double saved = Math.log(g) / LN2 - entropy;
        return saved < REQUIRED_BITS_SAVED ? Double.NaN : saved;
    }

    private static double categoryEntropy(double p) {
        return p == 0.0 || p == 1.0 ? 0.0 : -p * Math.log(p) / LN2;
    }

    private static double falsePosition(java.util.function.DoubleUnaryOperator f, double lb, double ub) {
        double flb = f.applyAsDouble(lb);
        double fub = f.applyAsDouble(ub);
        if (flb > 0 || fub < 0) {
            return Double.NaN;
        }
        while (ub - lb > 1e-4 && fub - flb > 0) {
            double lbProp = 0.001 + 0.998 * fub / (fub - flb);
            double mid = lbProp * lb + (1.0 - lbProp) * ub;
            double fmid = f.applyAsDouble(mid);
            if (fmid < 0) {
                lb = mid;
                flb = fmid;
            } else {
                ub = mid;
                fub = fmid;
            }
        }
        return (lb + ub) / 2;
    }

    // ---- FloatMult ---------------------------------------------------------------------------

    /// A FloatMult base and its reciprocal, as raw bits of the float type.
    record FloatBase(long baseBits, long invBits, double bitsSaved) {}

    /// Float type constants: explicit mantissa bits, latent bits, exponent bias. Values are
    /// handled as doubles, rounded to the type where pco computes in the type's precision.
    private record FloatType(int precision, int bits, int bias, PcoType ptype) {
        static FloatType of(PcoType p) {
            return switch (p) {
                case F16 -> new FloatType(10, 16, 15, p);
                case F32 -> new FloatType(23, 32, 127, p);
                default -> new FloatType(52, 64, 1023, p);
            };
        }

        double value(long raw) {
            return PcoModes.value(ptype, raw);
        }

        /// Rounds to the type's precision.
        double narrow(double v) {
            return PcoModes.narrow(ptype, v);
        }

        long rawBits(double v) {
            return PcoModes.rawBits(ptype, v);
        }

        int exponent(double v) {
            long abs = rawBits(Math.abs(v));
            return (int) (abs >>> precision) - bias;
        }

        long ordered(double v) {
            long raw = rawBits(v);
            long mid = 1L << (bits - 1);
            long mask = bits == 64 ? -1L : (1L << bits) - 1;
            return (raw & mid) != 0 ? ~raw & mask : raw ^ mid;
        }
    }

    /// Returns the absolute raw bits of a random sample of the floats `values[from..from+n)`,
    /// keeping only normal floats up to half the type's maximum; null if fewer than 10 remain.
    static long[] floatSample(PcoType ptype, long[] values, int from, int n) {
        int[] idx = sampleIndexes(n);
        if (idx == null) {
            return null;
        }
        int bits = ptype.bitWidth();
        int precision = PcoFloats.mantissaBits(ptype);
        long absMask = (bits == 64 ? -1L : (1L << bits) - 1) >>> 1;
        long expAll = absMask >>> precision;
        long maxForSampling = switch (ptype) {
            case F16 -> 0x77FF;
            case F32 -> 0x7EFF_FFFFL;
            default -> 0x7FDF_FFFF_FFFF_FFFFL;
        };
        long[] out = new long[idx.length];
        int len = 0;
        for (int i : idx) {
            long abs = values[from + i] & absMask;
            long exponent = abs >>> precision;
            if (exponent != 0 && exponent != expAll && abs <= maxForSampling) {
                out[len++] = abs;
            }
        }
        return len < MIN_SAMPLE ? null : Arrays.copyOf(out, len);
    }

    /// Returns the FloatMult base for a [#floatSample] of f16, f32 or f64 numbers, or null when
    /// FloatMult is not expected to save half a bit per number.
    static FloatBase floatMultBase(PcoType ptype, long[] sampleBits) {
        FloatType ft = FloatType.of(ptype);
        double[] sample = new double[sampleBits.length];
        for (int i = 0; i < sample.length; i++) {
            sample[i] = ft.value(sampleBits[i]);
        }
        FloatBase best = null;
        // Both heuristics; the later one wins a tie.
        for (FloatBase config : new FloatBase[] {byTrailingZeros(ft, sample), byEuclid(ft, sample)}) {
            if (config == null) {
                continue;
            }
            double base = ft.value(config.baseBits);
            if (!(Double.isFinite(base) && base != 0) || !Double.isFinite(ft.value(config.invBits))) {
                continue;
            }
            double saved = bitsSaved(ft, config, sample);
            if (saved >= REQUIRED_BITS_SAVED && (best == null || saved >= best.bitsSaved)) {
                best = new FloatBase(config.baseBits, config.invBits, saved);
            }
        }
        return best;
    }

    /// FloatQuant parameters: drop the low `k` bits, estimated to save `bitsSaved` per number.
    record Quant(int k, double bitsSaved) {}

    /// Returns the FloatQuant `k` for a [#floatSample] of numbers of `ptype`, or null when
    /// FloatQuant is not expected to save more than 1.5 bits per number. `k` is the first local
    /// maximum over k of the worst-case bits saved, from how many samples have at least k
    /// trailing zero mantissa bits.
    static Quant floatQuant(PcoType ptype, long[] sampleBits) {
        int precision = PcoFloats.mantissaBits(ptype);
        int len = sampleBits.length;
        int[] atLeast = new int[precision + 2];
        for (long abs : sampleBits) {
            atLeast[Math.min(precision, Long.numberOfTrailingZeros(abs))]++;
        }
        for (int k = precision - 1; k >= 0; k--) {
            atLeast[k] += atLeast[k + 1];
        }
        int bestK = 0;
        double best = 0;
        for (int k = 1; k <= precision; k++) {
            if (atLeast[k] == 0) {
                continue;
            }
            double freq = (double) atLeast[k] / len;
            double categories = (double) ((1L << k) - 1);
            double entropy = categoryEntropy(freq) + categories * categoryEntropy((1.0 - freq) / categories);
            double saved = k - entropy;
            if (saved > best) {
                bestK = k;
                best = saved;
            } else {
                break;
            }
        }
        if (bestK == 0) {
            return null;
        }
        long[] primaries = new long[len];
        double[] savedEach = new double[len];
        for (int i = 0; i < len; i++) {
            primaries[i] = sampleBits[i] >>> bestK;
            savedEach[i] = best;
        }
        double perNumber = bitsSavedPerNumber(primaries, savedEach, len);
        return perNumber > REQUIRED_QUANT_BITS_SAVED ? new Quant(bestK, perNumber) : null;
    }

    private static FloatBase fromBase(FloatType ft, double base) {
        double b = ft.narrow(base);
        double inv = ft.narrow(1.0 / b);
        return new FloatBase(ft.rawBits(b), ft.rawBits(inv), 0);
    }

    private static FloatBase fromInverse(FloatType ft, double inverse) {
        double inv = ft.narrow(inverse);
        double b = ft.narrow(1.0 / inv);
        return new FloatBase(ft.rawBits(b), ft.rawBits(inv), 0);
    }

    private static FloatBase byTrailingZeros(FloatType ft, double[] sample) {
        int p = ft.precision;
        int k = Integer.MAX_VALUE;
        int count = 0;
        for (double x : sample) {
            long raw = ft.rawBits(x);
            int tz = Long.numberOfTrailingZeros(raw);
            if (tz >= 5) {
                int kPrime = ft.exponent(x) - Math.max(p - tz, 0);
                count++;
                k = Math.min(k, kPrime);
            }
        }
        int required = Math.max((int) Math.ceil(sample.length * 0.5), MIN_SAMPLE);
        if (count < required) {
            return null;
        }
        int lshift = ft.bits - p - 1;
        long mid = 1L << (ft.bits - 1);
        long mask = ft.bits == 64 ? -1L : (1L << ft.bits) - 1;
        long[] ints = new long[sample.length];
        int m = 0;
        for (double x : sample) {
            long raw = ft.rawBits(x);
            int exponent = ft.exponent(x);
            int kPrime = exponent - Math.max(p - Long.numberOfTrailingZeros(raw), 0);
            if (kPrime >= k && (long) exponent < (long) k + ft.bits) {
                int rshift = ft.bits - 1 - (exponent - k);
                long shifted = ((raw << lshift) | mid) & mask;
                ints[m++] = shifted >>> rshift;
            }
        }
        if (m < required) {
            return null;
        }
        Candidate candidate = candidateBase(ints, m);
        long intBase = candidate == null ? 1 : candidate.base();
        double base = ft.narrow(ft.narrow(unsignedToDouble(intBase)) * Math.scalb(1.0, k));
        return fromBase(ft, base);
    }

    private static double roundHalfAway(double v) {
        return Math.copySign(Math.floor(Math.abs(v) + 0.5), v);
    }

    private static double pairGcd(FloatType ft, double greater, double lesser) {
        double insignificant = Math.scalb(greater, -Math.max(ft.precision - 6, 0));
        if (lesser <= insignificant || lesser == greater) {
            return Double.NaN;
        }
        double eps = Math.scalb(1.0, -ft.precision);
        double gv = greater;
        double ge = 0;
        double lv = lesser;
        double le = 0;
        while (true) {
            double prev = gv;
            double ratio = ft.narrow(roundHalfAway(ft.narrow(gv / lv)));
            ge = ft.narrow(ge + ft.narrow(ft.narrow(ratio * le) + ft.narrow(gv * eps)));
            gv = Math.abs(ft.narrow(gv - ft.narrow(ratio * lv)));
            if (gv <= prev * 0x1p-16 || gv <= ge) {
                return lv;
            }
            if (gv <= insignificant || gv <= ge * 64) {
                return Double.NaN;
            }
            double t = gv;
            gv = lv;
            lv = t;
            t = ge;
            ge = le;
            le = t;
        }
    }

    private static FloatBase byEuclid(FloatType ft, double[] sample) {
        double[] gcds = new double[sample.length / 2 + 1];
        int count = 0;
        for (int i = 0; i + 1 < sample.length; i += 2) {
            double g = pairGcd(ft, Math.max(sample[i], sample[i + 1]), Math.min(sample[i], sample[i + 1]));
            if (!Double.isNaN(g)) {
                gcds[count++] = g;
            }
        }
        int required = 1 + (int) Math.ceil(sample.length * 0.001);
        if (count < required) {
            return null;
        }
        Arrays.sort(gcds, 0, count);
        double base = Double.NaN;
        for (double percentile : new double[] {0.1, 0.3, 0.5}) {
            double candidate = gcds[(int) (percentile * count)];
            int similar = 0;
            for (int i = 0; i < count; i++) {
                if (Math.abs(gcds[i] - candidate) < 0.01 * candidate) {
                    similar++;
                }
            }
            if (similar >= required) {
                base = candidate;
                break;
            }
        }
        if (Double.isNaN(base)) {
            return null;
        }
        // Re-centre: adjust the base to minimise the weighted deviation from mult × base.
        double inv = 1.0 / base;
        double tweakSum = 0;
        double tweakWeight = 0;
        for (double x : sample) {
            double mult = roundHalfAway(x * inv);
            int e = ft.exponent(mult);
            if (mult != 0 && e >= 0 && e < ft.precision) {
                double overshoot = mult * base - x;
                double weight = ft.precision - e;
                tweakSum += weight * (overshoot / mult);
                tweakWeight += weight;
            }
        }
        if (tweakWeight > 0) {
            base -= tweakSum / tweakWeight;
        }
        // Snap to 1/integer or a power of ten when close.
        inv = 1.0 / base;
        double roundInv = roundHalfAway(inv);
        double decimalInv = Math.pow(10, roundHalfAway(Math.log10(inv)));
        if (Math.abs(inv - roundInv) < 0.02) {
            return fromInverse(ft, roundInv);
        }
        if (Math.abs(inv - decimalInv) / inv < 0.01) {
            return fromInverse(ft, decimalInv);
        }
        return fromBase(ft, base);
    }

    /// The value of raw float bits of `ptype` as a double.
    static double value(PcoType ptype, long raw) {
        return switch (ptype) {
            case F16 -> Float.float16ToFloat((short) raw);
            case F32 -> Float.intBitsToFloat((int) raw);
            default -> Double.longBitsToDouble(raw);
        };
    }

    /// `v` rounded to `ptype` (for f16 through f32, exact for the products used here).
    static double narrow(PcoType ptype, double v) {
        return switch (ptype) {
            case F16 -> Float.float16ToFloat(Float.floatToFloat16((float) v));
            case F32 -> (float) v;
            default -> v;
        };
    }

    /// The raw bits of `v` as a `ptype` (rounded to it).
    static long rawBits(PcoType ptype, double v) {
        return switch (ptype) {
            case F16 -> Float.floatToFloat16((float) v) & 0xFFFFL;
            case F32 -> Float.floatToRawIntBits((float) v) & 0xFFFF_FFFFL;
            default -> Double.doubleToRawLongBits(v);
        };
    }

    /// The multiple (an integer-valued float) pco stores for `x`: `round(x / base)`, the
    /// product `x × (1/base)` rounded to the type (two f16 or f32 values multiply exactly in
    /// double), or 0 when that is not finite.
    static double multiple(PcoType ptype, double x, double inv) {
        double m = roundHalfAway(narrow(ptype, x * inv));
        return Double.isFinite(m) ? m : 0.0;
    }

    private static double bitsSaved(FloatType ft, FloatBase config, double[] sample) {
        double base = ft.value(config.baseBits);
        double inv = ft.value(config.invBits);
        int len = sample.length;
        long[] primaries = new long[len];
        double[] saved = new double[len];
        for (int i = 0; i < len; i++) {
            double x = sample[i];
            double mult = multiple(ft.ptype, x, inv);
            primaries[i] = intFloatToLatent(ft.ptype, mult);
            int e = ft.exponent(mult);
            int interBaseBits = e < 0 ? 0 : Math.max(ft.precision - e, 0);
            long approx = ft.ordered(ft.narrow(mult * base));
            long actual = ft.ordered(x);
            long absAdj = Long.compareUnsigned(actual, approx) >= 0 ? actual - approx : approx - actual;
            int adjBits = 1 + 2 * (64 - Long.numberOfLeadingZeros(absAdj));
            saved[i] = interBaseBits - adjBits;
        }
        return bitsSavedPerNumber(primaries, saved, len);
    }

    /// pco's `int_float_to_latent`: an integer-valued float (or ±Inf/NaN) to a latent whose
    /// `int_float` inverse the decoder computes.
    static long intFloatToLatent(PcoType ptype, double m) {
        if (ptype == PcoType.F16) {
            int raw = Float.floatToFloat16((float) m) & 0xFFFF;
            int absBits = raw & 0x7FFF;
            long absInt =
                    absBits < 0x6800 ? (long) Float.float16ToFloat((short) absBits) : (1L << 11) + (absBits - 0x6800);
            return ((raw & 0x8000) == 0 ? 0x8000L + absInt : 0x8000L - 1 - absInt) & 0xFFFFL;
        }
        if (ptype == PcoType.F32) {
            int raw = Float.floatToRawIntBits((float) m);
            int absBits = raw & 0x7FFF_FFFF;
            long absInt =
                    absBits < 0x4B80_0000 ? (long) Float.intBitsToFloat(absBits) : (1L << 24) + (absBits - 0x4B80_0000);
            long latent = raw >= 0 ? 0x8000_0000L + absInt : 0x8000_0000L - 1 - absInt;
            return latent & 0xFFFF_FFFFL;
        }
        long raw = Double.doubleToRawLongBits(m);
        long absBits = raw & Long.MAX_VALUE;
        long absInt = absBits < 0x4340_0000_0000_0000L
                ? (long) Double.longBitsToDouble(absBits)
                : (1L << 53) + (absBits - 0x4340_0000_0000_0000L);
        return raw >= 0 ? Long.MIN_VALUE + absInt : Long.MIN_VALUE - 1 - absInt;
    }
}
