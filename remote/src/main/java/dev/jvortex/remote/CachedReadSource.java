package dev.jvortex.remote;

import dev.jvortex.file.io.FetchOptions;
import dev.jvortex.file.io.ReadCounters;
import dev.jvortex.file.io.ReadSource;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// A remote source read through a [BlockCache]: a range is served from cached blocks, and the
/// missing blocks are fetched in runs (one request per run of adjacent missing blocks) and
/// cached. The tail read at open always goes to the server: it gives the size and ETag that
/// name the object's blocks, so a changed object never reads old blocks.
public final class CachedReadSource implements ReadSource {
    private final HttpReadSource inner;
    private final BlockCache cache;
    private volatile String object;
    private volatile long size = -1;

    /// Reads `inner` through `cache`.
    public CachedReadSource(HttpReadSource inner, BlockCache cache) {
        this.inner = inner;
        this.cache = cache;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public long size() {
        if (size < 0) {
            readTail(1);
        }
        return size;
    }

    @Override
    public Tail readTail(long length) {
        Tail t = inner.readTail(length);
        size = t.size();
        object = inner.name() + "|" + t.size() + "|" + inner.etag();
        return t;
    }

    @Override
    public MemorySegment read(long offset, long length) {
        if (length == 0) {
            return MemorySegment.NULL;
        }
        long total = size();
        int bs = cache.blockSize();
        long first = offset / bs;
        long last = (offset + length - 1) / bs;
        MemorySegment[] blocks = new MemorySegment[(int) (last - first + 1)];
        long hits = 0;
        for (long b = first; b <= last; b++) {
            blocks[(int) (b - first)] = cache.get(object, b, blockLength(b, total, bs));
            hits += blocks[(int) (b - first)] != null ? 1 : 0;
        }
        inner.counters().cacheHits(hits);
        // Fetch each run of missing blocks with one request.
        for (long b = first; b <= last; ) {
            if (blocks[(int) (b - first)] != null) {
                b++;
                continue;
            }
            long runEnd = b;
            while (runEnd + 1 <= last && blocks[(int) (runEnd + 1 - first)] == null) {
                runEnd++;
            }
            long from = b * bs;
            long to = Math.min(total, (runEnd + 1) * bs);
            MemorySegment run = inner.read(from, to - from);
            for (long k = b; k <= runEnd; k++) {
                long at = (k - b) * bs;
                MemorySegment block = run.asSlice(at, Math.min(bs, to - from - at));
                cache.put(object, k, block);
                blocks[(int) (k - first)] = block;
            }
            b = runEnd + 1;
        }
        long skip = offset - first * bs;
        if (blocks.length == 1) {
            return blocks[0].asSlice(skip, length);
        }
        MemorySegment out = Arena.ofAuto().allocate(length, 16);
        long pos = 0;
        for (int i = 0; i < blocks.length && pos < length; i++) {
            long from = i == 0 ? skip : 0;
            long n = Math.min(blocks[i].byteSize() - from, length - pos);
            MemorySegment.copy(blocks[i], from, out, pos, n);
            pos += n;
        }
        return out;
    }

    private static long blockLength(long block, long total, int bs) {
        return Math.min(bs, total - block * bs);
    }

    @Override
    public ReadCounters counters() {
        return inner.counters();
    }

    @Override
    public FetchOptions fetchOptions() {
        FetchOptions f = inner.fetchOptions();
        // Reads are whole blocks anyway: merging gaps shorter than a block costs nothing more.
        return f.gapBytes() < cache.blockSize() ? f.withGap(cache.blockSize()) : f;
    }

    @Override
    public void close() {
        inner.close();
    }
}
