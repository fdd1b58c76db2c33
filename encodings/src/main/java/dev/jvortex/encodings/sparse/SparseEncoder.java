package dev.jvortex.encodings.sparse;

import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.DistinctLongs;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Rows;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.patches.PatchesEncoder;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/// Encodes an array as `vortex.sparse`: a fill value (buffer 0, a protobuf `ScalarValue`) and
/// patches for the rows that differ from it, the inverse of [SparseDecoder].
///
/// With a null fill the patches are the valid rows; with a value fill they are the rows holding
/// another value or null (patch values keep their nulls). There are no chunk offsets, as in the
/// reference. Handles bool, primitive, decimal, utf8 and binary arrays.
public final class SparseEncoder {
    private SparseEncoder() {}

    /// Returns the sparse node of `a` filled with its most frequent value (null when nulls are at
    /// least as frequent), with children written by `children`; null when `a` is empty, not
    /// supported, or has no row that differs from the fill.
    public static WriteNode encode(Array a, ChildEncoder children) {
        if (a.length() == 0 || !Rows.supported(a)) {
            return null;
        }
        return encode(a, mostFrequentRow(a), children);
    }

    /// Returns the sparse node of `a` filled with the value of row `fillRow` (null when `fillRow`
    /// is -1 or a null row), children written by `children` (roles [ChildEncoder.Role#INDICES]
    /// and [ChildEncoder.Role#VALUES]); null when no row differs from the fill or `a` is not supported.
    public static WriteNode encode(Array a, int fillRow, ChildEncoder children) {
        int len = a.length();
        if (len == 0 || !Rows.supported(a)) {
            return null;
        }
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean nullFill = fillRow < 0 || !a.isValid(fillRow);
        boolean allValid = validity.isAllValid();
        // The differing rows, by one small loop per case (the fill null or not, every row valid or
        // not, primitive or not): no test in a loop that is the same for the whole chunk.
        Differing d = new Differing();
        if (nullFill) {
            if (allValid) {
                d.all(len);
            } else {
                d.valid(validWords, len);
            }
        } else if (a instanceof PrimitiveArray p) {
            long[] bits = Primitives.longs(p);
            if (allValid) {
                d.notEqual(bits, bits[fillRow], len);
            } else {
                d.nullOrNotEqual(bits, bits[fillRow], validWords, len);
            }
        } else if (allValid) {
            d.rowsNotEqual(a, fillRow, len);
        } else {
            d.nullOrRowsNotEqual(a, fillRow, validWords, len);
        }
        int[] rows = d.rows;
        int n = d.n;
        if (n == 0) {
            return null;
        }
        Scalar fill = nullFill ? new Scalar(a.dtype(), null) : Rows.scalar(a, fillRow);
        Array values = Rows.gather(a, rows, n);
        PatchesEncoder.Encoded patches = PatchesEncoder.encode(
                len, rows, n, values, false, children, ChildEncoder.Role.INDICES, ChildEncoder.Role.VALUES);
        byte[] meta = new SparseMetadata(patches.metadata()).write();
        return new WriteNode(
                EncodingId.SPARSE.id(),
                meta,
                List.of(new WriteNode.Buffer(MemorySegment.ofArray(fill.encode()), 1)),
                patches.children());
    }

    /// The rows that differ from the fill, in order.
    private static final class Differing {
        int[] rows = new int[16];
        int n;

        private void add(int i) {
            if (n == rows.length) {
                rows = Arrays.copyOf(rows, n * 2);
            }
            rows[n++] = i;
        }

        void all(int len) {
            rows = new int[Math.max(16, len)];
            for (int i = 0; i < len; i++) {
                rows[i] = i;
            }
            n = len;
        }

        void valid(long[] words, int len) {
            for (int i = 0; i < len; i++) {
                if ((words[i >>> 6] >>> i & 1) != 0) {
                    add(i);
                }
            }
        }

        void notEqual(long[] bits, long fill, int len) {
            for (int i = 0; i < len; i++) {
                if (bits[i] != fill) {
                    add(i);
                }
            }
        }

        void nullOrNotEqual(long[] bits, long fill, long[] words, int len) {
            for (int i = 0; i < len; i++) {
                if ((words[i >>> 6] >>> i & 1) == 0 || bits[i] != fill) {
                    add(i);
                }
            }
        }

