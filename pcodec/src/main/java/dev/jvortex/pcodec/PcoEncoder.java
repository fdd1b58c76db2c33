package dev.jvortex.pcodec;

import java.util.ArrayList;
import java.util.List;

/// Compresses primitive numbers into pco 1.x wrapped data (format 4.1): a header, and per chunk
/// one chunk meta and its pages. The inverse of [PcoDecoder] / [PcoChunkDecoder].
///
/// Per chunk, as pco's default configuration does at compression level 8:
/// 1. **mode**: IntMult for integers when a common base is estimated to save at least half a
///    bit per number; for floats the best of FloatMult (same threshold) and FloatQuant (more than
///    1.5 bits) ([PcoModes]); otherwise Classic. Dict is not tried;
/// 2. **delta**: None, Consecutive of order 1..7 or Lookback (window `2^clamp(bits(n-1), 4, 15)`,
///    one state latent) on the primary latents, chosen on a sample of groups of 200 consecutive
///    numbers by estimated compressed size ([PcoLookback] for the lookbacks); None below 10
///    numbers;
/// 3. **bins**: per latent variable, a quantile histogram over the chunk's stored latents, bins
///    merged by an exact cost optimisation, tANS weights quantised to a table of at most 2^12
///    ([PcoBins]);
/// 4. **pages**: `EqualPagesUpTo(maxPageN)`; each page starts its delta state and tANS states
///    afresh, so every page decodes on its own;
/// 5. **fallback**: if the result is larger than the values stored raw, the raw layout (one bin
///    of full-width offsets) is written instead.
///
/// Values are passed as `long`s (see [PcoType]): raw bits for floats, sign-extended signed
/// integers, zero-extended unsigned integers.
public final class PcoEncoder {
    private PcoEncoder() {}

    /// pco's default compression level.
    public static final int DEFAULT_LEVEL = 8;
    /// Numbers per chunk Vortex uses (`pco::DEFAULT_MAX_PAGE_N`).
    public static final int DEFAULT_CHUNK_N = 1 << 18;
    /// Most numbers one chunk may hold.
    public static final int MAX_CHUNK_N = 1 << 24;

    private static final int MAX_DELTA_ORDER = 7;
    /// Delta choice: Lookback (as an argument, forces it; as a [#chooseDelta] result, chose it).
    public static final int LOOKBACK = -1;
    /// Delta choice: let the encoder choose (the default).
    public static final int DELTA_AUTO = -2;
    private static final double LOOKBACK_BYTES_PER_NUMBER = 0.25;
    private static final int DELTA_GROUP = 200;
    private static final int SECONDARY_MAX_BINS_LOG = 6;
    private static final int BATCH = PcoChunkDecoder.BATCH;

    private static final int MODE_CLASSIC = 0;
    private static final int MODE_INT_MULT = 1;
    private static final int MODE_FLOAT_MULT = 2;
    private static final int MODE_FLOAT_QUANT = 3;

    /// The wrapped-format header pco 1.x writes: format 4.1.
    public static byte[] header() {
        return new byte[] {4, 1};
    }

    /// One compressed chunk: its meta, its pages and the number of values of each page.
    ///
    /// @param meta the chunk meta bytes
    /// @param pages the page bytes, in order
    /// @param pageCounts values per page
    public record Chunk(byte[] meta, byte[][] pages, int[] pageCounts) {
        /// Returns the total bytes of meta and pages.
        public long byteSize() {
            long n = meta.length;
            for (byte[] p : pages) {
                n += p.length;
            }
            return n;
        }
    }

    /// Compresses `values[0..n)` of `ptype` into chunks of up to [#DEFAULT_CHUNK_N] numbers with
    /// pages of up to `maxPageN` numbers.
    public static List<Chunk> encode(PcoType ptype, long[] values, int n, int maxPageN) {
        return encode(ptype, values, n, maxPageN, DELTA_AUTO);
    }

    /// Like [#encode(PcoType, long[], int, int)] with the delta encoding fixed by `delta` (see
    /// [#encodeChunk(PcoType, long[], int, int, int, int, int)]).
    public static List<Chunk> encode(PcoType ptype, long[] values, int n, int maxPageN, int delta) {
        List<Chunk> chunks = new ArrayList<>();
        for (int from = 0; from < n; from += DEFAULT_CHUNK_N) {
            chunks.add(encodeChunk(
                    ptype, values, from, Math.min(DEFAULT_CHUNK_N, n - from), maxPageN, DEFAULT_LEVEL, delta));
        }
        return chunks;
    }

