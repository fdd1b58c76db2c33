package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.io.FetchOptions;
import dev.jvortex.file.io.ReadStatistics;
import dev.jvortex.testing.LinkProxy;
import dev.jvortex.testing.RangeServer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Reads a file over HTTP from a loopback range server, directly and through the link proxy,
/// and checks values, request counts and the handling of every injected fault.
class HttpReadSourceTest {
    @TempDir
    static Path dir;

    static Path file;
    static RangeServer server;

    /// Fast retries so the fault tests stay short.
    static final RemoteOptions FAST =
            RemoteOptions.DEFAULT.withRequestTimeout(Duration.ofSeconds(3)).withRetries(4, Duration.ofMillis(5));

    @BeforeAll
    static void start() {
        file = TestTable.write(dir.resolve("t.vortex"));
        server = RangeServer.serve(dir);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static VortexFile open(URI url, RemoteOptions options) {
        return VortexFile.open(HttpReadSource.open(url, options));
    }

    @Test
    void remoteScanEqualsTheValuesWrittenAndOpensInOneRequest() {
        try (VortexFile f = open(server.url("t.vortex"), RemoteOptions.DEFAULT)) {
            ReadStatistics opened = f.readStatistics();
            assertEquals(1, opened.requests(), "open is one tail request: " + opened);
            assertEquals(TestTable.ROWS, f.rowCount());
            assertEquals(
                    TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(1)));
            ReadStatistics s = f.readStatistics();
            assertTrue(s.bytesUsed() > 0 && s.bytesRequested() >= s.bytesUsed(), s.toString());
            // Coalescing: far fewer requests than segments.
            assertTrue(
                    s.requests() < f.footer().segments().size() / 4,
                    s + " for " + f.footer().segments().size() + " segments");
            assertEquals(
                    TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(4)));
            assertEquals(
                    30_000,
                    TestTable.scanAndCheck(f, ScanOptions.columns("name").rows(50_000, 80_000)));
            assertEquals(
                    1,
                    TestTable.scanAndCheck(f, ScanOptions.columns("id", "name").withFilter("id = 77777")));
        }
    }

    @Test
    void aTailWithoutTheFooterNeedsExactlyOneMoreRequest() {
        byte[] local = readAll(file);
        int psLen = (local[local.length - 6] & 0xff) | (local[local.length - 5] & 0xff) << 8;
        // The tail holds the postscript but not the footer, dtype and layout it points to.
        // No hedging: a hedge is an extra request (not a round trip), which a loaded machine can trigger.
        RemoteOptions small =
                RemoteOptions.DEFAULT.withHedge(false).withFetch(FetchOptions.DEFAULT.withTail(8 + psLen + 4));
        try (VortexFile f = open(server.url("t.vortex"), small)) {
            assertEquals(2, f.readStatistics().requests());
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.columns("v")));
        }
        // A tail too short for even the postscript costs one request more.
        RemoteOptions tiny = RemoteOptions.DEFAULT.withHedge(false).withFetch(FetchOptions.DEFAULT.withTail(16));
        try (VortexFile f = open(server.url("t.vortex"), tiny)) {
            assertEquals(3, f.readStatistics().requests());
            assertEquals(TestTable.ROWS, f.rowCount());
        }
    }

    @Test
    void rangesAreWhatWasAsked() {
        try (HttpReadSource s = HttpReadSource.open(server.url("t.vortex"), RemoteOptions.DEFAULT)) {
            byte[] local = readAll(file);
            assertEquals(local.length, s.size());
            MemorySegment m = s.read(1000, 5000);
            for (int i = 0; i < 5000; i++) {
                assertEquals(local[1000 + i], m.get(ValueLayout.JAVA_BYTE, i), "byte " + (1000 + i));
            }
            VortexException e = assertThrows(VortexException.class, () -> s.read(local.length - 10, 20));
            assertEquals(VortexException.Kind.IO, e.kind());
        }
    }

    @Test
    void aMissingObjectIsAnIoErrorNamingTheUrl() {
        VortexException e = assertThrows(VortexException.class, () -> open(server.url("nope.vortex"), FAST));
        assertEquals(VortexException.Kind.IO, e.kind());
        assertTrue(e.getMessage().contains("nope.vortex") && e.getMessage().contains("404"), e.getMessage());
    }

    @Test
    void delaysAndABandwidthCapGiveTheSameValues() {
        try (LinkProxy proxy = LinkProxy.to(server.base()).delay(20).bandwidth(50e6)) {
            try (VortexFile f = open(proxy.base().resolve("t.vortex"), RemoteOptions.DEFAULT)) {
                assertEquals(
                        TestTable.ROWS,
                        TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(2)));
            }
        }
    }

    /// Every other request fails in the way given: the read retries and returns the right values.
    @Test
    void transientFaultsAreRetried() {
        for (LinkProxy.Fault fault : new LinkProxy.Fault[] {
            LinkProxy.Fault.DROP, LinkProxy.Fault.ERROR_500, LinkProxy.Fault.ERROR_503, LinkProxy.Fault.TRUNCATE
        }) {
            try (LinkProxy proxy = LinkProxy.to(server.base()).faults(n -> n % 2 == 0 ? fault : LinkProxy.Fault.NONE)) {
                assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                    try (VortexFile f = open(proxy.base().resolve("t.vortex"), FAST)) {
                        assertEquals(
                                TestTable.ROWS,
                                TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(2)),
                                fault.toString());
                        // Retried by us, or (a dropped idempotent GET) by the JDK client itself.
                        assertTrue(
                                f.readStatistics().retries() > 0
                                        || proxy.requests() > f.readStatistics().requests(),
                                fault + ": " + f.readStatistics() + ", proxy saw " + proxy.requests());
                    }
                });
            }
        }
    }

    /// A stalled body is cut at the deadline and retried (or hedged).
    @Test
    void aStalledBodyIsCutAndRetried() {
        try (LinkProxy proxy =
                LinkProxy.to(server.base()).faults(n -> n == 2 ? LinkProxy.Fault.STALL : LinkProxy.Fault.NONE)) {
            RemoteOptions opts = FAST.withRequestTimeout(Duration.ofSeconds(1)).withHedge(false);
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                try (VortexFile f = open(proxy.base().resolve("t.vortex"), opts)) {
                    assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.columns("id", "v")));
                    assertTrue(
                            f.readStatistics().retries() >= 1,
                            f.readStatistics().toString());
                }
            });
        }
    }

    /// A straggler gets a hedge that wins long before the straggler's deadline.
    ///
    /// On a busy machine an earlier request can straggle by itself and draw the one hedge the cap
    /// allows that early; the stalled third request then waits for its deadline and is retried.
    /// The deadline (6 s) and the test's limit (30 s) leave room for that, and a hedge is still
    /// required: without one the scan ends with no hedge counted and the assertion fails.
    @Test
    void aStragglerIsHedged() {
        try (LinkProxy proxy =
                LinkProxy.to(server.base()).faults(n -> n == 3 ? LinkProxy.Fault.STALL : LinkProxy.Fault.NONE)) {
            // Small ranges, so the scan sends many requests and the third one straggles.
            RemoteOptions opts = FAST.withRequestTimeout(Duration.ofSeconds(6))
                    .withFetch(FetchOptions.DEFAULT.withGap(0).withMaxRange(64 << 10));
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                try (VortexFile f = open(proxy.base().resolve("t.vortex"), opts)) {
                    assertEquals(
                            TestTable.ROWS,
                            TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(1)));
                    assertTrue(
                            f.readStatistics().hedged() >= 1, f.readStatistics().toString());
                }
            });
        }
    }

    /// Hedges are capped: of four stragglers among the scan's requests, at most one attempt in
    /// ten draws a hedge; the rest wait for their deadline and are retried, values unchanged.
    @Test
    void hedgesAreCappedPerSource() {
        java.util.Set<Long> stalled = java.util.Set.of(3L, 5L, 7L, 9L);
        try (LinkProxy proxy = LinkProxy.to(server.base())
                .faults(n -> stalled.contains(n) ? LinkProxy.Fault.STALL : LinkProxy.Fault.NONE)) {
            RemoteOptions opts = FAST.withRequestTimeout(Duration.ofSeconds(2))
                    .withFetch(FetchOptions.DEFAULT.withGap(0).withMaxRange(64 << 10));
            assertTimeoutPreemptively(Duration.ofSeconds(40), () -> {
                try (VortexFile f = open(proxy.base().resolve("t.vortex"), opts)) {
                    assertEquals(
                            TestTable.ROWS,
                            TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(1)));
                    var stats = f.readStatistics();
                    long firstAttempts = stats.requests() - stats.hedged() - stats.retries();
                    assertTrue(stats.hedged() >= 1, stats.toString());
                    assertTrue(
                            stats.hedged()
                                    <= Math.max(1, (firstAttempts + stats.retries()) / HttpReadSource.HEDGE_SHARE),
                            stats.toString());
                    assertTrue(stats.retries() >= 1, "a straggler without a hedge is cut and retried: " + stats);
                }
            });
        }
    }

    /// A server that always fails ends in a clear IO error naming the URL and the range, in bounded time.
    @Test
    void persistentFaultsEndInAnIoError() {
        for (LinkProxy.Fault fault : new LinkProxy.Fault[] {
            LinkProxy.Fault.DROP, LinkProxy.Fault.ERROR_503, LinkProxy.Fault.TRUNCATE, LinkProxy.Fault.STALL
        }) {
            try (LinkProxy proxy = LinkProxy.to(server.base()).faults(n -> n == 1 ? LinkProxy.Fault.NONE : fault)) {
                RemoteOptions opts =
                        FAST.withRequestTimeout(Duration.ofMillis(500)).withRetries(3, Duration.ofMillis(5));
                assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                    try (VortexFile f = open(proxy.base().resolve("t.vortex"), opts)) {
                        VortexException e = assertThrows(
                                VortexException.class,
                                () -> TestTable.scanAndCheck(
                                        f, ScanOptions.all().withParallelism(1)),
                                fault.toString());
                        assertEquals(VortexException.Kind.IO, e.kind(), fault + ": " + e);
                        String m = messages(e);
                        assertTrue(m.contains("t.vortex") && m.contains("bytes="), fault + ": " + m);
                    }
                });
            }
        }
    }

    static String messages(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            sb.append(c.getMessage()).append(" <- ");
        }
        return sb.toString();
    }

    static byte[] readAll(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
