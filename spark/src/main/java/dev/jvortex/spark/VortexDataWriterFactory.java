package dev.jvortex.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.types.StructType;

/// Makes the per-task writers on the executors.
///
/// @param staging the job's staging folder
/// @param schema the rows' schema (partition columns included)
/// @param partitionColumns the `partitionBy` columns, outermost first
/// @param settings the writer options
record VortexDataWriterFactory(String staging, StructType schema, List<String> partitionColumns, WriteSettings settings)
        implements DataWriterFactory {
    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
        return new VortexDataWriter(this, partitionId, taskId);
    }
}