    /// Returns the page sizes of `EqualPagesUpTo(maxPageN)`: the fewest pages of at most
    /// `maxPageN` numbers, as equal as possible, the first ones one larger.
    public static int[] pageSizes(int n, int maxPageN) {
        if (maxPageN <= 0) {
            throw new IllegalArgumentException("pco page size must be positive, got " + maxPageN);
        }
        if (n == 0) {
            return new int[0];
        }
        int pages = (int) (((long) n + maxPageN - 1) / maxPageN);
        int low = n / pages;
        int extra = n % pages;
        int[] out = new int[pages];
        for (int i = 0; i < pages; i++) {
            out[i] = i < extra ? low + 1 : low;
        }
        return out;
    }

    /// Whether pco (and so this encoder) handles numbers of `ptype`; Vortex never uses 8-bit types.
    public static boolean supports(PcoType ptype) {
        return switch (ptype) {
            case I16, I32, I64, U16, U32, U64, F16, F32, F64 -> true;
            default -> false;
        };
    }

    /// Compresses `values[from..from+n)` of `ptype` into one chunk (1 to 2^24 numbers) with
    /// pages of up to `maxPageN` numbers, at compression `level` (0..12; it sets the histogram
    /// size).
    public static Chunk encodeChunk(PcoType ptype, long[] values, int from, int n, int maxPageN, int level) {
        return encodeChunk(ptype, values, from, n, maxPageN, level, DELTA_AUTO);
    }

