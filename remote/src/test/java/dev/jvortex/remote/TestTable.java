package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/// A table written for the remote tests (many small chunks, so a scan needs many segments),
/// with the values kept to check reads against.
final class TestTable {
    static final int ROWS = 120_000;
    static final DType.Struct SCHEMA = DType.struct(
            false,
            "id",
            new DType.Primitive(PType.I64, false),
            "v",
            new DType.Primitive(PType.F64, true),
            "name",
            new DType.Utf8(true));
    static final Double[] V = new Double[ROWS];
    static final String[] NAME = new String[ROWS];

    static {
        Random r = new Random(17);
        for (int i = 0; i < ROWS; i++) {
            V[i] = r.nextInt(20) == 0 ? null : (double) r.nextInt(100_000) / 8;
            NAME[i] = i % 10 == 3 ? null : "name-" + (i * 7919L % 100_003) + "-" + r.nextInt(1000);
        }
    }

    private TestTable() {}

    /// Writes the table to `file`.
    static Path write(Path file) {
        WriteOptions options = WriteOptions.defaults().withRowBlock(1024).withTargetChunkBytes(32 << 10);
        try (VortexWriter w = VortexWriter.create(file, SCHEMA, options)) {
            for (int start = 0; start < ROWS; start += 40_000) {
                int end = Math.min(ROWS, start + 40_000);
                try (Arena arena = Arena.ofConfined()) {
                    Builders.LongBuilder id = Builders.longs(SCHEMA.fields().get(0));
                    Builders.DoubleBuilder v = Builders.doubles(SCHEMA.fields().get(1));
                    Builders.StringBuilder name =
                            Builders.strings(SCHEMA.fields().get(2));
                    for (int i = start; i < end; i++) {
                        id.append(i);
                        if (V[i] == null) {
                            v.appendNull();
                        } else {
                            v.append(V[i]);
                        }
                        if (NAME[i] == null) {
                            name.appendNull();
                        } else {
                            name.append(NAME[i]);
                        }
                    }
                    w.write(List.of(id.build(arena), v.build(arena), name.build(arena)));
                }
            }
            w.finish();
        }
        return file;
    }

    /// The row as written, in the order of `columns`.
    static String expected(long row, List<String> columns) {
        StringBuilder sb = new StringBuilder();
        int i = (int) row;
        for (String c : columns) {
            sb.append(
                            switch (c) {
                                case "id" -> Long.toString(row);
                                case "v" -> String.valueOf(V[i]);
                                case "name" -> String.valueOf(NAME[i]);
                                default -> throw new AssertionError(c);
                            })
                    .append('|');
        }
        return sb.toString();
    }

    private static String cell(Array a, int i) {
        if (!a.isValid(i)) {
            return "null";
        }
        return switch (a) {
            case PrimitiveArray p when p.ptype() == PType.F64 -> Double.toString(p.getDouble(i));
            case PrimitiveArray p -> Long.toString(p.getLong(i));
            case VarBinViewArray s -> s.getString(i);
            default -> throw new AssertionError(a.getClass());
        };
    }

    /// Returns row `i` of `b` in the form of [#expected(long, List)].
    static String row(Batch b, int i) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < b.columnCount(); c++) {
            sb.append(cell(b.column(c), i)).append('|');
        }
        return sb.toString();
    }

    /// Scans `file` with `options`, checks every row against the values written and returns
    /// the number of rows.
    static long scanAndCheck(VortexFile file, ScanOptions options) {
        long rows = 0;
        try (Scan scan = file.scan(options)) {
            List<String> columns = scan.columnNames();
            for (Batch b : scan) {
                try (b) {
                    for (int i = 0; i < b.rowCount(); i++) {
                        assertEquals(expected(b.rowIndex(i), columns), row(b, i), "row " + b.rowIndex(i));
                        rows++;
                    }
                }
            }
        }
        return rows;
    }
}
