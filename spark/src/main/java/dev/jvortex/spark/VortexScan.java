package dev.jvortex.spark;

import dev.jvortex.core.expr.Expr;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanPlan;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.Split;
import dev.jvortex.file.VortexFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/// A planned Vortex scan: one input partition per split of each file (splits cut at chunk
/// boundaries, sized by the stored bytes of the columns read), pruned with file statistics and
/// zone maps, or one row answering a pushed-down aggregate.
///
/// Split size: the `splitBytes` option when given, else like Spark's own file sources: the
/// stored bytes to read divided by the default parallelism, between 4 MiB and
/// `spark.sql.files.maxPartitionBytes` (128 MiB by default).
final class VortexScan implements Scan, Batch, SupportsReportStatistics {
    private static final long MIN_SPLIT_BYTES = 4L << 20;

    private final VortexTable table;
    private final CaseInsensitiveStringMap options;
    private final StructType readSchema;
    private final List<String> columns;
    private final Expr filter;
    private final long limit;
    private final Aggregates.Result aggregate;
    private final List<Predicate> pushed;
    private final PartitionFilter partitionFilter;
    private List<InputPartition> partitions;
    private long rowsPlanned;
    private long bytesPlanned;
    private CustomTaskMetric[] driverMetrics = new CustomTaskMetric[0];

    VortexScan(
            VortexTable table,
            CaseInsensitiveStringMap options,
            StructType readSchema,
            List<String> columns,
            Expr filter,
            long limit,
            Aggregates.Result aggregate,
            List<Predicate> pushed,
            List<Predicate> residual) {
        this.table = table;
        this.options = options;
        this.readSchema = readSchema;
        this.columns = List.copyOf(columns);
        this.filter = filter;
        this.limit = limit;
        this.aggregate = aggregate;
        this.pushed = List.copyOf(pushed);
        this.partitionFilter = new PartitionFilter(table.listing().partitionSchema(), residual);
    }

    @Override
    public StructType readSchema() {
        return readSchema;
    }

    @Override
    public String description() {
        StringBuilder sb = new StringBuilder("VortexScan ").append(table.name());
        sb.append(" PushedFilters: [")
                .append(pushed.stream().map(Object::toString).collect(Collectors.joining(", ")))
                .append(']');
        if (filter != null) {
            sb.append(" VortexFilter: ").append(filter);
        }
        sb.append(" ReadColumns: ").append(columns);
        if (limit >= 0) {
            sb.append(" PushedLimit: ").append(limit);
        }
        if (aggregate != null) {
            sb.append(" PushedAggregates: ").append(aggregate.description());
        }
        return sb.toString();
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public synchronized InputPartition[] planInputPartitions() {
        return plan().toArray(new InputPartition[0]);
    }

    private synchronized List<InputPartition> plan() {
        if (partitions != null) {
            return partitions;
        }
        List<InputPartition> out = new ArrayList<>();
        if (aggregate != null) {
            out.add(new AggregatePartition(aggregate.row()));
            partitions = out;
            return out;
        }
        ScanOptions scanOptions = ScanOptions.all().withColumns(columns).withFilter(filter);
        FileListing listing = table.listing();
        long[] m = new long[7];
        List<ScanPlan> plans = new ArrayList<>();
        List<VortexFile> files = new ArrayList<>();
        try {
            long total = 0;
            for (int i = 0; i < listing.files().size(); i++) {
                if (!partitionFilter.keeps(listing.partitionValues().get(i))) {
                    m[6]++;
                    plans.add(null);
                    continue;
                }
                VortexFile f = VortexFile.open(FileListing.local(listing.files().get(i)));
                files.add(f);
                table.checkFile(f);
                ScanPlan p = f.plan(scanOptions);
                plans.add(p);
                total += p.estimatedBytes();
                m[0] += f.size();
            }
            long target = splitBytes(total);
            long rows = 0;
            outer:
            for (int i = 0; i < plans.size(); i++) {
                ScanPlan p = plans.get(i);
                if (p == null) {
                    continue;
                }
                ScanStatistics s = p.statistics();
                m[2] += s.zones();
                m[3] += s.zonesSkipped();
                m[4] += s.chunks();
                m[5] += s.chunksSkipped();
                m[6] += s.filePruned() ? 1 : 0;
                for (Split split : p.splits(target)) {
                    if (limit >= 0 && filter == null && rows >= limit) {
                        break outer;
                    }
                    out.add(new VortexInputPartition(
                            split, listing.partitionValues().get(i)));
                    rows += split.rowCount();
                    m[1] += split.estimatedBytes();
                }
            }
            rowsPlanned = rows;
        } finally {
            for (VortexFile f : files) {
                f.close();
            }
        }
        bytesPlanned = m[1];
        driverMetrics = new CustomTaskMetric[] {
            ScanMetrics.value(ScanMetrics.FILE_BYTES, m[0]),
            ScanMetrics.value(ScanMetrics.BYTES_PLANNED, m[1]),
            ScanMetrics.value(ScanMetrics.ZONES, m[2]),
            ScanMetrics.value(ScanMetrics.ZONES_SKIPPED, m[3]),
            ScanMetrics.value(ScanMetrics.CHUNKS, m[4]),
            ScanMetrics.value(ScanMetrics.CHUNKS_SKIPPED, m[5]),
            ScanMetrics.value(ScanMetrics.FILES_PRUNED, m[6]),
        };
        partitions = out;
        return out;
    }

    private long splitBytes(long total) {
        String given = options.get("splitBytes");
        if (given != null) {
            return Math.max(1, Long.parseLong(given));
        }
        long max = 128L << 20;
        int parallelism = 2;
        SparkSession spark = SparkSession.getActiveSession().getOrElse(() -> null);
        if (spark != null) {
            max = spark.sessionState().conf().filesMaxPartitionBytes();
            parallelism = spark.sparkContext().defaultParallelism();
        }
        return Math.min(max, Math.max(MIN_SPLIT_BYTES, total / Math.max(1, parallelism)));
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new VortexReaderFactory(
                readSchema,
                table.listing().partitionSchema(),
                columns,
                filter == null ? null : filter.toString(),
                options.getInt("batchRows", 8192),
                limit);
    }

    @Override
    public Statistics estimateStatistics() {
        if (aggregate != null) {
            return statistics(64, 1);
        }
        plan();
        // Spark sizes joins (broadcast or not) by this figure as rows held in memory, so the
        // stored (compressed) bytes alone understate it badly: a 1.5M-row table of two columns
        // stores in a few MB but is far larger as rows. Take the larger of the stored bytes and
        // the planned rows at the read schema's default row size, like Spark's own file scans.
        long inMemory = rowsPlanned * (long) readSchema.defaultSize();
        return statistics(Math.max(bytesPlanned, inMemory), filter == null && limit < 0 ? rowsPlanned : -1);
    }

    private static Statistics statistics(long bytes, long rows) {
        return new Statistics() {
            @Override
            public OptionalLong sizeInBytes() {
                return OptionalLong.of(bytes);
            }

            @Override
            public OptionalLong numRows() {
                return rows < 0 ? OptionalLong.empty() : OptionalLong.of(rows);
            }
        };
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return ScanMetrics.all();
    }

    @Override
    public CustomTaskMetric[] reportDriverMetrics() {
        plan();
        return Arrays.copyOf(driverMetrics, driverMetrics.length);
    }
}
