package dev.jvortex.encodings.runend;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Rows;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.RunCounts;
import dev.jvortex.encodings.ValidBits;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/// Encodes an array as `vortex.runend`: one value per run of equal rows and the exclusive end
/// row of each run, the inverse of [RunEndDecoder]. Consecutive null rows form one run whose
/// value is null. Ends are the narrowest unsigned type that holds the length; the offset is 0.
/// Handles bool, primitive, decimal, utf8 and binary arrays (the reference's compressor uses it
/// for integers); floats compare by their bits.
public final class RunEndEncoder {
    private RunEndEncoder() {}

    /// An array split into runs, before its children are written.
    ///
    /// @param ends the exclusive end row of each run (unsigned, strictly increasing, the last = the length)
    /// @param values the value of each run (the array's type)
    public record Parts(PrimitiveArray ends, Array values) {}

    /// Returns the run-end node of `a` with children written by `children` (roles
    /// [ChildEncoder.Role#ENDS] and [ChildEncoder.Role#VALUES]); null when `a` is empty or not supported.
    public static WriteNode encode(Array a, ChildEncoder children) {
        Parts parts = split(a);
        if (parts == null) {
            return null;
        }
        return node(
                parts,
                children.encode(ChildEncoder.Role.ENDS, parts.ends()),
                children.encode(ChildEncoder.Role.VALUES, parts.values()));
    }

    /// Returns the run-end node over written children.
    public static WriteNode node(Parts parts, WriteNode ends, WriteNode values) {
        byte[] meta =
                new RunEndMetadata(parts.ends().ptype().code(), parts.ends().length(), 0).write();
        return WriteNode.of(EncodingId.RUNEND.id(), meta, ends, values);
    }

    /// Returns the number of runs of `a` (0 when empty), for estimates. Counted once per array on
    /// a thread ([RunCounts]).
    public static int runCount(Array a) {
        int len = a.length();
        if (len == 0) {
            return 0;
        }
        long known = RunCounts.rowRuns(a);
        if (known >= 0) {
            return (int) known;
        }
        int runs = countRunsOnce(a, len);
        RunCounts.putRowRuns(a, runs);
        return runs;
    }

    /// Whether [#runCount] of `a` is at most `maxRuns`: for an array with every row valid, the
    /// count stops once the runs of the blocks read so far pass `maxRuns` (runs only grow); a
    /// whole count is kept as [#runCount] keeps it.
    public static boolean runsAtMost(Array a, long maxRuns) {
        int len = a.length();
        if (len == 0
                || RunCounts.rowRuns(a) >= 0
                || !(a instanceof PrimitiveArray p)
                || !a.validity().isAllValid()) {
            return runCount(a) <= maxRuns;
        }
        long[] state = new long[2];
        primitiveRuns(p, maxRuns, state);
        if (state[1] == len) {
            RunCounts.putRowRuns(a, state[0]);
        }
        return state[0] <= maxRuns;
    }

    /// [#runCount] of a non-empty array, counted.
    private static int countRunsOnce(Array a, int len) {
        long[] validWords = ValidBits.words(a.validity(), len);
        if (validWords == null && a instanceof PrimitiveArray p) {
            return primitiveRunCount(p);
        }
        // Each scan is its own method (primitive values or rows compared by Rows.equal), so that
        // one compiled loop never carries the other's inlined comparisons.
        if (a instanceof PrimitiveArray p) {
            return countRuns(Primitives.longs(p), validWords, len);
        }
        return countRowRuns(a, validWords, len);
    }

    /// The runs of `len` values `bits` with validity `validWords` (non-null).
    private static int countRuns(long[] bits, long[] validWords, int len) {
        int runs = 1;
        for (int i = 1; i < len; i++) {
            if (boundary(bits, validWords, i)) {
                runs++;
            }
        }
        return runs;
    }

    /// The runs of the `len` rows of `a` (not primitive), with validity `validWords`.
    private static int countRowRuns(Array a, long[] validWords, int len) {
        int runs = 1;
        for (int i = 1; i < len; i++) {
            if (rowBoundary(a, validWords, i)) {
                runs++;
            }
        }
        return runs;
    }

    /// Rows loaded per block by [#primitiveRunCount].
    private static final int BLOCK = 1024;

    /// The runs of a non-empty primitive array with every row valid: one plus the rows that differ
    /// from the row before, summed without a branch, block by block.
    static int primitiveRunCount(PrimitiveArray p) {
        long[] state = new long[2];
        primitiveRuns(p, Long.MAX_VALUE, state);
        return (int) state[0];
    }

