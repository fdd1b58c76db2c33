package dev.jvortex.remote;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/// The disk tier's copy of one object version: one sparse file laid out at the object's own
/// offsets, followed by a table of one slot per block, mapped read-only.
///
/// File layout (`<dir>/objects/<hash>.obj`): bytes `[0, size)` hold the blocks cached so far at
/// their offsets (holes elsewhere); at `size` rounded up to 4 KiB, one slot per block: its
/// length, a stamp derived from the length and the piece checksums (a slot never written, all
/// zeros, never matches; nor does a torn one), and the CRC32C of each [#PIECE]-byte piece of
/// the block; last, a 64-byte header (magic `JVXOBJ02`, object size, block size, block count,
/// piece size). A block is written first and its slot after it, so a slot whose stamp matches
/// names a whole block, and a piece that matches its CRC32C holds that block's bytes; anything
/// else (a torn or interrupted write, a flipped bit) is a miss, and the block is fetched and
/// written again. (`JVXOBJ01` files, one CRC32C per block, have other names and are removed by
/// [BlockCache]'s one-time cleanup.)
///
/// Each process checks a piece's CRC32C the first time it reads bytes of it, and only the
/// pieces a range touches (a short query reads a few KiB of a 256 KiB block: checking the whole
/// block cost more than reading what it needs); after that a range whose blocks are all present
/// is a slice of the mapping, as a local file's segments are, with no copy and no fresh memory. The file is only ever
/// created whole (under a temporary name, then
/// linked into place), written where blocks go and deleted whole: never truncated nor holed,
/// so a mapping and the slices of it that decoded arrays hold stay valid (a deleted file lives
/// on until the last mapping of it goes). The mapping belongs to an automatic arena, so it is
/// unmapped only when no slice of it is reachable.
final class DiskObject {
    private static final byte[] MAGIC = "JVXOBJ02".getBytes(StandardCharsets.US_ASCII);
    /// The magic of the older format (one CRC32C per block), for the cleanup.
    static final byte[] MAGIC_V1 = "JVXOBJ01".getBytes(StandardCharsets.US_ASCII);
    private static final long STAMP = 0x4a56584f424a534cL;
    private static final int HEADER = 64;
    /// The checked unit: 64 KiB, or the block when smaller.
    static final int PIECE = 64 << 10;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    final Path path;
    private final long size;
    private final int blockSize;
    private final int blocks;
    private final long slots;
    /// Bytes per piece, pieces per block and bytes per slot.
    private final int piece;
    private final int pieces;
    private final int slot;
    private final MemorySegment map;
    private final Object fileKey;
    /// Pieces this process has checked, one bit each, by block times pieces per block plus
    /// piece (plain words: a bit lost to a racing update only costs another check).
    private final long[] checked;
    /// Set when the cache deleted this file or it may take no more blocks (the disk bound).
    volatile boolean closedForWrites;

    private DiskObject(Path path, long size, int blockSize, MemorySegment map, Object fileKey) {
        this.path = path;
        this.size = size;
        this.blockSize = blockSize;
        this.blocks = blockCount(size, blockSize);
        this.slots = tableAt(size);
        this.piece = pieceSize(blockSize);
        this.pieces = piecesPerBlock(blockSize);
        this.slot = slotSize(blockSize);
        this.map = map;
        this.fileKey = fileKey;
        this.checked = new long[(int) (((long) blocks * pieces + 63) >>> 6)];
    }

    private static int pieceSize(int blockSize) {
        return Math.min(PIECE, blockSize);
    }

    private static int piecesPerBlock(int blockSize) {
        return (blockSize + pieceSize(blockSize) - 1) / pieceSize(blockSize);
    }

    /// A slot: length (4 bytes), 4 spare, stamp (8), a CRC32C per piece, padded to 8 bytes.
    private static int slotSize(int blockSize) {
        return (16 + 4 * piecesPerBlock(blockSize) + 7) & ~7;
    }

    private static int blockCount(long size, int blockSize) {
        return (int) ((size + blockSize - 1) / blockSize);
    }

    private static long tableAt(long size) {
        return (size + 4095) & ~4095L;
    }

    private static long fileLength(long size, int blockSize) {
        return tableAt(size) + HEADER + (long) slotSize(blockSize) * blockCount(size, blockSize);
    }

