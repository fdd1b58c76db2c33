package dev.jvortex.bench;

import dev.jvortex.core.array.Array;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/// Decodes whole columns of a file (every batch, every chunk): the time to turn the stored
/// encoding into canonical arrays. Run with `-p file=... -p columns=a,b`.
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class ScanBenchmark {
    /// The file to scan.
    @Param("")
    public String file;

    /// Comma-separated columns to decode (empty: all).
    @Param("")
    public String columns;

    private VortexFile vortex;
    private ScanOptions options;

    @Setup(Level.Trial)
    public void open() {
        vortex = VortexFile.open(Path.of(file));
        options = columns.isEmpty() ? ScanOptions.all() : ScanOptions.all().withColumns(List.of(columns.split(",")));
    }

    @TearDown(Level.Trial)
    public void close() {
        vortex.close();
    }

    /// Scans the columns once.
    @Benchmark
    public long scan(Blackhole bh) {
        long rows = 0;
        try (Scan scan = vortex.scan(options)) {
            for (Batch batch : scan) {
                try (batch) {
                    for (int c = 0; c < batch.columnCount(); c++) {
                        Array a = batch.column(c);
                        bh.consume(a);
                    }
                    rows += batch.rowCount();
                }
            }
        }
        return rows;
    }
}
