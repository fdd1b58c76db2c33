package dev.jvortex.sql;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.VortexFile;
import dev.jvortex.sql.ScanSpec.AggCall;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.sql.type.SqlTypeName;

/// Ungrouped `COUNT(*)`, `COUNT`, `MIN`, `MAX` and `SUM` computed over the batches of a jvortex
/// scan, one typed loop per column and batch (no per-row objects).
final class Aggregator {
    private Aggregator() {}

    /// Returns true when MIN, MAX and SUM of a column of type `t` are computed here: integers
    /// (but u64), floats, decimals, and date, time and timestamp columns (MIN and MAX only).
    static boolean supports(DType t) {
        return switch (t) {
            case DType.Primitive p -> p.ptype() != PType.U64;
            case DType.Decimal d -> true;
            case DType.Extension e -> SqlTypes.isTemporal(e);
            default -> false;
        };
    }

    /// One running aggregate.
    private static final class Acc {
        final AggCall call;
        final DType type;
        long count;
        boolean any;
        long minLong = Long.MAX_VALUE;
        long maxLong = Long.MIN_VALUE;
        double minDouble = Double.POSITIVE_INFINITY;
        double maxDouble = Double.NEGATIVE_INFINITY;
        BigInteger minBig;
        BigInteger maxBig;
        BigInteger sumBig = BigInteger.ZERO;
        double sumDouble;

        Acc(AggCall call, DType type) {
            this.call = call;
            this.type = type;
        }
    }

    /// Scans every file of `table` with the filters and columns the calls need.
    static Object[] compute(VortexTable table, ScanSpec spec, Consumer<ScanStatistics> onScanEnd) {
        List<AggCall> calls = spec.aggregates();
        Acc[] accs = new Acc[calls.size()];
        for (int k = 0; k < accs.length; k++) {
            AggCall c = calls.get(k);
            accs[k] = new Acc(c, c.field() < 0 ? null : table.schema().fields().get(c.field()));
        }
        // Column positions in the batch: spec.columns() lists every field the calls read.
        int[] cols = spec.columns();
        for (VortexFile f : table.files()) {
            try (Scan scan = f.scan(table.options(spec))) {
                for (Batch b : scan) {
                    try (b) {
                        for (Acc a : accs) {
                            if (a.call.field() < 0) {
                                a.count += b.rowCount();
                                continue;
                            }
                            int pos = indexOf(cols, a.call.field());
                            add(a, b.column(pos), b.rowCount());
                        }
                    }
                }
                onScanEnd.accept(scan.statistics());
            }
        }
        Object[] out = new Object[accs.length];
        for (int k = 0; k < accs.length; k++) {
            out[k] = result(accs[k]);
        }
        return out;
    }

    private static int indexOf(int[] cols, int field) {
        for (int i = 0; i < cols.length; i++) {
            if (cols[i] == field) {
                return i;
            }
        }
        throw new IllegalStateException("column " + field + " not scanned");
    }

