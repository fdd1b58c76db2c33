package dev.jvortex.file.io;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/// Live counters of the reads over one [ReadSource]: updated by the source (requests, retries),
/// its cache (hits) and the reader (bytes used). [#snapshot()] gives a consistent-enough copy.
public final class ReadCounters {
    private final LongAdder requests = new LongAdder();
    private final LongAdder bytesRequested = new LongAdder();
    private final LongAdder bytesUsed = new LongAdder();
    private final LongAdder cacheHits = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder hedged = new LongAdder();
    private final AtomicLong held = new AtomicLong();

    /// Counts one request (a hedge or a retry counts too) for `bytes` bytes.
    public void request(long bytes) {
        requests.increment();
        bytesRequested.add(bytes);
    }

    /// Counts `bytes` of segments handed to the decoders.
    public void used(long bytes) {
        bytesUsed.add(bytes);
    }

    /// Counts `blocks` cache hits (blocks or ranges served without a request).
    public void cacheHits(long blocks) {
        cacheHits.add(blocks);
    }

    /// Counts one retry after a failed attempt.
    public void retry() {
        retries.increment();
    }

    /// Counts one hedged (duplicate) request sent for a straggler.
    public void hedge() {
        hedged.increment();
    }

    /// Adds `bytes` (negative when released) to the native memory held for fetched ranges.
    public void hold(long bytes) {
        held.addAndGet(bytes);
    }

    /// Returns the bytes of fetched ranges held now (0 once every scan over the source closed).
    public long held() {
        return held.get();
    }

    /// Returns the counts so far.
    public ReadStatistics snapshot() {
        return new ReadStatistics(
                requests.sum(), bytesRequested.sum(), bytesUsed.sum(), cacheHits.sum(), retries.sum(), hedged.sum());
    }
}