    /// Like [#encodeChunk(PcoType, long[], int, int, int, int)] with the delta encoding given:
    /// [#DELTA_AUTO] (the encoder chooses), 0 (None), 1..7 (Consecutive of that order) or
    /// [#LOOKBACK]. The raw fallback still applies when the result would be larger.
    public static Chunk encodeChunk(PcoType ptype, long[] values, int from, int n, int maxPageN, int level, int delta) {
        if (delta != DELTA_AUTO && (delta < LOOKBACK || delta > MAX_DELTA_ORDER)) {
            throw new IllegalArgumentException(
                    "pco delta must be DELTA_AUTO, LOOKBACK or an order 0.." + MAX_DELTA_ORDER + ", got " + delta);
        }
        if (!supports(ptype)) {
            throw new IllegalArgumentException("pco does not encode " + ptype.shortName());
        }
        if (n < 1 || n > MAX_CHUNK_N) {
            throw new IllegalArgumentException("a pco chunk holds 1 to " + MAX_CHUNK_N + " numbers, got " + n);
        }
        if (from < 0 || from > values.length - n) {
            throw new IllegalArgumentException(
                    "pco chunk [" + from + ", " + (from + n) + ") is outside the " + values.length + " values");
        }
        if (level < 0 || level > 12) {
            throw new IllegalArgumentException("pco compression level must be in 0..12, got " + level);
        }
        int width = ptype.bitWidth();
        int[] pageSizes = pageSizes(n, maxPageN);
        long[] ordered = toOrdered(values, from, n, ptype);

        // 1. mode
        int mode = MODE_CLASSIC;
        long modeParameter = 0;
        long[] primary = ordered;
        long[] secondary = null;
        if (ptype.isFloat()) {
            long[] sample = PcoModes.floatSample(ptype, values, from, n);
            PcoModes.FloatBase fb = sample == null ? null : PcoModes.floatMultBase(ptype, sample);
            PcoModes.Quant fq = sample == null ? null : PcoModes.floatQuant(ptype, sample);
            if (fq != null && (fb == null || fq.bitsSaved() >= fb.bitsSaved())) {
                mode = MODE_FLOAT_QUANT;
                modeParameter = fq.k();
                primary = new long[n];
                secondary = new long[n];
                splitFloatQuant(ptype, ordered, n, fq.k(), primary, secondary);
            } else if (fb != null) {
                mode = MODE_FLOAT_MULT;
                modeParameter = toOrdered(fb.baseBits(), ptype);
                primary = new long[n];
                secondary = new long[n];
                splitFloatMult(ptype, values, from, n, fb, modeParameter, ordered, primary, secondary);
            }
        } else {
            long base = PcoModes.intMultBase(ordered, n);
            if (base != 0) {
                mode = MODE_INT_MULT;
                modeParameter = base;
                primary = new long[n];
                secondary = new long[n];
                splitIntMult(ordered, n, base, primary, secondary);
            }
        }

        // 2. delta
        int binsLog = binsLog(level, n);
        if (delta == DELTA_AUTO) {
            delta = chooseDelta(primary, n, width, binsLog);
        }

        // 3. delta encoding per page and bins
        // The primary latents are delta-encoded in place; when they are the ordered latents
        // themselves, the raw fallback recomputes those.
        boolean orderedKept = primary != ordered;
        long[] primaryWork = primary;
        Var dv = null;
        Var pv;
        int windowLog = 0;
        if (delta == LOOKBACK) {
            windowLog = PcoLookback.windowLog(n);
            long[] lookbacks = new long[n];
            dv = new Var(32, pageSizes.length, 0);
            pv = new Var(width, pageSizes.length, 1);
            int out = lookbackPages(primaryWork, pageSizes, width, windowLog, lookbacks, dv, pv);
            int stored = compactLookbackPages(primaryWork, pageSizes, pv);
            dv.setStored(lookbacks, out, binsLog);
            pv.setStored(primaryWork, stored, binsLog);
        } else {
            pv = Var.build(primaryWork, pageSizes, delta, width, binsLog);
        }
        int order = delta == LOOKBACK ? 0 : delta;
        Var sv = secondary == null
                ? null
                : Var.build(secondary, pageSizes, 0, width, Math.min(binsLog, SECONDARY_MAX_BINS_LOG));
        List<Var> varList = new ArrayList<>(3);
        if (dv != null) {
            varList.add(dv);
        }
        varList.add(pv);
        if (sv != null) {
            varList.add(sv);
        }
        Var[] vars = varList.toArray(new Var[0]);

        PcoBitWriter mw = new PcoBitWriter(64);
        mw.write(mode, 4);
        if (mode == MODE_FLOAT_QUANT) {
            mw.write(modeParameter, 8);
        } else if (mode != MODE_CLASSIC) {
            mw.write(modeParameter, width);
        }
        if (delta == LOOKBACK) {
            mw.write(2, 4);
            mw.write(windowLog - 1, 5);
            mw.write(0, 4);
            mw.write(0, 1);
        } else if (order == 0) {
            mw.write(0, 4);
        } else {
            mw.write(1, 4);
            mw.write(order, 3);
            mw.write(0, 1);
        }
        writeMetas(mw, vars);
        byte[] meta = mw.toBytes();

        byte[][] pages = new byte[pageSizes.length][];
        long size = meta.length + writePages(vars, pageSizes, pages);
        Chunk chunk = new Chunk(meta, pages, pageSizes);

        // 4. never worse than raw
        if (size > rawSize(pageSizes, width)) {
            return raw(orderedKept ? ordered : toOrdered(values, from, n, ptype), pageSizes, width);
        }
        return chunk;
    }

    // encodeChunk runs once per chunk and has no loop of its own: each loop is a small method
    // compiled alone, rather than all of them inlined into one large on-stack compile of it.

    /// IntMult: `primary` = the quotients by `base`, `secondary` = the remainders.
    private static void splitIntMult(long[] ordered, int n, long base, long[] primary, long[] secondary) {
        for (int i = 0; i < n; i++) {
            long u = ordered[i];
            long q = Long.divideUnsigned(u, base);
            primary[i] = q;
            secondary[i] = u - q * base;
        }
    }

    /// Chooses each page's lookbacks (into `lookbacks`, pages one after another, in `dv`) and
    /// lookback-encodes the page in place (its state in `pv`); returns the lookbacks written.
    private static int lookbackPages(
            long[] primary, int[] pageSizes, int width, int windowLog, long[] lookbacks, Var dv, Var pv) {
        int at = 0;
        int out = 0;
        for (int p = 0; p < pageSizes.length; p++) {
            int pn = pageSizes[p];
            int k = PcoLookback.choose(primary, at, pn, width, windowLog, lookbacks, out);
            if (pn > 0) {
                pv.states[p][0] = PcoLookback.encode(primary, at, pn, lookbacks, out, pv.mask);
            }
            dv.pageStart[p] = out;
            dv.pageStored[p] = k;
            out += k;
            at += pn;
        }
        return out;
    }

