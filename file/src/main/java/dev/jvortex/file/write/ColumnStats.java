package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Accumulates per-zone and whole-column statistics while a column is written: min and max
/// (nulls and NaNs skipped), sum (null on overflow), null and NaN counts, as the reference's
/// zone maps and file statistics hold them.
final class ColumnStats {
    private enum Kind { INT, UINT, FLOAT, BOOL, TEMPORAL, STRING, DECIMAL, OTHER }

    /// Longest string statistic kept, as the reference's `bounded_max(64)` / `bounded_min(64)`.
    static final int MAX_STRING_BYTES = 64;

    private final DType dtype;
    private final Kind kind;
    private final PType ptype;
    private final int zoneLength;
    private int zones;
    private long rowsInLastZone;
    private long[] min = new long[16];
    private long[] max = new long[16];
    private double[] fmin = new double[16];
    private double[] fmax = new double[16];
    private boolean[] has = new boolean[16];
    private long[] nulls = new long[16];
    private long[] nans = new long[16];
    private long[] sum = new long[16];
    private double[] fsum = new double[16];
    private boolean[] overflow = new boolean[16];
    private final List<byte[]> zoneMinStrings = new ArrayList<>();
    private final List<byte[]> zoneMaxStrings = new ArrayList<>();
    private byte[] curMin;
    private byte[] curMax;
    private byte[] fileMin;
    private byte[] fileMax;
    private final List<java.math.BigInteger> decMin = new ArrayList<>();
    private final List<java.math.BigInteger> decMax = new ArrayList<>();
    private final List<java.math.BigInteger> decSum = new ArrayList<>();

    ColumnStats(DType dtype, int zoneLength) {
        this.dtype = dtype;
        this.zoneLength = zoneLength;
        DType base = dtype instanceof DType.Extension e ? e.storage() : dtype;
        if (base instanceof DType.Primitive p) {
            ptype = p.ptype();
            if (dtype instanceof DType.Extension) {
                kind = p.ptype().isInteger() ? Kind.TEMPORAL : Kind.OTHER;
            } else {
                kind = p.ptype().isFloat() ? Kind.FLOAT : p.ptype().isSigned() ? Kind.INT : Kind.UINT;
            }
        } else {
            ptype = null;
            kind = base instanceof DType.Bool ? Kind.BOOL
                    : base instanceof DType.Utf8 || base instanceof DType.Binary ? Kind.STRING
                    : base instanceof DType.Decimal && !(dtype instanceof DType.Extension) ? Kind.DECIMAL : Kind.OTHER;
        }
    }

    private void ensure(int z) {
        if (z >= has.length) {
            int n = Math.max(z + 1, has.length * 2);
            min = Arrays.copyOf(min, n);
            max = Arrays.copyOf(max, n);
            fmin = Arrays.copyOf(fmin, n);
            fmax = Arrays.copyOf(fmax, n);
            has = Arrays.copyOf(has, n);
            nulls = Arrays.copyOf(nulls, n);
            nans = Arrays.copyOf(nans, n);
            sum = Arrays.copyOf(sum, n);
            fsum = Arrays.copyOf(fsum, n);
            overflow = Arrays.copyOf(overflow, n);
        }
    }

    /// Holds one string value while it is compared with the zone's bounds.
    private byte[] scratch = new byte[256];
    /// [#prefix] of the zone's current string minimum and maximum.
    private long minPrefix;
    private long maxPrefix;

    private static long prefix(byte[] b, int size) {
        long p = 0;
        int n = Math.min(8, size);
        for (int k = 0; k < n; k++) {
            p |= (b[k] & 0xFFL) << (56 - 8 * k);
        }
        return p;
    }

