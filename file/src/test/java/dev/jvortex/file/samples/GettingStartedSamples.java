package dev.jvortex.file.samples;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.ColumnBuilder;
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
import java.util.ArrayList;
import java.util.List;

/// The code samples of docs/getting-started.md: each region between `// sample:NAME` and `// end`
/// is quoted in the doc (DocsSamplesTest checks they agree) and run by DocsSamplesTest.
public final class GettingStartedSamples {
    private GettingStartedSamples() {}

    /// Writes two columns of three rows to `path` and returns the rows read back, as text.
    public static List<String> writeAndRead(Path path) {
        // sample:write
        DType.Struct schema = DType.struct(
                "fruit", DType.utf8(),
                "qty", DType.int64());
        ColumnBuilder fruit = ColumnBuilder.of(DType.utf8());
        ColumnBuilder qty = ColumnBuilder.of(DType.int64());
        fruit.add("apple");
        qty.add(3L);
        fruit.add("pear");
        qty.add(5L);
        fruit.add("plum");
        qty.add(7L);
        try (Arena arena = Arena.ofConfined();
                VortexWriter writer = VortexWriter.create(path, schema, WriteOptions.defaults())) {
            writer.write(List.of(fruit.build(arena), qty.build(arena)));
            writer.finish(); // the file appears under its name only now
        }
        // end

        List<String> lines = new ArrayList<>();
        // sample:read
        try (VortexFile file = VortexFile.open(path);
                Scan scan = file.scan(ScanOptions.columns("fruit", "qty"))) {
            for (Batch batch : scan) {
                try (batch) { // a batch owns the memory it was decoded into
                    VarBinViewArray names = (VarBinViewArray) batch.column("fruit");
                    PrimitiveArray counts = (PrimitiveArray) batch.column("qty");
                    for (int i = 0; i < batch.rowCount(); i++) {
                        lines.add(names.getString(i) + " x " + counts.getLong(i));
                    }
                }
            }
        }
        // end
        return lines;
    }

    /// Opens a file and describes it in one line: rows and column names.
    public static String describe(Path orders) {
        // sample:open
        try (VortexFile file = VortexFile.open(orders)) {
            long rows = file.rowCount(); // from the footer: nothing is decoded
            List<String> columns = file.columnNames();
            return rows + " rows: " + String.join(", ", columns);
        }
        // end
    }
}
