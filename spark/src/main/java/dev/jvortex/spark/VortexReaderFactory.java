package dev.jvortex.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/// Makes the readers of a scan's partitions on the executors: columnar readers for file splits,
/// a one-row reader for a pushed-down aggregate.
///
/// @param readSchema the columns Spark reads (file and partition columns, nested fields pruned)
/// @param partitionSchema the partition columns
/// @param fileColumns the top-level file columns to decode
/// @param filter the pushed filter in jvortex's text form, or null
/// @param maxBatchRows the largest batch handed to Spark
/// @param limit the most rows a reader returns, or -1
record VortexReaderFactory(
        StructType readSchema,
        StructType partitionSchema,
        List<String> fileColumns,
        String filter,
        int maxBatchRows,
        long limit)
        implements PartitionReaderFactory {

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        if (partition instanceof AggregatePartition a) {
            return new PartitionReader<>() {
                private boolean done;

                @Override
                public boolean next() {
                    boolean has = !done;
                    done = true;
                    return has;
                }

                @Override
                public InternalRow get() {
                    return a.row();
                }

                @Override
                public void close() {}
            };
        }
        throw new UnsupportedOperationException("Vortex file splits are read as columnar batches");
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return new VortexPartitionReader(this, (VortexInputPartition) partition);
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return partition instanceof VortexInputPartition;
    }
}