    /// Adds the rows of `a`, which continue the column.
    void add(Array a) {
        Array values = a instanceof ExtensionArray e ? e.storage() : a;
        Validity v = a.validity();
        int len = a.length();
        // Integer kinds read their values once, in bulk; the rest row by row.
        long[] bits = (kind == Kind.INT || kind == Kind.UINT || kind == Kind.TEMPORAL) && len > 0
                ? dev.jvortex.core.internal.Primitives.longs((PrimitiveArray) values) : null;
        boolean allValid = v.isAllValid();
        int i = 0;
        while (i < len) {
            if (rowsInLastZone == 0 || rowsInLastZone == zoneLength) {
                if (kind == Kind.STRING && zones > 0) {
                    closeStringZone();
                }
                ensure(zones);
                zones++;
                rowsInLastZone = 0;
            }
            int z = zones - 1;
            int end = (int) Math.min(len, (long) i + zoneLength - rowsInLastZone);
            rowsInLastZone += end - i;
            switch (kind) {
                case INT, TEMPORAL -> addSigned(bits, v, allValid, i, end, z);
                case UINT -> addUnsigned(bits, v, allValid, i, end, z);
                case DECIMAL -> addDecimals((dev.jvortex.core.array.DecimalArray) values, v, allValid, i, end, z);
                default -> {
                    for (int r = i; r < end; r++) {
                        if (!allValid && !v.isValid(r)) {
                            nulls[z]++;
                        } else {
                            addRow(values, r, z);
                        }
                    }
                }
            }
            i = end;
        }
    }