    /// Compacts the primary's stored latents (each page drops its first, the state) and sets
    /// the pages in `pv`; returns the latents stored.
    private static int compactLookbackPages(long[] primary, int[] pageSizes, Var pv) {
        int at = 0;
        int stored = 0;
        for (int p = 0; p < pageSizes.length; p++) {
            int pn = pageSizes[p];
            int s = Math.min(1, pn);
            System.arraycopy(primary, at + s, primary, stored, pn - s);
            pv.pageStart[p] = stored;
            pv.pageStored[p] = pn - s;
            stored += pn - s;
            at += pn;
        }
        return stored;
    }

    private static void writeMetas(PcoBitWriter mw, Var[] vars) {
        for (Var v : vars) {
            v.writeMeta(mw);
        }
    }

    /// Writes every page into `pages`; returns their total bytes.
    private static long writePages(Var[] vars, int[] pageSizes, byte[][] pages) {
        long size = 0;
        PageScratch scratch = new PageScratch(maxPage(pageSizes));
        for (int p = 0; p < pageSizes.length; p++) {
            pages[p] = writePage(vars, p, pageSizes[p], scratch);
            size += pages[p].length;
        }
        return size;
    }

    /// Bytes of the raw layout of these pages.
    private static long rawSize(int[] pageSizes, int width) {
        long rawSize = rawMetaBytes(width);
        for (int pn : pageSizes) {
            rawSize += ((long) pn * width + 7) >>> 3;
        }
        return rawSize;
    }

    private static int maxPage(int[] sizes) {
        int m = 0;
        for (int s : sizes) {
            m = Math.max(m, s);
        }
        return m;
    }

    /// The histogram size log for `n` numbers at `level` (pco's `choose_unoptimized_bins_log`).
    static int binsLog(int level, int n) {
        int logN = 31 - Integer.numberOfLeadingZeros(n);
        int fast = Math.max(logN - 4, 0);
        return level <= fast ? level : fast + (level - fast) / 2;
    }

    /// Splits floats for FloatMult: primary = the latent of the integer-valued multiple, secondary
    /// = the ULP adjustment from the decoder's own product (so decoding is exact by construction).
    private static void splitFloatMult(
            PcoType ptype,
            long[] values,
            int from,
            int n,
            PcoModes.FloatBase fb,
            long baseLatent,
            long[] ordered,
            long[] primary,
            long[] secondary) {
        double inv = PcoModes.value(ptype, fb.invBits());
        for (int i = 0; i < n; i++) {
            double x = PcoModes.value(ptype, values[from + i]);
            double m = Double.isFinite(x) ? PcoModes.multiple(ptype, x, inv) : 0.0;
            primary[i] = PcoModes.intFloatToLatent(ptype, m);
        }
        long[] joined = primary.clone();
        switch (ptype) {
            case F16 -> PcoFloats.joinFloatMult16(joined, new long[n], n, baseLatent);
            case F32 -> PcoFloats.joinFloatMult32(joined, new long[n], n, baseLatent);
            default -> PcoFloats.joinFloatMult64(joined, new long[n], n, baseLatent);
        }
        long mask = ptype.bitWidth() == 64 ? -1L : (1L << ptype.bitWidth()) - 1;
        for (int i = 0; i < n; i++) {
            secondary[i] = (ordered[i] - joined[i]) & mask;
        }
    }

    /// Splits floats for FloatQuant(k): primary = the ordered latent without its low k bits,
    /// secondary = those bits (complemented for negative floats, so exact quantised values get 0).
    private static void splitFloatQuant(PcoType ptype, long[] ordered, int n, int k, long[] primary, long[] secondary) {
        long low = (1L << k) - 1;
        long mid = 1L << (ptype.bitWidth() - 1);
        for (int i = 0; i < n; i++) {
            long u = ordered[i];
            primary[i] = u >>> k;
            long bits = u & low;
            // An ordered latent at or above mid is a float with the sign bit clear.
            secondary[i] = (u & mid) != 0 ? bits : low - bits;
        }
    }

    // ---- delta choice --------------------------------------------------------------------------

