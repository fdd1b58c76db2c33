package dev.jvortex.bench.sidebyside;

import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.FilterPredicate;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.schema.ColumnProjection;
import java.nio.file.Path;
import java.util.List;

/// Hardwood on the Parquet file: its batch column readers (typed `long[]`, `int[]`, `double[]`,
/// flat binary values and offsets), the filter through its predicate push-down (row groups,
/// pages, then rows). It has no row-index access, so random access reads the batches and picks
/// the rows.
final class HardwoodContender implements Contender {
    private final Path file;
    private final HardwoodContext context = HardwoodContext.create();
    private long sink;

    HardwoodContender(Path file) {
        this.file = file;
    }

    @Override
    public long run(String op, Query q) throws Exception {
        List<String> cols = q.columns(op);
        ColumnProjection projection =
                cols == null ? ColumnProjection.all() : ColumnProjection.columns(cols.toArray(String[]::new));
        long rows = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file), context)) {
            ParquetFileReader.ColumnReadersBuilder builder = reader.buildColumnReaders(projection);
            if (op.equals("select")) {
                builder.filter(
                        q.keyValue() instanceof Long l
                                ? FilterPredicate.eq(q.key(), l.longValue())
                                : FilterPredicate.eq(q.key(), (String) q.keyValue()));
            }
            long[] indices = q.indices();
            int next = 0;
            long base = 0;
            try (ColumnReaders readers = builder.build()) {
                while (readers.nextBatch()) {
                    int n = readers.getRecordCount();
                    if (op.equals("take")) {
                        int from = next;
                        while (next < indices.length && indices[next] < base + n) {
                            next++;
                        }
                        for (int c = 0; c < readers.getColumnCount(); c++) {
                            ColumnReader r = readers.getColumnReader(c);
                            for (int k = from; k < next; k++) {
                                sink += pick(r, (int) (indices[k] - base));
                            }
                        }
                        rows += next - from;
                    } else {
                        for (int c = 0; c < readers.getColumnCount(); c++) {
                            sink += touch(readers.getColumnReader(c));
                        }
                        rows += n;
                    }
                    base += n;
                }
            }
        }
        return rows;
    }

    private static long touch(ColumnReader r) {
        return switch (r.getColumnSchema().type()) {
            case INT32 -> r.getInts().length;
            case INT64 -> r.getLongs().length;
            case FLOAT -> r.getFloats().length;
            case DOUBLE -> r.getDoubles().length;
            case BOOLEAN -> r.getBooleans().length;
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96 -> r.getBinaryValues().length + r.getBinaryOffsets().length;
        };
    }

    private static long pick(ColumnReader r, int i) {
        if (r.getLeafValidity().hasNulls() && r.getLeafValidity().isNull(i)) {
            return 1;
        }
        return switch (r.getColumnSchema().type()) {
            case INT32 -> r.getInts()[i];
            case INT64 -> r.getLongs()[i];
            case FLOAT -> (long) r.getFloats()[i];
            case DOUBLE -> (long) r.getDoubles()[i];
            case BOOLEAN -> r.getBooleans()[i] ? 1 : 0;
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96 -> r.getBinaryOffsets()[i];
        };
    }

    @Override
    public long sink() {
        return sink;
    }

    @Override
    public void close() {
        context.close();
    }
}