    private void addSigned(long[] bits, Validity v, boolean allValid, int from, int to, int z) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        long s = sum[z];
        boolean over = false;
        long count = 0;
        for (int r = from; r < to; r++) {
            if (!allValid && !v.isValid(r)) {
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
        nulls[z] += (to - from) - count;
        if (count > 0) {
            min[z] = has[z] ? Math.min(min[z], lo) : lo;
            max[z] = has[z] ? Math.max(max[z], hi) : hi;
            has[z] = true;
            sum[z] = s;
            overflow[z] |= over;
        }
    }

    private void addUnsigned(long[] bits, Validity v, boolean allValid, int from, int to, int z) {
        long lo = -1L;
        long hi = 0;
        long s = sum[z];
        boolean over = false;
        long count = 0;
        for (int r = from; r < to; r++) {
            if (!allValid && !v.isValid(r)) {
                continue;
            }
            long x = bits[r];
            if (Long.compareUnsigned(x, lo) < 0) {
                lo = x;
            }
            if (Long.compareUnsigned(x, hi) > 0) {
                hi = x;
            }
            long t = s + x;
            over |= Long.compareUnsigned(t, s) < 0;
            s = t;
            count++;
        }
        nulls[z] += (to - from) - count;
        if (count > 0) {
            min[z] = has[z] && Long.compareUnsigned(min[z], lo) < 0 ? min[z] : lo;
            max[z] = has[z] && Long.compareUnsigned(max[z], hi) > 0 ? max[z] : hi;
            has[z] = true;
            sum[z] = s;
            overflow[z] |= over;
        }
    }

    /// Decimals of up to 8 bytes are summed in a long per run of rows (exactly, falling back to
    /// big integers on overflow); wider ones row by row.
    private void addDecimals(dev.jvortex.core.array.DecimalArray d, Validity v, boolean allValid, int from, int to, int z) {
        while (decMin.size() <= z) {
            decMin.add(null);
            decMax.add(null);
            decSum.add(java.math.BigInteger.ZERO);
        }
        if (d.byteWidth() > 8) {
            for (int r = from; r < to; r++) {
                if (!allValid && !v.isValid(r)) {
                    nulls[z]++;
                } else {
                    addRow(d, r, z);
                }
            }
            return;
        }
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        long s = 0;
        java.math.BigInteger big = java.math.BigInteger.ZERO;
        long count = 0;
        for (int r = from; r < to; r++) {
            if (!allValid && !v.isValid(r)) {
                continue;
            }
            long x = d.getUnscaledLong(r);
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
            long t = s + x;
            if (((s ^ t) & (x ^ t)) < 0) {
                big = big.add(java.math.BigInteger.valueOf(s));
                t = x;
            }
            s = t;
            count++;
        }
        nulls[z] += (to - from) - count;
        if (count > 0) {
            java.math.BigInteger bl = java.math.BigInteger.valueOf(lo);
            java.math.BigInteger bh = java.math.BigInteger.valueOf(hi);
            if (!has[z] || bl.compareTo(decMin.get(z)) < 0) {
                decMin.set(z, bl);
            }
            if (!has[z] || bh.compareTo(decMax.get(z)) > 0) {
                decMax.set(z, bh);
            }
            has[z] = true;
            decSum.set(z, decSum.get(z).add(big).add(java.math.BigInteger.valueOf(s)));
        }
    }

    /// Adds the valid row `i` of `values` to zone `z`.
    private void addRow(Array values, int i, int z) {
        switch (kind) {
            case FLOAT -> {
                double x = ((PrimitiveArray) values).getDouble(i);
                fsum[z] += x;
                if (Double.isNaN(x)) {
                    nans[z]++;
                    return;
                }
                if (!has[z]) {
                    fmin[z] = fmax[z] = x;
                    has[z] = true;
                } else {
                    fmin[z] = Math.min(fmin[z], x);
                    fmax[z] = Math.max(fmax[z], x);
                }
            }
            case BOOL -> {
                long x = ((BoolArray) values).get(i) ? 1 : 0;
                if (!has[z]) {
                    min[z] = max[z] = x;
                    has[z] = true;
                } else {
                    min[z] = Math.min(min[z], x);
                    max[z] = Math.max(max[z], x);
                }
                sum[z] += x;
            }
            case DECIMAL -> {
                java.math.BigInteger x = ((dev.jvortex.core.array.DecimalArray) values).getUnscaled(i);
                if (!has[z]) {
                    decMin.set(z, x);
                    decMax.set(z, x);
                    has[z] = true;
                } else {
                    if (x.compareTo(decMin.get(z)) < 0) {
                        decMin.set(z, x);
                    }
                    if (x.compareTo(decMax.get(z)) > 0) {
                        decMax.set(z, x);
                    }
                }
                decSum.set(z, decSum.get(z).add(x));
            }
            case STRING -> {
                var strings = (dev.jvortex.core.array.VarBinViewArray) values;
                int size = strings.byteLength(i);
                if (scratch.length < size) {
                    scratch = new byte[Math.max(size, 2 * scratch.length)];
                }
                strings.copyBytes(i, scratch, 0);
                has[z] = true;
                // The first 8 bytes as an unsigned big-endian number (zero-padded) order strings
                // whenever they differ; only equal prefixes need the whole comparison.
                long prefix = prefix(scratch, size);
                if (curMin == null || Long.compareUnsigned(prefix, minPrefix) < 0
                        || prefix == minPrefix && java.util.Arrays.compareUnsigned(scratch, 0, size, curMin, 0, curMin.length) < 0) {
                    curMin = Arrays.copyOf(scratch, size);
                    minPrefix = prefix;
                }
                if (curMax == null || Long.compareUnsigned(prefix, maxPrefix) > 0
                        || prefix == maxPrefix && java.util.Arrays.compareUnsigned(scratch, 0, size, curMax, 0, curMax.length) > 0) {
                    curMax = Arrays.copyOf(scratch, size);
                    maxPrefix = prefix;
                }
            }
            default -> {}
        }
    }

    private void closeStringZone() {
        zoneMinStrings.add(curMin);
        zoneMaxStrings.add(curMax);
        if (curMin != null && (fileMin == null || java.util.Arrays.compareUnsigned(curMin, fileMin) < 0)) {
            fileMin = curMin;
        }
        if (curMax != null && (fileMax == null || java.util.Arrays.compareUnsigned(curMax, fileMax) > 0)) {
            fileMax = curMax;
        }
        curMin = null;
        curMax = null;
    }

    /// Returns a prefix of `v` of at most `limit` bytes (for UTF-8, cut at a character boundary): a lower bound.
    static byte[] lowerBound(byte[] v, boolean utf8, int limit) {
        if (v.length <= limit) {
            return v;
        }
        int cut = limit;
        if (utf8) {
            while (cut > 0 && (v[cut] & 0xC0) == 0x80) {
                cut--;
            }
        }
        return java.util.Arrays.copyOf(v, cut);
    }

    /// Returns a value of at most `limit` bytes that is not less than `v`, or null when none exists.
    static byte[] upperBound(byte[] v, boolean utf8, int limit) {
        if (v.length <= limit) {
            return v;
        }
        if (!utf8) {
            byte[] b = java.util.Arrays.copyOf(v, limit);
            for (int i = limit - 1; i >= 0; i--) {
                if (b[i] != (byte) 0xFF) {
                    b[i]++;
                    return java.util.Arrays.copyOf(b, i + 1);
                }
            }
            return null;
        }
        String s = new String(lowerBound(v, true, limit), java.nio.charset.StandardCharsets.UTF_8);
        int[] cps = s.codePoints().toArray();
        for (int i = cps.length - 1; i >= 0; i--) {
            int next = cps[i] + 1;
            if (next >= 0xD800 && next <= 0xDFFF) {
                next = 0xE000;
            }
            if (next <= 0x10FFFF) {
                String candidate = new String(cps, 0, i) + Character.toString(next);
                byte[] b = candidate.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                if (b.length <= limit) {
                    return b;
                }
            }
        }
        return null;
    }

    private boolean hasMinMax() {
        return kind != Kind.OTHER;
    }

    private boolean hasSum() {
        return kind == Kind.INT || kind == Kind.UINT || kind == Kind.FLOAT || kind == Kind.BOOL || kind == Kind.DECIMAL;
    }

    private DType sumType() {
        if (kind == Kind.DECIMAL) {
            DType.Decimal d = (DType.Decimal) dtype;
            return new DType.Decimal(Math.min(76, d.precision() + 10), d.scale(), true);
        }
        return switch (kind) {
            case INT -> new DType.Primitive(PType.I64, true);
            case UINT, BOOL -> new DType.Primitive(PType.U64, true);
            default -> new DType.Primitive(PType.F64, true);
        };
    }

    /// One zone-table column: its aggregate id, option bytes and values.
    record ZoneColumn(String id, byte[] options, String name, Array values) {}

    private static final byte[] SKIP_NANS = new ProtoWriter().varint(1, 1).toByteArray();
    private static final byte[] BOUND_OPTIONS = {MAX_STRING_BYTES, 0, 0, 0, 0, 0, 0, 0};
    private boolean stringsFinished;

    private void finishStrings() {
        if (!stringsFinished && zones > 0) {
            closeStringZone();
            stringsFinished = true;
        }
    }

    private Array stringBounds(Arena arena, boolean lower) {
        int n = zones;
        boolean utf8 = (dtype instanceof DType.Extension e ? e.storage() : dtype) instanceof DType.Utf8;
        DType valueType = (dtype instanceof DType.Extension e ? e.storage() : dtype).withNullable(true);
        List<byte[]> values = new ArrayList<>();
        MemorySegment valid = arena.allocate(Math.max(1, Bits.byteLength(n)));
        MemorySegment unknown = arena.allocate(Math.max(1, Bits.byteLength(n)));
        MemorySegment boundValid = arena.allocate(Math.max(1, Bits.byteLength(n)));
        for (int z = 0; z < n; z++) {
            byte[] v = lower ? zoneMinStrings.get(z) : zoneMaxStrings.get(z);
            byte[] bound = null;
            if (v != null) {
                Bits.set(valid, z);
                bound = lower ? lowerBound(v, utf8, MAX_STRING_BYTES) : upperBound(v, utf8, MAX_STRING_BYTES);
                if (bound == null) {
                    Bits.set(unknown, z);
                } else {
                    Bits.set(boundValid, z);
                }
            }
            values.add(bound == null ? new byte[0] : bound);
        }
        Array strings = views(valueType, values, arena);
        if (lower) {
            return dev.jvortex.core.array.ArrayOps.withValidity(strings, Validity.ofBits(valid));
        }
        Array bounds = dev.jvortex.core.array.ArrayOps.withValidity(strings, Validity.ofBits(boundValid));
        BoolArray unknownCol = new BoolArray(new DType.Bool(false), unknown, n, Validity.ALL_VALID);
        DType.Struct st = new DType.Struct(List.of("bound", "unknown"), List.of(valueType, new DType.Bool(false)), true);
        return new StructArray(st, List.of(bounds, unknownCol), n, Validity.ofBits(valid));
    }

    private static Array views(DType type, List<byte[]> values, Arena arena) {
        int n = values.size();
        long total = 0;
        for (byte[] v : values) {
            total += v.length;
        }
        MemorySegment data = arena.allocate(Math.max(1, total));
        MemorySegment views = arena.allocate(Math.max(16L, n * 16L), 16);
        long pos = 0;
        for (int i = 0; i < n; i++) {
            byte[] v = values.get(i);
            MemorySegment.copy(MemorySegment.ofArray(v), 0, data, pos, v.length);
            dev.jvortex.encodings.varbin.VarBinDecoder.writeView(views, i, data, pos, v.length, 0);
            pos += v.length;
        }
        return new dev.jvortex.core.array.VarBinViewArray(type, views, new MemorySegment[] {data.asSlice(0, Math.max(1, total))}, n,
                Validity.ALL_VALID);
    }

    /// Returns the zone-table columns, sorted by name, dropping columns that are null in every zone.
    List<ZoneColumn> zoneColumns(Arena arena) {
        List<ZoneColumn> cols = new ArrayList<>();
        int n = zones;
        boolean anyValue = false;
        for (int z = 0; z < n; z++) {
            anyValue |= has[z];
        }
        if (kind == Kind.STRING) {
            finishStrings();
            if (anyValue) {
                cols.add(new ZoneColumn("vortex.bounded_max", BOUND_OPTIONS, "vortex.bounded_max(64)", stringBounds(arena, false)));
                cols.add(new ZoneColumn("vortex.bounded_min", BOUND_OPTIONS, "vortex.bounded_min(64)", stringBounds(arena, true)));
            }
        } else if (hasMinMax() && anyValue) {
            cols.add(new ZoneColumn("vortex.max", SKIP_NANS, "vortex.max()", extremes(arena, false)));
            cols.add(new ZoneColumn("vortex.min", SKIP_NANS, "vortex.min()", extremes(arena, true)));
        }
        if (kind == Kind.FLOAT) {
            cols.add(new ZoneColumn("vortex.nan_count", new byte[0], "vortex.nan_count()", counts(nans, arena)));
        }
        cols.add(new ZoneColumn("vortex.null_count", new byte[0], "vortex.null_count()", counts(nulls, arena)));
        if (hasSum()) {
            Array sums = sums(arena);
            if (sums.validity().nullCount(n) < n) {
                cols.add(new ZoneColumn("vortex.sum", SKIP_NANS, "vortex.sum()", sums));
            }
        }
        cols.sort((a, b) -> a.name().compareTo(b.name()));
        return cols;
    }

    /// Returns the zone table as a struct array.
    StructArray zoneTable(List<ZoneColumn> cols) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        List<Array> arrays = new ArrayList<>();
        for (ZoneColumn c : cols) {
            names.add(c.name());
            types.add(c.values().dtype());
            arrays.add(c.values());
        }
        return new StructArray(new DType.Struct(names, types, false), arrays, zones, Validity.ALL_VALID);
    }

