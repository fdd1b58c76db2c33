package dev.jvortex.sql;

import dev.jvortex.core.DType;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.sql.ScanSpec.AggCall;
import dev.jvortex.sql.ScanSpec.AggKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/// The planner rules that push work into a [VortexLogicalScan]; registered by the scan itself.
final class VortexRules {
    private VortexRules() {}

    /// Filter conjuncts jvortex can evaluate move into the scan; the rest stay in Calcite.
    static final RelOptRule FILTER = new FilterRule();

    /// Only the columns a projection uses are read.
    static final RelOptRule PROJECT = new ProjectRule();

    /// `LIMIT` (with `OFFSET`) without ordering stops the scan early.
    static final RelOptRule LIMIT = new LimitRule();

    /// Ungrouped COUNT(*), COUNT, MIN, MAX and SUM are computed by the scan.
    static final RelOptRule AGGREGATE = new AggregateRule();

    /// A logical scan becomes the enumerable scan that runs it.
    static final RelOptRule ENUMERABLE = new EnumerableRule();

    static final List<RelOptRule> ALL = List.of(FILTER, PROJECT, LIMIT, AGGREGATE, ENUMERABLE);

    // The scans the rules make are logical (Convention.NONE), like the nodes above them, so that a
    // rule matching a node over a scan also sees the scans other rules put in that node's place;
    // ENUMERABLE then turns each into the scan that runs.
    private static final class EnumerableRule extends RelOptRule {
        EnumerableRule() {
            super(operand(VortexLogicalScan.class, Convention.NONE, none()), "VortexEnumerableRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            VortexLogicalScan scan = call.rel(0);
            call.transformTo(new VortexTableScan(
                    scan.getCluster(),
                    scan.getTraitSet().replace(EnumerableConvention.INSTANCE),
                    scan.getTable(),
                    scan.vortexTable,
                    scan.spec,
                    scan.aggregateRowType));
        }
    }

    private static boolean plain(VortexLogicalScan scan) {
        return scan.spec().aggregates() == null && scan.spec().fetch() < 0;
    }

    private static final class FilterRule extends RelOptRule {
        FilterRule() {
            super(
                    operand(LogicalFilter.class, operand(VortexLogicalScan.class, Convention.NONE, none())),
                    "VortexFilterRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalFilter filter = call.rel(0);
            VortexLogicalScan scan = call.rel(1);
            if (!plain(scan)) {
                return;
            }
            FilterTranslator t = new FilterTranslator(
                    scan.vortexTable().schema(),
                    scan.spec().columns(),
                    filter.getCluster().getRexBuilder());
            List<Expr> pushed = new ArrayList<>();
            List<RexNode> left = t.split(RelOptUtil.conjunctions(filter.getCondition()), pushed);
            if (pushed.isEmpty()) {
                return;
            }
            RelNode newScan = scan.with(scan.spec().withFilters(pushed), null);
            call.transformTo(call.builder().push(newScan).filter(left).build());
        }
    }

    private static final class ProjectRule extends RelOptRule {
        ProjectRule() {
            super(
                    operand(LogicalProject.class, operand(VortexLogicalScan.class, Convention.NONE, none())),
                    "VortexProjectRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalProject project = call.rel(0);
            VortexLogicalScan scan = call.rel(1);
            if (scan.spec().aggregates() != null) {
                return;
            }
            int n = scan.getRowType().getFieldCount();
            ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
            if (used.cardinality() == n) {
                return;
            }
            if (used.isEmpty()) {
                used = ImmutableBitSet.of(0);
            }
            int[] old = scan.spec().columns();
            int[] cols = new int[used.cardinality()];
            Mapping mapping = Mappings.create(MappingType.INVERSE_SURJECTION, n, cols.length);
            int k = 0;
            for (int i : used) {
                cols[k] = old[i];
                mapping.set(i, k);
                k++;
            }
            VortexLogicalScan newScan = scan.with(scan.spec().withColumns(cols), null);
            RexPermuteInputsShuttle shuttle = new RexPermuteInputsShuttle(mapping, newScan);
            List<RexNode> exprs = new ArrayList<>();
            for (RexNode e : project.getProjects()) {
                exprs.add(e.accept(shuttle));
            }
            call.transformTo(call.builder()
                    .push(newScan)
                    .project(exprs, project.getRowType().getFieldNames())
                    .build());
        }
    }

