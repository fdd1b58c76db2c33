package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.VortexFile;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/// The Vortex files under a path, as one Spark table: file columns then partition-folder
/// columns. Reads plan [VortexScan]s; writes go through [VortexWrite].
final class VortexTable implements SupportsRead, SupportsWrite {
    private final StructType schema;
    private final Transform[] partitioning;
    private final CaseInsensitiveStringMap options;
    private FileListing listing;
    private DType.Struct fileSchema;

    VortexTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        this.schema = schema;
        this.partitioning = partitioning.clone();
        this.options = new CaseInsensitiveStringMap(properties);
    }

    @Override
    public String name() {
        return "vortex:" + String.join(",", FileListing.paths(options));
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Transform[] partitioning() {
        return partitioning.clone();
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        return new VortexScanBuilder(this, scanOptions);
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        List<String> columns = new ArrayList<>();
        for (Transform t : partitioning) {
            if (!t.name().equals("identity") || t.references().length != 1) {
                throw VortexException.unsupported("partitioning by " + t.describe() + ": only plain columns");
            }
            columns.add(t.references()[0].fieldNames()[0]);
        }
        return new VortexWrite(info, columns);
    }

    /// Returns the files under the table's paths (listed once).
    synchronized FileListing listing() {
        if (listing == null) {
            listing = FileListing.of(options, schema);
        }
        return listing;
    }

    /// Returns the dtype of the file columns: the table schema without its partition columns.
    synchronized DType.Struct fileSchema() {
        if (fileSchema == null) {
            StructType partitions = listing().partitionSchema();
            List<StructField> fields = new ArrayList<>();
            for (StructField f : schema.fields()) {
                if (partitions.getFieldIndex(f.name()).isEmpty()) {
                    fields.add(f);
                }
            }
            if (listing().files().isEmpty()) {
                fileSchema = SparkTypes.toVortex(new StructType(fields.toArray(new StructField[0])));
            } else {
                try (VortexFile first =
                        VortexFile.open(FileListing.local(listing().files().getFirst()))) {
                    fileSchema = projected((DType.Struct) first.dtype(), fields, first.name());
                }
            }
        }
        return fileSchema;
    }

    /// Returns the fields of `file` named by `fields`, in that order.
    private static DType.Struct projected(DType.Struct file, List<StructField> fields, String where) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (StructField f : fields) {
            int i = file.indexOf(f.name());
            if (i < 0) {
                throw VortexException.misuse(where + " has no column " + f.name());
            }
            names.add(f.name());
            types.add(file.fields().get(i));
        }
        return new DType.Struct(names, types, false);
    }

    /// Fails with a [VortexException] naming the file when `file` lacks a column of the table
    /// or has it with another Spark type.
    void checkFile(VortexFile file) {
        if (!(file.dtype() instanceof DType.Struct s)) {
            throw VortexException.misuse(file.name() + " is not a table: its dtype is " + file.dtype());
        }
        DType.Struct want = fileSchema();
        for (int i = 0; i < want.size(); i++) {
            int k = s.indexOf(want.names().get(i));
            if (k < 0) {
                throw VortexException.misuse(
                        file.name() + " has no column " + want.names().get(i));
            }
            if (!SparkTypes.toSpark(s.fields().get(k))
                    .equals(SparkTypes.toSpark(want.fields().get(i)))) {
                throw VortexException.misuse(
                        file.name() + ": column " + want.names().get(i) + " is "
                                + s.fields().get(k) + ", not " + want.fields().get(i) + " as in the first file");
            }
        }
    }
}
