package dev.jvortex.remote;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.io.FetchOptions;
import dev.jvortex.file.io.ReadCounters;
import dev.jvortex.file.io.ReadSource;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/// A remote source read through a [BlockCache]: a range is served from cached blocks, and the
/// missing blocks are fetched in runs (one request per run of adjacent missing blocks, never
/// split at block boundaries) and cached.
///
/// The object's size and `ETag` name its blocks, so blocks of another version are never read.
/// The first open asks the server for the tail and caches it with that version. A later open
/// ([RemoteOptions#tailCheck()]): `BLOCKING` asks the server again before returning;
/// `CONCURRENT` (the default) returns the cached tail at once and asks concurrently; within
/// [RemoteOptions#freshness()] of the last confirmation it does not ask at all. In every mode the
/// source is pinned to the cached version: a block fetched from the server must come from it
/// (its answer's size and `ETag`), and once the server reports another version every later read
/// fails with a [VortexException] of kind `IO`. A reader therefore sees one version, never a mix.
public final class CachedReadSource implements ReadSource {
    private final HttpReadSource inner;
    private final BlockCache cache;
    private final String url;
    private volatile String object;
    private volatile long size = -1;
    /// The disk tier's file of the pinned version, or null (no disk tier, or it cannot hold it).
    private volatile DiskObject disk;
    /// The concurrent check of a cached tail, or null when none runs.
    private volatile CompletableFuture<Void> check;
    /// Why reads fail: the server reported another version (or could not be asked).
    private volatile VortexException stale;

    /// Reads `inner` through `cache`.
    public CachedReadSource(HttpReadSource inner, BlockCache cache) {
        this.inner = inner;
        this.cache = cache;
        this.url = HttpReadSource.displayName(inner.uri());
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
        RemoteOptions options = inner.options();
        BlockCache.CachedTail cached = cache.tail(url);
        if (cached != null && cached.bytes().length >= Math.min(length, cached.size())) {
            long age = System.currentTimeMillis() - cached.validatedMillis();
            boolean fresh = age >= 0 && age <= options.freshness().toMillis();
            if (fresh || options.tailCheck() == RemoteOptions.TailCheck.CONCURRENT) {
                inner.pin(cached.size(), cached.etag());
                size = cached.size();
                object = objectKey(cached.size(), cached.etag());
                disk = cache.disk(object, size);
                if (!fresh) {
                    check = confirmation(cached).thenAccept(failure -> {
                        if (failure != null) {
                            stale = new VortexException(
                                    failure.kind(),
                                    name() + ": the cached version (" + cached.size() + " bytes, ETag "
                                            + cached.etag() + ") could not be confirmed, so this file's reads"
                                            + " stop here: " + failure.getMessage(),
                                    failure);
                        }
                    });
                }
                byte[] b = cached.bytes();
                int n = (int) Math.min(b.length, Math.max(0, length));
                MemorySegment tail = Arena.ofAuto().allocate(Math.max(1, n), 16).asSlice(0, n);
                MemorySegment.copy(b, b.length - n, tail, ValueLayout.JAVA_BYTE, 0, n);
                return new Tail(cached.size(), tail);
            }
        }
        // No usable cached tail, or a blocking check: the server's answer pins the version (a
        // changed object has a new size or ETag, so its blocks are new keys).
        Tail t = inner.readTail(length);
        size = t.size();
        object = objectKey(t.size(), inner.etag());
        disk = cache.disk(object, size);
        byte[] keep = t.bytes().toArray(ValueLayout.JAVA_BYTE);
        cache.putTail(url, new BlockCache.CachedTail(t.size(), inner.etag(), System.currentTimeMillis(), keep));
        return t;
    }

    private String objectKey(long objectSize, String etag) {
        return inner.name() + "|" + objectSize + "|" + etag;
    }

    /// The version checks in flight in this process, by cache folder (or memory-only cache),
    /// URL and cached version: opens of one object while its check runs share that check.
    private static final ConcurrentHashMap<String, CompletableFuture<VortexException>> CHECKS =
            new ConcurrentHashMap<>();

    /// Returns the check of `cached` against the server (null: confirmed; else why not), joining
    /// the one in flight for the same object and version in this process, if any. The check runs
    /// on a virtual thread and never blocks the open.
    private CompletableFuture<VortexException> confirmation(BlockCache.CachedTail cached) {
        String key = (cache.dir() == null
                        ? "memory@" + System.identityHashCode(cache)
                        : cache.dir().toAbsolutePath().toString())
                + "|" + url + "|" + cached.size() + "|" + cached.etag();
        CompletableFuture<VortexException> mine = new CompletableFuture<>();
        CompletableFuture<VortexException> running = CHECKS.putIfAbsent(key, mine);
        if (running != null) {
            return running;
        }
        Thread.startVirtualThread(() -> {
            VortexException failure = confirm(cached);
            CHECKS.remove(key, mine);
            mine.complete(failure);
        });
        return mine;
    }

