package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.LinkProxy;
import dev.jvortex.testing.RangeServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Warm opens through the block cache: the cached tail is used without a blocking round trip,
/// and an object that changed after it was cached ends in a `VortexException`, never in a mix
/// of two versions.
class CachedTailTest {
    @TempDir
    Path dir;

    RangeServer server;
    Path file;
    Path cacheDir;

    @BeforeEach
    void start() throws IOException {
        Files.createDirectories(dir.resolve("www"));
        file = TestTable.write(dir.resolve("www/t.vortex"));
        server = RangeServer.serve(dir.resolve("www"));
        cacheDir = dir.resolve("cache");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private CachedReadSource source(java.net.URI base, RemoteOptions options) {
        return new CachedReadSource(
                HttpReadSource.open(base.resolve("t.vortex"), options.withHedge(false)),
                new BlockCache(4096, 0, cacheDir, 1L << 30));
    }

    /// Fills the disk cache with what a scan of `options` reads.
    private void warm(ScanOptions options) {
        warm(server.base(), options);
    }

    private void warm(java.net.URI base, ScanOptions options) {
        try (VortexFile f = VortexFile.open(source(base, RemoteOptions.DEFAULT))) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, options));
        }
    }

    /// A new version of the object: same bytes, another modification time, so another `ETag`.
    private void change() throws IOException {
        Files.setLastModifiedTime(
                file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 60_000));
    }

    @Test
    void aWarmOpenReadsFromTheCacheWhileTheVersionIsChecked() {
        try (LinkProxy slow = LinkProxy.to(server.base())) {
            warm(slow.base(), ScanOptions.all());
            slow.delay(3000);
            CachedReadSource s = source(slow.base(), RemoteOptions.DEFAULT);
            try (VortexFile f = VortexFile.open(s)) {
                assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
                // The whole scan ran within the check's 3 s round trip.
                assertFalse(s.confirmed(), "the scan waited for the server");
                s.awaitConfirmation();
                assertTrue(s.confirmed());
                assertEquals(1, s.counters().snapshot().requests(), "only the version check");
            }
        }
    }

    @Test
    void theVersionCheckIsOneHeadRequestSharedByConcurrentOpens() {
        try (LinkProxy slow = LinkProxy.to(server.base())) {
            warm(slow.base(), ScanOptions.all());
            slow.delay(500);
            long requests = slow.requests();
            long bytes = slow.bytesSent();
            CachedReadSource a = source(slow.base(), RemoteOptions.DEFAULT);
            CachedReadSource b = source(slow.base(), RemoteOptions.DEFAULT);
            try (VortexFile f = VortexFile.open(a);
                    VortexFile g = VortexFile.open(b)) {
                assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
                assertEquals(TestTable.ROWS, TestTable.scanAndCheck(g, ScanOptions.columns("v")));
                a.awaitConfirmation();
                b.awaitConfirmation();
            }
            // One request for both opens (the second joined the first's check), and no body:
            // a HEAD, not a ranged GET.
            assertEquals(1, slow.requests() - requests);
            assertEquals(0, slow.bytesSent() - bytes);
        }
    }

    @Test
    void aDeletedObjectFailsTheReadsOfAConcurrentlyCheckedOpen() throws IOException {
        warm(ScanOptions.columns("v"));
        Files.delete(file);
        CachedReadSource s = source(server.base(), RemoteOptions.DEFAULT);
        try (VortexFile f = VortexFile.open(s)) {
            VortexException e = assertThrows(VortexException.class, s::awaitConfirmation);
            assertEquals(VortexException.Kind.IO, e.kind());
            assertTrue(e.getMessage().contains("could not be confirmed"), e.getMessage());
            assertTrue(e.getMessage().contains("404"), e.getMessage());
            assertThrows(VortexException.class, () -> TestTable.scanAndCheck(f, ScanOptions.columns("v")));
        }
    }

    @Test
    void aChangedObjectFailsTheReadsOfAConcurrentlyCheckedOpen() throws IOException {
        warm(ScanOptions.columns("v"));
        change();
        CachedReadSource s = source(server.base(), RemoteOptions.DEFAULT);
        try (VortexFile f = VortexFile.open(s)) {
            VortexException e = assertThrows(VortexException.class, s::awaitConfirmation);
            assertEquals(VortexException.Kind.IO, e.kind());
            assertTrue(
                    e.getMessage().contains("could not be confirmed")
                            && e.getMessage().contains("changed"),
                    e.getMessage());
            VortexException read =
                    assertThrows(VortexException.class, () -> TestTable.scanAndCheck(f, ScanOptions.columns("v")));
            assertTrue(read.getMessage().contains("could not be confirmed"), read.getMessage());
        }
        // The stale tail was dropped: the next open asks the server and reads the new version.
        CachedReadSource again = source(server.base(), RemoteOptions.DEFAULT);
        try (VortexFile f = VortexFile.open(again)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            again.awaitConfirmation();
        }
    }

    @Test
    void withinTheFreshnessWindowAnOpenAsksNothingAndNeverMixesVersions() throws IOException {
        warm(ScanOptions.columns("v"));
        change();
        RemoteOptions window = RemoteOptions.DEFAULT.withFreshness(Duration.ofMinutes(5));
        CachedReadSource s = source(server.base(), window);
        try (VortexFile f = VortexFile.open(s)) {
            // What the cache holds is read as the cached version, with no request at all.
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.columns("v")));
            assertEquals(0, s.counters().snapshot().requests());
            // A block the cache lacks would come from the new version: refused, not mixed in.
            VortexException e = assertThrows(VortexException.class, () -> TestTable.scanAndCheck(f, ScanOptions.all()));
            assertEquals(VortexException.Kind.IO, e.kind());
            assertTrue(e.getMessage().contains("changed"), e.getMessage());
        }
    }

    @Test
    void aBlockingCheckOpensTheNewVersion() throws IOException {
        warm(ScanOptions.all());
        change();
        RemoteOptions blocking = RemoteOptions.DEFAULT.withTailCheck(RemoteOptions.TailCheck.BLOCKING);
        CachedReadSource s = source(server.base(), blocking);
        try (VortexFile f = VortexFile.open(s)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            // The new version's blocks are new keys: all fetched again.
            assertTrue(
                    s.counters().snapshot().requests() > 1,
                    s.counters().snapshot().toString());
        }
    }

    @Test
    void aCorruptCachedTailIsIgnored() throws IOException {
        warm(ScanOptions.all());
        try (var files = Files.walk(cacheDir)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".tail")).toList()) {
                byte[] b = Files.readAllBytes(p);
                b[b.length - 3] ^= 0x11;
                Files.write(p, b);
            }
        }
        CachedReadSource s = source(server.base(), RemoteOptions.DEFAULT);
        try (VortexFile f = VortexFile.open(s)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            assertTrue(s.confirmed(), "the tail came from the server");
            assertEquals(1, s.counters().snapshot().requests());
        }
    }
}