    private static final class LimitRule extends RelOptRule {
        LimitRule() {
            super(
                    operand(LogicalSort.class, operand(VortexLogicalScan.class, Convention.NONE, none())),
                    "VortexLimitRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalSort sort = call.rel(0);
            VortexLogicalScan scan = call.rel(1);
            if (!plain(scan) || !sort.getCollation().getFieldCollations().isEmpty() || sort.fetch == null) {
                return;
            }
            if (!(sort.fetch instanceof RexLiteral f)
                    || (sort.offset != null && !(sort.offset instanceof RexLiteral))) {
                return;
            }
            long fetch = f.getValueAs(Long.class);
            if (sort.offset instanceof RexLiteral o) {
                fetch += o.getValueAs(Long.class);
            }
            RelNode newScan = scan.with(scan.spec().withFetch(fetch), null);
            call.transformTo(sort.copy(sort.getTraitSet(), List.of(newScan)));
        }
    }

    private static final class AggregateRule extends RelOptRule {
        AggregateRule() {
            super(
                    operand(LogicalAggregate.class, operand(VortexLogicalScan.class, Convention.NONE, none())),
                    "VortexAggregateRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalAggregate agg = call.rel(0);
            VortexLogicalScan scan = call.rel(1);
            if (!plain(scan) || agg.getGroupCount() != 0 || agg.getGroupType() != LogicalAggregate.Group.SIMPLE) {
                return;
            }
            int[] cols = scan.spec().columns();
            DType.Struct schema = scan.vortexTable().schema();
            List<AggCall> calls = new ArrayList<>();
            Set<Integer> read = new LinkedHashSet<>();
            for (AggregateCall c : agg.getAggCallList()) {
                if (c.isDistinct()
                        || c.filterArg >= 0
                        || c.isApproximate()
                        || !c.collation.getFieldCollations().isEmpty()) {
                    return;
                }
                List<Integer> args = c.getArgList();
                SqlKind kind = c.getAggregation().getKind();
                AggKind k;
                if (kind == SqlKind.COUNT && args.isEmpty()) {
                    calls.add(new AggCall(AggKind.COUNT_STAR, -1, c.getType().getSqlTypeName()));
                    continue;
                }
                if (args.size() != 1) {
                    return;
                }
                int field = cols[args.get(0)];
                DType t = schema.fields().get(field);
                switch (kind) {
                    case COUNT -> k = AggKind.COUNT;
                    case MIN -> k = AggKind.MIN;
                    case MAX -> k = AggKind.MAX;
                    case SUM -> k = AggKind.SUM;
                    default -> {
                        return;
                    }
                }
                if (k != AggKind.COUNT && !Aggregator.supports(t)) {
                    return;
                }
                if (k == AggKind.SUM && t instanceof DType.Extension) {
                    return;
                }
                calls.add(new AggCall(k, field, c.getType().getSqlTypeName()));
                read.add(field);
            }
            boolean stats =
                    scan.spec().filters().isEmpty() && scan.vortexTable().answersFromStatistics(calls);
            int[] newCols;
            if (read.isEmpty()) {
                newCols = new int[] {firstFilterColumn(scan)};
            } else {
                newCols = read.stream().mapToInt(Integer::intValue).toArray();
            }
            ScanSpec spec = scan.spec().withColumns(newCols).withAggregates(calls, stats);
            call.transformTo(scan.with(spec, agg.getRowType()));
        }

        private static int firstFilterColumn(VortexLogicalScan scan) {
            List<String> names = scan.vortexTable().schema().names();
            for (Expr f : scan.spec().filters()) {
                for (Expr.Column c : f.columns()) {
                    int i = names.indexOf(c.topLevel());
                    if (i >= 0) {
                        return i;
                    }
                }
            }
            return 0;
        }
    }
}
