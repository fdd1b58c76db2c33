package dev.jvortex.spark;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ColumnBuilder;
import dev.jvortex.file.write.VortexWriter;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimeType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/// Writes one task's rows: one Vortex file per partition folder met (one file in all without
/// `partitionBy`), in the job's staging folder. Rows are buffered per file into column builders
/// and handed to the [VortexWriter] every `writeBatchRows` rows.
final class VortexDataWriter implements DataWriter<InternalRow> {
    /// What a task wrote: staging-relative paths of finished files.
    ///
    /// @param files the files, relative to the staging folder
    record Committed(List<String> files) implements WriterCommitMessage {}

    private final VortexDataWriterFactory factory;
    private final String fileName;
    private final StructType dataSchema;
    private final DType.Struct fileSchema;
    private final int[] dataColumns;
    private final int[] partitionColumns;
    private final Map<String, Open> open = new LinkedHashMap<>();
    private final List<String> finished = new ArrayList<>();

    /// A file being written.
    private static final class Open {
        final String relative;
        final VortexWriter writer;
        ColumnBuilder[] builders;
        int buffered;

        Open(String relative, VortexWriter writer) {
            this.relative = relative;
            this.writer = writer;
        }
    }

    VortexDataWriter(VortexDataWriterFactory factory, int partitionId, long taskId) {
        this.factory = factory;
        this.fileName = String.format(Locale.ROOT, "part-%05d-%d-%s.vortex", partitionId, taskId, UUID.randomUUID());
        StructType schema = factory.schema();
        List<StructField> data = new ArrayList<>();
        List<Integer> dataIdx = new ArrayList<>();
        for (int i = 0; i < schema.fields().length; i++) {
            if (!factory.partitionColumns().contains(schema.fields()[i].name())) {
                data.add(schema.fields()[i]);
                dataIdx.add(i);
            }
        }
        this.dataSchema = new StructType(data.toArray(new StructField[0]));
        this.fileSchema = SparkTypes.toVortex(dataSchema);
        this.dataColumns = dataIdx.stream().mapToInt(Integer::intValue).toArray();
        this.partitionColumns = factory.partitionColumns().stream()
                .mapToInt(c -> schema.fieldIndex(c))
                .toArray();
    }

    @Override
    public void write(InternalRow row) throws IOException {
        Open f = file(row);
        if (f.builders == null) {
            f.builders = new ColumnBuilder[dataColumns.length];
            for (int i = 0; i < dataColumns.length; i++) {
                f.builders[i] = ColumnBuilder.of(fileSchema.fields().get(i));
            }
        }
        StructField[] fields = dataSchema.fields();
        for (int i = 0; i < dataColumns.length; i++) {
            f.builders[i].add(toJava(row, dataColumns[i], fields[i].dataType()));
        }
        if (++f.buffered >= factory.settings().rowsPerBatch()) {
            flush(f);
        }
    }

    private Open file(InternalRow row) throws IOException {
        StringBuilder folder = new StringBuilder();
        StructField[] all = factory.schema().fields();
        for (int c : partitionColumns) {
            DataType t = all[c].dataType();
            Object v = row.isNullAt(c) ? null : row.get(c, t);
            folder.append(all[c].name())
                    .append('=')
                    .append(FileListing.format(v, t))
                    .append('/');
        }
        String key = folder.toString();
        Open f = open.get(key);
        if (f == null) {
            String relative = key + fileName;
            Path staging = Path.of(factory.staging());
            if (!Files.isDirectory(staging)) {
                // The job was aborted (its staging folder deleted): do not bring the folder back.
                throw new IOException("the staging folder " + staging + " is gone: the write was aborted");
            }
            Path path = staging.resolve(relative);
            Files.createDirectories(path.getParent());
            f = new Open(
                    relative,
                    VortexWriter.create(path, fileSchema, factory.settings().options()));
            open.put(key, f);
        }
        return f;
    }

    private static void flush(Open f) {
        if (f.builders == null || f.buffered == 0) {
            f.builders = null;
            return;
        }
        f.buffered = 0;
        try (Arena arena = Arena.ofConfined()) {
            List<Array> columns = new ArrayList<>(f.builders.length);
            for (ColumnBuilder b : f.builders) {
                columns.add(b.build(arena));
            }
            f.writer.write(columns);
        }
        f.builders = null;
    }

    /// Returns value `i` of `g` as a Java value [ColumnBuilder] takes for the dtype of `type`.
    static Object toJava(SpecializedGetters g, int i, DataType type) {
        if (g.isNullAt(i)) {
            return null;
        }
        return switch (type) {
            case NullType n -> null;
            case BooleanType b -> g.getBoolean(i);
            case ByteType b -> g.getByte(i);
            case ShortType s -> g.getShort(i);
            case IntegerType n -> g.getInt(i);
            case LongType l -> g.getLong(i);
            case FloatType f -> g.getFloat(i);
            case DoubleType d -> g.getDouble(i);
            case DecimalType d -> g.getDecimal(i, d.precision(), d.scale()).toJavaBigDecimal();
            case StringType s -> g.getUTF8String(i).toString();
            case BinaryType b -> g.getBinary(i);
            case DateType d -> LocalDate.ofEpochDay(g.getInt(i));
            case TimestampType t -> instant(g.getLong(i));
            case TimestampNTZType t -> LocalDateTime.ofInstant(instant(g.getLong(i)), ZoneOffset.UTC);
            case TimeType t -> LocalTime.ofNanoOfDay(g.getLong(i));
            case ArrayType a -> {
                ArrayData data = g.getArray(i);
                List<Object> out = new ArrayList<>(data.numElements());
                for (int k = 0; k < data.numElements(); k++) {
                    out.add(toJava(data, k, a.elementType()));
                }
                yield out;
            }
            case MapType m -> {
                MapData data = g.getMap(i);
                ArrayData keys = data.keyArray();
                ArrayData values = data.valueArray();
                Map<Object, Object> out = new LinkedHashMap<>();
                for (int k = 0; k < data.numElements(); k++) {
                    out.put(toJava(keys, k, m.keyType()), toJava(values, k, m.valueType()));
                }
                yield out;
            }
            case StructType s -> {
                InternalRow inner = g.getStruct(i, s.fields().length);
                List<Object> out = new ArrayList<>(s.fields().length);
                for (int k = 0; k < s.fields().length; k++) {
                    out.add(toJava(inner, k, s.fields()[k].dataType()));
                }
                yield out;
            }
            default -> throw new IllegalArgumentException("no Vortex type for " + type.simpleString());
        };
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
        for (Open f : open.values()) {
            flush(f);
            f.writer.finish();
            finished.add(f.relative);
        }
        open.clear();
        return new Committed(List.copyOf(finished));
    }

    @Override
    public void abort() throws IOException {
        for (Open f : open.values()) {
            f.writer.abort();
        }
        open.clear();
        for (String rel : finished) {
            Files.deleteIfExists(Path.of(factory.staging()).resolve(rel));
        }
    }

    @Override
    public void close() {
        for (Open f : open.values()) {
            f.writer.close();
        }
        open.clear();
    }
}
