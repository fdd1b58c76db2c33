package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.RunCounts;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.dict.DictEncoder;
import java.util.EnumSet;

/// `vortex.dict` with at most half as many distinct values as rows; for integers only in the
/// compressors that allow integer dictionaries ([Cascade#integerDictionaries]). Judged on every
/// row, since a sample's distinct count says little about the whole array's, unless a cheaper
/// look shows it cannot or will hardly win ([#skipFullTrial]).
///
/// The codes cascade without dictionary, FoR, zigzag, sequence, sparse or delta, whatever the
/// parent's exclusions; the values inherit those and also go without dictionary, run-end or RLE.
final class DictScheme extends Scheme {
    static final DictScheme INSTANCE = new DictScheme();
    private static final ChildRule CODES = ChildRule.only(EnumSet.of(
            SchemeId.DICT, SchemeId.FOR, SchemeId.ZIGZAG, SchemeId.SEQUENCE, SchemeId.SPARSE, SchemeId.DELTA));
    private static final ChildRule VALUES =
            ChildRule.without(SchemeId.DICT, SchemeId.RUNEND, SchemeId.INT_RLE, SchemeId.FLOAT_RLE);

    private DictScheme() {
        super(SchemeId.DICT);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return !(a instanceof PrimitiveArray p && p.ptype().isInteger()) || cascade.integerDictionaries();
    }

    @Override
    boolean judgedOnEveryRow() {
        return true;
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return switch (role) {
            case CODES -> CODES;
            case VALUES -> VALUES;
            default -> ChildRule.LIGHT;
        };
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return DictEncoder.encode(a, Math.max(1, a.length() / 2), cascade.children(this, depth, excluded, sample));
    }

    /// For a primitive array: whether the dictionary cannot win ([#cannotWin]) or is unpromising
    /// on the sample ([#unpromising]), with one distinct-count estimate of the whole array for
    /// both. Saves building a dictionary over every row in vain.
    @Override
    boolean skipFullTrial(
            Array a,
            Array judged,
            Cascade cascade,
            int depth,
            EnumSet<SchemeId> excluded,
            long canonicalBytes,
            double bestRatio) {
        if (!(a instanceof PrimitiveArray p)) {
            return false;
        }
        double wholeDistinct = DictEncoder.estimateDistinct(p);
        return cannotWin(p, wholeDistinct, canonicalBytes, bestRatio)
                || unpromising(p, wholeDistinct, judged, cascade, depth, excluded, canonicalBytes, bestRatio);
    }

    /// Whether a dictionary of the primitive array `p` cannot beat `bestRatio` even if its values
    /// cost nothing: its codes need at least the bits of the (estimated) distinct count per valid
    /// row, or per run plus a 32-bit run end, as the reference's dictionary estimate counts them;
    /// 20 % slack for the estimate.
    private static boolean cannotWin(PrimitiveArray p, double wholeDistinct, long canonicalBytes, double bestRatio) {
        int len = p.length();
        Validity v = p.validity();
        boolean allValid = v.isAllValid();
        long valid = allValid ? len : len - v.nullCount(len);
        if (valid < 2) {
            return false;
        }
        double distinct = wholeDistinct * 0.9;
        int codeBits = Math.max(1, 64 - Long.numberOfLeadingZeros((long) Math.max(1, distinct - 1)));
        long runs = validRuns(p, runsBeyondCodes(codeBits, valid));
        double codesBytes = Math.min((double) codeBits * valid, (codeBits + 32.0) * runs) / 8;
        return canonicalBytes / (0.8 * codesBytes) <= bestRatio;
    }

    /// The fewest runs `r` whose run-ends estimate `(codeBits + 32) * r` is at least the codes'
    /// `codeBits * valid` (compared in doubles as [#cannotWin] does): from there on the smaller of
    /// the two is the codes' bits whatever the runs, so counting may stop.
    static long runsBeyondCodes(int codeBits, long valid) {
        double codes = (double) codeBits * valid;
        long r = (long) Math.ceil(codes / (codeBits + 32.0));
        while ((codeBits + 32.0) * r < codes) {
            r++;
        }
        while (r > 0 && (codeBits + 32.0) * (r - 1) >= codes) {
            r--;
        }
        return r;
    }

    /// The runs of equal values among the valid rows of `p` (nulls skipped, so equal values on
    /// either side of nulls are one run); branch-free when every row is valid, else over the set
    /// bits of the validity words alone.
    static long validRuns(PrimitiveArray p) {
        return validRuns(p, Long.MAX_VALUE);
    }

    /// [#validRuns(PrimitiveArray)], or any count of at least `enough` once the runs of the blocks
    /// read so far reach it (runs only grow). Only whole counts are kept for other trials
    /// ([RunCounts]).
    static long validRuns(PrimitiveArray p, long enough) {
        long known = RunCounts.validRuns(p);
        if (known >= 0) {
            return known;
        }
        int len = p.length();
        long[] state = new long[3];
        if (p.validity().isAllValid()) {
            runsAllValid(p, len, enough, state);
        } else {
            runsNullable(p, ValidBits.words(p.validity(), len), len, enough, state);
        }
        if (state[2] == len) {
            RunCounts.putValidRuns(p, state[0]);
        }
        return state[0];
    }

