package dev.jvortex.bench.sidebyside;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.nio.file.Path;
import java.util.List;

/// jvortex on a Vortex file: scans into canonical arrays, the filter pushed into the scan
/// (zone-map pruning, then the filter on the rest), row indices through the scan's random access.
final class JvortexContender implements Contender {
    private final Path file;
    private long sink;

    private final int threads;

    /// Scans with the default parallelism (every processor).
    JvortexContender(Path file) {
        this(file, 0);
    }

    /// Scans with `threads` threads (0: every processor).
    JvortexContender(Path file, int threads) {
        this.file = file;
        this.threads = threads;
    }

    @Override
    public long run(String op, Query q) {
        ScanOptions options = ScanOptions.all().withParallelism(threads);
        List<String> cols = q.columns(op);
        if (cols != null) {
            options = options.withColumns(cols);
        }
        if (op.equals("select")) {
            options = options.withFilter(Expr.column(q.key()).eq(q.keyValue()));
        } else if (op.equals("take")) {
            options = options.withRowIndices(q.indices());
        }
        long rows = 0;
        try (VortexFile vf = VortexFile.open(file);
                Scan scan = vf.scan(options)) {
            for (Batch batch : scan) {
                try (batch) {
                    for (int c = 0; c < batch.columnCount(); c++) {
                        Array a = batch.column(c);
                        sink += a.length();
                    }
                    rows += batch.rowCount();
                }
            }
        }
        return rows;
    }

    @Override
    public long sink() {
        return sink;
    }
}