    private static void add(Acc a, Array column, int n) {
        Validity v = column.validity();
        int nulls = v.nullCount(n);
        a.count += n - nulls;
        if (a.call.kind() == ScanSpec.AggKind.COUNT || nulls == n) {
            return;
        }
        a.any = true;
        Array data = column instanceof ExtensionArray e ? e.storage() : column;
        boolean allValid = nulls == 0;
        switch (data) {
            case PrimitiveArray p
            when p.ptype().isFloat() -> {
                double min = a.minDouble;
                double max = a.maxDouble;
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || v.isValid(i)) {
                        double x = p.getDouble(i);
                        min = Math.min(min, x);
                        max = Math.max(max, x);
                        sum += x;
                    }
                }
                a.minDouble = min;
                a.maxDouble = max;
                a.sumDouble += sum;
            }
            case PrimitiveArray p -> {
                long min = a.minLong;
                long max = a.maxLong;
                long sum = 0;
                boolean overflow = false;
                for (int i = 0; i < n; i++) {
                    if (allValid || v.isValid(i)) {
                        long x = p.getLong(i);
                        min = Math.min(min, x);
                        max = Math.max(max, x);
                        long s = sum + x;
                        overflow |= ((sum ^ s) & (x ^ s)) < 0;
                        sum = s;
                    }
                }
                a.minLong = min;
                a.maxLong = max;
                if (overflow) {
                    BigInteger big = BigInteger.ZERO;
                    for (int i = 0; i < n; i++) {
                        if (allValid || v.isValid(i)) {
                            big = big.add(BigInteger.valueOf(p.getLong(i)));
                        }
                    }
                    a.sumBig = a.sumBig.add(big);
                } else {
                    a.sumBig = a.sumBig.add(BigInteger.valueOf(sum));
                }
            }
            case DecimalArray d -> {
                if (d.byteWidth() <= 8) {
                    long min = a.minLong;
                    long max = a.maxLong;
                    long sum = 0;
                    boolean overflow = false;
                    for (int i = 0; i < n; i++) {
                        if (allValid || v.isValid(i)) {
                            long x = d.getUnscaledLong(i);
                            min = Math.min(min, x);
                            max = Math.max(max, x);
                            long s = sum + x;
                            overflow |= ((sum ^ s) & (x ^ s)) < 0;
                            sum = s;
                        }
                    }
                    a.minLong = min;
                    a.maxLong = max;
                    if (overflow) {
                        BigInteger big = BigInteger.ZERO;
                        for (int i = 0; i < n; i++) {
                            if (allValid || v.isValid(i)) {
                                big = big.add(BigInteger.valueOf(d.getUnscaledLong(i)));
                            }
                        }
                        a.sumBig = a.sumBig.add(big);
                    } else {
                        a.sumBig = a.sumBig.add(BigInteger.valueOf(sum));
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        if (allValid || v.isValid(i)) {
                            BigInteger x = d.getUnscaled(i);
                            a.minBig = a.minBig == null || x.compareTo(a.minBig) < 0 ? x : a.minBig;
                            a.maxBig = a.maxBig == null || x.compareTo(a.maxBig) > 0 ? x : a.maxBig;
                            a.sumBig = a.sumBig.add(x);
                        }
                    }
                }
            }
            default -> throw new IllegalStateException("cannot aggregate a " + column.dtype() + " column");
        }
    }

    private static Object result(Acc a) {
        AggCall c = a.call;
        switch (c.kind()) {
            case COUNT_STAR, COUNT -> {
                return a.count;
            }
            default -> {}
        }
        if (!a.any) {
            return null;
        }
        DType t = a.type;
        boolean min = c.kind() == ScanSpec.AggKind.MIN;
        if (t instanceof DType.Primitive p && p.ptype().isFloat()) {
            if (c.kind() == ScanSpec.AggKind.SUM) {
                return c.result() == SqlTypeName.REAL ? (Object) (float) a.sumDouble : (Object) a.sumDouble;
            }
            double x = min ? a.minDouble : a.maxDouble;
            return p.ptype() == PType.F64 ? (Object) x : (Object) (float) x;
        }
        if (t instanceof DType.Decimal d) {
            BigInteger unscaled = c.kind() == ScanSpec.AggKind.SUM
                    ? a.sumBig
                    : a.minBig != null || a.maxBig != null
                            ? (min ? a.minBig : a.maxBig)
                            : BigInteger.valueOf(min ? a.minLong : a.maxLong);
            BigDecimal value = new BigDecimal(unscaled, d.scale());
            return c.kind() == ScanSpec.AggKind.SUM ? convertSum(value, c.result()) : value;
        }
        if (c.kind() == ScanSpec.AggKind.SUM) {
            return convertSum(new BigDecimal(a.sumBig), c.result());
        }
        return VortexTable.calciteValue(t, min ? a.minLong : a.maxLong);
    }

    /// Converts an exact sum to the Java class of the SQL result type.
    static Object convertSum(BigDecimal sum, SqlTypeName result) {
        double asDouble = sum.doubleValue();
        return switch (result) {
            case TINYINT -> sum.byteValueExact();
            case SMALLINT -> sum.shortValueExact();
            case INTEGER -> sum.intValueExact();
            case BIGINT -> sum.longValueExact();
            case REAL -> (float) asDouble;
            case DOUBLE, FLOAT -> asDouble;
            default -> sum;
        };
    }
}