    /// Rows per block of [#runsAllValid] and [#runsNullable] (a multiple of 64).
    private static final int RUN_BLOCK = 1024;

    /// Counts into `state` = {runs, -, rows read} until every row is read or the runs reach
    /// `enough`.
    private static void runsAllValid(PrimitiveArray p, int len, long enough, long[] state) {
        long[] block = new long[RUN_BLOCK];
        long runs = 0;
        long prev = 0;
        int from = 0;
        while (from < len && runs < enough) {
            int m = Math.min(RUN_BLOCK, len - from);
            Segments.load(p.data(), p.ptype(), from, block, 0, m);
            // Branch-free: a run starts at the first row and wherever a row differs from the last.
            runs += from == 0 || block[0] != prev ? 1 : 0;
            runs += changes(block, m);
            prev = block[m - 1];
            from += m;
        }
        state[0] = runs;
        state[2] = from;
    }

    /// The positions `k` in `1..m` where `block[k]` differs from `block[k - 1]`.
    private static long changes(long[] block, int m) {
        long runs = 0;
        for (int k = 1; k < m; k++) {
            runs += block[k] != block[k - 1] ? 1 : 0;
        }
        return runs;
    }

    /// Counts into `state` = {runs, the last valid value (none while the runs are 0), rows read}
    /// until every row is read or the runs reach `enough`.
    private static void runsNullable(PrimitiveArray p, long[] words, int len, long enough, long[] state) {
        long[] block = new long[RUN_BLOCK];
        int from = 0;
        while (from < len && state[0] < enough) {
            int m = Math.min(RUN_BLOCK, len - from);
            Segments.load(p.data(), p.ptype(), from, block, 0, m);
            runsOfValid(block, m, words, from >>> 6, state);
            from += m;
        }
        state[2] = from;
    }

    /// Adds to `state` the runs among the valid rows of `block[0..m)`, whose validity is
    /// `words[w0 ..]` (bits past the array's rows clear): one step per valid row, found a word
    /// at a time by its lowest set bit.
    private static void runsOfValid(long[] block, int m, long[] words, int w0, long[] state) {
        long runs = state[0];
        long prev = state[1];
        int nw = (m + 63) >>> 6;
        for (int j = 0; j < nw; j++) {
            long w = words[w0 + j];
            while (w != 0) {
                long bits = block[(j << 6) + Long.numberOfTrailingZeros(w)];
                runs += runs == 0 || bits != prev ? 1 : 0;
                prev = bits;
                w &= w - 1;
            }
        }
        state[0] = runs;
        state[1] = prev;
    }

    /// Whether a dictionary of the primitive array `a`, tried on the sample `judged` and scaled up
    /// to every row, falls clearly (10 %) short of `bestRatio`. The codes grow with the rows and
    /// with the code width of the whole array's (estimated) distinct count, the values with that
    /// count, so a dictionary that wins on the whole array but not on a small sample still gets
    /// its full trial.
    private boolean unpromising(
            PrimitiveArray a,
            double wholeDistinct,
            Array judged,
            Cascade cascade,
            int depth,
            EnumSet<SchemeId> excluded,
            long canonicalBytes,
            double bestRatio) {
        if (!(judged instanceof PrimitiveArray sample) || bestRatio <= 1.0) {
            return false;
        }
        WriteNode n;
        try {
            n = encode(sample, cascade, depth, excluded, true);
        } catch (RuntimeException e) {
            return false;
        }
        double sampleDistinct = Math.max(1, DictEncoder.estimateDistinct(sample));
        double distinct = Math.max(sampleDistinct, wholeDistinct);
        if (n == null || n.children().size() < 2) {
            // No dictionary on the sample (too many distinct values there): codes at the width of
            // the whole array's distinct count, values compressed as well as the best scheme does.
            double codes = a.length() * (double) Math.max(1, 64 - Long.numberOfLeadingZeros((long) distinct)) / 8;
            double values = distinct * a.ptype().byteWidth() / bestRatio;
            return canonicalBytes / (codes + values) < 0.9 * bestRatio;
        }
        double widthGrowth = (double) Math.max(1, 64 - Long.numberOfLeadingZeros((long) distinct))
                / Math.max(1, 64 - Long.numberOfLeadingZeros((long) sampleDistinct));
        double codes = n.children().get(0).bufferBytes() * ((double) a.length() / sample.length()) * widthGrowth;
        double values = n.children().get(1).bufferBytes() * (distinct / sampleDistinct);
        return canonicalBytes / (codes + values) < 0.9 * bestRatio;
    }
}
