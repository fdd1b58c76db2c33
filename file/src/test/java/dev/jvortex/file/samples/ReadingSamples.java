package dev.jvortex.file.samples;

import dev.jvortex.core.LogicalValue;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/// The code samples of docs/reading.md: each region between `// sample:NAME` and `// end` is
/// quoted in the doc (DocsSamplesTest checks they agree) and run by DocsSamplesTest.
public final class ReadingSamples {
    private ReadingSamples() {}

    /// The sum of `quantity` over all rows, read with a projection.
    public static long sumQuantity(Path orders) {
        // sample:project
        long total = 0;
        try (VortexFile file = VortexFile.open(orders);
                Scan scan = file.scan(ScanOptions.columns("quantity"))) {
            for (Batch batch : scan) {
                try (batch) {
                    PrimitiveArray quantity = (PrimitiveArray) batch.column("quantity");
                    for (int i = 0; i < batch.rowCount(); i++) {
                        if (quantity.isValid(i)) {
                            total += quantity.getLong(i);
                        }
                    }
                }
            }
        }
        // end
        return total;
    }

    /// The cities of file rows 10 to 19, read as a row range.
    public static List<String> cityRange(Path orders) {
        List<String> cities = new ArrayList<>();
        // sample:range
        try (VortexFile file = VortexFile.open(orders);
                Scan scan = file.scan(ScanOptions.columns("city").rows(10, 20))) {
            for (Batch batch : scan) {
                try (batch) {
                    VarBinViewArray city = (VarBinViewArray) batch.column("city");
                    for (int i = 0; i < batch.rowCount(); i++) {
                        cities.add(city.getString(i));
                    }
                }
            }
        }
        // end
        return cities;
    }

    /// The order ids of three rows picked by index, in the order asked for.
    public static List<Long> take(Path orders) {
        List<Long> ids = new ArrayList<>();
        // sample:take
        try (VortexFile file = VortexFile.open(orders);
                Batch rows = file.take(new long[] {4999, 0, 42}, List.of("order_id"))) {
            PrimitiveArray id = (PrimitiveArray) rows.column("order_id");
            for (int i = 0; i < rows.rowCount(); i++) {
                ids.add(id.getLong(i)); // row i is file row 4999, 0, 42
            }
        }
        // end
        return ids;
    }

    /// The file statistics of `price`: minimum and maximum, as text.
    public static String priceBounds(Path orders) {
        // sample:stats
        try (VortexFile file = VortexFile.open(orders)) {
            VortexFile.ColumnStatistics stats =
                    file.statistics(file.columnNames().indexOf("price"));
            Object min = LogicalValue.of(stats.min()); // a Double here; BigDecimal, LocalDate... by type
            Object max = LogicalValue.of(stats.max());
            return "price " + min + " .. " + max;
        }
        // end
    }
}