    /// Opens (creating it when missing, replacing it when its header is wrong) the file of an
    /// object of `size` bytes at `path`; null when the disk cannot hold it.
    static DiskObject open(Path path, long size, int blockSize) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                DiskObject d = map(path, size, blockSize);
                if (d != null) {
                    return d;
                }
                create(path, size, blockSize);
            } catch (IOException e) {
                // Another process may be replacing it: try again, then give up (a miss).
            }
        }
        return null;
    }

    /// Maps the file at `path` when it exists and its header is right; null (a bad file
    /// deleted) otherwise.
    @SuppressWarnings("MustBeClosedChecker") // an automatic arena: unmapped when unreachable
    private static DiskObject map(Path path, long size, int blockSize) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long length = fileLength(size, blockSize);
            if (ch.size() != length) {
                delete(path);
                return null;
            }
            ByteBuffer h = readFully(ch, length - HEADER, HEADER);
            byte[] magic = new byte[MAGIC.length];
            h.get(magic);
            if (!java.util.Arrays.equals(magic, MAGIC)
                    || h.getLong() != size
                    || h.getLong() != blockSize
                    || h.getLong() != blockCount(size, blockSize)
                    || h.getLong() != pieceSize(blockSize)) {
                delete(path);
                return null;
            }
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            MemorySegment m = ch.map(FileChannel.MapMode.READ_ONLY, 0, length, Arena.ofAuto());
            return new DiskObject(path, size, blockSize, m, key);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /// Creates the file whole under a temporary name and links it into place (another process
    /// sees it whole or not at all; when one got there first, its file is kept).
    private static void create(Path path, long size, int blockSize) throws IOException {
        Files.createDirectories(path.getParent());
        Path tmp = path.resolveSibling(
                path.getFileName() + ".tmp" + ProcessHandle.current().pid() + "-"
                        + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                // Zeroed slots (no block yet), then the header, last in the file.
                int table = slotSize(blockSize) * blockCount(size, blockSize);
                ByteBuffer h = ByteBuffer.allocate(table + HEADER).order(ByteOrder.LITTLE_ENDIAN);
                h.position(table);
                h.put(MAGIC)
                        .putLong(size)
                        .putLong(blockSize)
                        .putLong(blockCount(size, blockSize))
                        .putLong(pieceSize(blockSize));
                h.clear();
                long at = tableAt(size);
                while (h.hasRemaining()) {
                    ch.write(h, at + h.position());
                }
            }
            try {
                Files.createLink(path, tmp);
            } catch (FileAlreadyExistsException e) {
                // Another process created it: use theirs.
            } catch (UnsupportedOperationException e) {
                Files.move(tmp, path);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /// Returns true when this mapping is still the file at its path (another process may have
    /// deleted it, or deleted and created it again).
    boolean current() {
        try {
            return fileKey != null
                    && fileKey.equals(Files.readAttributes(path, BasicFileAttributes.class)
                            .fileKey());
        } catch (IOException e) {
            return false;
        }
    }

    /// Returns true when block `k` is present (its slot stamped) and bytes `[from, to)` of it
    /// are whole: the pieces they touch match their CRC32C (checked the first time this process
    /// reads each piece).
    boolean has(long k, long from, long to) {
        int firstPiece = (int) (from / piece);
        int lastPiece = (int) ((to - 1) / piece);
        int base = (int) k * pieces;
        boolean all = true;
        for (int p = firstPiece; p <= lastPiece && all; p++) {
            all = isChecked(base + p);
        }
        if (all) {
            return true;
        }
        long at = slots + (long) slot * k;
        int length = map.get(INT, at);
        long expected = Math.min(blockSize, size - k * blockSize);
        if (length != expected || map.get(LONG, at + 8) != stamp(map, at, pieces)) {
            return false;
        }
        // Read the slot before the bytes it names: they were written before it.
        java.lang.invoke.VarHandle.acquireFence();
        for (int p = firstPiece; p <= lastPiece; p++) {
            if (isChecked(base + p)) {
                continue;
            }
            long pieceAt = k * blockSize + (long) p * piece;
            int n = (int) Math.min(piece, k * blockSize + length - pieceAt);
            CRC32C c = new CRC32C();
            c.update(map.asSlice(pieceAt, n).asByteBuffer());
            if ((int) c.getValue() != map.get(INT, at + 16 + 4L * p)) {
                return false;
            }
            checked[(base + p) >>> 6] |= 1L << (base + p);
        }
        return true;
    }

    private boolean isChecked(int index) {
        return (checked[index >>> 6] & (1L << index)) != 0;
    }

    /// The stamp a slot at `at` of `m` must hold: derived from its length and its piece
    /// checksums, so a slot never written (zeros) or torn (part old, part new) does not match.
    private static long stamp(MemorySegment m, long at, int pieces) {
        CRC32C c = new CRC32C();
        c.update(m.asSlice(at, 4).asByteBuffer());
        c.update(m.asSlice(at + 16, 4L * pieces).asByteBuffer());
        return STAMP ^ (((long) m.get(INT, at) << 32) | c.getValue());
    }

    /// Returns true when every block of bytes `[offset, offset + length)` has a stamped slot
    /// (the blocks themselves are checked when read): reading the slot table only.
    boolean stamped(long offset, long length) {
        for (long k = offset / blockSize; k <= (offset + length - 1) / blockSize; k++) {
            long at = slots + (long) slot * k;
            if (!isChecked((int) k * pieces) && map.get(LONG, at + 8) != stamp(map, at, pieces)) {
                return false;
            }
        }
        return true;
    }

    /// Returns bytes `[offset, offset + length)` of the object as a slice of the mapping when
    /// every block they touch is present, else null.
    MemorySegment slice(long offset, long length) {
        long end = offset + length;
        for (long k = offset / blockSize; k <= (end - 1) / blockSize; k++) {
            long start = k * blockSize;
            if (!has(k, Math.max(offset, start) - start, Math.min(end, start + blockSize) - start)) {
                return null;
            }
        }
        return map.asSlice(offset, length);
    }

    /// Copies bytes `[from, from + n)` of block `k` to `dst` at `at`; false when the block is
    /// missing.
    boolean copy(long k, long from, MemorySegment dst, long at, long n) {
        if (!has(k, from, from + n)) {
            return false;
        }
        MemorySegment.copy(map, k * blockSize + from, dst, at, n);
        return true;
    }

    /// Writes blocks `first, first + 1, ...` (`run` holds them back to back, the last one
    /// possibly the object's short last block): the bytes, then their slots. Returns the bytes
    /// written (0 when the file was replaced or the disk refuses). The cache's bound is checked
    /// by the caller ([BlockCache#write]).
    long write(long first, MemorySegment run) {
        int n = (int) ((run.byteSize() + blockSize - 1) / blockSize);
        MemorySegment table = MemorySegment.ofArray(new byte[slot * n]);
        for (int i = 0; i < n; i++) {
            MemorySegment b =
                    run.asSlice((long) i * blockSize, Math.min(blockSize, run.byteSize() - (long) i * blockSize));
            long at = (long) slot * i;
            table.set(INT, at, (int) b.byteSize());
            for (int p = 0; (long) p * piece < b.byteSize(); p++) {
                CRC32C c = new CRC32C();
                c.update(b.asSlice((long) p * piece, Math.min(piece, b.byteSize() - (long) p * piece))
                        .asByteBuffer());
                table.set(INT, at + 16 + 4L * p, (int) c.getValue());
            }
            table.set(LONG, at + 8, stamp(table, at, pieces));
        }
        ByteBuffer slotBytes = table.asByteBuffer();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            if (!fileKey.equals(
                    Files.readAttributes(path, BasicFileAttributes.class).fileKey())) {
                closedForWrites = true; // replaced meanwhile: this mapping is no longer the cache's
                return 0;
            }
            ByteBuffer body = run.asByteBuffer();
            long at = first * blockSize;
            while (body.hasRemaining()) {
                ch.write(body, at + body.position());
            }
            long slotAt = slots + (long) slot * first;
            while (slotBytes.hasRemaining()) {
                ch.write(slotBytes, slotAt + slotBytes.position());
            }
            return run.byteSize();
        } catch (IOException e) {
            // A cache that cannot write is only slower; a partly written block fails its check.
            return 0;
        }
    }

    /// Marks the file recently used (its modification time) when that is older than a minute.
    void touch() {
        try {
            long now = System.currentTimeMillis();
            if (now - Files.getLastModifiedTime(path).toMillis() > 60_000) {
                Files.setLastModifiedTime(path, FileTime.fromMillis(now));
            }
        } catch (IOException e) {
            // Only the eviction order suffers.
        }
    }

    /// Returns the bytes the object file at `path` holds on disk (its stamped blocks, its slot
    /// table and header), reading only its header and slot table; 0 when it cannot be read.
    static long usage(Path path) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            if (fileSize < HEADER) {
                return 0;
            }
            ByteBuffer h = readFully(ch, fileSize - HEADER, HEADER);
            byte[] magic = new byte[MAGIC.length];
            h.get(magic);
            long size = h.getLong();
            long bs = h.getLong();
            long count = h.getLong();
            long pieceBytes = h.getLong();
            if (!java.util.Arrays.equals(magic, MAGIC)
                    || size < 0
                    || bs < 4096
                    || bs > Integer.MAX_VALUE
                    || count != blockCount(size, (int) bs)
                    || pieceBytes != pieceSize((int) bs)
                    || fileLength(size, (int) bs) != fileSize) {
                return fileSize; // not a whole object file of this format: count all of it
            }
            int slotBytes = slotSize((int) bs);
            MemorySegment t = MemorySegment.ofBuffer(readFully(ch, tableAt(size), (int) (slotBytes * count)));
            long total = HEADER + slotBytes * count;
            for (long at = 0; at + slotBytes <= t.byteSize(); at += slotBytes) {
                if (t.get(LONG, at + 8) == stamp(t, at, piecesPerBlock((int) bs))) {
                    total += t.get(INT, at);
                }
            }
            return total;
        } catch (IOException e) {
            return 0;
        }
    }

    private static ByteBuffer readFully(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && ch.read(b, at + b.position()) >= 0) {
            // read all of it
        }
        return b.flip();
    }

    static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Another process may hold or have replaced it.
        }
    }
}
