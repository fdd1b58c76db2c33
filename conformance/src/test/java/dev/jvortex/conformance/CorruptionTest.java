package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.cli.Exporter;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.VortexFile;
import java.io.IOException;
import java.io.Writer;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Truncates every corpus file at many points and flips bytes at many offsets: each attempt
/// must end in a successful read or a [VortexException] (not of kind `INTERNAL`, which is a bug),
/// never another exception, an out-of-memory error or a hang.
class CorruptionTest {
    private static final int TRUNCATIONS = 40;
    private static final int FLIPS = 150;

    @TestFactory
    Stream<DynamicTest> truncatedAndFlipped() throws IOException {
        return corpus("default", FLIPS);
    }

    /// The compact preset adds Pcodec and Zstandard payloads to corrupt.
    @TestFactory
    Stream<DynamicTest> compactTruncatedAndFlipped() throws IOException {
        return corpus("compact", FLIPS / 2);
    }

    private static Stream<DynamicTest> corpus(String preset, int flips) throws IOException {
        Path corpus = Corpus.of(preset);
        List<DynamicTest> tests = new ArrayList<>();
        for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
            Path file = corpus.resolve((String) entry.get("file"));
            if (Files.size(file) > 4 << 20) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(preset + ": " + entry.get("name"), () -> attack(file, flips)));
        }
        return tests.stream();
    }

    private static void attack(Path file, int flips) throws IOException {
        byte[] original = Files.readAllBytes(file);
        Random rnd = new Random(original.length * 31L + 7);
        int[] outcomes = new int[2];
        List<Integer> cuts = new ArrayList<>();
        for (int i = 0; i < TRUNCATIONS; i++) {
            cuts.add((int) ((long) original.length * i / TRUNCATIONS));
        }
        for (int k = 1; k <= 24 && k < original.length; k++) {
            cuts.add(original.length - k);
        }
        for (int cut : cuts) {
            byte[] b = java.util.Arrays.copyOf(original, cut);
            attempt(file + " truncated to " + cut, b, outcomes);
        }
        for (int i = 0; i < flips; i++) {
            byte[] b = original.clone();
            // Half the flips land in the last 4 KiB, where the footer flatbuffers live.
            int pos = i % 2 == 0
                    ? rnd.nextInt(b.length)
                    : Math.max(0, b.length - 1 - rnd.nextInt(Math.min(4096, b.length)));
            b[pos] ^= (byte) (1 + rnd.nextInt(255));
            attempt(file + " with byte " + pos + " flipped", b, outcomes);
        }
        System.out.println(
                "corruption: " + file.getFileName() + ": " + outcomes[0] + " read, " + outcomes[1] + " rejected");
        assertTrue(outcomes[1] > 0, "no corruption was detected at all");
    }

    private static void attempt(String what, byte[] bytes, int[] outcomes) {
        assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> {
                    // Shared: a damaged footer may make the scan parallel, reading the bytes on other threads.
                    try (Arena arena = Arena.ofShared()) {
                        MemorySegment seg = arena.allocate(Math.max(1, bytes.length));
                        MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, 0, bytes.length);
                        try (VortexFile f = VortexFile.open(seg.asSlice(0, bytes.length), what)) {
                            Exporter.jsonl(f, null, Writer.nullWriter());
                        }
                        outcomes[0]++;
                    } catch (VortexException e) {
                        if (e.kind() == VortexException.Kind.INTERNAL) {
                            fail(what + ": an internal error, not a corrupt-data error: " + e, e);
                        }
                        outcomes[1]++;
                    } catch (Throwable t) {
                        fail(what + ": expected success or VortexException but got " + t, t);
                    }
                },
                what + " did not finish in time");
    }
}
