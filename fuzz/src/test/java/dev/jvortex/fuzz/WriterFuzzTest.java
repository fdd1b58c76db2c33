package dev.jvortex.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/// Jazzer targets over the writing side: the writer fed arbitrary values and options (what it
/// writes must read back equal), and the CSV and Parquet converters fed arbitrary bytes.
class WriterFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void writeAndRead(FuzzedDataProvider data) {
        WriterTargets.writeAndRead(data);
    }

    @FuzzTest(maxDuration = "10m")
    void convertCsv(byte[] bytes) {
        WriterTargets.convertCsv(bytes);
    }

    @FuzzTest(maxDuration = "10m")
    void convertParquet(byte[] bytes) {
        WriterTargets.convertParquet(bytes);
    }
}