    /// Chooses the delta encoding of the primary latents: 0 (None), a Consecutive order 1..7 or
    /// [#LOOKBACK], by the estimated size of a sample of groups of consecutive latents. Lookback
    /// is tried only when None costs more than a quarter byte per number, and must beat the
    /// others by that much; orders are raised while the size keeps shrinking.
    static int chooseDelta(long[] latents, int n, int width, int binsLog) {
        long[] sample = deltaSample(latents, n);
        if (sample == null) {
            return 0;
        }
        int best = 0;
        double bestCost = sampleCost(sample, width, binsLog, 0);
        double penalty = LOOKBACK_BYTES_PER_NUMBER * sample.length;
        if (bestCost > penalty) {
            double cost = lookbackSampleCost(sample, width, binsLog) + penalty;
            if (cost < bestCost) {
                best = LOOKBACK;
                bestCost = cost;
            }
        }
        for (int order = 1; order <= MAX_DELTA_ORDER; order++) {
            double cost = sampleCost(sample, width, binsLog, order);
            if (cost < bestCost) {
                best = order;
                bestCost = cost;
            } else {
                break;
            }
        }
        return best;
    }

    /// Estimated bytes of `sample` as one chunk of one page with Lookback.
    private static double lookbackSampleCost(long[] sample, int width, int binsLog) {
        int n = sample.length;
        long[] x = sample.clone();
        long mask = width == 64 ? -1L : (1L << width) - 1;
        int windowLog = PcoLookback.windowLog(n);
        long[] lookbacks = new long[Math.max(1, n)];
        int k = PcoLookback.choose(x, 0, n, width, windowLog, lookbacks, 0);
        PcoLookback.encode(x, 0, n, lookbacks, 0, mask);
        long[] stored = java.util.Arrays.copyOfRange(x, Math.min(1, n), n);
        PcoBins.Trained tl = PcoBins.train(lookbacks, k, 32, binsLog);
        PcoBins.Trained tp = PcoBins.train(stored, stored.length, width, binsLog);
        long metaBits = 8 + 10 + tl.metaBits(32) + tp.metaBits(width);
        long pageMetaBits = width + 4L * (tl.ansSizeLog + tp.ansSizeLog);
        double body = k * tl.avgBitsPerLatent() + stored.length * tp.avgBitsPerLatent();
        return Math.ceil(metaBits / 8.0) + Math.ceil(pageMetaBits / 8.0) + Math.ceil(body / 8.0);
    }

    /// The delta-choice sample: about 1 in 40 latents (null below 10), as groups of 200
    /// consecutive latents spread evenly from the first to the last.
    static long[] deltaSample(long[] latents, int n) {
        if (n < PcoModes.MIN_SAMPLE) {
            return null;
        }
        int target = PcoModes.sampleSize(n);
        int group = Math.min(DELTA_GROUP, n);
        int groups = (target + DELTA_GROUP - 1) / DELTA_GROUP;
        long nominal = (long) groups * group;
        long stride = group + Math.max(0, n - nominal) / (Math.max(groups, 2) - 1);
        long[] out = new long[(int) nominal];
        for (int g = 0; g < groups; g++) {
            System.arraycopy(latents, (int) (stride * g), out, g * group, group);
        }
        return out;
    }

    /// Estimated bytes of `sample` as one chunk of one page with Consecutive `order`.
    private static double sampleCost(long[] sample, int width, int binsLog, int order) {
        int n = sample.length;
        long[] x = sample.clone();
        long mask = width == 64 ? -1L : (1L << width) - 1;
        deltaEncode(x, 0, n, order, mask, new long[order]);
        int start = Math.min(order, n);
        long[] stored = java.util.Arrays.copyOfRange(x, start, n);
        PcoBins.Trained t = PcoBins.train(stored, stored.length, width, binsLog);
        long metaBits = 8 + (order == 0 ? 0 : 4) + t.metaBits(width);
        long pageMetaBits = (long) order * width + 4L * t.ansSizeLog;
        return Math.ceil(metaBits / 8.0)
                + Math.ceil(pageMetaBits / 8.0)
                + Math.ceil(stored.length * t.avgBitsPerLatent() / 8.0);
    }

    /// Consecutive delta encoding of `x[from..from+n)` in place: `moments` gets the `order`
    /// moments; the stored latents (toggled by the mid value) end up in
    /// `x[from+min(order,n)..from+n)`.
    static void deltaEncode(long[] x, int from, int n, int order, long mask, long[] moments) {
        int end = from + n;
        for (int pass = 0; pass < order; pass++) {
            int start = from + Math.min(pass, n);
            moments[pass] = start < end ? x[start] : 0;
            for (int i = end - 1; i > start; i--) {
                x[i] = (x[i] - x[i - 1]) & mask;
            }
        }
        if (order > 0) {
            long mid = (mask >>> 1) + 1;
            for (int i = from + Math.min(order, n); i < end; i++) {
                x[i] ^= mid;
            }
        }
    }

