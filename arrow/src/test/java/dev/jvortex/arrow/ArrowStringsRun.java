package dev.jvortex.arrow;

import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.SuppressForbidden;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/// A runner (not a unit test) for BENCHMARKS.md: one string column of a file to Arrow, through a
/// scan and [ArrowExport] (views, then a copy per row) against [ArrowStrings] (FSST and OnPair
/// decoded into the Arrow buffers), one thread each, best and median of N runs.
///
/// `java -cp … dev.jvortex.arrow.ArrowStringsRun FILE COLUMN [RUNS]`
public final class ArrowStringsRun {
    private ArrowStringsRun() {}

    /// Runs the comparison and prints one line per way.
    @SuppressForbidden(reason = "a command-line runner prints its results")
    public static void main(String[] args) {
        Path path = Path.of(args[0]);
        String column = args[1];
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 9;
        try (VortexFile file = VortexFile.open(path);
                BufferAllocator allocator = new RootAllocator()) {
            long[] scan = new long[runs];
            long[] direct = new long[runs];
            long bytesScan = 0;
            long bytesDirect = 0;
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                bytesScan = viaScan(file, column, allocator);
                long t1 = System.nanoTime();
                bytesDirect = viaDirect(file, column, allocator);
                long t2 = System.nanoTime();
                scan[r] = t1 - t0;
                direct[r] = t2 - t1;
            }
            if (bytesScan != bytesDirect) {
                throw new IllegalStateException("the two ways gave " + bytesScan + " and " + bytesDirect + " bytes");
            }
            System.out.println(String.format(
                    Locale.ROOT,
                    "%s %s: %d rows, %d bytes of strings; scan+ArrowExport best %.1f ms median %.1f ms;"
                            + " ArrowStrings best %.1f ms median %.1f ms; ratio (median) %.2f",
                    path.getFileName(),
                    column,
                    file.rowCount(),
                    bytesDirect,
                    best(scan),
                    median(scan),
                    best(direct),
                    median(direct),
                    median(direct) / median(scan)));
        }
    }

    static long viaScan(VortexFile file, String column, BufferAllocator allocator) {
        long bytes = 0;
        try (Scan scan = file.scan(ScanOptions.columns(column).withParallelism(1))) {
            for (Batch b : scan) {
                try (b;
                        FieldVector v = ArrowExport.toVector(column, b.column(0), allocator)) {
                    bytes += dataBytes(v);
                }
            }
        }
        return bytes;
    }

    /// The column in the row ranges of the scan's batches (so both ways hold as much memory at once).
    static long viaDirect(VortexFile file, String column, BufferAllocator allocator) {
        long bytes = 0;
        long rows = file.rowCount();
        for (long from = 0; from < rows; from += ScanOptions.DEFAULT_MAX_BATCH_ROWS) {
            long to = Math.min(rows, from + ScanOptions.DEFAULT_MAX_BATCH_ROWS);
            try (FieldVector v = ArrowStrings.read(file, column, from, to, allocator)) {
                bytes += dataBytes(v);
            }
        }
        return bytes;
    }

    /// The bytes the vector's rows span (its last offset).
    private static long dataBytes(FieldVector v) {
        int n = v.getValueCount();
        return n == 0 ? 0 : ((BaseVariableWidthVector) v).getOffsetBuffer().getInt(4L * n);
    }

    private static double best(long[] ns) {
        return Arrays.stream(ns).min().orElse(0) / 1e6;
    }

    private static double median(long[] ns) {
        long[] s = ns.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }
}
