package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/// Statistics of decimals (unscaled values): min, max and a sum of precision `p + 10` (at most
/// 76), null when it does not fit.
final class DecimalStats extends ZoneCounts implements StatsAccumulator {
    private final DType.Decimal dtype;
    private final DType.Decimal sumType;
    /// Per zone: the least and greatest unscaled values (null while the zone has none), the sum.
    private final List<BigInteger> min = new ArrayList<>();
    private final List<BigInteger> max = new ArrayList<>();
    private final List<BigInteger> sum = new ArrayList<>();
    /// The last scan's (at most 8 bytes wide) least and greatest value, and its sum: `runSum`
    /// plus the part `runBig` moved out of it before it overflowed.
    private long runMin;
    private long runMax;
    private long runSum;
    private BigInteger runBig;
    /// Rows read at a time, and their values.
    private static final int BLOCK = 1024;
    private final long[] block = new long[BLOCK];

    DecimalStats(DType.Decimal dtype, int zoneLength) {
        super(zoneLength);
        this.dtype = dtype;
        this.sumType = new DType.Decimal(Math.min(76, dtype.precision() + 10), dtype.scale(), true);
    }

    @Override
    void grow(int n) {
        // the per-zone lists grow as zones open
    }

    @Override
    void openZone(int z) {
        min.add(null);
        max.add(null);
        sum.add(BigInteger.ZERO);
    }

    @Override
    void addRows(Array values, Validity v, boolean allValid, int from, int to, int z) {
        DecimalArray d = (DecimalArray) values;
        if (d.byteWidth() > 8) {
            addWide(d, v, allValid, from, to, z);
            return;
        }
        // Up to 8 bytes: summed in a long, exactly (a run that would overflow is moved into a
        // big integer first). One loop without validity and one with it, each a method of its
        // own, so that neither is compiled for the other's case.
        long count = allValid ? scanAll(d, from, to) : scanValid(d, validWords, from, to);
        long lo = runMin;
        long hi = runMax;
        long s = runSum;
        BigInteger big = runBig;
        nulls[z] += (to - from) - count;
        if (count > 0) {
            BigInteger bl = BigInteger.valueOf(lo);
            BigInteger bh = BigInteger.valueOf(hi);
            if (!has[z] || bl.compareTo(min.get(z)) < 0) {
                min.set(z, bl);
            }
            if (!has[z] || bh.compareTo(max.get(z)) > 0) {
                max.set(z, bh);
            }
            has[z] = true;
            sum.set(z, sum.get(z).add(big).add(BigInteger.valueOf(s)));
        }
    }

    /// Scans rows `[from, to)` of `d` (at most 8 bytes wide, all valid) into the run fields;
    /// returns the count. The values are read a block at a time into [#block]: a memory-segment
    /// access per row is a chain of calls when C1 alone compiles (a short `jvx convert`).
    private long scanAll(DecimalArray d, int from, int to) {
        startRun();
        PType t = d.unscaledType();
        for (int r = from; r < to; r += BLOCK) {
            int n = Math.min(BLOCK, to - r);
            Segments.load(d.data(), t, r, block, 0, n);
            scanBlock(block, n);
        }
        return to - from;
    }

    /// As [#scanAll], over the valid rows of `v` alone.
    private long scanValid(DecimalArray d, long[] w, int from, int to) {
        startRun();
        PType t = d.unscaledType();
        long count = 0;
        for (int r = from; r < to; r += BLOCK) {
            int n = Math.min(BLOCK, to - r);
            Segments.load(d.data(), t, r, block, 0, n);
            count += scanValidBlock(block, n, w, r);
        }
        return count;
    }

    private void startRun() {
        runMin = Long.MAX_VALUE;
        runMax = Long.MIN_VALUE;
        runSum = 0;
        runBig = BigInteger.ZERO;
    }

    /// Adds `values[0 .. n)` to the run fields.
    private void scanBlock(long[] values, int n) {
        long lo = runMin;
        long hi = runMax;
        long s = runSum;
        BigInteger big = runBig;
        for (int k = 0; k < n; k++) {
            long x = values[k];
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
            long t = s + x;
            if (((s ^ t) & (x ^ t)) < 0) {
                big = big.add(BigInteger.valueOf(s));
                t = x;
            }
            s = t;
        }
        runMin = lo;
        runMax = hi;
        runSum = s;
        runBig = big;
    }

