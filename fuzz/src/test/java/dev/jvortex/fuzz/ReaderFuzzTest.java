package dev.jvortex.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/// Jazzer targets over the reader: whole files (open, scan, take, filter, zone maps), array
/// nodes of any encoding, and filter text. Without `JAZZER_FUZZ=1` each runs its seeds only
/// (`src/test/resources/dev/jvortex/fuzz/ReaderFuzzTestInputs/<target>/`); see the README's
/// testing section for fuzzing runs.
class ReaderFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void openAndScan(byte[] bytes) {
        Targets.openAndScan(bytes);
    }

    @FuzzTest(maxDuration = "10m")
    void decodeArray(FuzzedDataProvider data) {
        Targets.decode(data);
    }

    @FuzzTest(maxDuration = "10m")
    void parseFilter(FuzzedDataProvider data) {
        Targets.parseAndBind(data.consumeRemainingAsString());
    }
}
