package dev.jvortex.sql;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;

/// The scan that runs: a [VortexLogicalScan] in the enumerable convention, calling
/// [VortexTable#query] or [VortexTable#aggregate] with its [ScanSpec].
///
/// `EXPLAIN PLAN FOR` shows it as `VortexTableScan(table=[[...]], columns=[...],
/// filters=[...], fetch=[n], aggregates=[...], from=[statistics|scan])`.
public final class VortexTableScan extends VortexLogicalScan implements EnumerableRel {
    VortexTableScan(
            RelOptCluster cluster,
            RelTraitSet traits,
            RelOptTable table,
            VortexTable vortexTable,
            ScanSpec spec,
            RelDataType aggregateRowType) {
        super(cluster, traits, table, vortexTable, spec, aggregateRowType);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VortexTableScan(getCluster(), traitSet, getTable(), vortexTable, spec, aggregateRowType);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY, false);
        Expression specExpr = implementor.stash(spec, ScanSpec.class);
        String method = spec.aggregates() != null ? "aggregate" : "query";
        return implementor.result(
                physType,
                Blocks.toBlock(Expressions.call(
                        implementor.stash(vortexTable, VortexTable.class),
                        method,
                        implementor.getRootExpression(),
                        specExpr)));
    }
}