    /// Asks the server for the object's version and records the answer; returns null when it
    /// is the cached one, else why not. A `HEAD` request asks (no body: the cheapest answer an
    /// S3 server gives); when it cannot tell, or reports another version, a one-byte ranged read
    /// of the pinned version decides (it fails when the object changed).
    private VortexException confirm(BlockCache.CachedTail cached) {
        try {
            HttpReadSource.Version v = inner.head();
            boolean same = v != null
                    && v.size() == cached.size()
                    && (cached.etag() == null || cached.etag().equals(v.etag()));
            if (!same) {
                inner.readTail(1);
            }
            // The confirmation's time matters to opens with a freshness window only: without one,
            // the tail file is not rewritten (64 KiB written and renamed while the query runs).
            cache.putTail(
                    url,
                    new BlockCache.CachedTail(cached.size(), cached.etag(), System.currentTimeMillis(), cached.bytes()),
                    inner.options().freshness().isPositive());
            return null;
        } catch (VortexException e) {
            cache.dropTail(url);
            return e;
        } catch (RuntimeException e) {
            cache.dropTail(url);
            return new VortexException(VortexException.Kind.IO, name() + ": checking the version failed: " + e, e);
        }
    }

    /// Waits for the concurrent check of a cached tail, if one runs, and throws its failure:
    /// after this returns, everything read so far is of the version the server holds now (or
    /// held when it answered).
    public void awaitConfirmation() {
        CompletableFuture<Void> c = check;
        if (c != null) {
            c.join();
        }
        failIfStale();
    }

    /// Returns true when no check of a cached tail is pending (none was needed, or it answered).
    boolean confirmed() {
        CompletableFuture<Void> c = check;
        return c == null || c.isDone();
    }

    private void failIfStale() {
        VortexException e = stale;
        if (e != null) {
            throw new VortexException(e.kind(), e.getMessage(), e);
        }
    }

    @Override
    public MemorySegment read(long offset, long length) {
        return read(offset, length, null);
    }

    /// Reads a range: when the disk tier holds all its blocks, a slice of the object's mapped
    /// cache file (valid while reachable, like a local file's segments; nothing is allocated from
    /// `arena`); otherwise into memory from `arena` (null: memory the garbage collector frees):
    /// cached blocks are copied in, and each run of adjacent missing blocks is one request, whose
    /// blocks are all cached.
    @Override
    public MemorySegment read(long offset, long length, Arena arena) {
        failIfStale();
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
        DiskObject d = disk;
        if (d != null) {
            MemorySegment mapped = d.slice(offset, length);
            if (mapped != null) {
                inner.counters().cacheHits(last - first + 1);
                failIfStale();
                return mapped;
            }
        }
        MemorySegment out = (arena == null ? Arena.ofAuto() : arena)
                .allocate(Math.max(1, length), 16)
                .asSlice(0, length);
        boolean[] have = new boolean[(int) (last - first + 1)];
        long hits = 0;
        for (long b = first; b <= last; b++) {
            long start = b * bs;
            long from = Math.max(offset, start);
            long to = Math.min(end, start + blockLength(b, total, bs));
            boolean hit = d != null
                    ? d.copy(b, from - start, out, from - offset, to - from)
                    : cache.copyTo(object, b, from - start, out, from - offset, to - from);
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
            fetchRun(d, b, runEnd, total, bs, offset, out);
            b = runEnd + 1;
        }
        failIfStale();
        return out;
    }

    /// Fetches blocks `from..to` (one request), caches them (on disk in `d` when not null, else
    /// in memory) and copies what `out` (the bytes from `offset`) wants of them.
    private void fetchRun(DiskObject d, long from, long to, long total, int bs, long offset, MemorySegment out) {
        long start = from * bs;
        long stop = Math.min(total, (to + 1) * bs);
        try (Arena scratch = Arena.ofShared()) {
            MemorySegment run = inner.read(start, stop - start, scratch);
            if (d != null) {
                cache.write(d, from, run);
            } else {
                for (long k = from; k <= to; k++) {
                    long at = (k - from) * bs;
                    cache.put(object, k, run.asSlice(at, Math.min(bs, stop - start - at)));
                }
            }
            long lo = Math.max(start, offset);
            long hi = Math.min(stop, offset + out.byteSize());
            MemorySegment.copy(run, lo - start, out, lo - offset, hi - lo);
        }
    }

    private static long blockLength(long block, long total, int bs) {
        return Math.min(bs, total - block * bs);
    }

    /// Returns the range as a slice of the disk tier's mapping when all its blocks are there
    /// (checked), else null.
    @Override
    public MemorySegment readCached(long offset, long length) {
        failIfStale();
        DiskObject d = disk;
        if (d == null || length <= 0 || offset < 0 || offset > size - length) {
            return null;
        }
        MemorySegment mapped = d.slice(offset, length);
        if (mapped != null) {
            int bs = cache.blockSize();
            inner.counters().cacheHits((offset + length - 1) / bs - offset / bs + 1);
        }
        return mapped;
    }

    /// True when the disk tier holds every block of the range (their slots; the bytes are
    /// checked when read).
    @Override
    public boolean isCached(long offset, long length) {
        DiskObject d = disk;
        return d != null && length > 0 && offset >= 0 && offset <= size - length && d.stamped(offset, length);
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