    int zoneCount() {
        return zones;
    }

    private Array extremes(Arena arena, boolean wantMin) {
        int n = zones;
        if (kind == Kind.DECIMAL) {
            java.util.List<java.math.BigInteger> vals = new ArrayList<>();
            for (int z = 0; z < n; z++) {
                vals.add(has[z] ? (wantMin ? decMin.get(z) : decMax.get(z)) : null);
            }
            return decimals((DType.Decimal) dtype.withNullable(true), vals, arena);
        }
        MemorySegment valid = arena.allocate(Math.max(1, Bits.byteLength(n)));
        if (kind == Kind.BOOL) {
            MemorySegment bits = arena.allocate(Math.max(1, Bits.byteLength(n)));
            for (int z = 0; z < n; z++) {
                if (has[z]) {
                    Bits.set(valid, z);
                    if ((wantMin ? min[z] : max[z]) != 0) {
                        Bits.set(bits, z);
                    }
                }
            }
            return new BoolArray(new DType.Bool(true), bits, n, Validity.ofBits(valid));
        }
        MemorySegment data = arena.allocate(Math.max(1L, (long) n * ptype.byteWidth()), ptype.byteWidth());
        for (int z = 0; z < n; z++) {
            if (!has[z]) {
                continue;
            }
            Bits.set(valid, z);
            if (kind == Kind.FLOAT) {
                double d = wantMin ? fmin[z] : fmax[z];
                switch (ptype) {
                    case F64 -> data.setAtIndex(PrimitiveArray.LE_DOUBLE, z, d);
                    case F32 -> data.setAtIndex(PrimitiveArray.LE_FLOAT, z, (float) d);
                    default -> data.setAtIndex(PrimitiveArray.LE_SHORT, z, Float.floatToFloat16((float) d));
                }
            } else {
                PrimitiveArray.setLong(data, ptype, z, wantMin ? min[z] : max[z]);
            }
        }
        DType storageType = new DType.Primitive(ptype, true);
        PrimitiveArray p = new PrimitiveArray(storageType, ptype, data, n, Validity.ofBits(valid));
        if (dtype instanceof DType.Extension e) {
            DType.Extension et = (DType.Extension) e.withNullable(true);
            return new ExtensionArray(et, p);
        }
        return p;
    }

