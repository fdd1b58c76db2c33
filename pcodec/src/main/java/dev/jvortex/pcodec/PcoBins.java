package dev.jvortex.pcodec;

import java.util.Arrays;

/// Bin training for the pco encoder: the bins of one latent variable of a chunk, their tANS
/// weights and the table size, chosen from all the variable's stored latents.
///
/// The method follows pco's own encoder (pco 1.0.x, `histograms.rs`, `bin_optimization.rs`,
/// `ans/encoding.rs`):
/// 1. an equal-count histogram of `2^binsLog` bins over the sorted latents, each bin with a tight
///    `[lower, upper]` range; a run of equal latents is never split between bins, and long runs
///    get a bin of their own;
/// 2. an exact dynamic program merges adjacent histogram bins when that lowers the estimated
///    cost (bin meta + tANS bits + offset bits), preferring a single bin or offset-free bins when
///    they cost little more, since they decode faster;
/// 3. the bin counts are quantised to weights summing to a power of two (at least 1 each), and
///    weights and table size are divided by their common power of two.
final class PcoBins {
    private PcoBins() {}

    /// Largest tANS table log the encoder picks (pco caps it at its maximum compression level).
    private static final int MAX_ESTIMATED_ANS_SIZE_LOG = 12;
    private static final double SINGLE_BIN_SPEEDUP_BITS = 0.1;
    private static final double TRIVIAL_OFFSET_SPEEDUP_BITS = 0.1;
    private static final double INV_LN2 = 1.0 / Math.log(2);

    /// The trained bins of one latent variable, sorted by `lower` (unsigned), with disjoint
    /// ranges covering every latent they were trained on.
    static final class Trained {
        final long[] lowers;
        final long[] uppers;
        final int[] offsetBits;
        final int[] weights;
        final long[] counts;
        final int ansSizeLog;
        /// `lowers` with the sign bit flipped, for signed comparison in the bin search.
        final long[] flippedLowers;

        Trained(long[] lowers, long[] uppers, int[] offsetBits, int[] weights, long[] counts, int ansSizeLog) {
            this.lowers = lowers;
            this.uppers = uppers;
            this.offsetBits = offsetBits;
            this.weights = weights;
            this.counts = counts;
            this.ansSizeLog = ansSizeLog;
            this.flippedLowers = new long[lowers.length];
            for (int i = 0; i < lowers.length; i++) {
                flippedLowers[i] = lowers[i] ^ Long.MIN_VALUE;
            }
        }

        int size() {
            return lowers.length;
        }

        /// Returns the bin holding `latent` (which must lie in one of the bins): the last bin
        /// whose lower bound is not above it. A table over the top bits of the span gives the bin
        /// at the start of the latent's cell; when a cell can hold several bins, a binary search
        /// with a fixed number of steps and no data-dependent branch finishes (the lowers are
        /// padded with the largest key so it never reads past the array).
        int binOf(long latent) {
            int[] t = table;
            if (t == null) {
                t = buildTable();
            }
            long key = latent ^ Long.MIN_VALUE;
            int b = t[(int) ((latent - base) >>> shift)];
            long[] pl = paddedLowers;
            for (int half = searchHalf; half > 0; half >>>= 1) {
                int c = b + half;
                b = pl[c] <= key ? c : b;
            }
            // Only the largest key can pass the padding; its bin is the last one.
            return Math.min(b, lastBin);
        }

        /// Writes the bin of each of `latents[from..from+count)` (each in one of the bins) to
        /// `symbols[0..count)`, as [#binOf] does.
        void binsOf(long[] latents, int from, int count, int[] symbols) {
            int[] t = table;
            if (t == null) {
                t = buildTable();
            }
            if (searchHalf == 0) {
                binsByTable(t, base, shift, latents, from, count, symbols);
            } else {
                binsBySearch(t, base, shift, paddedLowers, searchHalf, lastBin, latents, from, count, symbols);
            }
        }

        /// [#binsOf] when every table cell lies in one bin.
        private static void binsByTable(
                int[] t, long base, int shift, long[] latents, int from, int count, int[] symbols) {
            for (int i = 0; i < count; i++) {
                symbols[i] = t[(int) ((latents[from + i] - base) >>> shift)];
            }
        }