    // ---- latent variables and pages -----------------------------------------------------------

    /// One latent variable of a chunk: stored latents of all pages (contiguous), per-page delta
    /// states, trained bins and the tANS encoder.
    private static final class Var {
        final int width;
        final long mask;
        long[] stored;
        final int[] pageStart;
        final int[] pageStored;
        final long[][] states;
        PcoBins.Trained bins;
        PcoBins.Ans ans;
        /// The widest offset of any bin.
        int maxOffsetBits;

        Var(int width, int pages, int stateCount) {
            this.width = width;
            this.mask = width == 64 ? -1L : (1L << width) - 1;
            this.pageStart = new int[pages];
            this.pageStored = new int[pages];
            this.states = new long[pages][stateCount];
        }

        /// Sets the stored latents of all pages (`stored[0..count)`) and trains the bins.
        void setStored(long[] stored, int count, int binsLog) {
            this.stored = stored;
            this.bins = PcoBins.train(stored, count, width, binsLog);
            int m = 0;
            for (int b : bins.offsetBits) {
                m = Math.max(m, b);
            }
            this.maxOffsetBits = m;
            this.ans = new PcoBins.Ans(bins.ansSizeLog, bins.weights);
        }

        /// Delta-encodes `latents` (modified in place) per page with Consecutive `order` (0 for
        /// none) and trains the bins on the stored latents.
        static Var build(long[] latents, int[] pageSizes, int order, int width, int binsLog) {
            int pages = pageSizes.length;
            Var v = new Var(width, pages, order);
            int at = 0;
            int out = 0;
            for (int p = 0; p < pages; p++) {
                int pn = pageSizes[p];
                int s = 0;
                if (order > 0) {
                    deltaEncode(latents, at, pn, order, v.mask, v.states[p]);
                    s = Math.min(order, pn);
                    System.arraycopy(latents, at + s, latents, out, pn - s);
                }
                v.pageStart[p] = out;
                v.pageStored[p] = pn - s;
                out += pn - s;
                at += pn;
            }
            v.setStored(latents, out, binsLog);
            return v;
        }

        void writeMeta(PcoBitWriter w) {
            PcoBins.Trained b = bins;
            w.write(b.ansSizeLog, 4);
            w.write(b.size(), 15);
            int ow = PcoBins.offsetWidthBits(width);
            for (int i = 0; i < b.size(); i++) {
                w.write(b.weights[i] - 1, b.ansSizeLog);
                w.write(b.lowers[i], width);
                w.write(b.offsetBits[i], ow);
            }
        }
    }

    /// Per-page scratch arrays, reused across pages and variables.
    private static final class PageScratch {
        final int[][] symbols = new int[3][];
        final long[][] offsets = new long[3][];
        final int[][] ansBits = new int[3][];
        final int[][] ansValues = new int[3][];
        final int[][] finalStates = new int[3][4];

        PageScratch(int maxPage) {
            for (int v = 0; v < 3; v++) {
                symbols[v] = new int[maxPage];
                offsets[v] = new long[maxPage];
                ansBits[v] = new int[maxPage];
                ansValues[v] = new int[maxPage];
            }
        }
    }

    /// The page's bytes. No loop of its own: dissecting, the header and the batches are three
    /// small methods, each compiled alone rather than all inlined into one on-stack compile.
    private static byte[] writePage(Var[] vars, int page, int pageN, PageScratch s) {
        long bodyBits = dissectAll(vars, page, s);
        PcoBitWriter w = new PcoBitWriter((int) Math.min(Integer.MAX_VALUE - 64, bodyBits / 8 + 64));
        writeHeader(w, vars, page, s);
        w.align();
        writeBatches(w, vars, page, pageN, s);
        return w.toBytes();
    }

    /// Dissects every variable's latents of the page; returns the estimated body bits.
    private static long dissectAll(Var[] vars, int page, PageScratch s) {
        long bodyBits = 0;
        for (int v = 0; v < vars.length; v++) {
            bodyBits +=
                    dissect(vars[v], page, s.symbols[v], s.offsets[v], s.ansBits[v], s.ansValues[v], s.finalStates[v]);
        }
        return bodyBits;
    }