        void rowsNotEqual(Array a, int fillRow, int len) {
            for (int i = 0; i < len; i++) {
                if (!Rows.equal(a, fillRow, i)) {
                    add(i);
                }
            }
        }

        void nullOrRowsNotEqual(Array a, int fillRow, long[] words, int len) {
            for (int i = 0; i < len; i++) {
                if ((words[i >>> 6] >>> i & 1) == 0 || !Rows.equal(a, fillRow, i)) {
                    add(i);
                }
            }
        }
    }

    /// [#dominantRow]'s answer when no value fills enough rows.
    public static final int NO_FILL = Integer.MIN_VALUE;

    /// Returns a fill for which at most `maxDiffering` rows of `a` differ: -1 when at most that
    /// many rows are valid (a null fill), else a row holding the one valid value that all but at
    /// most `maxDiffering` rows hold, or [#NO_FILL] when there is none. Two linear passes and no
    /// hashing: when `maxDiffering` is below half the rows such a value is the majority, which a
    /// majority vote finds, and a second pass counts it; the first pass stops early once the
    /// rows change value too often for any fill.
    public static int dominantRow(Array a, long maxDiffering) {
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean allValid = validity.isAllValid();
        long nulls = allValid ? 0 : validity.nullCount(len);
        if (len - nulls <= maxDiffering) {
            return -1;
        }
        if (nulls > maxDiffering || 2 * maxDiffering >= len || !Rows.supported(a)) {
            return nulls > maxDiffering ? NO_FILL : mostFrequentValid(a, maxDiffering);
        }
        if (a instanceof PrimitiveArray p) {
            return dominantPrimitive(p, validWords, maxDiffering);
        }
        int candidate = -1;
        int votes = 0;
        // Rows where the row differs from the one before (by validity or value): every row that
        // is not the fill touches at most two of them, so more than 2 * maxDiffering rule out
        // any fill, which ends the pass early on data without one.
        long changes = 0;
        long maxChanges = 2 * maxDiffering;
        boolean prevValid = false;
        for (int i = 0; i < len; i++) {
            boolean valid = allValid || ValidBits.get(validWords, i);
            if (i > 0 && (valid != prevValid || valid && !Rows.equal(a, i - 1, i)) && ++changes > maxChanges) {
                return NO_FILL;
            }
            prevValid = valid;
            if (!valid) {
                continue;
            }
            if (votes == 0) {
                candidate = i;
                votes = 1;
            } else if (Rows.equal(a, candidate, i)) {
                votes++;
            } else {
                votes--;
            }
        }
        long differing = 0;
        for (int i = 0; i < len; i++) {
            boolean same = (allValid || ValidBits.get(validWords, i)) && Rows.equal(a, candidate, i);
            if (!same && ++differing > maxDiffering) {
                return NO_FILL;
            }
        }
        return candidate;
    }

    /// Rows loaded per block by [#dominantPrimitive].
    private static final int BLOCK = 1024;