    /// Counts the runs of a non-empty primitive array with every row valid into `state` = {runs,
    /// rows read}, until every row is read or the runs pass `maxRuns`.
    private static void primitiveRuns(PrimitiveArray p, long maxRuns, long[] state) {
        int len = p.length();
        MemorySegment data = p.data();
        PType ptype = p.ptype();
        long[] block = new long[BLOCK];
        Segments.load(data, ptype, 0, block, 0, 1);
        long prev = block[0];
        int runs = 1;
        // A block count and a constant stride: the trip count is known before the loop.
        int blocks = (len + BLOCK - 1) / BLOCK;
        int read = 0;
        for (int b = 0; b < blocks && runs <= maxRuns; b++) {
            int from = b * BLOCK;
            int m = Math.min(BLOCK, len - from);
            Segments.load(data, ptype, from, block, 0, m);
            runs += (block[0] != prev ? 1 : 0) + changes(block, m);
            prev = block[m - 1];
            read = from + m;
        }
        state[0] = runs;
        state[1] = read;
    }

    /// The positions `k` in `1..m` where `block[k]` differs from `block[k - 1]`.
    private static int changes(long[] block, int m) {
        int runs = 0;
        for (int k = 1; k < m; k++) {
            runs += block[k] != block[k - 1] ? 1 : 0;
        }
        return runs;
    }

    /// Splits `a` into runs; null when `a` is empty or not supported.
    public static Parts split(Array a) {
        int len = a.length();
        if (len == 0 || !Rows.supported(a)) {
            return null;
        }
        long[] validWords = ValidBits.words(a.validity(), len);
        Runs runs = new Runs();
        if (a instanceof PrimitiveArray p) {
            long[] bits = Primitives.longs(p);
            if (validWords == null) {
                splitValues(bits, len, runs);
            } else {
                splitValid(bits, validWords, len, runs);
            }
        } else {
            splitRows(a, validWords, len, runs);
        }
        return new Parts(
                Primitives.narrowUnsigned(runs.ends, runs.count, len), Rows.gather(a, runs.starts, runs.count));
    }

    /// The runs found so far: the first and exclusive end row of each.
    private static final class Runs {
        int[] starts = new int[16];
        int[] ends = new int[16];
        int count;

        void add(int start, int end) {
            if (count == starts.length) {
                grow();
            }
            starts[count] = start;
            ends[count++] = end;
        }

        private void grow() {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
    }

    /// Adds the runs of `len` values `bits`, every one valid, to `runs`.
    private static void splitValues(long[] bits, int len, Runs runs) {
        int start = 0;
        for (int i = 1; i < len; i++) {
            if (bits[i - 1] != bits[i]) {
                runs.add(start, i);
                start = i;
            }
        }
        runs.add(start, len);
    }

    /// Adds the runs of `len` values `bits` with validity `validWords` (non-null) to `runs`.
    private static void splitValid(long[] bits, long[] validWords, int len, Runs runs) {
        int start = 0;
        for (int i = 1; i < len; i++) {
            if (boundary(bits, validWords, i)) {
                runs.add(start, i);
                start = i;
            }
        }
        runs.add(start, len);
    }

    /// Adds the runs of the `len` rows of `a` (not primitive), with validity `validWords`, to `runs`.
    private static void splitRows(Array a, long[] validWords, int len, Runs runs) {
        int start = 0;
        for (int i = 1; i < len; i++) {
            if (rowBoundary(a, validWords, i)) {
                runs.add(start, i);
                start = i;
            }
        }
        runs.add(start, len);
    }

    /// Whether a new run starts at row `i` (> 0) of primitive values `bits` with validity
    /// `validWords` ([ValidBits#words], non-null).
    private static boolean boundary(long[] bits, long[] validWords, int i) {
        boolean prev = ValidBits.get(validWords, i - 1);
        boolean cur = ValidBits.get(validWords, i);
        return prev != cur || cur && bits[i - 1] != bits[i];
    }

    /// Whether a new run starts at row `i` (> 0) of `a`, rows compared by [Rows#equal];
    /// `validWords` its validity ([ValidBits#words]).
    private static boolean rowBoundary(Array a, long[] validWords, int i) {
        if (validWords == null) {
            return !Rows.equal(a, i - 1, i);
        }
        boolean prev = ValidBits.get(validWords, i - 1);
        boolean cur = ValidBits.get(validWords, i);
        return prev != cur || cur && !Rows.equal(a, i - 1, i);
    }
}
