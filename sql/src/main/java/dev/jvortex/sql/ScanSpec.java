package dev.jvortex.sql;

import dev.jvortex.core.expr.Expr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.type.SqlTypeName;

/// What a [VortexTableScan] asks of its table: the columns, the filters pushed into the jvortex
/// scan, a row limit, and optionally an ungrouped aggregate computed by the scan itself.
///
/// @param columns the table fields returned, in output order
/// @param filters conjuncts the jvortex scan evaluates (exactly; Calcite does not re-check them)
/// @param fetch the most rows to return, or -1 for all
/// @param aggregates the aggregate calls computed in place of returning rows, or null
/// @param fromStatistics whether the aggregates are answered from file statistics alone
public record ScanSpec(
        int[] columns, List<Expr> filters, long fetch, List<AggCall> aggregates, boolean fromStatistics) {
    public ScanSpec {
        columns = columns.clone();
        filters = List.copyOf(filters);
        aggregates = aggregates == null ? null : List.copyOf(aggregates);
    }

    /// A scan of every field.
    static ScanSpec all(int fieldCount) {
        int[] cols = new int[fieldCount];
        for (int i = 0; i < fieldCount; i++) {
            cols[i] = i;
        }
        return new ScanSpec(cols, List.of(), -1, null, false);
    }

    /// The aggregate functions a scan computes.
    public enum AggKind {
        /// `COUNT(*)`.
        COUNT_STAR,
        /// `COUNT(column)`: the non-null values.
        COUNT,
        /// `MIN(column)`.
        MIN,
        /// `MAX(column)`.
        MAX,
        /// `SUM(column)`.
        SUM
    }

    /// One aggregate call: its function, the table field it reads (-1 for `COUNT(*)`) and the
    /// SQL type of its result.
    ///
    /// @param kind the function
    /// @param field the table field, or -1
    /// @param result the SQL type name of the result
    public record AggCall(AggKind kind, int field, SqlTypeName result) {
        @Override
        public String toString() {
            return kind == AggKind.COUNT_STAR ? "COUNT()" : kind + "($" + field + ")";
        }
    }

    /// Returns the combined filter, or null when there is none.
    public Expr filter() {
        Expr acc = null;
        for (Expr f : filters) {
            acc = acc == null ? f : acc.and(f);
        }
        return acc;
    }

    ScanSpec withColumns(int[] cols) {
        return new ScanSpec(cols, filters, fetch, aggregates, fromStatistics);
    }

    ScanSpec withFilters(List<Expr> more) {
        List<Expr> all = new ArrayList<>(filters);
        all.addAll(more);
        return new ScanSpec(columns, all, fetch, aggregates, fromStatistics);
    }

    ScanSpec withFetch(long n) {
        return new ScanSpec(columns, filters, n, aggregates, fromStatistics);
    }

    ScanSpec withAggregates(List<AggCall> calls, boolean stats) {
        return new ScanSpec(columns, filters, fetch, calls, stats);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScanSpec s
                && Arrays.equals(columns, s.columns)
                && filters.equals(s.filters)
                && fetch == s.fetch
                && Objects.equals(aggregates, s.aggregates)
                && fromStatistics == s.fromStatistics;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(columns) * 31 + filters.hashCode() + Long.hashCode(fetch);
    }

    @Override
    public String toString() {
        return "ScanSpec" + Arrays.toString(columns) + filters + " fetch " + fetch + " agg " + aggregates;
    }
}
