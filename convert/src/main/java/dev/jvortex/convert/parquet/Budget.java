package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;

/// Bounds the memory one row group may decode to, so that a corrupt header declaring billions
/// of values fails with a [VortexException] rather than exhausting the heap.
final class Budget {
    private final long limit;
    private long used;

    Budget(long limit) {
        this.limit = limit;
    }

    /// The default: half the maximum heap.
    static Budget forRowGroup() {
        return new Budget(Math.max(64L << 20, Runtime.getRuntime().maxMemory() / 2));
    }

    /// Accounts for `bytes` more bytes, failing when the total passes the limit. Column chunks
    /// of one row group are decoded in parallel and share their budget, hence the lock.
    synchronized void charge(long bytes, String where) {
        used += bytes;
        if (bytes < 0 || used > limit) {
            throw VortexException.unsupported(where + ": the row group decodes to more than " + limit
                    + " bytes (corrupt sizes, or a row group too large for this heap)");
        }
    }

    /// Returns a capacity for an array that must hold `needed` elements, grown geometrically.
    static int grow(int current, long needed, String where) {
        if (needed > Integer.MAX_VALUE - 16) {
            throw VortexException.unsupported(where + ": more than 2^31 values in one column chunk");
        }
        long c = Math.max(needed, Math.min((long) Integer.MAX_VALUE - 16, Math.max(16L, current + (current >> 1))));
        return (int) c;
    }
}