    /// Adds those of `values[0 .. n)` (rows `from ..`) that `w` marks valid to the run fields;
    /// returns how many.
    private long scanValidBlock(long[] values, int n, long[] w, int from) {
        long lo = runMin;
        long hi = runMax;
        long s = runSum;
        BigInteger big = runBig;
        long count = 0;
        for (int k = 0; k < n; k++) {
            if (!valid(w, from + k)) {
                continue;
            }
            long x = values[k];
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
            long t = s + x;
            if (((s ^ t) & (x ^ t)) < 0) {
                big = big.add(BigInteger.valueOf(s));
                t = x;
            }
            s = t;
            count++;
        }
        runMin = lo;
        runMax = hi;
        runSum = s;
        runBig = big;
        return count;
    }

    /// Decimals wider than 8 bytes, row by row in big integers.
    private void addWide(DecimalArray d, Validity v, boolean allValid, int from, int to, int z) {
        BigInteger lo = min.get(z);
        BigInteger hi = max.get(z);
        BigInteger s = sum.get(z);
        boolean seen = has[z];
        long nullRows = 0;
        for (int r = from; r < to; r++) {
            if (!allValid && !v.isValid(r)) {
                nullRows++;
                continue;
            }
            BigInteger x = d.getUnscaled(r);
            if (!seen) {
                lo = x;
                hi = x;
                seen = true;
            } else {
                if (x.compareTo(lo) < 0) {
                    lo = x;
                }
                if (x.compareTo(hi) > 0) {
                    hi = x;
                }
            }
            s = s.add(x);
        }
        nulls[z] += nullRows;
        min.set(z, lo);
        max.set(z, hi);
        sum.set(z, s);
        has[z] = seen;
    }

    @Override
    void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena) {
        if (anyValue) {
            DType.Decimal type = (DType.Decimal) dtype.withNullable(true);
            out.add(new ZoneColumn("vortex.max", SKIP_NANS, "vortex.max()", decimals(type, max, arena)));
            out.add(new ZoneColumn("vortex.min", SKIP_NANS, "vortex.min()", decimals(type, min, arena)));
        }
    }

    /// One decimal of type `t` per zone, null where `values` has null (a zone without values).
    private Array decimals(DType.Decimal t, List<BigInteger> values, Arena arena) {
        int n = zones;
        int w = t.minimumByteWidth();
        MemorySegment data = arena.allocate(Math.max(1L, (long) n * w), Math.min(16, w));
        MemorySegment valid = zoneBits(arena);
        for (int z = 0; z < n; z++) {
            BigInteger v = values.get(z);
            if (v == null) {
                continue;
            }
            Bits.set(valid, z);
            byte[] be = v.toByteArray();
            byte fill = (byte) (v.signum() < 0 ? 0xFF : 0);
            for (int k = 0; k < w; k++) {
                data.set(ValueLayout.JAVA_BYTE, (long) z * w + k, k < be.length ? be[be.length - 1 - k] : fill);
            }
        }
        return new DecimalArray(t, w, data, n, zoneValidity(valid));
    }

    @Override
    public ArrayStats fileStatistics() {
        BigInteger lo = null;
        BigInteger hi = null;
        BigInteger total = BigInteger.ZERO;
        for (int z = 0; z < zones; z++) {
            if (has[z]) {
                lo = lo == null || min.get(z).compareTo(lo) < 0 ? min.get(z) : lo;
                hi = hi == null || max.get(z).compareTo(hi) > 0 ? max.get(z) : hi;
                total = total.add(sum.get(z));
            }
        }
        DType t = dtype.withNullable(true);
        byte[] sumBytes = total.abs().compareTo(BigInteger.TEN.pow(sumType.precision())) >= 0
                ? null
                : new Scalar(sumType, total).encode();
        return new ArrayStats(
                lo == null ? null : new Scalar(t, lo).encode(),
                lo != null,
                hi == null ? null : new Scalar(t, hi).encode(),
                hi != null,
                sumBytes,
                null,
                null,
                null,
                nullCount(),
                null,
                null);
    }
}
