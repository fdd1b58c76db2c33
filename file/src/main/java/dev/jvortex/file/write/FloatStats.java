package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/// Statistics of floats (f16, f32, f64, all held as doubles): min and max skipping NaNs, NaN
/// counts, and an f64 sum of every valid value in row order (NaN when one is).
final class FloatStats extends ZoneCounts implements StatsAccumulator {
    private final DType.Primitive dtype;
    private double[] min = new double[16];
    private double[] max = new double[16];
    private double[] sum = new double[16];
    private long[] nans = new long[16];
    /// The zone being added to while a scan runs: its sum, least and greatest non-NaN value,
    /// whether it has one, and the scan's NaN count.
    private double runSum;
    private double runMin;
    private double runMax;
    private boolean runSeen;
    private long runNans;
    /// The batch's values as doubles, read once in bulk.
    private double[] values;

    FloatStats(DType.Primitive dtype, int zoneLength) {
        super(zoneLength);
        this.dtype = dtype;
    }

    @Override
    void grow(int n) {
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
        sum = Arrays.copyOf(sum, n);
        nans = Arrays.copyOf(nans, n);
    }

    @Override
    void startBatch(Array values, int len) {
        this.values = len > 0 ? doubles((PrimitiveArray) values, len) : null;
    }

    @Override
    void endBatch() {
        values = null;
    }

    /// The first `n` values of `p` as doubles (as [PrimitiveArray#getDouble] reads them), in one
    /// bulk copy for f64 and f32: the scans then read a heap array of one type, not a segment
    /// through a switch on the type per row.
    private static double[] doubles(PrimitiveArray p, int n) {
        double[] out = new double[n];
        switch (p.ptype()) {
            case F64 -> MemorySegment.copy(p.data(), PrimitiveArray.LE_DOUBLE, 0, out, 0, n);
            case F32 -> {
                float[] f = new float[n];
                MemorySegment.copy(p.data(), PrimitiveArray.LE_FLOAT, 0, f, 0, n);
                for (int i = 0; i < n; i++) {
                    out[i] = f[i];
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    out[i] = p.getDouble(i);
                }
            }
        }
        return out;
    }

    @Override
    void addRows(Array values, Validity v, boolean allValid, int from, int to, int z) {
        double[] p = this.values;
        runSum = sum[z];
        runMin = min[z];
        runMax = max[z];
        runSeen = has[z];
        // one loop without validity and one with it, each a method of its own (see IntegerStats)
        long nullRows = 0;
        if (allValid) {
            scanAll(p, from, to);
        } else {
            nullRows = scanValid(p, validWords, from, to);
        }
        sum[z] = runSum;
        min[z] = runMin;
        max[z] = runMax;
        has[z] = runSeen;
        nulls[z] += nullRows;
        nans[z] += runNans;
    }

    /// Adds rows `[from, to)` of `p`, all valid, to the run fields.
    private void scanAll(double[] p, int from, int to) {
        double s = runSum;
        double lo = runMin;
        double hi = runMax;
        boolean seen = runSeen;
        long nanRows = 0;
        for (int r = from; r < to; r++) {
            double x = p[r];
            // Summed in row order, one value at a time, so the sum does not depend on batches.
            s += x;
            if (Double.isNaN(x)) {
                nanRows++;
            } else if (!seen) {
                lo = x;
                hi = x;
                seen = true;
            } else {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        runSum = s;
        runMin = lo;
        runMax = hi;
        runSeen = seen;
        runNans = nanRows;
    }

    /// As [#scanAll], over the valid rows of `v` alone; returns the null rows.
    private long scanValid(double[] p, long[] w, int from, int to) {
        double s = runSum;
        double lo = runMin;
        double hi = runMax;
        boolean seen = runSeen;
        long nullRows = 0;
        long nanRows = 0;
        for (int r = from; r < to; r++) {
            if (!valid(w, r)) {
                nullRows++;
                continue;
            }
            double x = p[r];
            s += x;
            if (Double.isNaN(x)) {
                nanRows++;
            } else if (!seen) {
                lo = x;
                hi = x;
                seen = true;
            } else {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        runSum = s;
        runMin = lo;
        runMax = hi;
        runSeen = seen;
        runNans = nanRows;
        return nullRows;
    }

    @Override
    void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena) {
        if (anyValue) {
            out.add(new ZoneColumn("vortex.max", SKIP_NANS, "vortex.max()", extremes(max, arena)));
            out.add(new ZoneColumn("vortex.min", SKIP_NANS, "vortex.min()", extremes(min, arena)));
        }
        out.add(new ZoneColumn("vortex.nan_count", new byte[0], "vortex.nan_count()", counts(nans, arena)));
    }

    /// One value of the column's type per zone, null where the zone has no value.
    private PrimitiveArray extremes(double[] values, Arena arena) {
        int n = zones;
        PType ptype = dtype.ptype();
        MemorySegment valid = zoneBits(arena);
        MemorySegment data = arena.allocate(Math.max(1L, (long) n * ptype.byteWidth()), ptype.byteWidth());
        for (int z = 0; z < n; z++) {
            if (!has[z]) {
                continue;
            }
            Bits.set(valid, z);
            double d = values[z];
            switch (ptype) {
                case F64 -> data.setAtIndex(PrimitiveArray.LE_DOUBLE, z, d);
                case F32 -> data.setAtIndex(PrimitiveArray.LE_FLOAT, z, (float) d);
                default -> data.setAtIndex(PrimitiveArray.LE_SHORT, z, Float.floatToFloat16((float) d));
            }
        }
        return new PrimitiveArray(new DType.Primitive(ptype, true), ptype, data, n, zoneValidity(valid));
    }

    /// A value of the column's type.
    private Object value(double d) {
        return switch (dtype.ptype()) {
            case F64 -> (Object) d;
            case F32 -> (Object) (float) d;
            default -> (Object) Float.floatToFloat16((float) d);
        };
    }

    @Override
    public ArrayStats fileStatistics() {
        long nanCount = 0;
        boolean any = false;
        double lo = 0;
        double hi = 0;
        double s = 0;
        for (int z = 0; z < zones; z++) {
            nanCount += nans[z];
            s += sum[z];
            if (!has[z]) {
                continue;
            }
            lo = any ? Math.min(lo, min[z]) : min[z];
            hi = any ? Math.max(hi, max[z]) : max[z];
            any = true;
        }
        byte[] minBytes = any ? new Scalar(dtype, value(lo)).encode() : null;
        byte[] maxBytes = any ? new Scalar(dtype, value(hi)).encode() : null;
        byte[] sumBytes = new Scalar(new DType.Primitive(PType.F64, true), canonicalNan(s)).encode();
        return new ArrayStats(minBytes, any, maxBytes, any, sumBytes, null, null, null, nullCount(), null, nanCount);
    }

    /// A NaN sum as the one canonical NaN: the bits of a NaN produced by `+` (infinity plus minus
    /// infinity, a NaN operand) depend on the order the JIT gives the operands, so without this the
    /// written bytes could differ from run to run.
    private static double canonicalNan(double d) {
        return Double.isNaN(d) ? Double.NaN : d;
    }
}
