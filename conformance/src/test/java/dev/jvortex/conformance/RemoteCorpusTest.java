package dev.jvortex.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.cli.Exporter;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.remote.HttpReadSource;
import dev.jvortex.remote.RemoteOptions;
import dev.jvortex.testing.LinkProxy;
import dev.jvortex.testing.RangeServer;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/// Every file of the reference's corpus read over HTTP (a loopback range server behind the link
/// proxy with a 2 ms delay) gives exactly the local read's rows, which [CorpusConformanceTest]
/// checks against the source values; opening takes at most two requests.
class RemoteCorpusTest {
    @TestFactory
    Stream<DynamicTest> defaultAndCompactPresets() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String preset : List.of("default", "compact")) {
            var corpus = Corpus.of(preset);
            for (Map<String, Object> entry : CorpusConformanceTest.manifest(corpus)) {
                String name = (String) entry.get("file");
                tests.add(DynamicTest.dynamicTest(preset + "/" + name, () -> {
                    try (RangeServer server = RangeServer.serve(corpus);
                            LinkProxy proxy = LinkProxy.to(server.base()).delay(2)) {
                        String local;
                        long localRows;
                        try (VortexFile f = VortexFile.open(corpus.resolve(name))) {
                            DigestWriter w = new DigestWriter();
                            localRows = Exporter.writeJsonl(f, ScanOptions.all(), w);
                            local = w.hex();
                        }
                        try (VortexFile f = VortexFile.open(
                                HttpReadSource.open(proxy.base().resolve(name), RemoteOptions.DEFAULT))) {
                            // Round trips: a hedge (a duplicate of a straggler) is not one.
                            assertTrue(
                                    f.readStatistics().requests()
                                                    - f.readStatistics().hedged()
                                            <= 2,
                                    "open: " + f.readStatistics());
                            DigestWriter w = new DigestWriter();
                            assertEquals(localRows, Exporter.writeJsonl(f, ScanOptions.all(), w));
                            assertEquals(local, w.hex(), "remote rows differ from the local read of " + name);
                        }
                    }
                }));
            }
        }
        return tests.stream();
    }

    /// A writer that keeps only the SHA-256 of what is written.
    private static final class DigestWriter extends Writer {
        private final MessageDigest digest;
        private final StringBuilder pending = new StringBuilder();

        DigestWriter() throws NoSuchAlgorithmException {
            digest = MessageDigest.getInstance("SHA-256");
        }

        @Override
        public void write(char[] buf, int off, int len) {
            pending.append(buf, off, len);
            if (pending.length() > 1 << 16) {
                flush();
            }
        }

        @Override
        public void flush() {
            // Surrogate pairs may straddle a flush; encoding them split changes both sides equally.
            digest.update(pending.toString().getBytes(StandardCharsets.UTF_8));
            pending.setLength(0);
        }

        @Override
        public void close() {
            flush();
        }

        String hex() {
            flush();
            return HexFormat.of().formatHex(digest.digest());
        }
    }
}
