package dev.jvortex.file.io;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/// Where a file's bytes come from: a local file (memory-mapped), memory, or a remote object read
/// by ranges (the `jvortex-remote` module gives HTTP(S) and S3 sources).
///
/// [dev.jvortex.file.VortexFile#open(ReadSource)] reads the tail with [#readTail(long)] (one
/// request for a remote source: the size comes with it), then the segments a scan needs, planned
/// per split and coalesced into ranges (see [FetchOptions]). Implementations are safe for
/// concurrent use. A failed read throws a [dev.jvortex.core.VortexException] of kind `IO` naming
/// the source and the range, after whatever retries the source makes.
public interface ReadSource extends AutoCloseable {
    /// Returns the name used in messages (a path or a URL without credentials).
    String name();

    /// Returns the size in bytes (for a remote source, possibly a request on first call).
    long size();

    /// Reads `length` bytes at `offset` (inside the source) into a segment of exactly that size.
    /// The segment stays valid as long as it is reachable (or, for a mapped file, until close).
    MemorySegment read(long offset, long length);

    /// Reads `length` bytes at `offset` into memory allocated from `arena` (which the caller
    /// closes when done: no native memory is left to the garbage collector), or returns memory
    /// that stays valid as long as it is reachable (a slice of a cached mapping, which needs no
    /// arena). A source may
    /// allocate more than once from `arena` (a retried or hedged request); `arena` must accept
    /// allocations from any thread.
    default MemorySegment read(long offset, long length, Arena arena) {
        MemorySegment bytes = read(offset, length);
        MemorySegment out = arena.allocate(Math.max(1, length), 16).asSlice(0, length);
        MemorySegment.copy(bytes, 0, out, 0, length);
        return out;
    }

    /// Returns bytes `[offset, offset + length)` when they are at hand without a request and
    /// without allocating (a slice of a mapped local cache, valid as long as it is reachable),
    /// else null: the reader then takes them synchronously instead of fetching them. Null by
    /// default.
    default MemorySegment readCached(long offset, long length) {
        return null;
    }

    /// Reads the last `length` bytes (all of them when the source is shorter) and the size: one
    /// request for a remote source.
    default Tail readTail(long length) {
        long size = size();
        long n = Math.min(size, Math.max(0, length));
        return new Tail(size, read(size - n, n));
    }

    /// Returns the whole content when it is already in memory (a mapped local file): segments
    /// are then slices of it and nothing is fetched or planned. Null for a remote source.
    default MemorySegment mapping() {
        return null;
    }

    /// Returns true when bytes `[offset, offset + length)` can be read now without a request
    /// (a remote object's bytes in a local cache; [#readCached] checks them when read): a scan
    /// whose segments are all cached splits as a local file does. False by default.
    default boolean isCached(long offset, long length) {
        return false;
    }

    /// Returns the counters this source and the reads planned over it update.
    ReadCounters counters();

    /// Returns how reads over this source are planned (gap merging, range cap, concurrency).
    default FetchOptions fetchOptions() {
        return FetchOptions.DEFAULT;
    }

    /// Releases the source (unmaps a local file; a remote source drops its connections).
    @Override
    void close();

    /// Opens a local file, memory-mapped.
    static ReadSource of(Path path) {
        return LocalReadSource.open(path);
    }

    /// The end of a source and its size.
    ///
    /// @param size the source's size in bytes
    /// @param bytes its last `bytes.byteSize()` bytes
    record Tail(long size, MemorySegment bytes) {}
}
