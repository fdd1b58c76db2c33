package dev.jvortex.remote;

import dev.jvortex.file.io.FetchOptions;
import dev.jvortex.file.io.ReadCounters;
import dev.jvortex.file.io.ReadSource;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// A remote source read through a [BlockCache]: a range is served from cached blocks, and the
/// missing blocks are fetched in runs (one request per run of adjacent missing blocks, never
/// split at block boundaries) and cached. The tail read at open always goes to the server: it gives the size and ETag
/// that
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
        return read(offset, length, null);
    }

    /// Reads into memory from `arena` (null: memory the garbage collector frees): cached blocks
    /// are copied in (a disk block wholly wanted is read straight into place), and each run of
    /// adjacent missing blocks is one request, whose blocks are all cached.
    @Override
    public MemorySegment read(long offset, long length, Arena arena) {
        if (length == 0) {
            return MemorySegment.NULL;
        }
        long total = size();
        if (offset < 0 || length < 0 || offset > total - length) {
            return inner.read(offset, length, arena); // the inner source reports the bad range
        }
        int bs = cache.blockSize();
        long end = offset + length;
        long first = offset / bs;
        long last = (end - 1) / bs;
        MemorySegment out = (arena == null ? Arena.ofAuto() : arena)
                .allocate(Math.max(1, length), 16)
                .asSlice(0, length);
        boolean[] have = new boolean[(int) (last - first + 1)];
        long hits = 0;
        for (long b = first; b <= last; b++) {
            long start = b * bs;
            long from = Math.max(offset, start);
            long to = Math.min(end, start + blockLength(b, total, bs));
            boolean hit =
                    cache.copyTo(object, b, blockLength(b, total, bs), from - start, out, from - offset, to - from);
            have[(int) (b - first)] = hit;
            hits += hit ? 1 : 0;
        }
        inner.counters().cacheHits(hits);
        for (long b = first; b <= last; ) {
            if (have[(int) (b - first)]) {
                b++;
                continue;
            }
            long runEnd = b;
            while (runEnd + 1 <= last && !have[(int) (runEnd + 1 - first)]) {
                runEnd++;
            }
            fetchRun(b, runEnd, total, bs, offset, out);
            b = runEnd + 1;
        }
        return out;
    }

    /// Fetches blocks `from..to` (one request), caches them and copies what `out` (the bytes
    /// from `offset`) wants of them.
    private void fetchRun(long from, long to, long total, int bs, long offset, MemorySegment out) {
        long start = from * bs;
        long stop = Math.min(total, (to + 1) * bs);
        try (Arena scratch = Arena.ofShared()) {
            MemorySegment run = inner.read(start, stop - start, scratch);
            for (long k = from; k <= to; k++) {
                long at = (k - from) * bs;
                cache.put(object, k, run.asSlice(at, Math.min(bs, stop - start - at)));
            }
            long lo = Math.max(start, offset);
            long hi = Math.min(stop, offset + out.byteSize());
            MemorySegment.copy(run, lo - start, out, lo - offset, hi - lo);
        }
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
