package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.List;

/// Statistics of an extension type over integer storage (timestamps, dates, times): min and max
/// of the storage, compared signed, and no sum. Zone values keep the extension type; file
/// statistics hold storage scalars.
final class TemporalStats extends ZoneCounts implements StatsAccumulator {
    private final DType.Extension dtype;
    private final PType ptype;
    private long[] min = new long[16];
    private long[] max = new long[16];
    /// The batch's storage values, read once in bulk.
    private long[] bits;
    /// The last scan's least and greatest value.
    private long runMin;
    private long runMax;

    TemporalStats(DType.Extension dtype, PType ptype, int zoneLength) {
        super(zoneLength);
        this.dtype = dtype;
        this.ptype = ptype;
    }

    @Override
    void grow(int n) {
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
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
        // one loop without validity and one with it, each a method of its own (see IntegerStats)
        long count = allValid ? scanAll(bits, from, to) : scanValid(bits, validWords, from, to);
        nulls[z] += (to - from) - count;
        if (count > 0) {
            min[z] = has[z] ? Math.min(min[z], runMin) : runMin;
            max[z] = has[z] ? Math.max(max[z], runMax) : runMax;
            has[z] = true;
        }
    }

    /// Scans `bits[from, to)`, all valid, into [#runMin] and [#runMax]; returns the count.
    private long scanAll(long[] bits, int from, int to) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int r = from; r < to; r++) {
            long x = bits[r];
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
        }
        runMin = lo;
        runMax = hi;
        return to - from;
    }

    /// As [#scanAll], over the valid rows of `v` alone.
    private long scanValid(long[] bits, long[] w, int from, int to) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        long count = 0;
        for (int r = from; r < to; r++) {
            if (!valid(w, r)) {
                continue;
            }
            long x = bits[r];
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
            count++;
        }
        runMin = lo;
        runMax = hi;
        return count;
    }

    @Override
    void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena) {
        if (anyValue) {
            DType.Extension type = (DType.Extension) dtype.withNullable(true);
            out.add(new ZoneColumn(
                    "vortex.max", SKIP_NANS, "vortex.max()", new ExtensionArray(type, extremes(ptype, max, arena))));
            out.add(new ZoneColumn(
                    "vortex.min", SKIP_NANS, "vortex.min()", new ExtensionArray(type, extremes(ptype, min, arena))));
        }
    }

    @Override
    public ArrayStats fileStatistics() {
        boolean any = false;
        long lo = 0;
        long hi = 0;
        for (int z = 0; z < zones; z++) {
            if (!has[z]) {
                continue;
            }
            lo = any ? Math.min(lo, min[z]) : min[z];
            hi = any ? Math.max(hi, max[z]) : max[z];
            any = true;
        }
        byte[] minBytes = any ? new Scalar(dtype.storage(), lo).encode() : null;
        byte[] maxBytes = any ? new Scalar(dtype.storage(), hi).encode() : null;
        return new ArrayStats(minBytes, any, maxBytes, any, null, null, null, null, nullCount(), null, null);
    }
}
