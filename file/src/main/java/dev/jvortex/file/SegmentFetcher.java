package dev.jvortex.file;

import dev.jvortex.core.VortexException;
import dev.jvortex.file.io.FetchOptions;
import dev.jvortex.file.io.RangePlanner;
import dev.jvortex.file.io.ReadSource;
import dev.jvortex.file.layout.Shared;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/// Fetches the segments of a file over a remote [ReadSource]: a window of segments is planned
/// into coalesced ranges ([RangePlanner]) fetched concurrently (at most
/// [FetchOptions#concurrency()] requests in flight), and kept until every window that asked for
/// them is released. A segment nobody planned is read on its own when asked for.
///
/// Each range is read into its own shared arena, reference-counted ([Shared]): the windows that
/// planned it, the read in flight, and every decoder handed one of its segments (through
/// [#segment(int, Consumer)]) hold it; the last release frees the native memory at once, so a
/// scan's memory does not wait for the garbage collector. [ReadCounters#held()] counts it.
/// A range the source has at hand ([ReadSource#readCached(long, long)], a slice of a mapped
/// local cache) is taken at once on the planning thread, with no request, arena or hand-off.
final class SegmentFetcher {
    /// Fetches block on I/O, so they run on virtual threads; the semaphore bounds them per file.
    private static final ExecutorService IO = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("jvortex-fetch-", 0).factory());
    /// The longest a reader waits for one segment; the source's own timeouts end a request sooner.
    private static final long WAIT_MINUTES = 10;

    private final ReadSource source;
    private final FetchOptions options;
    private final long[] offsets;
    private final long[] lengths;
    private final Semaphore permits;
    private final Map<Integer, Entry> entries = new HashMap<>();

    private static final class Entry {
        final CompletableFuture<MemorySegment> bytes;
        final Shared range;
        int refs;

        Entry(CompletableFuture<MemorySegment> bytes, Shared range) {
            this.bytes = bytes;
            this.range = range;
        }
    }

    SegmentFetcher(ReadSource source, long[] offsets, long[] lengths) {
        this.source = source;
        this.options = source.fetchOptions();
        this.offsets = offsets;
        this.lengths = lengths;
        this.permits = new Semaphore(options.concurrency());
    }

    FetchOptions options() {
        return options;
    }

    /// Returns true when every segment of `ids` can be read now without a request
    /// ([ReadSource#isCached]).
    boolean allCached(java.util.BitSet ids) {
        for (int id = ids.nextSetBit(0); id >= 0; id = ids.nextSetBit(id + 1)) {
            if (!source.isCached(offsets[id], lengths[id])) {
                return false;
            }
        }
        return true;
    }

    /// Starts fetching segments `ids` (those not fetched or in flight already) and returns the
    /// window that keeps them; release it when they are no longer needed.
    synchronized Window fetch(int[] ids) {
        List<Integer> fresh = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        for (int id : ids) {
            Entry e = entries.get(id);
            if (e != null) {
                if (!kept.contains(id)) {
                    e.refs++;
                    kept.add(id);
                }
            } else if (!fresh.contains(id)) {
                fresh.add(id);
            }
        }
        int[] plan = fresh.stream().mapToInt(Integer::intValue).toArray();
        for (RangePlanner.Range r :
                RangePlanner.plan(plan, offsets, lengths, options.gapBytes(), options.maxRangeBytes())) {
            MemorySegment cached = source.readCached(r.offset(), r.length());
            if (cached != null) {
                // At hand (a mapped local cache): no request, no memory to hold or release.
                for (int id : r.ids()) {
                    Entry e = new Entry(
                            CompletableFuture.completedFuture(cached.asSlice(offsets[id] - r.offset(), lengths[id])),
                            null);
                    e.refs = 1;
                    entries.put(id, e);
                    kept.add(id);
                }
                continue;
            }
            Shared memory = newRange(r.length());
            // The read holds the arena until it is done (the windows may let go sooner).
            memory.retain();
            CompletableFuture<MemorySegment> range = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return readBounded(r.offset(), r.length(), memory.arena());
                        } finally {
                            memory.release();
                        }
                    },
                    IO);
            for (int id : r.ids()) {
                long at = offsets[id] - r.offset();
                long len = lengths[id];
                Entry e = new Entry(range.thenApply(all -> all.asSlice(at, len)), memory.retain());
                e.refs = 1;
                entries.put(id, e);
                kept.add(id);
            }
            memory.release();
        }
        return new Window(kept.stream().mapToInt(Integer::intValue).toArray());
    }

    /// A new arena for a fetched range of `length` bytes, counted as held until it closes.
    private Shared newRange(long length) {
        Shared memory = new Shared(true);
        source.counters().hold(length);
        memory.onClose(() -> source.counters().hold(-length));
        return memory;
    }

    private MemorySegment readBounded(long offset, long length, Arena arena) {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VortexException(VortexException.Kind.IO, source.name() + ": fetch interrupted", e);
        }
        try {
            return source.read(offset, length, arena);
        } finally {
            permits.release();
        }
    }

    /// Returns segment `id` and hands one reference to the memory holding it to `keeper`: from
    /// its window when one fetched it, else read now.
    MemorySegment segment(int id, Consumer<Shared> keeper) {
        Entry e;
        synchronized (this) {
            e = entries.get(id);
            if (e != null && e.range != null) {
                e.range.retain();
            }
        }
        if (e == null) {
            MemorySegment cached = source.readCached(offsets[id], lengths[id]);
            if (cached != null) {
                return cached;
            }
            Shared memory = newRange(lengths[id]);
            try {
                MemorySegment bytes = readBounded(offsets[id], lengths[id], memory.arena());
                keeper.accept(memory);
                return bytes;
            } catch (RuntimeException ex) {
                memory.release();
                throw ex;
            }
        }
        if (e.range == null) {
            return await(e, id); // a slice of a mapped cache: nothing to hand over
        }
        boolean handed = false;
        try {
            MemorySegment bytes = await(e, id);
            keeper.accept(e.range);
            handed = true;
            return bytes;
        } finally {
            if (!handed) {
                e.range.release();
            }
        }
    }

    private MemorySegment await(Entry e, int id) {
        try {
            return e.bytes.get(WAIT_MINUTES, TimeUnit.MINUTES);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new VortexException(
                    VortexException.Kind.IO, source.name() + ": interrupted reading segment " + id, ex);
        } catch (TimeoutException ex) {
            throw new VortexException(
                    VortexException.Kind.IO,
                    source.name() + ": segment " + id + " [" + offsets[id] + ", +" + lengths[id]
                            + ") not fetched within " + WAIT_MINUTES + " minutes",
                    ex);
        } catch (ExecutionException ex) {
            Throwable cause = ex.getCause();
            if (cause instanceof VortexException v) {
                throw new VortexException(v.kind(), v.getMessage(), v);
            }
            throw new VortexException(
                    VortexException.Kind.IO,
                    source.name() + ": segment " + id + " [" + offsets[id] + ", +" + lengths[id] + "): " + cause,
                    cause);
        }
    }

    private synchronized void release(int[] ids) {
        for (int id : ids) {
            Entry e = entries.get(id);
            if (e != null && --e.refs <= 0) {
                entries.remove(id);
                if (e.range != null) {
                    e.range.release();
                }
            }
        }
    }

    /// Segments fetched together, kept until [#close()].
    final class Window implements AutoCloseable {
        private int[] ids;

        private Window(int[] ids) {
            this.ids = ids;
        }

        @Override
        public void close() {
            if (ids != null) {
                release(ids);
                ids = null;
            }
        }
    }
}