    /// [#dominantRow]'s two passes for a primitive array (`maxDiffering` below half the rows, at
    /// most that many nulls), block by block instead of over a copy of every row, so that data
    /// without a fill is given up on before most of it is loaded.
    static int dominantPrimitive(PrimitiveArray a, long[] validWords, long maxDiffering) {
        int len = a.length();
        long[] block = new long[Math.min(BLOCK, len)];
        // The drivers only load one block per pass; each loop over a block is its own small
        // method, compiled once on its own rather than inlined into the drivers' compilations.
        Vote vote = new Vote(2 * maxDiffering);
        for (int from = 0; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, m);
            if (!vote.add(block, m, from, validWords)) {
                return NO_FILL;
            }
        }
        long candidateBits = vote.candidateBits;
        long differing = 0;
        for (int from = 0; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, m);
            differing += validWords == null
                    ? differing(block, m, candidateBits)
                    : differingValid(block, m, candidateBits, validWords, from);
            if (differing > maxDiffering) {
                return NO_FILL;
            }
        }
        return vote.candidate;
    }

    /// The first pass of [#dominantPrimitive] across blocks: a majority vote over the valid
    /// values, and the count of changes between consecutive rows (valid to null, or two different
    /// valid values).
    private static final class Vote {
        final long maxChanges;
        int candidate = -1;
        long candidateBits;
        int votes;
        long changes;
        boolean prevValid;
        long prevBits;

        Vote(long maxChanges) {
            this.maxChanges = maxChanges;
        }

        /// Adds `block[0..m)` (rows `from..`); false when the changes exceed `maxChanges`.
        boolean add(long[] block, int m, int from, long[] validWords) {
            int candidate = this.candidate;
            long candidateBits = this.candidateBits;
            int votes = this.votes;
            long changes = this.changes;
            boolean prevValid = this.prevValid;
            long prevBits = this.prevBits;
            for (int k = 0; k < m; k++) {
                int i = from + k;
                boolean valid = ValidBits.get(validWords, i);
                long b = block[k];
                if (i > 0 && (valid != prevValid || valid && b != prevBits) && ++changes > maxChanges) {
                    return false;
                }
                prevValid = valid;
                prevBits = b;
                if (!valid) {
                    continue;
                }
                if (votes == 0) {
                    candidate = i;
                    candidateBits = b;
                    votes = 1;
                } else if (b == candidateBits) {
                    votes++;
                } else {
                    votes--;
                }
            }
            this.candidate = candidate;
            this.candidateBits = candidateBits;
            this.votes = votes;
            this.changes = changes;
            this.prevValid = prevValid;
            this.prevBits = prevBits;
            return true;
        }
    }

    /// The values of `block[0..m)` other than `bits`.
    private static long differing(long[] block, int m, long bits) {
        long differing = 0;
        for (int k = 0; k < m; k++) {
            differing += block[k] != bits ? 1 : 0;
        }
        return differing;
    }

    /// The rows of `block[0..m)` (rows `from..`) that are null or hold a value other than `bits`.
    private static long differingValid(long[] block, int m, long bits, long[] validWords, int from) {
        long differing = 0;
        for (int k = 0; k < m; k++) {
            differing += ValidBits.get(validWords, from + k) && block[k] == bits ? 0 : 1;
        }
        return differing;
    }

    /// The slow path of [#dominantRow] for a bound of half the rows or more: the most frequent
    /// valid value, counted exactly.
    private static int mostFrequentValid(Array a, long maxDiffering) {
        int row = mostFrequentRow(a);
        if (row < 0) {
            return NO_FILL;
        }
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        long differing = 0;
        for (int i = 0; i < len; i++) {
            if ((!validity.isAllValid() && !ValidBits.get(validWords, i) || !Rows.equal(a, row, i))
                    && ++differing > maxDiffering) {
                return NO_FILL;
            }
        }
        return row;
    }

    /// Returns a row holding the most frequent valid value (the first such row), or -1 when null
    /// rows are at least as many.
    public static int mostFrequentRow(Array a) {
        if (a instanceof PrimitiveArray p) {
            return mostFrequentPrimitive(p);
        }
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        Map<Object, int[]> counts = new HashMap<>();
        int bestRow = -1;
        int bestCount = validity.nullCount(len);
        for (int i = 0; i < len; i++) {
            if (!validity.isAllValid() && !ValidBits.get(validWords, i)) {
                continue;
            }
            int[] c = counts.computeIfAbsent(Rows.key(a, i), k -> new int[] {0, -1});
            if (c[1] < 0) {
                c[1] = i;
            }
            if (++c[0] > bestCount) {
                bestCount = c[0];
                bestRow = c[1];
            }
        }
        return bestRow;
    }

    private static int mostFrequentPrimitive(PrimitiveArray a) {
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        long[] bits = Primitives.longs(a);
        DistinctLongs distinct = new DistinctLongs();
        int[] counts = new int[16];
        int[] firstRows = new int[16];
        int bestRow = -1;
        int bestCount = validity.nullCount(len);
        for (int i = 0; i < len; i++) {
            if (!validity.isAllValid() && !ValidBits.get(validWords, i)) {
                continue;
            }
            int before = distinct.size();
            int id = distinct.add(bits[i]);
            if (id == counts.length) {
                counts = Arrays.copyOf(counts, id * 2);
                firstRows = Arrays.copyOf(firstRows, id * 2);
            }
            if (id == before) {
                firstRows[id] = i;
            }
            if (++counts[id] > bestCount) {
                bestCount = counts[id];
                bestRow = firstRows[id];
            }
        }
        return bestRow;
    }
}