        /// [#binsOf] with a search of `searchHalf` steps after the table lookup.
        private static void binsBySearch(
                int[] t,
                long base,
                int shift,
                long[] pl,
                int searchHalf,
                int lastBin,
                long[] latents,
                int from,
                int count,
                int[] symbols) {
            for (int i = 0; i < count; i++) {
                long latent = latents[from + i];
                long key = latent ^ Long.MIN_VALUE;
                int b = t[(int) ((latent - base) >>> shift)];
                for (int half = searchHalf; half > 0; half >>>= 1) {
                    int c = b + half;
                    b = pl[c] <= key ? c : b;
                }
                symbols[i] = Math.min(b, lastBin);
            }
        }

        private long base;
        private int shift;
        private int[] table;
        /// `flippedLowers` followed by `2 * searchHalf` copies of `Long.MAX_VALUE`.
        private long[] paddedLowers;
        /// Half the power of two above the most bins one table cell can reach past its first; 0
        /// when every cell holds one bin.
        private int searchHalf;
        private int lastBin;

        /// Builds the lookup table on the first [#binOf] (bins trained only for a size estimate
        /// never need it): entry `k` is the bin holding (or last before) `base + (k << shift)`.
        ///
        /// The cells are as narrow as the closest two bin starts allow (so a cell holds at most
        /// one bin start past its first value), within a table of at most 2^12 entries, or up to
        /// 2^16 for many latents; the search after the lookup covers the most bin starts any one
        /// cell holds past its first value.
        private int[] buildTable() {
            int bins = lowers.length;
            lastBin = Math.max(0, bins - 1);
            if (bins == 0) {
                paddedLowers = new long[1];
                table = new int[1];
                return table;
            }
            base = lowers[0];
            long span = uppers[bins - 1] - base;
            int spanBits = bitsFor(span);
            long minGap = -1L;
            for (int b = 1; b < bins; b++) {
                minGap = Long.compareUnsigned(lowers[b] - lowers[b - 1], minGap) < 0
                        ? lowers[b] - lowers[b - 1]
                        : minGap;
            }
            long total = 0;
            for (long c : counts) {
                total += c;
            }
            int maxTableBits = Math.max(12, Math.min(16, bitsFor(total) - 1));
            int gapShift = 63 - Long.numberOfLeadingZeros(minGap);
            shift = Math.max(Math.min(Math.max(0, spanBits - 12), gapShift), Math.max(0, spanBits - maxTableBits));
            int size = (int) (span >>> shift) + 1;
            int[] table = new int[size];
            int b = 0;
            for (int k = 0; k < size; k++) {
                long key = (base + ((long) k << shift)) ^ Long.MIN_VALUE;
                while (b + 1 < bins && flippedLowers[b + 1] <= key) {
                    b++;
                }
                table[k] = b;
            }
            // The most bins starting inside one cell, past its first value.
            long cellMask = (1L << shift) - 1;
            int reach = 0;
            int run = 0;
            long runCell = -1;
            for (int i = 1; i < bins; i++) {
                long rel = lowers[i] - base;
                if ((rel & cellMask) == 0) {
                    continue;
                }
                long cell = rel >>> shift;
                run = cell == runCell ? run + 1 : 1;
                runCell = cell;
                reach = Math.max(reach, run);
            }
            searchHalf = reach == 0 ? 0 : Integer.highestOneBit(reach);
            paddedLowers = Arrays.copyOf(flippedLowers, bins + 2 * searchHalf);
            Arrays.fill(paddedLowers, bins, paddedLowers.length, Long.MAX_VALUE);
            // Published last: a non-null table means every other field is set.
            this.table = table;
            return table;
        }

        /// Estimated bits per latent from the weights (tANS bits plus offset bits).
        double avgBitsPerLatent() {
            double total = 1 << ansSizeLog;
            double sum = 0;
            for (int i = 0; i < weights.length; i++) {
                double ansBits = ansSizeLog - Math.log(weights[i]) * INV_LN2;
                sum += (ansBits + offsetBits[i]) * weights[i] / total;
            }
            return sum;
        }

        /// Bits of this variable's chunk-meta entry for latents of `width` bits.
        long metaBits(int width) {
            return 4 + 15 + (long) size() * (ansSizeLog + width + offsetWidthBits(width));
        }
    }

    /// Width of the offset-bits field of a bin for `width`-bit latents.
    static int offsetWidthBits(int width) {
        return 32 - Integer.numberOfLeadingZeros(width);
    }

