package dev.jvortex.bench.sidebyside;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/// parquet-java on the Parquet file, on its fastest public path: no record assembly, but the
/// column API (`ColumnReadStoreImpl` over each row group's pages) straight into `long[]`,
/// `int[]`, `double[]` and `Binary[]`. parquet-java has no public vectorised reader (those live
/// in Spark and Iceberg). The selective query gives parquet-java the filter, which prunes row
/// groups (statistics, dictionaries) and pages (column index); the rows of what is left are
/// compared here. Random access reads every row group that holds an index and picks the rows.
final class ParquetJavaContender implements Contender {
    private final Path file;
    private long sink;

    ParquetJavaContender(Path file) {
        this.file = file;
    }

    @Override
    public long run(String op, Query q) throws Exception {
        ParquetReadOptions.Builder ob = ParquetReadOptions.builder(new PlainParquetConfiguration());
        if (op.equals("select")) {
            FilterPredicate p = q.keyValue() instanceof Long l
                    ? FilterApi.eq(FilterApi.longColumn(q.key()), l)
                    : FilterApi.eq(FilterApi.binaryColumn(q.key()), Binary.fromString((String) q.keyValue()));
            ob.withRecordFilter(FilterCompat.get(p));
        }
        long rows = 0;
        try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), ob.build())) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
            List<String> cols = q.columns(op);
            MessageType projection = schema;
            if (cols != null) {
                List<Type> fields = new ArrayList<>();
                for (String c : cols) {
                    fields.add(schema.getType(c));
                }
                projection = new MessageType(schema.getName(), fields);
            }
            reader.setRequestedSchema(projection);
            List<ColumnDescriptor> descriptors = projection.getColumns();
            int keyColumn = -1;
            if (op.equals("select")) {
                for (int c = 0; c < descriptors.size(); c++) {
                    if (descriptors.get(c).getPath()[0].equals(q.key())) {
                        keyColumn = c;
                    }
                }
            }
            Object key = q.keyValue() instanceof String str ? Binary.fromString(str) : q.keyValue();
            long[] indices = q.indices();
            int next = 0;
            long base = 0;
            PageReadStore group;
            while ((group = op.equals("select") ? reader.readNextFilteredRowGroup() : reader.readNextRowGroup())
                    != null) {
                int n = Math.toIntExact(group.getRowCount());
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(
                        group, new GroupRecordConverter(projection).getRootConverter(), projection, createdBy);
                Object[] values = new Object[descriptors.size()];
                boolean[][] present = new boolean[descriptors.size()][];
                for (int c = 0; c < descriptors.size(); c++) {
                    present[c] = new boolean[n];
                    values[c] = read(store.getColumnReader(descriptors.get(c)), descriptors.get(c), n, present[c]);
                }
                if (op.equals("select")) {
                    for (int i = 0; i < n; i++) {
                        if (present[keyColumn][i] && matches(values[keyColumn], i, key)) {
                            for (int c = 0; c < values.length; c++) {
                                sink += pick(values[c], i);
                            }
                            rows++;
                        }
                    }
                } else if (op.equals("take")) {
                    while (next < indices.length && indices[next] < base + n) {
                        int i = (int) (indices[next++] - base);
                        for (Object v : values) {
                            sink += pick(v, i);
                        }
                        rows++;
                    }
                } else {
                    rows += n;
                }
                base += n;
            }
        }
        return rows;
    }

    /// Reads `n` rows of a flat column into a typed array; `present` marks the non-null rows.
    private Object read(ColumnReader r, ColumnDescriptor d, int n, boolean[] present) {
        int maxDef = d.getMaxDefinitionLevel();
        switch (d.getPrimitiveType().getPrimitiveTypeName()) {
            case INT32 -> {
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    if (present[i] = r.getCurrentDefinitionLevel() == maxDef) {
                        out[i] = r.getInteger();
                    }
                    r.consume();
                }
                sink += out.length;
                return out;
            }
            case INT64 -> {
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    if (present[i] = r.getCurrentDefinitionLevel() == maxDef) {
                        out[i] = r.getLong();
                    }
                    r.consume();
                }
                sink += out.length;
                return out;
            }
            case FLOAT -> {
                float[] out = new float[n];
                for (int i = 0; i < n; i++) {
                    if (present[i] = r.getCurrentDefinitionLevel() == maxDef) {
                        out[i] = r.getFloat();
                    }
                    r.consume();
                }
                sink += out.length;
                return out;
            }
            case DOUBLE -> {
                double[] out = new double[n];
                for (int i = 0; i < n; i++) {
                    if (present[i] = r.getCurrentDefinitionLevel() == maxDef) {
                        out[i] = r.getDouble();
                    }
                    r.consume();
                }
                sink += out.length;
                return out;
            }
            case BOOLEAN -> {
                boolean[] out = new boolean[n];
                for (int i = 0; i < n; i++) {
                    if (present[i] = r.getCurrentDefinitionLevel() == maxDef) {
                        out[i] = r.getBoolean();
                    }
                    r.consume();
                }
                sink += out.length;
                return out;
            }
            default -> {
                Binary[] out = new Binary[n];
                for (int i = 0; i < n; i++) {
                    if (present[i] = r.getCurrentDefinitionLevel() == maxDef) {
                        out[i] = r.getBinary();
                    }
                    r.consume();
                }
                sink += out.length;
                return out;
            }
        }
    }

    private static boolean matches(Object values, int i, Object key) {
        if (values instanceof long[] l) {
            return l[i] == (Long) key;
        }
        if (values instanceof int[] a) {
            return a[i] == (Long) key;
        }
        return ((Binary[]) values)[i].equals((Binary) key);
    }

    private static long pick(Object values, int i) {
        return switch (values) {
            case long[] a -> a[i];
            case int[] a -> a[i];
            case double[] a -> (long) a[i];
            case float[] a -> (long) a[i];
            case boolean[] a -> a[i] ? 1 : 0;
            case Binary[] a -> a[i] == null ? 0 : a[i].length();
            default -> throw new IllegalStateException();
        };
    }

    @Override
    public long sink() {
        return sink;
    }
}
