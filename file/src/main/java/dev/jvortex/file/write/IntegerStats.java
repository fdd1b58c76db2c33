package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.List;

/// Statistics of signed integers: min, max and an i64 sum (null once it overflows).
final class IntegerStats extends ZoneCounts implements StatsAccumulator {
    private final DType.Primitive dtype;
    private long[] min = new long[16];
    private long[] max = new long[16];
    private long[] sum = new long[16];
    private boolean[] overflow = new boolean[16];
    /// The batch's values, read once in bulk.
    private long[] bits;
    /// The last scan's least and greatest value, running sum and whether the sum overflowed.
    private long runMin;
    private long runMax;
    private long runSum;
    private boolean runOverflow;

    IntegerStats(DType.Primitive dtype, int zoneLength) {
        super(zoneLength);
        this.dtype = dtype;
    }

    @Override
    void grow(int n) {
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
        sum = Arrays.copyOf(sum, n);
        overflow = Arrays.copyOf(overflow, n);
    }

    @Override
    void startBatch(Array values, int len) {
        bits = len > 0 ? Primitives.longs((PrimitiveArray) values) : null;
    }

    @Override
    void endBatch() {
        bits = null;
    }

    @Override
    void addRows(Array values, Validity v, boolean allValid, int from, int to, int z) {
        // One loop without validity and one with it, each a method of its own: a single loop
        // testing `allValid` in it is compiled for the first columns' case and recompiled when
        // the other comes.
        long count = allValid ? scanAll(bits, from, to, sum[z]) : scanValid(bits, validWords, from, to, sum[z]);
        nulls[z] += (to - from) - count;
        if (count > 0) {
            min[z] = has[z] ? Math.min(min[z], runMin) : runMin;
            max[z] = has[z] ? Math.max(max[z], runMax) : runMax;
            has[z] = true;
            sum[z] = runSum;
            overflow[z] |= runOverflow;
        }
    }

    /// Scans `bits[from, to)`, all valid, into the run fields, the sum continuing `s`; returns
    /// the count.
    private long scanAll(long[] bits, int from, int to, long s) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        boolean over = false;
        for (int r = from; r < to; r++) {
            long x = bits[r];
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
            long t = s + x;
            over |= ((s ^ t) & (x ^ t)) < 0;
            s = t;
        }
        runMin = lo;
        runMax = hi;
        runSum = s;
        runOverflow = over;
        return to - from;
    }

    /// As [#scanAll], over the valid rows of `v` alone.
    private long scanValid(long[] bits, long[] w, int from, int to, long s) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        boolean over = false;
        long count = 0;
        for (int r = from; r < to; r++) {
            if (!valid(w, r)) {
                continue;
            }
            long x = bits[r];
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
            long t = s + x;
            over |= ((s ^ t) & (x ^ t)) < 0;
            s = t;
            count++;
        }
        runMin = lo;
        runMax = hi;
        runSum = s;
        runOverflow = over;
        return count;
    }

    @Override
    void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena) {
        if (anyValue) {
            out.add(new ZoneColumn("vortex.max", SKIP_NANS, "vortex.max()", extremes(dtype.ptype(), max, arena)));
            out.add(new ZoneColumn("vortex.min", SKIP_NANS, "vortex.min()", extremes(dtype.ptype(), min, arena)));
        }
    }

    @Override
    public ArrayStats fileStatistics() {
        boolean any = false;
        long lo = 0;
        long hi = 0;
        long s = 0;
        boolean over = false;
        for (int z = 0; z < zones; z++) {
            over |= overflow[z];
            long ns = s + sum[z];
            over |= ((s ^ ns) & (sum[z] ^ ns)) < 0;
            s = ns;
            if (!has[z]) {
                continue;
            }
            lo = any ? Math.min(lo, min[z]) : min[z];
            hi = any ? Math.max(hi, max[z]) : max[z];
            any = true;
        }
        byte[] minBytes = any ? new Scalar(dtype, lo).encode() : null;
        byte[] maxBytes = any ? new Scalar(dtype, hi).encode() : null;
        byte[] sumBytes = over ? null : new Scalar(new DType.Primitive(PType.I64, true), s).encode();
        return new ArrayStats(minBytes, any, maxBytes, any, sumBytes, null, null, null, nullCount(), null, null);
    }
}
