package dev.jvortex.remote;

import dev.jvortex.core.VortexException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;

/// Fixed-size blocks of remote objects kept in memory (bounded by bytes, least recently used
/// out first) or on local disk.
///
/// A block is identified by its object (name, size and ETag: a changed object has new keys)
/// and its index. The disk tier keeps one file per object version, laid out at the object's
/// offsets and mapped read-only ([DiskObject]): a range whose blocks are all there is a slice of
/// the mapping, read like a local file. Every block is checked against its CRC32C the first time
/// a process reads it; a torn or corrupt block is a miss (fetched and written again), never
/// returned. Files are created whole and deleted whole, so processes can share the folder. The
/// disk tier is bounded: when this process has written past the bound, the least recently used
/// object files (by modification time, touched when opened) of every process are deleted down to
/// 90 %; an object that alone exceeds the bound takes no more blocks.
///
/// The memory tier (used when there is no disk tier: with one, the operating system's page
/// cache keeps the mapped blocks) holds heap copies, bounded by `memoryBytes`; readers get the
/// bytes copied into memory they own ([#copyTo]).
public final class BlockCache {
    /// The default block size: 256 KiB. Against 1 MiB it halved the bytes a one-column read
    /// of an interleaved file fetches (the blocks pad each chunk's range) and made it about 1.5x
    /// faster over a 2 ms link, with full scans unchanged cold and within noise warm (BENCHMARKS.md).
    public static final int DEFAULT_BLOCK_SIZE = 256 << 10;

    private final int blockSize;
    private final long memoryBytes;
    private final Path dir;
    private final long diskBytes;
    private final LinkedHashMap<String, MemorySegment> memory = new LinkedHashMap<>(64, 0.75f, true);
    private long memoryUsed;
    /// The disk tier's bytes as last counted (-1: not counted yet; counted at the first write).
    private final AtomicLong diskUsed = new AtomicLong(-1);
    private final ConcurrentHashMap<String, DiskObject> objects = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, CachedTail> tails = new ConcurrentHashMap<>();
    private static final byte[] TAIL_MAGIC = "JVXTAIL1".getBytes(StandardCharsets.US_ASCII);
    private static final int TAIL_HEADER = 40;

