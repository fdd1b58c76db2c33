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
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
        int bs = 64 << 10;
        BlockCache first = new BlockCache(bs, 0, cacheDir, 1L << 30);
        try (VortexFile f = VortexFile.open(source(first))) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
        }
        List<Path> objects = objectFiles(cacheDir);
        assertEquals(1, objects.size(), "one file per object: " + objects);
        Path obj = objects.get(0);
        assertTrue(local.length > 4 * bs, "the file must span several blocks");
        // A new cache over the same folder (a restart): only the tail read goes to the server.
        BlockCache second = new BlockCache(bs, 0, cacheDir, 1L << 30);
        CachedReadSource warm = source(second);
        try (VortexFile f = VortexFile.open(warm)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            warm.awaitConfirmation();
            assertEquals(1, f.readStatistics().requests(), f.readStatistics().toString());
            assertTrue(f.readStatistics().cacheHits() > 0);
        }
        // Corrupt block 0 (a flipped byte) and tear block 3 (its second half never written):
        // both are refetched.
        try (FileChannel ch = FileChannel.open(obj, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            ch.read(one, 100);
            one.put(0, (byte) (one.get(0) ^ 0x5a)).clear();
            ch.write(one, 100);
            ch.write(ByteBuffer.allocate(bs / 2), 3L * bs + bs / 2);
        }
        BlockCache third = new BlockCache(bs, 0, cacheDir, 1L << 30);
        CachedReadSource third1 = source(third);
        try (VortexFile f = VortexFile.open(third1)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            third1.awaitConfirmation();
            long requests = f.readStatistics().requests() - f.readStatistics().hedged();
            assertTrue(requests >= 2 && requests <= 3, f.readStatistics().toString());
        }
        BlockCache fourth = new BlockCache(bs, 0, cacheDir, 1L << 30);
        CachedReadSource again = source(fourth);
        try (VortexFile f = VortexFile.open(again)) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
            again.awaitConfirmation();
            assertEquals(1, f.readStatistics().requests(), "the refetched blocks were stored again");
        }
    }

    /// With 256 KiB blocks of four 64 KiB pieces: a range is checked only in the pieces it
    /// touches; a flipped byte or a torn half in a piece it touches is refetched, never returned,
    /// and damage in a piece it does not touch does not cost it a request.
    @Test
    void onlyThePiecesARangeTouchesAreCheckedAndDamagedPiecesAreRefetched() throws IOException {
        Path cacheDir = dir.resolve("pieces");
        int bs = 256 << 10;
        assertTrue(local.length > bs, "block 0 must be a whole block");
        RemoteOptions trusted = RemoteOptions.DEFAULT.withFreshness(java.time.Duration.ofHours(1));
        try (CachedReadSource s = source(new BlockCache(bs, 0, cacheDir, 1L << 30))) {
            s.readTail(64);
            checkRange(s.read(0, bs), 0);
        }
        Path obj = objectFiles(cacheDir).get(0);
        // A flipped byte in piece 3 of block 0.
        try (FileChannel ch = FileChannel.open(obj, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            ch.read(one, 200_000);
            one.put(0, (byte) (one.get(0) ^ 0x5a)).clear();
            ch.write(one, 200_000);
        }
        try (CachedReadSource s = trustedSource(cacheDir, bs, trusted)) {
            s.readTail(64);
            MemorySegment untouched = s.read(1000, 60_000);
            assertTrue(untouched.isMapped(), "piece 0 is whole: a slice of the mapping");
            checkRange(untouched, 1000);
            assertEquals(0, s.counters().snapshot().requests());
            MemorySegment touched = s.read(190_000, 20_000);
            assertTrue(!touched.isMapped(), "piece 3 failed its check: not served from the cache");
            checkRange(touched, 190_000);
            assertEquals(1, s.counters().snapshot().requests(), "the block was refetched");
        }
        try (CachedReadSource s = trustedSource(cacheDir, bs, trusted)) {
            s.readTail(64);
            MemorySegment again = s.read(190_000, 20_000);
            assertTrue(again.isMapped(), "the refetched block was written again");
            checkRange(again, 190_000);
            assertEquals(0, s.counters().snapshot().requests());
        }
        // A torn block: its second half never written (zeros), its slot in place.
        try (FileChannel ch = FileChannel.open(obj, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(bs / 2), bs / 2);
        }
        try (CachedReadSource s = trustedSource(cacheDir, bs, trusted)) {
            s.readTail(64);
            checkRange(s.read(100, 1000), 100);
            assertEquals(0, s.counters().snapshot().requests(), "the first half is whole");
            checkRange(s.read(150_000, 1000), 150_000);
            assertEquals(1, s.counters().snapshot().requests(), "the torn half was refetched");
        }
    }

    private static CachedReadSource trustedSource(Path cacheDir, int bs, RemoteOptions options) {
        return new CachedReadSource(
                HttpReadSource.open(server.url("t.vortex"), options), new BlockCache(bs, 0, cacheDir, 1L << 30));
    }

    @Test
    void theCleanupDeletesOldFormatsButNotLiveFiles() throws IOException {
        Path cacheDir = dir.resolve("old-formats");
        // The first cache over the folder in this process cleans it (empty now); the files below
        // are then cleaned by the explicit calls.
        BlockCache cache = new BlockCache(16 << 10, 0, cacheDir, 1L << 30);
        long now = System.currentTimeMillis();
        java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(now - 3_600_000);
        // The one-file-per-block layout: an idle folder, and one a running old process writes.
        Path idleBlocks = Files.createDirectories(cacheDir.resolve("0123456789abcdef0123456789abcdef"));
        Path idleBlock = Files.write(idleBlocks.resolve("0.blk"), new byte[100]);
        Files.setLastModifiedTime(idleBlock, old);
        Path liveBlocks = Files.createDirectories(cacheDir.resolve("fedcba9876543210fedcba9876543210"));
        Path liveBlock = Files.write(liveBlocks.resolve("3.blk"), new byte[100]);
        Path liveTemp = Files.write(
                liveBlocks.resolve("4.blk.tmp" + ProcessHandle.current().pid() + "-1a2b"), new byte[10]);
        Path deadTemp = Files.write(liveBlocks.resolve("5.blk.tmp999999999-1a2b"), new byte[10]);
        // An object file of the first mapped format, and one of today's.
        Files.createDirectories(cacheDir.resolve("objects"));
        byte[] v1 = new byte[4096 + 64 + 16];
        System.arraycopy(DiskObject.MAGIC_V1, 0, v1, v1.length - 64, DiskObject.MAGIC_V1.length);
        Path oldObject = Files.write(cacheDir.resolve("objects/aa.obj"), v1);
        Files.setLastModifiedTime(oldObject, old);
        try (CachedReadSource s = source(cache)) {
            s.readTail(64);
            checkRange(s.read(0, 50_000), 0);
        }
        Path current = objectFiles(cacheDir).stream()
                .filter(p -> !p.equals(oldObject))
                .findFirst()
                .orElseThrow();
        Files.setLastModifiedTime(current, old);
        assertEquals(3, cache.cleanupOldFormats(now));
        assertTrue(!Files.exists(idleBlocks), "an idle old folder is deleted whole");
        assertTrue(!Files.exists(oldObject) && !Files.exists(deadTemp));
        assertTrue(Files.exists(liveBlock) && Files.exists(liveTemp), "a live process's files are kept");
        assertTrue(Files.exists(current), "today's format is kept");
        assertEquals(0, cache.cleanupOldFormats(now));
    }

    @Test
    void aWarmRangeIsASliceOfTheMappingThatOutlivesItsSourceAndFile() throws IOException {
        Path cacheDir = dir.resolve("mapped");
        BlockCache cold = new BlockCache(16 << 10, 0, cacheDir, 1L << 30);
        try (CachedReadSource s = source(cold)) {
            s.readTail(64);
            checkRange(s.read(1000, 100_000, Arena.ofAuto()), 1000);
        }
        MemorySegment warm;
        try (CachedReadSource s = source(new BlockCache(16 << 10, 0, cacheDir, 1L << 30));
                Arena arena = Arena.ofConfined()) {
            s.readTail(64);
            // The version check runs concurrently and is a request of its own: let it answer
            // before counting, so only the read itself is measured.
            s.awaitConfirmation();
            long requests = s.counters().snapshot().requests();
            warm = s.read(5000, 90_000, arena);
            assertEquals(requests, s.counters().snapshot().requests(), "served from disk");
            assertTrue(warm.isMapped(), "a slice of the mapped cache file, not a copy");
            // A range partly outside what was cached is copied: cached blocks and one fetch.
            MemorySegment mixed = s.read(90_000, 40_000, arena);
            assertTrue(!mixed.isMapped());
            checkRange(mixed, 90_000);
        }
        // The source and the arena passed are closed, and the file is deleted (as another
        // process evicting it would): the slice still reads the cached bytes.
        deleteTree(cacheDir);
        System.gc();
        checkRange(warm, 5000);
    }

    @Test
    void twoCachesOverOneFolderShareItWhileBothWrite() throws Exception {
        Path cacheDir = dir.resolve("shared");
        List<Thread> threads = new java.util.ArrayList<>();
        java.util.concurrent.ConcurrentLinkedQueue<Throwable> failures =
                new java.util.concurrent.ConcurrentLinkedQueue<>();
        for (int i = 0; i < 3; i++) {
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    for (int round = 0; round < 2; round++) {
                        BlockCache c = new BlockCache(16 << 10, 0, cacheDir, 1L << 30);
                        try (VortexFile f = VortexFile.open(source(c))) {
                            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertTrue(failures.isEmpty(), failures.toString());
        assertEquals(1, objectFiles(cacheDir).size());
    }

    @Test
    void diskTierStaysWithinItsBound() throws Exception {
        Path cacheDir = dir.resolve("bounded");
        long bound = 200 << 10;
        BlockCache cache = new BlockCache(16 << 10, 0, cacheDir, bound);
        try (VortexFile f = VortexFile.open(source(cache))) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
        }
        // What the disk holds (the file is sparse): du's allocated bytes.
        long total = allocated(cacheDir.resolve("objects"));
        assertTrue(total <= bound + (16 << 10) + (16 << 10), "disk use " + total + " over the bound " + bound);
        assertTrue(total >= bound / 2, "the object was cached up to the bound: " + total);
        assertTrue(local.length > 2 * bound, "the file must be larger than the bound");
        // A second object fills the disk: the first (least recently used) file is deleted.
        Files.copy(file, dir.resolve("www/u.vortex"));
        BlockCache other = new BlockCache(16 << 10, 0, cacheDir, bound);
        try (VortexFile f = VortexFile.open(
                new CachedReadSource(HttpReadSource.open(server.url("u.vortex"), RemoteOptions.DEFAULT), other))) {
            assertEquals(TestTable.ROWS, TestTable.scanAndCheck(f, ScanOptions.all()));
        }
        assertEquals(1, objectFiles(cacheDir).size(), "the older object was evicted");
        assertTrue(allocated(cacheDir.resolve("objects")) <= bound + (32 << 10));
    }

    private static long allocated(Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("du", "-s", "-B1", dir.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return Long.parseLong(out.strip().split("\\s+")[0]);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static List<Path> objectFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".obj")).sorted().toList();
        }
    }
}