    /// Each variable's delta states and its four final tANS states.
    private static void writeHeader(PcoBitWriter w, Var[] vars, int page, PageScratch s) {
        for (int v = 0; v < vars.length; v++) {
            Var var = vars[v];
            for (long st : var.states[page]) {
                w.write(st, var.width);
            }
            int sizeLog = var.bins.ansSizeLog;
            for (int j = 0; j < 4; j++) {
                w.writeShort(s.finalStates[v][j] - (1 << sizeLog), sizeLog);
            }
        }
    }

    /// The body: batch by batch, each variable's tANS bits then its offsets.
    private static void writeBatches(PcoBitWriter w, Var[] vars, int page, int pageN, PageScratch s) {
        for (int b = 0; b * BATCH < pageN; b++) {
            for (int v = 0; v < vars.length; v++) {
                Var var = vars[v];
                int count = var.pageStored[page];
                int from = b * BATCH;
                int to = Math.min(count, from + BATCH);
                if (from >= to || isTrivial(var.bins)) {
                    continue;
                }
                if (var.bins.size() > 1) {
                    w.writeInts(s.ansValues[v], s.ansBits[v], from, to, var.bins.ansSizeLog);
                }
                w.writeOffsets(s.offsets[v], s.symbols[v], var.bins.offsetBits, from, to, var.maxOffsetBits);
            }
        }
    }

    private static boolean isTrivial(PcoBins.Trained b) {
        return b.size() == 0 || b.size() == 1 && b.offsetBits[0] == 0;
    }

    /// Finds each stored latent's bin and offset and runs tANS backwards over the page; returns
    /// an estimate of the body bits.
    private static long dissect(
            Var var, int page, int[] symbols, long[] offsets, int[] ansBits, int[] ansValues, int[] finalStates) {
        PcoBins.Trained b = var.bins;
        PcoBins.Ans ans = var.ans;
        int t = 1 << ans.sizeLog;
        finalStates[0] = finalStates[1] = finalStates[2] = finalStates[3] = t;
        int count = var.pageStored[page];
        int start = var.pageStart[page];
        long[] stored = var.stored;
        long mask = var.mask;
        if (b.size() == 0) {
            return 0;
        }
        if (b.size() == 1) {
            return singleBin(stored, start, count, b.lowers[0], mask, symbols, offsets) * b.offsetBits[0];
        }
        b.binsOf(stored, start, count, symbols);
        long bits = offsetsOf(stored, start, count, symbols, b.lowers, b.offsetBits, mask, offsets);
        return bits + ansEncode(symbols, count, ans, ansBits, ansValues, finalStates);
    }

    /// Offsets from the one bin's lower; returns `count`.
    private static long singleBin(
            long[] stored, int start, int count, long lower, long mask, int[] symbols, long[] offsets) {
        for (int i = 0; i < count; i++) {
            symbols[i] = 0;
            offsets[i] = (stored[start + i] - lower) & mask;
        }
        return count;
    }

    /// Each latent's offset from its bin's lower; returns the offset bits.
    private static long offsetsOf(
            long[] stored,
            int start,
            int count,
            int[] symbols,
            long[] lowers,
            int[] offsetBits,
            long mask,
            long[] offsets) {
        long bits = 0;
        for (int i = 0; i < count; i++) {
            int sym = symbols[i];
            offsets[i] = (stored[start + i] - lowers[sym]) & mask;
            bits += offsetBits[sym];
        }
        return bits;
    }