    /// Bits needed for offsets up to `range` (unsigned).
    static int bitsFor(long range) {
        return 64 - Long.numberOfLeadingZeros(range);
    }

    /// Trains bins on `latents[0..n)` (values of `width` bits, not modified) with a histogram of
    /// `2^binsLog` bins.
    static Trained train(long[] latents, int n, int width, int binsLog) {
        if (n == 0) {
            return new Trained(new long[0], new long[0], new int[0], new int[0], new long[0], 0);
        }
        Histogram h = histogram(latents, n, binsLog);
        int nLogCeil = n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
        int estimatedAnsSizeLog = Math.min(Math.min(binsLog + 2, MAX_ESTIMATED_ANS_SIZE_LOG), nLogCeil);
        int[] groups = optimize(h, width, estimatedAnsSizeLog);
        int bins = groups.length / 2;
        long[] lowers = new long[bins];
        long[] uppers = new long[bins];
        int[] offsetBits = new int[bins];
        long[] counts = new long[bins];
        mergeBins(h, groups, lowers, uppers, offsetBits, counts);
        int[] weights = new int[bins];
        int ansSizeLog = quantizeWeights(counts, n, estimatedAnsSizeLog, weights);
        return new Trained(lowers, uppers, offsetBits, weights, counts, ansSizeLog);
    }

    /// The final bins of the merged histogram bin ranges `groups` (pairs of first and last).
    private static void mergeBins(
            Histogram h, int[] groups, long[] lowers, long[] uppers, int[] offsetBits, long[] counts) {
        for (int b = 0; b < lowers.length; b++) {
            int j = groups[2 * b];
            int i = groups[2 * b + 1];
            lowers[b] = h.lower[j];
            uppers[b] = h.upper[i];
            offsetBits[b] = bitsFor(h.upper[i] - h.lower[j]);
            long c = 0;
            for (int k = j; k <= i; k++) {
                c += h.count[k];
            }
            counts[b] = c;
        }
    }

    /// Buckets per radix level of [#histogram].
    private static final int RADIX_BITS = 11;
    /// Most radix levels [#refine] can nest: each one takes at least one bit off the span (all
    /// [#RADIX_BITS] of them unless the span is narrower), and a span of one value ends it.
    private static final int RADIX_LEVELS = 64;
    /// Ranges up to this size are simply sorted.
    private static final int SORT_LIMIT = 256;

    /// Builds the equal-count histogram of `latents[0..n)` without sorting all of them (like
    /// pco's partial quicksort): latents spanning at most 2^16 values are counted per value;
    /// otherwise an MSD radix partition on the top bits of the span is refined only where a
    /// bucket straddles a bin boundary. A bucket inside one bin only contributes its count,
    /// minimum and maximum.
    static Histogram histogram(long[] latents, int n, int binsLog) {
        Histogram h = new Histogram(n, binsLog);
        long min = unsignedMin(latents, n);
        long max = unsignedMax(latents, n);
        int rangeBits = bitsFor(max - min);
        if (rangeBits <= 16 && n >= 512) {
            if ((1L << rangeBits) <= 4L * n) {
                int[] counts = new int[1 << rangeBits];
                countValues(latents, n, min, counts);
                applyCounts(h, min, counts);
            } else {
                countSparse(h, latents, n, min);
            }
            return h;
        }
        long[] a = Arrays.copyOf(latents, n);
        refine(h, a, new long[n], 0, n, min, max, new int[RADIX_LEVELS][], 0);
        return h;
    }

