package dev.jvortex.sql;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.VortexFile;
import dev.jvortex.sql.ScanSpec.AggCall;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/// A SQL table over one Vortex file or several files of one schema (read in name order).
///
/// Scans go through [VortexLogicalScan], whose planner rules push projections, filters, limits and
/// ungrouped aggregates into the jvortex scan. The files stay open (memory-mapped) until
/// [#close()].
public final class VortexTable extends AbstractTable implements TranslatableTable, AutoCloseable {
    private final String name;
    private final List<VortexFile> files;
    private final DType.Struct schema;
    private final long rowCount;
    private final List<ScanStatistics> lastStatistics = new CopyOnWriteArrayList<>();

    /// Opens the table `name` over `paths` (at least one; all with the same dtype).
    public VortexTable(String name, List<Path> paths) {
        if (paths.isEmpty()) {
            throw VortexException.misuse("table " + name + " has no files");
        }
        this.name = name;
        List<VortexFile> opened = new ArrayList<>();
        try {
            for (Path p : paths) {
                opened.add(VortexFile.open(p));
            }
        } catch (RuntimeException e) {
            opened.forEach(VortexFile::close);
            throw e;
        }
        this.files = List.copyOf(opened);
        DType first = files.getFirst().dtype();
        if (!(first instanceof DType.Struct s)) {
            close();
            throw VortexException.unsupported(files.getFirst().name()
                    + ": a SQL table needs a struct dtype (columns) but the file holds " + first);
        }
        for (VortexFile f : files) {
            if (!f.dtype().withNullable(false).equals(first.withNullable(false))) {
                close();
                throw VortexException.misuse("table " + name + ": " + f.name() + " has the dtype " + f.dtype()
                        + " but " + files.getFirst().name() + " has " + first
                        + "; the files of one table must share their schema");
            }
        }
        this.schema = s;
        long n = 0;
        for (VortexFile f : files) {
            n += f.rowCount();
        }
        this.rowCount = n;
    }

    /// Returns the table's name.
    public String name() {
        return name;
    }

    /// Returns the table's columns as a struct dtype.
    public DType.Struct schema() {
        return schema;
    }

    /// Returns the open files.
    public List<VortexFile> files() {
        return files;
    }

    /// Returns the number of rows over all files.
    public long rowCount() {
        return rowCount;
    }

    /// Returns the statistics of the jvortex scans run by the last query over this table that
    /// read rows (one entry per file scanned).
    public List<ScanStatistics> lastStatistics() {
        return List.copyOf(lastStatistics);
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        return SqlTypes.toSql(schema.withNullable(false), typeFactory);
    }

    @Override
    public Statistic getStatistic() {
        return Statistics.of(rowCount, List.of());
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
        return new VortexLogicalScan(
                context.getCluster(),
                context.getCluster().traitSetOf(Convention.NONE),
                relOptTable,
                this,
                ScanSpec.all(schema.fields().size()));
    }