    private Array counts(long[] values, Arena arena) {
        int n = zones;
        MemorySegment data = arena.allocate(Math.max(8L, n * 8L), 8);
        for (int z = 0; z < n; z++) {
            data.setAtIndex(PrimitiveArray.LE_LONG, z, values[z]);
        }
        return new PrimitiveArray(new DType.Primitive(PType.U64, true), PType.U64, data, n, Validity.ALL_VALID);
    }

    private static Array decimals(DType.Decimal t, List<java.math.BigInteger> vals, Arena arena) {
        int n = vals.size();
        int w = t.minimumByteWidth();
        MemorySegment data = arena.allocate(Math.max(1L, (long) n * w), Math.min(16, w));
        MemorySegment valid = arena.allocate(Math.max(1, Bits.byteLength(n)));
        for (int z = 0; z < n; z++) {
            java.math.BigInteger v = vals.get(z);
            if (v == null) {
                continue;
            }
            Bits.set(valid, z);
            byte[] be = v.toByteArray();
            byte fill = (byte) (v.signum() < 0 ? 0xFF : 0);
            for (int k = 0; k < w; k++) {
                data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) z * w + k, k < be.length ? be[be.length - 1 - k] : fill);
            }
        }
        return new dev.jvortex.core.array.DecimalArray(t, w, data, n, Validity.ofBits(valid));
    }

    private Array sums(Arena arena) {
        int n = zones;
        if (kind == Kind.DECIMAL) {
            DType.Decimal t = (DType.Decimal) sumType();
            java.math.BigInteger limit = java.math.BigInteger.TEN.pow(t.precision());
            java.util.List<java.math.BigInteger> vals = new ArrayList<>();
            for (int z = 0; z < n; z++) {
                java.math.BigInteger v = z < decSum.size() ? decSum.get(z) : java.math.BigInteger.ZERO;
                vals.add(v.abs().compareTo(limit) >= 0 ? null : v);
            }
            return decimals(t, vals, arena);
        }
        MemorySegment data = arena.allocate(Math.max(8L, n * 8L), 8);
        MemorySegment valid = arena.allocate(Math.max(1, Bits.byteLength(n)));
        DType t = sumType();
        PType pt = ((DType.Primitive) t).ptype();
        for (int z = 0; z < n; z++) {
            if (overflow[z]) {
                continue;
            }
            Bits.set(valid, z);
            if (pt == PType.F64) {
                data.setAtIndex(PrimitiveArray.LE_DOUBLE, z, fsum[z]);
            } else {
                data.setAtIndex(PrimitiveArray.LE_LONG, z, sum[z]);
            }
        }
        return new PrimitiveArray(t, pt, data, n, Validity.ofBits(valid));
    }

    /// Returns the whole-column statistics (min, max, sum, null count, NaN count).
    ArrayStats fileStatistics() {
        if (kind == Kind.DECIMAL) {
            long nullCount = 0;
            java.math.BigInteger lo = null;
            java.math.BigInteger hi = null;
            java.math.BigInteger total = java.math.BigInteger.ZERO;
            for (int z = 0; z < zones; z++) {
                nullCount += nulls[z];
                if (has[z]) {
                    lo = lo == null || decMin.get(z).compareTo(lo) < 0 ? decMin.get(z) : lo;
                    hi = hi == null || decMax.get(z).compareTo(hi) > 0 ? decMax.get(z) : hi;
                    total = total.add(decSum.get(z));
                }
            }
            DType t = dtype.withNullable(true);
            DType.Decimal st = (DType.Decimal) sumType();
            byte[] sumBytes = total.abs().compareTo(java.math.BigInteger.TEN.pow(st.precision())) >= 0 ? null
                    : new Scalar(st, total).encode();
            return new ArrayStats(lo == null ? null : new Scalar(t, lo).encode(), lo != null,
                    hi == null ? null : new Scalar(t, hi).encode(), hi != null, sumBytes, null, null, null, nullCount, null, null);
        }
        if (kind == Kind.STRING) {
            finishStrings();
            long nullCount = 0;
            for (int z = 0; z < zones; z++) {
                nullCount += nulls[z];
            }
            DType base = (dtype instanceof DType.Extension e ? e.storage() : dtype).withNullable(true);
            boolean utf8 = base instanceof DType.Utf8;
            byte[] lo = fileMin == null ? null : lowerBound(fileMin, utf8, MAX_STRING_BYTES);
            byte[] hi = fileMax == null ? null : upperBound(fileMax, utf8, MAX_STRING_BYTES);
            return new ArrayStats(lo == null ? null : stringScalar(base, lo), lo != null && lo.length == fileMin.length,
                    hi == null ? null : stringScalar(base, hi), hi != null && hi.length == fileMax.length && java.util.Arrays.equals(hi, fileMax),
                    null, null, null, null, nullCount, null, null);
        }
        long nullCount = 0;
        long nanCount = 0;
        boolean any = false;
        long lo = 0;
        long hi = 0;
        double flo = 0;
        double fhi = 0;
        long s = 0;
        double fs = 0;
        boolean over = false;
        for (int z = 0; z < zones; z++) {
            nullCount += nulls[z];
            nanCount += nans[z];
            fs += fsum[z];
            if (overflow[z]) {
                over = true;
            }
            long ns = s + sum[z];
            if (kind == Kind.INT && ((s ^ ns) & (sum[z] ^ ns)) < 0) {
                over = true;
            }
            if ((kind == Kind.UINT || kind == Kind.BOOL) && Long.compareUnsigned(ns, s) < 0) {
                over = true;
            }
            s = ns;
            if (!has[z]) {
                continue;
            }
            if (!any) {
                lo = min[z];
                hi = max[z];
                flo = fmin[z];
                fhi = fmax[z];
                any = true;
            } else if (kind == Kind.UINT) {
                lo = Long.compareUnsigned(min[z], lo) < 0 ? min[z] : lo;
                hi = Long.compareUnsigned(max[z], hi) > 0 ? max[z] : hi;
            } else {
                lo = Math.min(lo, min[z]);
                hi = Math.max(hi, max[z]);
                flo = Math.min(flo, fmin[z]);
                fhi = Math.max(fhi, fmax[z]);
            }
        }
        byte[] minBytes = null;
        byte[] maxBytes = null;
        byte[] sumBytes = null;
        if (any && hasMinMax()) {
            minBytes = scalar(lo, flo);
            maxBytes = scalar(hi, fhi);
        }
        if (hasSum() && !over) {
            DType t = sumType();
            Object v = ((DType.Primitive) t).ptype() == PType.F64 ? (Object) fs : (Object) s;
            sumBytes = new Scalar(t, v).encode();
        }
        return new ArrayStats(minBytes, minBytes != null, maxBytes, maxBytes != null, sumBytes, null, null, null, nullCount,
                null, kind == Kind.FLOAT ? nanCount : null);
    }

    private static byte[] stringScalar(DType t, byte[] v) {
        Object value = t instanceof DType.Utf8 ? new String(v, java.nio.charset.StandardCharsets.UTF_8) : v;
        return new Scalar(t, value).encode();
    }

    private byte[] scalar(long v, double f) {
        DType base = dtype instanceof DType.Extension e ? e.storage() : dtype;
        Object value = switch (kind) {
            case BOOL -> v != 0;
            case FLOAT -> switch (ptype) {
                case F64 -> (Object) f;
                case F32 -> (Object) (float) f;
                default -> (Object) Float.floatToFloat16((float) f);
            };
            default -> v;
        };
        return new Scalar(base, value).encode();
    }
}
