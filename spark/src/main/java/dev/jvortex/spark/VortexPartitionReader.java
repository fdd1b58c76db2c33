package dev.jvortex.spark;

import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.VortexFile;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/// Reads one split of one file as Spark [ColumnarBatch]es over jvortex's decoded buffers.
///
/// Each jvortex [Batch] becomes one Spark batch whose vectors read the batch's arrays directly
/// ([VortexVectors]); partition columns are constant vectors. The jvortex batch is closed (its
/// memory freed) when Spark asks for the next batch or closes the reader, and the file is
/// unmapped on close.
final class VortexPartitionReader implements PartitionReader<ColumnarBatch> {
    private final VortexReaderFactory factory;
    private final VortexInputPartition partition;
    private final VortexFile file;
    private final Scan scan;
    private Batch current;
    private ColumnarBatch batch;
    private ConstantColumnVector[] constants = new ConstantColumnVector[0];
    private int constantRows = -1;
    private long returned;

    VortexPartitionReader(VortexReaderFactory factory, VortexInputPartition partition) {
        this.factory = factory;
        this.partition = partition;
        this.file = VortexFile.open(FileListing.local(partition.split().file()));
        Scan s = null;
        try {
            ScanOptions options = ScanOptions.all()
                    .withColumns(factory.fileColumns())
                    .withParallelism(1)
                    // Spark may read on one thread and close on another (a Python UDF's writer
                    // thread consumes the rows, the task thread closes the reader).
                    .withThreadShared(true)
                    .withMaxBatchRows(factory.maxBatchRows());
            if (factory.filter() != null) {
                options = options.withFilter(factory.filter());
            }
            s = file.plan(options).scan(partition.split());
        } finally {
            if (s == null) {
                file.close();
            }
        }
        this.scan = s;
    }

    @Override
    public boolean next() {
        closeBatch();
        long limit = factory.limit();
        if ((limit >= 0 && returned >= limit) || !scan.hasNext()) {
            return false;
        }
        current = scan.next();
        int rows = current.rowCount();
        if (limit >= 0 && returned + rows > limit) {
            rows = (int) (limit - returned);
        }
        returned += rows;
        StructField[] fields = factory.readSchema().fields();
        ColumnVector[] vectors = new ColumnVector[fields.length];
        for (int i = 0; i < fields.length; i++) {
            int p = partitionIndex(fields[i].name());
            vectors[i] = p >= 0
                    ? constant(p, rows)
                    : VortexVectors.of(current.column(fields[i].name()), fields[i].dataType());
        }
        batch = new ColumnarBatch(vectors, rows);
        return true;
    }

    private int partitionIndex(String name) {
        StructField[] p = factory.partitionSchema().fields();
        for (int i = 0; i < p.length; i++) {
            if (p[i].name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /// Returns the constant vector of partition column `p` for `rows` rows (rebuilt when a batch is larger).
    private ColumnVector constant(int p, int rows) {
        if (rows > constantRows) {
            closeConstants();
            StructField[] fields = factory.partitionSchema().fields();
            constants = new ConstantColumnVector[fields.length];
            for (int i = 0; i < fields.length; i++) {
                constants[i] = new ConstantColumnVector(rows, fields[i].dataType());
                ColumnVectorUtils.populate(constants[i], partition.partitionValues(), i);
            }
            constantRows = rows;
        }
        return constants[p];
    }

    @Override
    public ColumnarBatch get() {
        return batch;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        ScanStatistics s = scan.statistics();
        return new CustomTaskMetric[] {
            ScanMetrics.value(ScanMetrics.ROWS_READ, s.rowsRead()),
            ScanMetrics.value(ScanMetrics.ROWS_RETURNED, returned),
        };
    }

    private void closeBatch() {
        batch = null;
        if (current != null) {
            current.close();
            current = null;
        }
    }

    private void closeConstants() {
        for (ConstantColumnVector c : constants) {
            c.close();
        }
        constants = new ConstantColumnVector[0];
    }

    @Override
    public void close() {
        try {
            closeBatch();
            closeConstants();
            scan.close();
        } finally {
            file.close();
        }
    }
}
