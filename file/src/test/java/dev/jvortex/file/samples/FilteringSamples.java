package dev.jvortex.file.samples;

import dev.jvortex.core.expr.Expr;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.VortexFile;
import java.nio.file.Path;

/// The code samples of docs/filtering.md: each region between `// sample:NAME` and `// end` is
/// quoted in the doc (DocsSamplesTest checks they agree) and run by DocsSamplesTest.
public final class FilteringSamples {
    private FilteringSamples() {}

    /// The number of rows a filter written as text keeps.
    public static long countText(Path orders) {
        // sample:text
        long matching = 0;
        try (VortexFile file = VortexFile.open(orders);
                Scan scan = file.scan(ScanOptions.columns("order_id")
                        .withFilter("status = 'returned' AND quantity >= 10 AND city IN ('Oslo', 'Vienna')"))) {
            for (Batch batch : scan) {
                try (batch) {
                    matching += batch.rowCount();
                }
            }
        }
        // end
        return matching;
    }

    /// The same filter built in code.
    public static long countExpr(Path orders) {
        // sample:expr
        Expr filter = Expr.column("status")
                .eq("returned")
                .and(Expr.column("quantity").ge(10))
                .and(Expr.column("city").in("Oslo", "Vienna"));
        long matching = 0;
        try (VortexFile file = VortexFile.open(orders);
                Scan scan = file.scan(ScanOptions.columns("order_id").withFilter(filter))) {
            for (Batch batch : scan) {
                try (batch) {
                    matching += batch.rowCount();
                }
            }
        }
        // end
        return matching;
    }

    /// The row index of the first row with order id 100042, and what the scan skipped.
    public static ScanStatistics pruning(Path orders, long[] firstRow) {
        // sample:pruning
        try (VortexFile file = VortexFile.open(orders);
                Scan scan = file.scan(ScanOptions.columns("order_id").withFilter("order_id = 100042"))) {
            for (Batch batch : scan) {
                try (batch) {
                    for (int i = 0; i < batch.rowCount(); i++) {
                        firstRow[0] = batch.rowIndex(i); // the file row of each returned row
                    }
                }
            }
            return scan.statistics(); // rows after pruning, zones and chunks skipped, ...
        }
        // end
    }
}
