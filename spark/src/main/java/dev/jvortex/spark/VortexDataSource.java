package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.VortexFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/// The Spark data source `vortex`: `spark.read.format("vortex").load(path)` and
/// `df.write.format("vortex").mode("overwrite").save(path)`. Registered through
/// `META-INF/services/org.apache.spark.sql.sources.DataSourceRegister`.
///
/// The schema of a read is the first file's columns (see [SparkTypes] for the type mapping)
/// followed by the partition-folder columns; every other file must have those columns with the
/// same types. See `docs/spark.md` for the options.
public final class VortexDataSource implements TableProvider, DataSourceRegister {
    /// The short name used with `format(...)`.
    public static final String SHORT_NAME = "vortex";

    /// For Spark's service loader.
    public VortexDataSource() {}

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        FileListing listing = FileListing.of(options, null);
        if (listing.files().isEmpty()) {
            throw VortexException.misuse("no Vortex files under " + FileListing.paths(options));
        }
        List<StructField> fields = new ArrayList<>();
        try (VortexFile first =
                VortexFile.open(FileListing.local(listing.files().getFirst()))) {
            if (!(first.dtype() instanceof DType.Struct s)) {
                throw VortexException.misuse(first.name() + " is not a table: its dtype is " + first.dtype());
            }
            for (StructField f : SparkTypes.toSpark(s).fields()) {
                if (listing.partitionSchema().getFieldIndex(f.name()).isEmpty()) {
                    fields.add(f);
                }
            }
        }
        fields.addAll(List.of(listing.partitionSchema().fields()));
        return new StructType(fields.toArray(new StructField[0]));
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new VortexTable(schema, partitioning, properties);
    }

    @Override
    public boolean supportsExternalMetadata() {
        // Lets writes pass the DataFrame's schema (the path may not exist yet) and reads take a user schema.
        return true;
    }
}
