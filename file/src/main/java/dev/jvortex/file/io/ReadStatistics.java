package dev.jvortex.file.io;

/// What reading a file cost so far (see [ReadCounters]).
///
/// @param requests requests sent (including retries and hedges)
/// @param bytesRequested bytes asked for by those requests
/// @param bytesUsed bytes of segments the decoders used (the rest of the requested bytes are
///     merged gaps, the tail read and cache-block padding)
/// @param cacheHits cache blocks served without a request
/// @param retries attempts repeated after a failure
/// @param hedged duplicate requests sent for stragglers
public record ReadStatistics(
        long requests, long bytesRequested, long bytesUsed, long cacheHits, long retries, long hedged) {
    /// Returns the counts since `earlier`.
    public ReadStatistics minus(ReadStatistics earlier) {
        return new ReadStatistics(
                requests - earlier.requests,
                bytesRequested - earlier.bytesRequested,
                bytesUsed - earlier.bytesUsed,
                cacheHits - earlier.cacheHits,
                retries - earlier.retries,
                hedged - earlier.hedged);
    }

    @Override
    public String toString() {
        return requests + " requests, " + bytesRequested + " bytes requested, " + bytesUsed + " bytes used, "
                + cacheHits + " cache hits, " + retries + " retries, " + hedged + " hedged";
    }
}