    /// Runs tANS backwards over `symbols[0..count)` from the states in `finalStates` (updated to
    /// the final ones); returns the tANS bits.
    private static long ansEncode(
            int[] symbols, int count, PcoBins.Ans ans, int[] ansBits, int[] ansValues, int[] finalStates) {
        long bits = 0;
        int[] bitsDelta = ans.bitsDelta;
        int[] base = ans.nextBase;
        int[] next = ans.next;
        // Four independent state chains, run backwards; the ragged tail (count mod 4) first.
        int x0 = finalStates[0];
        int x1 = finalStates[1];
        int x2 = finalStates[2];
        int x3 = finalStates[3];
        int full = count & ~3;
        for (int i = count - 1; i >= full; i--) {
            int sym = symbols[i];
            int x = switch (i & 3) {
                case 0 -> x0;
                case 1 -> x1;
                default -> x2;
            };
            int r = (x + bitsDelta[sym]) >>> PcoBins.Ans.BITS_SHIFT;
            ansValues[i] = x & ((1 << r) - 1);
            ansBits[i] = r;
            bits += r;
            x = next[base[sym] + (x >>> r)];
            switch (i & 3) {
                case 0 -> x0 = x;
                case 1 -> x1 = x;
                default -> x2 = x;
            }
        }
        for (int i = full - 4; i >= 0; i -= 4) {
            int s3 = symbols[i + 3];
            int r3 = (x3 + bitsDelta[s3]) >>> PcoBins.Ans.BITS_SHIFT;
            ansValues[i + 3] = x3 & ((1 << r3) - 1);
            ansBits[i + 3] = r3;
            x3 = next[base[s3] + (x3 >>> r3)];
            int s2 = symbols[i + 2];
            int r2 = (x2 + bitsDelta[s2]) >>> PcoBins.Ans.BITS_SHIFT;
            ansValues[i + 2] = x2 & ((1 << r2) - 1);
            ansBits[i + 2] = r2;
            x2 = next[base[s2] + (x2 >>> r2)];
            int s1 = symbols[i + 1];
            int r1 = (x1 + bitsDelta[s1]) >>> PcoBins.Ans.BITS_SHIFT;
            ansValues[i + 1] = x1 & ((1 << r1) - 1);
            ansBits[i + 1] = r1;
            x1 = next[base[s1] + (x1 >>> r1)];
            int s0 = symbols[i];
            int r0 = (x0 + bitsDelta[s0]) >>> PcoBins.Ans.BITS_SHIFT;
            ansValues[i] = x0 & ((1 << r0) - 1);
            ansBits[i] = r0;
            x0 = next[base[s0] + (x0 >>> r0)];
            bits += r0 + r1 + r2 + r3;
        }
        finalStates[0] = x0;
        finalStates[1] = x1;
        finalStates[2] = x2;
        finalStates[3] = x3;
        return bits;
    }

    // ---- raw fallback ---------------------------------------------------------------------------

    private static long rawMetaBytes(int width) {
        return (8 + 4 + 15 + width + PcoBins.offsetWidthBits(width) + 7) / 8;
    }

    /// The raw layout: Classic, no delta, one bin of lower 0 and full-width offsets.
    private static Chunk raw(long[] ordered, int[] pageSizes, int width) {
        PcoBitWriter mw = new PcoBitWriter(16);
        mw.write(0, 4);
        mw.write(0, 4);
        mw.write(0, 4);
        mw.write(1, 15);
        mw.write(0, width);
        mw.write(width, PcoBins.offsetWidthBits(width));
        byte[] meta = mw.toBytes();
        byte[][] pages = new byte[pageSizes.length][];
        int at = 0;
        for (int p = 0; p < pageSizes.length; p++) {
            PcoBitWriter w = new PcoBitWriter((int) (((long) pageSizes[p] * width + 7) / 8) + 8);
            for (int i = 0; i < pageSizes[p]; i++) {
                w.write(ordered[at + i], width);
            }
            at += pageSizes[p];
            pages[p] = w.toBytes();
        }
        return new Chunk(meta, pages, pageSizes);
    }

    // ---- number <-> latent ----------------------------------------------------------------------

    /// The order-preserving latents of `values[from..from+n)` of `ptype`.
    static long[] toOrdered(long[] values, int from, int n, PcoType ptype) {
        int width = ptype.bitWidth();
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long mid = 1L << (width - 1);
        long[] out = new long[n];
        if (ptype.isFloat()) {
            int signShift = width - 1;
            for (int i = 0; i < n; i++) {
                long v = values[from + i] & mask;
                // Negative: all bits flipped; otherwise only the sign bit.
                long negative = -((v >>> signShift) & 1);
                out[i] = v ^ (mid | (negative & mask));
            }
        } else {
            long flip = ptype.isSigned() ? mid : 0;
            for (int i = 0; i < n; i++) {
                out[i] = (values[from + i] & mask) ^ flip;
            }
        }
        return out;
    }

    /// The order-preserving latent of a value of `ptype` (in the `long` form of [PcoType]).
    static long toOrdered(long v, PcoType ptype) {
        int width = ptype.bitWidth();
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long mid = 1L << (width - 1);
        v &= mask;
        if (ptype.isFloat()) {
            return (v & mid) != 0 ? ~v & mask : v ^ mid;
        }
        return ptype.isSigned() ? v ^ mid : v;
    }
}