    /// Creates a cache of `blockSize`-byte blocks holding at most `memoryBytes` in memory and,
    /// when `dir` is not null, at most about `diskBytes` on disk under `dir`.
    public BlockCache(int blockSize, long memoryBytes, Path dir, long diskBytes) {
        if (blockSize < 4096 || memoryBytes < 0 || diskBytes < 0) {
            throw VortexException.misuse(
                    "invalid block cache: block " + blockSize + ", memory " + memoryBytes + ", disk " + diskBytes);
        }
        this.blockSize = blockSize;
        this.memoryBytes = memoryBytes;
        this.dir = dir;
        this.diskBytes = diskBytes;
        if (dir != null) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new VortexException(VortexException.Kind.IO, dir + ": cannot create the cache folder: " + e, e);
            }
            if (CLEANED.add(dir.toAbsolutePath().normalize())) {
                cleanupOldFormats(System.currentTimeMillis());
            }
        }
    }

    /// Cache folders this process has cleaned of older formats.
    private static final java.util.Set<Path> CLEANED = ConcurrentHashMap.newKeySet();

    /// How long a file of an older format must have been left unmodified before the cleanup
    /// deletes it: a younger one may belong to a running process of an older jvortex.
    static final long OLD_FORMAT_IDLE_MILLIS = 10 * 60_000L;

    private static final java.util.regex.Pattern OLD_BLOCK_DIR = java.util.regex.Pattern.compile("[0-9a-f]{32}");
    private static final java.util.regex.Pattern TEMP = java.util.regex.Pattern.compile(".*\\.tmp(\\d+)-[0-9a-f]+");

    /// Deletes what older formats of the disk tier left in the folder (run once per folder and
    /// process, when the first cache over it is made): the one-file-per-block layout's
    /// `<hash>/<n>.blk` files (and their folders once empty), object files of the first mapped
    /// format (`JVXOBJ01`), and temporary files whose writing process is gone. A file of an older
    /// format modified within [#OLD_FORMAT_IDLE_MILLIS] of `nowMillis` is left for a later
    /// process (a running older jvortex may still write it), and so is a temporary file of a
    /// live process. Deleting whole files is safe for readers: an older process that maps or
    /// opened one keeps reading it, and a missing file is a miss. Returns the files deleted.
    int cleanupOldFormats(long nowMillis) {
        int deleted = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) {
                String name = e.getFileName().toString();
                if (Files.isDirectory(e) && OLD_BLOCK_DIR.matcher(name).matches()) {
                    deleted += cleanOldBlocks(e, nowMillis);
                }
            }
        } catch (IOException e) {
            // Not listable: nothing to clean.
        }
        for (String sub : new String[] {"objects", "tails"}) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.resolve(sub))) {
                for (Path f : files) {
                    String name = f.getFileName().toString();
                    boolean oldObject = name.endsWith(".obj") && idle(f, nowMillis) && isOldObject(f);
                    if ((oldObject || deadTemp(name)) && deleteFile(f)) {
                        deleted++;
                    }
                }
            } catch (IOException e) {
                // No such folder yet.
            }
        }
        return deleted;
    }

    private static int cleanOldBlocks(Path folder, long nowMillis) {
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                boolean old = name.endsWith(".blk") && idle(f, nowMillis);
                if ((old || deadTemp(name)) && deleteFile(f)) {
                    deleted++;
                }
            }
        } catch (IOException e) {
            return deleted;
        }
        try {
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // Not empty (files of a live process remain): a later process tries again.
        }
        return deleted;
    }

    private static boolean idle(Path f, long nowMillis) {
        try {
            return nowMillis - Files.getLastModifiedTime(f).toMillis() > OLD_FORMAT_IDLE_MILLIS;
        } catch (IOException e) {
            return false;
        }
    }

    /// True for a temporary file (`<name>.tmp<pid>-<hex>`) whose process no longer runs.
    private static boolean deadTemp(String name) {
        java.util.regex.Matcher m = TEMP.matcher(name);
        if (!m.matches()) {
            return false;
        }
        try {
            return ProcessHandle.of(Long.parseLong(m.group(1)))
                    .map(h -> !h.isAlive())
                    .orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /// True when the object file at `f` is of the first mapped format (its header's magic).
    private static boolean isOldObject(Path f) {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            long n = ch.size();
            if (n < 64) {
                return false;
            }
            ByteBuffer b = ByteBuffer.allocate(DiskObject.MAGIC_V1.length);
            while (b.hasRemaining() && ch.read(b, n - 64 + b.position()) >= 0) {
                // read the magic
            }
            return java.util.Arrays.equals(b.array(), DiskObject.MAGIC_V1);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean deleteFile(Path f) {
        try {
            return Files.deleteIfExists(f);
        } catch (IOException e) {
            return false;
        }
    }

    /// A memory-only cache of [#DEFAULT_BLOCK_SIZE] blocks.
    public static BlockCache inMemory(long memoryBytes) {
        return new BlockCache(DEFAULT_BLOCK_SIZE, memoryBytes, null, 0);
    }

    /// Returns the block size.
    public int blockSize() {
        return blockSize;
    }

    /// Returns the disk folder, or null.
    public Path dir() {
        return dir;
    }

    /// Returns block `index` of `object` from the memory tier (its expected length `length`),
    /// or null on a miss.
    MemorySegment get(String object, long index, long length) {
        MemorySegment out = MemorySegment.ofArray(new byte[(int) length]);
        return copyTo(object, index, 0, out, 0, length) ? out : null;
    }

    /// Copies bytes `[from, from + n)` of block `index` of `object` from the memory tier to
    /// `dst` at `at`, and returns true; false on a miss.
    boolean copyTo(String object, long index, long from, MemorySegment dst, long at, long n) {
        MemorySegment m;
        synchronized (memory) {
            m = memory.get(object + "#" + index);
        }
        if (m == null) {
            return false;
        }
        MemorySegment.copy(m, from, dst, at, n);
        return true;
    }

    /// Stores block `index` of `object` in the memory tier (copied: the cache owns its memory).
    void put(String object, long index, MemorySegment bytes) {
        if (bytes.byteSize() <= memoryBytes) {
            putMemory(object + "#" + index, MemorySegment.ofArray(bytes.toArray(ValueLayout.JAVA_BYTE)));
        }
    }

    /// Returns the disk tier's file of `object` (`size` bytes), opened or created, or null when
    /// there is no disk tier or it cannot hold the object. A file another process deleted or
    /// replaced since this cache opened it is opened again.
    DiskObject disk(String object, long size) {
        if (dir == null) {
            return null;
        }
        DiskObject d = objects.get(object);
        if (d != null && d.current()) {
            return d;
        }
        d = DiskObject.open(objectFile(object), size, blockSize);
        if (d != null) {
            d.touch();
            objects.put(object, d);
        }
        return d;
    }

    /// Writes blocks `first, ...` (`run`, back to back) to `disk`, as many as the disk tier's
    /// bound leaves room for (after deleting least recently used objects).
    void write(DiskObject disk, long first, MemorySegment run) {
        long room = reserve(disk, run.byteSize());
        // Whole blocks only (the run's last block may be the object's short last one).
        long n = room >= run.byteSize() ? run.byteSize() : room / blockSize * blockSize;
        if (n > 0) {
            long written = disk.write(first, run.asSlice(0, n));
            if (written < n) {
                diskUsed.addAndGet(written - n);
            }
        }
    }

    /// Counts `bytes` more on disk and returns how many of them fit; when they do not all fit,
    /// deletes least recently used objects other than `writing` first, down to 90 % of the
    /// bound with `bytes` in; when `writing` alone fills the bound, it takes no more blocks.
    private synchronized long reserve(DiskObject writing, long bytes) {
        if (writing.closedForWrites) {
            return 0;
        }
        long used = diskUsed.get();
        if (used < 0) {
            used = countDisk();
        }
        if (used + bytes > diskBytes) {
            used = evict(writing, bytes);
        }
        long room = Math.max(0, Math.min(bytes, diskBytes - used));
        if (room < bytes) {
            writing.closedForWrites = true;
        }
        diskUsed.set(used + room);
        return room;
    }

    /// Drops every block from memory (the disk tier stays).
    public void clearMemory() {
        synchronized (memory) {
            memory.clear();
            memoryUsed = 0;
        }
    }

    private void putMemory(String key, MemorySegment bytes) {
        if (bytes.byteSize() > memoryBytes) {
            return;
        }
        synchronized (memory) {
            MemorySegment old = memory.put(key, bytes);
            memoryUsed += bytes.byteSize() - (old == null ? 0 : old.byteSize());
            Iterator<Map.Entry<String, MemorySegment>> it = memory.entrySet().iterator();
            while (memoryUsed > memoryBytes && it.hasNext()) {
                memoryUsed -= it.next().getValue().byteSize();
                it.remove();
            }
        }
    }

    // ---- object tails ----

    /// The last bytes of an object as a reader saw them, with the version they belong to.
    ///
    /// @param size the object's size
    /// @param etag its `ETag`, or null when the server sends none
    /// @param validatedMillis when the server last confirmed this version (epoch milliseconds)
    /// @param bytes the object's last `bytes.length` bytes
    record CachedTail(long size, String etag, long validatedMillis, byte[] bytes) {}

    /// Returns the cached tail of the object at `url` (memory first, then disk), or null.
    CachedTail tail(String url) {
        CachedTail t = tails.get(url);
        if (t != null || dir == null) {
            return t;
        }
        t = readTailFile(tailFile(url));
        if (t != null) {
            tails.put(url, t);
        }
        return t;
    }

    /// Stores the tail of the object at `url` (in memory, and on disk when there is a disk tier).
    void putTail(String url, CachedTail tail) {
        putTail(url, tail, true);
    }

    /// Stores the tail of the object at `url` in memory, and on disk too when `toDisk` and there
    /// is a disk tier.
    void putTail(String url, CachedTail tail, boolean toDisk) {
        tails.put(url, tail);
        if (dir == null || !toDisk) {
            return;
        }
        byte[] etag = tail.etag() == null ? new byte[0] : tail.etag().getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(TAIL_HEADER + etag.length + tail.bytes().length)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(TAIL_MAGIC)
                .putLong(tail.size())
                .putLong(tail.validatedMillis())
                .putInt(tail.etag() == null ? -1 : etag.length)
                .putInt(tail.bytes().length)
                .putLong(0)
                .put(etag)
                .put(tail.bytes());
        CRC32C c = new CRC32C();
        c.update(b.array(), TAIL_HEADER, b.capacity() - TAIL_HEADER);
        b.putLong(32, c.getValue());
        writeFile(tailFile(url), b.flip());
    }

    /// Forgets the cached tail of the object at `url` (its version changed).
    void dropTail(String url) {
        tails.remove(url);
        if (dir != null) {
            discard(tailFile(url));
        }
    }

    private Path tailFile(String url) {
        return dir.resolve("tails").resolve(objectHash(url) + ".tail");
    }

    /// Reads and checks a tail file; null (the file deleted when torn or corrupt) on a miss.
    private static CachedTail readTailFile(Path file) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            discard(file);
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        if (all.length < TAIL_HEADER || !java.util.Arrays.equals(all, 0, 8, TAIL_MAGIC, 0, 8)) {
            discard(file);
            return null;
        }
        long size = b.getLong(8);
        long validated = b.getLong(16);
        int etagLength = b.getInt(24);
        int tailLength = b.getInt(28);
        long crc = b.getLong(32);
        long expected = (long) TAIL_HEADER + Math.max(0, etagLength) + tailLength;
        if (etagLength < -1 || tailLength < 0 || expected != all.length || tailLength > size) {
            discard(file);
            return null;
        }
        CRC32C c = new CRC32C();
        c.update(all, TAIL_HEADER, all.length - TAIL_HEADER);
        if (c.getValue() != crc) {
            discard(file);
            return null;
        }
        String etag = etagLength < 0 ? null : new String(all, TAIL_HEADER, etagLength, StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOfRange(all, all.length - tailLength, all.length);
        return new CachedTail(size, etag, validated, bytes);
    }

    // ---- disk tier ----

    /// The disk file of an object version (its hash with the block size: another block size is
    /// another file).
    Path objectFile(String object) {
        // "v2": files of the format with a CRC32C per piece ([DiskObject]); the older format's
        // files had other names, so the two never replace each other.
        return dir.resolve("objects").resolve(objectHash(object + "|" + blockSize + "|v2") + ".obj");
    }

    private static String objectHash(String object) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(object.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 16);
        } catch (GeneralSecurityException e) {
            throw VortexException.internal("SHA-256", e);
        }
    }

    private static boolean discard(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Another process may hold or have replaced it: a miss either way.
        }
        return false;
    }

    /// Writes `parts` to a temporary name beside `file` and renames it into place (another
    /// process sees the whole file or none); false when the cache cannot write.
    private static boolean writeFile(Path file, ByteBuffer... parts) {
        Path tmp = file.resolveSibling(
                file.getFileName() + ".tmp" + ProcessHandle.current().pid() + "-"
                        + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                for (ByteBuffer part : parts) {
                    while (part.hasRemaining()) {
                        ch.write(part);
                    }
                }
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        } catch (IOException e) {
            // A cache that cannot write is only slower.
            discard(tmp);
            return false;
        }
    }

    /// The object files of every process, with their modification times and bytes on disk.
    private record ObjectUse(Path file, long time, long bytes) {}

    private List<ObjectUse> listDisk() {
        List<ObjectUse> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.resolve("objects"), "*.obj")) {
            for (Path f : files) {
                try {
                    out.add(new ObjectUse(f, Files.getLastModifiedTime(f).toMillis(), DiskObject.usage(f)));
                } catch (IOException e) {
                    // Deleted meanwhile.
                }
            }
        } catch (IOException e) {
            // No folder yet: nothing cached.
        }
        return out;
    }

    private long countDisk() {
        long total = 0;
        for (ObjectUse u : listDisk()) {
            total += u.bytes();
        }
        return total;
    }

    /// Deletes the least recently used object files (of every process) other than `writing`
    /// until they and `incoming` more bytes are within 90 % of the bound, and returns the bytes
    /// left on disk.
    private long evict(DiskObject writing, long incoming) {
        List<ObjectUse> all = new ArrayList<>(listDisk());
        long total = 0;
        for (ObjectUse u : all) {
            total += u.bytes();
        }
        all.sort((a, b) -> Long.compare(a.time(), b.time()));
        long target = diskBytes / 10 * 9;
        for (ObjectUse u : all) {
            if (total + incoming <= target) {
                break;
            }
            if (u.file().equals(writing.path)) {
                continue;
            }
            discard(u.file());
            objects.values().removeIf(d -> d.path.equals(u.file()));
            total -= u.bytes();
        }
        return total;
    }
}
