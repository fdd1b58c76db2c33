package dev.jvortex.cli;

import dev.jvortex.convert.Converter;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.ScanStatistics;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.io.ReadStatistics;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/// `jvx bench`: scans a file N times and prints the best and median times and what pruning skipped.
final class Bench {
    private Bench() {}

    private static int[] threadList(String text) {
        String[] parts = text.split(",");
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new Main.UsageException("--threads needs whole numbers separated by commas, not '" + text + "'");
            }
            if (out[i] < 1) {
                throw new Main.UsageException("--threads must be at least 1, not " + out[i]);
            }
        }
        return out;
    }

    static int run(VortexFile file, List<String> cols, Args a, PrintStream out) {
        try (VortexFile f = file) {
            String where = a.value("--where");
            int iterations = (int) Math.min(a.number("--iterations", 1, 10), 1_000_000);
            int[] threadCounts = a.value("--threads") == null ? new int[] {0} : threadList(a.value("--threads"));
            out.printf(
                    Locale.ROOT,
                    "file %s: %d rows; columns %s%s%n",
                    Terminal.escape(f.name()),
                    f.rowCount(),
                    cols == null ? "all" : Terminal.escape(String.join(",", cols)),
                    where == null ? "" : "; where " + Terminal.escape(where));
            if (f.source().mapping() == null) {
                out.printf(Locale.ROOT, "open: %s%n", f.readStatistics());
            }
            double firstBest = 0;
            for (int threads : threadCounts) {
                ScanOptions options = Converter.scanOptions(f, cols, where).withParallelism(threads);
                long[] nanos = new long[iterations];
                ReadStatistics before = f.readStatistics();
                long rows = 0;
                long checksum = 0;
                ScanStatistics stats = null;
                for (int it = 0; it < iterations; it++) {
                    long start = System.nanoTime();
                    rows = 0;
                    try (Scan scan = f.scan(options)) {
                        for (Batch batch : scan) {
                            try (batch) {
                                rows += batch.rowCount();
                                for (int c = 0; c < batch.columnCount(); c++) {
                                    checksum += batch.column(c).length();
                                }
                            }
                        }
                        stats = scan.statistics();
                    }
                    nanos[it] = System.nanoTime() - start;
                }
                long[] sorted = nanos.clone();
                Arrays.sort(sorted);
                long best = sorted[0];
                long median = iterations % 2 == 1
                        ? sorted[iterations / 2]
                        : (sorted[iterations / 2 - 1] + sorted[iterations / 2]) / 2;
                String label = threads == 0
                        ? options.effectiveParallelism() + " threads (default)"
                        : threads + (threads == 1 ? " thread" : " threads");
                if (firstBest == 0) {
                    firstBest = best;
                }
                out.printf(
                        Locale.ROOT,
                        "%s, %d iterations: best %.3f ms, median %.3f ms%s%n",
                        label,
                        iterations,
                        best / 1e6,
                        median / 1e6,
                        threadCounts.length > 1 && best != firstBest
                                ? String.format(Locale.ROOT, " (%.2fx the first)", firstBest / best)
                                : "");
                out.printf(
                        Locale.ROOT,
                        "rows returned %d per scan; %.0f rows/s scanned (file rows / best time), %.0f rows/s returned%n",
                        rows,
                        f.rowCount() / (best / 1e9),
                        rows / (best / 1e9));
                out.printf(
                        Locale.ROOT,
                        "pruning: rows in scope %d, after pruning %d%s, read %d; zones skipped %d of %d; chunks skipped %d of %d%n",
                        stats.rowsInScope(),
                        stats.rowsAfterPruning(),
                        stats.filePruned() ? " (file pruned by statistics)" : "",
                        stats.rowsRead(),
                        stats.zonesSkipped(),
                        stats.zones(),
                        stats.chunksSkipped(),
                        stats.chunks());
                if (f.source().mapping() == null) {
                    ReadStatistics r = f.readStatistics().minus(before);
                    out.printf(
                            Locale.ROOT,
                            "reads per scan: %.1f requests, %.0f bytes requested, %.0f bytes used, %.1f cache hits, %.1f retries, %.1f hedged%n",
                            r.requests() / (double) iterations,
                            r.bytesRequested() / (double) iterations,
                            r.bytesUsed() / (double) iterations,
                            r.cacheHits() / (double) iterations,
                            r.retries() / (double) iterations,
                            r.hedged() / (double) iterations);
                }
                if (checksum < 0) {
                    out.println(checksum);
                }
            }
        }
        return Main.OK;
    }
}
