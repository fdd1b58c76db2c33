package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.io.ReadStatistics;
import dev.jvortex.testing.RangeServer;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// What reading a remote file costs: connections reused across opens, fetched memory released
/// when the scan is done (not when the garbage collector runs), and a bounded number of
/// requests per query, with and without the block cache.
class RemoteResourcesTest {
    @TempDir
    static Path dir;

    static byte[] local;
    static RangeServer server;

    @BeforeAll
    static void start() throws Exception {
        local = Files.readAllBytes(TestTable.write(dir.resolve("t.vortex")));
        server = RangeServer.serve(dir);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void manyOpensReuseTheSharedClientsConnections() {
        try (RangeServer own = RangeServer.serve(dir)) {
            for (int i = 0; i < 30; i++) {
                // No hedging: a hedge's loser is cut, and its connection with it.
                try (VortexFile f = VortexFile.open(
                        HttpReadSource.open(own.url("t.vortex"), RemoteOptions.DEFAULT.withHedge(false)))) {
                    assertEquals(TestTable.ROWS, f.rowCount());
                    assertEquals(
                            1,
                            TestTable.scanAndCheck(
                                    f, ScanOptions.columns("id", "v").withFilter("id = 4321")));
                }
            }
            assertTrue(own.requests() >= 60, "requests: " + own.requests());
            // One client for the process: the opens share its pooled connections (at most the
            // fetch concurrency of one file at a time), instead of one or more per open.
            assertTrue(own.connections() <= 8, own.connections() + " connections for " + own.requests() + " requests");
        }
    }

    @Test
    void fetchedMemoryIsReleasedWhenTheScanCloses() {
        for (BlockCache cache : new BlockCache[] {null, BlockCache.inMemory(64 << 20)}) {
            HttpReadSource http = HttpReadSource.open(server.url("t.vortex"), RemoteOptions.DEFAULT);
            try (VortexFile f = VortexFile.open(cache == null ? http : new CachedReadSource(http, cache))) {
                long rows = 0;
                long heldDuring = 0;
                List<Batch> kept = new ArrayList<>();
                try (Scan scan = f.scan(ScanOptions.all().withParallelism(1))) {
                    for (Batch b : scan) {
                        heldDuring = Math.max(heldDuring, http.counters().held());
                        rows += b.rowCount();
                        kept.add(b);
                    }
                    // Batches kept past the scan's windows still read their values (they hold
                    // the ranges their arrays view).
                    long row = 0;
                    for (Batch b : kept) {
                        for (int i = 0; i < b.rowCount(); i += 997) {
                            assertEquals(TestTable.expected(b.rowIndex(i), scan.columnNames()), TestTable.row(b, i));
                        }
                        row += b.rowCount();
                        b.close();
                    }
                    assertEquals(TestTable.ROWS, row);
                }
                assertEquals(TestTable.ROWS, rows);
                assertTrue(heldDuring > 0, "the scan fetched into held memory");
                assertEquals(0, http.counters().held(), "bytes of fetched ranges still held after the scan");
                // A filtered scan over several threads releases everything too.
                assertEquals(
                        1,
                        TestTable.scanAndCheck(
                                f,
                                ScanOptions.columns("id", "name")
                                        .withFilter("id = 777")
                                        .withParallelism(3)));
                assertEquals(
                        TestTable.ROWS,
                        TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(3)));
                assertEquals(0, http.counters().held());
            }
        }
    }

    @Test
    void aOneColumnScanOfAMultiChunkFileIsAFewRequests() {
        for (BlockCache cache : new BlockCache[] {null, new BlockCache(4096, 64 << 20, null, 0)}) {
            HttpReadSource http = HttpReadSource.open(server.url("t.vortex"), RemoteOptions.DEFAULT.withHedge(false));
            try (VortexFile f = VortexFile.open(cache == null ? http : new CachedReadSource(http, cache))) {
                ReadStatistics opened = f.readStatistics();
                assertEquals(1, opened.requests());
                int segments = f.footer().segments().size();
                assertEquals(
                        TestTable.ROWS,
                        TestTable.scanAndCheck(f, ScanOptions.columns("v").withParallelism(4)));
                ReadStatistics column = f.readStatistics().minus(opened);
                // The column's chunks are many segments; they are one range (the file is smaller
                // than a range), so one request whatever the threads.
                assertTrue(segments > 40, segments + " segments");
                assertEquals(1, column.requests(), "one column, cache " + (cache != null) + ": " + column);
                ReadStatistics before = f.readStatistics();
                assertEquals(
                        TestTable.ROWS,
                        TestTable.scanAndCheck(f, ScanOptions.all().withParallelism(4)));
                ReadStatistics full = f.readStatistics().minus(before);
                assertTrue(full.requests() <= 2, "full scan, cache " + (cache != null) + ": " + full);
            }
        }
    }

    @Test
    void contiguousMissingBlocksAreOneRequestAndAllCached() {
        BlockCache cache = new BlockCache(4096, 64 << 20, null, 0);
        try (CachedReadSource s = new CachedReadSource(
                        HttpReadSource.open(server.url("t.vortex"), RemoteOptions.DEFAULT.withHedge(false)), cache);
                Arena arena = Arena.ofShared()) {
            s.readTail(64);
            long r0 = s.counters().snapshot().requests();
            check(s.read(10_000, 100_000, arena), 10_000); // 25 blocks: one request
            assertEquals(r0 + 1, s.counters().snapshot().requests());
            check(s.read(12_288, 90_000, arena), 12_288); // all cached
            assertEquals(r0 + 1, s.counters().snapshot().requests());
            // Cached blocks in the middle: one request per missing run on either side.
            check(s.read(0, 200_000, arena), 0);
            assertEquals(r0 + 3, s.counters().snapshot().requests());
        }
    }

    private static void check(MemorySegment m, long offset) {
        for (int i = 0; i < m.byteSize(); i++) {
            assertEquals(local[(int) offset + i], m.get(ValueLayout.JAVA_BYTE, i), "byte " + (offset + i));
        }
    }
}
