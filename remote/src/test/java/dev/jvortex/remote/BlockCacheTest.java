package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.testing.RangeServer;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// The block cache: the memory tier's bound, the disk tier surviving a restart, refetching a
/// corrupt or torn block, and its bound.
class BlockCacheTest {
    @TempDir
    static Path dir;

    static Path file;
    static byte[] local;
    static RangeServer server;

    @BeforeAll
    static void start() throws IOException {
        Files.createDirectories(dir.resolve("www"));
        file = TestTable.write(dir.resolve("www/t.vortex"));
        local = Files.readAllBytes(file);
        server = RangeServer.serve(dir.resolve("www"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static CachedReadSource source(BlockCache cache) {
        return new CachedReadSource(HttpReadSource.open(server.url("t.vortex"), RemoteOptions.DEFAULT), cache);
    }

    private static void checkRange(MemorySegment m, long offset) {
        for (int i = 0; i < m.byteSize(); i++) {
            assertEquals(local[(int) offset + i], m.get(ValueLayout.JAVA_BYTE, i), "byte " + (offset + i));
        }
    }

    @Test
    void memoryTierKeepsAtMostItsBound() {
        BlockCache cache = new BlockCache(4096, 3 * 4096, null, 0);
        for (int b = 0; b < 5; b++) {
            cache.put("o", b, Arena.ofAuto().allocate(4096));
        }
        assertNull(cache.get("o", 0, 4096));
        assertNull(cache.get("o", 1, 4096));
        assertNotNull(cache.get("o", 4, 4096));
        assertNotNull(cache.get("o", 2, 4096));
    }

    @Test
    void rangesAcrossBlocksAreServedFromTheCache() {
        BlockCache cache = new BlockCache(4096, 64 << 20, null, 0);
        try (CachedReadSource s = source(cache)) {
            s.readTail(64);
            checkRange(s.read(1000, 10_000), 1000);
            long requests = s.counters().snapshot().requests();
            checkRange(s.read(5000, 3000), 5000); // inside blocks already fetched
            checkRange(s.read(100, 50), 100);
            assertEquals(requests, s.counters().snapshot().requests());
            assertTrue(s.counters().snapshot().cacheHits() >= 2);
        }
    }

    @Test
    void diskTierSurvivesARestartAndRefetchesCorruptOrTornBlocks() throws IOException {
        Path cacheDir = dir.resolve("cache");
        BlockCache first = new BlockCache(64 << 10, 0, cacheDir, 1L << 30);
        try (VortexFile f = VortexFile.open(source(first))) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
        }
        List<Path> blocks = blockFiles(cacheDir);
        assertTrue(blocks.size() > 2, "blocks on disk: " + blocks);
        // A new cache over the same folder (a restart): only the tail read goes to the server.
        BlockCache second = new BlockCache(64 << 10, 0, cacheDir, 1L << 30);
        CachedReadSource warm = source(second);
        try (VortexFile f = VortexFile.open(warm)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            warm.awaitConfirmation();
            assertEquals(1, f.readStatistics().requests(), f.readStatistics().toString());
            assertTrue(f.readStatistics().cacheHits() > 0);
        }
        // Corrupt one block (a flipped byte) and tear another (cut short): both are refetched.
        Path corrupt = blocks.get(0);
        Path torn = blocks.get(1);
        byte[] b = Files.readAllBytes(corrupt);
        b[b.length - 7] ^= 0x5a;
        Files.write(corrupt, b);
        try (var ch = java.nio.channels.FileChannel.open(torn, StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() / 2);
        }
        BlockCache third = new BlockCache(64 << 10, 0, cacheDir, 1L << 30);
        CachedReadSource third1 = source(third);
        try (VortexFile f = VortexFile.open(third1)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            third1.awaitConfirmation();
            long requests = f.readStatistics().requests() - f.readStatistics().hedged();
            assertTrue(requests >= 2 && requests <= 3, f.readStatistics().toString());
        }
        BlockCache fourth = new BlockCache(64 << 10, 0, cacheDir, 1L << 30);
        CachedReadSource again = source(fourth);
        try (VortexFile f = VortexFile.open(again)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            again.awaitConfirmation();
            assertEquals(1, f.readStatistics().requests(), "the refetched blocks were stored again");
        }
    }

    @Test
    void diskTierStaysWithinItsBound() throws IOException {
        Path cacheDir = dir.resolve("bounded");
        long bound = 200 << 10;
        BlockCache cache = new BlockCache(16 << 10, 0, cacheDir, bound);
        try (VortexFile f = VortexFile.open(source(cache))) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
        }
        long total = 0;
        for (Path p : blockFiles(cacheDir)) {
            total += Files.size(p);
        }
        assertTrue(total <= bound + (16 << 10) + 24, "disk use " + total + " over the bound " + bound);
        assertTrue(local.length > 2 * bound, "the file must be larger than the bound");
    }

    private static List<Path> blockFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".blk")).sorted().toList();
        }
    }
}
