package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/// Collects what Spark pushes into a scan: the columns it needs (nested fields included), the
/// filters jvortex evaluates exactly (the rest stay with Spark), a limit, and COUNT/MIN/MAX
/// aggregates that file statistics answer exactly.
final class VortexScanBuilder
        implements ScanBuilder,
                SupportsPushDownRequiredColumns,
                SupportsPushDownV2Filters,
                SupportsPushDownLimit,
                SupportsPushDownAggregates {
    private final VortexTable table;
    private final CaseInsensitiveStringMap options;
    private StructType required;
    private final List<Predicate> pushed = new ArrayList<>();
    private final List<Predicate> residual = new ArrayList<>();
    private Expr filter;
    private boolean partitionFilters;
    private long limit = -1;
    private Aggregates.Result aggregate;

    VortexScanBuilder(VortexTable table, CaseInsensitiveStringMap options) {
        this.table = table;
        this.options = options;
        this.required = table.schema();
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        this.required = requiredSchema;
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        PredicateTranslator translator = new PredicateTranslator(table.fileSchema());
        for (Predicate p : predicates) {
            Expr e = onFileColumns(p) ? translator.translate(p) : null;
            if (e == null) {
                residual.add(p);
                partitionFilters |= !onFileColumns(p);
            } else {
                pushed.add(p);
                filter = filter == null ? e : filter.and(e);
            }
        }
        return residual.toArray(new Predicate[0]);
    }

    private boolean onFileColumns(Predicate p) {
        for (NamedReference ref : p.references()) {
            if (table.fileSchema().indexOf(ref.fieldNames()[0]) < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Predicate[] pushedPredicates() {
        return pushed.toArray(new Predicate[0]);
    }

    @Override
    public boolean pushLimit(int n) {
        limit = n;
        return true;
    }

    @Override
    public boolean isPartiallyPushed() {
        // Each split stops after `limit` rows; Spark still applies the limit across splits.
        return true;
    }

    @Override
    public boolean supportCompletePushDown(Aggregation aggregation) {
        return false;
    }

    @Override
    public boolean pushAggregation(Aggregation aggregation) {
        if (filter != null || partitionFilters) {
            return false;
        }
        aggregate = Aggregates.answer(aggregation, table);
        return aggregate != null;
    }

    @Override
    public Scan build() {
        if (aggregate != null) {
            return new VortexScan(
                    table, options, aggregate.schema(), List.of(), null, -1, aggregate, pushed, List.of());
        }
        DType.Struct file = table.fileSchema();
        List<String> columns = new ArrayList<>();
        for (StructField f : required.fields()) {
            if (file.indexOf(f.name()) >= 0) {
                columns.add(f.name());
            }
        }
        if (columns.isEmpty() && file.size() > 0) {
            // Spark needs only row counts: decode one column to count the rows of each batch.
            columns.add(file.names().getFirst());
        }
        return new VortexScan(table, options, required, columns, filter, limit, null, pushed, residual);
    }
}
