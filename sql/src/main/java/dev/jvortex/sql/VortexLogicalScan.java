package dev.jvortex.sql;

import dev.jvortex.core.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;

/// A logical scan of a [VortexTable] with what was pushed into it: the columns read, the
/// filters the jvortex scan evaluates, a row limit, or an ungrouped aggregate computed by the scan
/// (from file statistics when they are exact, else over the scanned batches). The planner rules
/// ([VortexRules]) rewrite it; [VortexTableScan] runs it.
public class VortexLogicalScan extends TableScan {
    final VortexTable vortexTable;
    final ScanSpec spec;
    final RelDataType aggregateRowType;

    VortexLogicalScan(
            RelOptCluster cluster, RelTraitSet traits, RelOptTable table, VortexTable vortexTable, ScanSpec spec) {
        this(cluster, traits, table, vortexTable, spec, null);
    }

    VortexLogicalScan(
            RelOptCluster cluster,
            RelTraitSet traits,
            RelOptTable table,
            VortexTable vortexTable,
            ScanSpec spec,
            RelDataType aggregateRowType) {
        super(cluster, traits, List.of(), table);
        this.vortexTable = vortexTable;
        this.spec = spec;
        this.aggregateRowType = aggregateRowType;
    }

    /// Returns what this scan asks of the table.
    public ScanSpec spec() {
        return spec;
    }

    VortexTable vortexTable() {
        return vortexTable;
    }

    /// Returns a scan of the same table with another spec (and, for an aggregate, its row type).
    VortexLogicalScan with(ScanSpec newSpec, RelDataType aggregateType) {
        return new VortexLogicalScan(getCluster(), getTraitSet(), getTable(), vortexTable, newSpec, aggregateType);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VortexLogicalScan(getCluster(), traitSet, getTable(), vortexTable, spec, aggregateRowType);
    }

    @Override
    public RelDataType deriveRowType() {
        if (aggregateRowType != null) {
            return aggregateRowType;
        }
        List<RelDataTypeField> fields = table.getRowType().getFieldList();
        RelDataTypeFactory.Builder b = getCluster().getTypeFactory().builder();
        for (int c : spec.columns()) {
            b.add(fields.get(c));
        }
        return b.build();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        List<String> names = new ArrayList<>();
        List<RelDataTypeField> fields = table.getRowType().getFieldList();
        for (int c : spec.columns()) {
            names.add(fields.get(c).getName());
        }
        List<String> filters = new ArrayList<>();
        for (Expr f : spec.filters()) {
            filters.add(f.toString());
        }
        List<String> aggs = new ArrayList<>();
        if (spec.aggregates() != null) {
            for (ScanSpec.AggCall a : spec.aggregates()) {
                aggs.add(
                        a.kind() == ScanSpec.AggKind.COUNT_STAR
                                ? "COUNT(*)"
                                : a.kind() + "(" + fields.get(a.field()).getName() + ")");
            }
        }
        return super.explainTerms(pw)
                .item("columns", names)
                .itemIf("filters", filters, !filters.isEmpty())
                .itemIf("fetch", spec.fetch(), spec.fetch() >= 0)
                .itemIf("aggregates", aggs, spec.aggregates() != null)
                .itemIf("from", spec.fromStatistics() ? "statistics" : "scan", spec.aggregates() != null);
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        if (spec.aggregates() != null) {
            return 1;
        }
        double rows = vortexTable.rowCount();
        for (int i = 0; i < spec.filters().size(); i++) {
            rows *= 0.25;
        }
        if (spec.fetch() >= 0) {
            rows = Math.min(rows, spec.fetch());
        }
        return Math.max(rows, 1);
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        // Reading fewer columns, filtering inside the scan and aggregating in it are cheaper than the
        // same work in Calcite: the cost falls with each, so the planner prefers the pushed scans.
        double total = vortexTable.rowCount();
        int fieldCount = table.getRowType().getFieldCount();
        double columns = (spec.columns().length + 2d) / (fieldCount + 2d);
        double filtered = Math.pow(0.5, spec.filters().size());
        double rows = spec.fetch() >= 0 ? Math.min(total, spec.fetch()) : total;
        if (spec.aggregates() != null) {
            rows = spec.fromStatistics() ? 1 : total * 0.01;
        }
        double cpu = rows * columns * filtered;
        return planner.getCostFactory().makeCost(estimateRowCount(mq), cpu, cpu);
    }

    @Override
    public void register(RelOptPlanner planner) {
        for (RelOptRule rule : VortexRules.ALL) {
            planner.addRule(rule);
        }
    }
}
