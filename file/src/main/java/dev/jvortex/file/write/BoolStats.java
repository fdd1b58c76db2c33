package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/// Statistics of bools: min, max and a u64 sum (the number of true values).
final class BoolStats extends ZoneCounts implements StatsAccumulator {
    /// The bool type (an extension's storage for an extension over bools).
    private final DType dtype;
    private long[] min = new long[16];
    private long[] max = new long[16];
    private long[] sum = new long[16];

    BoolStats(DType dtype, int zoneLength) {
        super(zoneLength);
        this.dtype = dtype;
    }

    @Override
    void grow(int n) {
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
        sum = Arrays.copyOf(sum, n);
    }

    @Override
    void addRows(Array values, Validity v, boolean allValid, int from, int to, int z) {
        BoolArray b = (BoolArray) values;
        long trues = 0;
        long count = 0;
        for (int r = from; r < to; r++) {
            if (!allValid && !v.isValid(r)) {
                continue;
            }
            trues += b.get(r) ? 1 : 0;
            count++;
        }
        nulls[z] += (to - from) - count;
        if (count > 0) {
            long lo = trues == count ? 1 : 0;
            long hi = trues > 0 ? 1 : 0;
            min[z] = has[z] ? Math.min(min[z], lo) : lo;
            max[z] = has[z] ? Math.max(max[z], hi) : hi;
            has[z] = true;
            sum[z] += trues;
        }
    }

    @Override
    void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena) {
        if (anyValue) {
            out.add(new ZoneColumn("vortex.max", SKIP_NANS, "vortex.max()", extremes(max, arena)));
            out.add(new ZoneColumn("vortex.min", SKIP_NANS, "vortex.min()", extremes(min, arena)));
        }
    }

    /// One nullable bool per zone, null where the zone has no value.
    private BoolArray extremes(long[] values, Arena arena) {
        int n = zones;
        MemorySegment valid = zoneBits(arena);
        MemorySegment bits = zoneBits(arena);
        for (int z = 0; z < n; z++) {
            if (has[z]) {
                Bits.set(valid, z);
                if (values[z] != 0) {
                    Bits.set(bits, z);
                }
            }
        }
        return new BoolArray(new DType.Bool(true), bits, n, zoneValidity(valid));
    }

    @Override
    public ArrayStats fileStatistics() {
        boolean any = false;
        long lo = 0;
        long hi = 0;
        long s = 0;
        boolean over = false;
        for (int z = 0; z < zones; z++) {
            long ns = s + sum[z];
            over |= Long.compareUnsigned(ns, s) < 0;
            s = ns;
            if (!has[z]) {
                continue;
            }
            lo = any ? Math.min(lo, min[z]) : min[z];
            hi = any ? Math.max(hi, max[z]) : max[z];
            any = true;
        }
        byte[] minBytes = any ? new Scalar(dtype, lo != 0).encode() : null;
        byte[] maxBytes = any ? new Scalar(dtype, hi != 0).encode() : null;
        byte[] sumBytes = over ? null : new Scalar(new DType.Primitive(PType.U64, true), s).encode();
        return new ArrayStats(minBytes, any, maxBytes, any, sumBytes, null, null, null, nullCount(), null, null);
    }
}