    /// The unsigned minimum of `latents[0..n)`, as the signed one of the sign-flipped latents.
    private static long unsignedMin(long[] latents, int n) {
        long fMin = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            fMin = Math.min(fMin, latents[i] ^ Long.MIN_VALUE);
        }
        return fMin ^ Long.MIN_VALUE;
    }

    /// The unsigned maximum of `latents[0..n)`.
    private static long unsignedMax(long[] latents, int n) {
        long fMax = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            fMax = Math.max(fMax, latents[i] ^ Long.MIN_VALUE);
        }
        return fMax ^ Long.MIN_VALUE;
    }

    private static void countValues(long[] latents, int n, long min, int[] counts) {
        for (int i = 0; i < n; i++) {
            counts[(int) (latents[i] - min)]++;
        }
    }

    private static void applyCounts(Histogram h, long min, int[] counts) {
        for (int v = 0; v < counts.length; v++) {
            if (counts[v] > 0) {
                h.applyRun(min + v, counts[v]);
            }
        }
    }

    /// Per-thread scratch of [#countSparse]: counts of 2^16 values and a bitmap of those seen,
    /// all zero between calls.
    private static final class CountScratch {
        final int[] counts = new int[1 << 16];
        final long[] seen = new long[1 << 10];
    }

    private static final ThreadLocal<CountScratch> COUNT_SCRATCH = ThreadLocal.withInitial(CountScratch::new);

    /// Like counting into an array of the whole range and applying the non-zero counts in order,
    /// for few latents over a wide range: the values seen are found from a bitmap instead of a
    /// scan of every count.
    private static void countSparse(Histogram h, long[] latents, int n, long min) {
        CountScratch s = COUNT_SCRATCH.get();
        try {
            markValues(latents, n, min, s.counts, s.seen);
            applySeen(h, min, s.counts, s.seen);
        } catch (RuntimeException | Error e) {
            COUNT_SCRATCH.remove();
            throw e;
        }
    }

    private static void markValues(long[] latents, int n, long min, int[] counts, long[] seen) {
        for (int i = 0; i < n; i++) {
            int v = (int) (latents[i] - min);
            counts[v]++;
            seen[v >>> 6] |= 1L << v;
        }
    }

    /// Applies the counts of the values seen in increasing order, clearing counts and bitmap.
    private static void applySeen(Histogram h, long min, int[] counts, long[] seen) {
        for (int w = 0; w < seen.length; w++) {
            long bits = seen[w];
            if (bits == 0) {
                continue;
            }
            seen[w] = 0;
            do {
                int v = (w << 6) | Long.numberOfTrailingZeros(bits);
                h.applyRun(min + v, counts[v]);
                counts[v] = 0;
                bits &= bits - 1;
            } while (bits != 0);
        }
    }

    /// Adds the unsorted latents `a[from..to)` (all within `[min, max]`, unsigned) to the
    /// histogram, in sorted order as far as bin boundaries need it; `b` is scratch space.
    ///
    /// `levels[depth]` holds the bucket starts and fill positions of this recursion depth
    /// (allocated on first use and reused by the later calls at the same depth).
    private static void refine(
            Histogram h, long[] a, long[] b, int from, int to, long min, long max, int[][] levels, int depth) {
        int count = to - from;
        if (h.fitsOpenBin(count)) {
            h.applyUnsorted(min, max, count);
            return;
        }
        if (min == max) {
            h.applyRun(min, count);
            return;
        }
        if (count <= SORT_LIMIT) {
            sortFlipped(a, from, to);
            h.applySorted(a, from, to);
            return;
        }
        int rangeBits = bitsFor(max - min);
        int bucketBits = Math.min(RADIX_BITS, rangeBits);
        int shift = rangeBits - bucketBits;
        int buckets = 1 << bucketBits;
        int[] scratch = levels[depth];
        if (scratch == null) {
            scratch = new int[2 * (1 << RADIX_BITS) + 1];
            levels[depth] = scratch;
        } else {
            Arrays.fill(scratch, 0, buckets + 1, 0);
        }
        // starts = scratch[0..buckets], fill = scratch[buckets+1..2*buckets].
        int[] starts = scratch;
        for (int i = from; i < to; i++) {
            starts[(int) ((a[i] - min) >>> shift) + 1]++;
        }
        starts[0] = from;
        for (int k = 0; k < buckets; k++) {
            starts[k + 1] += starts[k];
        }
        int fill = buckets + 1;
        System.arraycopy(starts, 0, scratch, fill, buckets);
        for (int i = from; i < to; i++) {
            b[scratch[fill + (int) ((a[i] - min) >>> shift)]++] = a[i];
        }
        for (int k = 0; k < buckets; k++) {
            int bf = starts[k];
            int bt = starts[k + 1];
            if (bf < bt) {
                // Offsets from min are below 2^63 unless the span is the full 64 bits.
                long fLo = Long.MAX_VALUE;
                long fHi = Long.MIN_VALUE;
                for (int i = bf; i < bt; i++) {
                    long f = (b[i] - min) ^ Long.MIN_VALUE;
                    fLo = Math.min(fLo, f);
                    fHi = Math.max(fHi, f);
                }
                long lo = fLo ^ Long.MIN_VALUE;
                long hi = fHi ^ Long.MIN_VALUE;
                refine(h, b, a, bf, bt, min + lo, min + hi, levels, depth + 1);
            }
        }
    }

    private static void sortFlipped(long[] a, int from, int to) {
        for (int i = from; i < to; i++) {
            a[i] ^= Long.MIN_VALUE;
        }
        Arrays.sort(a, from, to);
        for (int i = from; i < to; i++) {
            a[i] ^= Long.MIN_VALUE;
        }
    }

    /// Equal-count histogram over sorted latents: bin `b` ideally ends at the `ceil((b+1)n/2^k)`-th
    /// latent, but runs of equal latents stay together (pco's `HistogramBuilder::apply_sorted`).
    static final class Histogram {
        final long n;
        final int binsLog;
        long[] count;
        long[] lower;
        long[] upper;
        int size;
        private long applied;
        private long nextAvailableBin;
        private boolean open;
        private long openCount;
        private long openLower;
        private long openUpper;

        Histogram(int n, int binsLog) {
            this.n = n;
            this.binsLog = binsLog;
            int cap = Math.min(n, 1 << binsLog) + 1;
            count = new long[cap];
            lower = new long[cap];
            upper = new long[cap];
        }

        private long binIndex(long cumulative) {
            return (cumulative << binsLog) / n;
        }

        private long cumulativeEnd(long bin) {
            return ((bin + 1) * n + (1L << binsLog) - 1) >>> binsLog;
        }

        private void addOpen(long first, long last, long c) {
            if (open) {
                openUpper = last;
                openCount += c;
            } else {
                open = true;
                openLower = first;
                openUpper = last;
                openCount = c;
            }
            applied += c;
        }

        private boolean complete(long bin) {
            if (!open) {
                return false;
            }
            nextAvailableBin = bin + 1;
            if (size == count.length) {
                count = Arrays.copyOf(count, size * 2);
                lower = Arrays.copyOf(lower, size * 2);
                upper = Arrays.copyOf(upper, size * 2);
            }
            count[size] = openCount;
            lower[size] = openLower;
            upper[size] = openUpper;
            size++;
            open = false;
            return true;
        }

        private void runAcrossBoundary(long value, long c) {
            long start = applied;
            long end = start + c;
            long bin = binIndex(start + c / 2);
            if (bin > nextAvailableBin) {
                long spare = bin - 1;
                if (!complete(spare)) {
                    bin = spare;
                }
            }
            addOpen(value, value, c);
            if (end >= cumulativeEnd(bin)) {
                complete(bin);
            }
        }

        /// Whether `count` more latents end before the current bin's target end (so their order
        /// within the bin does not matter).
        boolean fitsOpenBin(long count) {
            return applied + count <= cumulativeEnd(binIndex(applied));
        }

        /// Adds latents that all fall in the current bin (see [#fitsOpenBin]).
        void applyUnsorted(long first, long last, long c) {
            long target = binIndex(applied);
            long targetEnd = cumulativeEnd(target);
            addOpen(first, last, c);
            if (applied == targetEnd) {
                complete(target);
            }
        }

        /// Adds a run of `c` equal latents (in sorted order after everything added so far).
        void applyRun(long value, long c) {
            long target = binIndex(applied);
            long targetI = cumulativeEnd(target) - applied;
            if (targetI >= c) {
                addOpen(value, value, c);
                if (targetI == c) {
                    complete(target);
                }
            } else {
                runAcrossBoundary(value, c);
            }
        }

        void applySorted(long[] a, int from, int to) {
            while (from < to) {
                long target = binIndex(applied);
                long targetEnd = cumulativeEnd(target);
                long targetI = targetEnd - applied;
                int left = to - from;
                if (targetI >= left) {
                    addOpen(a[from], a[to - 1], left);
                    if (targetI == left) {
                        complete(target);
                    }
                    break;
                }
                int l = from + (int) targetI - 1;
                int r = from + (int) targetI;
                long x = a[l];
                while (l > from && a[l - 1] == x) {
                    l--;
                }
                while (r < to && a[r] == x) {
                    r++;
                }
                if (l > from) {
                    addOpen(a[from], a[l - 1], l - from);
                }
                runAcrossBoundary(x, r - l);
                from = r;
            }
        }
    }

    private static final int LOG2_TABLE_BITS = 10;
    /// log2 of `1 + k / 2^10` for k = 0..2^10, for [#log2].
    private static final double[] LOG2_TABLE = new double[(1 << LOG2_TABLE_BITS) + 1];

    static {
        for (int k = 0; k < LOG2_TABLE.length; k++) {
            LOG2_TABLE[k] = Math.log1p((double) k / (1 << LOG2_TABLE_BITS)) * INV_LN2;
        }
    }

    /// log2 of a positive normal double by table interpolation on the mantissa (error below 2e-7,
    /// plenty for cost estimates).
    static double log2(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int exponent = (int) (bits >>> 52) - 1023;
        long mantissa = bits & 0x000F_FFFF_FFFF_FFFFL;
        int k = (int) (mantissa >>> (52 - LOG2_TABLE_BITS));
        double frac = (mantissa & ((1L << (52 - LOG2_TABLE_BITS)) - 1)) * 0x1p-42;
        return exponent + LOG2_TABLE[k] + (LOG2_TABLE[k + 1] - LOG2_TABLE[k]) * frac;
    }

    /// Counts below this have their [#log2] in [#LOG2_COUNT].
    private static final int LOG2_COUNT_LIMIT = 1 << 13;
    /// `log2(c)` for counts `c` below [#LOG2_COUNT_LIMIT] (the very values [#log2] gives).
    private static final double[] LOG2_COUNT = new double[LOG2_COUNT_LIMIT];

    static {
        for (int c = 1; c < LOG2_COUNT_LIMIT; c++) {
            LOG2_COUNT[c] = log2(c);
        }
    }

    /// [#log2] of a positive count.
    static double log2Count(long count) {
        return count < LOG2_COUNT_LIMIT ? LOG2_COUNT[(int) count] : log2(count);
    }

    private static double binCost(double metaCost, long lower, long upper, long count, double totalLog2) {
        double ansCost = totalLog2 - log2Count(count);
        return metaCost + (ansCost + bitsFor(upper - lower)) * count;
    }

    /// Chooses how to merge adjacent histogram bins; returns pairs `(first, last)` of histogram
    /// bin indices, inclusive, one pair per final bin.
    static int[] optimize(Histogram h, int width, int ansSizeLog) {
        int bins = h.size;
        long[] cumulative = cumulative(h.count, bins);
        long total = cumulative[bins];
        double totalLog2 = log2(total);
        double metaCost = ansSizeLog + width + offsetWidthBits(width);
        double[] best = new double[bins + 1];
        int[] bestJ = new int[bins];
        mergeCosts(h.lower, h.upper, cumulative, bins, metaCost, totalLog2, best, bestJ);
        double bestCost = best[bins];
        double single = binCost(metaCost, h.lower[0], h.upper[bins - 1], total, totalLog2);
        if (single < bestCost + SINGLE_BIN_SPEEDUP_BITS * total) {
            return new int[] {0, bins - 1};
        }
        if (trivialCost(h, bins, metaCost, totalLog2) < bestCost + TRIVIAL_OFFSET_SPEEDUP_BITS * total) {
            return eachBinAlone(bins);
        }
        return groupsOf(bestJ, bins);
    }

    // optimize runs once per training and has no loop of its own (see PcoEncoder.encodeChunk).

    private static long[] cumulative(long[] count, int bins) {
        long[] cumulative = new long[bins + 1];
        for (int i = 0; i < bins; i++) {
            cumulative[i + 1] = cumulative[i] + count[i];
        }
        return cumulative;
    }

    /// The dynamic program: `best[i + 1]` and `bestJ[i]` for every last histogram bin `i`.
    private static void mergeCosts(
            long[] lower,
            long[] upper,
            long[] cumulative,
            int bins,
            double metaCost,
            double totalLog2,
            double[] best,
            int[] bestJ) {
        double[] minBest = new double[bins + 1];
        for (int i = 0; i < bins; i++) {
            bestJ[i] = bestLastBin(best, minBest, lower, cumulative, i, upper[i], metaCost, totalLog2);
        }
    }

    /// The cost of keeping every histogram bin, when all of them are offset-free (one value
    /// each); otherwise `+Infinity`.
    private static double trivialCost(Histogram h, int bins, double metaCost, double totalLog2) {
        boolean trivial = true;
        double trivialCost = 0;
        for (int i = 0; i < bins && trivial; i++) {
            trivial = h.lower[i] == h.upper[i];
            trivialCost += binCost(metaCost, h.lower[i], h.upper[i], h.count[i], totalLog2);
        }
        return trivial ? trivialCost : Double.POSITIVE_INFINITY;
    }

    private static int[] eachBinAlone(int bins) {
        int[] out = new int[2 * bins];
        for (int i = 0; i < bins; i++) {
            out[2 * i] = i;
            out[2 * i + 1] = i;
        }
        return out;
    }

    /// The merged groups, in order, from the chosen start of each last bin.
    private static int[] groupsOf(int[] bestJ, int bins) {
        int[] rev = new int[2 * bins];
        int k = 0;
        int i = bins - 1;
        while (true) {
            int j = bestJ[i];
            rev[k++] = j;
            rev[k++] = i;
            if (j == 0) {
                break;
            }
            i = j - 1;
        }
        int[] out = new int[k];
        for (int g = 0; g < k / 2; g++) {
            out[2 * g] = rev[k - 2 - 2 * g];
            out[2 * g + 1] = rev[k - 1 - 2 * g];
        }
        return out;
    }

    /// The cheapest split of histogram bins `0..i` whose last bin starts at histogram bin `j`
    /// (the latest `j` among equal costs): sets `best[i + 1]` to its cost, `minBest[i + 1]` to
    /// the least of `best[1..i+1]`, and returns `j`.
    ///
    /// The scan over `j >= 1` stops at the first `j` where `minBest[j] + metaCost + bits * count`
    /// (the last bin's offset bits times its count) is not below the best cost so far: every
    /// cost for `j' <= j` is `best[j'] + metaCost + (ansBits + bits') * count'` with
    /// `best[j'] >= minBest[j]`, `ansBits >= 0`, and `bits' >= bits`, `count' >= count` (the bin
    /// only widens as `j` falls); rounding is monotone, so none of them can be strictly cheaper.
    /// `j = 0` (whose `best[0]` is 0) is always tried last, as the full scan does.
    private static int bestLastBin(
            double[] best,
            double[] minBest,
            long[] lower,
            long[] cumulative,
            int i,
            long upper,
            double metaCost,
            double totalLog2) {
        double bestCost = Double.MAX_VALUE;
        int bj = 0;
        long end = cumulative[i + 1];
        // tANS bits per latent of any bin ending at i are at least those of the whole prefix.
        double minAns = (totalLog2 - log2Count(end)) * (1 - 1e-9);
        for (int j = i; j >= 1; j--) {
            long count = end - cumulative[j];
            int bits = bitsFor(upper - lower[j]);
            if (minBest[j] + (metaCost + (double) bits * count) >= bestCost) {
                break;
            }
            if ((best[j] + metaCost + (minAns + bits) * count) * (1 - 1e-9) >= bestCost) {
                continue;
            }
            double cost = best[j] + binCost(metaCost, lower[j], upper, count, totalLog2);
            if (cost < bestCost) {
                bestCost = cost;
                bj = j;
            }
        }
        double cost = best[0] + binCost(metaCost, lower[0], upper, end - cumulative[0], totalLog2);
        if (cost < bestCost) {
            bestCost = cost;
            bj = 0;
        }
        best[i + 1] = bestCost;
        minBest[i + 1] = i == 0 ? bestCost : Math.min(minBest[i], bestCost);
        return bj;
    }

    /// Quantises `counts` (summing to `total`) to tANS weights written into `weights`; returns the
    /// table size log. One bin gets weight 1 and log 0.
    static int quantizeWeights(long[] counts, long total, int maxSizeLog, int[] weights) {
        int bins = counts.length;
        if (bins == 1) {
            weights[0] = 1;
            return 0;
        }
        int minSizeLog = 32 - Integer.numberOfLeadingZeros(bins - 1);
        int sizeLog = Math.max(minSizeLog, maxSizeLog);
        quantizeTo(counts, total, sizeLog, weights);
        int shift = 31;
        for (int w : weights) {
            shift = Math.min(shift, Integer.numberOfTrailingZeros(w));
        }
        for (int i = 0; i < bins; i++) {
            weights[i] >>>= shift;
        }
        return sizeLog - shift;
    }

    /// Weights proportional to the counts above a floor of 1, summing to exactly `2^sizeLog`
    /// (float arithmetic, as pco does).
    private static void quantizeTo(long[] counts, long total, int sizeLog, int[] weights) {
        int bins = counts.length;
        int required = 1 << sizeLog;
        float multiplier = (float) required / (float) total;
        float[] surplus = new float[bins];
        float desired = 0;
        for (int i = 0; i < bins; i++) {
            surplus[i] = Math.max((float) counts[i] * multiplier - 1.0f, 0.0f);
            desired += surplus[i];
        }
        int requiredSurplus = required - bins;
        float surplusMult = desired == 0.0f ? 0.0f : requiredSurplus / desired;
        float[] target = new float[bins];
        long sum = 0;
        for (int i = 0; i < bins; i++) {
            target[i] = 1.0f + surplus[i] * surplusMult;
            weights[i] = Math.max(1, Math.round(target[i]));
            sum += weights[i];
        }
        // Give back or hand out the rounding difference, first to bins rounded the other way,
        // then (should float error leave any) to any bin that can take it.
        for (int i = 0; i < bins && sum > required; i++) {
            if (weights[i] > 1 && weights[i] > target[i]) {
                weights[i]--;
                sum--;
            }
        }
        for (int i = 0; i < bins && sum < required; i++) {
            if (weights[i] < target[i]) {
                weights[i]++;
                sum++;
            }
        }
        for (int i = 0; sum > required; i = (i + 1) % bins) {
            if (weights[i] > 1) {
                weights[i]--;
                sum--;
            }
        }
        for (int i = 0; sum < required; i = (i + 1) % bins) {
            weights[i]++;
            sum++;
        }
    }

    /// The tANS encoder of one variable: per symbol the renormalisation cutoff and bit count and
    /// its slots (as states `T + slot`, in increasing slot order).
    static final class Ans {
        final int sizeLog;
        final int[] weights;
        final int[] cutoff;
        final int[] minBits;
        final int[] nextStart;
        /// Shift of [#bitsDelta].
        static final int BITS_SHIFT = 24;
        /// `((minBits[s] + 1) << BITS_SHIFT) - cutoff[s]`: for a state `x` (below 2^13),
        /// `(x + bitsDelta[s]) >>> BITS_SHIFT` is the bits `x` renormalises by before `s`.
        final int[] bitsDelta;
        /// `nextStart[s] - weights[s]`: `next[nextBase[s] + (x >> r)]` is the state after `s`.
        final int[] nextBase;
        final int[] next;

        Ans(int sizeLog, int[] weightsOrEmpty) {
            int[] w = weightsOrEmpty.length == 0 ? new int[] {1} : weightsOrEmpty;
            this.sizeLog = sizeLog;
            this.weights = w;
            int t = 1 << sizeLog;
            int[] slots = spread(sizeLog, w);
            cutoff = new int[w.length];
            minBits = new int[w.length];
            nextStart = new int[w.length];
            next = new int[t];
            int at = 0;
            for (int s = 0; s < w.length; s++) {
                nextStart[s] = at;
                at += w[s];
                minBits[s] = sizeLog - (31 - Integer.numberOfLeadingZeros(2 * w[s] - 1));
                cutoff[s] = (2 * w[s]) << minBits[s];
            }
            nextBase = new int[w.length];
            bitsDelta = new int[w.length];
            for (int s = 0; s < w.length; s++) {
                nextBase[s] = nextStart[s] - w[s];
                bitsDelta[s] = ((minBits[s] + 1) << BITS_SHIFT) - cutoff[s];
            }
            int[] fill = nextStart.clone();
            for (int i = 0; i < t; i++) {
                int s = slots[i];
                next[fill[s]++] = t + i;
            }
        }

        /// The spread of symbols over the table slots (stride near 3T/5, odd).
        static int[] spread(int sizeLog, int[] weights) {
            int t = 1 << sizeLog;
            int[] slots = new int[t];
            int stride = 3 * t / 5;
            if ((stride & 1) == 0) {
                stride++;
            }
            int step = 0;
            for (int s = 0; s < weights.length; s++) {
                for (int k = 0; k < weights[s]; k++) {
                    slots[(stride * step) & (t - 1)] = s;
                    step++;
                }
            }
            return slots;
        }
    }
}