    /// Runs a row scan (called from generated code).
    public Enumerable<Object[]> query(DataContext root, ScanSpec spec) {
        lastStatistics.clear();
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                return new VortexEnumerator(VortexTable.this, spec, lastStatistics::add);
            }
        };
    }

    /// Computes the ungrouped aggregates of `spec` (called from generated code): one row.
    public Enumerable<Object[]> aggregate(DataContext root, ScanSpec spec) {
        lastStatistics.clear();
        Object[] row = spec.fromStatistics() ? fromStatistics(spec.aggregates()) : null;
        if (row == null) {
            row = Aggregator.compute(this, spec, lastStatistics::add);
        }
        return Linq4j.singletonEnumerable(row);
    }

    /// Returns the scan options for `spec` over one file.
    ScanOptions options(ScanSpec spec) {
        List<String> names = new ArrayList<>();
        for (int c : spec.columns()) {
            names.add(schema.names().get(c));
        }
        return ScanOptions.all().withColumns(names).withFilter(spec.filter());
    }

    /// Returns whether every call of `calls` can be answered from the files' statistics.
    boolean answersFromStatistics(List<AggCall> calls) {
        return fromStatistics(calls) != null;
    }

    /// Answers `calls` from the files' statistics when they are exact, else returns null.
    Object[] fromStatistics(List<AggCall> calls) {
        Object[] out = new Object[calls.size()];
        for (int k = 0; k < calls.size(); k++) {
            AggCall call = calls.get(k);
            switch (call.kind()) {
                case COUNT_STAR -> out[k] = rowCount;
                case COUNT -> {
                    long n = 0;
                    for (VortexFile f : files) {
                        VortexFile.ColumnStatistics s = f.statistics(call.field());
                        if (s == null || s.nullCount() == null) {
                            return null;
                        }
                        n += f.rowCount() - s.nullCount();
                    }
                    out[k] = n;
                }
                case MIN, MAX -> {
                    DType t = schema.fields().get(call.field());
                    if (!Aggregator.supports(t)) {
                        return null;
                    }
                    Comparable<Object> best = null;
                    Object bestValue = null;
                    for (VortexFile f : files) {
                        VortexFile.ColumnStatistics s = f.statistics(call.field());
                        if (s == null) {
                            return null;
                        }
                        if (s.nullCount() != null && s.nullCount() == f.rowCount()) {
                            continue;
                        }
                        boolean min = call.kind() == ScanSpec.AggKind.MIN;
                        Scalar v = min ? s.min() : s.max();
                        boolean exact = min ? s.minExact() : s.maxExact();
                        if (v == null || v.isNull() || !exact || (s.nanCount() != null && s.nanCount() > 0)) {
                            return null;
                        }
                        Object value = calciteValue(t, v.value());
                        @SuppressWarnings("unchecked")
                        Comparable<Object> c = (Comparable<Object>) value;
                        if (best == null || (min ? c.compareTo(bestValue) < 0 : c.compareTo(bestValue) > 0)) {
                            best = c;
                            bestValue = value;
                        }
                    }
                    out[k] = bestValue;
                }
                case SUM -> {
                    DType t = schema.fields().get(call.field());
                    boolean exactKind = t instanceof DType.Decimal
                            || (t instanceof DType.Primitive p && p.ptype().isInteger());
                    if (!exactKind) {
                        return null;
                    }
                    BigDecimal sum = null;
                    for (VortexFile f : files) {
                        VortexFile.ColumnStatistics s = f.statistics(call.field());
                        if (s == null) {
                            return null;
                        }
                        if (s.nullCount() != null && s.nullCount() == f.rowCount()) {
                            continue;
                        }
                        if (s.sum() == null || s.sum().isNull()) {
                            return null;
                        }
                        BigDecimal v = switch (s.sum().dtype()) {
                            case DType.Decimal d ->
                                new BigDecimal((BigInteger) s.sum().value(), d.scale());
                            case DType.Primitive p
                            when p.ptype() == PType.U64 ->
                                new BigDecimal(SqlTypes.unsigned((Long) s.sum().value()));
                            case DType.Primitive p
                            when p.ptype().isInteger() ->
                                BigDecimal.valueOf((Long) s.sum().value());
                            default -> null;
                        };
                        if (v == null) {
                            return null;
                        }
                        sum = sum == null ? v : sum.add(v);
                    }
                    out[k] = sum == null ? null : Aggregator.convertSum(sum, call.result());
                }
            }
        }
        return out;
    }

    /// Converts a statistics value (see [Scalar]) of a column of type `t` to Calcite's form.
    static Object calciteValue(DType t, Object v) {
        return switch (t) {
            case DType.Primitive p ->
                switch (p.ptype()) {
                    case I8 -> (byte) (long) (Long) v;
                    case I16, U8 -> (short) (long) (Long) v;
                    case I32, U16 -> (int) (long) (Long) v;
                    case I64, U32 -> (Long) v;
                    case U64 -> new BigDecimal(SqlTypes.unsigned((Long) v));
                    case F16 -> Float.float16ToFloat((Short) v);
                    case F32 -> v instanceof Float f ? f : (float) (double) (Double) v;
                    case F64 -> v instanceof Double d ? d : (double) (Float) v;
                };
            case DType.Decimal d -> new BigDecimal((BigInteger) v, d.scale());
            case DType.Extension e -> SqlTypes.temporal(e, (Long) v);
            default -> v;
        };
    }

    @Override
    public void close() {
        for (VortexFile f : files) {
            f.close();
        }
    }

    @Override
    public String toString() {
        return "VortexTable(" + name + ", " + files.size() + " file(s))";
    }
}
