package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/// The encoder's bin training pieces against independently known results: pco's documented
/// quantile histogram and weight quantisation examples, the digest's tANS spread example, a
/// plain full-sort histogram, and the invariants every set of bins must satisfy.
class PcoBinsTest {
    private static long[][] bins(PcoBins.Histogram h) {
        long[][] out = new long[h.size][];
        for (int i = 0; i < h.size; i++) {
            out[i] = new long[] {h.count[i], h.lower[i], h.upper[i]};
        }
        return out;
    }

    @Test
    void quantileHistogram() {
        // 9 values in 4 bins: the first bin takes the extra value.
        PcoBins.Histogram h = PcoBins.histogram(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 9, 2);
        assertArrayEquals(new long[][] {{3, 1, 3}, {2, 4, 5}, {2, 6, 7}, {2, 8, 9}}, bins(h));
        // Equal values stay in one bin.
        h = PcoBins.histogram(new long[] {8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8}, 11, 2);
        assertArrayEquals(new long[][] {{11, 8, 8}}, bins(h));
        // Shuffled 0..99 in 4 bins of 25, through the radix path (n >= 512 is not needed for it).
        long[] v = new long[100];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i * 37) % 100;
        }
        h = PcoBins.histogram(v, 100, 2);
        assertArrayEquals(new long[][] {{25, 0, 24}, {25, 25, 49}, {25, 50, 74}, {25, 75, 99}}, bins(h));
    }

    /// Few latents over a range of up to 2^16 values (with repeats) are counted through a bitmap
    /// of the values seen: the bins must be those of applying each value's run in order.
    @Test
    void sparseCountedHistogramMatchesRunsInOrder() {
        Random r = new Random(23);
        for (int c = 0; c < 60; c++) {
            int n = 512 + r.nextInt(15_000);
            int distinct = 1 + r.nextInt(c % 2 == 0 ? 50 : 5000);
            long min = c % 3 == 0 ? r.nextLong() : r.nextInt(1000);
            long[] pool = new long[distinct];
            for (int k = 0; k < distinct; k++) {
                pool[k] = min + (k == 0 ? 0 : k == 1 ? 65_535 : r.nextInt(1 << 16));
            }
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = pool[Math.min(distinct - 1, (int) Math.abs(r.nextGaussian() * distinct / 3))];
            }
            int binsLog = r.nextInt(9);
            // Expected: sorted runs (unsigned order relative to min) applied one by one.
            long[] rel = new long[n];
            for (int i = 0; i < n; i++) {
                rel[i] = v[i] - min;
            }
            Arrays.sort(rel);
            PcoBins.Histogram expected = new PcoBins.Histogram(n, binsLog);
            for (int i = 0; i < n; ) {
                int j = i;
                while (j < n && rel[j] == rel[i]) {
                    j++;
                }
                expected.applyRun(min + rel[i], j - i);
                i = j;
            }
            assertArrayEquals(bins(expected), bins(PcoBins.histogram(v, n, binsLog)), "case " + c);
            // and again, so the per-thread scratch must have been left clear
            assertArrayEquals(bins(expected), bins(PcoBins.histogram(v, n, binsLog)), "case " + c + " again");
        }
    }

    /// With distinct values, the partial radix refinement must give exactly the bins of a full
    /// sort followed by the sequential quantile pass.
    @Test
    void radixHistogramMatchesFullSort() {
        Random r = new Random(17);
        for (int bitsRange : new int[] {20, 40, 64}) {
            for (int n : new int[] {600, 5000, 100_000}) {
                Set<Long> seen = new HashSet<>();
                long[] v = new long[n];
                for (int i = 0; i < n; ) {
                    long x = bitsRange == 64 ? r.nextLong() : r.nextLong() >>> (64 - bitsRange);
                    if (seen.add(x)) {
                        v[i++] = x;
                    }
                }
                for (int binsLog : new int[] {0, 3, 8}) {
                    long[] sorted = v.clone();
                    for (int i = 0; i < n; i++) {
                        sorted[i] ^= Long.MIN_VALUE;
                    }
                    Arrays.sort(sorted);
                    for (int i = 0; i < n; i++) {
                        sorted[i] ^= Long.MIN_VALUE;
                    }
                    PcoBins.Histogram expected = new PcoBins.Histogram(n, binsLog);
                    expected.applySorted(sorted, 0, n);
                    assertArrayEquals(
                            bins(expected),
                            bins(PcoBins.histogram(v, n, binsLog)),
                            bitsRange + "/" + n + "/" + binsLog);
                }
            }
        }
    }

    /// Trained bins are sorted, disjoint, tight and cover every latent; weights sum to the table size.
    @Test
    void trainedBinsCoverTheLatents() {
        Random r = new Random(3);
        for (int c = 0; c < 200; c++) {
            int n = 1 + r.nextInt(r.nextBoolean() ? 50 : 20_000);
            int width = new int[] {16, 32, 64}[r.nextInt(3)];
            long mask = width == 64 ? -1L : (1L << width) - 1;
            long[] v = new long[n];
            int shape = r.nextInt(4);
            for (int i = 0; i < n; i++) {
                v[i] = switch (shape) {
                            case 0 -> r.nextLong();
                            case 1 -> r.nextInt(7);
                            case 2 -> r.nextInt(10) == 0 ? r.nextLong() : 1000 + r.nextInt(50);
                            default -> (long) (r.nextGaussian() * 1e6);
                        }
                        & mask;
            }
            PcoBins.Trained t = PcoBins.train(v, n, width, r.nextInt(13));
            long total = 0;
            for (long count : t.counts) {
                total += count;
            }
            assertEquals(n, total);
            int weightSum = 0;
            for (int i = 0; i < t.size(); i++) {
                weightSum += t.weights[i];
                assertTrue(t.weights[i] >= 1);
                assertTrue(Long.compareUnsigned(t.lowers[i], t.uppers[i]) <= 0);
                assertEquals(PcoBins.bitsFor(t.uppers[i] - t.lowers[i]), t.offsetBits[i]);
                if (i > 0) {
                    assertTrue(Long.compareUnsigned(t.uppers[i - 1], t.lowers[i]) < 0, "bins overlap");
                }
            }
            assertEquals(1 << t.ansSizeLog, weightSum);
            assertTrue(t.ansSizeLog <= 14);
            for (long x : v) {
                int b = t.binOf(x);
                assertTrue(
                        Long.compareUnsigned(t.lowers[b], x) <= 0 && Long.compareUnsigned(x, t.uppers[b]) <= 0,
                        "latent " + Long.toUnsignedString(x) + " not in its bin");
            }
        }
    }

    /// The bin search against a linear scan, on bins clustered at one end of a huge span (so one
    /// table cell reaches many bins), spread evenly, and touching the largest latent.
    @Test
    void binSearchMatchesALinearScan() {
        java.util.Random r = new java.util.Random(77);
        for (int c = 0; c < 300; c++) {
            int bins = 1 + r.nextInt(c % 3 == 0 ? 300 : 20);
            long[] lowers = new long[bins];
            long[] uppers = new long[bins];
            long at = c % 5 == 0 ? r.nextLong() : r.nextInt(1000);
            boolean clustered = c % 2 == 0;
            for (int b = 0; b < bins; b++) {
                lowers[b] = at;
                long width = clustered && b < bins - 1 ? r.nextInt(4) : (long) r.nextInt(1 << 20) << r.nextInt(20);
                uppers[b] = at + width;
                at = uppers[b] + 1 + (clustered && b == bins - 2 ? (1L << 50) + r.nextInt(1000) : r.nextInt(50));
            }
            if (c % 7 == 0) {
                // the last bin ends at the largest latent (unsigned)
                uppers[bins - 1] = -1L;
            }
            boolean ordered = true;
            for (int b = 0; b + 1 < bins; b++) {
                ordered &= Long.compareUnsigned(uppers[b], lowers[b + 1]) < 0
                        && Long.compareUnsigned(lowers[b], uppers[b]) <= 0;
            }
            ordered &= Long.compareUnsigned(lowers[bins - 1], uppers[bins - 1]) <= 0;
            if (!ordered) {
                continue;
            }
            int[] offsetBits = new int[bins];
            int[] weights = new int[bins];
            java.util.Arrays.fill(weights, 1);
            PcoBins.Trained t = new PcoBins.Trained(lowers, uppers, offsetBits, weights, new long[bins], 9);
            for (int b = 0; b < bins; b++) {
                long span = uppers[b] - lowers[b];
                long inside = span == -1L ? r.nextLong() : Long.remainderUnsigned(r.nextLong(), span + 1);
                long[] probes = {lowers[b], uppers[b], lowers[b] + (span >>> 1), lowers[b] + inside};
                for (long x : probes) {
                    int expected = 0;
                    for (int k = 0; k < bins; k++) {
                        if (Long.compareUnsigned(lowers[k], x) <= 0) {
                            expected = k;
                        }
                    }
                    assertEquals(expected, t.binOf(x), "case " + c + " latent " + Long.toUnsignedString(x));
                }
            }
        }
    }

    /// The batch bin lookup against a linear scan, on bins of single values next to wide ones
    /// (as lookbacks give) and many latents, so the table gets cells of one value or a few.
    @Test
    void batchBinLookupMatchesALinearScan() {
        Random r = new Random(13);
        for (int c = 0; c < 200; c++) {
            int narrow = 1 + r.nextInt(40);
            int wide = r.nextInt(30);
            int bins = narrow + wide;
            long[] lowers = new long[bins];
            long[] uppers = new long[bins];
            long at = c % 4 == 0 ? r.nextLong() >>> 1 : r.nextInt(100);
            for (int b = 0; b < bins; b++) {
                lowers[b] = at;
                uppers[b] =
                        b < narrow ? at + r.nextInt(2) : at + (r.nextLong() >>> (63 - r.nextInt(c % 3 == 0 ? 40 : 12)));
                at = uppers[b] + 1 + (r.nextInt(4) == 0 ? r.nextInt(1 << 10) : 0);
            }
            long[] counts = new long[bins];
            java.util.Arrays.fill(counts, 1L << (c % 24));
            PcoBins.Trained t = new PcoBins.Trained(lowers, uppers, new int[bins], new int[bins], counts, 9);
            int probes = 4000;
            long[] x = new long[probes + 3];
            for (int i = 0; i < probes; i++) {
                int b = r.nextInt(bins);
                long span = uppers[b] - lowers[b];
                x[i + 3] = i % 3 == 0 ? lowers[b] : lowers[b] + Long.remainderUnsigned(r.nextLong(), span + 1);
            }
            int[] symbols = new int[probes];
            t.binsOf(x, 3, probes, symbols);
            for (int i = 0; i < probes; i++) {
                int expected = 0;
                for (int k = 0; k < bins; k++) {
                    if (Long.compareUnsigned(lowers[k], x[i + 3]) <= 0) {
                        expected = k;
                    }
                }
                assertEquals(expected, symbols[i], "case " + c + " latent " + Long.toUnsignedString(x[i + 3]));
                assertEquals(expected, t.binOf(x[i + 3]), "case " + c);
            }
        }
    }

    @Test
    void weightQuantisation() {
        int[] w = new int[2];
        assertEquals(4, PcoBins.quantizeWeights(new long[] {77, 100}, 177, 4, w));
        assertArrayEquals(new int[] {7, 9}, w);
        assertEquals(1, PcoBins.quantizeWeights(new long[] {77, 77}, 154, 4, w));
        assertArrayEquals(new int[] {1, 1}, w);
        int[] one = new int[1];
        assertEquals(0, PcoBins.quantizeWeights(new long[] {5}, 5, 6, one));
        assertArrayEquals(new int[] {1}, one);
    }

    @Test
    void spreadMatchesTheFormatExample() {
        assertArrayEquals(
                new int[] {0, 3, 2, 3, 2, 3, 3, 3, 3, 1, 3, 2, 3, 3, 3, 3},
                PcoBins.Ans.spread(4, new int[] {1, 1, 3, 11}));
    }

    /// The count table gives exactly what [PcoBins#log2] computes (bin costs, and so the bins
    /// chosen, must not move by a bit).
    @Test
    void log2OfCountsIsTheComputedLog2() {
        for (long c = 1; c < (1 << 15); c++) {
            assertEquals(
                    Double.doubleToRawLongBits(PcoBins.log2(c)),
                    Double.doubleToRawLongBits(PcoBins.log2Count(c)),
                    "c=" + c);
        }
        Random r = new Random(5);
        for (int i = 0; i < 10_000; i++) {
            long c = 1 + r.nextInt(1 << 24);
            assertEquals(Double.doubleToRawLongBits(PcoBins.log2(c)), Double.doubleToRawLongBits(PcoBins.log2Count(c)));
        }
    }

    @Test
    void log2IsAccurate() {
        Random r = new Random(1);
        for (int i = 0; i < 100_000; i++) {
            double x = 1 + r.nextInt(1 << 24) * (r.nextBoolean() ? 1.0 : r.nextDouble());
            assertEquals(Math.log(x) / Math.log(2), PcoBins.log2(x), 1e-6, "x = " + x);
        }
        for (int e = 0; e < 60; e++) {
            assertEquals(e, PcoBins.log2(Math.scalb(1.0, e)), 0.0);
        }
    }

    /// The bin merge of [PcoBins#optimize] skips and stops its scan by cost bounds; its merges
    /// must equal those of the plain dynamic program here (every split tried, same costs, ties
    /// to the latest start), on histograms of narrow and wide, smooth and clumped latents.
    @Test
    void boundedBinMergeMatchesTheFullScan() {
        Random r = new Random(41);
        for (int c = 0; c < 400; c++) {
            int n = 1 + r.nextInt(c % 4 == 0 ? 200_000 : 5_000);
            int width = new int[] {16, 32, 64}[r.nextInt(3)];
            long mask = width == 64 ? -1L : (1L << width) - 1;
            int spreadBits = 1 + r.nextInt(width);
            long base = r.nextLong();
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                long x = switch (c % 5) {
                    case 0 -> r.nextLong() >>> (64 - spreadBits);
                    case 1 -> (long) (Math.abs(r.nextGaussian()) * (1L << Math.min(spreadBits, 50)));
                    case 2 -> r.nextInt(1 + r.nextInt(40)) * (1L << r.nextInt(Math.max(1, spreadBits - 5)));
                    case 3 -> i % 7 == 0 ? r.nextLong() : r.nextInt(1000);
                    default -> (long) r.nextInt(1 << Math.min(spreadBits, 20)) << Math.max(0, spreadBits - 20);
                };
                v[i] = (base + x) & mask;
            }
            int binsLog = r.nextInt(11);
            PcoBins.Histogram h = PcoBins.histogram(v, n, binsLog);
            int ansSizeLog = r.nextInt(13);
            assertArrayEquals(
                    fullScanMerge(h, width, ansSizeLog),
                    PcoBins.optimize(h, width, ansSizeLog),
                    "case " + c + ": n " + n + ", width " + width + ", bins " + h.size);
        }
    }

    /// [PcoBins#optimize] with every split scanned.
    private static int[] fullScanMerge(PcoBins.Histogram h, int width, int ansSizeLog) {
        int bins = h.size;
        long[] cumulative = new long[bins + 1];
        for (int i = 0; i < bins; i++) {
            cumulative[i + 1] = cumulative[i] + h.count[i];
        }
        long total = cumulative[bins];
        double totalLog2 = PcoBins.log2(total);
        double metaCost = ansSizeLog + width + PcoBins.offsetWidthBits(width);
        double[] best = new double[bins + 1];
        int[] bestJ = new int[bins];
        for (int i = 0; i < bins; i++) {
            double bestCost = Double.MAX_VALUE;
            for (int j = i; j >= 0; j--) {
                long count = cumulative[i + 1] - cumulative[j];
                double ansCost = totalLog2 - PcoBins.log2Count(count);
                double cost = best[j] + (metaCost + (ansCost + PcoBins.bitsFor(h.upper[i] - h.lower[j])) * count);
                if (cost < bestCost) {
                    bestCost = cost;
                    bestJ[i] = j;
                }
            }
            best[i + 1] = bestCost;
        }
        double single = metaCost
                + (totalLog2 - PcoBins.log2Count(total) + PcoBins.bitsFor(h.upper[bins - 1] - h.lower[0])) * total;
        if (single < best[bins] + 0.1 * total) {
            return new int[] {0, bins - 1};
        }
        boolean trivial = true;
        double trivialCost = 0;
        for (int i = 0; i < bins && trivial; i++) {
            trivial = h.lower[i] == h.upper[i];
            trivialCost += metaCost + (totalLog2 - PcoBins.log2Count(h.count[i])) * h.count[i];
        }
        if (trivial && trivialCost < best[bins] + 0.1 * total) {
            int[] out = new int[2 * bins];
            for (int i = 0; i < bins; i++) {
                out[2 * i] = i;
                out[2 * i + 1] = i;
            }
            return out;
        }
        java.util.ArrayList<int[]> groups = new java.util.ArrayList<>();
        for (int i = bins - 1; i >= 0; i = bestJ[i] - 1) {
            groups.add(0, new int[] {bestJ[i], i});
        }
        int[] out = new int[2 * groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            out[2 * g] = groups.get(g)[0];
            out[2 * g + 1] = groups.get(g)[1];
        }
        return out;
    }
}
